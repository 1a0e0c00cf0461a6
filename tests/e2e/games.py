"""Playing each game through the UI, tap by tap as a thumb would: the steps shared by the
end-to-end tests of a game and of the history (tests/e2e/test_history_e2e.py)."""

from __future__ import annotations

from playwright.sync_api import expect

from scorer.forest_shuffle.catalog import load_catalog
from tests.e2e.phone import Phone
from views.storage.store import Store

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


CLOCKWISE = ("top", "right", "bottom", "left")  # the order the picker opens a tree's slots


def species_name(species: str) -> str:
    return load_catalog().by_id(species).names.en


def slot_says(phone: Phone, slot: str, names: list[str]) -> None:
    """The tree bar's slot lists these cards: the pick has been taken."""
    phone.expect_says(f"bar-{slot}", f"{slot.capitalize()}: {', '.join(names)}")


def answer_symbol(phone: Phone, symbol: str | None) -> None:
    """The symbol the app asks for, if it asks (else nothing shows the question)."""
    if phone.by_id("symbol-question").count():
        assert symbol is not None, "the app asks a symbol the file does not give"
        phone.press(f"symbol-{symbol}")


def enter_tree(phone: Phone, entry: dict) -> None:
    """The tree from the picker, then its dwellers on the slot the picker opened by itself,
    or on the slot tapped in the tree bar first; a symbol only where the app asks for it."""
    phone.press(f"quick-{entry['tree']}")
    expect(phone.by_id("bar-top").first).to_have_attribute("aria-current", "true")
    answer_symbol(phone, entry.get("symbol"))
    due = {slot: list(cards(entry.get(slot))) for slot in CLOCKWISE}
    placed: dict[str, list[str]] = {slot: [] for slot in CLOCKWISE}
    while any(due.values()):
        target = next((s for s in CLOCKWISE if due[s] and phone.by_id(f"bar-{s}").first
                       .get_attribute("aria-current") == "true"), None)
        if target is None:
            target = next(s for s in CLOCKWISE if due[s])
            phone.press(f"bar-{target}")
            expect(phone.by_id(f"bar-{target}").first).to_have_attribute("aria-current",
                                                                         "true")
        card = due[target].pop(0)
        species = card if isinstance(card, str) else card["card"]
        phone.press(f"pick-{species}")
        answer_symbol(phone, None if isinstance(card, str) else card.get("symbol"))
        placed[target].append(species_name(species))
        if all(placed.values()) and not any(due.values()):
            expect(phone.by_id("hosts")).to_be_attached()  # the tree is full: the next one
        else:
            slot_says(phone, target, placed[target])


def enter_forest(phone: Phone, player: int, forest: list, cave: int) -> None:
    """Player `player`'s forest and cave, from the host's phone."""
    if player > 0:
        if phone.by_id("picker-close").count():
            phone.press("picker-close")
        phone.press(f"player-{player}")
        expect(phone.by_id("hosts")).to_be_attached()  # an empty forest: its first tree
    for entry in forest:
        enter_tree(phone, entry)
    if cave:
        phone.press("cave")
        phone.press(f"cave-{cave}")
        phone.expect_says("cave", f"Cave: {cave} card")  # "card" or "cards"


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
    phone.page.wait_for_function(SAYS, arg=[identifier, words], polling="raf")


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

