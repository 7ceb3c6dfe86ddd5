"""Kaël's round summary and game history: the rows of a scored round, its note, and one line per
round for the History screen."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....games.kael.events import RoundScored
from ....i18n import _
from ... import theme
from ...table.basics import colour_for


def columns() -> list[str]:
    return [_("Player"), _("Hand"), _("Points"), _("Landing"), _("Total"), ""]


def round_rows(scored: RoundScored, names: Sequence[str]) -> list[list[Any]]:
    """One row per seat still in: hand, points gained, landing, new total, eliminated."""
    rows = []
    for seat_text, total in scored.hand_totals.items():
        seat = int(seat_text)
        gained = scored.points[seat_text]
        landed = seat in scored.landings
        status = _("eliminated") if seat in scored.eliminated else ""
        rows.append(
            [
                names[seat] + (" \u2605" if seat == scored.caller else ""),
                str(total),
                (f"+{gained}" if gained else "0", colour_for(-gained)),
                (_("\u221225 landing") if landed else "", theme.OK),
                str(scored.totals[seat]),
                (status, theme.DANGER),
            ]
        )
    return rows


def round_note() -> str:
    return _(
        "\u2605 called Kaël.  Landing: a total of exactly 25, 50, 75 or 100 drops by "
        "25.  Above 100 a player is out."
    )


def history_columns(names: Sequence[str]) -> list[str]:
    return [_("Round"), *names]


def history_rows(history: Sequence[RoundScored], seats: int) -> list[list[Any]]:
    """One row per scored round: each seat's points and new total ("\u2605" the caller, "\u2193" a
    landing, a dash for a seat already out)."""
    rows: list[list[Any]] = []
    for scored in history:
        row: list[Any] = [str(scored.round)]
        for seat in range(seats):
            gained = scored.points.get(str(seat))
            if gained is None:
                row.append(("\u2013", theme.MUTED))
                continue
            mark = "\u2605" if seat == scored.caller else ""
            land = " \u2193" if seat in scored.landings else ""
            row.append(f"{mark}+{gained}{land} = {scored.totals[seat]}")
        rows.append(row)
    return rows
