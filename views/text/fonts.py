"""Which fonts the page gets, and from where, with no font host on the internet.

Two layers, both served by Tallybook itself:
- `PAGE_FONTS`, loaded by every phone: DejaVu Sans (0.7 MB), the first fallback of every text
  (`FALLBACK`), for symbols and the Latin, Greek and Cyrillic letters Roboto lacks; and DejaVu
  Sans Mono cut to the app's languages (35 KB, tools/build_mono_font.py), in which the share
  sheet shows a score sheet as text, its columns lined up (the engine draws no font the page
  did not load, so the phone's own monospace font cannot be used).
- The engine's own fallback, loaded only when a text needs it: when no loaded font has a glyph,
  Flutter's web engine fetches the Noto file that covers it from `assets/fonts/<path>`, the path
  being the Google Fonts one compiled into the engine (emoji and CJK come in many small parts,
  each a few hundred KB). `tools/build_fallback_fonts.py` cuts those files out of Debian's Noto
  fonts into `FALLBACK_FOLDER`, for the families in `SCRIPTS`, colour emoji and CJK; the server
  answers the engine's requests from there (views/web/server.py).
"""

from __future__ import annotations

from pathlib import Path

import flet_web

# The font the phone draws text in, which Flet's web client ships: names are fitted to cards in it
# (views/widgets/fit.py) and the picture of a sheet is drawn in it (views/picture/fonts.py).
ROBOTO = Path(flet_web.__file__).parent / "web" / "assets" / "fonts" / "roboto.woff2"
FALLBACK_FOLDER = Path("fonts", "fallback")  # under the app's assets folder
# Where the engine asks for its fallback fonts: flet's `fontFallbackBaseUrl`, under the page.
ENGINE_FONTS = "/assets/fonts/"

# page.fonts: family -> path under assets/
PAGE_FONTS = {"DejaVu": "fonts/DejaVuSans.ttf", "DejaVuMono": "fonts/DejaVuSansMono.woff2"}
MONOSPACE = "DejaVuMono"
FALLBACK = ["DejaVu"]  # font_family_fallback of every text, before the engine's own

# The engine's single-file Noto families we ship (besides colour emoji and the CJK families):
# the scripts in use today that a name may be written in, and symbols. Historic scripts
# (cuneiform, runes, Linear B...) are left out: nobody types their name in them, and they
# would add megabytes to the repository.
SCRIPTS = frozenset({
    "Noto Sans", "Noto Sans Symbols", "Noto Sans Symbols 2", "Noto Sans Math",
    "Noto Sans Adlam", "Noto Sans Arabic", "Noto Sans Armenian", "Noto Sans Balinese",
    "Noto Sans Bamum", "Noto Sans Bengali", "Noto Sans Canadian Aboriginal", "Noto Sans Cham",
    "Noto Sans Cherokee", "Noto Sans Devanagari", "Noto Sans Ethiopic", "Noto Sans Georgian",
    "Noto Sans Gujarati", "Noto Sans Gurmukhi", "Noto Sans Hebrew", "Noto Sans Javanese",
    "Noto Sans Kannada", "Noto Sans Kayah Li", "Noto Sans Khmer", "Noto Sans Lao",
    "Noto Sans Lisu", "Noto Sans Malayalam", "Noto Sans Meetei Mayek", "Noto Sans Miao",
    "Noto Sans Mongolian", "Noto Sans Myanmar", "Noto Sans NKo", "Noto Sans New Tai Lue",
    "Noto Sans Ol Chiki", "Noto Sans Oriya", "Noto Sans Osage", "Noto Sans Pahawh Hmong",
    "Noto Sans Sinhala", "Noto Sans Sundanese", "Noto Sans Syriac", "Noto Sans Tai Le",
    "Noto Sans Tai Tham", "Noto Sans Tai Viet", "Noto Sans Tamil", "Noto Sans Telugu",
    "Noto Sans Thaana", "Noto Sans Thai", "Noto Sans Tifinagh", "Noto Sans Vai",
    "Noto Sans Wancho", "Noto Sans Yi", "Noto Serif Tibetan",
})


def fallback_files(assets: Path) -> dict[str, Path]:
    """URL path -> file, for every fallback font in the assets folder `assets`: read once at
    start, so a request can only ever name a file that is there (no path is built from what
    the browser sent)."""
    folder = assets / FALLBACK_FOLDER
    return {ENGINE_FONTS + path.relative_to(folder).as_posix(): path
            for path in sorted(folder.rglob("*.woff2"))}
