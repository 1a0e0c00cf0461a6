"""Symbiose game files and the checked game they describe."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import BaseModel, Discriminator, Field, Tag

from scorer.file_model import WHOLE_NUMBER, file_config
from scorer.setup import Setup

ANIMALS = ("dragonfly", "fish", "snail", "frog")
SEASONS = ("pink", "green", "orange", "blue")
# How many cards of each animal and season the deck holds (Dutch rulebook).
DECK_LIMITS = {"dragonfly": 12, "fish": 10, "snail": 8, "frog": 6,
               "pink": 12, "green": 10, "orange": 8, "blue": 6}
ROWS, COLUMNS, DUEL_RIVER = 2, 4, 8
MODES = ("standard", "duel", "team")
PLAYERS_PER_MODE = {"standard": (3, 4), "duel": (2,), "team": (4,)}


def teams_of(mode: str, names: Sequence[str]) -> list[list[str]]:
    """Team mode: partners sit opposite, seats 1 & 3 and 2 & 4 (none while there are not four
    players: a table being set up, a file with a problem)."""
    if mode != "team" or len(names) != 4:
        return []
    return [[names[0], names[2]], [names[1], names[3]]]


SETUP = Setup({count: tuple(mode for mode in MODES if count in PLAYERS_PER_MODE[mode])
               for count in sorted({n for counts in PLAYERS_PER_MODE.values() for n in counts})},
              teams=teams_of)

Animal = Literal["dragonfly", "fish", "snail", "frog"]
Season = Literal["pink", "green", "orange", "blue"]
Target = Literal[Animal, Season]  # one Literal: a wrong value lists all eight
_RULE = re.compile(r"(?P<points>[1-9][0-9]?)(?:x(?P<per>[a-z]+))?")


@dataclass(frozen=True, slots=True)
class Card:
    animal: str
    season: str
    points: int
    per: str | None = None  # an animal or a season; None = fixed points

    @property
    def rule(self) -> str:
        return f"{self.points}x{self.per}" if self.per else str(self.points)

    def __str__(self) -> str:
        return f"{self.animal}/{self.season}/{self.rule}"

    def matches(self, target: str) -> bool:
        return target in (self.animal, self.season)


class CardObject(BaseModel):
    """A card as an object: {"animal": "frog", "season": "pink", "points": 2, "per": "pink"}."""

    model_config = file_config()

    animal: Animal
    season: Season
    points: int = Field(ge=1, le=99)
    per: Target | None = None

    def card(self) -> Card:
        return Card(self.animal, self.season, self.points, self.per)


CARD_PATTERN = (f"^({'|'.join(ANIMALS)})/({'|'.join(SEASONS)})"
                f"/[1-9][0-9]?(x({'|'.join(ANIMALS + SEASONS)}))?$")
CardInput = Annotated[
    Annotated[str, Tag("card-text"), Field(json_schema_extra={"pattern": CARD_PATTERN})]
    | Annotated[CardObject, Tag("card-object")],
    Discriminator(lambda value: "card-object" if isinstance(value, dict | CardObject)
                  else "card-text"),
    Field(description="ANIMAL/SEASON/RULE, e.g. frog/pink/2xpink, fish/blue/5, or the object form",
          json_schema_extra={"examples": ["frog/pink/2xpink", "dragonfly/orange/8"]}),
]


class PlayerFile(BaseModel):
    model_config = file_config()

    name: str
    pond: list[list[CardInput | None]] = Field(
        description="2 rows (top, bottom) of 4 cards, each row from the owner's left to right; "
                    "null is an empty place, allowed only while a table is being entered")


class SymbioseFile(BaseModel):
    """A Symbiose table at the end of the game (GAME_FILES.md, version 1)."""

    model_config = file_config("Symbiose game file")

    version: Annotated[Literal[1], WHOLE_NUMBER]
    game: Literal["symbiose"]
    mode: Literal["standard", "duel", "team"] | None = Field(
        None, description="Default: duel for 2 players, standard for 3-4")
    players: list[PlayerFile] = Field(description="Clockwise seating order")
    river: list[CardInput | None] | None = Field(
        None, description="Duel only: the 8 river cards (null: not entered yet)")
    river_left_of: str | None = Field(
        None, description="Duel only: the player who has the river on their left")


Pond = tuple[tuple[Card | None, ...], ...]  # None: a place not entered yet (partial tables)


@dataclass(frozen=True, slots=True)
class SymbioseGame:
    mode: str
    names: tuple[str, ...]
    ponds: tuple[Pond, ...]
    river: tuple[Card | None, ...] = ()
    river_left_of: int | None = None  # duel: index of the player with the river on the left

    @property
    def teams(self) -> list[list[str]]:
        return teams_of(self.mode, self.names)


def parse_card_text(text: str) -> Card | tuple[str, dict[str, str]]:
    """A card, or the message key and parameters saying what is wrong with the text.

    Exactly as GAME_FILES.md writes it (and the JSON Schema's pattern): lower case, no spaces.
    A card that is only written otherwise ("Frog/Pink/2") is told how to write it."""
    written = text.strip().lower()
    if written != text and isinstance(_parsed(written), Card):
        return "symbiose.card_spelling", {"card": text, "written": written}
    return _parsed(text)


def _parsed(text: str) -> Card | tuple[str, dict[str, str]]:
    parts = text.split("/")
    if len(parts) != 3:
        return "symbiose.card_format", {"card": text}
    animal, season, rule = parts
    if animal not in ANIMALS:
        return "symbiose.unknown_animal", {"animal": animal}
    if season not in SEASONS:
        return "symbiose.unknown_season", {"season": season}
    match = _RULE.fullmatch(rule)
    if not match:
        return "symbiose.bad_rule", {"rule": rule}
    per = match["per"]
    if per is not None and per not in ANIMALS + SEASONS:
        return "symbiose.unknown_target", {"target": per}
    return Card(animal, season, int(match["points"]), per)
