"""Drawing a line of text in any script, emoji in colour, each run in the font that has it.

Noto Color Emoji is a bitmap font (CBDT) with one strike, 109 pixels: its runs are drawn at that
size in colour (`embedded_color`) on a layer of their own, scaled to the text's size and laid
on the picture. Every other run is drawn by FreeType at the text's size; Pillow's raqm layout
shapes each run (Arabic joined, right to left; Indic clusters).
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw, ImageFont

from views.picture.fonts import font_paths, is_emoji, visual_runs

EMOJI_STRIKE = 109  # the one size Noto Color Emoji's bitmaps are made at
ELLIPSIS = "…"
Colour = tuple[int, int, int]


@cache
def _paths() -> dict[str, str]:
    return {key: str(path) for key, path in font_paths().items()}


@cache
def font(key: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(_paths()[key], EMOJI_STRIKE if is_emoji(key) else size)


def _bold(size: int) -> int:
    """The stroke that thickens a bold text: the shipped fonts have one weight each."""
    return max(1, round(size / 40))


def width(text: str, size: int, bold: bool = False) -> int:
    """How wide `text` is drawn at `size` pixels."""
    total = 0.0
    for key, part in visual_runs(text):
        length = font(key, size).getlength(part)
        total += length * size / EMOJI_STRIKE if is_emoji(key) else length
    return round(total) + (2 * _bold(size) if bold else 0)


def fitted(text: str, size: int, room: int, bold: bool = False) -> str:
    """`text`, or as much of it as fits `room` pixels followed by an ellipsis."""
    if width(text, size, bold) <= room:
        return text
    low, high = 0, len(text)  # the longest prefix that fits with the ellipsis
    while low < high:
        middle = (low + high + 1) // 2
        if width(text[:middle].rstrip() + ELLIPSIS, size, bold) <= room:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS


def draw(image: Image.Image, left: int, baseline: int, text: str, size: int, fill: Colour,
         bold: bool = False) -> int:
    """Draws `text` from `left` on `baseline`; returns where it ends."""
    canvas = ImageDraw.Draw(image)
    stroke = _bold(size) if bold else 0
    x = float(left + stroke)
    for key, part in visual_runs(text):
        face = font(key, size)
        if is_emoji(key):
            x += _emoji(image, round(x), baseline, part, face, size)
            continue
        canvas.text((x, baseline), part, font=face, fill=fill, anchor="ls",
                    stroke_width=stroke, stroke_fill=fill)
        x += face.getlength(part)
    return round(x) + stroke


def _emoji(image: Image.Image, left: int, baseline: int, part: str, face: ImageFont.FreeTypeFont,
           size: int) -> float:
    """Draws an emoji run in colour, scaled from the font's strike; returns its width."""
    ascent, descent = face.getmetrics()
    length = face.getlength(part)
    layer = Image.new("RGBA", (max(1, round(length)), ascent + descent))
    ImageDraw.Draw(layer).text((0, ascent), part, font=face, anchor="ls", embedded_color=True)
    scale = size / EMOJI_STRIKE
    shown = layer.resize((max(1, round(layer.width * scale)), max(1, round(layer.height * scale))),
                         Image.Resampling.LANCZOS)
    image.alpha_composite(shown, (left, baseline - round(ascent * scale)))
    return length * scale
