"""How a Forest Shuffle card reads on a phone: its name in the player's language, whole (fitted
to its card, never broken inside a word), its group's icon, and a tree symbol as the card
shows it: its pictogram on the tree species' own colour (assets/icons/tree-*.svg)."""

from __future__ import annotations

from typing import Any

import flet as ft

from scorer.forest_shuffle.catalog import load_catalog
from scorer.forest_shuffle.models import SAPLING
from scorer.places import ForestSpot
from views.text.i18n import scorer_text
from views.widgets.common import TAP, icon_image, text
from views.widgets.fit import SIZES, fitting_size

# The catalogue's groups, each as a Material icon.
GROUP_ICONS = {"trees": ft.Icons.PARK, "shrubs": ft.Icons.GRASS, "birds": ft.Icons.FLUTTER_DASH,
               "butterflies": ft.Icons.EMOJI_NATURE, "insects": ft.Icons.BUG_REPORT,
               "bats": ft.Icons.NIGHTS_STAY, "amphibians": ft.Icons.WATER_DROP,
               "plants": ft.Icons.LOCAL_FLORIST, "mushrooms": ft.Icons.UMBRELLA,
               "deer": ft.Icons.FOREST, "pawed_animals": ft.Icons.PETS,
               "cloven_hoofed_animals": ft.Icons.AGRICULTURE, "persons": ft.Icons.PERSON}
SAPLING_GROUP = "trees"
# A tree's slots, as arrows from the tree.
ARROWS = {"top": ft.Icons.NORTH, "right": ft.Icons.EAST, "bottom": ft.Icons.SOUTH,
          "left": ft.Icons.WEST}


def spot_id(spot: ForestSpot) -> str:
    """A card's id on the screen: '0-2-tree' for a tree, '0-2-left-1' for a card in a slot."""
    text = f"{spot.player}-{spot.tree}-{spot.slot or 'tree'}"
    return text if spot.index is None else f"{text}-{spot.index}"


def columns(scale: float, at_most: int = 3) -> int:
    """Tiles a row: fewer where the phone draws text larger (two at 200 %)."""
    return at_most if scale < 1.3 else max(1, min(at_most, 2)) if scale < 2.6 else 1


def tile_height(scale: float, lines: int = 2) -> float:
    """A tile tall enough for `lines` lines of 12 px text at the phone's text size, and never
    below a thumb's 48 px."""
    return max(TAP, round(lines * 15 * scale) + 16)


def species_name(species_id: str, lang: str) -> str:
    return scorer_text(f"species.{species_id}", {}, lang)


def symbol_name(symbol: str, lang: str) -> str:
    return scorer_text(f"tree_symbol.{symbol}", {}, lang)


def group_of(species_id: str) -> str:
    return SAPLING_GROUP if species_id == SAPLING else load_catalog().by_id(species_id).group


def group_icon(species_id: str, size: int = 18) -> ft.Icon:
    return ft.Icon(GROUP_ICONS.get(group_of(species_id), ft.Icons.CIRCLE), size=size,
                   color=ft.Colors.ON_SURFACE_VARIANT)


def symbol_icon(symbol: str, size: int = 24) -> ft.Image:
    """A tree symbol as the card prints it: the species' pictogram on its colour."""
    return icon_image(f"tree-{symbol}", size)


def host_icon(species_id: str, size: int = 24) -> ft.Image:
    """A tree shows its own species' symbol; a shrub and a sapling have pictograms of their
    own (a shrub's copies print different tree symbols, a sapling none)."""
    if species_id == SAPLING:
        return icon_image("sapling", size)
    species = load_catalog().by_id(species_id)
    if species.kind == "shrub":
        return icon_image(f"shrub-{species_id}", size)
    return symbol_icon(next(iter(species.variants_in("whole", tuple(species.boxes)))), size)


def fitted_name(name: str, width: float, scale: float, lines: int = 2,
                sizes: tuple[float, ...] = SIZES, **style: Any) -> ft.Text | None:
    """`name` at the largest size that keeps every word whole in `width` px and `lines`
    lines, where the phone draws text `scale` times larger (AppSession.text_scale); None where
    no size is readable (the caller shows an icon, or gives more room). On a card a name
    begins with a capital ("sapling" is a word of sentences too)."""
    shown = name[:1].upper() + name[1:]
    size = fitting_size(shown, width, lines, sizes, scale)
    if size is None:
        return None
    return text(shown, size=size, max_lines=lines, **style)
