"""A Symbiose table being entered: what scores while places are empty or cards have problems.

An empty place scores nothing (`partial`); a card that cannot be read is left out, as if its
place were empty; a card beyond the deck's count (a 7th frog) still counts, so the table stays
readable while its problem shows.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from scorer.places import PondTile, RiverTile, Spot
from scorer.progress import LeftOut, Progress, no_sheet, read_file
from scorer.sheet import Explanation
from scorer.symbiose.checks import build_game, read_game
from scorer.symbiose.models import Card, CardInput, SymbioseFile, SymbioseGame
from scorer.symbiose.places import spot_of
from scorer.symbiose.scoring import score

UNREADABLE = Explanation("symbiose.left_out.unreadable")


def so_far(data: Any) -> Progress:
    """The sheet of a Symbiose file as entered so far, every problem at its place, and the
    cards left out of the score and why."""
    file, game, problems = read_file(data, SymbioseFile, build_game, spot_of, partial=True)
    if isinstance(game, SymbioseGame):
        return Progress(score(game), tuple(problems), ())
    if file is None:  # no pond to read: nothing to score yet
        return no_sheet("symbiose", problems)
    game, _ = read_game(file, partial=True)
    entered: list[tuple[Spot, CardInput | None]] = [
        (PondTile(p, r, c), value) for p, player in enumerate(file.players)
        for r, row in enumerate(player.pond) for c, value in enumerate(row)]
    entered += [(RiverTile(c), value) for c, value in enumerate(file.river or [])]
    read = dict(_tiles(game.ponds, game.river))
    left = tuple(LeftOut(spot, UNREADABLE) for spot, value in entered
                 if value is not None and read.get(spot) is None)
    return Progress(score(game), tuple(problems), left)


def _tiles(ponds: Sequence[Sequence[Sequence[Card | None]]],
           river: Sequence[Card | None]) -> Iterator[tuple[Spot, Card | None]]:
    for p, pond in enumerate(ponds):
        for r, row in enumerate(pond):
            for c, card in enumerate(row):
                yield PondTile(p, r, c), card
    for c, card in enumerate(river):
        yield RiverTile(c), card
