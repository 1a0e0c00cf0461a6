"""The history leaving and entering the app: a JSON backup of every finished game, a CSV of every
player's result, and the import of a backup or of a single game file (GAME_FILES.md).

An import trusts nothing it is given: the bytes are bounded before they are read, must be UTF-8
JSON, and must be our backup or a game file; each game is checked by the scorer and stored on
its own (all of it or nothing), under a fingerprint (views/storage/games.py) so that the same backup
imported twice adds nothing the second time. What was imported, what was there already and
what was refused (with the scorer's problems, place included) comes back as a report in the
reader's language. No Flet here: the archive menu (views/widgets/archive_menu.py) shows it.
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, cast

from scorer import Problem, ScoreSheet, check, score
from scorer.players import MAX_NAME_LENGTH as MAX_NAME
from scorer.printable import json_text, printable
from scorer.registry import GAMES
from scorer.render import problem_text
from scorer.setup import Played
from views.records.results import History, Result, result_from, sheet_of
from views.storage.games import GameRecord, fingerprint
from views.storage.store import Store
from views.tables.registry import GAMES as VIEWS
from views.text import i18n

FORMAT = "tallybook-backup"
VERSION = 2  # 2: unfinished games too ("status": "active"); 1 held finished games only
READS = (1, 2)
# The largest file a phone sends (a backup or a game file to import, picked and sent in one
# WebSocket message, which views/web/frames.py bounds by this): a backup takes 1 to 4 KB a game,
# so this holds some 4,000 to 15,000 games; a larger history is kept whole by a copy of the
# database (`tallybook backup`). A larger backup is still written (the host is told).
MAX_BYTES = 15 * 1024 * 1024
# What of a file reaches the phone is bounded: a refused game's problems listed (the rest are
# counted), the players a game's label names, and the length of any text from the file.
MAX_REASONS = 8
LABEL_NAMES = 6
MAX_TEXT = 200
ProgressOf = Callable[[int, int], None]  # (games done, games in all)


# backup ------------------------------------------------------------------------------------
def backup(store: Store, now: float | None = None) -> dict[str, Any]:
    """Every game, finished (its game file, when it was started and finished) or not (its
    file, when it was started and last changed), and who each name played with counts for
    now (renames and merges)."""
    games = [{"game": record.kind, "created": iso(record.created),
              "finished": iso(record.updated), "file": record.data.get("file")}
             for record in reversed(store.games("finished"))]  # oldest first: as played
    games += [{"game": record.kind, "status": "active", "created": iso(record.created),
               "updated": iso(record.updated), "file": record.data.get("file")}
              for record in reversed(store.games("active"))]
    aliases = [{"name": name, "player": player} for name, player in store.aliases().items()]
    return {"format": FORMAT, "version": VERSION, "exported": iso(time.time() if now is None
                                                                   else now),
            "games": games, "aliases": aliases}


def backup_bytes(store: Store) -> bytes:
    return json_text(backup(store)).encode()  # no indent: a third smaller


def iso(moment: float) -> str:
    """UTC, to the microsecond: the precision a fingerprint keeps."""
    return datetime.fromtimestamp(moment, UTC).isoformat(timespec="microseconds")


def moment_of(value: object) -> float | None:
    """Seconds since the epoch of an ISO 8601 time with its offset; None if it is not one."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    return parsed.timestamp() if parsed.tzinfo is not None else None


