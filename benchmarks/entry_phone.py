"""A phone as a person holds it, for benchmarks/entry.py: Playwright's async API on Debian's
Chromium at 390 x 844, so that every phone of a table acts at the same time (one browser, one
context per phone, one asyncio task per phone). Modelled on tests/e2e/phone.py, with what a
person can see added: a control is visible when its box lies inside the screen and inside
every box that clips it (the scrolling list it lies in among them), enough of it for a thumb;
only visible controls are tapped; a list is scrolled with the mouse wheel over it. Every tap,
scroll and typed character is counted on `counts`, which the person points at the part of the
work at hand.
"""

from __future__ import annotations

import math
from typing import Any

from playwright.async_api import BrowserContext, Page
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from benchmarks.klm import Counts
from tests.e2e.harness import HOST_PREFS, LOCAL, PHONE
from tests.e2e.phone import FIELD_LISTENS, TWO_FRAMES

WAIT_MS = 60_000  # the ceiling of every wait for the app: the machine may be loaded
SCROLL_SHARE = 0.7  # a scroll gesture moves a list at most this share of its visible height
# A wheel's delta moves a Flutter list by a quarter of it in Chromium at device scale 2
# (measured); each gesture's real movement is measured, so a wrong guess costs gestures, never
# a miscount.
WHEEL_GUESS = 0.25
MARGIN = 56  # px a scroll brings a control past the edge of its list: about one tile

# In every page: what a person sees of a node. `look(id)` answers for the first visible node
# of that identifier (else the first one): whether it exists, whether it is visible (at least
# 24 x 24 px of it inside the screen and inside every box that clips it), whether it is
# disabled, where it is, and how far it lies beyond the visible part of its scrolling box (dx,
# dy; 0 inside), with that part.
PERSON = """
window.__person = (() => {
  const MIN = 24;
  const nodes = id => [...document.querySelectorAll(
    `[flt-semantics-identifier="${CSS.escape(id)}"]`)];
  const said = node => ((node.getAttribute("aria-label") || "") + " " + node.textContent);
  const clip = (a, b) => ({left: Math.max(a.left, b.left), top: Math.max(a.top, b.top),
                           right: Math.min(a.right, b.right),
                           bottom: Math.min(a.bottom, b.bottom)});
  const screen = () => ({left: 0, top: 0, right: innerWidth, bottom: innerHeight});
  const seen = node => {
    const box = node.getBoundingClientRect();
    let part = clip(box, screen()), scroller = null;
    for (let a = node.parentElement; a; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const edge = a.getBoundingClientRect();
      if (edge.width === 0 || edge.height === 0) continue;
      part = clip(part, edge);
      if (!scroller && (a.scrollHeight > a.clientHeight + 1 || a.scrollWidth > a.clientWidth + 1))
        scroller = a;
    }
    const width = part.right - part.left, height = part.bottom - part.top;
    const out = {exists: true, visible: width >= MIN && height >= MIN, top: box.top,
                 left: box.left, dx: 0, dy: 0, list: null,
                 disabled: !!node.closest('[aria-disabled="true"]')};
    if (scroller) {
      const edge = clip(scroller.getBoundingClientRect(), screen());
      out.list = {x: (edge.left + edge.right) / 2, y: (edge.top + edge.bottom) / 2,
                  width: edge.right - edge.left, height: edge.bottom - edge.top};
      out.dy = box.bottom > edge.bottom - 1 ? box.bottom - edge.bottom
             : box.top < edge.top + 1 ? box.top - edge.top : 0;
      out.dx = box.right > edge.right - 1 ? box.right - edge.right
             : box.left < edge.left + 1 ? box.left - edge.left : 0;
    }
    return out;
  };
  const shown = id => nodes(id).find(node => seen(node).visible) || nodes(id)[0];
  const look = id => { const node = shown(id);
                       return node ? seen(node) : {exists: false, visible: false}; };
  // A tap on the control itself (its tappable part): Flutter's semantics text overflows its
  // nodes' boxes, so a click at a place on the page may land on a neighbour's words.
  const press = id => {
    const node = shown(id);
    const tappable = node.hasAttribute("flt-tappable") ? node
      : node.querySelector("[flt-tappable]") || node;
    tappable.click();
  };
  const has = id => nodes(id).length > 0;
  const says = (id, words) => nodes(id).some(
    node => said(node).toLowerCase().includes(words.toLowerCase()));
  const current = prefix => {
    const node = document.querySelector(
      `[flt-semantics-identifier^="${prefix}"][aria-current="true"]`);
    return node ? node.getAttribute("flt-semantics-identifier") : null;
  };
  // `[prefix, id, same]`: the current node named prefix... is `id` (same), or another one.
  const marks = spec => {
    if (!spec) return true;
    const [prefix, id, same] = spec, now = current(prefix);
    return same ? now === id : now !== null && now !== id;
  };
  // One of the alternatives holds: each is {present: [ids], absent: [ids], says: {id: words},
  // current: [prefix, id, same]}.
  const holds = alternatives => alternatives.some(alt =>
    (alt.present || []).every(has) && !(alt.absent || []).some(has) &&
    Object.entries(alt.says || {}).every(([id, words]) => says(id, words)) &&
    marks(alt.current));
  return {
    look, press, has, says, holds,
    marked: id => nodes(id)[0]?.getAttribute("aria-current") ?? null,
    current,
    ids: prefix => [...document.querySelectorAll(`[flt-semantics-identifier^="${prefix}"]`)]
      .map(node => node.getAttribute("flt-semantics-identifier")),
    // What the screen answers a tap with: a symbol question or pass first, else `done`.
    outcome: done => has("symbol-pass") ? "pass" : has("symbol-question") ? "question"
      : holds(done) ? "done" : null,
    // Whether every species tile shown matches the search typed (`words`, folded; `names`: each
    // species' names as folded words): every word typed begins a word of one of its names.
    filtered: ([words, names]) => [...document.querySelectorAll(
        '[flt-semantics-identifier^="pick-"]')].every(node => {
      const species = node.getAttribute("flt-semantics-identifier").slice(5);
      return !(species in names) || names[species].some(
        name => words.every(word => name.some(part => part.startsWith(word))));
    }),
    // Resolves once the node has stopped moving (a scroll has run its course): it moved and
    // then kept still for three frames, or kept still for a second.
    settled: id => new Promise(done => {
      const top = () => { const n = shown(id); if (!n) return null;
                          const b = n.getBoundingClientRect(); return b.top + "," + b.left; };
      const first = top(); let last = first, still = 0, frames = 0;
      const next = () => {
        const now = top(); frames++;
        still = now === last ? still + 1 : 0; last = now;
        if ((now !== first && still >= 3) || frames > 60) done(); else requestAnimationFrame(next);
      };
      requestAnimationFrame(next);
    }),
  };
})();
"""


