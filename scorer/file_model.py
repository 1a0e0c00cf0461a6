"""What the game-file models of every game share: GAME_FILES.md's reading of JSON.

Unknown keys are errors (a typo must not be ignored), and JSON's types are kept apart: `"3"`,
`3.0` and `true` are not the number 3, as the published JSON Schema says too. Pydantic's strict
mode does that for ints and strings; a `Literal` compares by value (`True == 1`), so literal
numbers and `true` take a type check of their own.
"""

from __future__ import annotations

from pydantic import BeforeValidator, ConfigDict
from pydantic_core import PydanticCustomError

# No count, score or cost in a game file comes near this: a larger number is a mistake, and one
# too long to print (Python converts no more than 4,300 digits) would fail wherever it is shown.
# Every number in the models is bounded by it (or by less), and so is the JSON Schema.
MAX_NUMBER = 999


def file_config(title: str | None = None) -> ConfigDict:
    """The model config of every part of a game file (`title`: the file's own model)."""
    config = ConfigDict(extra="forbid", strict=True)
    if title is not None:
        config["title"] = title
    return config


def _typed(expected: type, kind: str) -> BeforeValidator:
    def check(value: object) -> object:
        if type(value) is not expected:
            raise PydanticCustomError("file.wrong_type", "must be {expected}",
                                      {"expected": kind})
        return value
    return BeforeValidator(check)


# Annotated[Literal[1, 2, 3], WHOLE_NUMBER]: 1.0 and true are not 1.
WHOLE_NUMBER = _typed(int, "whole_number")
# Annotated[Literal[True], TRUE_OR_FALSE]: 1 is not true.
TRUE_OR_FALSE = _typed(bool, "true_false")
