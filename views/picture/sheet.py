"""The final score sheet as a picture for a group chat: the game, when and its variant, the
teams (Symbiose), then each player by place with their total, their category subtotals as one
bar (gains right of the line, losses left of it) and each subtotal named below in its colour.

1080 pixels wide (a phone's full-screen width), as tall as its players need. Drawn in two
passes: the blocks are measured, then drawn on an image of their height.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from scorer import PlayerScore, ScoreSheet
from scorer.printable import printable
from views.picture import text
from views.picture.palette import Palette, category_colour, ink_on, palette, place_colour
from views.text.game_words import variant_words
from views.text.i18n import game_language, scorer_text, ui
from views.text.i18n import when as moment_words

WIDTH = 1080
MARGIN = 56
INDENT = 84  # the place badge's column
TITLE, SUBTITLE, NAME, TOTAL, CHIP, SEGMENT, FOOTER = 60, 32, 44, 56, 28, 24, 26
BAR = 40
CHIP_LINE = 42
SWATCH = 20
GAP = 36

Draw = Callable[[Image.Image, int], None]
# One picture at a time: the fonts are shared (loaded once), and a FreeType face is not made to
# be used by two threads at once (two phones asking together, each in a worker thread).
_DRAWING = threading.Lock()


@dataclass(frozen=True)
class Block:
    height: int
    draw: Draw  # draws the block with its top at the given y


def sheet_picture(file: dict[str, Any], sheet: ScoreSheet, lang: str, dark: bool = False,
                  when: float | None = None) -> bytes:
    """The PNG of a finished game's sheet: `file` its game file (for the variant), in the
    language of the game's screens for `lang`, dark or light; `when` (seconds since the
    epoch) its date, none when unknown."""
    with _DRAWING:
        return _picture(file, sheet, game_language(sheet.game, lang), palette(dark), when)


def _picture(file: dict[str, Any], sheet: ScoreSheet, lang: str, colours: Palette,
             when: float | None) -> bytes:
    blocks = [_header(sheet, file, lang, when, colours)]
    if sheet.teams:
        blocks.append(_teams(sheet, colours))
    scale = _Scale.of(sheet.players)
    blocks += [_player(player, lang, colours, scale)
               for player in sorted(sheet.players, key=lambda player: player.place)]
    blocks.append(_footer(colours))
    image = Image.new("RGBA", (WIDTH, sum(block.height for block in blocks)), colours.background)
    top = 0
    for block in blocks:
        block.draw(image, top)
        top += block.height
    out = io.BytesIO()
    image.convert("RGB").save(out, format="PNG")
    return out.getvalue()


def _header(sheet: ScoreSheet, file: dict[str, Any], lang: str, when: float | None,
            colours: Palette) -> Block:
    room = WIDTH - 2 * MARGIN
    title = text.fitted(ui(f"game.{sheet.game}", lang), TITLE, room, bold=True)
    parts = [moment_words(when, lang)] if when is not None else []
    parts.append(variant_words(file, lang, " + "))
    subtitle = text.fitted(" · ".join(part for part in parts if part), SUBTITLE, room)

    rule = 186 if subtitle else 136  # no date and the base game: no second line

    def draw(image: Image.Image, top: int) -> None:
        text.draw(image, MARGIN, top + 104, title, TITLE, colours.ink, bold=True)
        text.draw(image, MARGIN, top + 154, subtitle, SUBTITLE, colours.muted)
        ImageDraw.Draw(image).line([(MARGIN, top + rule), (WIDTH - MARGIN, top + rule)],
                                   fill=colours.track, width=2)

    return Block(rule + 24, draw)


def _teams(sheet: ScoreSheet, colours: Palette) -> Block:
    teams = sorted(sheet.teams, key=lambda team: team.place)
    row = 64

    def draw(image: Image.Image, top: int) -> None:
        for number, team in enumerate(teams):
            baseline = top + 46 + number * row
            _badge(image, baseline - 14, team.place, colours)
            names = " + ".join(printable(name) for name in team.players)  # as the history
            total = str(team.total)
            room = WIDTH - MARGIN - INDENT - text.width(total, NAME, True) - 24 - MARGIN
            text.draw(image, MARGIN + INDENT, baseline, text.fitted(names, 36, room, True), 36,
                      colours.ink, bold=True)
            _right(image, baseline, total, NAME, colours.ink)
        line = top + len(teams) * row + 20
        ImageDraw.Draw(image).line([(MARGIN, line), (WIDTH - MARGIN, line)],
                                   fill=colours.track, width=2)

    return Block(len(teams) * row + 40, draw)


@dataclass(frozen=True)
class _Scale:
    """The bars' common scale: every player's gains and losses fit the same width."""

    axis: int  # where zero is
    per_point: float

    @classmethod
    def of(cls, players: list[PlayerScore]) -> _Scale:
        gains = max(sum(v for v in p.categories.values() if v > 0) for p in players)
        losses = max(-sum(v for v in p.categories.values() if v < 0) for p in players)
        room = WIDTH - MARGIN - INDENT - MARGIN
        per_point = room / (gains + losses) if gains + losses else 0.0
        return cls(MARGIN + INDENT + round(losses * per_point), per_point)


def _player(player: PlayerScore, lang: str, colours: Palette, scale: _Scale) -> Block:
    total = _number(player.total)
    room = WIDTH - MARGIN - INDENT - text.width(total, TOTAL, True) - 24 - MARGIN
    name = text.fitted(printable(player.name), NAME, room, bold=True)
    shown = [(category, points) for category, points in player.categories.items() if points]
    lines = _chip_lines(shown, lang)

    def draw(image: Image.Image, top: int) -> None:
        _badge(image, top + 40, player.place, colours)
        text.draw(image, MARGIN + INDENT, top + 56, name, NAME, colours.ink, bold=True)
        _right(image, top + 60, total, TOTAL, colours.ink)
        _bar(image, top + 84, shown, scale, colours)
        for number, line in enumerate(lines):
            _chips(image, top + 84 + BAR + 42 + number * CHIP_LINE, line, lang, colours)

    return Block(84 + BAR + 20 + len(lines) * CHIP_LINE + GAP, draw)


def _chip_text(category: str, points: int, lang: str) -> str:
    return f"{scorer_text('category.' + category, {}, lang)} {_number(points)}"


def _chip_lines(shown: list[tuple[str, int]], lang: str) -> list[list[tuple[str, int]]]:
    """The subtotals' labels wrapped into lines that fit beside the badge column."""
    room = WIDTH - MARGIN - INDENT - MARGIN
    lines: list[list[tuple[str, int]]] = [[]]
    used = 0
    for chip in shown:
        size = SWATCH + 10 + text.width(_chip_text(*chip, lang), CHIP) + 28
        if lines[-1] and used + size > room:
            lines.append([])
            used = 0
        lines[-1].append(chip)
        used += size
    return lines


