"""Every Symbiose validation problem, asserted by its place and message key."""

import pytest

from scorer import GameFileError, check, load_game
from tests.scorer.symbiose.tables import valid_table


def problems_of(data) -> list[tuple[str, str]]:
    game, problems = check(data)
    assert game is None
    return [(p.place, p.key) for p in problems]


def test_a_valid_table_has_no_problem():
    assert check(valid_table(3)) [1] == []


@pytest.mark.parametrize(("text", "key", "params"), [
    ("frog-pink-2", "symbiose.card_format", {"card": "frog-pink-2"}),
    ("frog/pink", "symbiose.card_format", {"card": "frog/pink"}),
    ("fsh/pink/2", "symbiose.unknown_animal", {"animal": "fsh"}),
    ("fish/purple/2", "symbiose.unknown_season", {"season": "purple"}),
    ("fish/pink/x3", "symbiose.bad_rule", {"rule": "x3"}),
    ("fish/pink/0", "symbiose.bad_rule", {"rule": "0"}),
    ("fish/pink/3xtoad", "symbiose.unknown_target", {"target": "toad"}),
])
def test_card_syntax_errors_name_the_card_and_its_place(text, key, params):
    data = valid_table(3)
    data["players"][1]["pond"][0][3] = text
    _, problems = check(data)
    assert [(p.place, p.key, p.params) for p in problems] == [
        ("players[1].pond[0][3]", key, params)]


@pytest.mark.parametrize("text", ["Frog/Pink/2xPink", " frog/pink/2xpink", "frog/pink/2xpink\n"])
def test_a_card_is_written_as_the_contract_and_the_schema_write_it(text):
    """Lower case, no spaces (GAME_FILES.md, and the JSON Schema's pattern): the problem says
    how to write it."""
    data = valid_table(3)
    data["players"][0]["pond"][0][0] = text
    assert problems_of(data) == [("players[0].pond[0][0]", "symbiose.card_spelling")]
    assert check(data)[1][0].params["written"] == "frog/pink/2xpink"


def test_object_form_is_accepted_and_checked():
    data = valid_table(3)
    data["players"][0]["pond"][0][0] = {"animal": "frog", "season": "pink", "points": 2,
                                        "per": "pink"}
    game, problems = check(data)
    assert problems == [] and str(game.ponds[0][0][0]) == "frog/pink/2xpink"
    data["players"][0]["pond"][0][0] = {"animal": "toad", "season": "pink", "points": 2}
    assert problems_of(data) == [("players[0].pond[0][0].animal", "file.not_one_of")]


def test_pond_shape():
    data = valid_table(3)
    data["players"][2]["pond"][1].pop()
    _, problems = check(data)
    assert [(p.place, p.key, p.params["shape"]) for p in problems] == [
        ("players[2].pond", "symbiose.pond_shape", [4, 3])]


def test_deck_limits_name_the_first_card_too_many():
    data = valid_table(4)  # holds 4 of the 6 frogs and 5 of the 6 blue cards
    data["players"][3]["pond"][0][0] = "frog/blue/3"
    data["players"][3]["pond"][1][3] = "frog/pink/1"  # now 6 frogs and 6 blue cards
    assert check(data)[1] == []
    data["players"][3]["pond"][1][1] = "frog/blue/2xorange"  # a 7th of each
    _, problems = check(data)
    # Reported at the first card beyond the limit in reading order (players, rows, columns).
    assert [(p.place, p.key, p.params) for p in problems] == [
        ("players[3].pond[1][2]", "symbiose.deck_limit", {"feature": "blue", "limit": 6}),
        ("players[3].pond[1][3]", "symbiose.deck_limit", {"feature": "frog", "limit": 6})]


def test_deck_limits_count_the_duel_river_too():
    data = valid_table(2)  # ponds and river hold 4 frogs
    data["river"][5] = "frog/pink/2xfish"
    data["river"][6] = "frog/green/8"
    data["river"][7] = "frog/orange/2"
    assert problems_of(data) == [("river[7]", "symbiose.deck_limit")]


@pytest.mark.parametrize(("players", "mode"), [(1, None), (5, None), (3, "duel"), (3, "team"),
                                               (2, "standard"), (4, "duel")])
def test_player_count_per_mode(players, mode):
    data = valid_table(min(players, 4), mode)
    if players == 1:
        data["players"] = data["players"][:1]
    if players == 5:
        data["players"].append({"name": "Eve", "pond": [["fish/green/1"] * 4] * 2})
    if players == 3 and mode == "duel":
        data |= {"river": valid_table(2)["river"], "river_left_of": "Ann"}
    if players == 4 and mode == "duel":
        data |= {"river": valid_table(2)["river"], "river_left_of": "Ann"}
    assert ("players", "symbiose.player_count") in [
        (p.place, p.key) for p in check(data)[1]]


def test_two_players_play_the_duel_and_need_the_river():
    data = valid_table(2)
    del data["river"], data["river_left_of"]
    assert problems_of(data) == [("river", "symbiose.river_size"),
                                 ("river_left_of", "symbiose.river_side_missing")]


def test_duel_river_of_the_wrong_size():
    data = valid_table(2)
    data["river"] = data["river"][:4]
    assert problems_of(data) == [("river", "symbiose.river_size")]


def test_duel_river_side_must_name_a_player():
    data = valid_table(2)
    data["river_left_of"] = "Zed"
    assert problems_of(data) == [("river_left_of", "symbiose.river_side_unknown")]


def test_a_river_outside_the_duel_is_an_error():
    data = valid_table(3) | {"river": valid_table(2)["river"], "river_left_of": "Ann"}
    assert problems_of(data) == [("river", "symbiose.river_outside_duel"),
                                 ("river_left_of", "symbiose.river_outside_duel")]


@pytest.mark.parametrize(("name", "key"), [("  ", "players.name_empty"),
                                           ("x" * 41, "players.name_too_long"),
                                           ("ann", "players.name_duplicate")])
def test_player_names(name, key):
    data = valid_table(3)
    data["players"][2]["name"] = name
    assert problems_of(data) == [("players[2].name", key)]


def test_names_are_trimmed():
    data = valid_table(3)
    data["players"][0]["name"] = "  Ann "
    assert load_game(data).names[0] == "Ann"


def test_unknown_keys_and_missing_fields_are_errors():
    data = valid_table(3)
    data["players"][0]["pnd"] = data["players"][0].pop("pond")
    data["extra"] = 1
    assert sorted(problems_of(data)) == [("extra", "file.unknown_key"),
                                         ("players[0].pnd", "file.unknown_key"),
                                         ("players[0].pond", "file.missing")]


def test_every_problem_is_listed_not_only_the_first():
    data = valid_table(3)
    data["players"][0]["pond"][0][0] = "fsh/pink/2"
    data["players"][1]["pond"][1][2] = "fish/pink/2xtoad"
    data["players"][2]["name"] = "Bob"
    assert problems_of(data) == [("players[2].name", "players.name_duplicate"),
                                 ("players[0].pond[0][0]", "symbiose.unknown_animal"),
                                 ("players[1].pond[1][2]", "symbiose.unknown_target")]


def test_load_game_raises_with_all_problems():
    data = valid_table(3)
    data["players"][0]["pond"][0][0] = "fsh/pink/2"
    with pytest.raises(GameFileError) as raised:
        load_game(data)
    assert [p.key for p in raised.value.problems] == ["symbiose.unknown_animal"]
