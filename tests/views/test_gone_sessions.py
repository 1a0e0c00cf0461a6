"""A phone's session that Flet destroyed (minutes after the phone left) is never drawn again:
a change at its table from another phone used to redraw its screens and fill the host's
terminal with `RuntimeError: An attempt to fetch destroyed session`."""

from __future__ import annotations

import asyncio
import gc

import pytest

from tests.views.helpers import totals
from tests.views.test_live_table import FISH, hosted_symbiose, join

pytestmark = pytest.mark.asyncio


async def destroyed(phone) -> None:
    """As Flet leaves a session that expired: closed (its close event handled), then let go,
    with only a page that knows it is gone (its reference to the session is dead)."""
    phone.session.close()
    await phone.settle()
    phone.page._Page__session = lambda: None


async def test_a_change_at_the_table_leaves_a_destroyed_session_alone(open_app, store):
    host, _game, code = await hosted_symbiose(open_app, store)
    ann = await join(open_app, code, 0)
    failures: list[dict] = []
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(lambda _loop, context: failures.append(context))
    try:
        await destroyed(ann)
        await host.tap(f"known-{FISH}")
        await host.settle()
        gc.collect()
        await host.tap("undo")
        assert totals(host)[0] == 0  # the phones that are there are drawn as ever
        await host.tap("invite")  # and the host closes the table: the gone phone is not sent away
        await host.tap("close-table")
        await host.tap("confirm")
        await host.settle()
    finally:
        loop.set_exception_handler(None)
    assert failures == []
