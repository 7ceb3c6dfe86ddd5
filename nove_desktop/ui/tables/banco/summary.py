"""The banco table's summaries: the term summary when the bank passes, and the game-over
ranking (places by chips, how often each player banked). Functions of the table."""

from __future__ import annotations

from typing import Any

from ....i18n import _, ngettext
from ...table.scene import colour_for
from . import words
from .base import BancoBase


def term_columns() -> list[str]:
    return [_("Player"), _("At the start"), _("Change"), _("Chips"), _("Banked")]


def term_rows(table: BancoBase, banker: int) -> list[list[Any]]:
    """One row per seat: chips at the start of the term, the change, chips now, banks held."""
    rows: list[list[Any]] = []
    for seat in range(table.n):
        change = table.scores[seat] - table.term_start[seat]
        name = table.names[seat] + (_(" (bank)") if seat == banker else "")
        chips_now = str(table.scores[seat])
        if seat in table.out_seats:
            chips_now = _("{n} (out)").format(n=table.scores[seat])
        rows.append(
            [
                name,
                str(table.term_start[seat]),
                (f"{change:+d}" if change else "0", colour_for(change)),
                chips_now,
                words.times_words(table.banks_held[seat]),
            ]
        )
    return rows


def played_for(rounds: int) -> str:
    return ngettext("after {n} hand", "after {n} hands", rounds).format(n=rounds)


def ranking(chips: tuple[int, ...]) -> list[list[int]]:
    """Places by chips, most first; equal chips share a place (spec 5.8)."""
    places: list[list[int]] = []
    for seat in sorted(range(len(chips)), key=lambda s: (-chips[s], s)):
        if places and chips[places[-1][0]] == chips[seat]:
            places[-1].append(seat)
        else:
            places.append([seat])
    return places


def ranking_details(banks_held: tuple[int, ...], eliminated: tuple[bool, ...]) -> list[str]:
    """Under each name in the ranking: how often the player banked, and "out"."""
    out = []
    for held, gone in zip(banks_held, eliminated, strict=True):
        text = (
            _("banked {times}").format(times=words.times_words(held)) if held else _("never banked")
        )
        if gone:
            text = _("{text}, out").format(text=text)
        out.append(text)
    return out
