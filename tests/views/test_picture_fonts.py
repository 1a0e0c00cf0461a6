"""The picture's committed font coverage index says what the shipped fonts really hold."""

from __future__ import annotations

import json

from tools.build_font_coverage import index
from views.picture.fonts import COVERAGE, font_paths


def test_the_coverage_index_matches_every_shipped_font():
    committed = json.loads(COVERAGE.read_text(encoding="utf-8"))
    assert committed.keys() == font_paths().keys()  # a font added or gone: re-run the tool
    assert committed == index(), "run tools/build_font_coverage.py"
