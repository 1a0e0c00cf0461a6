"""A player's total in each of their last games of one game, as a small line chart, oldest on
the left, the average winning score of their games as a dashed line.

Flet's own chart (flet-charts, drawn by flet-web's client). It takes no touches: a drag over it
scrolls the page, and what a tooltip would tell is written above and below it (the range, the
last total, the average), and said to a screen reader in one sentence."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator

import flet as ft
import flet_charts as fch

from views.records.results import Series
from views.web.session import AppSession
from views.widgets.common import text

HEIGHT = 170  # px: the plot with its axis labels; the card's figures stay in view above it
# The highest and lowest labels stand half above and below the plot: room for them at 200 %.
OVERHANG = ft.Padding.symmetric(vertical=16)
# The left axis' labels: room for a three-digit score at the phone's largest text (200 %),
# each on one line.
LABEL_ROOM = 64
GAPS = 3  # between the axis' labels at most: four labels fit the height at 200 % text


def round_steps() -> Iterator[int]:
    """1, 2, 5, 10, 20, 25, 50, 100, …: gaps between labels a reader counts in."""
    for power in itertools.count():
        yield from (m * 10 ** power for m in ((1, 2, 5) if power == 0 else (1, 2, 2.5, 5)))


def y_axis(values: list[float]) -> tuple[int, int, int]:
    """The lowest and highest score shown and the step between the labels: round numbers
    around `values` (one value, or values close together: a span of 10 around them, not
    below 0 when none is)."""
    low, high = min(values), max(values)
    if high - low < 10:
        middle = (low + high) / 2
        low, high = middle - 5, middle + 5
        if min(values) >= 0 > low:  # no negative scores on the axis of a game without any
            low, high = 0, 10
    step = next(int(s) for s in round_steps()
                if math.ceil(high / s) - math.floor(low / s) <= GAPS)
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


def variant(series: Series) -> str:
    """Which of a chart's messages: for one game, for all of them, for the last of many."""
    return "_one" if series.games == 1 else "_cut" if series.cut else ""


def said(app: AppSession, series: Series) -> str:
    """'Forest Shuffle: 7 games, from 98 to 141, last 132; average winning score 135.0'."""
    totals = series.totals
    words = app.t(f"players.chart.said{variant(series)}", game=app.t(f"game.{series.kind}"),
                  shown=len(totals), games=series.games, low=min(totals), high=max(totals),
                  last=totals[-1])
    if series.winning is not None:
        words += "; " + app.t("players.chart.winning", average=f"{series.winning:.1f}")
    return words


def score_chart(app: AppSession, series: Series) -> ft.Control:
    """The chart with its heading and its legend, named for a screen reader as one node."""
    totals = series.totals
    heading = app.t(f"players.chart.title{variant(series)}", shown=len(totals),
                    games=series.games)
    lines: list[ft.Control] = [text(heading, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
             ft.Container(chart(series), height=HEIGHT, padding=OVERHANG)]
    if series.winning is not None:
        lines.append(text(app.t("players.chart.legend", average=f"{series.winning:.1f}"),
                          size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    # One sentence says it all (not the axis' numbers one by one), as for a picture.
    return ft.Semantics(content=ft.Column(lines, spacing=4), identifier=f"chart-{series.kind}",
                        label=said(app, series), image=True, exclude_semantics=True)


def chart(series: Series) -> fch.LineChart:
    totals = series.totals
    # Half a game's room on each side: the first and last points whole, one game centred.
    first, last = 0.5, len(totals) + 0.5
    own = fch.LineChartData(
        points=[fch.LineChartDataPoint(x, total) for x, total in enumerate(totals, 1)],
        color=ft.Colors.PRIMARY, stroke_width=2.5,
        point=fch.ChartCirclePoint(radius=3.5, color=ft.Colors.PRIMARY, stroke_width=0))
    lines = [own]
    values: list[float] = list(totals)
    if series.winning is not None:
        values.append(series.winning)
        lines.insert(0, fch.LineChartData(  # beneath the player's line
            points=[fch.LineChartDataPoint(first, series.winning),
                    fch.LineChartDataPoint(last, series.winning)],
            color=ft.Colors.ON_SURFACE_VARIANT, stroke_width=1.5, dash_pattern=[6, 4],
            point=False))
    bottom, top, step = y_axis(values)
    grid = fch.ChartGridLines(interval=step, color=ft.Colors.OUTLINE_VARIANT, width=1)
    return fch.LineChart(
        data_series=lines, min_x=first, max_x=last, min_y=bottom, max_y=top,
        interactive=False, animation=0,  # drawn at once (False builds no chart in the client)
        horizontal_grid_lines=grid,
        border=ft.Border(bottom=ft.BorderSide(1, ft.Colors.OUTLINE)),  # the plot's floor
        left_axis=fch.ChartAxis(label_spacing=step, label_size=LABEL_ROOM, labels=[
            fch.ChartAxisLabel(value=value, label=text(str(value), size=12, max_lines=1))
            for value in range(bottom, top + 1, step)]),
        bottom_axis=fch.ChartAxis(show_labels=False),
        expand=True)