class ScreenError(AssertionError):
    """The screen did not do what the contract says: what was missing, and what it showed."""


class Phone:
    def __init__(self, page: Page, name: str):
        self.page, self.name = page, name
        self.counts = Counts()  # where the gestures go: the person points it at its task
        self.wheel_px = WHEEL_GUESS

    @classmethod
    async def open(cls, context: BrowserContext, url: str, name: str) -> Phone:
        phone = cls(await context.new_page(), name)
        await phone.page.goto(url)
        placeholder = phone.page.locator("flt-semantics-placeholder")
        await placeholder.wait_for(state="attached", timeout=WAIT_MS)
        await placeholder.evaluate("e => e.click()")  # Flutter's semantics tree, switched on
        await phone.page.locator("flt-semantics").first.wait_for(state="attached",
                                                                 timeout=WAIT_MS)
        return phone

    # what the person sees -------------------------------------------------------------------
    async def look(self, identifier: str) -> dict[str, Any]:
        return await self.page.evaluate("id => __person.look(id)", identifier)

    async def has(self, identifier: str) -> bool:
        return await self.page.evaluate("id => __person.has(id)", identifier)

    async def current(self, prefix: str) -> str | None:
        """The identifier of the node named `prefix...` marked as the current one."""
        return await self.page.evaluate("p => __person.current(p)", prefix)

    async def ids(self, prefix: str) -> list[str]:
        return await self.page.evaluate("p => __person.ids(p)", prefix)

    async def until(self, script: str, arg: Any, what: str) -> Any:
        """The truthy value of `script(arg)` once the page gives one (checked every frame)."""
        try:
            handle = await self.page.wait_for_function(script, arg=arg, polling="raf",
                                                       timeout=WAIT_MS)
        except PlaywrightTimeoutError:
            raise await self.failure(f"{what}: not within {WAIT_MS // 1000} s") from None
        return await handle.json_value()

    async def shows(self, *alternatives: dict[str, Any], what: str) -> None:
        """Wait until one alternative holds ({present, absent, says, current}: PERSON)."""
        await self.until("alts => __person.holds(alts)", list(alternatives), what)

    async def outcome(self, done: list[dict[str, Any]], what: str) -> str:
        """What a tap led to: "question", "pass" or "done" (one of `done`'s alternatives)."""
        return await self.until("done => __person.outcome(done)", done, what)

    async def failure(self, what: str) -> ScreenError:
        return ScreenError(f"{self.name}'s phone: {what}\n{await self.screen_report()}")

    async def screen_report(self) -> str:
        """The url and every labelled node (its label, and whether it is current)."""
        nodes = await self.page.evaluate("""() => [...document.querySelectorAll(
            '[flt-semantics-identifier]')].slice(0, 80).map(n =>
            n.getAttribute('flt-semantics-identifier') + '=' +
            JSON.stringify(n.getAttribute('aria-label') || n.textContent.slice(0, 40)) +
            (n.getAttribute('aria-current') === 'true' ? ' (current)' : ''))""")
        return f"url {self.page.url}; screen: {', '.join(nodes) or 'no labelled nodes'}"

    # what the person does --------------------------------------------------------------------
    async def tap(self, identifier: str, scrolls: int = 0) -> None:
        """Tap a control where the screen shows it, scrolling its list first (at most
        `scrolls` gestures) if it lies beyond it."""
        await self.reach(identifier, scrolls)
        seen = await self.look(identifier)
        if not seen["visible"] or seen["disabled"]:
            raise await self.failure(f"{identifier} is not on the screen to tap ({seen})"
                                     if not seen["visible"] else f"{identifier} is disabled")
        await self.page.evaluate("id => __person.press(id)", identifier)
        self.counts.taps += 1

    async def reach(self, identifier: str, scrolls: int) -> bool:
        """Whether the control is visible, after at most `scrolls` scroll gestures toward it
        (none if it is not on the page at all, or in no scrolling list)."""
        seen = await self.look(identifier)
        for _ in range(scrolls):
            if seen["visible"] or not seen["exists"] or seen["list"] is None:
                break
            await self.scroll_toward(identifier, seen)
            seen = await self.look(identifier)
        return bool(seen["visible"])

    async def scroll_toward(self, identifier: str, seen: dict[str, Any]) -> None:
        """One wheel gesture over the control's list, toward it: at most SCROLL_SHARE of the
        list's visible extent; counted as as many scrolls as that share goes into the distance
        it really moved (at least one)."""
        box = seen["list"]
        vertical = abs(seen["dy"]) >= abs(seen["dx"])
        extent = box["height"] if vertical else box["width"]
        beyond = seen["dy"] if vertical else seen["dx"]
        wanted = math.copysign(min(abs(beyond) + MARGIN, SCROLL_SHARE * extent), beyond or 1)
        await self.page.mouse.move(box["x"], box["y"])
        delta = wanted / self.wheel_px
        await self.page.mouse.wheel(*((0, delta) if vertical else (delta, 0)))
        await self.page.evaluate("id => __person.settled(id)", identifier)
        after = await self.look(identifier)
        moved = abs((after["top"] - seen["top"]) if vertical else (after["left"] - seen["left"]))
        self.counts.scrolls += max(1, math.ceil(moved / (SCROLL_SHARE * extent) - 0.05))
        if moved > 0 and not after["visible"]:  # not stopped by the list's end: learn the rate
            self.wheel_px = moved / abs(delta)

    async def focus(self, identifier: str) -> None:
        """Tap a text field where it shows and wait until Flutter listens to it
        (tests/e2e/phone.py focus: keys typed before the framework hooks the field up are
        wiped). A field takes the keyboard from a tap on its input, not from a click event."""
        if not await self.reach(identifier, 0):
            raise await self.failure(f"{identifier} is not on the screen to tap")
        await self.page.locator(f'[flt-semantics-identifier="{identifier}"] input').first.click(
            timeout=WAIT_MS)
        self.counts.taps += 1
        await self.until(FIELD_LISTENS, None, f"{identifier} listening to the keyboard")

    async def type_letter(self, letter: str, typed: str) -> None:
        """One key into the focused field, which then shows `typed` (counted)."""
        await self.page.keyboard.type(letter)
        self.counts.characters += 1
        await self.until("t => document.activeElement?.value === t", typed,
                         f"the field showing {typed!r}")

    async def field_text(self) -> str:
        return await self.page.evaluate("() => document.activeElement?.value ?? ''")

    async def painted(self) -> None:
        await self.page.evaluate(TWO_FRAMES)


async def new_phone(browser, url: str, name: str, host: bool) -> Phone:
    """A fresh phone-sized profile (the host's device, or a guest's new to the server) on
    `url`; every request to another host is refused, as in the browser tests."""
    context = await browser.new_context(**PHONE, locale="en-US")
    if host:
        await context.add_init_script(HOST_PREFS)
    await context.add_init_script(PERSON)
    await context.route(LOCAL, lambda route: route.abort())
    return await Phone.open(context, url, name)
