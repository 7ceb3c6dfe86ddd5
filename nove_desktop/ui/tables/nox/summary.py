"""NOX's round summary (the rows, title and note shown when a round is scored), the score sheet
(one row per finished round), and the words of the game's end."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....games.nox.cards import COLOURS
from ....games.nox.events import RoundEnded, RoundScored
from ....games.nox.options import THICK_SKINNED
from ....i18n import N_, _, ngettext
from ... import theme
from ...people import label, said
from .words import colour_word, not_eligible_words, short_card, variant_words

END_REASONS = {
    "target reached": N_("a total reached {target}"),
    "round limit": N_("the round limit was reached"),
}


def end_words(reason: str, target: int) -> str:
    """Why the game ended, as the game-over screen says it."""
    return _(END_REASONS[reason]).format(target=target) if reason in END_REASONS else reason


# -- the round summary -------------------------------------------------------------------------
def summary_columns(variant: str) -> list[str]:
    columns = [_("Player"), _("Top cards"), _("Colours"), _("Points")]
    if variant == THICK_SKINNED:
        columns.append(_("Recorded"))
    return [*columns, _("Total")]


def summary_rows(
    names: Sequence[str],
    kitties: Sequence[Sequence[Sequence[str]]],
    scored: RoundScored,
    variant: str,
) -> list[list[Any]]:
    """One row per seat: its top cards, whether they show every colour (and what is missing),
    its points, what it recorded (thick-skinned) and its total."""
    rows: list[list[Any]] = []
    for seat, name in enumerate(names):
        tops = [stack[-1] for stack in kitties[seat] if stack]
        points = scored.points[seat]
        if scored.eligible[seat]:
            colours: Any = (_("all three"), theme.OK)
        else:
            colours = (
                _("not eligible: {why}").format(why=not_eligible_words(kitties[seat])),
                theme.DANGER,
            )
        row: list[Any] = [
            name,
            " ".join(short_card(c) for c in tops) or "\u2013",
            colours,
            (str(points), theme.ACCENT if points else theme.MUTED),
        ]
        if variant == THICK_SKINNED:
            gained = scored.recorded[seat]
            row.append(
                (_("+{n} recorded").format(n=gained), theme.OK)
                if gained
                else (_("not recorded"), theme.MUTED)
            )
        row.append(str(scored.totals[seat]))
        rows.append(row)
    return rows


def summary_title(
    names: Sequence[str], scored: RoundScored, ended: RoundEnded | None, target: int | None
) -> str:
    """ "Round 2: Ben's kitty reached six stacks" / "Round 2: the cards ran out"."""
    if ended is not None and ended.reason == "six_stacks" and target is not None:
        how = said(
            names[target],
            _("your kitty reached six stacks"),
            _("{name}'s kitty reached six stacks"),
        )
    elif ended is not None and ended.reason == "exhausted":
        how = _("the cards ran out")
    else:
        how = _("scored")
    return _("Round {round}: {how}").format(round=scored.round, how=how)


def summary_note(names: Sequence[str], scored: RoundScored, variant: str, target: int) -> str:
    """The rule that decided who recorded, with the target."""
    colours = ", ".join(colour_word(c) for c in COLOURS)
    if variant != THICK_SKINNED:
        return _(
            "Standard game to {target}: everyone records their points. A kitty scores only "
            "when its top cards show {colours}."
        ).format(target=target, colours=colours)
    best = max(scored.points) if scored.points else 0
    if best <= 0:
        return _("Thick-skinned to {target}: nobody scored, so nobody records.").format(
            target=target
        )
    who = [label(names[s]) for s, r in enumerate(scored.recorded) if r]
    return ngettext(
        "Thick-skinned to {target}: only the best kitty records ({names}, {points}).",
        "Thick-skinned to {target}: only the best kitties record ({names}, {points}).",
        len(who),
    ).format(target=target, names=", ".join(who), points=best)


# -- the score sheet ---------------------------------------------------------------------------
def sheet_rows(
    names: Sequence[str], rounds: Sequence[RoundScored], totals: Sequence[int], variant: str
) -> list[list[Any]]:
    """One row per finished round (what each seat recorded; in thick-skinned, the points of a
    kitty that did not record in brackets), then the totals."""
    rows: list[list[Any]] = []
    for scored in rounds:
        row: list[Any] = [str(scored.round)]
        for seat in range(len(names)):
            gained = scored.recorded[seat]
            points = scored.points[seat]
            if gained:
                row.append((f"+{gained}", theme.OK))
            elif variant == THICK_SKINNED and points:
                row.append((f"0 ({points})", theme.MUTED))
            else:
                row.append(("0", theme.MUTED))
        rows.append(row)
    rows.append([(_("Total"), theme.ACCENT), *[(str(t), theme.ACCENT) for t in totals]])
    return rows


def sheet_title(variant: str, target: int) -> str:
    return _("Score sheet \u2014 {variant}, target {target}").format(
        variant=variant_words(variant), target=target
    )


def sheet_note(variant: str) -> str:
    if variant == THICK_SKINNED:
        return _(
            "Only the best kitty of a round records; in brackets, the points of a kitty "
            "that did not."
        )
    return _("Every kitty records its points; a kitty without all three colours scores 0.")
