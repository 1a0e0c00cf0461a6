"""Symbiose: ponds of 4 × 5 cards (a duel adds a river), entered after the game."""

from views.registry import GameViews
from views.symbiose.model import SymbioseNewTable, SymbioseTable
from views.symbiose.options import options
from views.symbiose.play import Play
from views.symbiose.sheet import Sheet

GAME = GameViews("symbiose", SymbioseTable, play=Play, sheet=Sheet, options=options,
                 new_table=SymbioseNewTable)
