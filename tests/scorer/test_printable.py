"""printable() and json_text(): what a file supplies is shown, never obeyed."""

import json

import pytest

from scorer.printable import ECHO_LIMIT, json_pieces, json_text, printable


@pytest.mark.parametrize(("text", "shown"), [
    ("Ann", "Ann"),
    ("Zoë Ñúñez 李", "Zoë Ñúñez 李"),
    ("👩‍👩‍👧", "👩‍👩‍👧"),  # emoji joined by ZWJ stay as they are
    ("Ann\u00a0Bo", "Ann\u00a0Bo"),  # a no-break space acts as nothing but a space
    ("a\nb\tc\rd", "a\\x0ab\\x09c\\x0dd"),
    ("\x1b[2J", "\\x1b[2J"),
    ("\x00\x7f", "\\x00\\x7f"),
    ("\x85\x9b", "\\x85\\x9b"),  # C1: NEL, CSI
    ("\u202eevil\u202c", "\\u202eevil\\u202c"),
    ("\u2066x\u2069\u200f\u061c", "\\u2066x\\u2069\\u200f\\u061c"),
    ("a\u2028b\u2029", "a\\u2028b\\u2029"),
    ("Bob\ud800", "Bob\\ud800"),
])
def test_acting_characters_are_escaped_visibly_and_nothing_else(text, shown):
    assert printable(text) == shown


def test_echoed_values_are_cut_with_an_ellipsis_never_more_than_the_limit():
    assert printable("x" * ECHO_LIMIT) == "x" * ECHO_LIMIT
    assert printable("x" * (ECHO_LIMIT + 1)) == "x" * (ECHO_LIMIT - 1) + "…"
    assert printable("x" * 10_000_000) == "x" * (ECHO_LIMIT - 1) + "…"
    assert printable("\n" * 30) == "\\x0a" * 19 + "…"  # escapes count, and stay whole
    assert printable("\x1b" * 1000, limit=10) == "\\x1b\\x1b…"
    assert printable("x\n" * 100, limit=None) == "x\\x0a" * 100


def test_json_text_is_the_same_value_safe_to_print_and_to_encode():
    data = {"name": "Ann\ud800\x85\u202e\x1b", "n": [1, "Zoë"]}
    text = json_text(data, indent=2)
    assert json.loads(text) == data
    text.encode("utf-8")
    assert "\x85" not in text and "\u202e" not in text and "\ud800" not in text
    assert json_text({"a": "Zoë"}) == json.dumps({"a": "Zoë"}, ensure_ascii=False)


def test_json_pieces_are_json_text_a_piece_at_a_time():
    """The CLI writes a sheet as it is encoded: the same text, never a gigabyte at once."""
    data = {"name": "Ann\ud800\x85\u202e\x1b", "events": [{"index": i, "note": "\u2028"}
                                                           for i in range(30_000)]}
    pieces = list(json_pieces(data, indent=2))
    assert len(pieces) > 1 and max(map(len, pieces)) < len(json_text(data, indent=2)) / 2
    assert "".join(pieces) == json_text(data, indent=2)
