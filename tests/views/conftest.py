import pytest_asyncio

from tests.views.fake_client import FakeClient
from views.app import make_main
from views.store import Store


@pytest_asyncio.fixture
async def store(tmp_path):
    store = Store(tmp_path / "tallybook.sqlite3")
    yield store
    store.close()


@pytest_asyncio.fixture
async def open_app(store):
    """open_app(route="/", prefs=None) -> a FakeClient running the app on `store`: one
    server, so every client opened in a test shares its open games, as phones do."""
    clients = []
    main = make_main(store)

    async def opener(route: str = "/", prefs: dict | None = None) -> FakeClient:
        client = FakeClient(prefs)
        clients.append(client)
        await client.start(main, route)
        return client

    yield opener
    for client in clients:
        client.close()
