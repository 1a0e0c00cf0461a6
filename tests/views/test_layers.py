"""views/ in layers: every module imports only from its own package or from a layer below it.

The layers, bottom first, as views/__init__.py draws them. The three game packages share one
layer and import nothing of one another; app.py, the entry point, is the top. A module outside
every layer (a new root module) fails here until it is given its layer."""

from __future__ import annotations

import pytest

from tests.test_source_tree import GRAPH, MODULES

LAYERS = [
    ["views.text"],
    ["views.storage"],
    ["views.tables"],
    ["views.records"],
    ["views.picture"],
    ["views.web"],
    ["views.widgets"],
    ["views.symbiose", "views.forest_shuffle", "views.fossil"],
    ["views.screens"],
    ["views.app"],
]
VIEWS = sorted(module for module in MODULES if module.startswith("views.") and module != "views")


def place(module: str) -> tuple[int, str] | None:
    """The layer of `module` and the package of that layer it is in."""
    for level, packages in enumerate(LAYERS):
        for package in packages:
            if module == package or module.startswith(package + "."):
                return level, package
    return None


def upward(module: str, graph: dict[str, set[str]] = GRAPH) -> list[str]:
    """What `module` imports that is not its own package nor below its layer."""
    level, package = place(module) or (-1, "")
    wrong = []
    for other in sorted(graph[module]):
        if not other.startswith("views."):
            continue
        found = place(other)
        if found is None or (found[1] != package and found[0] >= level):
            wrong.append(other)
    return wrong


@pytest.mark.parametrize("module", VIEWS)
def test_module_has_a_layer(module):
    assert place(module) is not None, f"{module} is in no layer: give it one in LAYERS"


@pytest.mark.parametrize("module", VIEWS)
def test_imports_go_downward(module):
    assert upward(module) == []


def test_the_check_can_fail():
    """A widget reaching up to a screen, a game to another game, and a store to an unlisted
    module are each found."""
    graph = {"views.widgets.x": {"views.screens.rules", "views.web.session"},
             "views.fossil.x": {"views.symbiose.model", "views.tables.model"},
             "views.storage.x": {"views.nowhere"}}
    assert upward("views.widgets.x", graph) == ["views.screens.rules"]
    assert upward("views.fossil.x", graph) == ["views.symbiose.model"]
    assert upward("views.storage.x", graph) == ["views.nowhere"]
