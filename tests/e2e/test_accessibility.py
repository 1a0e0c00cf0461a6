"""Accessibility and layout of every screen, in Chromium on the smallest phone (320 x 700), in
light and in dark with the browser's text at 200 %, checked on Flutter's semantics DOM and on the
pixels it painted:

* every control a screen reader can land on (button, link, checkbox, textbox, tab, ...) has a
  name;
* nothing lies outside the screen's width, and nothing runs off the right side of the screen or
  of a list (rows run left to right). At 200 % too: Flutter web takes the browser's text size
  from the root font size, which the test sets; a test checks that a line is then twice as tall.
  Not seen: words cut at the bottom of a box of fixed height (but the totals bar's: its own
  test), or squeezed a letter a line;
* what a screen shows stands out from what is behind it (WCAG AA): 4.5:1 for text, 3:1 for a
  control's words or icon and for the outline of a selected chip or tile; disabled controls
  are exempt. Measured on the screenshot's pixels, not the theme's declared colours: what the
  phone shows is what counts (a colour set on one control, an opacity, a tinted fill), and the
  theme's colours are computed from a seed by Flutter, out of Python's sight.

Screens come from games stored before the server starts: a table of each game still being
entered, and a finished one of each. A screen is reached by its route (Flutter's router follows
the browser's history, as on a back gesture) and, for sheets and menus, by the taps that open
them. Screenshots of every screen go to the shots folder (tests/e2e/conftest.py)."""

from __future__ import annotations

import base64
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.games import learned
from tests.e2e.harness import SMALL_PHONE, Server, phone_context
from tests.e2e.phone import Phone
from tests.views.helpers import example
from views.forest_shuffle.model import ForestTable
from views.storage.store import Store

SMALL = {"width": 320, "height": 700}
TEXT_SIZE = 2.0  # the browser's text size for the large-text pass: 200 %
# The browser's text size as a phone's settings set it: the root font size, before Flutter
# starts (it reads it then, and follows its changes).
SCALE_TEXT = f"""addEventListener("DOMContentLoaded", () => {{
  document.documentElement.style.fontSize = "{16 * TEXT_SIZE:g}px"; }})"""
TEXT_CONTRAST = 4.5  # WCAG AA, normal text
OUTLINE_CONTRAST = 3.0  # WCAG AA, non-text: a control's icon, the outline of a selected chip
NAMES = ("Ann", "Bob", "Cas")
# The rows meant to scroll sideways (a row of chips, one tap each, longer than a phone is wide).
SCROLLERS = ["player-filters"]

