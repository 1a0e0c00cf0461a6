"""Live tables in Chromium against the real server: one browser context per phone. The host
starts a game and shows its join code; guests open the code's link and take a seat; every
phone enters its own cards at the same time and sees every other phone's change."""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable, Iterable
from typing import NamedTuple

from playwright.sync_api import expect

from scorer import check, score
from scorer.forest_shuffle.models import SLOTS
from scorer.symbiose.models import Card, parse_card_text
from tests.e2e.games import CLOCKWISE, cards, learned, new_fossil_game, species_name, turn
from tests.e2e.harness import poll
from tests.e2e.phone import Phone
from tests.e2e.test_forest_shuffle_e2e import seed_players
from tests.e2e.test_symbiose_e2e import example
from views.fossil.model import track
from views.storage.store import Store
from views.symbiose.card_face import describe
from views.text.i18n import ui
from views.web.access import device_id

FOUR = ["Ann", "Bob", "Cas", "Dee"]
SHOWN_CODE = re.compile(r"^[A-Z2-9]{4}-[A-Z2-9]{4}$")
DEVICE = "JSON.parse(localStorage.getItem('flutter.tallybook.device'))"


class Step(NamedTuple):
    """One tap of a phone, and what that phone shows once the server has applied it."""

    tap: Callable[[], None]
    see: Callable[[], None]


def in_rounds(scripts: Iterable[list[Step]], after_round: Callable[[], None]) -> None:
    """Every phone's next tap, fired one after the other without waiting for any of them to
    be applied; then each phone must show its own; then `after_round`."""
    for steps in itertools.zip_longest(*scripts):
        steps = [step for step in steps if step is not None]
        for step in steps:
            step.tap()
        for step in steps:
            step.see()
        after_round()


def at_once(taps: list[tuple[Phone, str]]) -> None:
    """Tap these controls on their phones at the same instant (a moment from now)."""
    when = taps[0][0].page.evaluate("Date.now() + 300")
    for phone, identifier in taps:
        phone.press(identifier, when)


def stored(server, game_id: int) -> dict:
    store = Store(server.data / "tallybook.sqlite3")
    data = store.game(game_id).data
    store.close()
    return data


def stored_when(server, game_id: int, ready: Callable[[dict], bool], phone: Phone) -> dict:
    """The stored game once `ready` holds of it (the server applies taps as they arrive)."""
    def stored_if_ready() -> dict | None:
        data = stored(server, game_id)
        return data if ready(data) else None

    return poll(stored_if_ready, "the store getting there", phone.page)


def device_of(phone: Phone) -> str:
    """The server's name for the phone's device (the hash of the token the browser keeps)."""
    return device_id(phone.page.evaluate(DEVICE))


def game_id_of(phone: Phone) -> int:
    return int(phone.page.url.rstrip("/").split("/")[-1])


def join_code(host: Phone) -> str:
    """The code as the host's table screen shows it (K7QM-2XPD); back to entry after."""
    host.tap("invite")
    said = host.by_id("join-code").locator("[aria-label]").first  # on its text field
    expect(said).to_have_attribute("aria-label", SHOWN_CODE)
    code = said.get_attribute("aria-label") or ""
    host.tap("enter-cards")
    return code


def join(make_context, server, code: str, seat: int) -> Phone:
    """A guest's phone opens the code's link (what the QR code holds) and takes `seat`."""
    guest = Phone.open(make_context(host=False), f"{server.url}join/{code.replace('-', '')}")
    guest.tap(f"seat-{seat}")
    expect(guest.by_id("seat-0")).to_have_count(0)  # the seat picker is gone: the game is on
    return guest


def seated(make_context, server, code: str, seats: Iterable[int]) -> list[Phone]:
    """Guests' phones at these seats, each opened on its own pond or forest: its chip is the
    selected one, or (an empty forest, which opens on its first tree) its title names it."""
    phones = []
    for seat in seats:
        phone = join(make_context, server, code, seat)
        chip = phone.page.locator(f'[flt-semantics-identifier="player-{seat}"]'
                                  '[aria-current="true"]')
        expect(chip.or_(phone.page.get_by_role("heading", name=FOUR[seat], exact=True))
               .first).to_be_attached()
        phones.append(phone)
    return phones


def expect_totals(phones: list[Phone], sheet) -> None:
    said = {f"total-{index}": ui("totals.player", "en", name=player.name, total=player.total)
            for index, player in enumerate(sheet.players)}
    for phone in phones:
        phone.expect_all_say(said)


# Symbiose -----------------------------------------------------------------------------------
TILES = range(8)  # a pond's, in entry order


def pond_tile(seat: int, index: int) -> str:
    return f"tile-{seat}-{index // 4}-{index % 4}"


