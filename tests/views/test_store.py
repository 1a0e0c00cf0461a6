"""The SQLite store: schema versioned, every write visible to a new connection at once."""

from views.store import SCHEMA_VERSION, Store
from views.symbiose.model import SymbioseNewTable, SymbioseTable


def test_schema_and_persistence(tmp_path):
    path = tmp_path / "db.sqlite3"
    store = Store(path)
    assert store.schema_version() == SCHEMA_VERSION
    game_id = SymbioseTable.start(store, SymbioseNewTable("symbiose", ("Ann", "Bob", "Cas"),
                                                          "standard"))
    store.count_card("symbiose", "frog/pink/2xpink", 1)
    store.count_card("symbiose", "fish/blue/5", 1)
    store.count_card("symbiose", "fish/blue/5", 1)
    store.remember_players(["Ann", "Bob"])
    other = Store(path)  # e.g. the server after a restart, before the first one closed
    assert other.game(game_id).data["file"]["players"][0]["name"] == "Ann"
    assert other.known_cards("symbiose") == [("fish/blue/5", 2), ("frog/pink/2xpink", 1)]
    assert other.known_players() == ["Ann", "Bob"]
    store.save_game(game_id, other.game(game_id).data, 0, status="finished")
    assert [g.id for g in other.games("finished")] == [game_id]
    store.count_card("symbiose", "frog/pink/2xpink", -1)
    assert other.known_cards("symbiose") == [("fish/blue/5", 2)]