# Every semantics node on screen: what it is, what it is called, where it is, and whether a
# scrolling box (or the screen) may cut it. Boxes are in CSS px. A box beyond the screen's
# sides is cut (`cut`). Flutter cuts a node's box where a list or the screen clips it, so a box
# that ends on the right side of a list or of the screen without spanning it may have been cut
# there (`edge`): it was if something is painted right up to that side (the pixels say, see
# PAINT); a button that merely sits at the side has a margin of background there. (Rows run
# left to right: what does not fit is cut on the right.) Nothing in a row that is meant to
# scroll sideways (ALLOWED) counts.
NODES = """(ALLOWED) => {
  const ROLES = new Set(["button", "link", "checkbox", "switch", "radio", "tab", "menuitem",
                         "menuitemcheckbox", "menuitemradio", "option", "slider", "textbox",
                         "combobox", "spinbutton", "searchbox"]);
  const near = (a, b) => Math.abs(a - b) < 1;
  const ownText = node => [...node.childNodes].filter(c => c.nodeType === 3 ||
      (c.nodeType === 1 && c.tagName === "SPAN")).map(c => c.textContent).join("").trim();
  const out = [];
  for (const node of document.querySelectorAll('[id^="flt-semantic-node-"]')) {
    const box = node.getBoundingClientRect();
    if (box.width <= 0 || box.height <= 0) continue;
    const role = node.getAttribute("role") || "";
    const input = node.querySelector(":scope > input, :scope > textarea");
    const interactive = ROLES.has(role) || node.hasAttribute("flt-tappable") || !!input;
    const name = (node.getAttribute("aria-label") || ownText(node) ||
                  (input && (input.getAttribute("aria-label") || input.placeholder)) || "").trim();
    // Whether the box ends on the right side of `edge` without spanning it.
    const side = edge => box.left > edge.left + 1 && near(box.right, edge.right);
    let cut = "", scroller = "", edge = side({left: 0, right: innerWidth});
    for (let a = node.parentElement; a; a = a.parentElement) {
      if (!a.id || !a.id.startsWith("flt-semantic-node-")) continue;
      const style = getComputedStyle(a);
      const scrollsX = style.overflowX === "scroll";
      const scrollsY = style.overflowY === "scroll";
      if (!scrollsX && !scrollsY) continue;
      if (scrollsX) {
        scroller = a.closest("[flt-semantics-identifier]")
            ?.getAttribute("flt-semantics-identifier") || "?";
        break;
      }
      edge = edge || side(a.getBoundingClientRect());
    }
    // Scrolled out of a list's view, or partly (cut by its top or bottom; Flutter keeps what
    // is out of view in the tree, for a screen reader to scroll to): not measured either.
    let scrolled = false;
    for (let a = node.parentElement; a && !scrolled; a = a.parentElement)
      if (a.id && a.id.startsWith("flt-semantic-node-") &&
          getComputedStyle(a).overflowY === "scroll") {
        const view = a.getBoundingClientRect();
        scrolled = box.top < view.top + 1 || box.bottom > view.bottom - 1;
      }
    const allowed = ALLOWED.includes(scroller);
    if (allowed) edge = false;
    if ((box.left < -0.5 || box.right > innerWidth + 0.5) && !allowed)
      cut = "by the screen's side";
    const around = node.closest("[flt-semantics-identifier]");
    out.push({id: node.getAttribute("flt-semantics-identifier") || "",
              near: around ? around.getAttribute("flt-semantics-identifier") : "",
              role, interactive, name: name.slice(0, 60),
              selected: node.getAttribute("aria-current") === "true",
              disabled: node.getAttribute("aria-disabled") === "true",
              left: box.left, right: box.right, top: box.top, bottom: box.bottom,
              cut, edge, scrolled, element: node});
  }
  // Partly under or over another named node that is neither inside it nor around it (a list
  // scrolled beneath a bar that stays put): which one is on top the semantics tree does not
  // say, so neither is measured.
  for (const n of out)
    n.under = out.some(o => o.name && o.left < n.right - 1 && n.left < o.right - 1 &&
        o.top < n.bottom - 1 && n.top < o.bottom - 1 &&
        !n.element.contains(o.element) && !o.element.contains(n.element));
  return out.map(({element, ...n}) => n);
}"""

# What is painted, from a screenshot decoded by the page itself (device px), for each node
# with a name or an `edge`:
# * the contrast of what it shows and what is behind it: the most common colour of its box is
#   the background, and of the colours painted on a dozen pixels or more, the one that stands
#   out most is the text (a glyph's core is its colour; each shade of its anti-aliased edges is
#   rare) or the icon;
# * for a selected chip or tile, the contrast of what shows it is selected: the colour that
#   stands out most from the one just outside its left side, within its first few pixels
#   half-way down (its outline, or its fill where it has none);
# * for a node that ends on a side (`edge`), whether it was cut there: something stands out
#   from what is behind the node in its last column of pixels, over as much of its height as
#   a few pixels further in. Whole chips, buttons and cards have round corners, so what
#   reaches their last column is shorter than further in; cut, they run on straight.
PAINT = """async ([data, scale, nodes]) => {
  const bytes = Uint8Array.from(atob(data), c => c.charCodeAt(0));
  const image = await createImageBitmap(new Blob([bytes], {type: "image/png"}));
  const canvas = new OffscreenCanvas(image.width, image.height);
  const paint = canvas.getContext("2d");
  paint.drawImage(image, 0, 0);
  const px = new Uint32Array(paint.getImageData(0, 0, image.width, image.height).data.buffer);
  const at = (x, y) => px[y * image.width + x] & 0xffffff;  // 0xBBGGRR
  const lums = new Map();
  const lum = c => {
    if (!lums.has(c)) {
      const f = v => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
      lums.set(c, 0.2126 * f(c & 255) + 0.7152 * f((c >> 8) & 255) + 0.0722 * f(c >> 16));
    }
    return lums.get(c);
  };
  const ratio = (a, b) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
  const hex = c => "#" + [c & 255, (c >> 8) & 255, c >> 16]
      .map(v => v.toString(16).padStart(2, "0")).join("");
  return nodes.map(n => {
    const out = {...n, ratio: null, outline: null, painted: false};
    const x0 = Math.max(0, Math.round(n.left * scale));
    const x1 = Math.min(image.width, Math.round(n.right * scale));
    const y0 = Math.max(0, Math.round(n.top * scale));
    const y1 = Math.min(image.height, Math.round(n.bottom * scale));
    if (x1 <= x0 || y1 <= y0 || !(n.name || n.edge)) return out;
    const counts = new Map();
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
      const c = at(x, y); counts.set(c, (counts.get(c) || 0) + 1); }
    let back = 0, most = 0;
    for (const [c, count] of counts) if (count > most) [back, most] = [c, count];
    let fore = back;
    for (const [c, count] of counts)
      if (count >= 12 && ratio(c, back) > ratio(fore, back)) fore = c;
    Object.assign(out, {back: hex(back), fore: hex(fore), ratio: ratio(fore, back)});
    if (n.selected && x0 >= 3) {
      const y = Math.round((y0 + y1) / 2), outside = at(x0 - 3, y);
      let line = outside;
      for (let x = x0 - 1; x < x0 + 4 * scale; x++)
        if (ratio(at(x, y), outside) > ratio(line, outside)) line = at(x, y);
      Object.assign(out, {outline: ratio(line, outside), line: hex(line), outside: hex(outside)});
    }
    if (n.edge) {
      // What is behind the node in each row: just beyond its side, or before it, or its own
      // background at the screen's sides.
      const behind = y => x1 < image.width ? at(x1, y) : x0 > 0 ? at(x0 - 1, y) : back;
      const reach = x => {  // how far down the column what stands out reaches
        let first = -1, last = -1;
        for (let y = y0; y < y1; y++)
          if (ratio(at(x, y), behind(y)) >= 1.5) { if (first < 0) first = y; last = y; }
        return first < 0 ? 0 : last - first + 1;
      };
      const edge = reach(x1 - 1);
      out.painted = edge >= 4 * scale && edge >= reach(Math.max(x0, x1 - 1 - 4 * scale)) - 2;
    }
    return out;
  });
}"""


