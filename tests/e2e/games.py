"""Playing each game through the UI, tap by tap as a thumb would: the steps shared by the
end-to-end tests of a game and of the history (tests/e2e/test_history_e2e.py)."""

from __future__ import annotations

from playwright.sync_api import expect

from scorer.forest_shuffle.catalog import load_catalog
from scorer.forest_shuffle.models import SLOTS
from scorer.forest_shuffle.placing import printed_symbols
from tests.e2e.phone import Phone
from views.store import Store

MODE_ABOUT = {"team": "Partners sit opposite"}
BOXES = ["base"]


# Symbiose ---------------------------------------------------------------------------------------
def cards_of(file: dict) -> list[str]:
    cards = [card for player in file["players"] for row in player["pond"] for card in row]
    return cards + list(file.get("river") or [])


def learned(server, file: dict) -> None:
    """Earlier games taught the deck and the players (written before the server reads it)."""
    store = Store(server.data / "tallybook.sqlite3")
    for card in cards_of(file):
        store.count_card("symbiose", card, 1)
    store.remember_players([player["name"] for player in file["players"]][::-1])
    store.close()


def play_table(phone: Phone, file: dict, mode: str | None = None) -> None:
    phone.tap("game-symbiose")
    phone.seat([player["name"] for player in file["players"]])
    if mode:
        phone.tap(f"mode-{mode}")
        expect(phone.page.get_by_text(MODE_ABOUT[mode], exact=False)).to_be_visible()
    phone.tap("start")
    expect(phone.by_id("tile-0-0-0")).to_be_visible()
    enter_known(phone, cards_of(file), 0, len(file["players"]))


def tile_of(index: int, players: int) -> str:
    """The test id of the index-th tile in entry order (ponds row by row, then the river)."""
    if index >= players * 8:
        return f"river-{index - players * 8}"
    player, rest = divmod(index, 8)
    return f"tile-{player}-{rest // 4}-{rest % 4}"


def enter_known(phone: Phone, cards: list[str], start: int, players: int) -> None:
    """One tap per card; each waits until the app shows it, so no tap races the last one."""
    for index in range(start, len(cards)):
        phone.tap(f"known-{cards[index]}")
        if index % 8 != 7:  # still on the same pond: the tile shows the card
            phone.expect_says(tile_of(index, players), cards[index].split("/")[0])
        elif index + 1 < len(cards):  # the next pond (or the river) opened by itself
            expect(phone.by_id(tile_of(index + 1, players))).to_be_attached()


# Forest Shuffle ---------------------------------------------------------------------------------
def cards(value) -> list:
    return [] if value is None else value if isinstance(value, list) else [value]



def pick_chip(card, slot: str, boxes: list[str] = BOXES) -> str:
    """The chip the sheet shows for this card: its symbol chip when the species is printed
    with more than one tree symbol on this side, else the species alone."""
    species = card if isinstance(card, str) else card["card"]
    symbol = None if isinstance(card, str) else card.get("symbol")
    symbols = printed_symbols(species, slot, boxes)
    return f"pick-{species}-{symbol}" if symbol and len(symbols) > 1 else f"pick-{species}"


def add_host(phone: Phone, entry: dict, boxes: list[str]) -> None:
    """A tree of the boxes is one tap on its quick chip; a shrub (or a tree with a chosen
    symbol) goes through "+ Tree" and the sheet: two taps."""
    species = load_catalog().by_id(entry["tree"])
    if species.kind == "tree" and "symbol" not in entry:
        phone.tap(f"quick-{entry['tree']}")
        return
    phone.tap("add-tree")
    chip = pick_chip({"card": entry["tree"], "symbol": entry.get("symbol")}, "whole", boxes)
    expect(phone.by_id(chip)).to_be_attached()
    phone.tap(chip)


def enter_forest(phone: Phone, player: int, forest: list, cave: int,
                 boxes: list[str] = BOXES) -> None:
    if player > 0:
        phone.tap(f"player-{player}")
        expect(phone.by_id(f"card-{player - 1}-0-tree")).to_have_count(0)
    for t, entry in enumerate(forest):
        add_host(phone, entry, boxes)
        expect(phone.by_id(f"card-{player}-{t}-tree")).to_be_attached()
        for slot in SLOTS:
            for k, card in enumerate(cards(entry.get(slot))):
                first = f"slot-{player}-{t}-{slot}" if k == 0 else f"another-{player}-{t}-{slot}"
                phone.tap(first)
                chip = pick_chip(card, slot, boxes)
                expect(phone.by_id(chip)).to_be_attached()
                phone.tap(chip)
                expect(phone.by_id(f"card-{player}-{t}-{slot}-{k}")).to_be_attached()
    for count in range(1, cave + 1):
        phone.tap("cave-plus")
        phone.expect_says("cave", f"Cave: {count} card")  # "card" or "cards"



def new_forest_game(phone: Phone, names: list[str], boxes: list[str]) -> None:
    """From home to the entry screen of a new game of known players with these boxes."""
    phone.tap("game-forest-shuffle")
    phone.seat(names)
    for box in boxes:
        if box != "base":  # base is in play on a fresh device
            phone.toggle(f"box-{box}")
    phone.tap("start")
    expect(phone.by_id("quick-beech")).to_be_attached()


# Fossil -----------------------------------------------------------------------------------------
def end_game(phone: Phone) -> None:
    phone.tap("end-game")
    phone.tap("end-confirm")  # End of game asks first


def new_fossil_game(phone: Phone, names: list[str]) -> None:
    phone.tap("game-fossil")
    phone.seat(names)
    phone.tap("start")
    expect(phone.by_id("cost-1")).to_be_attached()



SAYS = """([id, words]) => {
  const node = document.querySelector(`[flt-semantics-identifier="${id}"]`);
  return !!node && ((node.getAttribute("aria-label") || "") + node.textContent).includes(words);
}"""


def says(phone: Phone, identifier: str, words: str) -> None:
    """Like phone.expect_says, but checked on every animation frame: a turn is many taps."""
    phone.page.wait_for_function(SAYS, arg=[identifier, words], polling="raf", timeout=15_000)


def turn(phone: Phone, cost: int, card: str, then: str) -> int:
    """One ordinary turn: cost, fossil, value. Returns the taps it took."""
    fossil, value = card.split(":")
    before = phone.taps
    phone.tap(f"cost-{cost}")
    says(phone, "choice", f"pays {cost} ·")
    phone.tap(f"fossil-{fossil}")
    says(phone, "choice", f"pays {cost} · takes: {fossil.replace('_', ' ')}")
    phone.tap(f"value-{value}")
    says(phone, "turn", then)
    return phone.taps - before

