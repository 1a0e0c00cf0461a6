"""Names sized to fit their cards whole, measured in the phone's font; the phone's text size
learned from what it draws."""

import flet as ft
import pytest

from scorer.forest_shuffle.catalog import load_catalog
from scorer.forest_shuffle.placing import choices
from tests.views.forest_steps import start_forest_game
from views.forest_shuffle.names import ARROWS, species_name
from views.forest_shuffle.picker import HOST_TILE, hosts
from views.text.i18n import scorer_text
from views.widgets.fit import PROBE, PROBE_SIZE, _width, fitting_size, text_scale, wrapped


def test_a_name_wraps_at_spaces_and_after_hyphens_only():
    assert wrapped("Silver-Washed Fritillary", 80, 12) == ("Silver-Washed", "Fritillary")
    assert wrapped("Silver-Washed Fritillary", 50, 12) == ("Silver-", "Washed", "Fritillary")
    assert wrapped("Bechsteinfledermaus", 80, 12) == ()  # one word wider than the line
    assert wrapped("Great Spotted Woodpecker", 200, 12) == ("Great Spotted Woodpecker",)


def test_the_largest_size_that_keeps_every_word_whole_in_two_lines():
    assert fitting_size("Red Fox", 96) == 13
    size = fitting_size("Bechsteinfledermaus", 100)
    assert size is not None and size < 12 and _width("Bechsteinfledermaus", size) <= 100
    assert fitting_size("Bechsteinfledermaus", 60) is None  # no readable size: two tiles
    # the phone draws text twice as large: half the room
    assert fitting_size("Red Fox", 96, scale=2.0) == fitting_size("Red Fox", 48)


def test_every_card_name_fits_a_tile_or_two_in_every_language():
    """A grid tile at 390 px is 102 px for its name (two tiles: 210 px)."""
    for species in load_catalog().species:
        for lang in ("en", "de", "nl"):
            name = species_name(species.id, lang)
            assert fitting_size(name, 82) or fitting_size(name, 200), (species.id, lang)


def test_every_tree_has_a_short_name_for_the_strip_in_every_language():
    boxes = load_catalog().boxes
    for host in hosts(boxes):
        for lang in ("en", "de", "nl"):
            short = scorer_text(f"species_short.{host}", {}, lang)
            assert short != f"species_short.{host}", (host, lang)
            assert len(short) < len(species_name(host, lang)) + 1
            if host in {s.id for s in choices("whole", ("base", "alpine", "woodland_edge"))}:
                assert fitting_size(short, HOST_TILE, lines=1, sizes=(12, 11, 10, 9)) or \
                    fitting_size(short, HOST_TILE, sizes=(10, 9)), (host, lang, short)


def test_the_text_scale_is_the_probes_width_against_roboto():
    at_100 = _width(PROBE, PROBE_SIZE) - 1.0  # without the engine's slack pixel
    assert text_scale(at_100) == pytest.approx(1.0)
    assert text_scale(2 * at_100) == pytest.approx(2.0)


@pytest.mark.asyncio
async def test_large_text_draws_fewer_tiles_a_row_and_trees_as_lists(open_app):
    c = await open_app()
    await start_forest_game(c, ["Ann", "Bob"])
    await c.tap("quick-oak")
    [probe] = [t for t in c.all(ft.Text) if t.value == PROBE]
    wide = c.get("pick-chaffinch").content.width
    at_200 = 2 * (_width(PROBE, PROBE_SIZE) - 1.0)
    await c.session.dispatch_event(probe._i, "size_change", {"w": at_200, "h": 24})
    await c.settle()
    assert c.get("pick-chaffinch").content.width > 1.4 * wide  # two a row, not three
    assert c.get("pick-chaffinch").content.height > 48  # taller for two lines of 200 % text
    await c.tap("picker-close")
    # a tree is a list of its cards, each slot by its arrow: no name would fit a cross
    tree = c.get("tree-0-0")
    arrows = {icon.icon for icon in c.all(ft.Icon) if _inside(icon, tree)}
    assert set(ARROWS.values()) <= arrows


def _inside(control, outer) -> bool:
    while control is not None:
        if control is outer:
            return True
        control = control.parent
    return False