@dataclass
class Screen:
    """One screen: its name, its route ("": the screen before, as it is), the taps (test ids)
    that open it there (a sheet, a menu), a control it then shows, and the taps or keys that
    close it again (a menu would stay open over the next route)."""

    name: str
    route: str
    ready: str
    taps: list[str] = field(default_factory=list)
    close: list[str] = field(default_factory=list)
    seated: tuple[str, ...] = ()  # known players seated on a new game (after the taps)
    guest: bool = False


@dataclass
class Seeded:
    """The games stored before the server started: the id of each game's table being entered
    and of its finished game."""

    playing: dict[str, int]
    finished: dict[str, int]


def without_end(file: dict) -> dict:
    return {**file, "log": [event for event in file["log"] if "end" not in event]}


def seed(store: Store) -> Seeded:
    symbiose = example("symbiose-standard.json")
    forest = example("forest-shuffle-alpine-woodland-edge-3-players.json")
    fossil = example("fossil-4-players.json")
    last = [row[:] for row in symbiose["players"][-1]["pond"]]
    last[1][3] = None  # one tile still empty: it opens the card sheet
    playing_symbiose = {**symbiose, "players": [*symbiose["players"][:-1], {
        **symbiose["players"][-1], "pond": last}]}
    forest = ForestTable.file_as_stored(forest, None)  # its boxes named
    playing = {"symbiose": store.create_game("symbiose", {"file": playing_symbiose, "undo": []}),
               "forest-shuffle": store.create_game("forest-shuffle", {"file": forest, "undo": []}),
               "fossil": store.create_game("fossil", {"file": without_end(fossil)})}
    finished = {}
    for file in (symbiose, forest, fossil):
        game_id = store.create_game(file["game"], {"file": file, "undo": []})
        store.save_game(game_id, {"file": file, "undo": []}, store.game(game_id).revision,
                        status="finished")
        finished[file["game"]] = game_id
    store.remember_players(list(NAMES))
    return Seeded(playing, finished)


