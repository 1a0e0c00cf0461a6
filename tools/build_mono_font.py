"""Builds the monospace font the share sheet shows a score sheet as text in (views/text/fonts.py):
DejaVu Sans Mono, cut to the letters of the app's languages and the sheet's punctuation, as
WOFF2 (a phone loads a few tens of KB). Flutter's web engine draws only fonts the page loads,
so the phone's own monospace font cannot be used; a name in another script still shows, in
the engine's fallback fonts.

Run on a developer machine (the output is committed):

    pip install "fonttools[woff]"
    python tools/build_mono_font.py /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf
"""

from __future__ import annotations

import argparse
from pathlib import Path

from fontTools import subset

# Basic Latin and Latin-1, Latin Extended-A and -B, combining accents, Latin Extended
# Additional (Vietnamese), general punctuation (— … and the isolates), currency, arrows, the
# minus and multiplication signs, box drawing.
UNICODES = "U+0020-024F,U+0300-036F,U+1E00-1EFF,U+2000-206F,U+20A0-20BF,U+2190-21FF," \
           "U+2212,U+00D7,U+2500-257F"
OUT = Path(__file__).resolve().parents[1] / "assets" / "fonts" / "DejaVuSansMono.woff2"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("source", type=Path, help="DejaVuSansMono.ttf")
    args = parser.parse_args()
    subset.main([str(args.source), f"--unicodes={UNICODES}", "--flavor=woff2",
                 "--layout-features=*", f"--output-file={OUT}"])
    print(f"{OUT}: {OUT.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
