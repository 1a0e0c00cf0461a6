"""Builds the fallback fonts Flutter's web engine asks our server for (views/text/fonts.py serves
them).

When a name has a character no loaded font covers, the engine picks, from a table compiled into
flet-web's main.dart.js, the Google Fonts file that covers it (emoji and CJK come split into
many small files) and fetches it from `assets/fonts/<that file's path>`. This script reads that
table, cuts each file we ship out of Debian's Noto fonts so that it covers exactly the
characters the engine expects of it, and writes it as WOFF2 under `assets/fonts/fallback/`,
so a phone downloads a few hundred KB for the first emoji or Chinese name and nothing for a
table of Latin names.

Run on a developer machine (not at install time; the output is committed):

    apt-get download fonts-noto-color-emoji fonts-noto-core fonts-noto-cjk
    for deb in fonts-noto-*.deb; do dpkg-deb -x "$deb" noto; done
    pip install "fonttools[woff]"
    python tools/build_fallback_fonts.py noto/usr/share/fonts

Re-run it after a Flet upgrade: the engine's table (its file names) may have changed.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import flet_web
from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from views.text.fonts import FALLBACK_FOLDER, SCRIPTS  # noqa: E402

FALLBACK_DIR = ROOT / "assets" / FALLBACK_FOLDER
MAIN_JS = Path(flet_web.__file__).parent / "web" / "main.dart.js"
# The source of each engine family (its name without the split number): a file under the
# fonts folder, and the face in a collection. Families not named here are not shipped.
CJK = "opentype/noto/NotoSansCJK-Regular.ttc"
CJK_FACES = {"JP": 0, "KR": 1, "SC": 2, "TC": 3, "HK": 4}


def source(family: str) -> tuple[str, int] | None:
    """Where `family` is cut from, or None when Tallybook does not ship it."""
    if family == "Noto Color Emoji":
        return "truetype/noto/NotoColorEmoji.ttf", 0
    region = family.removeprefix("Noto Sans ")
    if region in CJK_FACES:
        return CJK, CJK_FACES[region]
    if family in SCRIPTS:
        return f"truetype/noto/{family.replace(' ', '')}-Regular.ttf", 0
    return None


# The engine's table, as flutter's web_ui encodes it (font_fallback_data.dart): the font list,
# the font sets (runs of font-index deltas), and the code point ranges mapped to a set.
FONT = re.compile(r'A\.z\("([^"]+)","([^"]+\.woff2)"\)')
SETS = re.compile(r'\("([0-9a-z,]{10000,})"\)')
RANGES = re.compile(r'\("([0-9A-Za-z]{10000,})",')


def digits(text: str, first: str, radix: int):
    """The numbers in `text`: decimal prefixes before a letter counted from `first`."""
    prefix = 0
    for char in text:
        if char.isdigit():
            prefix = prefix * 10 + int(char)
        else:
            yield char, prefix * radix + ord(char) - ord(first)
            prefix = 0


def engine_table(script: str) -> list[tuple[str, str, list[int]]]:
    """(family, path, code points it covers) for every fallback font the engine knows."""
    fonts = FONT.findall(script)
    font_sets = []
    for encoded in SETS.search(script).group(1).split(","):
        index, members = -1, []
        for _, delta in digits(encoded, "a", 26):
            index += delta + 1
            members.append(index)
        font_sets.append(members)
    covers: dict[int, list[int]] = defaultdict(list)
    start, size = 0, 1
    for char, number in digits(RANGES.search(script).group(1), "A", 26):
        if char.islower():  # a run's length; an upper-case letter closes the run
            size = number + ord("A") - ord("a") + 2
            continue
        for font in font_sets[number]:
            covers[font].extend(range(start, start + size))
        start, size = start + size, 1
    assert start == 0x110000, "the engine's fallback table changed its encoding"
    return [(re.sub(r" \d+$", "", name), path, covers[i]) for i, (name, path) in enumerate(fonts)]


def cut(job: tuple[Path, int, list[int], Path]) -> tuple[Path, int]:
    """Writes the part of font `job[0]` (face `job[1]`) that covers code points `job[2]`."""
    path, face, code_points, out = job
    font = TTFont(path, fontNumber=face, lazy=False)
    present = set(font.getBestCmap()) & set(code_points)
    options = subset.Options(layout_features=["*"], name_IDs=["*"], name_languages=["*"],
                             notdef_outline=True, hinting=False, flavor="woff2")
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=present)
    subsetter.subset(font)
    out.parent.mkdir(parents=True, exist_ok=True)
    subset.save_font(font, str(out), options)
    return out, len(present)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("fonts", type=Path, help="a folder like /usr/share/fonts with Noto in it")
    args = parser.parse_args()
    jobs = []
    for family, path, code_points in engine_table(MAIN_JS.read_text(encoding="utf-8")):
        found = source(family)
        if found is not None:
            jobs.append((args.fonts / found[0], found[1], code_points, FALLBACK_DIR / path))
    with ProcessPoolExecutor() as pool:
        for out, count in pool.map(cut, jobs):
            if count == 0:  # newer than Debian's font (emoji 15.1): no file, as before
                out.unlink()
            size = out.stat().st_size if count else 0
            print(f"{size:>9} {count:>6} {out.relative_to(FALLBACK_DIR)}")


if __name__ == "__main__":
    main()