def screens(seeded: Seeded) -> list[Screen]:
    """Every screen, in an order in which each one's `ready` control is new on the screen."""
    play, done = seeded.playing, seeded.finished
    return [
        Screen("home", "/", "game-symbiose"),
        Screen("settings", "/settings", "lang-en"),
        Screen("new-symbiose", "/new/symbiose", "remove-2", seated=NAMES),
        Screen("symbiose-entry", f"/symbiose/{play['symbiose']}", "known-cards"),
        # (Back on the empty tile afterwards: the tile a phone shows selected is stored.)
        Screen("symbiose-tile", "", "clear-tile", ["player-0", "tile-0-0-0"],
               close=["player-2", "tile-2-1-3"]),
        Screen("new-forest-shuffle", "/new/forest-shuffle", "remove-2", seated=NAMES),
        Screen("forest-entry", f"/forest-shuffle/{play['forest-shuffle']}", "add-tree"),
        Screen("forest-trees", "", "quick-beech", ["add-tree"]),
        Screen("forest-picker", "", "pick-white_stork", ["picker-close", "slot-0-0-left"]),
        Screen("forest-symbol", "", "symbol-cancel", ["pick-roe_deer"],
               close=["symbol-cancel"]),
        Screen("forest-cave", "", "cave-0", ["cave"], close=["cave-close", "picker-close"]),
        Screen("new-fossil", "/new/fossil", "remove-2", seated=NAMES),
        Screen("fossil-entry", f"/fossil/{play['fossil']}", "cost-1"),
        Screen("fossil-calculator", f"/fossil/{play['fossil']}/calc", "calc-fossil-ammonite"),
        Screen("table", f"/symbiose/{play['symbiose']}/table", "enter-cards"),
        Screen("fossil-sheet", f"/fossil/{done['fossil']}/sheet", "line-0-0", ["result-0"]),
        Screen("history", "/history", f"past-{done['fossil']}"),
        Screen("history-menu", "", "archive-backup", ["archive-menu"], close=["Escape"]),
        Screen("forest-shuffle-sheet", f"/forest-shuffle/{done['forest-shuffle']}/sheet",
               "line-0-0", ["result-0"]),
        Screen("players", "/players", "player-0"),
        Screen("symbiose-sheet", f"/symbiose/{done['symbiose']}/sheet", "line-0-0",
               ["result-0"]),
        Screen("share", "", "share-short", ["share"]),
        Screen("export", "", "export-file", ["share-close", "export"], close=["Escape"]),
        Screen("player", "/players/Ann", "stats-symbiose"),
        Screen("rules", "/rules", "rules-game-symbiose"),
        Screen("rules-forest", "/rules/forest-shuffle", "rules-search"),
        Screen("rule", "/rules/forest-shuffle/linden", "rule-title"),
        Screen("join", "/join", "code", guest=True),
    ]


@pytest.fixture(scope="module")
def seeded_server(tmp_path_factory):
    data = tmp_path_factory.mktemp("a11y") / "data"
    server = Server(data)
    server.knows_host()
    store = Store(data / "tallybook.sqlite3")
    seeded = seed(store)
    store.close()
    learned(server, example("symbiose-standard.json"))  # known cards on the card sheet
    server.start()
    yield server, seeded
    server.stop()


# Where Flutter's router goes when the browser's history moves (as on a phone's back gesture).
GO = """(route) => {
  history.pushState(null, "", route);
  dispatchEvent(new PopStateEvent("popstate", {state: null}));
}"""


def visit(phone: Phone, screen: Screen) -> None:
    """The screen's route, then its taps. The control it waits for must not be on the screen
    before (SCREENS is in such an order), so it is the new screen's."""
    try:
        expect(phone.by_id(screen.ready)).to_have_count(0)
        if screen.route:
            phone.page.evaluate(GO, screen.route)
        for tap in screen.taps:
            phone.press(tap)
        if screen.seated:
            expect(phone.by_id("start")).to_be_attached()
            phone.seat(list(screen.seated))
        expect(phone.by_id(screen.ready).first).to_be_attached()
    except AssertionError as error:
        raise AssertionError(f"{screen.name}: {error}\n{phone.screen_report()}") from None


def close(phone: Phone, screen: Screen) -> None:
    for step in screen.close:
        if step == "Escape":
            phone.page.keyboard.press(step)
        else:
            phone.press(step)
    if screen.close:
        expect(phone.by_id(screen.ready)).to_have_count(0)


def survey(phone: Phone, shot: Path) -> list[dict]:
    """The screen's nodes, each with what its pixels say (PAINT)."""
    phone.shot(str(shot))
    nodes = phone.page.evaluate(NODES, SCROLLERS)
    data = base64.b64encode(shot.read_bytes()).decode()
    return phone.page.evaluate(PAINT, [data, 2, nodes])


