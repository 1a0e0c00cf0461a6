"""Driving the Flutter web page like a thumb would, counting the taps."""

from __future__ import annotations

import base64
import time

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.e2e.harness import WAIT_MS, WAIT_S

# Every wait for what the app shows has the one generous ceiling (harness.WAIT_MS), here where
# the tests and the benchmarks that drive a Phone both get it: Playwright's 5 s default failed
# on a busy machine (a name field seen still holding the name just entered).
expect.set_options(timeout=WAIT_MS)

# Two animation frames: Flutter writes the semantics DOM while it builds a frame, and the canvas
# it painted in that frame is on screen once the next frame has begun.
TWO_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
# Flutter still for this many frames in a row: it asked for none (tests/e2e/harness.py,
# FRAMES_ASKED). An animation asks for a frame at every frame, and one that begins late (a page
# transition a few frames after the semantics tree changed) has asked by then.
STILL_FRAMES = 3
# The shot that confirms a settled screen comes after a quarter of a second of stillness at 60
# frames a second: what the server sends a moment after the screen went still (a part drawn
# once the phone has measured its text) has arrived by then on a loaded machine.
CONFIRM_FRAMES = 15
STILL = """(frames) => new Promise(done => {
  const {ask, asked} = window.tallybookFrames;
  let still = 0, seen = asked();
  const next = () => {
    const now = asked();
    still = now === seen ? still + 1 : 0;
    seen = now;
    if (still >= frames) done(); else ask(next);
  };
  ask(next);
})"""
MIN_COLOURS = 40
# How many colours a screenshot has, sampled on a grid, decoded by the page itself.
COLOURS = """async (data) => {
  const bytes = Uint8Array.from(atob(data), c => c.charCodeAt(0));
  const image = await createImageBitmap(new Blob([bytes], {type: "image/png"}));
  const canvas = new OffscreenCanvas(image.width, image.height);
  const paint = canvas.getContext("2d");
  paint.drawImage(image, 0, 0);
  const pixels = paint.getImageData(0, 0, image.width, image.height).data;
  const seen = new Set();
  for (let y = 0; y < image.height; y += 7)
    for (let x = 0; x < image.width; x += 7) {
      const i = 4 * (y * image.width + x);
      seen.add((pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2]);
    }
  return seen.size;
}"""
# Every node a thumb can tap, with its size on screen in CSS px. Nodes cut by the edge of the
# screen or of a scrolling box are left out: Flutter reports only their visible part, and a
# row scrolled half out of sight is not too small.
TAPPABLE = """() => {
  const near = (a, b) => Math.abs(a - b) < 1;
  const cut = (box, node) => {
    for (let a = node.parentElement; a; a = a.parentElement) {
      const edge = a.getBoundingClientRect();  // a box whose content is larger scrolls
      if (a.scrollHeight > a.clientHeight + 1 &&
          (near(box.top, edge.top) || near(box.bottom, edge.bottom))) return true;
      if (a.scrollWidth > a.clientWidth + 1 &&
          (near(box.left, edge.left) || near(box.right, edge.right))) return true;
    }
    return box.x < 0 || box.y < 0 || box.right > innerWidth + 0.5 ||
           box.bottom > innerHeight + 0.5;
  };
  return [...document.querySelectorAll(
      'flt-semantics[flt-tappable], flt-semantics[role=button], flt-semantics[role=checkbox], ' +
      'flt-semantics[role=switch], flt-semantics[role=radio], flt-semantics[role=tab], ' +
      'flt-semantics[role=link]')].map(node => {
    const box = node.getBoundingClientRect();
    return {id: node.getAttribute('flt-semantics-identifier') || '',
            label: (node.getAttribute('aria-label') || node.textContent || '').slice(0, 40),
            width: box.width, height: box.height, cut: cut(box, node)};
  }).filter(box => box.width > 0 && box.height > 0 && !box.cut);
}"""
TAP = 48 - 0.5  # px; half a pixel for the renderer's rounding
# A tap on the node's tappable part (the node itself, or the control inside it), at `when` (ms
# since the epoch: every page of the browser shares the clock), or at once.
PRESS = """(node, when) => {
  const tappable = node.hasAttribute("flt-tappable") ? node : node.querySelector("[flt-tappable]");
  setTimeout(() => tappable.click(), (when ?? 0) - Date.now());
}"""
# Whether every node named says its words (in aria-label or in its text).
ALL_SAY = """(said) => Object.entries(said).every(([id, words]) => {
  const node = document.querySelector(`[flt-semantics-identifier="${id}"]`);
  return !!node && ((node.getAttribute("aria-label") || "") + node.textContent).includes(words);
})"""


