"""The shared score sheet: places with ties, totals derived from lines, teams."""

from scorer.places import LogEntry
from scorer.sheet import Explanation, ScoreLine, build_sheet, places, player_score


def line(points: int, category: str = "a") -> ScoreLine:
    return ScoreLine(item="x", place=LogEntry(0), category=category, points=points,
                     explain=Explanation(key="k"))


def test_places_share_ties_and_skip_after_them():
    assert places([40, 40, 30]) == [1, 1, 3]
    assert places([10, 30, 20, 30]) == [4, 1, 3, 1]
    assert places([]) == []


def test_player_total_and_categories_come_from_the_lines():
    player = player_score("Ann", [line(3, "a"), line(4, "b"), line(-2, "a")], ("a", "b", "c"))
    assert (player.total, player.categories) == (5, {"a": 1, "b": 4, "c": 0})


def test_winners_are_all_players_in_first_place():
    sheet = build_sheet("g", [player_score("A", [line(5)], "a"), player_score("B", [line(5)], "a"),
                              player_score("C", [line(1)], "a")])
    assert sheet.winners == ["A", "B"]
    assert [p.place for p in sheet.players] == [1, 1, 3]


def test_team_places_are_given_to_their_members():
    players = [player_score(name, [line(points)], "a")
               for name, points in (("A", 5), ("B", 1), ("C", 1), ("D", 6))]
    sheet = build_sheet("g", players, teams=[["A", "C"], ["B", "D"]])
    assert [(t.total, t.place) for t in sheet.teams] == [(6, 2), (7, 1)]
    assert [p.place for p in sheet.players] == [2, 1, 2, 1]
    assert sheet.winners == ["B", "D"]
