"""Every Symbiose scoring rule and ruling of symbiose.md."""

from dataclasses import asdict

from scorer.symbiose import score
from tests.scorer.symbiose.tables import game, pond


def lines_of(sheet, player: int):
    return sheet.players[player].lines


def line_at(sheet, player: int, row: int, column: int):
    return lines_of(sheet, player)[row * 4 + column]


# --- The rulebook's examples ---------------------------------------------------------------

def test_left_card_counts_pink_cards_in_left_neighbours_pond():
    # Left card "2 per pink"; the left neighbour (next clockwise, Bob) has 2 pink cards = 4.
    table = game(pond(top_left="frog/orange/2xpink"),
                 pond("dragonfly/pink/1", "fish/pink/1"),
                 pond("dragonfly/pink/1", "fish/pink/1", "snail/pink/1"))
    line = line_at(score(table), 0, 0, 0)
    assert line.points == 4
    assert line.explain.key == "symbiose.counts_player"
    assert line.explain.params == {"row": "top", "column": "left", "each": 2, "per": "pink",
                                   "count": 2, "owner": "Bob", "points": 4}


def test_middle_card_counts_fish_in_own_pond():
    # Middle card "3 per fish" with 2 fish in the own pond = 6 (the card is a frog here).
    table = game(pond(top_mid1="frog/orange/3xfish", bottom_mid2="fish/green/1",
                      bottom_right="fish/orange/1"),
                 pond(), pond())
    line = line_at(score(table), 0, 0, 1)
    assert (line.points, line.explain.key, line.explain.params["count"]) == (
        6, "symbiose.counts_own", 2)


# --- Rules ---------------------------------------------------------------------------------

def test_fixed_card_scores_its_value_in_any_column():
    table = game(pond(top_left="dragonfly/green/8", top_mid1="dragonfly/green/5",
                      top_right="dragonfly/green/3"), pond(), pond())
    sheet = score(table)
    assert [line_at(sheet, 0, 0, c).points for c in (0, 1, 3)] == [8, 5, 3]
    assert line_at(sheet, 0, 0, 0).explain.key == "symbiose.fixed"


def test_right_card_counts_right_neighbours_whole_pond():
    # Ann's right neighbour is the previous player, wrapping: Cas. Bob's frogs must not count.
    table = game(pond(bottom_right="dragonfly/green/3xfrog"),
                 pond("frog/green/1", "frog/green/1", "frog/green/1"),
                 pond(bottom_right="frog/pink/1"))
    line = line_at(score(table), 0, 1, 3)
    assert (line.points, line.explain.params["owner"], line.explain.params["count"]) == (
        3, "Cas", 1)


def test_left_neighbour_wraps_for_the_last_player():
    table = game(pond("frog/green/1"), pond(), pond(top_left="fish/pink/5xfrog"))
    line = line_at(score(table), 2, 0, 0)
    assert (line.points, line.explain.params["owner"]) == (5, "Ann")


def test_season_target_counts_cards_of_that_colour_whatever_the_animal():
    table = game(pond(top_mid1="dragonfly/green/1xorange", top_mid2="fish/orange/1",
                      bottom_left="frog/orange/1", bottom_right="snail/orange/1"),
                 pond(), pond())
    assert line_at(score(table), 0, 0, 1).points == 3


def test_whole_pond_of_the_neighbour_counts_both_rows_and_all_columns():
    table = game(pond(top_left="fish/green/1xfrog"),
                 pond(top_left="frog/green/1", top_right="frog/green/1", bottom_mid1="frog/pink/1",
                      bottom_right="frog/pink/1"),
                 pond())
    assert line_at(score(table), 0, 0, 0).points == 4


def test_no_match_scores_zero_and_says_so():
    table = game(pond(top_left="fish/green/4xfrog"), pond(), pond())
    line = line_at(score(table), 0, 0, 0)
    assert (line.points, line.explain.params["count"]) == (0, 0)


def test_total_is_the_sum_of_the_eight_cards_and_categories_split_by_column():
    table = game(pond(top_left="fish/green/2", top_mid1="fish/green/3", top_right="fish/green/4",
                      bottom_left="fish/green/5"), pond(), pond())
    player = score(table).players[0]
    # 2 + 5 on the left, 3 + three 1-point fillers in the middle, 4 + a filler on the right.
    assert player.categories == {"left": 7, "middle": 6, "right": 5}
    assert player.total == 18 == sum(line.points for line in player.lines)


def test_highest_total_wins_and_a_tie_shares_the_victory():
    table = game(pond(top_left="fish/green/9"), pond(top_left="fish/green/9"),
                 pond(top_left="fish/green/2"))
    sheet = score(table)
    assert [p.place for p in sheet.players] == [1, 1, 3]
    assert sheet.winners == ["Ann", "Bob"]
    assert sheet.teams == []