def card_words(card: str) -> str:
    """What a tile says of a card written as the game file writes it."""
    parsed = parse_card_text(card)
    assert isinstance(parsed, Card), parsed
    return describe(parsed, "en")


def fill_pond(phone: Phone, seat: int, pond: list[str]) -> list[Step]:
    """One known card per tap, onto the tile the phone moved on to by itself. The card is
    pressed, not tapped at its place: the known cards move while other phones enter theirs."""
    return [Step(functools.partial(phone.press, f"known-{card}"),
                 functools.partial(shows_card, phone, seat, index, card))
            for index, card in enumerate(pond)]


def shows_card(phone: Phone, seat: int, index: int, card: str) -> None:
    if index == len(TILES) - 1:  # the pond is full: the phone moved on to an empty tile in
        phone.tap(f"player-{seat}")  # another pond; its own is a tap away
    phone.expect_says(pond_tile(seat, index), card_words(card))


def four_phones_at(server, make_context, game: str, entry_shown: str) -> tuple:
    """The host starts a game of `game` for FOUR (its phone shows `entry_shown` then) and
    three guests take seats 1-3: (game id, join code, the four phones by seat)."""
    host = Phone.open(make_context(), server.url)
    host.tap(f"game-{game}")
    host.seat(FOUR)
    host.tap("start")
    expect(host.by_id(entry_shown)).to_be_attached()
    game_id, code = game_id_of(host), join_code(host)
    return game_id, code, [host, *seated(make_context, server, code, (1, 2, 3))]


def symbiose_sheet(file: dict):
    """The scorer's sheet of a table still being entered (empty tiles count nothing)."""
    game, problems = check(file, partial=True)
    assert game is not None and problems == [], problems
    return score(game)


def test_four_phones_fill_a_symbiose_table_at_once(server, make_context):
    file = {**example("symbiose-team.json"), "mode": "standard"}
    ponds = [[card for row in player["pond"] for card in row] for player in file["players"]]
    learned(server, file)
    game_id, code, phones = four_phones_at(server, make_context, "symbiose", "tile-0-0-0")
    host = phones[0]

    def same_totals_everywhere() -> None:
        expect_totals(phones, symbiose_sheet(stored(server, game_id)["file"]))

    in_rounds([fill_pond(phone, seat, ponds[seat]) for seat, phone in enumerate(phones)],
              same_totals_everywhere)
    assert [[c for row in p["pond"] for c in row]
            for p in stored(server, game_id)["file"]["players"]] == ponds

    [fresh] = seated(make_context, server, code, [2])
    for seat, pond in enumerate(ponds):
        fresh.tap(f"player-{seat}")
        for index, card in enumerate(pond):
            fresh.expect_says(pond_tile(seat, index), card_words(card))

    # Bob's phone and the host both put a card on Bob's last tile at the same instant.
    bob = phones[1]
    tile, old = pond_tile(1, 7), ponds[1][7]
    for phone in (host, fresh):
        phone.tap("player-1")
    for phone in (host, bob):
        phone.tap(tile)
        expect(phone.by_id(tile)).to_have_attribute("aria-current", "true")
    chosen = {device_of(host): ponds[0][0], device_of(bob): ponds[2][0]}
    at_once([(host, f"known-{ponds[0][0]}"), (bob, f"known-{ponds[2][0]}")])
    data = stored_when(server, game_id, lambda d: {c[0] for c in d["undo"][-2:]} == set(chosen),
                       host)
    first, later = data["undo"][-2:]
    assert first[1] == later[1] == ["pond", 1, 1, 3]
    assert (first[2], first[3], later[2]) == (old, chosen[first[0]], chosen[first[0]])
    assert later[3] == chosen[later[0]] == data["file"]["players"][1]["pond"][1][3]
    for phone in (host, bob, fresh):
        phone.expect_says(tile, card_words(later[3]))
    ponds[1][7] = later[3]
    assert [[c for row in p["pond"] for c in row]
            for p in data["file"]["players"]] == ponds  # no tap lost
    expect_totals(phones, symbiose_sheet(data["file"]))


# Forest Shuffle -----------------------------------------------------------------------------
# Four small forests of the base box. Lindens score 3 for the most of them (Bob, once his
# second one is in) and 1 otherwise; the woodpecker scores 10 for the most trees (Cas): both
# count every seat's live forest.
FORESTS = [  # no card counts a tree symbol: none is asked
    ([{"tree": "linden", "top": "tawny_owl"}], 2),
    ([{"tree": "linden"}, {"tree": "linden", "left": "european_hare"}], 1),
    ([{"tree": "oak", "top": "great_spotted_woodpecker"}, {"tree": "beech"}, {"tree": "birch"}],
     1),
    ([{"tree": "beech", "bottom": "common_toad"}, {"tree": "oak", "right": "european_hare"}], 3),
]


