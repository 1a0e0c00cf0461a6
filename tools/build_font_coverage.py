"""Writes the coverage index of the fonts the picture of a sheet is drawn with
(views/picture/coverage.json): which characters each shipped font has a glyph for.

Pillow draws with a font but cannot tell whether the font has a character; fontTools can, but
reading the cmaps of 170 WOFF2 files takes seconds. So the index is data, made here and
committed; tests/views/test_picture_fonts.py checks it against the fonts, so a font rebuilt by
tools/build_fallback_fonts.py (or a Flet upgrade's Roboto) without this being re-run fails.

    pip install "fonttools[woff]"
    python tools/build_font_coverage.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from views.picture.fonts import COVERAGE, font_paths  # noqa: E402


def runs(code_points: set[int]) -> list[int]:
    """The code points as [start, length, gap, length, gap, ...]: each run's start counted
    from the previous run's end, so that the numbers stay small."""
    out: list[int] = []
    end = 0
    for point in sorted(code_points):
        if out and point == end:
            out[-1] += 1
        else:
            out += [point - end, 1]
        end = point + 1
    return out


def coverage(path: Path) -> list[int]:
    with TTFont(path, lazy=True) as font:
        return runs(set(font.getBestCmap()))


def index() -> dict[str, list[int]]:
    return {key: coverage(path) for key, path in font_paths().items()}


def main() -> None:
    COVERAGE.write_text(json.dumps(index(), separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{COVERAGE.relative_to(ROOT)}: {COVERAGE.stat().st_size} bytes")


if __name__ == "__main__":
    main()
