"""NUM-X's round summary (per seat: the malus part, the hand part, the objective, the round score
and the total) and the scoreboard of every round, from the public ``round_scored`` events."""

from __future__ import annotations

from collections.abc import Sequence

from ....games.numx.events import RoundScored, SeatRoundScore
from ....i18n import _
from ... import theme
from ...table.scene import colour_for
from .words import OBJECTIVE_SHORT, ROUND_ENDS, plus, signed

Cell = str | tuple[str, tuple[int, int, int]]


def columns() -> list[str]:
    return [_("Player"), _("Malus"), _("Hand"), _("Objective"), _("Round"), _("Total")]


def objective_cell(row: SeatRoundScore) -> Cell:
    """ "\u2713 5 weight 7 +13", "\u2713 1 two alike (unused)", "\u2717 3 weight > 20", or a
    dash when objectives are off."""
    number = row.objective
    if number is None:
        return ("\u2013", theme.MUTED)
    name = f"{number} {_(OBJECTIVE_SHORT[number])}"
    if row.applied:
        return (_("\u2713 {name} +{bonus}").format(name=name, bonus=row.bonus), theme.OK)
    if row.met:
        return (_("\u2713 {name} (unused)").format(name=name), theme.WHITE)
    return (_("\u2717 {name}").format(name=name), theme.MUTED)


def round_rows(data: RoundScored, names: Sequence[str]) -> list[list[Cell]]:
    first_out = set(data.first_out)
    rows: list[list[Cell]] = []
    for seat, row in enumerate(data.seats):
        malus = "0*" if row.applied and row.objective in (1, 7) else plus(row.malus_part)
        rows.append(
            [
                names[seat] + (" \u2605" if seat in first_out else ""),
                malus,
                plus(row.hand_part),
                objective_cell(row),
                (plus(row.score), colour_for(row.score)),
                signed(data.totals[seat]),
            ]
        )
    return rows


def round_title(data: RoundScored, rounds: int) -> str:
    reason = data.reason
    words = _(ROUND_ENDS[reason]) if reason in ROUND_ENDS else reason
    return _("Round {round} of {rounds}: {reason}").format(
        round=data.round, rounds=rounds, reason=words
    )


def round_note(data: RoundScored) -> str:
    """One line: what the marks mean."""
    note = _(
        "\u2605 first out.  \u2713 objective met (it counts only if it raises the score), "
        "\u2717 missed."
    )
    if any(row.applied and row.objective in (1, 7) for row in data.seats):
        note += "  " + _("0*: the objective replaced the malus.")
    return note


def scoreboard(
    history: Sequence[RoundScored], names: Sequence[str], totals: Sequence[int]
) -> tuple[list[str], list[list[Cell]]]:
    """Every round so far: one row per round (round score, then the total), and the totals."""
    head = [_("Round"), *names]
    rows: list[list[Cell]] = []
    for data in history:
        line: list[Cell] = [str(data.round)]
        for seat in range(len(names)):
            score = data.seats[seat].score
            line.append(
                (
                    _("{score} = {total}").format(
                        score=plus(score), total=signed(data.totals[seat])
                    ),
                    colour_for(score),
                )
            )
        rows.append(line)
    rows.append([_("Total"), *[(signed(t), theme.ACCENT) for t in totals]])
    return head, rows
