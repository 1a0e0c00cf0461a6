"""`tallybook picture GAME.json OUT.png [--dark] [--lang L]`: the picture of any game file's
sheet, as the app draws it. An invalid file is refused with every problem in it listed, as
`python -m scorer validate` lists them; exit status 2 then."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from scorer import GameFileError, Problem, check, read_game_file, score
from scorer.registry import GAMES
from scorer.render import problem_lines
from views.picture.sheet import sheet_picture
from views.text.i18n import DEFAULT, LANGUAGES, game_language, scorer_language

INVALID = 2


def picture_command(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="tallybook picture",
                                     description="the picture of a game file's score sheet "
                                                 "(PNG, 1080 px wide), as the app draws it")
    parser.add_argument("file", metavar="GAME.json", help="a game file (GAME_FILES.md)")
    parser.add_argument("out", type=Path, metavar="OUT.png", help="the picture to write")
    parser.add_argument("--dark", action="store_true", help="light words on a dark page")
    parser.add_argument("--lang", choices=LANGUAGES, default=DEFAULT,
                        help="language of the picture (English for a game that has no "
                             "edition in it)")
    args = parser.parse_args(argv)
    try:
        data = read_game_file(args.file)
    except GameFileError as error:
        return _refused(error.problems, args.lang)
    game_id = data.get("game") if isinstance(data, dict) else None
    lang = game_language(game_id, args.lang) if isinstance(game_id, str) and game_id in GAMES \
        else args.lang
    game, problems = check(data)
    if game is None or not isinstance(data, dict):
        return _refused(problems, lang)
    picture = sheet_picture(data, score(game), args.lang, dark=args.dark)
    try:
        args.out.write_bytes(picture)
    except OSError as error:
        print(f"tallybook: cannot write {args.out}: {error.strerror or error}", file=sys.stderr)
        return INVALID
    print(f"tallybook: {args.out} written ({len(picture)} bytes)")
    return 0


def _refused(problems: list[Problem], lang: str) -> int:
    for line in problem_lines(problems, scorer_language(lang)):
        print(line, file=sys.stderr)
    return INVALID
