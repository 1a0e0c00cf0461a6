"""Forest Shuffle: card catalogue (``catalog.load_catalog``), game-file checks and scoring."""

from scorer import i18n
from scorer.forest_shuffle.checks import build_game
from scorer.forest_shuffle.models import SETUP, ForestShuffleFile, ForestShuffleGame
from scorer.forest_shuffle.scoring import score
from scorer.forest_shuffle.terms import terms

i18n.add_terms(terms)  # species, cave and tree-symbol names in each language

__all__ = ["SETUP", "ForestShuffleFile", "ForestShuffleGame", "build_game", "score"]
