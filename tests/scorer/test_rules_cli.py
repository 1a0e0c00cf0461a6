"""`python -m scorer rules GAME`: every game's scoring rules and rulings, in every language."""

import re

import pytest

from scorer import i18n
from scorer.cli import main
from scorer.registry import GAMES

RAW_KEY = re.compile(r"\brules\.[a-z]|[{}]")


def run(capsys, *args):
    status = main(["rules", *args])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("lang", i18n.languages())
@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_has_a_rules_reference_in_every_language(capsys, game, lang):
    assert GAMES[game].rules is not None
    status, out, err = run(capsys, game, "--lang", lang)
    assert (status, err) == (0, "")
    assert out.strip() and not RAW_KEY.search(out)


def test_symbiose_summary_and_rulings(capsys):
    _, out, _ = run(capsys, "symbiose")
    assert out.startswith("Symbiose: scoring\n")
    assert "Rulings (where sources differ)" in out
    assert "A middle card counts itself" in out
    _, dutch, _ = run(capsys, "symbiose", "--lang", "nl")
    assert "Een middelste kaart telt zichzelf mee" in dutch


def test_fossil_summary_and_rulings(capsys):
    _, out, _ = run(capsys, "fossil")
    assert "The payment goes to the player with the highest find value" in out
    _, german, _ = run(capsys, "fossil", "--lang", "de")
    assert "höchsten Fundwert" in german


@pytest.mark.parametrize(("lang", "cost", "exchange"), [
    ("en", "so it passes at most 7 (5) cards and takes the next",
     "an exchange followed by a move, or before the end of the game"),
    ("nl", "dus hij gaat over hoogstens 7 (5) kaarten en neemt de volgende",
     "een ruil gevolgd door een zet, of voor het einde van het spel"),
    ("de", "überspringt also höchstens 7 (5) Karten und nimmt die nächste",
     "ein Tausch, auf den ein Zug folgt, oder vor dem Spielende"),
])
def test_fossil_rulings_on_the_cost_limit_and_the_exchange(capsys, lang, cost, exchange):
    _, out, _ = run(capsys, "fossil", "--lang", lang)
    flat = " ".join(out.split())
    assert cost in flat and exchange in flat


def test_games_without_a_card_list_refuse_a_card(capsys):
    status, out, err = run(capsys, "fossil", "trilobite")
    assert (status, out) == (2, "")
    assert err == "Fossil has no card list: leave out CARD\n"
    status, _, err = run(capsys, "symbiose", "frog", "--lang", "nl")
    assert status == 2 and "laat KAART weg" in err


def test_an_unknown_game_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["rules", "chess"])
    assert exit_.value.code == 2
    assert "invalid choice" in capsys.readouterr().err
