"""The rules gaps closed by testing against the printed rules, through `python -m scorer`:
exit status 2, nothing on stdout, the problem at its place, in every language."""

import json

import pytest

from scorer.cli import main


@pytest.fixture
def refused(capsys, tmp_path):
    """The stderr lines of `validate` and `score` (they must agree) for a refused file."""
    def run(data, lang: str = "en") -> list[str]:
        path = tmp_path / "game.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        outputs = []
        for command in ("validate", "score"):
            status = main([command, str(path), "--lang", lang])
            out, err = capsys.readouterr()
            assert (status, out) == (2, "")
            outputs.append(err.splitlines())
        assert outputs[0] == outputs[1]
        return outputs[0]
    return run


def forest_shuffle(*forests):
    return {"version": 1, "game": "forest-shuffle",
            "players": [{"name": f"P{i + 1}", "forest": forest}
                        for i, forest in enumerate(forests)]}


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "players: Forest Shuffle takes 2 to 5 players, not 6"),
    ("nl", "players: Forest Shuffle is voor 2 tot 5 spelers, niet 6"),
    ("de", "players: Mischwald ist für 2 bis 5 Spieler, nicht 6"),
])
def test_forest_shuffle_with_six_players(refused, lang, message):
    assert refused(forest_shuffle(*[[]] * 6), lang) == [message]


def test_forest_shuffle_with_one_player(refused):
    assert refused(forest_shuffle([{"tree": "oak"}])) == [
        "players: Forest Shuffle takes 2 to 5 players, not 1"]


def test_the_schema_states_the_forest_shuffle_player_limits(capsys):
    assert main(["schema", "forest-shuffle"]) == 0
    players = json.loads(capsys.readouterr().out)["properties"]["players"]
    assert (players["minItems"], players["maxItems"]) == (2, 5)


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "players[1].forest[0].top: Cuckoo may only join a bird already in the top slot"),
    ("nl", "players[1].forest[0].top: Koekoek mag alleen bij een vogel die al boven aan de boom "
           "ligt"),
    ("de", "players[1].forest[0].top: Kuckuck darf nur zu einem Vogel, der schon oben am Baum "
           "liegt"),
])
def test_a_lone_cuckoo(refused, lang, message):
    data = forest_shuffle([{"tree": "oak"}], [{"tree": "birch", "top": "cuckoo"}])
    assert refused(data, lang) == [message]


def fossil(*log):
    return {"version": 1, "game": "fossil", "players": ["Ann", "Bob", "Cas", "Dee"],
            "log": [{"move": "Ann", "cost": 1, "take": "fish:1"},
                    {"move": "Bob", "cost": 1, "take": "ammonite:1"},
                    {"exchange": {"player": "Bob", "gives": "ammonite:1", "with": "Ann",
                                  "gets": "fish:1"}}, *log]}


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "log[2].exchange: an exchange belongs right before the evaluation it is for, "
           "not before a move"),
    ("nl", "log[2].exchange: een ruil hoort vlak voor de waardering waarvoor hij is, "
           "niet voor een zet"),
    ("de", "log[2].exchange: ein Tausch gehört direkt vor die Wertung, für die er ist, "
           "nicht vor einen Zug"),
])
def test_an_exchange_followed_by_a_move(refused, lang, message):
    assert refused(fossil({"move": "Cas", "cost": 1}), lang) == [message]


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "log[2].exchange: no exchange at the end of the game: the end evaluates every fossil "
           "without exchange"),
    ("nl", "log[2].exchange: geen ruil aan het eind van het spel: het eind waardeert elk fossiel "
           "zonder ruil"),
    ("de", "log[2].exchange: kein Tausch am Spielende: das Ende wertet jedes Fossil ohne Tausch"),
])
def test_an_exchange_before_the_end(refused, lang, message):
    assert refused(fossil({"end": True}), lang) == [message]


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "log[1].cost: a move costs at most 8 on the 9 × 9 board (at most 7 cards passed over "
           "+ the card taken), not 9"),
    ("nl", "log[1].cost: een zet kost hoogstens 8 op het bord van 9 × 9 (hoogstens 7 kaarten "
           "voorbij + de genomen kaart), niet 9"),
    ("de", "log[1].cost: ein Zug kostet auf dem Feld von 9 × 9 Karten höchstens 8 (höchstens 7 "
           "übersprungene Karten + die genommene Karte), nicht 9"),
])
def test_a_cost_the_board_does_not_allow(refused, lang, message):
    data = {"version": 1, "game": "fossil", "players": ["Ann", "Bob", "Cas", "Dee"],
            "log": [{"move": "Ann", "cost": 8}, {"move": "Bob", "cost": 9, "take": "fish:1"}]}
    assert refused(data, lang) == [message]


def test_a_cost_the_small_board_does_not_allow(refused):
    data = {"version": 1, "game": "fossil", "players": ["Ann", "Bob"],
            "log": [{"move": "Ann", "cost": 6}, {"move": "Bob", "cost": 7}]}
    assert refused(data) == ["log[1].cost: a move costs at most 6 on the 7 × 7 board (at most 5 "
                             "cards passed over + the card taken), not 7"]


def test_a_red_squirrel_on_a_turkey_oak_scores_5(capsys, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(forest_shuffle([{"tree": "turkey_oak", "top": "red_squirrel"}],
                                              [])), encoding="utf-8")
    assert main(["score", str(path), "--json"]) == 0
    lines = json.loads(capsys.readouterr().out)["players"][0]["lines"]
    assert [(line["item"], line["points"]) for line in lines if line["item"] == "red_squirrel"] == [
        ("red_squirrel", 5)]


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "players[0].forest[0].top[1]: Cuckoo comes from Exploration; this game plays only the "
           "base game, Alpine"),
    ("nl", "players[0].forest[0].top[1]: Koekoek komt uit de uitbreiding Exploration; dit spel "
           "speelt alleen met het basisspel, de uitbreiding Alpine"),
    ("de", "players[0].forest[0].top[1]: Kuckuck gehört zu: Exploration; dieses Spiel spielt nur "
           "mit: Grundspiel, Alpin"),
])
def test_a_card_from_a_box_the_game_does_not_name(refused, lang, message):
    data = forest_shuffle([{"tree": "birch", "top": ["tawny_owl", "cuckoo"]}], [])
    data["boxes"] = ["base", "alpine"]
    assert refused(data, lang) == [message]


def test_the_schema_offers_the_boxes(capsys):
    assert main(["schema", "forest-shuffle"]) == 0
    boxes = json.loads(capsys.readouterr().out)["properties"]["boxes"]
    listed = next(option for option in boxes["anyOf"] if option.get("type") == "array")
    assert listed["items"]["enum"] == ["base", "alpine", "woodland_edge", "exploration", "promo"]
    assert listed["minItems"] == 1
