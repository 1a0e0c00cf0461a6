"""The picture of a sheet: a PNG of the right size for each game and player count, light and
dark, every name in a shipped font that has its characters, emoji in colour."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image

from scorer import load_game, score
from views.picture import sheet_picture
from views.picture import text as picture_text
from views.picture.fonts import family, font_for, runs, visual_runs
from views.picture.sheet import WIDTH

EXAMPLES = Path(__file__).parents[2] / "examples"
WHITE = (255, 255, 255, 255)


def example(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def fossil(names: list[str]) -> dict:
    """A short Fossil game: Ann's correction, then its end."""
    return {"version": 1, "game": "fossil", "players": names,
            "log": [{"adjust": names[0], "points": 5, "note": "x"}, {"end": True}]}


def picture(file: dict, **options) -> Image.Image:
    png = sheet_picture(file, score(load_game(file)), "en", **options)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(png))
    image.load()  # the whole file decodes
    return image


@pytest.mark.parametrize("name", sorted(path.name for path in EXAMPLES.glob("*.json")))
def test_every_example_game_is_drawn_light_and_dark(name):
    light, dark = picture(example(name)), picture(example(name), dark=True)
    assert light.size == dark.size and light.width == WIDTH
    assert light.getpixel((5, 5)) != dark.getpixel((5, 5))  # the page itself


def test_the_picture_grows_with_each_player_up_to_six():
    heights = [picture(fossil([f"P{n}" for n in range(count)])).height for count in (2, 3, 6)]
    assert heights[0] < heights[1] < heights[2]
    assert heights[2] - heights[1] == 3 * (heights[1] - heights[0])  # one block a player


def test_names_in_any_script_and_emoji_make_a_picture():
    names = ["王小明", "山田はなこ", "محمد علي", "Zoë 😀", "👨‍👩‍👧 Fam", "W" * 40]
    image = picture(fossil(names), when=1_764_680_000.0)
    assert image.width == WIDTH


@pytest.mark.parametrize(("cluster", "expected"), [
    ("A", "roboto"), ("é", "roboto"), ("Ж", "roboto"),
    ("😀", "notocoloremoji"), ("❤️", "notocoloremoji"), ("👍🏽", "notocoloremoji"),
    ("👨‍👩‍👧", "notocoloremoji"), ("🇳🇱", "notocoloremoji"),
    ("王", "notosanssc"), ("김", "notosanskr"), ("م", "notosansarabic"),
    ("ש", "notosanshebrew"), ("न", "notosansdevanagari"), ("★", "fonts/DejaVuSans.ttf"),
])
def test_each_character_is_drawn_with_a_shipped_font_that_has_it(cluster, expected):
    assert family(font_for(cluster)) == expected


def test_a_japanese_name_takes_its_han_characters_from_the_japanese_font():
    assert {family(key) for key, _ in runs("山田はなこ")} == {"notosansjp"}
    assert {family(key) for key, _ in runs("山田")} == {"notosanssc"}


def test_an_emoji_sequence_stays_whole_in_the_one_file_that_joins_it():
    (key, part), rest = runs("👨‍👩‍👧 Ann")[0], runs("👨‍👩‍👧 Ann")[1:]
    assert family(key) == "notocoloremoji" and part == "👨‍👩‍👧"
    assert rest == [("roboto", " Ann")]


def test_an_arabic_name_is_one_run_spaces_and_all():
    assert [family(key) for key, _ in runs("محمد علي")] == ["notosansarabic"]


def colours(image: Image.Image) -> int:
    """How many pixels are clearly coloured (not grey)."""
    data = image.convert("RGB").tobytes()
    pixels = (data[at:at + 3] for at in range(0, len(data), 3))
    return sum(1 for pixel in pixels if max(pixel) - min(pixel) > 60)


def test_emoji_are_drawn_in_colour_and_text_in_black():
    image = Image.new("RGBA", (400, 100), WHITE)
    picture_text.draw(image, 10, 70, "Ann 😀", 48, (0, 0, 0))
    assert colours(image) > 300
    plain = Image.new("RGBA", (400, 100), WHITE)
    picture_text.draw(plain, 10, 70, "Ann", 48, (0, 0, 0))
    assert colours(plain) == 0 and plain.getbbox() is not None


def test_a_long_name_is_cut_with_an_ellipsis_to_fit():
    name = "Annemarie Wilhelmina van den Berg-Jansen"
    cut = picture_text.fitted(name, 44, 500, bold=True)
    assert cut.endswith("…") and name.startswith(cut[:-1])
    assert picture_text.width(cut, 44, bold=True) <= 500
    assert picture_text.fitted("Ann", 44, 500) == "Ann"


def test_a_right_to_left_name_is_laid_out_from_the_right():
    runs_drawn = [family(key) for key, _ in visual_runs("محمد 😀")]
    assert runs_drawn == ["notocoloremoji", "notosansarabic"]  # the emoji ends it, on the left
    assert [family(key) for key, _ in visual_runs("Ann 😀")] == ["roboto", "notocoloremoji"]
