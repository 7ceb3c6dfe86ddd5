"""NOX in words: colours and cards, the move log, and the sentences of a play (the hint's, the
preview's); the round summary and the score sheet are in ``summary.py``.

The :class:`Narrator` follows the public events in order (live, and again from the start when a
game is resumed) and keeps its own copy of the kitties, so a line can name what a card covered
or how many stacks a merge left, from the events alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from ....engine.events import Event
from ....games.nox.actions import Play
from ....games.nox.cards import NUMBER
from ....games.nox.events import (
    CardPlayed,
    GameOver,
    Merged,
    RoundEnded,
    RoundScored,
    RoundStarted,
)
from ....games.nox.options import THICK_SKINNED
from ....i18n import N_, _, ngettext, pgettext
from ...people import label, said, together
from .preview import Outcome, missing_colours

COLOUR_WORDS = {"B": N_("blue"), "G": N_("green"), "O": N_("orange")}
VARIANT_WORDS = {"standard": N_("standard game"), THICK_SKINNED: N_("thick-skinned")}


# -- colours and cards (never by colour alone: every colour has a word and a letter) ---------------
def colour_word(colour: str) -> str:
    return _(COLOUR_WORDS[colour])


def colour_letter(colour: str) -> str:
    """The colour's letter in the player's language (the one the card faces print)."""
    return pgettext("NOX colour letter", colour)


def card_words(card: str) -> str:
    """ "blue 4" (a card's colour and number, in the player's language)."""
    return _("{colour} {number}").format(colour=colour_word(card[0]), number=NUMBER[card])


def short_card(card: str) -> str:
    """ "B4": the letter and the number, for tight places (summaries)."""
    return f"{colour_letter(card[0])}{NUMBER[card]}"


def missing_words(colours: list[str]) -> str:
    """ "needs blue", "needs blue and orange"."""
    names = [colour_word(c) for c in colours]
    if len(names) == 1:
        return _("needs {colour}").format(colour=names[0])
    return _("needs {first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def variant_words(variant: str) -> str:
    return _(VARIANT_WORDS.get(variant, variant))


def not_eligible_words(kitty: Sequence[Sequence[str]]) -> str:
    """Why a kitty scores nothing: "empty kitty", "no blue", "no green or orange"."""
    if not kitty:
        return _("empty kitty")
    missing = [colour_word(c) for c in missing_colours(kitty)]
    if len(missing) == 1:
        return _("no {colour}").format(colour=missing[0])
    return _("no {first} or {last}").format(first=", ".join(missing[:-1]), last=missing[-1])


# -- the move log ------------------------------------------------------------------------------
class Narrator:
    """Lines of the move log, from the public events in the order they happened."""

    def __init__(self, names: Sequence[str], variant: str) -> None:
        self.names = list(names)
        self.variant = variant
        self.kitties: list[list[list[str]]] = [[] for _ in names]
        self.played: tuple[int, str, int] | None = None  # seat, card, target of the last play

    def line(self, event: Event) -> str | None:
        try:
            match event:
                case RoundStarted():
                    return self.round_started(event)
                case CardPlayed():
                    return self.card_played(event)
                case Merged():
                    return self.merged(event)
                case RoundEnded():
                    return self.round_ended(event)
                case RoundScored():
                    return self.round_scored(event)
                case GameOver():
                    return self.game_over(event)
        except (IndexError, KeyError, TypeError):  # a log rebuilt from a damaged save
            return None
        return None

    def whose(self, owner: int, player: int) -> str:
        """ "Ben's kitty", or "their own kitty" when the player plays to themselves."""
        if owner == player:
            return said(self.names[owner], _("your own kitty"), _("their own kitty"))
        return said(self.names[owner], _("your kitty"), _("{name}'s kitty"))

    def round_started(self, event: RoundStarted) -> str:
        self.kitties = [[] for _ in self.names]
        self.played = None
        return said(
            self.names[event.start_seat],
            _("Round {round} \u2014 you start."),
            _("Round {round} \u2014 {name} starts."),
            round=event.round,
        )

    def card_played(self, event: CardPlayed) -> str:
        seat, card, target = event.seat, event.card, event.target
        kitty = self.kitties[target]
        self.played = (seat, card, target)
        name = self.names[seat]
        if event.placement == "new_stack":
            kitty.append([card])
            return said(
                name,
                _("You laid the {card} as a new stack in {kitty}."),
                _("{name} laid the {card} as a new stack in {kitty}."),
                card=card_words(card),
                kitty=self.whose(target, seat),
            )
        stack = kitty[event.stack]
        covered = stack[-1]
        stack.append(card)
        return said(
            name,
            _("You covered the {old} in {kitty} with the {card}."),
            _("{name} covered the {old} in {kitty} with the {card}."),
            old=card_words(covered),
            kitty=self.whose(target, seat),
            card=card_words(card),
        )

    def merged(self, event: Merged) -> str:
        target = event.target
        kitty = self.kitties[target]
        moving = kitty.pop(event.from_index)
        kitty[event.new_index].extend(moving)
        before, after = len(kitty) + 1, len(kitty)
        seat, card, _target = self.played or (target, moving[-1], target)
        if seat == target:
            owner = said(self.names[target], _("your own"), _("their own"))
        else:
            owner = said(self.names[target], _("your"), _("{name}'s"))
        return said(
            self.names[seat],
            _("Your {number} merged {owner} stacks: {before} \u2192 {after}."),
            _("{name}'s {number} merged {owner} stacks: {before} \u2192 {after}."),
            number=NUMBER[card],
            owner=owner,
            before=before,
            after=after,
        )

    def round_ended(self, event: RoundEnded) -> str:
        if event.reason == "six_stacks" and self.played is not None:
            seat, _card, target = self.played
            return said(
                self.names[seat],
                _("You made the sixth stack in {kitty}: the round is over."),
                _("{name} made the sixth stack in {kitty}: the round is over."),
                kitty=self.whose(target, seat),
            )
        return _("No cards left: the round is over.")

    def round_scored(self, event: RoundScored) -> str:
        parts = []
        for seat, points in enumerate(event.points):
            text = f"{label(self.names[seat])} {points}"
            if not event.eligible[seat]:
                text += f" ({self.not_eligible_words(seat)})"
            parts.append(text)
        line = _("Round {round} scored: {list}.").format(round=event.round, list=", ".join(parts))
        if self.variant != THICK_SKINNED:
            return line
        who = [self.names[s] for s, gained in enumerate(event.recorded) if gained]
        if not who:
            return line + " " + _("Nobody records.")
        return (
            line
            + " "
            + together(
                who,
                _("Only you record."),
                _("Only you and {names} record."),
                ngettext("Only {names} records.", "Only {names} record.", len(who)),
            )
        )

    def game_over(self, event: GameOver) -> str:
        winners = event.winners
        total = event.totals[winners[0]] if winners else 0
        if len(winners) == 1:
            return said(
                self.names[winners[0]],
                _("You win the game with {total}."),
                _("{name} wins the game with {total}."),
                total=total,
            )
        return together(
            [self.names[s] for s in winners],
            _("You win the game with {total}."),
            _("You and {names} share the win with {total}."),
            _("{names} share the win with {total}."),
            total=total,
        )

    def not_eligible_words(self, seat: int) -> str:
        return not_eligible_words(self.kitties[seat])


# -- a play in a sentence ------------------------------------------------------------------------
def kitty_words(names: Sequence[str], viewer: int | None, target: int) -> str:
    """ "your kitty" for the viewer's own, else "Ada's kitty"."""
    if target == viewer:
        return _("your kitty")
    return _("{name}'s kitty").format(name=names[target])


