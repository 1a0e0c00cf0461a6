"""Which shipped font draws each character of a text in the picture of a sheet.

A name may be in any script and hold emoji. The picture is drawn with the fonts the app already
serves (views/text/fonts.py): Roboto (the phone's font, from flet-web), DejaVu Sans, and the Noto
fallback files cut by tools/build_fallback_fonts.py, CJK and colour emoji split into many
small files. Pillow cannot tell whether a font has a glyph, so `coverage.json` (written by
tools/build_font_coverage.py, checked by a test) says which characters each file has; a text
is cut into runs, each drawn with the first font in `preference` that has its characters.
"""

from __future__ import annotations

import bisect
import json
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from views.text.fonts import FALLBACK_FOLDER, ROBOTO

ASSETS = Path(__file__).resolve().parents[2] / "assets"
COVERAGE = Path(__file__).with_name("coverage.json")
ROBOTO_KEY = "roboto"
DEJAVU = "fonts/DejaVuSans.ttf"
EMOJI_FAMILY = "notocoloremoji"
# The CJK families, in the order a Han character is looked for; kana or hangul in the same text
# puts Japanese or Korean first, so that its Han characters get that region's glyph forms.
CJK_FAMILIES = ("notosanssc", "notosanstc", "notosanshk", "notosansjp", "notosanskr")
LAST_FAMILIES = ("notosanssymbols", "notosanssymbols2", "notosansmath")

ZWJ, EMOJI_STYLE = "\u200d", "\ufe0f"


def font_paths() -> dict[str, Path]:
    """Every font the picture may use: key (a path under the assets folder, or "roboto") ->
    file."""
    folder = ASSETS / FALLBACK_FOLDER
    fallback = {path.relative_to(ASSETS).as_posix(): path
                for path in sorted(folder.rglob("*.woff2"))}
    return {ROBOTO_KEY: ROBOTO, DEJAVU: ASSETS / DEJAVU, **fallback}


def family(key: str) -> str:
    """The Noto family folder of a fallback file ('notosanssc'); the key itself otherwise."""
    parts = key.split("/")
    return parts[2] if len(parts) > 3 else key


@dataclass(frozen=True)
class Coverage:
    """The characters one font has: the starts and (exclusive) ends of its runs, for bisect."""

    starts: tuple[int, ...]
    ends: tuple[int, ...]

    def __contains__(self, point: int) -> bool:
        at = bisect.bisect_right(self.starts, point) - 1
        return at >= 0 and point < self.ends[at]


@cache
def coverage() -> dict[str, Coverage]:
    """The committed index, read once: key -> Coverage."""
    found: dict[str, Coverage] = {}
    for key, numbers in json.loads(COVERAGE.read_text(encoding="utf-8")).items():
        starts, ends, end = [], [], 0
        for gap, length in zip(numbers[::2], numbers[1::2], strict=True):
            starts.append(end + gap)
            end = end + gap + length
            ends.append(end)
        found[key] = Coverage(tuple(starts), tuple(ends))
    return found


@cache
def preference(cjk_first: str = "") -> tuple[str, ...]:
    """The fonts in the order a character is looked for: the phone's Roboto, Noto Sans and the
    scripts, colour emoji (ahead of DejaVu, which has some emoji in black and white), DejaVu,
    then symbols and CJK (`cjk_first` ahead of the other regions)."""
    keys = list(coverage())
    by_family: dict[str, list[str]] = {}
    for key in keys:
        by_family.setdefault(family(key), []).append(key)
    regions = sorted(CJK_FAMILIES, key=lambda name: name != cjk_first)
    later = {EMOJI_FAMILY, *LAST_FAMILIES, *CJK_FAMILIES, ROBOTO_KEY, DEJAVU, "notosans"}
    scripts = sorted(name for name in by_family if name not in later)
    order = [ROBOTO_KEY, "notosans", *scripts, EMOJI_FAMILY, DEJAVU, *LAST_FAMILIES, *regions]
    return tuple(key for name in order for key in by_family.get(name, []))