def problems(screen: str, nodes: list[dict]) -> list[str]:
    """Every node without a name, cut off, or hard to see. Contrast counts for what is wholly
    on screen and not disabled (WCAG exempts a control that cannot be used)."""
    found = []
    for n in nodes:
        where = f"{screen}: {n['id'] or n['near'] or '?'} {n['role']} {n['name']!r}"
        if n["interactive"] and not n["name"]:
            found.append(f"{where} has no name")
        if n["cut"] or n["painted"]:
            found.append(f"{where} is cut {n['cut'] or 'on the right'} "
                         f"({n['left']:.0f}..{n['right']:.0f})")
        visible = n["left"] >= 0 and n["right"] <= SMALL["width"] and n["top"] >= 0 \
            and n["bottom"] <= SMALL["height"]
        if not visible or n["under"] or n["scrolled"] or n["disabled"] or n["ratio"] is None \
                or n["fore"] == n["back"]:  # nothing painted there: not drawn, or under a bar
            continue
        # A control's words or icon, whichever it shows, and an image at least as a non-text
        # part; words elsewhere as text.
        need = OUTLINE_CONTRAST if n["interactive"] or n["role"] == "img" else TEXT_CONTRAST
        if n["name"] and n["ratio"] < need:
            found.append(f"{where} contrast {n['ratio']:.2f} ({n['fore']} on {n['back']})")
        if n["outline"] is not None and n["outline"] < OUTLINE_CONTRAST:
            found.append(f"{where} selected, its outline's contrast {n['outline']:.2f} "
                         f"({n['line']} on {n['outside']})")
    return found


def boxes_at_both_sizes(browser, url: str, find) -> list[dict]:
    """The box of what `find(phone)` finds on `url`, with the browser's text at 100 % and at
    200 %."""
    boxes = []
    for scaled in (False, True):
        context = phone_context(browser, viewport=SMALL)
        if scaled:
            context.add_init_script(SCALE_TEXT)
        found = find(Phone.open(context, url))
        expect(found).to_be_attached()
        boxes.append(found.bounding_box())
        context.close()
    return boxes


def test_the_browsers_text_size_scales_the_apps_text(seeded_server, browser):
    """Flutter web takes the browser's text size from the root font size: a heading's line
    is twice as tall at 200 %, so the 200 % pass below is a real one."""
    server, _ = seeded_server
    boxes = boxes_at_both_sizes(browser, server.url,
                                lambda phone: phone.page.get_by_text("Games", exact=True).first)
    assert boxes[1]["height"] / boxes[0]["height"] == pytest.approx(TEXT_SIZE, rel=0.1), boxes


def test_the_totals_bar_grows_with_the_text(seeded_server, browser):
    """A bar of fixed height cuts its text at 200 % (its box stays put, so the survey below
    does not see it): a total's chip is twice as tall, and wholly on the screen."""
    server, seeded = seeded_server
    boxes = boxes_at_both_sizes(browser, server.url + f"symbiose/{seeded.playing['symbiose']}",
                                lambda phone: phone.by_id("total-0"))
    assert boxes[1]["height"] / boxes[0]["height"] == pytest.approx(TEXT_SIZE, rel=0.1), boxes
    assert boxes[1]["y"] + boxes[1]["height"] <= SMALL["height"], boxes


@pytest.mark.parametrize(("theme", "text_size"), [
    pytest.param("light", 1.0, id="light"),
    # Layout does not depend on the theme, nor contrast on the text's size: dark at 200 %.
    pytest.param("dark", TEXT_SIZE, id="dark-200")])
def test_every_screen(seeded_server, browser, shots, theme, text_size):
    """Every screen, reached as a phone would, in one tab of the host's phone (and one of a
    guest's, for the join screen)."""
    server, seeded = seeded_server
    found: list[str] = []
    phones: dict[bool, Phone] = {}
    suffix = "" if text_size == 1.0 else f"-{text_size * 100:.0f}"
    try:
        for screen in screens(seeded):
            if screen.guest not in phones:
                context = phone_context(browser, color_scheme=theme, viewport=SMALL,
                                        host=not screen.guest)
                if text_size != 1.0:
                    context.add_init_script(SCALE_TEXT)
                phones[screen.guest] = Phone.open(context, server.url + "settings")
            phone = phones[screen.guest]
            visit(phone, screen)
            found += problems(screen.name,
                              survey(phone, shots / f"a11y-{screen.name}-{theme}{suffix}.png"))
            close(phone, screen)
    finally:
        for phone in phones.values():
            phone.page.context.close()
    assert found == [], "\n".join(found)


