"""Fossil (Klaus Palesch): a score track for the whole game and the evaluation of each fossil."""

from scorer.fossil.evaluation import Evaluation, evaluate, find_value
from scorer.fossil.models import SETUP, FossilFile
from scorer.fossil.position import Position, Refusal, so_far
from scorer.fossil.scoring import FossilGame, build_game, score

__all__ = ["SETUP", "Evaluation", "FossilFile", "FossilGame", "Position", "Refusal",
           "build_game", "evaluate", "find_value", "score", "so_far"]