def grow_forest(phone: Phone, seat: int, forest: list[dict], cave: int) -> list[Step]:
    """A tree is one tap in the picker; a dweller one on the slot the picker opened by itself
    (else its slot in the tree bar first); then the cave, a tap on the pad. Every tap is on
    the control itself (as a screen reader taps it): other phones' changes move things."""
    steps = []
    for t, entry in enumerate(forest):
        steps.append(Step(functools.partial(phone.press, f"quick-{entry['tree']}"),
                          functools.partial(phone.expect_says, "bar-tree", f"Tree {t + 1}: ")))
        target = "top"  # where the picker opens a new tree
        for slot in CLOCKWISE:
            for card in cards(entry.get(slot)):
                if slot != target:
                    steps.append(Step(functools.partial(phone.press, f"bar-{slot}"),
                                      functools.partial(is_target, phone, slot)))
                species = card if isinstance(card, str) else card["card"]
                steps.append(Step(functools.partial(phone.press, f"pick-{species}"),
                                  functools.partial(phone.expect_says, f"bar-{slot}",
                                                    species_name(species))))
                target = None  # then it moves on by itself
    steps += [Step(functools.partial(phone.press, "cave"),
                   functools.partial(attached, phone, f"cave-{cave}")),
              Step(functools.partial(phone.press, f"cave-{cave}"),
                   functools.partial(phone.expect_says, "cave", f"Cave: {cave} card"))]
    return steps


def is_target(phone: Phone, slot: str) -> None:
    expect(phone.by_id(f"bar-{slot}").first).to_have_attribute("aria-current", "true")


def attached(phone: Phone, identifier: str) -> None:
    expect(phone.by_id(identifier)).to_be_attached()


def test_four_phones_grow_a_forest_shuffle_game_at_once(server, make_context):
    seed_players(server, FOUR)
    game_id, code, phones = four_phones_at(server, make_context, "forest-shuffle",
                                           "quick-linden")
    host = phones[0]

    def same_totals_everywhere() -> None:
        expect_totals(phones, score(stored(server, game_id)["file"]))

    in_rounds([grow_forest(phone, seat, *FORESTS[seat]) for seat, phone in enumerate(phones)],
              same_totals_everywhere)
    data = stored(server, game_id)
    file, undo_before = data["file"], data["undo"]
    assert [(p["forest"], p["cave"]) for p in file["players"]] == FORESTS  # no tap lost
    # Ann's linden scores 1 (Bob has more), Cas's woodpecker 10 (the most trees)
    assert [player.total for player in score(file).players] == [8, 8, 12, 4]

    [fresh] = seated(make_context, server, code, [0])
    for seat, (forest, _cave) in enumerate(FORESTS):
        fresh.press(f"player-{seat}")
        for t, entry in enumerate(forest):
            attached(fresh, f"card-{seat}-{t}-tree")
            for slot in SLOTS:
                for k, _card in enumerate(cards(entry.get(slot))):
                    attached(fresh, f"card-{seat}-{t}-{slot}-{k}")

    # Dee's phone and the host set Dee's cave at the same instant: both taps are taken, one
    # after the other, and every phone shows the one taken last, which the store holds.
    dee = phones[3]
    host.press("picker-close")
    host.press("player-3")
    host.expect_says("cave", "Cave: 3 cards")
    for phone in (host, dee):
        phone.press("cave")
        expect(phone.by_id("cave-8")).to_be_attached()
    at_once([(host, "cave-8"), (dee, "cave-9")])
    dee.expect_says("cave", "Cave: ")
    file = stored_when(server, game_id, lambda data: data["file"]["players"][3]["cave"] in (8, 9)
                       and len(data["undo"]) == len(undo_before) + 2, dee)["file"]
    for phone in (host, dee, fresh):
        phone.expect_says("cave", f"Cave: {file['players'][3]['cave']} cards")
    expect_totals(phones, score(file))


# Fossil ---------------------------------------------------------------------------------------
THREE = FOUR[:3]
# Two rounds of the 2-3 player game: (cost, card taken).
MOVES = [(1, "ammonite:1"), (2, "trilobite:2"), (3, "sea_lily:1"), (1, "poplar_leaf:2"),
         (2, "sea_urchin:1"), (1, "brittle_star:2")]


def expect_fossil_scores(phones: list[Phone], file: dict, to_move: str) -> None:
    said = {f"score-{index}": ui("fossil.score_label", "en", name=player.name,
                                 points=player.total, track=track(player.total))
            for index, player in enumerate(score(file).players)}
    said["turn"] = f"{to_move}'s turn"
    for phone in phones:
        phone.expect_all_say(said)


