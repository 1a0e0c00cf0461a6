"""Forest Shuffle game files (GAME_FILES.md) and the checked forests they describe."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, Discriminator, Field, Tag

from scorer.file_model import MAX_NUMBER, WHOLE_NUMBER, file_config
from scorer.forest_shuffle.catalog import Box, Slot
from scorer.setup import Setup

SLOTS: tuple[Slot, ...] = ("top", "bottom", "left", "right")
SAPLING = "sapling"
# The rulebook's player count; a file outside it is refused (checks.py says how many it found).
MIN_PLAYERS, MAX_PLAYERS = 2, 5
HostKind = Literal["tree", "shrub", "sapling"]
SETUP = Setup({count: ("standard",) for count in range(MIN_PLAYERS, MAX_PLAYERS + 1)},
              boxes=get_args(Box))


class CardObject(BaseModel):
    """A card with the details a bare id cannot carry: its tree symbol and its box."""

    model_config = file_config()

    card: str
    symbol: str | None = Field(None, description="The tree-species symbol printed on the half")
    box: Box | None = Field(None, description="Default: the first box that has the species")


CardInput = Annotated[
    Annotated[str, Tag("card-id")] | Annotated[CardObject, Tag("card-object")],
    Discriminator(lambda value: "card-object" if isinstance(value, dict | CardObject)
                  else "card-id"),
]
# Absent = empty; a list = a shared slot (hares, toad pairs, butterflies over a Stinging Nettle).
# Told apart by the value's JSON type, so that a wrong card is reported as a card, never also
# as "not a list".
SlotInput = Annotated[
    Annotated[CardInput, Tag("one-card")] | Annotated[list[CardInput], Tag("cards")],
    Discriminator(lambda value: "cards" if isinstance(value, list) else "one-card"),
] | None


class ForestEntry(BaseModel):
    """One tree, shrub or sapling with the cards in its four slots."""

    model_config = file_config()

    tree: str = Field(description="A tree species id, a shrub id or 'sapling'")
    symbol: str | None = Field(None, description="Shrubs: the tree symbol this copy shows")
    top: SlotInput = None
    bottom: SlotInput = None
    left: SlotInput = None
    right: SlotInput = None


class PlayerFile(BaseModel):
    model_config = file_config()

    name: str
    cave: int = Field(0, ge=0, le=MAX_NUMBER, description="Number of cards under the cave")
    cave_type: str | None = Field(None, description="Exploration caves; default: regular cave")
    forest: list[ForestEntry] = Field(default_factory=list)


class ForestShuffleFile(BaseModel):
    """A Forest Shuffle table at the end of the game (GAME_FILES.md, version 1)."""

    model_config = file_config("Forest Shuffle game file")

    version: Annotated[Literal[1], WHOLE_NUMBER]
    game: Literal["forest-shuffle"]
    boxes: list[Box] | None = Field(
        None, min_length=1,
        description="The boxes in play; their cards only, and their copies added up. "
                    "Default: every box")
    players: list[PlayerFile] = Field(
        json_schema_extra={"minItems": MIN_PLAYERS, "maxItems": MAX_PLAYERS})


@dataclass(frozen=True, slots=True)
class Card:
    """A visible dweller half (or a whole tree/shrub) resolved against the catalogue."""

    species: str  # catalogue id
    box: str
    symbols: frozenset[str]  # animal/plant/... symbols, incl. box extras (WE Squeaker)
    tree_symbol: str | None  # None: not given and not needed
    counts_as: str  # the species it counts as (Moor Birch -> birch); usually itself


@dataclass(frozen=True, slots=True)
class Host:
    """A tree, shrub or sapling with the cards in its slots (several in a shared slot)."""

    kind: HostKind
    card: Card | None  # None for a sapling: no species, no tree symbol
    top: tuple[Card, ...] = ()
    bottom: tuple[Card, ...] = ()
    left: tuple[Card, ...] = ()
    right: tuple[Card, ...] = ()
    flipped: str | None = None  # a tree turned into a sapling (Mistletoe): its species id

    def slot(self, slot: Slot) -> tuple[Card, ...]:
        cards: tuple[Card, ...] = getattr(self, slot)
        return cards

    @property
    def is_tree(self) -> bool:
        """Saplings are trees; shrubs are not (cards facts §1.5-1.6)."""
        return self.kind != "shrub"

    @property
    def species(self) -> str | None:
        return None if self.card is None else self.card.counts_as

    def attached(self) -> tuple[Card, ...]:
        return self.top + self.bottom + self.left + self.right


@dataclass(frozen=True)
class Forest:
    hosts: tuple[Host, ...]
    cave: int = 0
    cave_type: str = "regular_cave"

    # Counted once per forest: scoring asks the same questions for many cards of every player.
    @cached_property
    def visible(self) -> tuple[Card, ...]:
        """Every visible card but saplings: trees, shrubs and the played dweller halves."""
        return tuple(card for host in self.hosts
                     for card in ((host.card,) if host.card else ()) + host.attached())

    @cached_property
    def symbol_counts(self) -> Counter[str]:
        return Counter(symbol for card in self.visible for symbol in card.symbols)

    @cached_property
    def saplings(self) -> int:
        return sum(host.kind == "sapling" for host in self.hosts)

    @cached_property
    def counts(self) -> dict[object, Any]:
        """Scoring's memo of what it has counted in this forest (majorities ask every forest)."""
        return {}


@dataclass(frozen=True, slots=True)
class ForestShuffleGame:
    names: tuple[str, ...]
    forests: tuple[Forest, ...]

    @property
    def teams(self) -> list[list[str]]:
        return []
