"""Symbiose (Symbiosis): ponds of 8 cards scored against neighbours, the river or a partner."""

from scorer.symbiose.checks import build_game
from scorer.symbiose.models import SETUP, SymbioseFile, SymbioseGame
from scorer.symbiose.scoring import score

__all__ = ["SETUP", "SymbioseFile", "SymbioseGame", "build_game", "score"]
