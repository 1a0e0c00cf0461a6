"""The registries are the only switch on games, and scorer/ and views/ import without circles.

Generic code (everything in scorer/ and views/ but a game's own package and the two
registries) writes no game id and imports no game's package: what it needs of a game comes
from scorer/registry.py or views/tables/registry.py, so a fourth game touches only its packages and
one line in each registry (docs/new-game.md). Docstrings and comments may name a game as an
example. Tests and benchmarks drive particular games, so they are not generic code.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
TOPS = ("scorer", "views")
GAME_PACKAGES = ("symbiose", "forest_shuffle", "fossil")
REGISTRIES = {"scorer.registry", "views.tables.registry"}
# A game id, or a message key or module built on one ("fossil.item.", "forest_shuffle.rule").
GAME_ID = re.compile(r"\b(symbiose|forest[-_]shuffle|fossil)")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for top in TOPS for path in sorted((ROOT / top).rglob("*.py"))}


def is_generic(module: str) -> bool:
    return module not in REGISTRIES and module.split(".")[1:2] not in ([g] for g in GAME_PACKAGES)


def docstrings(tree: ast.AST) -> set[int]:
    owners = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, owners) and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}


def game_ids_in(path: Path) -> list[str]:
    """Every string literal (an f-string's literal parts too) that names a game, docstrings
    aside, as 'line: text'."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = docstrings(tree)
    return [f"{node.lineno}: {node.value!r}" for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in skipped and GAME_ID.search(node.value)]


def imports_of(module: str) -> set[str]:
    """The modules of scorer/ and views/ that `module` imports, at module level or inside a
    function (`from scorer import i18n` imports scorer.i18n; `from scorer import score`, the
    package scorer)."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    named = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            named |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the package, `level - 1` folders up
                up = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([node.module] if node.module else [])])
            named |= {f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                      for alias in node.names}
    found = set()
    for name in named:
        while name and name not in MODULES:  # `import views.x.y` names views.x.y's module
            name = name.rpartition(".")[0]
        if name and name != module:
            found.add(name)
    return found


GRAPH = {module: imports_of(module) for module in MODULES}


def circles(top: str, graph: dict[str, set[str]] = GRAPH) -> list[list[str]]:
    """The import circles among the modules of `top` (Tarjan's strongly connected components
    of more than one module)."""
    within = {m: {i for i in imports if i.split(".")[0] == top}
              for m, imports in graph.items() if m.split(".")[0] == top}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in within[module]:
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = stack[stack.index(module):]
            del stack[stack.index(module):]
            if len(component) > 1:
                found.append(sorted(component))

    for module in within:
        if module not in index:
            visit(module)
    return found


GENERIC = [module for module in MODULES if is_generic(module)]


@pytest.mark.parametrize("module", GENERIC)
def test_generic_code_writes_no_game_id(module):
    assert game_ids_in(MODULES[module]) == []


@pytest.mark.parametrize("module", GENERIC)
def test_generic_code_imports_no_games_package(module):
    assert [name for name in GRAPH[module] if not is_generic(name) and name not in REGISTRIES
            and name.split(".")[0] in TOPS] == []


def test_the_checks_see_a_game_id_and_a_games_import(tmp_path):
    """The checks can fail: a literal like views/records/results.py's old `file["game"] ==
    "symbiose"`
    and a key built on an id are found, a docstring naming one is not."""
    source = tmp_path / "sample.py"
    source.write_text('"""About fossil games."""\n'
                      'def f(file, key):\n    """Symbiose\'s and fossil\'s."""\n'
                      '    return file["game"] == "symbiose" or f"fossil_name.{key}"\n')
    assert [found.split(":")[0] for found in game_ids_in(source)] == ["4", "4"]
    assert "scorer.symbiose.models" in GRAPH["scorer.symbiose.words"]
    assert not is_generic("views.fossil.play") and is_generic("views.records.results")


def test_scorer_has_no_import_circle():
    assert circles("scorer") == []


def test_views_has_no_import_circle():
    assert circles("views") == []


def test_a_circle_is_found_through_imports_inside_functions():
    """scorer/registry.py imports each game inside a function; a circle of three is found, and
    the modules that only import into it are not part of it."""
    assert "scorer.symbiose.words" in GRAPH["scorer.registry"]
    graph = {"scorer.a": {"scorer.b"}, "scorer.b": {"scorer.c"}, "scorer.c": {"scorer.a"},
             "scorer.d": {"scorer.a"}}
    assert circles("scorer", graph) == [["scorer.a", "scorer.b", "scorer.c"]]
