"""Kaël's reasons, from the seat's observation: the points a lay sheds, the table card that
pairs with what the hand keeps or costs next to nothing, the hand total a call is made with
against the others' likely totals (the Normal seat's estimates), the hand size by the standings.
Fewer points are better in Kaël: every reason says what lowers the hand."""

from __future__ import annotations

from ...engine.actions import Action
from ...games.kael.actions import (
    TABLE_SOURCE,
    CallKael,
    ChooseHandSize,
    Cut,
    DrawOnly,
    GoodDraw,
    KeepCard,
    Lay,
    LayPass,
    LaySquare,
)
from ...games.kael.cards import PASS_CARD, POINTS, RANK
from ...games.kael.view import KaelObservation
from ...i18n import _, ngettext
from ..kael import KEEP_AT, KaelHeuristicSeat
from .voice import Voice

_SEAT = KaelHeuristicSeat(0)  # its estimates read the observation only (no chance involved)


def reason(obs: KaelObservation, action: Action, voice: Voice) -> str | None:
    """Why ``action`` is good for the seat of ``obs``, in card terms (``None``: no reason)."""
    words = voice.action(action)
    if isinstance(action, Lay):
        return _lay(obs, action, words, voice)
    if isinstance(action, LaySquare):
        return _shed(words, sum(POINTS[c] for c in action.cards))
    if isinstance(action, LayPass):
        return _shed(words, POINTS[PASS_CARD])
    if isinstance(action, GoodDraw) and obs.good_draw is not None:
        return _shed(words, POINTS[obs.good_draw])
    if isinstance(action, KeepCard) and obs.good_draw is not None:
        return _keep(obs, obs.good_draw, words, voice)
    if isinstance(action, CallKael):
        return _call(obs, words)
    if isinstance(action, Cut) and obs.cut_window is not None:
        rank = obs.cut_window.rank
        points = sum(POINTS[c] for c in obs.hand if RANK[c] == rank)
        return _shed(words, points)
    if isinstance(action, ChooseHandSize):
        return _hand_size(obs, words)
    if isinstance(action, DrawOnly) and action.source == TABLE_SOURCE and obs.table:
        top = obs.table[-1][0]
        return _cheap(words, voice.card(top), POINTS[top])
    return None


def _keep(obs: KaelObservation, card: str, words: str, voice: Voice) -> str | None:
    """The Normal seat's reason to keep a cheap good draw: laying it would leave a chain that
    another seat is known (from the table cards it took) to be able to cut."""
    missing = 4 - (obs.chain_length + 1)
    for view in obs.seats:
        if view.seat == obs.seat or view.eliminated or view.seat == obs.caller or missing < 1:
            continue
        if sum(1 for c in view.known_cards if RANK[c] == RANK[card]) >= missing:
            return _(
                "{action}: laying {card} would let {name} cut with the cards taken from the table."
            ).format(action=words, card=voice.card(card), name=voice.seat(view.seat))
    return None


def _shed(words: str, points: int) -> str:
    return ngettext(
        "{action}: it takes {n} point out of your hand.",
        "{action}: it takes {n} points out of your hand.",
        points,
    ).format(action=words, n=points)


def _cheap(words: str, card: str, points: int) -> str:
    return ngettext(
        "{action}: {card} adds only {n} point to your hand.",
        "{action}: {card} adds only {n} points to your hand.",
        points,
    ).format(action=words, card=card, n=points)


def _lay(obs: KaelObservation, action: Lay, words: str, voice: Voice) -> str:
    points = sum(POINTS[c] for c in action.cards)
    if action.source != TABLE_SOURCE or not obs.table:
        return _shed(words, points)
    top = obs.table[-1][0]
    rest = list(obs.hand)
    for card in action.cards:
        rest.remove(card)
    matching = [c for c in rest if RANK[c] == RANK[top]]
    if POINTS[top] > KEEP_AT and not matching:
        return _shed(words, points)
    if matching and POINTS[top] > KEEP_AT:
        return _(
            "{action}: it takes {n} points out of your hand, and {card} pairs with your "
            "{rank} to lay both next turn."
        ).format(action=words, n=points, card=voice.card(top), rank=RANK[top])
    return ngettext(
        "{action}: it takes {n} points out of your hand, and {card} adds only {m} point.",
        "{action}: it takes {n} points out of your hand, and {card} adds only {m} points.",
        POINTS[top],
    ).format(action=words, n=points, card=voice.card(top), m=POINTS[top])


def _call(obs: KaelObservation, words: str) -> str | None:
    total = obs.hand_total
    if total is None:
        return None
    estimates = _SEAT.estimates(obs)
    if not estimates:
        return None
    return _(
        "{action}: your hand is worth {total}; every other hand likely holds more "
        "(the lowest about {lowest})."
    ).format(action=words, total=total, lowest=round(min(estimates)))


def _hand_size(obs: KaelObservation, words: str) -> str | None:
    active = [s.total for s in obs.seats if not s.eliminated]
    mine = obs.seats[obs.seat].total if obs.seat is not None else None
    if mine is None or len(set(active)) < 2:
        return None
    if mine == min(active):
        return _("{action}: you have the lowest total; a short round keeps your lead safe.").format(
            action=words
        )
    if mine == max(active):
        return _(
            "{action}: you have the highest total; a long round gives you time to catch up."
        ).format(action=words)
    return None
