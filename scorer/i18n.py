"""Message catalogues: explanations and problems rendered in the reader's language.

A language's catalogue is a flat map of message key -> template, merged from `locales/<lang>.json`
and each game package's own `<game>/locales/<lang>.json`, plus terms that live in game data (card
names), added with `add_terms`. Templates use `str.format` fields and two conversions of ours:
  `{target!t:term}`    the value is a term, shown as the message `term.<value>`;
  `{names!l}`          a list, joined with commas; `{species!l:species}` translates each item.
Adding a language is adding files: nothing here lists languages.
"""

from __future__ import annotations

import json
import string
from collections.abc import Callable
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

DEFAULT_LANGUAGE = "en"
TermSource = Callable[[str], dict[str, str]]
_term_sources: list[TermSource] = []


def add_terms(source: TermSource) -> None:
    """Let game data (card names in several languages) supply terms: lang -> {key: text}."""
    _term_sources.append(source)
    catalogue.cache_clear()


def _locale_folders() -> list[Traversable]:
    root = resources.files("scorer")
    games = [item / "locales" for item in root.iterdir()
             if item.is_dir() and (item / "locales").is_dir()]
    return [root / "locales", *games]


@cache
def languages() -> tuple[str, ...]:
    return tuple(sorted(p.name.removesuffix(".json") for p in (resources.files("scorer")
                                                              / "locales").iterdir()
                        if p.name.endswith(".json")))


def own_messages(lang: str) -> dict[str, str]:
    """The messages translated into `lang` itself, without any fallback."""
    messages: dict[str, str] = {}
    for folder in _locale_folders():
        path = folder / f"{lang}.json"
        if path.is_file():
            messages |= json.loads(path.read_text(encoding="utf-8"))
    for source in _term_sources:
        messages |= source(lang)
    return messages


@cache
def catalogue(lang: str) -> dict[str, str]:
    if lang not in languages():
        raise ValueError(f"no catalogue for language {lang!r}; have {', '.join(languages())}")
    if lang == DEFAULT_LANGUAGE:
        return own_messages(lang)
    return {**catalogue(DEFAULT_LANGUAGE), **own_messages(lang)}  # English fills any gap


class _Formatter(string.Formatter):
    def __init__(self, messages: dict[str, str]):
        self.messages = messages

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion in ("t", "l"):
            return _Term(value, is_list=conversion == "l")
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> str:
        if not isinstance(value, _Term):
            return super().format_field(value, format_spec)
        items = value.value if value.is_list else [value.value]
        if format_spec:
            items = [self.messages.get(f"{format_spec}.{item}", str(item)) for item in items]
        return ", ".join(str(item) for item in items)


class _Term:
    __slots__ = ("is_list", "value")

    def __init__(self, value: Any, is_list: bool):
        self.value = value
        self.is_list = is_list


def text(key: str, params: dict[str, Any] | None = None, lang: str = DEFAULT_LANGUAGE) -> str:
    """The message `key` in `lang`; an unknown key shows itself rather than failing."""
    messages = catalogue(lang)
    template = messages.get(key)
    if template is None:
        return key if not params else f"{key} {params}"
    return _Formatter(messages).vformat(template, (), params or {})


def has_message(key: str) -> bool:
    return key in catalogue(DEFAULT_LANGUAGE)
