"""Every sentence and label of the NOVE table: card and joker names, the move log's lines
(``describe``), the status line, the hand's value tag and the reasons a game ends."""

from __future__ import annotations

from collections.abc import Sequence

from ....engine.events import Event
from ....games.nove import events as ev
from ....games.nove import hand as H
from ....games.nove.cards import BABATOS, OPTION_VALUE
from ....games.nove.view import NoveObservation
from ....i18n import N_, _, ngettext
from ...people import label, said

END_REASONS = {
    "score": N_("reached 12 points"),
    "max_rounds": N_("the round limit was reached"),
    "four_of_a_kind": N_("FOUR OF A KIND"),
    "nove_ten_points": N_("a NOVE with 10 points or more"),
    "nove_finito": N_("NOVE FINITO (a NOVE with a pair at 9 points)"),
    "three_of_a_kind": N_("THREE OF A KIND"),
}

_COLOUR_CARD = {
    "R": N_("red {rank}"),
    "Y": N_("yellow {rank}"),
    "G": N_("green {rank}"),
    "P": N_("purple {rank}"),
}


def option_name(option: str) -> str:
    """What a joker stands for, in the player's language: "Babatos A" or a number."""
    return _("Babatos {letter}").format(letter=option) if option in BABATOS else option


def card_name(card: str) -> str:
    """A NOVE card in the player's language: "red 5", "green Babatos B", "red joker"."""
    if card == "JR":
        return _("red joker")
    if card == "JY":
        return _("yellow joker")
    if card[:1] not in _COLOUR_CARD or len(card) < 2:
        return card
    return _(_COLOUR_CARD[card[0]]).format(rank=option_name(card[1]))


def end_reason(reason: str) -> str:
    """Why the game ended, in words (an unknown reason is shown as it is)."""
    return _(END_REASONS[reason]) if reason in END_REASONS else reason


# -- the status line and the plates ------------------------------------------------------------
def turn_words(names: Sequence[str], viewer: int | None, seat: int | None, step: str) -> str:
    """The status of a step, with whose turn it is ("Step 2: hit or stand — your turn")."""
    if seat is None:
        return step
    if seat == viewer:
        return _("{step} \u2014 your turn").format(step=step)
    return _("{step} \u2014 {name} to play").format(step=step, name=label(names[seat]))


def status(names: Sequence[str], viewer: int | None, obs: NoveObservation) -> str:
    """The status line an observation calls for ("" between decisions)."""
    if obs.phase == "over":
        return _("The game is over")
    if obs.phase == "exchange":
        return turn_words(names, viewer, obs.current, _("Exchange: give back up to 3 cards"))
    if obs.phase == "turn":
        return turn_words(names, viewer, obs.current, _("Step 2: hit or stand"))
    if obs.phase in ("declare", "choose_joker"):
        return _("Step 3: scoring") if obs.phase == "choose_joker" else _("Step 1: NOVE")
    return ""


def hand_value(fixed: list[str], free: bool) -> str:
    """The viewer's hand value tag: "hand 17", "hand 12-18 or 21 (joker)", "hand 33 (bust)"."""
    base = H.base_value(fixed)
    if not free:
        if base > 31:
            return _("hand {value} (bust)").format(value=base)
        return _("hand {value}").format(value=base)
    values = sorted({base + v for v in OPTION_VALUE.values() if base + v <= 31})
    if not values:
        return _("hand {value} (bust)").format(value=base + 1)
    run = [v for v in values if v <= base + 7]
    text = f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0])
    if base + 10 <= 31:
        text = _("{low} or {high}").format(low=text, high=base + 10)
    return _("hand {value} (joker)").format(value=text)


def seat_tags(
    seat: int,
    busted: bool,
    stood: bool,
    exchanged: int | None,
    announcements: Sequence[tuple[int, int, bool, int]],
) -> list[str]:
    """A seat's plate tags after its hand value: bust or stood, the exchange, its NOVE."""
    tags = []
    if busted:
        tags.append(_("BUST"))
    elif stood:
        tags.append(_("stood"))
    if exchanged is not None:
        tags.append(_("exchanged {n}").format(n=exchanged))
    nove = [a for a in announcements if a[0] == seat]
    if nove:
        tags.append(_("NOVE {value}").format(value=nove[0][1]))
    return tags


# -- the move log ------------------------------------------------------------------------------
def describe(event: Event, names: Sequence[str]) -> str | None:
    """The log line of a public event (``None``: the event makes no line)."""
    if isinstance(event, ev.RoundStarted):
        return said(
            names[event.dealer],
            _("Round {round} \u2014 you deal."),
            _("Round {round} \u2014 dealer: {name}."),
            round=event.round,
        )
    if isinstance(event, ev.Discarded):
        count = event.count
        return said(
            names[event.seat],
            ngettext("You exchanged {n} card.", "You exchanged {n} cards.", count),
            ngettext("{name} exchanged {n} card.", "{name} exchanged {n} cards.", count),
            n=count,
        )
    if isinstance(event, ev.HitTaken):
        return said(names[event.seat], _("You hit."), _("{name} hit."))
    if isinstance(event, ev.Stood):
        count = event.cards
        return said(
            names[event.seat],
            ngettext("You stood with {n} card.", "You stood with {n} cards.", count),
            ngettext("{name} stood with {n} card.", "{name} stood with {n} cards.", count),
            n=count,
        )
    if isinstance(event, ev.Bust):
        return said(
            names[event.seat],
            _("You went bust ({value})."),
            _("{name} went bust ({value})."),
            value=event.value,
        )
    if isinstance(event, ev.NoveCalled):
        return said(
            names[event.seat],
            _("You called NOVE ({value})."),
            _("{name} called NOVE ({value})."),
            value=event.value,
        )
    if isinstance(event, ev.JokersShown):
        return said(
            names[event.seat],
            _("You asked who hit the jokers."),
            _("{name} asked who hit the jokers."),
        )
    if isinstance(event, ev.JokerSet):
        return said(
            names[event.seat],
            _("You set the joker to {value}."),
            _("{name} set the joker to {value}."),
            value=option_name(event.option),
        )
    if isinstance(event, ev.Revealed) and event.cards:
        shown = ", ".join(card_name(c) for c in event.cards)
        return said(
            names[event.seat], _("You showed {cards}."), _("{name} showed {cards}."), cards=shown
        )
    if isinstance(event, ev.RoundScored):
        scored = [f"{label(names[r.seat])} {r.points:+d}" for r in event.rows if r.points]
        return _("Round scored: {list}.").format(list=", ".join(scored) or _("no points"))
    if isinstance(event, ev.GameOver):
        return said(names[event.winner], _("You win the game."), _("{name} wins the game."))
    return None
