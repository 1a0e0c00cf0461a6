"""Message catalogues: explanations and problems rendered in the reader's language.

A catalogue is `locales/<lang>.json`, a flat map of message key -> template. Templates use
`str.format` fields plus two conversions of ours:
  `{animal!t}`  the value is itself a key, translated (`animal.frog` -> "kikker");
  `{names!l}`   a list, joined with commas.
`!t` looks a value up as `<field prefix>.<value>` when the field names its prefix with a colon
in the template, e.g. `{target!t:term}` -> key `term.<target>`.
Adding a language is adding a file: nothing here lists languages.
"""

from __future__ import annotations

import json
import string
from functools import cache
from importlib import resources
from typing import Any

DEFAULT_LANGUAGE = "en"


@cache
def languages() -> tuple[str, ...]:
    files = resources.files("scorer") / "locales"
    return tuple(sorted(p.name.removesuffix(".json") for p in files.iterdir()
                        if p.name.endswith(".json")))


@cache
def catalogue(lang: str) -> dict[str, str]:
    if lang not in languages():
        raise ValueError(f"no catalogue for language {lang!r}; have {', '.join(languages())}")
    text = (resources.files("scorer") / "locales" / f"{lang}.json").read_text(encoding="utf-8")
    messages = json.loads(text)
    if lang != DEFAULT_LANGUAGE:  # a key missing in a translation falls back to English
        messages = {**catalogue(DEFAULT_LANGUAGE), **messages}
    return messages


class _Formatter(string.Formatter):
    def __init__(self, messages: dict[str, str]):
        self.messages = messages

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "l":
            return ", ".join(str(item) for item in value)
        if conversion == "t":
            return _Term(value)
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, _Term):
            key = f"{format_spec}.{value.value}" if format_spec else str(value.value)
            return self.messages.get(key, str(value.value))
        return super().format_field(value, format_spec)


class _Term:
    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value


def text(key: str, params: dict[str, Any] | None = None, lang: str = DEFAULT_LANGUAGE) -> str:
    """The message `key` in `lang`; an unknown key shows itself rather than failing."""
    messages = catalogue(lang)
    template = messages.get(key)
    if template is None:
        return key if not params else f"{key} {params}"
    return _Formatter(messages).vformat(template, (), params or {})


def has_message(key: str) -> bool:
    return key in catalogue(DEFAULT_LANGUAGE)
