"""Score sheets and problems as text a person reads, or as the JSON of GAME_FILES.md."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorer import i18n
from scorer.printable import ECHO_ITEMS, printable, printable_params
from scorer.problems import Problem, first_shown
from scorer.registry import GAMES
from scorer.sheet import Explanation, ScoreLine, ScoreSheet


def explanation_json(explanation: Explanation) -> dict[str, Any]:
    """The explanation as the sheet's JSON holds it. Its parameters are shared, not copied
    (`dataclasses.asdict` deep-copied them: most of the JSON sheet's time), as whoever takes
    the JSON writes it out and changes nothing."""
    return {"key": explanation.key, "params": explanation.params}


def explain_text(explanation: Explanation, lang: str) -> str:
    return i18n.text(explanation.key, printable_params(explanation.params), lang)


def event_explain_text(explanation: Explanation, lang: str) -> str:
    """In a log the reader needs to know whose line it is; player-less messages get the name."""
    text = explain_text(explanation, lang)
    player = explanation.params.get("player")
    message = i18n.catalogue(lang).get(explanation.key, "")
    template = i18n.template(message, explanation.params, lang)
    return f"{printable(player)}: {text}" if player and "{player}" not in template else text


def item_text(game: str, line: ScoreLine, lang: str) -> str:
    """The card or event a line scores, in the reader's words (the JSON keeps the id)."""
    return GAMES[game].item_text(line, lang)


def problem_text(problem: Problem, lang: str) -> str:
    """One line, whatever the file holds: the place and the message, echoed values printable
    (and short: a long list is cut)."""
    message = i18n.text(problem.key, _echoed(problem), lang)
    return f"{problem.place}: {message}" if problem.place else message


def _echoed(problem: Problem) -> dict[str, Any]:
    return printable_params(problem.params, items=ECHO_ITEMS)


def problem_lines(problems: Sequence[Problem], lang: str) -> list[str]:
    """A line for each problem shown (scorer.problems.MAX_SHOWN_PROBLEMS), then one saying how
    many more there are."""
    shown, more = first_shown(problems)
    lines = [problem_text(problem, lang) for problem in shown]
    return [*lines, i18n.text("cli.more_problems", {"count": more}, lang)] if more else lines


def problem_json(problem: Problem, lang: str) -> dict[str, Any]:
    params = _echoed(problem)
    return {"place": problem.place, "key": problem.key, "params": params,
            "severity": problem.severity, "text": i18n.text(problem.key, params, lang)}


def sheet_json(sheet: ScoreSheet, lang: str = i18n.DEFAULT_LANGUAGE) -> dict[str, Any]:
    return {
        "game": sheet.game,
        "players": [
            {
                "name": player.name,
                "total": player.total,
                "place": player.place,
                "categories": player.categories,
                "lines": [
                    {"item": line.item, "where": line.where, "points": line.points,
                     "explain": explanation_json(line.explain),
                     "text": explain_text(line.explain, lang)}
                    for line in player.lines
                ],
            }
            for player in sheet.players
        ],
        "winners": sheet.winners,
        "teams": [{"players": team.players, "total": team.total, "place": team.place}
                  for team in sheet.teams],
        "events": [
            {"index": event.index, "kind": event.kind, "changes": event.changes,
             "scores": event.scores,
             "explain": [{**explanation_json(e), "text": event_explain_text(e, lang)}
                         for e in event.explain]}
            for event in sheet.events
        ],
        "problems": [problem_json(p, lang) for p in sheet.problems],
    }


def sheet_text(sheet: ScoreSheet, lang: str = i18n.DEFAULT_LANGUAGE) -> str:
    """The sheet to read aloud at the table: ranking, then each player's lines (or the log)."""
    def t(key: str, **params: Any) -> str:
        return i18n.text(key, printable_params(params), lang)

    shown = {player.name: printable(player.name) for player in sheet.players}
    width = max(len(name) for name in shown.values())
    items = {player.name: [item_text(sheet.game, line, lang) for line in player.lines]
             for player in sheet.players}  # names differ: the file checks make sure
    item_width = max((len(item) for names in items.values() for item in names), default=0)
    out = [f"{t('game.' + sheet.game)} · {t('sheet.players', count=len(sheet.players))}", ""]
    for team in sorted(sheet.teams, key=lambda team: team.place):
        out.append(f"{team.place:>2}. {t('sheet.team', names=team.players)}  {team.total}")
    if sheet.teams:
        out.append("")
    for player in sorted(sheet.players, key=lambda player: player.place):
        out.append(f"{player.place:>2}. {shown[player.name]:<{width}}  {player.total:>4}")
    out += ["", t("sheet.winners", names=sheet.winners)]

    for player in sheet.players:
        subtotals = " · ".join(f"{t('category.' + name)} {points}"
                               for name, points in player.categories.items())
        points = t("sheet.points", points=player.total)
        out += ["", f"{shown[player.name]} — {points} ({subtotals})"]
        if not sheet.events:  # a log game explains itself event by event below
            out += [f"  {line.points:>4}  {item:<{item_width}}  "
                    f"{explain_text(line.explain, lang)}"
                    for line, item in zip(player.lines, items[player.name], strict=True)]

    if sheet.events:
        out += ["", t("sheet.log")]
        for event in sheet.events:
            texts = [event_explain_text(e, lang) for e in event.explain] or [
                t(f"event.{event.kind}")]
            scores = ", ".join(f"{printable(name)} {score}"
                               for name, score in event.scores.items())
            out.append(f"  {event.index + 1:>3}. {texts[0]}")
            out += [f"       {text}" for text in texts[1:]] + [f"       = {scores}"]
    if sheet.problems:
        out += ["", t("sheet.warnings")] + [f"  {line}"
                                            for line in problem_lines(sheet.problems, lang)]
    return "\n".join(out) + "\n"
