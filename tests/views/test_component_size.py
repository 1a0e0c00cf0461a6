"""No screen component is over 60 lines: a component is read whole to see what a screen shows,
so its logic lives in pure functions and its pieces in components of their own.

A component is a function decorated `@ft.component` (or wrapped as `ft.component(function)`);
its length runs from its `def` to its last line, docstring included.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).parents[2]
MOST_LINES = 60


def is_component_call(node: ast.expr) -> bool:
    target = node.func if isinstance(node, ast.Call) else node
    return (isinstance(target, ast.Attribute) and target.attr == "component") or (
        isinstance(target, ast.Name) and target.id == "component")


def components(tree: ast.Module) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    functions = [node for node in ast.walk(tree)
                 if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)]
    wrapped = {arg.id for node in ast.walk(tree)
               if isinstance(node, ast.Call) and is_component_call(node)
               for arg in node.args if isinstance(arg, ast.Name)}
    return [function for function in functions
            if function.name in wrapped
            or any(is_component_call(decorator) for decorator in function.decorator_list)]


def lines(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    assert function.end_lineno is not None
    return function.end_lineno - function.lineno + 1


def test_finds_decorated_and_wrapped_components():
    tree = ast.parse("import flet as ft\n"
                     "@ft.component\ndef A():\n    return 1\n"
                     "def b():\n    pass\n"
                     "B = ft.memo(ft.component(b))\n"
                     "def helper():\n    pass\n")
    assert sorted(f.name for f in components(tree)) == ["A", "b"]


def test_no_component_over_60_lines():
    too_long = [f"{path.relative_to(ROOT)}:{function.lineno} {function.name}: "
                f"{lines(function)} lines"
                for path in sorted((ROOT / "views").rglob("*.py"))
                for function in components(ast.parse(path.read_text(encoding="utf-8")))
                if lines(function) > MOST_LINES]
    assert not too_long, f"components over {MOST_LINES} lines:\n" + "\n".join(too_long)
