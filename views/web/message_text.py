"""A message's text in Flet's logs: its action alone.

Flet 1.0.5 logs every message it sends with an f-string (`transport_log.debug(f"send_message:
{message}")` in flet_web/fastapi/flet_app.py), made whether or not debug lines are kept. A
message's text was its dataclass repr: every control in its patch, with all their children.
That was 39 % of the server's CPU in a Fossil game and grew with its log: a turn (three
taps) took 60 ms of server CPU at the first turn and 530 ms at the seventh, and a phone waited
for it at each tap. With the action alone a turn takes 30-60 ms of server CPU at every turn,
and the Fossil tap of the benchmarks (a log of 74 events) 70 ms instead of 282 ms.
"""

from __future__ import annotations

from flet.messaging.protocol import Message


def _text(message: Message) -> str:
    return f"Message({message.action.name})"


def short_message_text() -> None:
    """Make `str(message)` (which f-strings use) the action alone; repr is left whole."""
    Message.__str__ = _text  # type: ignore[method-assign,assignment]
