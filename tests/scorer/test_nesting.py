"""too_deep_place: the path to nesting too deep, read from JSON text Python cannot parse."""

import gc

from scorer import check
from scorer.gc_pause import paused_cycle_collection
from scorer.nesting import too_deep_place


def test_brackets_commas_and_quotes_inside_strings_are_text_not_structure():
    text = '{"a\\"[": "]}, [", "list": ["x,", "{", [0, "\\\\", [[], [{"deep": [[1]]}]]]]}'
    assert too_deep_place(text, 5) == ("list", 2, 2, 1, 0)
    assert too_deep_place(text, 6) == ("list", 2, 2, 1, 0, "deep")
    assert too_deep_place(text, 8) is None


def test_text_cut_short_has_no_deep_place():
    assert too_deep_place('[[["unterminated', 5) is None
    assert too_deep_place("]]]}}", 1) is None


def test_checking_leaves_the_cycle_collector_as_it_found_it():
    check({"version": 1, "game": "fossil", "players": ["Ann", "Bob"], "log": []})
    check({"version": 1, "game": "fossil", "players": [], "log": [{"move": 3}]})
    assert gc.isenabled()
    gc.disable()
    try:
        with paused_cycle_collection():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
