"""A phone without a browser: Flet 1.0.5's WebSocket protocol as its Flutter web client speaks
it, for load benchmarks (benchmarks/live_tables.py). Protocol, not UI: it never lays out or
paints anything, so many of them fit on one machine beside the server.

Like the real client it registers with the page's route and size, keeps the control tree the
server patches (tests find controls by their semantics identifier, as in the browser), answers
the methods the app calls on it (SharedPreferences is a dict, as localStorage is per browser)
and sends taps as `click` events. Frames are `0x00` + msgpack([action, body]) both ways
(flet_web/fastapi/flet_app.py); a patch is applied as the Dart client's Control.applyPatch does.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import Callable
from typing import Any

import msgpack
from websockets.asyncio.client import ClientConnection, connect

REGISTER, PATCH, EVENT, UPDATE_PROPS, INVOKE, CRASHED = 1, 2, 3, 4, 5, 6
REPLACE, ADD, REMOVE, MOVE = 0, 1, 2, 3
PAGE_ID = 1
USER_AGENT = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
              "Chrome/126.0 Mobile Safari/537.36")
DEVICE = {"browser_name": "chrome", "user_agent": USER_AGENT, "platform": "Linux armv8l",
          "language": "en-US", "languages": ["en-US", "en"],
          "locales": [{"language_code": "en", "country_code": "US"}]}


class Control(dict[str, Any]):
    """A control's properties (`_c` its type, `_i` its id); a dict subclass so that the index
    can hold it weakly: a subtree the server removes leaves the index with it, as in Dart."""


class FletClient:
    def __init__(self, base_url: str, route: str = "/", prefs: dict[str, Any] | None = None,
                 source: str | None = None):
        """`source`: the address the phone connects from (127.0.0.x: another household; the
        server bounds the connections of each address)."""
        self.base_url = base_url.rstrip("/")
        self.source = source
        self.route = route
        self.prefs: dict[str, Any] = prefs if prefs is not None else {}  # localStorage
        self.page = Control(_c="Page", _i=PAGE_ID)
        self.index: weakref.WeakValueDictionary[int, Control] = weakref.WeakValueDictionary()
        self._socket: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._waits: list[tuple[Callable[[], bool], asyncio.Future[float]]] = []

    # connection ---------------------------------------------------------------------------
    async def open(self) -> None:
        """Connect and register, as a freshly loaded tab does."""
        ws_url = "ws" + self.base_url.removeprefix("http") + "/ws"
        # permessage-deflate on, as browsers ask for it; no pings of its own, as a browser
        # sends none (a frozen server is then waited for, as a phone waits)
        local = {"local_addr": (self.source, 0)} if self.source else {}
        # no keepalive pings: a browser sends none, and waits for a server that stalls
        self._socket = await connect(ws_url, origin=self.base_url,  # type: ignore[arg-type]
                                     user_agent_header=USER_AGENT, max_size=None,
                                     ping_interval=None, **local)
        self._reader = asyncio.create_task(self._read())
        await self._send(REGISTER, {"session_id": None, "page_name": "", "page": {
            "route": self.route, "pwa": False, "web": True, "debug": False, "wasm": True,
            "multi_view": False, "platform_brightness": "light", "width": 390.0,
            "height": 844.0, "platform": "android", "media": {
                "padding": {"left": 0, "top": 0, "right": 0, "bottom": 0},
                "view_padding": {"left": 0, "top": 0, "right": 0, "bottom": 0},
                "view_insets": {"left": 0, "top": 0, "right": 0, "bottom": 0}}}})

    async def close(self) -> None:
        if self._socket is not None:
            await self._socket.close()
        if self._reader is not None:
            await self._reader

    async def _send(self, action: int, body: dict[str, Any]) -> None:
        assert self._socket is not None, "open() first"
        await self._socket.send(b"\x00" + msgpack.packb([action, body]))

    async def _read(self) -> None:
        assert self._socket is not None
        try:
            async for frame in self._socket:
                arrived = time.perf_counter()
                assert isinstance(frame, bytes) and frame[:1] == b"\x00", "not a Flet frame"
                # int map keys: a patch's path tree names list positions
                action, body = msgpack.unpackb(frame[1:], strict_map_key=False)
                await self._handle(action, body)
                self._resolve(arrived)
        except Exception as error:  # a waiting caller hears of it now, not at its timeout
            for _, done in self._waits:
                if not done.done():
                    done.set_exception(error)
            raise

    async def _handle(self, action: int, body: dict[str, Any]) -> None:
        if action == REGISTER:
            assert not body["error"], body["error"]
            self.page = self._adopt(body["page_patch"])
        elif action == PATCH:
            control = self.index.get(body["id"])
            if control is not None:  # a control gone here meanwhile: the Dart client skips it
                self._apply(control, body["patch"])
        elif action == INVOKE:
            await self._answer(body)
        elif action == CRASHED:
            raise RuntimeError(f"session crashed: {body['message']}")

    # the control tree ---------------------------------------------------------------------
    def _adopt(self, value: Any) -> Any:
        """`value` with every control in it made a Control and indexed by id."""
        if isinstance(value, dict):
            adopted = {key: self._adopt(item) for key, item in value.items()}
            if "_c" not in value:
                return adopted
            control = Control(adopted)
            self.index[control["_i"]] = control
            return control
        if isinstance(value, list):
            return [self._adopt(item) for item in value]
        return value

    def _apply(self, root: Control, patch: list[Any]) -> None:
        """patch = [path tree, *operations]; a path tree node is [number, {key: node}] and an
        operation names its target by the number of the node that leads there from `root`."""
        paths: dict[int, list[Any]] = {}

        def number(node: list[Any], path: list[Any]) -> None:
            paths[node[0]] = path
            for key, child in (node[1] if len(node) > 1 else {}).items():
                number(child, [*path, key])

        def target(node: int) -> Any:
            found: Any = root
            for key in paths[node]:
                found = found[key]
            return found

        number(patch[0], [])
        for op in patch[1:]:
            if op[0] == REPLACE:
                target(op[1])[op[2]] = self._adopt(op[3])
            elif op[0] == ADD:
                into = target(op[1])
                if isinstance(into, list):
                    into.insert(op[2], self._adopt(op[3]))
                else:
                    into[op[2]] = self._adopt(op[3])
            elif op[0] == REMOVE:
                target(op[1]).pop(op[2])
            elif op[0] == MOVE:
                moved, into = target(op[1]).pop(op[2]), target(op[3])
                if isinstance(into, list):
                    into.insert(op[4], moved)
                else:
                    into[op[4]] = moved

    def find(self, identifier: str) -> Control | None:
        for control in list(self.index.values()):
            if control.get("identifier") == identifier and control["_c"] == "Semantics":
                return control
        return None

    def says(self, identifier: str) -> str:
        """What a screen reader hears of it: its label and every text inside ('' if absent)."""
        control = self.find(identifier)
        return "" if control is None else " ".join(_words(control))

    # acting -------------------------------------------------------------------------------
    async def tap(self, identifier: str) -> float:
        """A click on the first tappable control inside Semantics(identifier); returns when it
        was sent (time.perf_counter)."""
        found = self.find(identifier)
        assert found is not None, f"no {identifier!r} on {self.page.get('route')}"
        target: Any = found
        while isinstance(target, dict) and not target.get("on_click"):
            target = target.get("content") or target.get("_b")
        assert isinstance(target, Control), f"{identifier!r} is not tappable"
        return await self.fire(target["_i"], "click")

    async def fire(self, target: int, name: str, data: Any = None) -> float:
        """The event `name` of control `target`, as the Dart client sends it (a tap is
        "click", Enter in a field "submit"); returns when it was sent (time.perf_counter)."""
        sent = time.perf_counter()
        await self._send(EVENT, {"target": target, "name": name, "data": data})
        return sent

    async def set_props(self, control_id: int, props: dict[str, Any]) -> None:
        """Properties of a control as the client reports them (a field's text, the page's
        route); any client can send any of them."""
        await self._send(UPDATE_PROPS, {"id": control_id, "props": props})

    async def wait_for(self, condition: Callable[[], bool], timeout: float = 10) -> float:
        """When (time.perf_counter) the frame arrived that made `condition` true; at once if it
        already is."""
        if condition():
            return time.perf_counter()
        if self._reader is None or self._reader.done():
            raise ConnectionError("the client is not connected")
        done: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self._waits.append((condition, done))
        try:
            return await asyncio.wait_for(done, timeout)
        finally:
            self._waits = [(c, d) for c, d in self._waits if d is not done]

    def _resolve(self, arrived: float) -> None:
        for condition, done in self._waits:
            if not done.done() and condition():
                done.set_result(arrived)

    # methods the app calls on the client --------------------------------------------------
    async def _answer(self, call: dict[str, Any]) -> None:
        control = self.index.get(call["control_id"])
        kind = control["_c"] if control is not None else None
        name, args = call["name"], call.get("args") or {}
        result, error = None, None
        if kind == "SharedPreferences" and name in ("get", "set", "remove", "contains_key"):
            result = self._preference(name, args["key"], args.get("value"))
        elif kind == "Page" and name == "get_device_info":
            result = DEVICE
        elif kind == "Page" and name == "push_route":
            await self._go(args["route"])
        else:
            error = f"{kind}.{name} is not supported by this client"
        await self._send(INVOKE, {"control_id": call["control_id"], "call_id": call["call_id"],
                                  "result": result, "error": error})

    def _preference(self, name: str, key: str, value: Any) -> Any:
        if name == "set":
            self.prefs[key] = value
            return True
        if name == "remove":
            return self.prefs.pop(key, None) is not None
        return self.prefs.get(key) if name == "get" else key in self.prefs

    async def _go(self, route: str) -> None:
        """The browser's URL changed: tell the page, as the Dart client's route change does."""
        self.page["route"] = route
        await self.set_props(PAGE_ID, {"route": route})
        await self.fire(PAGE_ID, "route_change", {"route": route})


def _words(value: Any) -> list[str]:
    """Semantics labels and Text values in `value`, depth first."""
    if isinstance(value, list):
        return [word for item in value for word in _words(item)]
    if not isinstance(value, dict):
        return []
    own = [value[key] for key in ("label", "value")
           if isinstance(value.get(key), str) and value.get("_c") in ("Semantics", "Text")]
    return own + [word for item in value.values() for word in _words(item)]
