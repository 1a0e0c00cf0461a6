"""A Symbiose table being entered (scorer.so_far): empty places score nothing, a card that
cannot be read is left out as if its place were empty, a card beyond the deck's count counts."""

from __future__ import annotations

from scorer import check, score, so_far
from scorer.places import PondTile, RiverTile
from tests.scorer.symbiose.tables import valid_table


def test_a_partial_table_without_errors_is_its_score():
    data = valid_table(3)
    data["players"][1]["pond"][0][2] = None
    progress = so_far(data)
    assert progress.left_out == () and progress.problems == ()
    assert progress.sheet == score(check(data, partial=True)[0])


def test_a_card_that_cannot_be_read_is_left_out_as_an_empty_place():
    data = valid_table(2)
    data["players"][0]["pond"][1][3] = "Frog/Orange/3xfrog"
    data["river"][4] = "frog/purple/2"
    progress = so_far(data)
    assert [(p.key, p.spot) for p in progress.problems] == [
        ("symbiose.card_spelling", PondTile(0, 1, 3)),
        ("symbiose.unknown_season", RiverTile(4))]
    assert [(left.spot, left.why.key) for left in progress.left_out] == [
        (PondTile(0, 1, 3), "symbiose.left_out.unreadable"),
        (RiverTile(4), "symbiose.left_out.unreadable")]
    emptied = valid_table(2)
    emptied["players"][0]["pond"][1][3] = None
    emptied["river"][4] = None
    assert progress.sheet == score(check(emptied, partial=True)[0])


def test_a_card_beyond_the_decks_count_still_counts():
    data = valid_table(3)
    data["players"][2]["pond"] = [["frog/orange/1"] * 4] * 2  # the deck has only 6 frogs
    progress = so_far(data)
    assert "symbiose.deck_limit" in {p.key for p in progress.problems}
    assert check(data, partial=True)[0] is None
    assert progress.left_out == ()
    assert progress.sheet.players[2].total == 8


def test_a_team_game_so_far_has_its_teams():
    progress = so_far(valid_table(4, mode="team"))
    assert [team.players for team in progress.sheet.teams] == [["Ann", "Cas"], ["Bob", "Dee"]]


def test_a_file_of_the_wrong_shape_has_no_sheet_yet():
    progress = so_far({"version": 1, "game": "symbiose", "players": [{"name": "Ann"}]})
    assert progress.sheet.players == [] and progress.left_out == ()
    assert progress.problems


def test_a_file_of_no_game_has_no_sheet():
    progress = so_far({"version": 1, "game": "chess"})
    assert progress.sheet.players == []
    assert [p.key for p in progress.problems] == ["file.unknown_game"]
