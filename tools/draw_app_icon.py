"""Draws Tallybook's icon (a score pad with a tally of five) into assets/app-icon/, in every
size and shape views/web/identity.py serves: `python tools/draw_app_icon.py`. The output is
committed; the drawing is plain shapes in the app's colours, so a re-run writes the same pixels
(tests/views/test_identity.py checks that the committed files are what this draws).
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from views.web.connection import COLOURS  # noqa: E402
from views.web.identity import ICON_FOLDER, ICONS, Icon  # noqa: E402

OUT = ROOT / "assets" / ICON_FOLDER
SUPERSAMPLE = 4  # drawn this many times larger, then scaled down: smooth edges at 32 px
PAPER = "#ffffff"
BINDING = "#ffcc80"  # the orange of the games' palette (assets/icons/symbiose.svg)
STRIKE = "#e65100"
# The motif in a box of 1 x 1 (the icon's side); a maskable icon shrinks it to fit Android's
# safe zone (the centre circle of 80 %: its corners then reach 0.38 of the side from centre).
PAD = (0.2, 0.16, 0.8, 0.86)
PAD_RADIUS = 0.07
BINDING_HEIGHT = 0.12
STROKES_X = (0.32, 0.42, 0.52, 0.62)
STROKES_Y = (0.4, 0.76)
STROKE = 0.065
STRIKE_LINE = ((0.25, 0.71), (0.72, 0.44))
MASKABLE_SCALE = 0.82


def draw(icon: Icon) -> Image.Image:
    """The icon `icon` as an image of its size (RGBA if rounded, else RGB)."""
    side = icon.size * SUPERSAMPLE
    primary = COLOURS["light"]["primary"]
    image = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    if icon.shape == "rounded":
        pen.rounded_rectangle((0, 0, side - 1, side - 1), radius=side * 0.22, fill=primary)
    else:
        pen.rectangle((0, 0, side, side), fill=primary)
    scale = MASKABLE_SCALE if icon.shape == "maskable" else 1.0

    def at(x: float, y: float) -> tuple[float, float]:
        return ((0.5 + (x - 0.5) * scale) * side, (0.5 + (y - 0.5) * scale) * side)

    def line(start: tuple[float, float], end: tuple[float, float], colour: str) -> None:
        width = STROKE * scale * side
        pen.line((at(*start), at(*end)), fill=colour, width=round(width))
        for x, y in (at(*start), at(*end)):  # round caps
            pen.ellipse((x - width / 2, y - width / 2, x + width / 2, y + width / 2), fill=colour)

    left, top = at(PAD[0], PAD[1])
    right, bottom = at(PAD[2], PAD[3])
    radius = PAD_RADIUS * scale * side
    pen.rounded_rectangle((left, top, right, bottom), radius=radius, fill=PAPER)
    pen.rounded_rectangle((left, top, right, top + BINDING_HEIGHT * scale * side),
                          radius=radius, fill=BINDING, corners=(True, True, False, False))
    for x in STROKES_X:
        line((x, STROKES_Y[0]), (x, STROKES_Y[1]), primary)
    line(*STRIKE_LINE, STRIKE)
    small = image.resize((icon.size, icon.size), Image.Resampling.LANCZOS)
    return small if icon.shape == "rounded" else small.convert("RGB")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for icon in ICONS:
        draw(icon).save(OUT / icon.file, optimize=True)
        print(f"{OUT / icon.file} ({icon.size} px, {icon.shape})")


if __name__ == "__main__":
    main()
