"""Message catalogues: explanations and problems rendered in the reader's language.

A language's catalogue is a flat map of message key -> template, merged from `locales/<lang>.json`
and each game package's own `<game>/locales/<lang>.json`, plus terms that live in game data (card
names), added with `add_terms`. Templates use `str.format` fields and two conversions of ours:
  `{target!t:term}`    the value is a term, shown as the message `term.<value>`;
  `{names!l}`          a list, joined with commas; `{species!l:species}` translates each item.
A message that counts something is an object instead of a template: its one key names the
parameter that picks the form, mapping each CLDR plural category of the language to a template,
  "sheet.players": {"count": {"one": "{count} player", "other": "{count} players"}}
(a list parameter counts its items; a form may itself be such an object, for a second count).
CLDR's plural rules (scorer.plurals) pick the category, so each language declares only its
own forms.
Adding a language is adding files: nothing here lists languages.
"""

from __future__ import annotations

import json
import string
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from scorer.plurals import plural_rule

DEFAULT_LANGUAGE = "en"
Message = str | dict[str, Any]  # a template, or {param: {plural category: Message}}
TermSource = Callable[[str], dict[str, str]]
_term_sources: list[TermSource] = []
# The package's own folder: importlib.resources would import zipfile, tempfile and shutil at
# every CLI start, for a package that is always a folder of files, checked out or installed.
_SCORER = Path(__file__).parent


def add_terms(source: TermSource) -> None:
    """Let game data (card names in several languages) supply terms: lang -> {key: text}."""
    _term_sources.append(source)
    catalogue.cache_clear()


def _locale_folders() -> list[Path]:
    games = [item / "locales" for item in _SCORER.iterdir()
             if item.is_dir() and (item / "locales").is_dir()]
    return [_SCORER / "locales", *games]


@cache
def languages() -> tuple[str, ...]:
    return tuple(sorted(p.name.removesuffix(".json") for p in (_SCORER / "locales").iterdir()
                        if p.name.endswith(".json")))


def own_messages(lang: str) -> dict[str, Message]:
    """The messages translated into `lang` itself, without any fallback."""
    messages: dict[str, Message] = {}
    for folder in _locale_folders():
        path = folder / f"{lang}.json"
        if path.is_file():
            messages |= json.loads(path.read_text(encoding="utf-8"))
    for source in _term_sources:
        messages |= source(lang)
    return messages


@cache
def catalogue(lang: str) -> dict[str, Message]:
    if lang not in languages():
        raise ValueError(f"no catalogue for language {lang!r}; have {', '.join(languages())}")
    if lang == DEFAULT_LANGUAGE:
        return own_messages(lang)
    return {**catalogue(DEFAULT_LANGUAGE), **own_messages(lang)}  # English fills any gap


# A template's pieces: (literal text, field name or None, conversion, format spec), as
# `string.Formatter.parse` gives them; parsed once per template, not at every message shown.
_Pieces = tuple[tuple[str, str | None, str | None, str], ...]


@cache
def _pieces(template: str) -> _Pieces:
    return tuple((literal, name, conversion, spec or "")
                 for literal, name, spec, conversion in string.Formatter().parse(template))


def fill(template: str, params: Mapping[str, Any], messages: Mapping[str, Message]) -> str:
    """`template.format_map(params)` with our conversions: `!t` shows a term, `!l` a list (a
    format spec then names the terms' prefix, looked up in `messages`)."""
    out = []
    for literal, name, conversion, spec in _pieces(template):
        out.append(literal)
        if name is None:
            continue
        value = params[name]
        if conversion == "t":
            out.append(_term(value, spec, messages))
        elif conversion == "l":
            out.append(", ".join(_term(item, spec, messages) for item in value))
        else:
            shown = value if conversion is None else _CONVERSIONS[conversion](value)
            out.append(format(shown, spec))
    return "".join(out)


_CONVERSIONS: dict[str, Callable[[Any], str]] = {"r": repr, "s": str, "a": ascii}


def _term(value: Any, prefix: str, messages: Mapping[str, Message]) -> str:
    return str(messages.get(f"{prefix}.{value}", value) if prefix else value)


def plural_category(lang: str, count: int) -> str:
    """CLDR's plural category of `count` in `lang`: "one", "other", ..."""
    return _plural_rule(lang)(count)


@cache
def _plural_rule(lang: str) -> Callable[[int], str]:
    # Babel's Locale would load the language's whole CLDR data (~12 ms at every CLI start) for
    # these few rules, so `plural_rules.json` keeps Babel's rules of each language (a test keeps
    # the copy equal to Babel's, and scorer.plurals' answers equal to Babel's). A language
    # without rules there has "other" only.
    rules = json.loads((_SCORER / "plural_rules.json").read_text(encoding="utf-8"))
    return plural_rule(rules.get(lang, {}))


def template(message: Message, params: Mapping[str, Any], lang: str) -> str:
    """The template of `message` for these `params`: the plural form their counts ask for."""
    while isinstance(message, dict):
        ((param, by_category),) = message.items()
        count = params[param]
        category = plural_category(lang, len(count) if isinstance(count, list) else count)
        message = by_category.get(category, by_category["other"])
    return message


def forms(message: Message) -> list[str]:
    """Every template of a message: itself, or each of its plural forms."""
    if isinstance(message, str):
        return [message]
    (forms_by_category,) = message.values()
    return [t for form in forms_by_category.values() for t in forms(form)]


def text(key: str, params: Mapping[str, Any] | None = None,
         lang: str = DEFAULT_LANGUAGE) -> str:
    """The message `key` in `lang`; an unknown key shows itself rather than failing."""
    messages = catalogue(lang)
    message = messages.get(key)
    if message is None:
        return key if not params else f"{key} {params}"
    params = params or {}
    return fill(template(message, params, lang), params, messages)


def has_message(key: str) -> bool:
    return key in catalogue(DEFAULT_LANGUAGE)
