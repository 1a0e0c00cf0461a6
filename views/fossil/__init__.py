"""Fossil: a companion for the whole game (turns, exchanges, evaluations) and a quick
calculator for one evaluation."""

from views.fossil.calculator import Calculator
from views.fossil.model import FossilTable
from views.fossil.play import Play
from views.fossil.sheet import Sheet
from views.registry import GameViews

GAME = GameViews("fossil", FossilTable, play=Play, sheet=Sheet, screens={"calc": Calculator})