# CSV ---------------------------------------------------------------------------------------
def csv_text(store: Store) -> str:
    """One row per player per game, the latest game first, with the sheet's subtotals in one
    column per category (empty where a game has no such category)."""
    history = History(store)
    scored = [(record, result, sheet) for record in store.games("finished")
              if (found := scored_game(record)) is not None for result, sheet in [found]]
    categories = list(dict.fromkeys(f"{sheet.game}:{name}" for _, _, sheet in scored
                                    for player in sheet.players for name in player.categories))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["game_id", "finished", "game", "variant", "player", "counts_for", "seat",
                     "total", "place", "won", "shared_win", *categories])
    for _record, result, sheet in scored:
        local = datetime.fromtimestamp(result.finished).astimezone().isoformat(timespec="seconds")
        for index, (seat, player) in enumerate(zip(result.seats, sheet.players, strict=True)):
            subtotals = {f"{sheet.game}:{name}": points
                         for name, points in player.categories.items()}
            writer.writerow([result.game_id, local, result.kind, cell(variant_cell(result.played)),
                             cell(seat.name), cell(history.player(seat.name)), index + 1,
                             seat.total, seat.place, _yes(seat.won), _yes(seat.shared),
                             *(subtotals.get(name, "") for name in categories)])
    return out.getvalue()


def variant_cell(played: Played) -> str:
    """The variant column: a game of boxes, its boxes joined by "+" ("base+alpine"); any other
    game, its variant."""
    return "+".join(played.boxes) or played.variant


def _yes(value: bool) -> str:
    return "yes" if value else "no"


# A spreadsheet runs a cell starting with one of these as a formula (CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(value: str) -> str:
    """Untrusted text made safe for a spreadsheet: printable (a name cannot break a row or hide
    in it), and a formula-like start defused with a quote."""
    escaped = printable(value, limit=None)
    return "'" + escaped if value.startswith(FORMULA_STARTS) else escaped


def scored_game(record: GameRecord) -> tuple[Result, ScoreSheet] | None:
    """A finished game's result and its score sheet (the subtotals); None if it no longer
    scores."""
    sheet = sheet_of(record)
    return None if sheet is None else (result_from(record, sheet), sheet)


# import ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Refused:
    what: str  # the game, as the report names it ("Symbiose · Ann, Bob, Cas"), or its place
    reasons: tuple[str, ...]


@dataclass
class ImportReport:
    """`error`: the whole file was refused (nothing was stored); otherwise per game."""

    error: str = ""
    imported: list[str] = field(default_factory=list)
    present: list[str] = field(default_factory=list)  # there already
    refused: list[Refused] = field(default_factory=list)
    aliases: int = 0  # renames and merges added

    @property
    def changed(self) -> bool:
        return bool(self.imported or self.aliases)


@dataclass(frozen=True)
class Entry:
    """A game to import: from a backup (with its times) or a single game file (times now)."""

    where: str  # its place in the file ("games[3]"), for a refusal that cannot name the game
    kind: object
    file: object
    created: float | None
    finished: float | None  # an unfinished game: when it was last changed
    from_backup: bool
    unfinished: bool = False


@dataclass
class Known:
    """The games here, as an import recognises them."""

    fingerprints: set[str]  # of the finished games
    contents: set[str]  # of the finished games' files (a game file carries no times)
    # An unfinished game moves on, or is finished, after its backup was taken: it is known by
    # its game and when it was started (to the microsecond, as a backup writes it).
    started: set[tuple[str, str]]


