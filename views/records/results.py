"""The history: every finished game's result, and each player's statistics, computed from the
stored games by the scorer (no totals are kept apart, so nothing can drift from the sheets).

A result names its players as they were played; `History` counts each name for the player it
now belongs to (`Store.aliases`: a renamed player, or two names merged into one person).

Who won: the players in first place, or in a team game the players of the first team. A win is
shared when another player (team game: another team) is first too. Averages, best and worst
are the player's own totals, in a team game too (their own pond). So is a game's winning score:
its winners' own totals, averaged in a team game (a shared win's are equal).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from statistics import fmean

from scorer import ScoreSheet, check, score
from scorer.registry import played
from scorer.setup import Played
from views.storage.games import GameRecord
from views.storage.off_loop import LONG_LOG
from views.storage.store import Store


@dataclass(frozen=True)
class Seat:
    """One player's result in one game."""

    name: str  # as played (the sheet shows it)
    total: int
    place: int
    won: bool
    shared: bool  # a win shared with another player or team
    partners: tuple[str, ...] = ()  # a team game: the other members of the player's team


@dataclass(frozen=True)
class Result:
    game_id: int
    kind: str
    finished: float  # when the game was finished (seconds since the epoch)
    played: Played  # its variant and boxes
    seats: tuple[Seat, ...]  # in seating order

    @property
    def ranked(self) -> list[Seat]:
        return sorted(self.seats, key=lambda seat: seat.place)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)


def long_game(record: GameRecord) -> bool:
    file = record.data.get("file")
    log = file.get("log") if isinstance(file, dict) else None
    return isinstance(log, list) and len(log) >= LONG_LOG


def result_of(record: GameRecord) -> Result | None:
    """The result of a stored game; None if its file no longer scores (never for a game the
    app finished: it refuses to)."""
    sheet = sheet_of(record)
    return None if sheet is None else result_from(record, sheet)


def sheet_of(record: GameRecord) -> ScoreSheet | None:
    game, _ = check(record.data.get("file"))
    return None if game is None else score(game)


def result_from(record: GameRecord, sheet: ScoreSheet) -> Result:
    """The result of a stored game whose sheet is `sheet`."""
    return Result(record.id, record.kind, record.updated, played(record.data["file"]),
                  seats_of(sheet))


def seats_of(sheet: ScoreSheet) -> tuple[Seat, ...]:
    first = [team for team in sheet.teams if team.place == 1] if sheet.teams else \
        [[player.name] for player in sheet.players if player.place == 1]
    shared = len(first) > 1

    def partners(name: str) -> tuple[str, ...]:
        team = next((team.players for team in sheet.teams if name in team.players), [])
        return tuple(other for other in team if other != name)

    return tuple(Seat(player.name, player.total, player.place, player.name in sheet.winners,
                      shared and player.name in sheet.winners, partners(player.name))
                 for player in sheet.players)


@dataclass(frozen=True)
class Stats:
    """A player's record in one game (or, `kind` empty, in all games)."""

    kind: str
    games: int
    wins: int
    shared_wins: int  # of the wins
    average: float
    best: int
    worst: int
    last_played: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games


def stats_of(kind: str, seats: list[tuple[Result, Seat]]) -> Stats:
    totals = [seat.total for _, seat in seats]
    return Stats(kind, len(seats), sum(seat.won for _, seat in seats),
                 sum(seat.shared for _, seat in seats), fmean(totals), max(totals), min(totals),
                 max(result.finished for result, _ in seats))


def winning_score(result: Result) -> float:
    """The game's winning score: its winners' own totals, averaged (a game has a first)."""
    return fmean(seat.total for seat in result.seats if seat.won)


@dataclass(frozen=True)
class Winning:
    """A game's winning score on average, over `games` of its finished games."""

    kind: str
    games: int
    average: float


def winning_scores(results: Iterable[Result]) -> list[Winning]:
    """Each game's average winning score over `results`, in the order the games first come."""
    scores: dict[str, list[float]] = {}
    for result in results:
        scores.setdefault(result.kind, []).append(winning_score(result))
    return [Winning(kind, len(won), fmean(won)) for kind, won in scores.items()]


# A chart shows a player's last games only: its points are sent to the phone and drawn there.
CHART_GAMES = 30


@dataclass(frozen=True)
class Series:
    """A player's total in each of their last games of one game, oldest first."""

    kind: str
    totals: tuple[int, ...]  # the last CHART_GAMES at most
    games: int  # all they played of it
    winning: float | None  # the average winning score of the games they played

    @property
    def cut(self) -> bool:
        """Whether older games are left out."""
        return self.games > len(self.totals)


