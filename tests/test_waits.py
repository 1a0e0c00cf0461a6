"""One wait ceiling in the layers that drive a real server (tests/server, tests/e2e): every wait
there is for the app's own signal, up to harness.WAIT_MS (Playwright's defaults are set to it).
A literal timeout is a second ceiling that a loaded machine outgrows (Playwright's 5 s default
did), and a sleep is a guess at how long the app takes; both fail here. What gives no signal
(a port beginning to answer, a row in the store) is asked through harness.poll, the one place
that pauses."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).parent
LAYERS = (TESTS / "server", TESTS / "e2e")
PAUSES = {("time", "sleep"), ("asyncio", "sleep")}
THE_POLL = (TESTS / "e2e" / "harness.py", "poll")


def timed_keyword(keyword: ast.keyword) -> bool:
    return (keyword.arg or "").endswith("timeout") and isinstance(keyword.value, ast.Constant) \
        and isinstance(keyword.value.value, int | float)


def pause(call: ast.Call) -> bool:
    func = call.func
    if isinstance(func, ast.Attribute):
        owner = func.value.id if isinstance(func.value, ast.Name) else ""
        return func.attr == "wait_for_timeout" or (owner, func.attr) in PAUSES
    return isinstance(func, ast.Name) and func.id == "sleep"


def waits_of_their_own(source: str, exempt: str | None = None) -> list[str]:
    """'line N: ...' for each literal timeout and each pause in `source`, outside the function
    named `exempt`."""
    found: list[str] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == exempt:
            return
        if isinstance(node, ast.Call):
            found.extend(f"line {node.lineno}: {keyword.arg}={ast.unparse(keyword.value)}"
                         for keyword in node.keywords if timed_keyword(keyword))
            if pause(node):
                found.append(f"line {node.lineno}: {ast.unparse(node.func)}()")
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(source))
    return found


def test_the_checker_finds_each_kind_of_wait_of_its_own():
    source = """
import time
def test_it(page, expect, locator):
    expect(locator).to_be_visible(timeout=5_000)
    page.wait_for_function("() => true", timeout=2.5)
    page.wait_for_timeout(WAIT_MS)
    time.sleep(0.1)
    connect(url, open_timeout=10)
    page.click("#ok", timeout=WAIT_MS)
def poll():
    time.sleep(0.02)
"""
    assert waits_of_their_own(source, exempt="poll") == [
        "line 4: timeout=5000", "line 5: timeout=2.5", "line 6: page.wait_for_timeout()",
        "line 7: time.sleep()", "line 8: open_timeout=10"]


def test_no_browser_or_server_test_has_a_ceiling_or_a_pause_of_its_own():
    found = {}
    for layer in LAYERS:
        for path in sorted(layer.rglob("*.py")):
            exempt = THE_POLL[1] if path == THE_POLL[0] else None
            if waits := waits_of_their_own(path.read_text(encoding="utf-8"), exempt):
                found[str(path.relative_to(TESTS))] = waits
    assert found == {}, "use harness.WAIT_MS / WAIT_S, or wait for the app's signal"
