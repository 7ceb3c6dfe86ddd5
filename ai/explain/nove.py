"""NOVE's reasons, from the seat's observation: the cards not seen yet that would bust the hand
(the Normal seat's count), the pair or the low cards an exchange keeps, the total a NOVE
announces, what a joker makes at scoring."""

from __future__ import annotations

from ...engine.actions import Action
from ...games.nove import hand as H
from ...games.nove.actions import (
    AnnounceNove,
    ChooseJoker,
    DeclareNove,
    Discard,
    Hit,
    Stand,
)
from ...games.nove.cards import BABATOS, OPTION_VALUE, RANK, VALUE, is_joker
from ...games.nove.view import NoveObservation
from ...i18n import _
from ..nove import RISK, NoveHeuristicSeat, reduce
from .voice import Voice

_SEAT = NoveHeuristicSeat(0)  # its counting reads the observation only (no chance involved)


def reason(obs: NoveObservation, action: Action, voice: Voice) -> str | None:
    """Why ``action`` is good for the seat of ``obs``, in card terms (``None``: no reason)."""
    words = voice.action(action)
    if isinstance(action, (Hit, Stand)):
        return _draw(obs, action, words)
    if isinstance(action, Discard):
        return _exchange(obs, action, words, voice)
    if isinstance(action, (DeclareNove, AnnounceNove)):
        return _nove(obs, action.option, words)
    if isinstance(action, ChooseJoker):
        return _joker(obs, action.option, words)
    return None


def _hand_value(obs: NoveObservation) -> int:
    fixed, free = reduce(obs.hand, obs.jokers)
    return H.base_value(fixed) + (1 if free else 0)


def _draw(obs: NoveObservation, action: Action, words: str) -> str | None:
    value = _hand_value(obs)
    busting, unseen = _SEAT.bust_cards(obs)
    values = {"action": words, "bad": len(busting), "n": len(unseen), "value": value}
    if isinstance(action, Stand) and value == 31:
        return _("{action}: your hand makes 31.").format(**values)
    if not unseen:
        return None
    share = len(busting) / len(unseen)
    if isinstance(action, Hit):
        if not busting:
            return _(
                "{action}: none of the {n} cards you have not seen can bust your {value}."
            ).format(**values)
        if share >= 0.5:
            return None  # the count would argue against the hit: let the figure speak
        return _(
            "{action}: only {bad} of the {n} cards you have not seen would bust your {value}."
        ).format(**values)
    if share < RISK:
        return None  # a low risk is no reason to stand: let the figure speak
    return _("{action}: {bad} of the {n} cards you have not seen would bust your {value}.").format(
        **values
    )


def _exchange(obs: NoveObservation, action: Discard, words: str, voice: Voice) -> str | None:
    kept = [c for c in obs.hand if c not in action.cards]
    natural = [RANK[c] for c in kept if not is_joker(c)]
    pair = next((r for r in natural if natural.count(r) >= 2), None)
    if pair is not None and action.cards:
        return _("{action}: you keep your pair of {rank} to chase three of a kind.").format(
            action=words, rank=option_name(pair)
        )
    if len(kept) >= 2 and all(is_joker(c) or VALUE[c] <= 3 for c in kept) and action.cards:
        names = ", ".join(voice.card(c) for c in kept)
        return _("{action}: you keep your low cards ({cards}) to chase a NOVE.").format(
            action=words, cards=names
        )
    if not action.cards:
        return _("{action}: your hand counts {value} already.").format(
            action=words, value=_hand_value(obs)
        )
    return None


def _nove(obs: NoveObservation, option: str | None, words: str) -> str:
    fixed, free = reduce(obs.hand, obs.jokers)
    total = H.base_value(fixed) + (OPTION_VALUE[option] if option else (1 if free else 0))
    best = min((a[1] for a in obs.announcements), default=None)
    if best is not None and total < best:
        return _(
            "{action}: your hand then counts {total}, lower than the best NOVE so far ({best})."
        ).format(action=words, total=total, best=best)
    return _("{action}: your hand then counts {total}.").format(action=words, total=total)


def _joker(obs: NoveObservation, option: str, words: str) -> str:
    fixed, _free = reduce(obs.hand, obs.jokers)
    count = H.groups(fixed, option)[option]
    name = option_name(option)
    if count >= 4:
        return _("{action}: it makes four of a kind with your {rank}.").format(
            action=words, rank=name
        )
    if count == 3:
        return _("{action}: it makes three of a kind with your {rank}.").format(
            action=words, rank=name
        )
    if count == 2:
        return _("{action}: it pairs with your {rank}.").format(action=words, rank=name)
    return _("{action}: every hand is shown, so what it scores is known.").format(action=words)


def option_name(option: str) -> str:
    """A rank or joker option as the cards print it: "5", "Babatos A"."""
    return _("Babatos {letter}").format(letter=option) if option in BABATOS else option