def _region(text: str) -> str:
    """The CJK family a text's own letters call for: kana, Japanese; hangul, Korean."""
    for char in text:
        point = ord(char)
        if 0x3040 <= point <= 0x30FF or 0x31F0 <= point <= 0x31FF:
            return "notosansjp"
        if 0xAC00 <= point <= 0xD7AF or 0x1100 <= point <= 0x11FF or 0x3130 <= point <= 0x318F:
            return "notosanskr"
    return ""


def is_emoji(key: str) -> bool:
    return family(key) == EMOJI_FAMILY


def _joins(char: str, previous: str) -> bool:
    """Whether `char` belongs with the character before it (one glyph, one font): a mark, a
    joiner or variation selector, a skin tone, an emoji tag, or whatever follows a ZWJ."""
    point = ord(char)
    return previous == ZWJ or unicodedata.category(char) in ("Mn", "Me", "Cf") \
        or 0x1F3FB <= point <= 0x1F3FF or 0xE0020 <= point <= 0xE007F


def _selector(char: str) -> bool:
    point = ord(char)
    return unicodedata.category(char) == "Cf" or 0xFE00 <= point <= 0xFE0F \
        or 0xE0100 <= point <= 0xE01EF


def _neutral(char: str) -> bool:
    """Spaces and punctuation: drawn in the font of the run they are in, where it has them (an
    Arabic name's space stays in the Arabic run, which is then shaped right to left whole)."""
    return unicodedata.category(char)[0] in "ZP"


def clusters(text: str) -> list[str]:
    """`text` cut where a new character starts a glyph of its own (see `_joins`)."""
    out: list[str] = []
    for at, char in enumerate(text):
        if out and _joins(char, text[at - 1]):
            out[-1] += char
        else:
            out.append(char)
    return out


def font_for(cluster: str, region: str = "") -> str:
    """The first font in preference order that has every character of `cluster` (joiners and
    variation selectors aside: fonts map those apart from their characters), the emoji font
    first when the cluster asks for emoji style; failing that, the first that has its first
    character, and DejaVu (its empty box) when none has that."""
    fonts, order = coverage(), preference(region)
    if EMOJI_STYLE in cluster:
        order = tuple(sorted(order, key=lambda key: not is_emoji(key)))
    needed = [ord(char) for char in cluster if not _selector(char)] or [ord(cluster[0])]
    found = next((key for key in order if all(point in fonts[key] for point in needed)), None)
    return found or next((key for key in order if needed[0] in fonts[key]), DEJAVU)


def runs(text: str) -> list[tuple[str, str]]:
    """`text` cut into (font key, characters) runs, in the text's logical order."""
    region, fonts = _region(text), coverage()
    out: list[tuple[str, str]] = []
    for cluster in clusters(text):
        if out and _neutral(cluster[0]) and all(ord(char) in fonts[out[-1][0]]
                                                for char in cluster):
            out[-1] = (out[-1][0], out[-1][1] + cluster)
            continue
        key = font_for(cluster, region)
        if out and out[-1][0] == key:
            out[-1] = (key, out[-1][1] + cluster)
        else:
            out.append((key, cluster))
    return out


def right_to_left(text: str) -> bool:
    """Whether a text reads right to left: its first strong character is Arabic or Hebrew..."""
    for char in text:
        kind = unicodedata.bidirectional(char)
        if kind in ("R", "AL"):
            return True
        if kind == "L":
            return False
    return False


def visual_runs(text: str) -> Iterator[tuple[str, str]]:
    """The runs left to right as they are drawn: a right-to-left text's runs in reverse (each
    run is shaped in its own direction by Pillow's raqm layout)."""
    found = runs(text)
    yield from reversed(found) if right_to_left(text) else found

