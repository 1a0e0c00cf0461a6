"""A stand-in for the Flutter client: drives the app's real Flet Session with no browser.

Outgoing messages are msgpack-encoded like the real transport does (encoding is what snapshots
control state for the next diff); method calls the app makes on the client (SharedPreferences,
push_route, device info) are answered here. Uses Flet internals, hence the exact Flet pin.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import flet as ft
import msgpack
from flet.components.component import Component
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page, context
from flet.messaging.connection import Connection
from flet.messaging.protocol import MessageAction, configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from views.web.connection import PAGE

_encode = configure_encode_object_for_msgpack(BaseControl)


class FakeClient(Connection):
    def __init__(self, prefs: dict[str, Any] | None = None):
        super().__init__()
        self.pubsubhub = PubSubHub()
        self.page_url = "http://phone.test"
        self.prefs: dict[str, Any] = prefs if prefs is not None else {}  # localStorage
        self.calls: list[str] = []
        self.hold: set[str] = set()  # preference keys whose "get" waits for release()
        self._held: list[tuple[int, str, str]] = []
        self.session = Session(self)
        self.page: ft.Page = self.session.page
        self._tasks: set[asyncio.Task] = set()
        self.script = PageScript()  # the page's own script, which copies for the app
        self.errors: list[str] = []  # handler exceptions Flet logs instead of raising
        self._log = _ErrorLog(self.errors)
        logging.getLogger("flet").addHandler(self._log)

    # transport ----------------------------------------------------------------------------
    def send_message(self, message) -> None:
        msgpack.packb([message.action, message.body], default=_encode)
        if message.action == MessageAction.INVOKE_METHOD:
            body = message.body
            control = self.session.index.get(body.control_id)
            self.calls.append(body.name)
            args = body.args or {}
            if isinstance(control, ft.SharedPreferences) and body.name == "get" \
                    and args.get("key") in self.hold:
                self._held.append((body.control_id, body.call_id, args["key"]))
                return
            result = self._answer(control, body.name, args)
            self.session.handle_invoke_method_results(body.control_id, body.call_id, result,
                                                      None)

    def _answer(self, control: Any, name: str, args: dict[str, Any]) -> Any:
        if isinstance(control, ft.SharedPreferences):
            if name == "set":
                self.prefs[args["key"]] = args["value"]
                return True
            if name == "get":
                return self.prefs.get(args["key"])
        if isinstance(control, ft.Page) and name == "push_route":
            task = asyncio.get_running_loop().create_task(self._route_change(args["route"]))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        return None

    async def _route_change(self, route: str) -> None:
        self.session.apply_page_patch({"route": route})
        await self.session.dispatch_event(self.page._i, "route_change", {"route": route})

    async def release(self) -> None:
        """Answer the held preference questions now, as a slow browser finally would."""
        held, self._held = self._held, []
        for control_id, call_id, key in held:
            self.session.handle_invoke_method_results(control_id, call_id,
                                                      self.prefs.get(key), None)
        await self.settle()

    # lifecycle ----------------------------------------------------------------------------
    async def start(self, main: Callable, route: str = "/") -> None:
        self.session.apply_page_patch({"route": route, "width": 390, "height": 844})
        msgpack.packb(self.session.get_page_patch(), default=_encode)
        _context_page.set(self.page)
        context.reset_auto_update()
        await main(self.page)
        await self.session.after_event(self.page)
        await self.settle()

    async def settle(self, turns: int = 30) -> None:
        for _ in range(turns):
            await asyncio.sleep(0)
        assert not self.errors, "a handler failed:\n" + "\n".join(self.errors)

    def close(self) -> None:
        logging.getLogger("flet").removeHandler(self._log)
        self.session.close()

    # finding ------------------------------------------------------------------------------
    def all(self, kind: type = BaseControl, where: Callable | None = None) -> list:
        controls = sorted(self.session.index.values(), key=lambda c: c._i)
        return [c for c in controls if isinstance(c, kind) and (where is None or where(c))]

    def find(self, identifier: str) -> ft.Semantics | None:
        found = self.all(ft.Semantics, lambda c: c.identifier == identifier)
        return found[-1] if found else None

    def shown(self, identifier: str) -> bool:
        """Whether a control with this id is on screen: it and every control above it
        visible (hidden parts of a screen stay mounted; a phone shows only the others)."""
        return any(_visible(found) for found in
                   self.all(ft.Semantics, lambda c: c.identifier == identifier))

    def get(self, identifier: str) -> ft.Semantics:
        found = self.find(identifier)
        assert found is not None, f"no control with id {identifier!r} on {self.page.route}"
        return found

    def texts(self) -> list[str]:
        return [t.value for t in self.all(ft.Text) if isinstance(t.value, str)]

    def top_view(self) -> ft.View:
        """The screen on top; a screen drawn by a component is that component's body."""
        def drawn(control):
            while isinstance(control, Component):
                control = control._b
            return control

        return drawn(drawn(self.page.views)[-1])

    # acting -------------------------------------------------------------------------------
    async def tap(self, identifier: str) -> None:
        """A tap on the control inside Semantics(identifier=...), as the client reports it;
        only a control on screen can be tapped."""
        shown = [found for found in self.all(ft.Semantics, lambda c: c.identifier == identifier)
                 if _visible(found)]
        assert shown, f"no control with id {identifier!r} on screen at {self.page.route}"
        target = shown[-1].content
        while target is not None and getattr(target, "on_click", None) is None:
            target = getattr(target, "content", None)
        assert target is not None, f"{identifier!r} is not tappable"
        assert not getattr(target, "disabled", False), f"{identifier!r} is disabled"
        page = PAGE.set(self.script)  # the tap came from this page (views/web/connection.py)
        try:
            await self.session.dispatch_event(target._i, "click", None)
            await self.settle()
        finally:
            PAGE.reset(page)

    async def swipe(self, distance: float, velocity: float = 0.0) -> None:
        """A horizontal drag over the screen's swipe area, `distance` px long and ending at
        `velocity` px/s (negative: to the left), as Flutter reports it."""
        [area] = self.all(ft.GestureDetector, lambda g: g.on_horizontal_drag_end is not None)
        start, end = {"x": 195.0, "y": 300.0}, {"x": 195.0 + distance, "y": 300.0}
        await self.session.dispatch_event(area._i, "horizontal_drag_start", {
            "k": "touch", "l": start, "g": start})
        await self.session.dispatch_event(area._i, "horizontal_drag_end", {
            "l": end, "g": end, "v": {"x": velocity, "y": 0.0}, "pv": velocity})
        await self.settle()

    async def type_into(self, field: ft.TextField, value: str, submit: bool = False) -> None:
        self.session.apply_patch(field._i, {"value": value})
        await self.session.dispatch_event(field._i, "change", value)
        if submit:
            await self.session.dispatch_event(field._i, "submit", value)  # Enter carries it
        await self.settle()

    async def back(self) -> None:
        view = self.top_view()
        await self.session.dispatch_event(self.page._i, "view_pop", {"route": view.route})
        await self.settle()


class PageScript:
    """views/web/connection.js as the app reaches it: it copies what it is asked to, unless the
    browser `refuses`."""

    def __init__(self) -> None:
        self.clipboard: str | None = None
        self.refuses = False

    async def copy(self, text: str) -> bool:
        if self.refuses:
            return False
        self.clipboard = text
        return True


def _visible(control: BaseControl | None) -> bool:
    while control is not None:
        if getattr(control, "visible", True) is False:
            return False
        control = control.parent
    return True


class _ErrorLog(logging.Handler):
    def __init__(self, sink: list[str]):
        super().__init__(logging.ERROR)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        self.sink.append(self.format(record))