# Whether the labelled nodes whose names begin with a prefix are exactly these, in this order.
IN_ORDER = """([prefix, ids]) => JSON.stringify(
  [...document.querySelectorAll("[flt-semantics-identifier]")]
    .map(node => node.getAttribute("flt-semantics-identifier"))
    .filter(id => id.startsWith(prefix))) === JSON.stringify(ids)"""


# Whether the focused element is a text field Flutter's text input is hooked to (see focus).
FIELD_LISTENS = """() => ['INPUT', 'TEXTAREA'].includes(document.activeElement?.tagName) &&
  document.activeElement.getAttribute('autocorrect') === 'on'"""


class Phone:
    def __init__(self, page: Page):
        self.page = page
        self.taps = 0

    @classmethod
    def open(cls, context, url: str) -> Phone:
        phone = cls(context.new_page())
        phone.goto(url)
        return phone

    def goto(self, url: str) -> None:
        self.page.goto(url)
        self.enable_semantics()

    def reload(self) -> None:
        self.page.reload()
        self.enable_semantics()

    def enable_semantics(self) -> None:
        """Flutter builds its accessibility DOM (what we locate by) once asked to."""
        placeholder = self.page.locator("flt-semantics-placeholder")
        placeholder.wait_for(state="attached")
        placeholder.evaluate("e => e.click()")
        self.page.locator("flt-semantics").first.wait_for(state="attached")

    def by_id(self, identifier: str):
        return self.page.locator(f'[flt-semantics-identifier="{identifier}"]')

    def tap(self, identifier: str) -> None:
        self.by_id(identifier).first.click()
        self.taps += 1

    def press(self, identifier: str, when: float | None = None) -> None:
        """Tap the control itself, as a screen reader does: unlike a tap at its place on the
        screen, it reaches that control even if another phone's change has just moved it."""
        self.by_id(identifier).first.evaluate(PRESS, when)
        self.taps += 1

    def toggle(self, identifier: str, on: bool = True) -> None:
        """Tap a chip and wait until it shows the new state: the chips around it may move
        (a filter shortens the list above), so the next tap must not race this one."""
        self.tap(identifier)
        expect(self.by_id(identifier).first).to_have_attribute("aria-current", str(on).lower())

    def swipe(self, to_left: bool = True, y: int = 330) -> None:
        """A quick horizontal swipe across the screen, as a thumb would (a mouse drag is a
        drag to Flutter too)."""
        start, end = (330, 60) if to_left else (60, 330)
        mouse = self.page.mouse
        mouse.move(start, y)
        mouse.down()
        mouse.move((start + end) / 2, y, steps=4)
        mouse.move(end, y, steps=4)
        mouse.up()

    def seat(self, names: list[str]) -> None:
        """Known players on the new-game screen, one tap each, each seated before the next."""
        for index, name in enumerate(names):
            self.tap(f"known-player-{name}")
            expect(self.by_id(f"remove-{index}")).to_be_attached()

    def tap_label(self, label: str) -> None:
        self.page.get_by_label(label, exact=True).first.click()
        self.taps += 1

    def focus(self, label: str) -> None:
        """Tap a field and wait until Flutter listens to it. The browser focuses the field's
        input at once, but keys typed there reach the app only once the framework has taken
        the tap (late on a busy machine, or during a page transition) and hooked the input to
        the field: it then writes the field's settings onto it (autocorrect on, Flet's
        default) and its text, which wipes anything typed before."""
        self.page.get_by_label(label).first.click()
        self.page.wait_for_function(FIELD_LISTENS)

    def type(self, label: str, value: str, enter: bool = True, replacing: str = "") -> None:
        """Type into a field as a thumb would. First the field must show `replacing`, what the
        app last put there (empty once it took the name typed before: a keystroke sent earlier
        would be wiped by the app's own change), which is deleted; then `value` is typed and
        must show whole before Enter."""
        self.focus(label)
        field = self.page.locator("input:focus, textarea:focus")
        expect(field).to_have_value(replacing)
        if replacing:
            self.page.keyboard.press("End")
            for _ in replacing:
                self.page.keyboard.press("Backspace")
        self.page.keyboard.type(value)
        expect(field).to_have_value(value)
        if enter:
            self.page.keyboard.press("Enter")

    def expect_says(self, identifier: str, words: str) -> None:
        """Flutter puts a node's words in aria-label or in its text, depending on its children."""
        quoted = words.replace('"', '\\"')
        node = f'[flt-semantics-identifier="{identifier}"]'
        try:
            expect(self.page.locator(f'{node}[aria-label*="{quoted}"], {node}:has-text("{quoted}")')
                   .first).to_be_attached()
        except AssertionError as error:
            raise AssertionError(f"{error}\n{self.screen_report()}") from None

    def expect_all_say(self, said: dict[str, str]) -> None:
        """Like expect_says for many nodes at once, checked in the page: one round trip."""
        try:
            self.page.wait_for_function(ALL_SAY, arg=said, polling=50)
        except PlaywrightTimeoutError:
            raise AssertionError(f"not all of {said} shown\n{self.screen_report()}") from None

    def expect_in_order(self, prefix: str, identifiers: list[str]) -> None:
        """The screen's nodes named `prefix...` are these, top to bottom, once it has drawn."""
        try:
            self.page.wait_for_function(IN_ORDER, arg=[prefix, identifiers], polling=50)
        except PlaywrightTimeoutError:
            raise AssertionError(f"not {identifiers} in this order\n{self.screen_report()}") \
                from None

    def screen_report(self) -> str:
        """What the screen says (its url and labelled nodes), for a failure message."""
        nodes = self.page.locator("[flt-semantics-identifier]")
        said = [f"{n.get_attribute('flt-semantics-identifier')}={n.get_attribute('aria-label')!r}"
                for n in nodes.all()[:40]]
        return f"url {self.page.url}; screen: {', '.join(said) or 'no labelled nodes'}"

    def small_targets(self) -> list[str]:
        """The tappable controls on screen smaller than a thumb's 48 x 48 px."""
        self.painted()
        return [f"{box['id'] or box['label']!r} {box['width']:.0f}x{box['height']:.0f}"
                for box in self.page.evaluate(TAPPABLE)
                if box["width"] < TAP or box["height"] < TAP]

    def on_screen(self, identifier: str) -> bool:
        """Whether the control is wholly inside the phone's screen (not cut off at an edge)."""
        box = self.by_id(identifier).first.bounding_box()
        size = self.page.viewport_size
        return box is not None and size is not None and box["x"] >= 0 and box["y"] >= 0 \
            and box["x"] + box["width"] <= size["width"] + 0.5 \
            and box["y"] + box["height"] <= size["height"] + 0.5

    def expect_text(self, text: str) -> None:
        expect(self.page.get_by_text(text).first).to_be_visible()

    def label_of(self, identifier: str) -> str:
        return self.by_id(identifier).first.get_attribute("aria-label") or ""

    def painted(self) -> None:
        """Wait until the canvas shows what the semantics tree already says."""
        self.page.evaluate(TWO_FRAMES)

    def settled(self, unlike: bytes = b"", what: str = "the screen") -> bytes:
        """A screenshot of a settled, painted screen (other than `unlike`, a look it is leaving).
        The canvas can lag the semantics tree by a few frames (blank at first, then Flet's
        "Working..." startup screen, then a page transition, which may begin a few frames
        late), so shots are taken each once Flutter has been still for a few frames (STILL),
        the next ones after a longer stillness (CONFIRM_FRAMES), until one is identical to a
        shot before it and rich in colour: a blank canvas has one colour, the startup screen
        about 20, every screen of ours well over 100. (Identical to any shot before, not only
        the last: a focused field's cursor blinks, so its screen takes turns between two.)"""
        deadline = time.monotonic() + WAIT_S
        seen: set[bytes] = set()
        while True:
            self.page.evaluate(STILL, CONFIRM_FRAMES if seen else STILL_FRAMES)
            image = self.page.screenshot()
            if image in seen and image != unlike and self.page.evaluate(
                    COLOURS, base64.b64encode(image).decode()) > MIN_COLOURS:
                return image
            assert time.monotonic() < deadline, f"{what} never settled"
            seen.add(image)

    def shot(self, path: str, unlike: bytes = b"") -> bytes:
        """The settled screen (see settled), kept at `path`."""
        image = self.settled(unlike, path)
        with open(path, "wb") as file:
            file.write(image)
        return image
