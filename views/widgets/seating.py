"""The seating order drawn around a table, so everyone sees who is whose left neighbour."""

from __future__ import annotations

import math

import flet as ft

from views.widgets.common import labelled, text

WIDTH, HEIGHT, SEAT_W, SEAT_H = 340, 240, 92, 40
MARGIN = 32  # px of the screen's width around the list the circle is in


def seating(names: list[str], caption: str, partners: dict[str, int] | None = None,
            screen_width: float = WIDTH + MARGIN) -> ft.Control:
    """Seat 1 at the top, the others clockwise; `partners` maps a name to its team number."""
    # Seats on an ellipse inside the box, so no name tag is cut off at the sides (a 320 px
    # phone has less room than the box's width).
    width = min(WIDTH, screen_width - MARGIN)
    radius_x, radius_y = (width - SEAT_W) / 2 - 2, (HEIGHT - SEAT_H) / 2 - 2
    table_size = HEIGHT * 0.45
    table = ft.Container(width=table_size, height=table_size, border_radius=table_size,
                         bgcolor=ft.Colors.SECONDARY_CONTAINER,
                         left=(width - table_size) / 2, top=(HEIGHT - table_size) / 2)
    seats: list[ft.Control] = [table]
    for index, name in enumerate(names):
        angle = -math.pi / 2 + 2 * math.pi * index / max(len(names), 1)
        team = (partners or {}).get(name)
        seats.append(ft.Container(
            text(f"{index + 1}. {name}", size=13, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
                 weight=ft.FontWeight.W_600),
            width=SEAT_W, height=SEAT_H, alignment=ft.Alignment.CENTER, border_radius=20,
            bgcolor=ft.Colors.TERTIARY_CONTAINER if team == 2 else ft.Colors.PRIMARY_CONTAINER,
            left=width / 2 + radius_x * math.cos(angle) - SEAT_W / 2,
            top=HEIGHT / 2 + radius_y * math.sin(angle) - SEAT_H / 2))
    circle = ft.Stack(seats, width=width, height=HEIGHT)
    return labelled("seating", ft.Column(
        [ft.Row([circle], alignment=ft.MainAxisAlignment.CENTER),
         text(caption, size=13, text_align=ft.TextAlign.CENTER)],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER), label=caption)
