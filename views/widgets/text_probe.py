"""How large the phone draws text: a word nobody sees, whose drawn width the phone reports.

Flutter scales every text by the phone's text size setting (a browser at 200 %), which the
server is never told. Screens that size names to fit their cards (views/widgets/fit.py) need
it: the probe's width against the width Roboto gives it at 100 % is that scale, kept in the
tab's session (`AppSession.text_scale`), which draws those screens again when it changes.
"""

from __future__ import annotations

import flet as ft

from views.web.session import AppSession
from views.widgets.fit import PROBE, PROBE_SIZE, text_scale

CHANGE = 0.05  # a scale this much off the one known is news; less is the engine's rounding


def text_probe(app: AppSession) -> ft.Control:
    def measured(e: ft.LayoutSizeChangeEvent[ft.LayoutControl]) -> None:
        scale = round(text_scale(e.width), 2)
        if abs(scale - app.text_scale) > CHANGE:
            app.text_scale = scale

    # Laid out like any text (so it is measured), but takes no room and shows nothing.
    return ft.Container(ft.Row([ft.Text(PROBE, size=PROBE_SIZE, opacity=0, max_lines=1,
                                        on_size_change=measured, size_change_interval=0)],
                               scroll=ft.ScrollMode.HIDDEN),
                        height=0, clip_behavior=ft.ClipBehavior.HARD_EDGE)
