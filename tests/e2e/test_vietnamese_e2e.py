"""A phone whose browser speaks Vietnamese (vi-VN) scores a Symbiose table in Vietnamese, from
home to the rule behind a sheet line; Forest Shuffle, which has no Vietnamese edition, stays
English. Screenshots of the Vietnamese entry, sheet and rules entry in both themes."""

from __future__ import annotations

from playwright.sync_api import expect

from scorer import i18n, score
from tests.e2e.conftest import shoot_looks
from tests.e2e.games import cards_of, learned, tile_of
from tests.e2e.phone import Phone
from tests.e2e.test_symbiose_e2e import example
from views.storage.store import Store
from views.symbiose.model import SymbioseNewTable, SymbioseTable, card_of

VIETNAMESE = "vi-VN"


def enter_known(phone: Phone, cards: list[str], start: int, players: int) -> None:
    """One tap per known card, each waiting until its tile names the card's animal in
    Vietnamese (or the next pond has opened)."""
    for index in range(start, len(cards)):
        phone.tap(f"known-{cards[index]}")
        if index % 8 != 7:
            animal = i18n.text(f"term.{cards[index].split('/')[0]}", lang="vi")
            phone.expect_says(tile_of(index, players), f": {animal}, ")
        elif index + 1 < len(cards):
            expect(phone.by_id(tile_of(index + 1, players))).to_be_attached()


def test_a_vietnamese_phone_scores_symbiose_in_vietnamese(server, make_context):
    file = example("symbiose-standard.json")
    learned(server, file)
    server.restart()
    phone = Phone.open(make_context(locale=VIETNAMESE), server.url)
    phone.expect_text("Trò chơi")
    phone.tap("game-symbiose")
    phone.expect_text("Ván Symbiose mới")
    phone.seat([player["name"] for player in file["players"]])
    phone.expect_says("seating", "người bên trái của Ann là Bob")
    phone.tap("start")
    phone.expect_says("label-left", "đếm Ao của Bob")
    phone.expect_text("Lá bài mới")
    enter_known(phone, cards_of(file), 0, 3)
    for index, player in enumerate(score(file).players):
        phone.expect_says(f"total-{index}", f"{player.name}: {player.total} điểm")
    phone.tap("finish")
    phone.expect_says("winners", "Đồng chiến thắng: Ann, Bob")
    phone.press("result-0")  # its control, wherever the sheet's arrival has it now
    phone.expect_says("line-0-0",
                      "hàng trên, cột bên trái · 2 điểm mỗi lá màu hồng × 3 trong Ao của Bob = 6")
    phone.tap("line-0-0")
    phone.expect_text("Vì sao được số điểm này")
    expect(phone.page.get_by_text("Cách hiểu của chúng tôi: cột bên trái", exact=False)
           ).to_be_visible()
    phone.page.keyboard.press("Escape")
    expect(phone.page.get_by_text("Vì sao được số điểm này")).to_have_count(0)
    phone.tap("back")  # each Back once the screen it leads to is there: a tap is not queued
    phone.expect_says("total-0", "Ann")
    phone.tap("back")
    phone.tap("game-forest-shuffle")  # no Vietnamese edition: English as a whole
    phone.expect_text("New Forest Shuffle game")
    phone.expect_says("start", "Start")


def stored_tables(server, file: dict) -> tuple[int, int]:
    """The table half entered (13 cards: Bob's pond in progress) and the same table complete."""
    store = Store(server.data / "tallybook.sqlite3")
    names = tuple(player["name"] for player in file["players"])
    tables = []
    for filled in (13, None):
        game_id = SymbioseTable.start(store, SymbioseNewTable("symbiose", names, file["mode"]))
        table = SymbioseTable(store, store.game(game_id))
        for card in cards_of(file)[:filled]:
            table.place(card_of(card))
        tables.append(game_id)
    store.close()
    return tables[0], tables[1]


def test_vietnamese_screenshots(server, make_context, shots):
    file = example("symbiose-standard.json")
    learned(server, file)
    entry, complete = stored_tables(server, file)
    server.restart()
    size = {"width": 390, "height": 844}
    phone = Phone.open(make_context(locale=VIETNAMESE), server.url)
    phone.tap(f"record-{entry}")
    phone.expect_says("label-left", "đếm Ao của Cas")
    phone.expect_says("tile-1-1-1", "trống")
    shoot_looks(phone, shots, "vi-pond-entry", size)
    phone.tap("tile-1-0-0")
    phone.expect_says("tile-explain", "cột bên trái")
    shoot_looks(phone, shots, "vi-tile-explained", size)
    phone.goto(f"{server.url}symbiose/{complete}/sheet")
    phone.expect_says("winners", "Đồng chiến thắng: Ann, Bob")
    phone.press("result-0")  # its control, wherever the sheet's arrival has it now
    phone.expect_says("line-0-0", "trong Ao của Bob")
    shoot_looks(phone, shots, "vi-score-sheet", size)
    phone.tap("line-0-0")
    phone.expect_text("Vì sao được số điểm này")
    shoot_looks(phone, shots, "vi-rule-dialog", size)
    phone.page.keyboard.press("Escape")
    phone.tap("line-rule-0-0")  # the rules reference's entry for that line's column
    phone.expect_says("rule-title", "Cột bên trái")
    expect(phone.page.get_by_text("đó là lỗi dịch", exact=False)).to_be_visible()
    shoot_looks(phone, shots, "vi-rules-entry", size)
