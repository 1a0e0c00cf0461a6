"""The result as a few lines for a group chat: the game, its variant and date, then the
ranking with each player's total and category subtotals (a team game: each team's total,
then its players). The whole sheet, card by card, is `scorer.render.sheet_text`."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from datetime import date
from typing import Any

from scorer import i18n
from scorer.printable import printable
from scorer.registry import GAMES, game_language, played
from scorer.sheet import PlayerScore, ScoreSheet

# Unicode's isolates: a right-to-left name keeps its place (and its total after it) in a
# left-to-right line, whatever app shows the text.
FIRST_STRONG_ISOLATE, POP_ISOLATE = "\u2068", "\u2069"
RIGHT_TO_LEFT = frozenset({"R", "AL"})
INDENT = "   "  # a team's players under it


def chat_text(sheet: ScoreSheet, file: Mapping[str, Any], played: date | None = None,
              lang: str = i18n.DEFAULT_LANGUAGE) -> str:
    """The short result of the game `file` scored as `sheet`, played on `played`, in the
    game's language for `lang` (scorer.registry.game_language)."""
    lang = game_language(sheet.game, lang)
    heading = [i18n.text(f"game.{sheet.game}", lang=lang), variant_text(file, lang)]
    if played is not None:
        from babel.dates import format_date  # only a dated text needs Babel's calendar data

        heading.append(format_date(played, "medium", locale=lang))
    lines = [" · ".join(part for part in heading if part)]
    by_name = {player.name: player for player in sheet.players}
    # A category nobody scored in (Fossil's corrections, mostly) says nothing.
    categories = dict.fromkeys(name for player in sheet.players for name in player.categories)
    scored = [category for category in categories
              if any(player.categories.get(category) for player in sheet.players)]

    def player_text(player: PlayerScore) -> str:
        """'Ann 45 (left 12, middle 18, right 15)'."""
        subtotals = ", ".join(f"{i18n.text('category.' + category, lang=lang)} "
                              f"{player.categories.get(category, 0)}" for category in scored)
        return f"{name_text(player.name)} {player.total}" + (f" ({subtotals})" if scored else "")

    if sheet.teams:
        for team in sorted(sheet.teams, key=lambda team: team.place):
            names = " + ".join(name_text(name) for name in team.players)
            lines.append(f"{team.place}. {names} {team.total}")
            lines += [INDENT + player_text(by_name[name]) for name in team.players]
    else:
        lines += [f"{player.place}. {player_text(player)}"
                  for player in sorted(sheet.players, key=lambda player: player.place)]
    return "\n".join(lines) + "\n"


def name_text(name: str) -> str:
    """A player's name as the text shows it: printable, and isolated if it reads right to
    left (else its total would be drawn before it)."""
    shown = printable(name)
    if any(unicodedata.bidirectional(char) in RIGHT_TO_LEFT for char in shown):
        return FIRST_STRONG_ISOLATE + shown + POP_ISOLATE
    return shown


def variant_text(file: Mapping[str, Any], lang: str) -> str:
    """What was played: a game of boxes, the boxes beyond the base game ('' for the base game
    alone), else the game's variant (its mode, or the one its player count plays)."""
    game, what = file["game"], played(file)
    setup = GAMES[game].setup
    if setup.boxes:
        boxes = list(setup.beside_base(what))
        return i18n.text("chat.boxes", {"boxes": boxes}, lang) if boxes else ""
    return i18n.text(f"chat.variant.{game}.{what.variant}", lang=lang)
