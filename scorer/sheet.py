"""The score sheet every game produces: totals, places, categories and one line per card or event.

Explanations are data (a message key and its parameters); `scorer.i18n` turns them into text in
the reader's language, so the CLI and the app render the same facts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorer.places import Spot, where_text

JsonValue = Any  # parameters are JSON-serialisable: str, int, lists of them

# Plain dataclasses, not pydantic: a sheet is built from checked data after every tap in the app,
# hundreds of lines at a time, and needs no validation of its own.


@dataclass(frozen=True, slots=True)
class Explanation:
    key: str
    params: dict[str, JsonValue] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """The points of one card or one event for one player."""

    item: str
    place: Spot
    category: str
    points: int
    explain: Explanation

    @property
    def where(self) -> str:
        """The place as the sheet's JSON and text name it ('tree 3 top 2')."""
        return where_text(self.place)


@dataclass(slots=True)
class PlayerScore:
    name: str
    total: int
    place: int
    categories: dict[str, int]
    lines: list[ScoreLine]


@dataclass(slots=True)
class TeamScore:
    players: list[str]
    total: int
    place: int


@dataclass(slots=True)
class ScoreEvent:
    """What one log event did to every player's score (Fossil): the scores before and after it,
    in the order of `names`. Kept as tuples, and shown as dicts by name only when asked: a log
    of 100,000 events would otherwise hold 200,000 dicts (and the garbage collector walk them)."""

    index: int
    kind: str
    names: tuple[str, ...]
    before: tuple[int, ...]
    after: tuple[int, ...]
    explain: list[Explanation]

    @property
    def changes(self) -> dict[str, int]:
        """Each player's change of score, by name."""
        return {name: new - old
                for name, old, new in zip(self.names, self.before, self.after, strict=True)}

    @property
    def scores(self) -> dict[str, int]:
        """Each player's score after the event, by name."""
        return dict(zip(self.names, self.after, strict=True))


@dataclass(slots=True)
class ScoreSheet:
    game: str
    players: list[PlayerScore]
    winners: list[str]
    teams: list[TeamScore] = field(default_factory=list)
    events: list[ScoreEvent] = field(default_factory=list)
    problems: list[Any] = field(default_factory=list)  # warnings: scorer.problems.Problem


def places(totals: Sequence[int]) -> list[int]:
    """1-based places with shared places for ties: 40, 40, 30 -> 1, 1, 3."""
    return [1 + sum(other > total for other in totals) for total in totals]


def player_score(name: str, lines: Iterable[ScoreLine], categories: Iterable[str]) -> PlayerScore:
    """A player's score whose total and subtotals are derived from the lines, never kept apart."""
    lines = list(lines)
    subtotals = dict.fromkeys(categories, 0)
    for line in lines:
        subtotals[line.category] = subtotals.get(line.category, 0) + line.points
    return PlayerScore(
        name=name,
        total=sum(line.points for line in lines),
        place=0,
        categories=subtotals,
        lines=lines,
    )


def build_sheet(
    game: str,
    players: list[PlayerScore],
    teams: list[list[str]] | None = None,
    events: list[ScoreEvent] | None = None,
    problems: list[Any] | None = None,
) -> ScoreSheet:
    """Rank the players (or the teams) and name the winners."""
    if teams:
        by_name = {player.name: player for player in players}
        team_totals = [sum(by_name[name].total for name in team) for team in teams]
        team_places = places(team_totals)
        team_scores = [
            TeamScore(players=team, total=total, place=place)
            for team, total, place in zip(teams, team_totals, team_places, strict=True)
        ]
        for team in team_scores:
            for name in team.players:
                by_name[name].place = team.place
        winners = [name for team in team_scores if team.place == 1 for name in team.players]
    else:
        team_scores = []
        for player, place in zip(players, places([p.total for p in players]), strict=True):
            player.place = place
        winners = [player.name for player in players if player.place == 1]
    return ScoreSheet(
        game=game,
        players=players,
        winners=winners,
        teams=team_scores,
        events=events or [],
        problems=problems or [],
    )