def import_bytes(store: Store, data: bytes, lang: str, now: float | None = None,
                 progress: ProgressOf | None = None) -> ImportReport:
    """Import a backup or a game file. Nothing is stored unless the file is one of them; then
    every game on its own, all of it or nothing (`progress`: told as each game is done)."""
    def t(key: str, **params: Any) -> str:
        return i18n.ui(key, lang, **params)

    if len(data) > MAX_BYTES:
        return ImportReport(error=t("import.too_large", limit=MAX_BYTES // (1024 * 1024)))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return ImportReport(error=t("import.not_utf8"))
    try:
        parsed: object = json.loads(text)
    except json.JSONDecodeError as error:
        return ImportReport(error=t("import.not_json", line=error.lineno, column=error.colno))
    except (ValueError, RecursionError):  # a number too long, nesting too deep
        return ImportReport(error=t("import.not_json_at_all"))
    moment = time.time() if now is None else now
    if isinstance(parsed, dict) and parsed.get("format") == FORMAT:
        version = parsed.get("version")
        if type(version) is not int or version not in READS:  # true is not 1
            return ImportReport(error=t("import.backup_version", found=bounded(str(version), 20),
                                        supported=VERSION))
        games, aliases = parsed.get("games"), parsed.get("aliases", [])
        if not isinstance(games, list) or not isinstance(aliases, list):
            return ImportReport(error=t("import.backup_broken"))
        entries = [_backup_entry(index, item) for index, item in enumerate(games)]
    elif isinstance(parsed, dict) and "game" in parsed and "players" in parsed:
        entries, aliases = [Entry("", parsed.get("game"), parsed, moment, moment, False)], []
    else:
        return ImportReport(error=t("import.foreign"))
    report = ImportReport()
    report.aliases = _import_aliases(store, aliases)  # first: players are remembered renamed
    _import_games(store, entries, lang, report, progress or (lambda done, total: None))
    return report


def _backup_entry(index: int, item: object) -> Entry:
    where = f"games[{index}]"
    status = item.get("status", "finished") if isinstance(item, dict) else None
    if not isinstance(item, dict) or status not in ("finished", "active"):
        return Entry(where, None, None, None, None, True)
    unfinished = status == "active"
    return Entry(where, item.get("game"), item.get("file"), moment_of(item.get("created")),
                 moment_of(item.get("updated" if unfinished else "finished")), True, unfinished)


def _import_games(store: Store, entries: list[Entry], lang: str, report: ImportReport,
                  progress: ProgressOf) -> None:
    known = _known(store)
    renamed = store.aliases()
    progress(0, len(entries))
    for done, entry in enumerate(entries, start=1):
        _import_game(store, entry, lang, report, known, renamed)
        progress(done, len(entries))


def _import_game(store: Store, entry: Entry, lang: str, report: ImportReport, known: Known,
                 renamed: dict[str, str]) -> None:
    checked = _checked(entry, lang)
    if isinstance(checked, Refused):
        report.refused.append(checked)
        return
    kind, file, created, finished, label = checked
    identity = fingerprint(kind, file, created)
    started = (kind, iso(created))
    # A game file carries no times: the same game is the same file.
    if (started in known.started if entry.unfinished else identity in known.fingerprints
            or (not entry.from_backup and _content(kind, file) in known.contents)):
        report.present.append(label)
        return
    names = [player if isinstance(player, str) else player["name"] for player in file["players"]]
    try:
        store.add_imported_game(kind, {"file": file}, created, finished, identity,
                                [renamed.get(name.casefold(), name) for name in names],
                                finished=not entry.unfinished)
    except sqlite3.IntegrityError:  # its fingerprint: stored meanwhile (another import)
        report.present.append(label)
        return
    known.fingerprints.add(identity)
    known.contents.add(_content(kind, file))
    known.started.add(started)
    report.imported.append(label)


def _known(store: Store) -> Known:
    """The games here: the fingerprints and the contents of the finished games, of their files
    as an import stores them (a game finished before the app wrote files out in full is known
    too), and when every game was started."""
    known = Known(store.fingerprints(), set(), set())
    for record in store.games("finished"):
        file = record.data.get("file")
        game, _ = check(file)
        normal = normalised(record.kind, file, game) if game is not None and isinstance(
            file, dict) else file
        known.fingerprints.add(fingerprint(record.kind, normal, record.created))
        known.contents.add(_content(record.kind, normal))
        known.started.add((record.kind, iso(record.created)))
    known.started |= {(record.kind, iso(record.created)) for record in store.games("active")}
    return known


def _checked(entry: Entry, lang: str) -> tuple[str, dict[str, Any], float, float, str] | Refused:
    """(kind, the normalised game file, created, finished, its label), or why it is refused."""
    def refused(key: str, **params: Any) -> Refused:
        return Refused(entry.where or i18n.ui("import.the_file", lang),
                       (i18n.ui(key, lang, **params),))

    if entry.created is None or entry.finished is None:
        return refused("import.bad_entry")
    if not isinstance(entry.kind, str) or entry.kind not in GAMES:
        return refused("import.unknown_game")
    if not isinstance(entry.file, dict) or entry.file.get("game") != entry.kind:
        return refused("import.bad_entry")
    game, problems = check(entry.file, partial=entry.unfinished)
    label = _label(entry.kind, entry.file, lang)
    if game is None:
        return Refused(label, _reasons(problems, lang))
    if entry.unfinished:
        if not _loads(entry.kind, entry.file):
            return Refused(label, (i18n.ui("import.bad_entry", lang),))
        return entry.kind, entry.file, entry.created, entry.finished, label
    normal = normalised(entry.kind, entry.file, game)
    if not VIEWS[entry.kind].over(normal):
        return Refused(label, (i18n.ui("import.not_over", lang),))  # the app would reopen it
    if _outcome(score(game)) != _outcome(score(normal)):
        return Refused(label, (i18n.ui("import.not_kept", lang),))
    return entry.kind, normal, entry.created, entry.finished, label


def _reasons(problems: list[Problem], lang: str) -> tuple[str, ...]:
    """The errors, each bounded, the first MAX_REASONS of them, and how many more."""
    errors = [p for p in problems if p.severity == "error"]
    shown = [bounded(problem_text(p, i18n.scorer_language(lang))) for p in errors[:MAX_REASONS]]
    more = [i18n.ui("import.more_problems", lang, count=len(errors) - MAX_REASONS)] \
        if len(errors) > MAX_REASONS else []
    return (*shown, *more)


def _loads(kind: str, file: dict[str, Any]) -> bool:
    """Whether the game's model takes the file of an unfinished game, as entry will."""
    try:
        VIEWS[kind].table(cast(Store, None), GameRecord(0, kind, "active", {"file": file}, 0.0))
    except Exception:  # whatever a model trips over in a file the scorer let through
        return False
    return True


def _label(kind: str, file: dict[str, Any], lang: str) -> str:
    """'Symbiose · Ann, Bob, Cas': the game and its players, as the report lists it (the
    first LABEL_NAMES of them, and how many more)."""
    players = file.get("players")
    players = players if isinstance(players, list) else []
    names = [printable(player if isinstance(player, str) else str(player.get("name", "")),
                       limit=MAX_NAME) for player in players[:LABEL_NAMES]
             if isinstance(player, str | dict)]
    more = f" +{len(players) - LABEL_NAMES}" if len(players) > LABEL_NAMES else ""
    return f"{i18n.ui('game.' + kind, lang)} · {', '.join(names)}{more}"


def bounded(words: str, limit: int = MAX_TEXT) -> str:
    """Text from a file, as the phone is sent it: at most `limit` characters."""
    return words if len(words) <= limit else words[:limit - 1] + "…"


def _outcome(sheet: ScoreSheet) -> list[tuple[str, int, int, dict[str, int]]]:
    return [(p.name, p.total, p.place, p.categories) for p in sheet.players]


def _content(kind: str, file: object) -> str:
    return kind + json.dumps(file, sort_keys=True, ensure_ascii=False)


def _import_aliases(store: Store, aliases: list[object]) -> int:
    """The backup's renames and merges that this history does not know yet."""
    known = store.aliases()
    added = 0
    for item in aliases:
        if not isinstance(item, dict):
            continue
        name, player = _name(item.get("name")), _name(item.get("player"))
        if name and player and name.casefold() != player.casefold():
            added += store.add_alias(name, known.get(player.casefold(), player))
    return added


def _name(value: object) -> str:
    return value.strip() if isinstance(value, str) and 0 < len(value.strip()) <= MAX_NAME \
        else ""


def normalised(kind: str, file: dict[str, Any], game: object) -> dict[str, Any]:
    """The game file as the app stores a finished game of its kind (its model says how)."""
    return VIEWS[kind].table.file_as_stored(file, game)
