"""How a game's options appear on the Setup screen: one row per field of its options dataclass.

A table declares its rows (``TableScene.setup_options``); the Setup screen builds a selector for
each and passes the chosen values to the game's ``options_from_json``, which validates them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..i18n import _

SEAT = "seat"  # values are seat numbers (the list follows the player count)
GAME_DEFAULT = object()
"""``OptionSpec.default`` when Setup starts from the options type's own default."""


@dataclasses.dataclass(frozen=True)
class OptionSpec:
    """One option row. ``values`` are the choices (for a ``SEAT`` option: the extra values
    before the seat numbers, e.g. None for "drawn at random"); ``describe`` words a value.
    ``default`` is the row's first choice when it differs from the options type's default
    (banco's deck: the type stores the style resolved for 4 players; Setup offers "automatic",
    which follows the player count)."""

    name: str
    label: str
    values: Sequence[Any]
    describe: Callable[[Any], str] = str
    kind: str = "list"
    hint: str = ""
    default: Any = GAME_DEFAULT
    applies: Callable[[Mapping[str, Any]], bool] | None = None
    """Whether the row means anything given the other rows' values (by name); Setup greys it
    out and the keyboard skips it when it does not (Kaël's fixed hand size while the dealer
    chooses). None: always."""


def on_off(value: bool) -> str:
    return _("on") if value else _("off")


def none_or(none_text: str, describe: Callable[[Any], str]) -> Callable[[Any], str]:
    """Words for an optional value: ``none_text`` for None, else ``describe(value)``."""

    def words(value: Any) -> str:
        return none_text if value is None else describe(value)

    return words


def seat_option(name: str, label: str, first: Sequence[Any], first_words: str) -> OptionSpec:
    """An option naming a seat (first dealer, first banker...), or one of ``first``."""
    return OptionSpec(name, label, list(first), lambda value: first_words, kind=SEAT)