def test_three_phones_play_fossil_in_turn(server, make_context):
    seed_players(server, THREE)
    host = Phone.open(make_context(), server.url)
    new_fossil_game(host, THREE)
    game_id = game_id_of(host)
    code = join_code(host)
    phones = [host, *(join(make_context, server, code, seat) for seat in (1, 2))]
    log = []
    for number, (cost, card) in enumerate(MOVES):
        mover, then = THREE[number % 3], THREE[(number + 1) % 3]
        assert turn(phones[number % 3], cost, card, f"{then}'s turn") == 3
        log.append({"move": mover, "cost": cost, "take": card})
        file = stored(server, game_id)["file"]
        assert file["log"] == log
        expect_fossil_scores(phones, file, then)


# Who gets in --------------------------------------------------------------------------------


def hosted_symbiose(server, make_context, names: list[str]) -> tuple[Phone, int, str]:
    """The host's phone on a new Symbiose table of known players and cards; its id and code."""
    file = example("symbiose-standard.json")
    learned(server, file)
    host = Phone.open(make_context(), server.url)
    host.tap("game-symbiose")
    host.seat(names)
    host.tap("start")
    expect(host.by_id("tile-0-0-0")).to_be_attached()
    return host, game_id_of(host), join_code(host)


def test_a_game_url_without_the_code_shows_only_the_join_screen(server, make_context):
    _host, game_id, _code = hosted_symbiose(server, make_context, ["Ann", "Bob"])
    stranger = Phone(make_context(host=False).new_page())
    for route in (f"symbiose/{game_id}", f"symbiose/{game_id}/table", ""):
        stranger.goto(server.url + route)
        expect(stranger.by_id("code")).to_be_attached()  # the join screen's field
        for name in ("Ann", "Bob"):
            expect(stranger.page.get_by_text(name)).to_have_count(0)
        expect(stranger.by_id("tile-0-0-0")).to_have_count(0)
        expect(stranger.by_id("join-code")).to_have_count(0)


def test_the_host_removes_a_phone_and_a_phone_comes_back_to_its_seat(server, make_context,
                                                                     shots):
    host, game_id, code = hosted_symbiose(server, make_context, ["Ann", "Bob", "Cas"])
    [bob] = seated(make_context, server, code, [1])
    cas = Phone.open(make_context(host=False), f"{server.url}join/{code.replace('-', '')}")
    cas.expect_says("seat-2", "Cas")
    cas.shot(str(shots / "join-light.png"))
    cas.tap("seat-2")
    host.tap("invite")
    host.expect_says("join-qr", f"{server.url}join/{code.replace('-', '')}")  # a page to open
    host.expect_says("seated-1", "Cas")
    host.shot(str(shots / "table-light.png"))

    bob.reload()
    expect(bob.by_id("player-1")).to_have_attribute("aria-current", "true")
    server.restart()
    host.reload()  # the table screen of the restarted server: the same code
    expect(host.by_id("join-code").locator("[aria-label]").first).to_have_attribute(
        "aria-label", code)
    host.tap("enter-cards")
    host.tap("player-1")
    card = example("symbiose-standard.json")["players"][1]["pond"][0][0]
    host.press(f"known-{card}")
    bob.expect_says("tile-1-0-0", card_words(card))  # Bob's phone is back, live, by itself

    host.tap("invite")
    host.expect_says("seated-0", "Bob")
    host.tap("remove-0")
    expect(bob.by_id("turned-away")).to_be_attached()
    bob.expect_text("The host took this phone off the table, or closed it.")
    expect(bob.by_id("tile-1-0-0")).to_have_count(0)
    host.expect_says("seated-0", "Cas")
    expect(host.by_id("seated-1")).to_have_count(0)
    assert [seat.seat for seat in Store(server.data / "tallybook.sqlite3").seats(game_id)] == [2]



def test_known_cards_stay_put_while_another_phone_enters_one(server, make_context):
    host, game_id, code = hosted_symbiose(server, make_context, ["Ann", "Bob"])
    [bob] = seated(make_context, server, code, [1])
    store = Store(server.data / "tallybook.sqlite3")
    known = store.known_cards("symbiose")  # as the sheet shows them: most used first
    store.close()
    watched = known[0][0]
    placed = next(card for card, uses in known[1:] if uses == known[0][1])  # now used more
    bob.painted()
    before = bob.by_id(f"known-{watched}").first.bounding_box()
    host.press(f"known-{placed}")
    file = stored_when(server, game_id,
                       lambda data: data["file"]["players"][0]["pond"][0][0] == placed,
                       host)["file"]
    expect_totals([bob], symbiose_sheet(file))  # Bob's phone has shown the change
    bob.painted()
    assert bob.by_id(f"known-{watched}").first.bounding_box() == before