def test_places_skip_after_shared_places():
    table = game(pond(top_left="fish/green/9"), pond(top_left="fish/green/5"),
                 pond(top_left="fish/green/5"), pond(top_left="fish/green/2"))
    assert [p.place for p in score(table).players] == [1, 2, 2, 4]


# --- Rulings --------------------------------------------------------------------------------

def test_ruling_a_middle_card_counts_itself():
    table = game(pond(top_mid1="frog/green/5xfrog"), pond(), pond())
    line = line_at(score(table), 0, 0, 1)
    assert (line.points, line.explain.params["count"]) == (5, 1)


def test_ruling_an_edge_card_does_not_count_itself_or_its_own_pond():
    # The Vietnamese text's "relative to the 2 cards on its right" is a translation error: the
    # left column counts the left neighbour's whole pond, never the cards beside it.
    table = game(pond(top_left="frog/green/2xfrog", top_mid1="frog/green/1",
                      top_mid2="frog/green/1"), pond(), pond())
    assert line_at(score(table), 0, 0, 0).points == 0


# --- Duel -----------------------------------------------------------------------------------

RIVER = ("fish/pink/1", "fish/pink/1", "fish/pink/1", "frog/green/1",
         "dragonfly/green/1", "dragonfly/green/1", "dragonfly/green/1", "dragonfly/green/1")


def test_duel_river_is_the_left_neighbour_of_the_player_it_lies_left_of():
    table = game(pond(top_left="frog/orange/2xfish", top_right="frog/orange/2xfish"),
                 pond("fish/green/1"), mode="duel", river=RIVER, river_left_of=0)
    sheet = score(table)
    left, right = line_at(sheet, 0, 0, 0), line_at(sheet, 0, 0, 3)
    assert (left.points, left.explain.key, left.explain.params["count"]) == (
        6, "symbiose.counts_river", 3)
    assert (right.points, right.explain.params["owner"]) == (2, "Bob")


def test_duel_river_is_the_right_neighbour_of_the_other_player():
    table = game(pond("fish/green/1"),
                 pond(top_left="frog/orange/2xdragonfly", top_right="frog/orange/2xdragonfly"),
                 mode="duel", river=RIVER, river_left_of=0)
    sheet = score(table)
    assert line_at(sheet, 1, 0, 0).explain.params["owner"] == "Ann"
    right = line_at(sheet, 1, 0, 3)
    assert (right.points, right.explain.key) == (8, "symbiose.counts_river")


def test_duel_river_counts_all_eight_cards():
    table = game(pond(top_left="frog/orange/1xdragonfly"), pond(), mode="duel",
                 river=("dragonfly/green/1",) * 8, river_left_of=0)
    assert line_at(score(table), 0, 0, 0).points == 8


# --- Team -----------------------------------------------------------------------------------

def test_team_edges_count_the_partner_opposite_and_the_middle_counts_own_pond():
    table = game(pond(top_left="frog/orange/1xfish", top_mid1="frog/orange/1xfish",
                      top_right="frog/orange/1xfish"),
                 pond("fish/green/1", "fish/green/1", "fish/green/1", "fish/green/1"),
                 pond("fish/green/1", "fish/green/1"),
                 pond("fish/green/1"), mode="team")
    sheet = score(table)
    assert [line_at(sheet, 0, 0, c).points for c in (0, 1, 3)] == [2, 0, 2]
    assert line_at(sheet, 0, 0, 0).explain.params["owner"] == "Cas"
    assert line_at(sheet, 0, 0, 3).explain.params["owner"] == "Cas"


def test_team_score_is_the_sum_of_partners_and_the_best_team_wins():
    table = game(pond(top_left="fish/green/9"), pond(top_left="fish/green/5"),
                 pond(top_left="fish/green/2"), pond(top_left="fish/green/5"), mode="team")
    sheet = score(table)
    totals = [p.total for p in sheet.players]
    assert [asdict(t) for t in sheet.teams] == [
        {"players": ["Ann", "Cas"], "total": totals[0] + totals[2], "place": 1},
        {"players": ["Bob", "Dee"], "total": totals[1] + totals[3], "place": 2},
    ]
    assert sheet.winners == ["Ann", "Cas"]
    assert [p.place for p in sheet.players] == [1, 2, 1, 2]


def test_team_tie_shares_the_victory():
    table = game(pond(top_left="fish/green/9"), pond(top_left="fish/green/7"),
                 pond(top_left="fish/green/2"), pond(top_left="fish/green/4"), mode="team")
    sheet = score(table)
    assert [t.place for t in sheet.teams] == [1, 1]
    assert sheet.winners == ["Ann", "Cas", "Bob", "Dee"]
