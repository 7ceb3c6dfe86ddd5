"""The NOVE round summary: its columns, a row per seat and the words of why it scored."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....games.nove.events import ScoreRow
from ....i18n import _, ngettext
from ...people import said
from ...table.scene import colour_for


def columns() -> list[str]:
    return [_("Player"), _("Hand"), _("Why"), _("Round"), _("Total")]


def plain_row(
    names: Sequence[str], seat: int, points: int, why: str, scores: Sequence[int]
) -> list[Any]:
    """A row of a round that ended early (three of a kind, a winning NOVE, four of a kind)."""
    return [
        names[seat],
        "",
        why or "\u2013",
        (f"{points:+d}", colour_for(points)),
        str(scores[seat]),
    ]


def score_row(
    names: Sequence[str], row: ScoreRow, rows: Sequence[ScoreRow], scores: Sequence[int]
) -> list[Any]:
    """A row of a scored round: the hand's value, why it scored, the points and the total."""
    value = _("bust") if row.busted else ("" if row.value is None else str(row.value))
    return [
        names[row.seat],
        value,
        reason(names, row, rows),
        (f"{row.points:+d}", colour_for(row.points)),
        str(scores[row.seat]),
    ]


def reason(names: Sequence[str], row: ScoreRow, rows: Sequence[ScoreRow]) -> str:
    """Why a seat scored what it did, in words: "31 +2, pair +1", or why a 31 or the
    highest hand scored nothing (another seat came first in the playing order)."""
    if row.busted:
        return _("bust")
    parts = []
    if row.nove:
        parts.append(_("NOVE +2"))
    if row.thirty_one:
        parts.append(_("31 +2"))
    if row.capo:
        parts.append(_("CAPO +1"))
    if row.pairs:
        parts.append(ngettext("{n} pair +{n}", "{n} pairs +{n}", row.pairs).format(n=row.pairs))
    if row.sets:
        parts.append(
            ngettext("{n} set +{points}", "{n} sets +{points}", row.sets).format(
                n=row.sets, points=3 * row.sets
            )
        )
    first_31 = next((r for r in rows if r.thirty_one), None)
    if row.value == 31 and not row.thirty_one and first_31 is not None:
        parts.append(
            said(
                names[first_31.seat],
                _("31, but you had 31 first"),
                _("31, but {name} had 31 first"),
            )
        )
    capo = next((r for r in rows if r.capo), None)
    if capo is not None and capo is not row and row.value == capo.value:
        parts.append(
            said(
                names[capo.seat],
                _("as high as yours, which comes first"),
                _("as high as {name}, who plays first"),
            )
        )
    return ", ".join(parts) or _("nothing")
