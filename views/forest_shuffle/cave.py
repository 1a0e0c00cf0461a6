"""The cave in one step: the app bar's cave button, from wherever the player is in the forest,
opens a pad of counts; a tap on the number of cards under the cave sets it and closes the pad.
With more than one cave in play (Exploration) the pad also names the cave's type."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorer.forest_shuffle.checks import DEFAULT_CAVE
from views.forest_shuffle.flow import CAVE_PAGE as PAD
from views.forest_shuffle.picker import GAP, tile_width
from views.text.i18n import scorer_text
from views.web.session import AppSession, use_app
from views.widgets.common import TAP, do, labelled, pill, section, text

PAD_COLUMNS = 6  # four with large text, where two digits would not fit six a row


def cave_label(app: AppSession, count: int, points: int | None) -> str:
    return app.t("forest.cave", count=count,
                 points="" if points is None else app.t("pond.points", points=points))


@ft.component
def CaveButton(count: int, points: int | None, on_open: Callable[[], object]) -> ft.Control:
    """The app bar's way to the cave: its count on a cave icon."""
    app = use_app()
    label = cave_label(app, count, points)
    return labelled("cave", ft.TextButton(
        str(count), icon=ft.Icons.LANDSCAPE, height=TAP, on_click=do(on_open)),
        label=label, button=True)


@ft.component
def CavePad(name: str, count: int, cave_type: str | None, cave_ids: tuple[str, ...],
            page: int, on_count: Callable[[int], object], on_page: Callable[[int], object],
            on_type: Callable[[str], object], on_close: Callable[[], object]) -> ft.Control:
    app = use_app()
    first = page * PAD
    unit = tile_width(app.width, PAD_COLUMNS if app.text_scale < 1.3 else PAD_COLUMNS * 2 // 3)
    numbers: list[ft.Control] = [
        pill(f"cave-{n}", str(n), do(on_count, n), selected=n == count, width=unit)
        for n in range(first, first + PAD)]
    steps = [labelled("cave-less", ft.OutlinedButton(
        app.t("forest.cave_range", first=first - PAD, last=first - 1),
        icon=ft.Icons.CHEVRON_LEFT, height=TAP,
        on_click=do(on_page, page - 1)))] if page else []
    steps.append(labelled("cave-more", ft.OutlinedButton(
        app.t("forest.cave_range", first=first + PAD, last=first + 2 * PAD - 1),
        icon=ft.Icons.CHEVRON_RIGHT, height=TAP,
        on_click=do(on_page, page + 1))))
    close = labelled("cave-close", ft.IconButton(
        ft.Icons.CLOSE, tooltip=app.t("result.close"), on_click=do(on_close),
        width=TAP, height=TAP))
    parts: list[ft.Control] = [
        ft.Row([ft.Container(section(app.t("forest.cave_title", name=name)), expand=True),
                close]),
        ft.Row(numbers, wrap=True, spacing=GAP, run_spacing=GAP),
        ft.Row(steps, spacing=GAP, wrap=True)]
    if len(cave_ids) > 1:
        chosen = cave_type or DEFAULT_CAVE
        parts += [text(app.t("forest.cave_type"), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                  ft.Row([pill(f"cave-type-{cave}", scorer_text(f"cave.{cave}", {}, app.lang),
                               do(on_type, cave), selected=cave == chosen)
                          for cave in cave_ids], wrap=True, spacing=6, run_spacing=6)]
    return labelled("cave-pad", ft.Column(parts, spacing=10, expand=True,
                                          scroll=ft.ScrollMode.AUTO), label=None)
