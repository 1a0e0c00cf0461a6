"""The terminal's lines for what clients did (views/web/lines.py): one a minute of each kind."""

import logging

from views.web import lines


def test_a_flood_is_one_line_a_minute_and_then_says_how_many(monkeypatch, caplog):
    monkeypatch.setattr(lines, "_last", {})
    with caplog.at_level(logging.WARNING, logger="tallybook"):
        said = [lines.said("refused x", key="x", now=t) for t in (0, 1, 2, 30)]
        assert lines.said("refused y", key="y", now=31)  # another kind: its own line
        assert lines.said("refused x", key="x", now=61)
    assert said == [True, False, False, False]
    assert [r.getMessage() for r in caplog.records] == [
        "tallybook: refused x", "tallybook: refused y",
        "tallybook: refused x (3 more like it since the last such line)"]
