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
