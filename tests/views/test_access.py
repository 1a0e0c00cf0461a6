"""Who may reach what, below the screens: codes as typed, wrong codes slowed down per address,
the host PIN, seats that outlive a restart, and no stale copy of a game written over a newer."""

import pytest

from views.storage.games import StaleWrite
from views.storage.seats import CODE_LENGTH, CODE_LETTERS, new_code
from views.storage.store import Store
from views.web.access import (
    FREE_TRIES,
    LONGEST_WAIT,
    Access,
    Attempts,
    device_id,
    device_label,
    shown_code,
    typed_code,
)


@pytest.mark.parametrize("typed", ["K7QM2XPD", "k7qm-2xpd", " K7QM 2XPD ",
                                   "http://192.168.1.20:8550/join/K7QM2XPD"])
def test_a_code_is_read_however_it_is_typed(typed):
    assert typed_code(typed) == "K7QM2XPD"


@pytest.mark.parametrize("typed", ["", "K7QM2XP", "K7QM2XPDD", "K7QM2XP0", "K7QM2XPI", "K7QM2XP!"])
def test_what_cannot_be_a_code_is_nothing(typed):
    assert typed_code(typed) == ""  # 0, O, 1, I and L are never in a code: they read alike


def test_codes_are_random_and_readable():
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(len(code) == CODE_LENGTH and set(code) <= set(CODE_LETTERS) for code in codes)
    assert shown_code("K7QM2XPD") == "K7QM-2XPD"


def test_wrong_codes_wait_longer_and_longer_per_address():
    attempts = Attempts()
    for n in range(FREE_TRIES):
        assert attempts.wait("10.0.0.5", now=n) == 0
        attempts.failed("10.0.0.5", now=n)
    last = FREE_TRIES - 1
    assert attempts.wait("10.0.0.5", now=last) == 1.0
    assert attempts.wait("10.0.0.6", now=last) == 0  # another address is not slowed down
    attempts.failed("10.0.0.5", now=last + 1)
    assert attempts.wait("10.0.0.5", now=last + 1) == 2.0
    for _ in range(20):
        attempts.failed("10.0.0.5", now=last + 1)
    assert attempts.wait("10.0.0.5", now=last + 1) == LONGEST_WAIT
    assert attempts.wait("10.0.0.5", now=last + 1 + 16 * 60) == 0  # forgotten after a while


def test_the_pin_makes_a_host_and_a_code_a_guest(tmp_path):
    store = Store(tmp_path / "db.sqlite3")
    access = Access(store, pin="HQST2345")
    game = store.create_game("symbiose", {})
    code = store.open_table(game)
    host, guest = device_id("host-token-0123456789"), device_id("guest-token-0123456789")
    assert access.enter("hqst-2345", host, "10.0.0.5").host and access.is_host(host)
    assert access.enter(code, guest, "10.0.0.6").game == game and not access.is_host(guest)
    assert access.enter("ABCDEFGH", guest, "10.0.0.6").wrong
    access.take_seat(guest, game, 2, "iPhone")
    again = Access(Store(tmp_path / "db.sqlite3"), pin="OTHERPIN")  # the server restarted
    assert again.seated(guest) == (game, 2) and again.is_host(host)
    assert store.open_table(game) == code  # the same code for ever
    again.close(game)
    assert again.seated(guest) is None and store.game_of_code(code) is None
    assert store.open_table(game) == code  # opened again: the QR code printed stays good


def test_a_stale_copy_of_a_game_is_never_written_over_a_newer(tmp_path):
    store = Store(tmp_path / "db.sqlite3")
    game = store.create_game("symbiose", {"n": 0})
    assert store.save_game(game, {"n": 1}, 0) == 1
    with pytest.raises(StaleWrite):
        store.save_game(game, {"n": "stale"}, 0)
    assert store.game(game).data == {"n": 1}


def test_a_device_is_named_by_its_browser():
    assert device_label("Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36") \
        == "Android phone"
    assert device_label("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)") == "iPhone"
    assert device_label("") == ""


def test_a_finished_games_code_opens_nothing(tmp_path):
    store = Store(tmp_path / "db.sqlite3")
    access = Access(store)
    game = store.create_game("symbiose", {})
    code = store.open_table(game)
    guest = device_id("guest-token-0123456789")
    assert access.enter(code, guest, "10.0.0.6").game == game
    store.save_game(game, {}, store.game(game).revision, status="finished")
    assert access.enter(code, guest, "10.0.0.6").wrong  # every game in the history: no target


def test_wrong_codes_are_counted_by_the_sockets_address_not_the_one_the_page_claims():
    from types import SimpleNamespace

    from views.web.session import AppSession
    from views.web.sockets import CLIENT

    page = SimpleNamespace(client_ip="10.0.0.7")  # what one UPDATE_PROPS message can set
    token = CLIENT.set("10.0.0.66")  # the socket the session was opened on
    try:
        session = AppSession(page, None, None, None, None)  # type: ignore[arg-type]
    finally:
        CLIENT.reset(token)
    page.client_ip = "10.0.0.8"
    assert session.address == "10.0.0.66"
