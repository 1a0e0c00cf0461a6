"""Live tables: a join code opens a table (nothing else does), every phone enters its own seat
and sees every other phone's change at once; the host sees who is seated, removes a phone,
closes the table or finishes the game."""

from __future__ import annotations

import flet as ft
import pytest

from scorer.places import PondTile
from tests.views.conftest import HOST_PIN
from tests.views.fake_client import FakeClient
from tests.views.helpers import example, learn, start_game, table_cards, totals
from views.symbiose.model import SymbioseTable, card_of
from views.tables.model import FINISHED
from views.web.access import FREE_TRIES, shown_code

pytestmark = pytest.mark.asyncio
FISH, FROG = "fish/green/5", "frog/pink/2xpink"


async def join(open_app, code: str, seat: int, prefs: dict | None = None) -> FakeClient:
    """A guest's phone: it opens the table's link and takes `seat`."""
    phone = await open_app(f"/join/{code}", prefs=prefs, guest=True)
    await phone.tap(f"seat-{seat}")
    return phone


async def hosted_symbiose(open_app, store, names=("Ann", "Bob", "Cas")) -> tuple:
    learn(store, [FISH, FROG])
    host = await open_app()
    game_id = await start_game(host, list(names))
    return host, game_id, store.table_code(game_id)


def code_field(c: FakeClient) -> ft.TextField:
    return c.all(ft.TextField)[0]


def screen(c: FakeClient) -> str:
    return c.top_view().route


async def test_a_phone_without_a_code_sees_only_the_join_screen(open_app, store):
    _host, game_id, _ = await hosted_symbiose(open_app, store)
    for route in ("/", f"/symbiose/{game_id}", f"/symbiose/{game_id}/sheet",
                  f"/symbiose/{game_id}/table", "/new/symbiose", "/fossil/1"):
        guest = await open_app(route, guest=True)
        assert screen(guest) == "/join", route
        assert "Ann" not in guest.texts() and guest.find("game-symbiose") is None
    await guest.tap("settings")  # language and theme are every phone's own
    assert screen(guest) == "/settings"
    await guest.back()
    assert screen(guest) == "/join"


async def test_the_code_opens_the_table_and_a_seat_its_pond(open_app, store):
    _host, game_id, code = await hosted_symbiose(open_app, store)
    guest = await open_app(guest=True)
    await guest.type_into(code_field(guest), shown_code(code).lower(), submit=True)
    assert guest.find("seat-1") is not None
    await guest.tap("seat-1")
    assert screen(guest) == f"/symbiose/{game_id}"
    assert guest.get("player-1").selected  # Bob's phone opens on Bob's pond
    assert guest.find("back") is None and guest.find("invite") is None  # no way out
    assert guest.find("tile-1-0-0") is not None


async def test_wrong_codes_are_refused_then_slowed_down(open_app, store):
    await hosted_symbiose(open_app, store)
    guest = await open_app(guest=True)
    for _ in range(FREE_TRIES - 1):
        await guest.type_into(code_field(guest), "ABCD-EFGH", submit=True)
        assert code_field(guest).error == ("No open table has this code. "
                                           "Check it on the host's screen.")
    await guest.type_into(code_field(guest), "ABCD-EFGH", submit=True)
    assert str(code_field(guest).error).endswith(
        "Too many wrong codes: try again in 1 second.")
    # ...and while it waits, not even the right code gets through
    await guest.type_into(code_field(guest), "HQST-2345", submit=True)
    assert "try again in" in str(code_field(guest).error)
    assert screen(guest) == "/join"


async def test_the_host_pin_makes_a_device_the_host(open_app, store):
    phone = await open_app(guest=True)
    assert phone.find("game-symbiose") is None
    await phone.type_into(code_field(phone), HOST_PIN, submit=True)
    assert phone.find("game-symbiose") is not None
    again = await open_app(prefs=phone.prefs, guest=True)  # the device is remembered
    assert again.find("game-symbiose") is not None


async def test_every_phone_sees_every_change_and_its_own_undo(open_app, store):
    host, game_id, code = await hosted_symbiose(open_app, store)
    ann, bob = await join(open_app, code, 0), await join(open_app, code, 1)
    await ann.tap(f"known-{FISH}")
    await bob.tap(f"known-{FROG}")
    await bob.tap(f"known-{FISH}")
    assert totals(host)[:2] == [5, 5]  # Bob's frog counts no pink: nobody has one
    assert totals(ann) == totals(bob) == totals(host)
    stored = store.game(game_id).data["file"]["players"]
    assert stored[0]["pond"][0][0] == FISH and stored[1]["pond"][0][:2] == [FROG, FISH]
    await ann.tap("undo")  # Ann's undo takes back Ann's fish, never Bob's last card
    assert store.game(game_id).data["file"]["players"][0]["pond"][0][0] is None
    assert store.game(game_id).data["file"]["players"][1]["pond"][0][:2] == [FROG, FISH]
    assert ann.get("undo").content.disabled  # nothing of Ann's left to undo
    assert totals(bob)[0] == 0


