"""`python -m scorer`: score, check and describe game files from a terminal (GAME_FILES.md).

Exit status: 0 scored or valid (warnings go to the sheet), 2 an invalid file or bad usage.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Annotated, Any, Union

from scorer import i18n
from scorer.loading import check, read_game_file
from scorer.printable import json_pieces
from scorer.problems import GameFileError, Problem
from scorer.registry import GAMES, game_language, game_type_of
from scorer.render import problem_lines, sheet_json, sheet_text

INVALID = 2


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    return run(args)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m scorer", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(required=True, metavar="COMMAND")

    score = commands.add_parser("score", help="print the score sheet of a game file")
    score.add_argument("file", metavar="FILE")
    score.add_argument("--json", action="store_true", help="the sheet as JSON (GAME_FILES.md)")
    _language_option(score)
    score.set_defaults(run=_score)

    validate = commands.add_parser("validate", help="list every problem in a game file")
    validate.add_argument("file", metavar="FILE")
    _language_option(validate)
    validate.set_defaults(run=_validate)

    schema = commands.add_parser("schema", help="the JSON Schema of the game files")
    schema.add_argument("game", metavar="GAME", nargs="?", choices=list(GAMES))
    schema.set_defaults(run=_schema)

    rules = commands.add_parser("rules", help="what a card scores and the rulings about it")
    rules.add_argument("game", metavar="GAME", choices=list(GAMES))
    rules.add_argument("card", metavar="CARD", nargs="?",
                       help="a card id or name in any language (Forest Shuffle); none: all cards")
    _language_option(rules)
    rules.set_defaults(run=_rules)
    return parser


def _language_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", choices=i18n.languages(), default=i18n.DEFAULT_LANGUAGE,
                        help="language of the explanations (English for a game that has "
                             "no edition in it)")


def _checked(path: str, lang: str) -> tuple[Any | None, list[Problem], str]:
    """The file's game (None: invalid, its problems then printed to stderr), its problems, and
    the language they and the sheet are shown in: the file's game's (`game_language`)."""
    try:
        data = read_game_file(path)
    except GameFileError as error:
        game, problems = None, error.problems
    else:
        lang = _language_of(data, lang)
        game, problems = check(data)
    if game is None:
        for line in problem_lines(problems, lang):
            print(line, file=sys.stderr)
    return game, problems, lang


def _language_of(data: object, lang: str) -> str:
    game_id = data.get("game") if isinstance(data, dict) else None
    return game_language(game_id, lang) if isinstance(game_id, str) and game_id in GAMES \
        else lang


def _score(args: argparse.Namespace) -> int:
    game, _, lang = _checked(args.file, args.lang)  # the sheet carries the warnings
    if game is None:
        return INVALID
    sheet = game_type_of(game).score(game)
    if args.json:
        sys.stdout.writelines(json_pieces(sheet_json(sheet, lang), indent=2))
        print()
    else:
        print(sheet_text(sheet, lang), end="")
    return 0


def _validate(args: argparse.Namespace) -> int:
    game, problems, lang = _checked(args.file, args.lang)
    if game is None:
        return INVALID
    game_id = game_type_of(game).id
    print(i18n.text("cli.valid", {"game": game_id, "count": len(game.names)}, lang))
    for line in problem_lines(problems, lang):
        print(line)
    return 0


def _schema(args: argparse.Namespace) -> int:
    from pydantic import Field, TypeAdapter  # only here: every other command skips importing it

    if args.game:
        schema = GAMES[args.game].file_model.model_json_schema()
    else:
        models = tuple(game.file_model for game in GAMES.values())
        # A union built at run time from the registry: mypy cannot see its members.
        union = Union[models]  # type: ignore[valid-type]  # noqa: UP007
        any_game = Annotated[union, Field(discriminator="game")]
        schema = {"title": "Tallybook game file", **TypeAdapter(any_game).json_schema()}
    print(json.dumps(schema, indent=2))
    return 0


def _rules(args: argparse.Namespace) -> int:
    try:
        found = GAMES[args.game].rules(args.card, game_language(args.game, args.lang))
    except LookupError as error:
        print(error.args[0], file=sys.stderr)
        return INVALID
    print(found, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
