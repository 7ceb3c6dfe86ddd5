"""NOX's reasons, from the seat's observation (every kitty is public): what a play does to the
kitty it lands on, worked out with the Normal seat's own look-ahead (``after_play``: placing,
then merging): it completes or raises your kitty, brings a colour it lacks, takes a colour out of
another kitty, covers a high top card with a low one, merges stacks, or ends the round."""

from __future__ import annotations

from ...engine.actions import Action
from ...games.nox.actions import Play
from ...games.nox.view import NoxObservation
from ...i18n import N_, _
from ..nox import ALL_COLOURS, STACKS_TO_END, Kitty, after_play
from .voice import Voice

_COLOURS = {"B": N_("blue"), "G": N_("green"), "O": N_("orange")}
_BITS = {"B": 1, "G": 2, "O": 4}


def reason(obs: NoxObservation, action: Action, voice: Voice) -> str | None:
    """Why ``action`` is good for the seat of ``obs``, in card terms (``None``: no reason)."""
    if not isinstance(action, Play) or obs.seat is None:
        return None
    words = voice.action(action)
    tops = [stack[-1] for stack in obs.kitties[action.target]]
    before = Kitty(tops)
    after = Kitty(after_play(tops, action.card, action.stack))
    if len(after.tops) >= STACKS_TO_END:
        return _round_end(obs, action, words, after, voice)
    if action.target == obs.seat:
        return _own(words, before, after, action.card)
    return _theirs(words, before, after, voice.seat(action.target), tops, action, voice)


def _points(kitty: Kitty) -> int:
    return kitty.raw if kitty.mask == ALL_COLOURS else 0


def _round_end(obs: NoxObservation, action: Play, words: str, after: Kitty, voice: Voice) -> str:
    points = [
        _points(after if seat == action.target else Kitty([s[-1] for s in kitty]))
        for seat, kitty in enumerate(obs.kitties)
    ]
    me = obs.seat
    assert me is not None
    others = [(p, seat) for seat, p in enumerate(points) if seat != me]
    best, seat = max(others)
    return _(
        "{action}: it ends the round now, your kitty scoring {mine} and {name}'s, the "
        "best of the others, {theirs}."
    ).format(action=words, mine=points[me], name=voice.seat(seat), theirs=best)


def _own(words: str, before: Kitty, after: Kitty, card: str) -> str | None:
    if after.mask == ALL_COLOURS and before.mask != ALL_COLOURS:
        return _("{action}: it completes your three colours, so your kitty counts {n}.").format(
            action=words, n=after.raw
        )
    if after.mask & ~before.mask:
        return _("{action}: it brings {colour}, a colour your kitty lacks.").format(
            action=words, colour=_(_COLOURS[card[0]])
        )
    if after.raw > before.raw:
        return _("{action}: it raises your kitty's top cards from {old} to {new}.").format(
            action=words, old=before.raw, new=after.raw
        )
    return None


def _theirs(
    words: str,
    before: Kitty,
    after: Kitty,
    name: str,
    tops: list[str],
    action: Play,
    voice: Voice,
) -> str | None:
    lost = before.mask & ~after.mask
    if lost and before.mask == ALL_COLOURS:
        colour = next(c for c, bit in _BITS.items() if bit & lost)
        return _(
            "{action}: it covers {name}'s only {colour} card, so that kitty scores nothing "
            "until it gets one back."
        ).format(action=words, name=name, colour=_(_COLOURS[colour]))
    if len(after.tops) < len(before.tops):
        return _(
            "{action}: it merges two of {name}'s stacks, holding that kitty at {n} of {end} stacks."
        ).format(action=words, name=name, n=len(after.tops), end=STACKS_TO_END)
    if action.stack is not None and after.raw < before.raw:
        return _(
            "{action}: it covers {name}'s {card} with your {yours}: that kitty's top "
            "cards fall from {old} to {new}."
        ).format(
            action=words,
            name=name,
            card=voice.card(tops[action.stack]),
            yours=voice.card(action.card),
            old=before.raw,
            new=after.raw,
        )
    return None
