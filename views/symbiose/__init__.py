"""Symbiose: ponds of 4 × 5 cards (a duel adds a river), entered after the game."""

from views.symbiose.model import SymbioseNewTable, SymbioseTable
from views.symbiose.options import options
from views.symbiose.play import Play
from views.symbiose.sheet import Sheet
from views.tables.registry import BgStatsGame, GameViews

# Symbiose (Partinico, 2024) has no BoardGameGeek id here: none could be confirmed.
GAME = GameViews("symbiose", SymbioseTable, play=Play, sheet=Sheet,
                 bgstats=BgStatsGame("Symbiose", "Jérémy Partinico, Christelle Partinico",
                                     uses_teams=True),
                 options=options, new_table=SymbioseNewTable)
