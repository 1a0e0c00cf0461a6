import pytest_asyncio

from tests.views.fake_client import FakeClient
from views.app import make_main
from views.storage.store import Store
from views.web.access import PREFS_DEVICE, device_id, new_device_token

HOST_PIN = "HQST2345"


@pytest_asyncio.fixture
async def store(tmp_path):
    store = Store(tmp_path / "tallybook.sqlite3")
    yield store
    store.close()


@pytest_asyncio.fixture
async def open_app(store):
    """open_app(route="/", prefs=None, restarted=False, guest=False) -> a FakeClient running
    the app on `store`. The clients of a test talk to one server, so they share its open games
    as phones do; `restarted`: the server was restarted first (it reads the games afresh from
    the store, as after a test wrote to the store behind the server's back). A client is the
    host's device unless `guest` (a new device each, unless `prefs` names one)."""
    clients = []
    server = [make_main(store, HOST_PIN)]
    host_token = new_device_token()
    store.add_host(device_id(host_token))

    async def opener(route: str = "/", prefs: dict | None = None,
                     restarted: bool = False, guest: bool = False) -> FakeClient:
        if restarted:
            server[0] = make_main(store, HOST_PIN)
        prefs = {} if prefs is None else prefs  # the test may look into it afterwards
        if not guest:
            prefs.setdefault(PREFS_DEVICE, host_token)
        client = FakeClient(prefs)
        clients.append(client)
        await client.start(server[0], route)
        return client

    yield opener
    for client in clients:
        client.close()
