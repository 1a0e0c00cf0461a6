"""Every CLI call whose output must not change when the CLI gets faster: each shipped example
and a few files the tests build (valid, with warnings, invalid, unreadable), in every output
format (the text sheet, the JSON sheet, validate) and every language, plus `schema` and `rules`.

`python -m tests.scorer.cli_corpus` writes a digest of each output of this tree to
`cli_outputs.json` (the outputs themselves are megabytes), which `test_cli_unchanged.py` holds
every later tree to; `--full PATH` writes the outputs themselves, to compare two trees' outputs.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from scorer.cli import main
from scorer.i18n import languages
from tests.scorer.fossil.long_log import long_game, shipped_game
from tests.scorer.symbiose.tables import valid_table

ROOT = Path(__file__).parents[2]
OUTPUTS = Path(__file__).with_name("cli_outputs.json")


def _built_files() -> dict[str, Any]:
    """Files the tests build: valid ones, ones with warnings or errors, and text that is no game."""
    typo = valid_table(3)
    typo["players"][0]["pond"][0][0] = "fsh/pink/2"
    fossil_wrong_turn = shipped_game()
    fossil_wrong_turn["log"].insert(0, {"move": fossil_wrong_turn["players"][1], "cost": 1})
    return {
        "symbiose-3": valid_table(3),
        "symbiose-team-4": valid_table(4, "team"),
        "symbiose-duel-2": valid_table(2),
        "symbiose-typo": typo,
        "forest-problems": {"version": 1, "game": "forest-shuffle", "players": [
            {"name": "Ann", "forest": [{"tree": "oak", "top": "red_squirel"}]},
            {"name": "Ann", "forest": [{"tree": "sapling", "left": "fox"}]}]},
        "forest-unknown-box": {"version": 1, "game": "forest-shuffle", "boxes": ["moon"],
                               "players": [{"name": "Ann", "forest": []},
                                           {"name": "Bob", "forest": []}]},
        "fossil-long": long_game(400),
        "fossil-wrong-turn": fossil_wrong_turn,
        "unknown-game": {"version": 1, "game": "chess", "players": []},
        "names-that-act": {**valid_table(3), "players": [
            {**player, "name": name} for player, name in
            zip(valid_table(3)["players"], ["A\x1b[2Jnn", "B\u202eob", "C" * 200], strict=True)]},
        "names-that-act-valid": {**valid_table(3), "players": [
            {**player, "name": name} for player, name in
            zip(valid_table(3)["players"], ["A\x1b[2Jnn", "B\u202eob", "Cäs"], strict=True)]},
        "not-json": "{ this is not json",
    }


def _files(folder: Path) -> Iterator[tuple[str, Path]]:
    for example in sorted((ROOT / "examples").glob("*.json")):
        yield example.name, example
    for name, data in _built_files().items():
        path = folder / f"{name}.json"
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
        yield name, path


def _commands(path: Path) -> Iterator[list[str]]:
    for lang in languages():
        yield ["score", str(path), "--lang", lang]
        yield ["score", str(path), "--json", "--lang", lang]
        yield ["validate", str(path), "--lang", lang]


def _other_commands() -> Iterator[list[str]]:
    yield ["schema"]
    for game in ("symbiose", "forest-shuffle", "fossil"):
        yield ["schema", game]
        for lang in languages():
            yield ["rules", game, "--lang", lang]
    yield ["rules", "forest-shuffle", "fox", "--lang", "nl"]
    yield ["rules", "forest-shuffle", "no such card"]


def run(args: list[str]) -> dict[str, Any]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(args)
    return {"status": status, "stdout": out.getvalue(), "stderr": err.getvalue()}


def outputs() -> dict[str, dict[str, Any]]:
    """Each call (its arguments, the file named by its case) -> its status, stdout and stderr."""
    found = {}
    with tempfile.TemporaryDirectory() as folder:
        for name, path in _files(Path(folder)):
            for args in _commands(path):
                found[" ".join([name if arg == str(path) else arg for arg in args])] = run(args)
    for args in _other_commands():
        found[" ".join(args)] = run(args)
    return found


def digest(output: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(output, ensure_ascii=False).encode()).hexdigest()


def _write(path: Path, data: dict[str, Any]) -> None:
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{path} written", file=sys.stderr)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", type=Path, help="write the outputs themselves here instead")
    args = parser.parse_args()
    found = outputs()
    if args.full:
        _write(args.full, found)
    else:
        _write(OUTPUTS, {call: digest(output) for call, output in found.items()})
