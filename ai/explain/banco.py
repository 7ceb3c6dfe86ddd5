"""Nove banco's reasons, from the seat's observation: how many of the cards not seen yet would
raise or lower the score (the Normal seat's count of unseen values), the hole card and the
banker's last stand that size a bet."""

from __future__ import annotations

from ...engine.actions import Action
from ...games.banco.actions import HIT, STAND, Bet
from ...games.banco.cards import VALUE
from ...games.banco.view import BancoObservation
from ...i18n import _
from ..banco import GOOD_HOLES, timid, unseen_values
from .voice import Voice


def reason(obs: BancoObservation, action: Action, voice: Voice) -> str | None:
    """Why ``action`` is good for the seat of ``obs``, in card terms (``None``: no reason)."""
    words = voice.action(action)
    if isinstance(action, Bet):
        return _bet(obs, action, words, voice)
    if action in (HIT, STAND) and obs.score is not None:
        return _draw(obs, action, words)
    return None


def _draw(obs: BancoObservation, action: Action, words: str) -> str | None:
    score = obs.score
    assert score is not None
    counts = unseen_values(obs)
    unseen = sum(counts)
    if not unseen:
        return None
    better = sum(k for v, k in enumerate(counts) if k and (score + v) % 10 > score)
    worse = unseen - better
    values = {"action": words, "n": unseen, "score": score}
    if action == HIT:
        if better < worse:
            return None  # the count would argue against the card: let the figure speak
        return _(
            "{action}: {good} of the {n} cards you have not seen would raise your {score}."
        ).format(good=better, **values)
    if worse < better:
        return None
    return _("{action}: {bad} of the {n} cards you have not seen would lower your {score}.").format(
        bad=worse, **values
    )


def _bet(obs: BancoObservation, action: Bet, words: str, voice: Voice) -> str:
    if timid(obs):
        last = obs.last_hand or {}
        return _(
            "{action}: {name} stood on {score} last hand; against such a timid banker "
            "betting more pays."
        ).format(action=words, name=voice.seat(obs.banker), score=last.get("banker_score", 0))
    if obs.hand and VALUE[obs.hand[0]] in GOOD_HOLES:
        return _("{action}: your hole card, {card}, is one of the best starts.").format(
            action=words, card=voice.card(obs.hand[0])
        )
    if obs.bet_min is not None and action.amount <= obs.bet_min:
        return _(
            "{action}: with an ordinary hole card the banker has the edge, so risk little."
        ).format(action=words)
    return words + "."
