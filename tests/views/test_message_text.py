"""Flet's messages are logged by their action alone (views/web/message_text.py): the text of
one holding a screen's patch never walks its controls."""

from __future__ import annotations

import inspect

from flet.messaging.protocol import Message, MessageAction
from flet_web.fastapi.flet_app import FletApp

from views.app import ASSETS
from views.web.server import web_app


class Body:
    """A patch whose repr is counted: what the text of the message it is in asks of it."""

    def __init__(self) -> None:
        self.asked = 0

    def __repr__(self) -> str:
        self.asked += 1
        return "Body(every control of the screen)"


async def main(page) -> None:  # never run: the app is only built
    raise AssertionError


def test_the_server_logs_a_message_by_its_action_and_never_walks_its_patch(monkeypatch):
    monkeypatch.setattr(Message, "__str__", object.__str__)  # as Flet has it: the server sets it
    web_app(main, str(ASSETS))
    body = Body()
    message = Message(MessageAction.PATCH_CONTROL, body)
    assert f"send_message: {message}" == "send_message: Message(PATCH_CONTROL)"
    assert body.asked == 0
    assert "every control of the screen" in repr(message)  # a debugger still sees it whole


def test_flet_still_makes_the_text_of_every_message_it_sends():
    """Why the module exists: once a Flet release no longer makes that text unasked, it goes."""
    assert 'transport_log.debug(f"send_message: {message}")' in inspect.getsource(
        FletApp.send_message)
