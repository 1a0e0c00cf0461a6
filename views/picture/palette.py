"""The picture's colours: the page in light and dark, the places' medals, and one colour per
scoring category (the same in every game that has it, in light and dark), from the Okabe-Ito
palette, which readers with any common colour blindness still tell apart."""

from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]

ORANGE, SKY, GREEN, YELLOW = (230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66)
BLUE, VERMILION, PURPLE, GREY = (0, 114, 178), (213, 94, 0), (204, 121, 167), (153, 153, 153)

CATEGORY_COLOURS: dict[str, Colour] = {
    # Symbiose: the pond's three columns
    "left": SKY, "middle": GREEN, "right": ORANGE,
    # Forest Shuffle: where a card lies
    "trees": GREEN, "top": SKY, "bottom": ORANGE, "sides": PURPLE, "cave": GREY,
    # Fossil: what moved the score
    "start": GREY, "moves": VERMILION, "finds": GREEN, "received": BLUE, "paid": PURPLE,
    "adjustments": YELLOW,
}
MEDALS: dict[int, Colour] = {1: (242, 193, 78), 2: (192, 199, 207), 3: (211, 154, 106)}


@dataclass(frozen=True)
class Palette:
    background: Colour
    ink: Colour
    muted: Colour
    track: Colour  # an empty bar, a rule, a plain badge


LIGHT = Palette(background=(250, 248, 244), ink=(28, 27, 31), muted=(95, 91, 102),
                track=(232, 226, 217))
DARK = Palette(background=(20, 18, 24), ink=(230, 225, 229), muted=(176, 169, 181),
               track=(52, 49, 58))


def palette(dark: bool) -> Palette:
    return DARK if dark else LIGHT


def category_colour(category: str) -> Colour:
    return CATEGORY_COLOURS.get(category, GREY)


def place_colour(place: int) -> Colour | None:
    return MEDALS.get(place)


def ink_on(colour: Colour) -> Colour:
    """Black or white, whichever reads better on `colour` (its relative luminance)."""
    red, green, blue = (channel / 255 for channel in colour)
    luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    return (28, 27, 31) if luminance > 0.45 else (255, 255, 255)