# Every chip of a complete table of four long names and two teams (six totals and the Score
# sheet button: what a scrolling bar once hid on a 320 px phone, the fourth behind the button).
LONG_NAMES = ["Maximiliane Alexandra", "Bartholomew", "Chloé-Éléonore", "Daan"]
CHIPS = [f"total-{index}" for index in range(4)] + ["team-total-0", "team-total-1"]


@pytest.fixture(scope="module")
def team_table(tmp_path_factory):
    data = tmp_path_factory.mktemp("totals") / "data"
    server = Server(data)
    server.knows_host()
    team = example("symbiose-team.json")
    renamed = dict(zip((p["name"] for p in team["players"]), LONG_NAMES, strict=True))
    team = {**team, "players": [{**p, "name": renamed[p["name"]]} for p in team["players"]]}
    store = Store(data / "tallybook.sqlite3")
    game_id = store.create_game("symbiose", {"file": team, "undo": []})
    store.close()
    server.start()
    yield server, game_id
    server.stop()


def overlaps(a: dict, b: dict) -> bool:
    return a["x"] < b["x"] + b["width"] - 1 and b["x"] < a["x"] + a["width"] - 1 \
        and a["y"] < b["y"] + b["height"] - 1 and b["y"] < a["y"] + a["height"] - 1


@pytest.mark.parametrize("text_size", [1.0, TEXT_SIZE], ids=["100", "200"])
def test_every_total_is_on_a_small_phones_screen_beside_the_button(team_table, browser, shots,
                                                                    text_size):
    server, game_id = team_table
    context = phone_context(browser, viewport=SMALL_PHONE)
    if text_size != 1.0:
        context.add_init_script(SCALE_TEXT)
    try:
        phone = Phone.open(context, server.url + f"symbiose/{game_id}")
        expect(phone.by_id("finish")).to_be_attached()
        phone.shot(str(shots / f"totals-320-{text_size * 100:.0f}.png"))
        button = phone.by_id("finish").bounding_box()
        for chip in CHIPS:
            box = phone.by_id(chip).bounding_box()
            assert box is not None, chip
            assert box["x"] >= 0 and box["x"] + box["width"] <= SMALL_PHONE["width"] + 0.5 \
                and box["y"] + box["height"] <= SMALL_PHONE["height"] + 0.5, (chip, box)
            assert not overlaps(box, button), (chip, box, button)
    finally:
        context.close()


# Whether the node is at least this tall: the app lays a screen out again once the phone has
# told it its text size (views/widgets/text_probe.py), a moment after the first drawing.
AT_LEAST_AS_TALL = """([selector, height]) => {
  const node = document.querySelector(selector);
  return !!node && node.getBoundingClientRect().height >= height;
}"""
AT_LEAST_AS_WIDE = """([selector, width]) => {
  const node = document.querySelector(selector);
  return !!node && node.getBoundingClientRect().width >= width;
}"""


def laid_out(phone: Phone) -> None:
    """Wait for the tile's node to span its place in the pond's grid (four to a row): it may
    first come a sliver wide, before the grid is laid out."""
    phone.page.wait_for_function(AT_LEAST_AS_WIDE, arg=[
        '[flt-semantics-identifier="tile-2-0-0"]', SMALL["width"] / 6])


def test_a_symbiose_tile_grows_at_large_text_to_hold_its_badge(seeded_server, browser):
    """At 200 % a tile's points badge is a row of its own above the animal (laid over its
    corner, it covered the icon and its figures were cut at the tile's fixed height)."""
    server, seeded = seeded_server
    url = server.url + f"symbiose/{seeded.playing['symbiose']}"
    small = None
    context = phone_context(browser, viewport=SMALL)
    try:
        phone = Phone.open(context, url)  # the host's phone opens on the pond being filled
        expect(phone.by_id("tile-2-0-0")).to_be_attached()
        laid_out(phone)
        small = phone.by_id("tile-2-0-0").bounding_box()
    finally:
        context.close()
    assert small is not None
    context = phone_context(browser, viewport=SMALL)
    context.add_init_script(SCALE_TEXT)
    try:
        phone = Phone.open(context, url)
        expect(phone.by_id("tile-2-0-0")).to_be_attached()
        phone.page.wait_for_function(AT_LEAST_AS_TALL, arg=[
            '[flt-semantics-identifier="tile-2-0-0"]', 1.4 * small["height"]])
        laid_out(phone)
        large = phone.by_id("tile-2-0-0").bounding_box()
        assert large is not None and large["width"] == pytest.approx(small["width"], abs=1)
    finally:
        context.close()