def _chips(image: Image.Image, baseline: int, line: list[tuple[str, int]], lang: str,
           colours: Palette) -> None:
    canvas = ImageDraw.Draw(image)
    x = MARGIN + INDENT
    for category, points in line:
        canvas.rounded_rectangle([x, baseline - SWATCH, x + SWATCH, baseline], radius=5,
                                 fill=category_colour(category))
        x = text.draw(image, x + SWATCH + 10, baseline, _chip_text(category, points, lang),
                      CHIP, colours.ink) + 28


def _bar(image: Image.Image, top: int, shown: list[tuple[str, int]], scale: _Scale,
         colours: Palette) -> None:
    """Gains stacked right of the axis, losses left of it, each in its category's colour."""
    canvas = ImageDraw.Draw(image)
    canvas.rounded_rectangle([MARGIN + INDENT, top, WIDTH - MARGIN, top + BAR], radius=8,
                             fill=colours.track)
    right = left = float(scale.axis)
    for category, points in shown:
        size = abs(points) * scale.per_point
        if points > 0:
            start, right = right, right + size
        else:
            left, start = left - size, left - size
        box = [round(start), top, round(start + size) - 2, top + BAR]
        if box[2] <= box[0]:
            continue
        colour = category_colour(category)
        canvas.rectangle(box, fill=colour)
        label = _number(points)
        if text.width(label, SEGMENT) + 12 <= box[2] - box[0]:
            middle = (box[0] + box[2] - text.width(label, SEGMENT)) // 2
            text.draw(image, middle, top + BAR // 2 + SEGMENT * 7 // 20, label, SEGMENT,
                      ink_on(colour))
    if scale.axis > MARGIN + INDENT:  # a game with losses: zero marked
        canvas.line([(scale.axis - 1, top - 6), (scale.axis - 1, top + BAR + 6)],
                    fill=colours.ink, width=3)


def _badge(image: Image.Image, middle: int, place: int, colours: Palette) -> None:
    """The place in a disc: gold, silver, bronze, then plain."""
    radius = 30
    centre = MARGIN + radius
    fill = place_colour(place) or colours.track
    ImageDraw.Draw(image).ellipse([centre - radius, middle - radius, centre + radius,
                                   middle + radius], fill=fill)
    label = str(place)
    ink = ink_on(fill) if place_colour(place) else colours.ink
    text.draw(image, centre - text.width(label, 30, True) // 2, middle + 11, label, 30, ink,
              bold=True)


def _right(image: Image.Image, baseline: int, words: str, size: int,
           colour: tuple[int, int, int]) -> None:
    text.draw(image, WIDTH - MARGIN - text.width(words, size, True), baseline, words, size,
              colour, bold=True)


def _footer(colours: Palette) -> Block:
    def draw(image: Image.Image, top: int) -> None:
        words = "Tallybook"
        text.draw(image, WIDTH - MARGIN - text.width(words, FOOTER), top + 40, words, FOOTER,
                  colours.muted)

    return Block(72, draw)


def _number(points: int) -> str:
    """A number as the sheet prints it, with a real minus sign."""
    return str(points).replace("-", "\u2212")
