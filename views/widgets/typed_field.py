"""A text field whose text the phone owns while it is typed in.

Flet applies the text a phone reports to the field at once, but runs the field's change
handler later, in a task of its own; a screen drawn in between from state the handler has not
updated yet would send the phone older text, which the phone then takes back (a typed "Cas"
became "Ca"). So a screen draws the field with the text of the field it drew last, as the
phone has patched it, and only `clear()` empties it.
"""

from __future__ import annotations

from typing import Any

import flet as ft


class TypedText:
    def __init__(self, initial: str = ""):
        self._initial = initial
        self._field: ft.TextField | None = None
        self._clearing = False

    @property
    def text(self) -> str:
        """What the phone shows in the field now."""
        return (self._field.value or "") if self._field is not None else self._initial

    def submitted(self, e: ft.Event[Any] | None) -> str:
        """The text sent: Enter's event carries what the phone showed then (its last change may
        not have been handled yet); a button's tap carries nothing, so the field's text."""
        data = getattr(e, "data", None)
        return data if isinstance(data, str) else self.text

    def clear(self) -> None:
        """The next drawing of the field empties it."""
        self._clearing = True

    def field(self, **options: Any) -> ft.TextField:
        """The field to draw, with the phone's text (or empty, once after `clear()`)."""
        value = "" if self._clearing else self.text
        self._clearing = False
        self._field = ft.TextField(value=value, **options)
        return self._field


def use_typed_text(initial: str = "") -> TypedText:
    return ft.use_memo(lambda: TypedText(initial), [])  # one for the component's life