def series_of(played: Iterable[tuple[Result, Seat]], winning: Iterable[Winning],
              limit: int = CHART_GAMES) -> list[Series]:
    """A player's series per game from their seats, the latest played first (as
    `History.results` lists them), in the order their games first come."""
    totals: dict[str, list[int]] = {}
    for result, seat in played:
        totals.setdefault(result.kind, []).append(seat.total)
    average = {won.kind: won.average for won in winning}
    return [Series(kind, tuple(reversed(latest[:limit])), len(latest), average.get(kind))
            for kind, latest in totals.items()]


class History:
    """The server's finished games, scored once each (a finished game is read-only)."""

    def __init__(self, store: Store):
        self.store = store
        self._scored: dict[tuple[int, int], Result | None] = {}

    def results(self, kind: str | None = None, player: str | None = None) -> list[Result]:
        """The finished games, the latest first; only `kind`'s, only those `player` played."""
        aliases = self.store.aliases()
        found = []
        for record in self.store.games("finished"):
            if kind and record.kind != kind:
                continue
            result = self._result(record)
            if result is not None and (player is None or self.seat(result, player, aliases)):
                found.append(result)
        return found

    def player(self, name: str) -> str:
        """Who a name as played counts for now."""
        return self.store.aliases().get(name.casefold(), name)

    def seat(self, result: Result, player: str,
             aliases: dict[str, str] | None = None) -> Seat | None:
        """The player's seat in the game, under whichever of their names they played."""
        aliases = self.store.aliases() if aliases is None else aliases
        wanted = player.casefold()
        return next((seat for seat in result.seats
                     if aliases.get(seat.name.casefold(), seat.name).casefold() == wanted), None)

    def played_together(self, one: str, other: str) -> bool:
        """Whether the two players sat at one game: then they are not one person."""
        aliases = self.store.aliases()
        return any(self.seat(result, other, aliases) for result in self.results(player=one))

    def players(self) -> list[str]:
        """Everyone with a finished game or known from new games, the latest played first."""
        aliases = self.store.aliases()
        names: dict[str, str] = {}
        for result in self.results():
            for seat in result.seats:
                player = aliases.get(seat.name.casefold(), seat.name)
                names.setdefault(player.casefold(), player)
        for name in self.store.known_players():
            names.setdefault(name.casefold(), name)
        return list(names.values())

    def stats(self, player: str) -> list[Stats]:
        """The player's statistics in each game they played, the latest played first."""
        return self.every_stats().get(self.player(player).casefold(), [])

    def every_stats(self) -> dict[str, list[Stats]]:
        """Every player's statistics (by their name case-folded), in one pass."""
        aliases = self.store.aliases()
        seats: dict[str, dict[str, list[tuple[Result, Seat]]]] = {}
        for result in self.results():
            for seat in result.seats:
                player = aliases.get(seat.name.casefold(), seat.name).casefold()
                seats.setdefault(player, {}).setdefault(result.kind, []).append((result, seat))
        return {player: [stats_of(kind, played) for kind, played in per_game.items()]
                for player, per_game in seats.items()}

    def series(self, player: str, played: list[Result] | None = None) -> list[Series]:
        """The player's totals per game for a chart, the latest played first (as `stats`),
        against the average winning score of the games they played: what it took to win at
        their tables (the history filtered by the player says the same). `played`: their
        results, when at hand (every pass over the history reads every stored game)."""
        aliases, name = self.store.aliases(), self.player(player)
        played = self.results(player=name) if played is None else played
        seats = [(result, seat) for result in played
                 if (seat := self.seat(result, name, aliases))]
        return series_of(seats, winning_scores(played))

    def scored_all(self) -> bool:
        """Whether every finished game's result is at hand without long work (a long game
        not scored yet: `score_all` first, off the event loop)."""
        return all((record.id, record.revision) in self._scored or not long_game(record)
                   for record in self.store.games("finished"))

    def score_all(self, store: Store) -> None:
        """Score every finished game not scored yet (in a worker thread, `store` reached on
        the event loop's: views/storage/off_loop.py)."""
        for record in store.games("finished"):
            self._result(record)

    def _result(self, record: GameRecord) -> Result | None:
        key = (record.id, record.revision)
        if key not in self._scored:
            self._scored[key] = result_of(record)
            if self._scored[key] is None:  # only a row broken on disk: the app finishes none
                self.store.put_aside(record.id, record.kind, "its game file does not score")
        return self._scored[key]
