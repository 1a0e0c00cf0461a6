"""What the taps on the Fossil companion do: an operation on the shared table, a new `Screen`
for this phone (turn.py's pure updates), or both.

A refused operation is never stored: its reason shows next to the control (and as a snackbar,
where the thumb is), and the selection stays so it can be corrected.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from scorer.fossil.models import Card
from scorer.fossil.position import Refusal
from views.fossil import turn as screens
from views.fossil.model import FossilTable
from views.fossil.parts import summary
from views.fossil.turn import Screen, Shown, Turn
from views.tables.model import Finished
from views.text.i18n import scorer_text
from views.web.session import AppSession

SetScreen = Callable[[Callable[[Screen], Screen]], Any]


def refusal_text(app: AppSession, refusal: Refusal) -> str:
    message = scorer_text(refusal.problem.key, refusal.problem.params, app.lang)
    if refusal.breaks is not None and refusal.breaks.index is not None:
        message = app.t("fossil.breaks_entry", number=refusal.breaks.index + 1,
                        problem=message)
    return message


@dataclass(frozen=True, eq=False)
class Picks:
    """The taps that read no screen state of their own (they update it functionally), so one
    instance serves every render and the memoised tiles, chips and log rows keep it."""

    app: AppSession
    table: FossilTable
    set_screen: SetScreen

    def update(self, change: Callable[[Screen], Screen]) -> None:
        self.set_screen(change)

    def pick_mover(self, player: int) -> None:
        self.update(lambda screen: screens.with_mover(screen, player, self.table.next_mover()))

    def pick_cost(self, cost: int) -> None:
        self.update(lambda screen: screens.with_cost(screen, cost))

    def pick_fossil(self, fossil: str) -> None:
        self.update(lambda screen: screens.with_fossil(screen, fossil))

    def edit(self, index: int) -> None:
        entry = self.table.log[index]
        self.update(lambda screen: screens.editing(screen, index, entry, self.table.names))

    def delete(self, index: int) -> None:
        if not self.app.game_over(self.table.delete(index)):
            self.update(screens.new_turn)


@dataclass(frozen=True, eq=False)
class Taps(Picks):
    """The taps that act on the screen as this render shows it (the turn picked so far)."""

    screen: Screen

    def show(self, at: str, refusals: list[Refusal] | Finished) -> bool:
        """Show the refusals at `at` and in a snackbar; True if there were none (False, and the
        phone told, on a game another phone finished)."""
        if self.app.game_over(refusals):
            return False
        shown = tuple(Shown(at, refusal_text(self.app, r)) for r in refusals)
        self.update(lambda screen: replace(screen, refused=shown))
        if refusals:
            self.app.notice(refusal_text(self.app, refusals[0]))
        return not refusals

    def mover(self) -> int | None:
        return screens.mover(self.screen.turn, self.table.next_mover())

    def take(self, value: int) -> None:
        turn, player = self.screen.turn, self.mover()
        if turn.cost is None or turn.fossil is None or player is None:
            return
        refusals = self.table.move(player, turn.cost, (turn.fossil, value), turn.editing)
        if self.app.game_over(refusals):
            return
        at = "cost" if any(r.field == "cost" and r.breaks is None for r in refusals) else "take"
        if self.show(at, refusals):
            self.update(lambda screen: replace(screen, turn=Turn(), gives=None))

    def cancel_edit(self) -> None:
        self.update(lambda screen: replace(screen, turn=Turn()))

    def give(self, card: Card | None) -> None:
        self.update(lambda screen: replace(screen, gives=card))

    def exchange(self, other: int, card: Card) -> None:
        due, gives = self.table.due(), self.screen.gives
        if due is not None and gives is not None and self.show(
                "exchange", self.table.exchange(due.taker, gives, other, card)):
            self.give(None)

    def evaluate(self, fossil: str) -> None:
        self.show("evaluate", self.table.evaluate(fossil))

    def go_on(self) -> None:
        """The last evaluation looked at: on to the next turn."""
        seen = len(self.table.log)
        self.update(lambda screen: replace(screen, seen=seen))

    def correct(self, correcting: bool) -> None:
        self.update(lambda screen: replace(screen, correcting=correcting))

    def ask_end(self, asking: bool) -> None:
        self.update(lambda screen: replace(screen, asking_end=asking))

    def undo(self) -> None:
        undone = self.table.undo()
        if self.app.game_over(undone):
            return
        self.update(screens.new_turn)
        if undone is not None:
            self.app.notice(self.app.t("fossil.undone", what=summary(undone, self.app.lang)))

    async def end_game(self) -> None:
        self.ask_end(False)
        if self.show("end", self.table.end()):
            await self.app.go(self.table.route + "/sheet")
