"""Flet's component tools with the types mypy needs, where Flet's own fall short.

- `ft.use_state(initial)` takes a value or a function making it; given a function, mypy cannot
  tell which it is and infers `Never`. `use_lazy_state` takes the function only.
- `ft.memo` has no annotations: a memoised component would take and give anything.
- `ft.component` keeps a component's parameters, which leaves out the `key` that Flet's
  renderer takes from every component call: `keyed` passes it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec, TypeAlias, TypeVar

import flet as ft

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")

SetState: TypeAlias = Callable[[T | Callable[[T], T]], None]  # a value, or old -> new


def use_lazy_state(make: Callable[[], T]) -> tuple[T, SetState[T]]:
    """`ft.use_state` whose first value `make()` is made at the first render only."""
    state: tuple[T, SetState[T]] = ft.use_state(make)
    return state


def memo(component: Callable[P, R]) -> Callable[P, R]:
    """`ft.memo`: `component` is drawn again only when its input changed."""
    memoised: Callable[P, R] = ft.memo(component)
    return memoised


def keyed(component: Callable[P, R], key: str) -> Callable[P, R]:
    """`component`, called with Flet's `key`: its place among its siblings, kept across
    renders."""
    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        return component(*args, key=key, **kwargs)  # type: ignore[arg-type]  # see above
    return call
