"""Properties over random legal base-game tables built from the physical cards."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer import i18n
from scorer.forest_shuffle import score
from tests.scorer.forest_shuffle.forests import check, tables


def _scores(data):
    game, problems = check(data)
    assert problems == []
    return {p.name: (p.total, p.categories) for p in score(game).players}


@settings(max_examples=150, deadline=None)
@given(tables())
def test_totals_are_the_sum_of_lines_and_of_categories(data):
    game, problems = check(data)
    assert problems == []
    for player in score(game).players:
        assert player.total == sum(line.points for line in player.lines)
        assert player.total == sum(player.categories.values())
        for line in player.lines:
            assert i18n.has_message(line.explain.key), line.explain.key
            for lang in i18n.languages():  # every id shown by its name: none has "_" in it
                text = i18n.text(line.explain.key, line.explain.params, lang)
                assert "_" not in text, (lang, text)


@settings(max_examples=100, deadline=None)
@given(tables(), st.randoms(use_true_random=False))
def test_order_of_trees_and_of_players_never_changes_a_score(data, rnd):
    shuffled = {**data, "players": [
        {**p, "forest": rnd.sample(p["forest"], len(p["forest"]))} for p in data["players"]]}
    shuffled["players"].reverse()
    assert _scores(shuffled) == _scores(data)
