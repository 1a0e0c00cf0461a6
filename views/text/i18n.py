"""The app's own words (views/locales/<lang>.json) and the scorer's, in the user's language."""

from __future__ import annotations

import json
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

from scorer import i18n as scorer_i18n
from scorer import registry

LANGUAGES = ("en", "nl", "de", "vi")
DEFAULT = "en"
_LOCALES = Path(__file__).parents[1] / "locales"  # views/locales, beside the package


@cache
def catalogue(lang: str) -> dict[str, scorer_i18n.Message]:
    messages = json.loads((_LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
    return messages if lang == DEFAULT else {**catalogue(DEFAULT), **messages}


def ui(key: str, lang: str, /, **params: Any) -> str:
    """The app's message `key`; counted messages take their plural form as the scorer's do."""
    lang = lang if lang in LANGUAGES else DEFAULT
    message = catalogue(lang).get(key, key)
    template = scorer_i18n.template(message, params, lang)
    return template.format(**params) if params else template


def scorer_language(lang: str) -> str:
    """`lang`, or English where the scorer has no catalogue for it."""
    return lang if lang in scorer_i18n.languages() else scorer_i18n.DEFAULT_LANGUAGE


def scorer_text(key: str, params: dict[str, Any], lang: str) -> str:
    """The scorer's message, in English when the scorer has no catalogue for `lang`."""
    return scorer_i18n.text(key, params, scorer_language(lang))


def game_language(game: str, lang: str) -> str:
    """The language of a game's screens: the user's, if the game has an edition in it
    (scorer/registry.py's `languages`), else English as a whole: a Fossil screen in Vietnamese
    chrome around English cards and explanations would be half a translation."""
    return registry.game_language(game, lang if lang in LANGUAGES else DEFAULT)


def pick_language(locale_codes: list[str]) -> str:
    """The first of the browser's languages that we speak."""
    for code in locale_codes:
        base = code.replace("_", "-").split("-")[0].lower()
        if base in LANGUAGES:
            return base
    return DEFAULT


def when(timestamp: float, lang: str) -> str:
    """A moment as the language writes it, in the server's time zone: 'Dec 1, 2026 · 14:05'."""
    from babel.dates import format_date, format_time  # only screens with dates need it

    moment = datetime.fromtimestamp(timestamp)
    locale = lang if lang in LANGUAGES else DEFAULT
    return f"{format_date(moment, 'medium', locale=locale)} · " \
           f"{format_time(moment, 'short', locale=locale)}"