def play_words(names: Sequence[str], viewer: int | None, action: Play) -> str:
    """A play as the hint names it: "the blue 15 on stack 2 of Ada's kitty", "the blue 15 as a
    new stack in your kitty"."""
    whose = kitty_words(names, viewer, action.target)
    card = card_words(action.card)
    if action.stack is None:
        return _("The {card} as a new stack in {kitty}").format(card=card, kitty=whose)
    return _("The {card} on stack {n} of {kitty}").format(
        card=card, n=action.stack + 1, kitty=whose
    )


def preview_words(
    names: Sequence[str], viewer: int | None, action: Play, outcome: Outcome, top: str | None
) -> str:
    """The previewed play in a sentence: where (``top``: the card it covers), points before ->
    after, the merge, the end of the round."""
    owner = kitty_words(names, viewer, action.target)
    if action.stack is None or top is None:
        where = _("New stack in {kitty}").format(kitty=owner)
    else:
        where = _("On the {card} in {kitty}").format(card=card_words(top), kitty=owner)
    words = _("{where}: {before} \u2192 {after}").format(
        where=where, before=outcome.before, after=outcome.after
    )
    if outcome.merged is not None:
        before, after = outcome.stacks_before, len(outcome.stacks)
        number = NUMBER[action.card]
        if before == after:
            words += _(", merges with the other {number}: still {n} stacks").format(
                number=number, n=after
            )
        else:
            words += _(", merges with the other {number}: {a} \u2192 {b} stacks").format(
                number=number, a=before, b=after
            )
    if outcome.ends_round:
        words += _(" \u2014 ends the round!")
    return words
