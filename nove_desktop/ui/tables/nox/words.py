"""NOX in words: the move log, the round summary's rows and the score sheet.

The :class:`Narrator` follows the public events in order (live, and again from the start when a
game is resumed) and keeps its own copy of the kitties, so a line can name what a card covered
or how many stacks a merge left, from the events alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....engine.events import Event
from ....games.nox.cards import COLOURS, NUMBER
from ....games.nox.options import THICK_SKINNED
from ....i18n import N_, _, ngettext
from ... import theme
from ...people import label, said, together
from .look import card_words, colour_word, short_card
from .preview import missing_colours

END_REASONS = {
    "target reached": N_("a total reached {target}"),
    "round limit": N_("the round limit was reached"),
}
VARIANT_WORDS = {"standard": N_("standard game"), THICK_SKINNED: N_("thick-skinned")}


def variant_words(variant: str) -> str:
    return _(VARIANT_WORDS.get(variant, variant))


class Narrator:
    """Lines of the move log, from the public events in the order they happened."""

    def __init__(self, names: Sequence[str], variant: str) -> None:
        self.names = list(names)
        self.variant = variant
        self.kitties: list[list[list[str]]] = [[] for _ in names]
        self.played: tuple[int, str, int] | None = None  # seat, card, target of the last play

    def line(self, event: Event) -> str | None:
        data = event.data
        handler = getattr(self, f"_{event.kind}", None)
        if handler is None:
            return None
        try:
            return handler(data)
        except (IndexError, KeyError, TypeError):  # a log rebuilt from a damaged save
            return None

    def whose(self, owner: int, player: int) -> str:
        """ "Ben's kitty", or "their own kitty" when the player plays to themselves."""
        if owner == player:
            return said(self.names[owner], _("your own kitty"), _("their own kitty"))
        return said(self.names[owner], _("your kitty"), _("{name}'s kitty"))

    def _round_started(self, data: dict[str, Any]) -> str:
        self.kitties = [[] for _ in self.names]
        self.played = None
        return said(self.names[data["start_seat"]], _("Round {round} \u2014 you start."),
                    _("Round {round} \u2014 {name} starts."), round=data["round"])

    def _card_played(self, data: dict[str, Any]) -> str:
        seat, card, target = data["seat"], data["card"], data["target"]
        kitty = self.kitties[target]
        self.played = (seat, card, target)
        name = self.names[seat]
        if data["placement"] == "new_stack":
            kitty.append([card])
            return said(name, _("You laid the {card} as a new stack in {kitty}."),
                        _("{name} laid the {card} as a new stack in {kitty}."),
                        card=card_words(card), kitty=self.whose(target, seat))
        stack = kitty[data["stack"]]
        covered = stack[-1]
        stack.append(card)
        return said(name, _("You covered the {old} in {kitty} with the {card}."),
                    _("{name} covered the {old} in {kitty} with the {card}."),
                    old=card_words(covered), kitty=self.whose(target, seat),
                    card=card_words(card))

    def _merged(self, data: dict[str, Any]) -> str:
        target = data["target"]
        kitty = self.kitties[target]
        moving = kitty.pop(data["from_index"])
        kitty[data["new_index"]].extend(moving)
        before, after = len(kitty) + 1, len(kitty)
        seat, card, _target = self.played or (target, moving[-1], target)
        if seat == target:
            owner = said(self.names[target], _("your own"), _("their own"))
        else:
            owner = said(self.names[target], _("your"), _("{name}'s"))
        return said(self.names[seat],
                    _("Your {number} merged {owner} stacks: {before} \u2192 {after}."),
                    _("{name}'s {number} merged {owner} stacks: {before} \u2192 {after}."),
                    number=NUMBER[card], owner=owner, before=before, after=after)

    def _round_ended(self, data: dict[str, Any]) -> str:
        if data["reason"] == "six_stacks" and self.played is not None:
            seat, _card, target = self.played
            return said(self.names[seat],
                        _("You made the sixth stack in {kitty}: the round is over."),
                        _("{name} made the sixth stack in {kitty}: the round is over."),
                        kitty=self.whose(target, seat))
        return _("No cards left: the round is over.")

    def _round_scored(self, data: dict[str, Any]) -> str:
        parts = []
        for seat, points in enumerate(data["points"]):
            text = f"{label(self.names[seat])} {points}"
            if not data["eligible"][seat]:
                text += f" ({self.not_eligible_words(seat)})"
            parts.append(text)
        line = _("Round {round} scored: {list}.").format(
            round=data["round"], list=", ".join(parts))
        if self.variant != THICK_SKINNED:
            return line
        who = [self.names[s] for s, gained in enumerate(data["recorded"]) if gained]
        if not who:
            return line + " " + _("Nobody records.")
        return line + " " + together(
            who, _("Only you record."), _("Only you and {names} record."),
            ngettext("Only {names} records.", "Only {names} record.", len(who)))

    def _game_over(self, data: dict[str, Any]) -> str:
        winners = data["winners"]
        total = data["totals"][winners[0]] if winners else 0
        if len(winners) == 1:
            return said(self.names[winners[0]], _("You win the game with {total}."),
                        _("{name} wins the game with {total}."), total=total)
        return together([self.names[s] for s in winners], _("You win the game with {total}."),
                        _("You and {names} share the win with {total}."),
                        _("{names} share the win with {total}."), total=total)

    def not_eligible_words(self, seat: int) -> str:
        return not_eligible_words(self.kitties[seat])


def not_eligible_words(kitty: Sequence[Sequence[str]]) -> str:
    """Why a kitty scores nothing: "empty kitty", "no blue", "no green or orange"."""
    if not kitty:
        return _("empty kitty")
    missing = [colour_word(c) for c in missing_colours(kitty)]
    if len(missing) == 1:
        return _("no {colour}").format(colour=missing[0])
    return _("no {first} or {last}").format(first=", ".join(missing[:-1]), last=missing[-1])


# -- the round summary -------------------------------------------------------------------------
def summary_columns(variant: str) -> list[str]:
    columns = [_("Player"), _("Top cards"), _("Colours"), _("Points")]
    if variant == THICK_SKINNED:
        columns.append(_("Recorded"))
    return [*columns, _("Total")]


def summary_rows(
    names: Sequence[str],
    kitties: Sequence[Sequence[Sequence[str]]],
    data: dict[str, Any],
    variant: str,
) -> list[list[Any]]:
    """One row per seat: its top cards, whether they show every colour (and what is missing),
    its points, what it recorded (thick-skinned) and its total."""
    rows: list[list[Any]] = []
    for seat, name in enumerate(names):
        tops = [stack[-1] for stack in kitties[seat] if stack]
        points = data["points"][seat]
        if data["eligible"][seat]:
            colours: Any = (_("all three"), theme.OK)
        else:
            colours = (_("not eligible: {why}").format(why=not_eligible_words(kitties[seat])),
                       theme.DANGER)
        row: list[Any] = [
            name,
            " ".join(short_card(c) for c in tops) or "\u2013",
            colours,
            (str(points), theme.ACCENT if points else theme.MUTED),
        ]
        if variant == THICK_SKINNED:
            gained = data["recorded"][seat]
            row.append((_("+{n} recorded").format(n=gained), theme.OK) if gained else (
                _("not recorded"), theme.MUTED))
        row.append(str(data["totals"][seat]))
        rows.append(row)
    return rows


def summary_title(
    names: Sequence[str], data: dict[str, Any], ended: dict[str, Any] | None, target: int | None
) -> str:
    """ "Round 2: Ben's kitty reached six stacks" / "Round 2: the cards ran out"."""
    if ended is not None and ended.get("reason") == "six_stacks" and target is not None:
        how = said(names[target], _("your kitty reached six stacks"),
                   _("{name}'s kitty reached six stacks"))
    elif ended is not None and ended.get("reason") == "exhausted":
        how = _("the cards ran out")
    else:
        how = _("scored")
    return _("Round {round}: {how}").format(round=data["round"], how=how)


def summary_note(names: Sequence[str], data: dict[str, Any], variant: str, target: int) -> str:
    """The rule that decided who recorded, with the target."""
    colours = ", ".join(colour_word(c) for c in COLOURS)
    if variant != THICK_SKINNED:
        return _("Standard game to {target}: everyone records their points. A kitty scores only "
                 "when its top cards show {colours}.").format(target=target, colours=colours)
    best = max(data["points"]) if data["points"] else 0
    if best <= 0:
        return _("Thick-skinned to {target}: nobody scored, so nobody records.").format(
            target=target)
    who = [label(names[s]) for s, r in enumerate(data["recorded"]) if r]
    return ngettext(
        "Thick-skinned to {target}: only the best kitty records ({names}, {points}).",
        "Thick-skinned to {target}: only the best kitties record ({names}, {points}).",
        len(who),
    ).format(target=target, names=", ".join(who), points=best)


# -- the score sheet ---------------------------------------------------------------------------
def sheet_rows(
    names: Sequence[str], rounds: Sequence[dict[str, Any]], totals: Sequence[int], variant: str
) -> list[list[Any]]:
    """One row per finished round (what each seat recorded; in thick-skinned, the points of a
    kitty that did not record in brackets), then the totals."""
    rows: list[list[Any]] = []
    for data in rounds:
        row: list[Any] = [str(data["round"])]
        for seat in range(len(names)):
            gained = data["recorded"][seat]
            points = data["points"][seat]
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
        variant=variant_words(variant), target=target)


def sheet_note(variant: str) -> str:
    if variant == THICK_SKINNED:
        return _("Only the best kitty of a round records; in brackets, the points of a kitty "
                 "that did not.")
    return _("Every kitty records its points; a kitty without all three colours scores 0.")