async def test_the_same_tile_from_two_phones_the_later_wins_and_both_see_it(open_app, store):
    host, game_id, code = await hosted_symbiose(open_app, store)
    one, two = await join(open_app, code, 0), await join(open_app, code, 0)
    await one.tap(f"known-{FISH}")
    await two.tap("tile-0-0-0")
    await two.tap(f"known-{FROG}")
    assert store.game(game_id).data["file"]["players"][0]["pond"][0][0] == FROG
    for phone in (host, one, two):
        assert phone.get("tile-0-0-0").label.startswith("Ann · top row, column 1: frog")
    assert one.get("undo").content.disabled  # the tile is two's now: not one's to undo


async def test_the_host_sees_who_is_seated_and_removes_a_phone(open_app, store):
    host, game_id, code = await hosted_symbiose(open_app, store)
    await host.tap("invite")
    assert host.get("join-code") is not None and shown_code(code) in host.texts()
    assert "No phone has joined yet." in host.texts()
    bob = await join(open_app, code, 1)
    assert any(text.startswith("Bob") for text in host.texts())  # live, no reload
    await host.tap("remove-0")
    assert screen(bob) == "/join"
    assert bob.find("turned-away") is not None
    assert store.seats(game_id) == []


async def test_closing_the_table_sends_everyone_away_and_the_code_stops(open_app, store):
    host, _game_id, code = await hosted_symbiose(open_app, store)
    bob = await join(open_app, code, 1)
    await host.tap("invite")
    await host.tap("close-table")
    await host.tap("confirm")
    assert screen(bob) == "/join"
    late = await open_app(f"/join/{code}", guest=True)
    assert late.find("seat-0") is None
    assert "No open table has this code" in str(code_field(late).error)


async def test_a_finished_game_is_read_only_for_every_phone(open_app, store):
    host, game_id, code = await hosted_symbiose(open_app, store, names=("Ann", "Bob"))
    bob = await join(open_app, code, 1)
    await host.tap("invite")
    await host.tap("finish-game")
    await host.tap("confirm")
    assert store.game(game_id).status == "finished"
    assert screen(bob) == f"/symbiose/{game_id}/sheet"  # the entry screen is gone
    model = SymbioseTable(store, store.game(game_id))
    assert model.place(card_of(FISH), "x", PondTile(0, 0, 0)) is FINISHED
    assert store.game(game_id).data["file"]["players"][0]["pond"][0][0] is None


async def test_a_phone_that_comes_back_finds_its_seat(open_app, store):
    _host, game_id, code = await hosted_symbiose(open_app, store)
    bob = await join(open_app, code, 1)
    await bob.tap(f"known-{FISH}")
    bob.close()  # the phone locked; its session expired
    again = await open_app(prefs=bob.prefs, guest=True)
    assert screen(again) == f"/symbiose/{game_id}"
    assert again.get("player-1").selected
    restarted = await open_app(prefs=bob.prefs, guest=True, restarted=True)
    assert screen(restarted) == f"/symbiose/{game_id}"
    assert store.table_code(game_id) == code  # the code survives a restart


@pytest.mark.parametrize("kind", ["forest-shuffle", "fossil"])
async def test_every_game_has_a_join_code(open_app, store, kind):
    host = await open_app()
    await host.tap(f"game-{kind}")
    for name in ("Ann", "Bob"):
        await host.type_into(code_field(host), name, submit=True)
    await host.tap("start")
    game_id = int(host.page.route.split("/")[2])
    guest = await join(open_app, store.table_code(game_id), 1)
    assert screen(guest) == f"/{kind}/{game_id}"


async def test_a_guest_scores_but_never_finishes_or_leaves_its_table(open_app, store):
    file = example("symbiose-standard.json")
    learn(store, table_cards(file))
    host, game_id, code = await hosted_symbiose(
        open_app, store, names=tuple(p["name"] for p in file["players"]))
    for card in table_cards(file):
        await host.tap(f"known-{card}")
    bob = await join(open_app, code, 1)
    await bob.tap("finish")
    assert screen(bob) == f"/symbiose/{game_id}/sheet"
    assert store.game(game_id).status == "active"  # a guest opening the sheet ends nothing
    assert bob.find("rematch") is None and bob.find("finish-game") is None
    assert bob.find("share") is not None


async def test_a_seated_phone_follows_another_tables_link(open_app, store):
    _host, first, code = await hosted_symbiose(open_app, store)
    host = await open_app()
    second = await start_game(host, ["Dan", "Eve"])
    bob = await join(open_app, code, 1)
    again = await open_app(f"/join/{store.table_code(second)}", prefs=bob.prefs, guest=True)
    await again.tap("seat-0")
    assert screen(again) == f"/symbiose/{second}"
    assert first != second


async def test_the_host_link_the_server_prints_makes_a_device_the_host(open_app, store):
    phone = await open_app(f"/host/{HOST_PIN}", guest=True)
    assert phone.find("game-symbiose") is not None
    assert phone.page.route == "/"
    wrong = await open_app("/host/WRQNG234", guest=True)
    assert wrong.find("game-symbiose") is None
    assert "No open table has this code" in str(code_field(wrong).error)
