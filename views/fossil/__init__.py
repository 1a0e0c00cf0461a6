"""Fossil: a companion for the whole game (turns, exchanges, evaluations) and a quick
calculator for one evaluation."""

from typing import Any

from views.fossil.calculator import Calculator
from views.fossil.model import FossilTable
from views.fossil.play import Play
from views.fossil.sheet import Sheet
from views.tables.registry import BgStatsGame, GameViews


def _over(file: dict[str, Any]) -> bool:
    """The game is over when its log ends with the end; before, the app would reopen it."""
    log: list[Any] = file["log"]
    return log[-1:] == [{"end": True}]


# Fossil (Klaus Palesch, Goldsieber 1998; not the other games called Fossil) has no
# BoardGameGeek id here: none could be confirmed from a public source.
GAME = GameViews("fossil", FossilTable, play=Play, sheet=Sheet,
                 bgstats=BgStatsGame("Fossil", "Klaus Palesch"),
                 screens={"calc": Calculator}, over=_over)
