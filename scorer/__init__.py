"""Tallybook's scorer: game files in, score sheets out, every point explained.

    from scorer import load_game, score
    sheet = score(load_game(json.load(open("game.json"))))
"""

from scorer.loading import check, load_game, read_game_file, score, so_far
from scorer.problems import GameFileError, Problem
from scorer.progress import LeftOut, Progress
from scorer.sheet import Explanation, PlayerScore, ScoreEvent, ScoreLine, ScoreSheet, TeamScore

__all__ = [
    "Explanation",
    "GameFileError",
    "LeftOut",
    "PlayerScore",
    "Problem",
    "Progress",
    "ScoreEvent",
    "ScoreLine",
    "ScoreSheet",
    "TeamScore",
    "check",
    "load_game",
    "read_game_file",
    "score",
    "so_far",
]
