"""What a game file played (scorer/setup.py `Setup.played`): its variant, the default for its
player count where the file names none, and its boxes as a tuple (the base box alone where
the file names none)."""

import pytest

from scorer.registry import GAMES, played
from scorer.setup import Played


@pytest.mark.parametrize(("file", "expected"), [
    ({"game": "symbiose", "mode": "team", "players": ["A", "B", "C", "D"]}, Played("team")),
    ({"game": "symbiose", "players": ["A", "B"]}, Played("duel")),
    ({"game": "symbiose", "players": ["A", "B", "C"]}, Played("standard")),
    ({"game": "fossil", "players": ["A", "B", "C"]}, Played("small")),  # 2-3 player rules
    ({"game": "fossil", "players": ["A", "B", "C", "D"]}, Played("standard")),
    ({"game": "forest-shuffle", "players": ["A", "B"]}, Played("standard", ("base",))),
    ({"game": "forest-shuffle", "players": ["A", "B"], "boxes": ["base", "alpine"]},
     Played("standard", ("base", "alpine"))),
])
def test_a_file_plays_its_variant_or_its_player_counts_default_and_its_boxes(file, expected):
    assert played(file) == expected


def test_the_boxes_beside_the_base_game_leave_the_base_out():
    setup = GAMES["forest-shuffle"].setup
    assert setup.beside_base(Played("standard", ("base", "alpine"))) == ("alpine",)
    assert setup.beside_base(Played("standard", ("base",))) == ()
