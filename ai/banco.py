"""A heuristic Nove (banco) seat following the spec's AI notes (``shared/rules/nove_banco.md``
section 10). It sees only its observation.

* Punter, drawing: hit at 0 to 7, stand at 8 or 9 (the spec's best fixed reply).
* Punter, betting: the minimum against a sound or unknown banker (the punter's expectation is
  negative there); more with a 6 or 7 in the hole, scaled by ``boldness``; up to 10% of its chips
  against a timid banker (one the last settlement showed standing low by choice: a timid banker
  makes punting profitable), up to 20% there when it is very bold (``boldness`` 0.8 or more);
  otherwise never more than 10%. The seat keeps no memory between decisions (a resumed game
  must play on exactly as before), so "timid" is read from the observation's last settlement.
* Banker: compares the expected settlement of standing now with drawing, looking ahead to the
  five-card limit. Each punter's hidden hole card is summed over the cards the banker has not
  seen (leaving out values that would have made an earlier 9, which would have been shown), and
  each punter counts with its bet.
"""

from __future__ import annotations

import functools
from typing import Any

from ..engine.actions import Action
from ..games.banco.actions import HIT, STAND, Bet
from ..games.banco.cards import DECKS, VALUE
from ..games.banco.view import BancoObservation, SeatView
from .base import Seat

STAND_AT = 8  # punters hit below this score
MAX_CARDS = 5
TIMID_AT = 5  # a banker the last settlement shows standing by choice this low is timid
SHARE = 0.10  # the largest share of its chips a seat bets unless it is very bold
BOLD = 0.8  # from this boldness on, a seat bets up to twice SHARE against a timid banker
GOOD_HOLES = frozenset((6, 7))  # the best starting cards (spec 10)


class BancoHeuristicSeat(Seat):
    """Plays Nove (banco) from its observation only. ``boldness`` in [0, 1] scales the bets."""

    kind = "normal"

    def __init__(self, seed: int, boldness: float = 0.5) -> None:
        super().__init__(seed)
        self.boldness = boldness

    def choose(
        self,
        observation: BancoObservation,
        legal: list[Action],
        position: int = 0,
        sample: Any = None,
    ) -> Action:
        obs = observation
        if obs.phase == "BET":
            return self._bet(obs, legal)
        if HIT not in legal:
            return STAND
        if obs.seat == obs.banker:
            return HIT if self._banker_hits(obs) else STAND
        score = obs.score if obs.score is not None else 0
        return HIT if score < STAND_AT else STAND

    # -- punter ------------------------------------------------------------------------------
    def _bet(self, obs: BancoObservation, legal: list[Action]) -> Action:
        amounts = [a.amount for a in legal if isinstance(a, Bet)]
        low, high = min(amounts), max(amounts)
        me = obs.me
        assert me is not None
        chips = me.chips
        hole = VALUE[obs.hand[0]]
        bold = self.boldness >= BOLD
        share = 0.0
        if timid(obs):
            share = 2 * SHARE * self.boldness if bold else SHARE
        elif hole in GOOD_HOLES:
            share = SHARE * self.boldness
        target = int(chips * share)
        if not bold:
            target = min(target, int(chips * SHARE))
        return Bet(max(low, min(high, target)))

    # -- banker ------------------------------------------------------------------------------
    def _banker_hits(self, obs: BancoObservation) -> bool:
        unseen = unseen_values(obs)
        total = sum(unseen)
        if total == 0:
            return False
        draw = tuple(count / total for count in unseen)
        worth = settlement_values(obs, unseen)
        me = obs.me
        assert me is not None and obs.score is not None
        cards = len(me.cards)
        stock = obs.stock_count
        stand = worth[obs.score]
        hit = _expected_hit(worth, draw, obs.score, cards, stock)
        return hit > stand + 1e-9


def timid(obs: BancoObservation) -> bool:
    """The banker of this hand also banked the last settled hand and stood there by choice
    (fewer than five cards, not a 9) at ``TIMID_AT`` or lower. A sound banker almost never does
    (about 1% of its stands); one that stands on low scores does it in most hands."""
    last = obs.last_hand
    return (
        last is not None
        and last["banker"] == obs.banker
        and last["banker_cards"] < MAX_CARDS
        and last["banker_score"] <= TIMID_AT
    )


def unseen_values(obs: BancoObservation) -> list[int]:
    """How many cards of each value (index 1..7) the seat has not seen this hand."""
    seen = set(obs.hand)
    for view in obs.seats:
        seen.update(c for c in view.cards if c is not None)
    counts = [0] * 8
    for card in DECKS[obs.deck_style]:
        if card not in seen:
            counts[VALUE[card]] += 1
    return counts


def punter_scores(view: SeatView, unseen: list[int]) -> list[float]:
    """The chances of each final score 0..9 of a punter, as the banker sees it."""
    chances = [0.0] * 10
    if view.score is not None:
        chances[view.score] = 1.0
        return chances
    extras = [VALUE[c] for c in view.cards[1:] if c is not None]
    forbidden = set()
    running = 0
    for value in extras:
        running += value
        forbidden.add((9 - running) % 10)
    weights = [0 if v in forbidden else unseen[v] for v in range(8)]
    if not any(weights):  # only inconsistent values left: fall back to the plain counts
        weights = list(unseen)
    total = sum(weights)
    for v in range(1, 8):
        if weights[v]:
            chances[(v + running) % 10] += weights[v] / total
    return chances


def settlement_values(obs: BancoObservation, unseen: list[int]) -> tuple[float, ...]:
    """The banker's expected gain, in chips, if it ends the hand with each score 0..9."""
    worth = [0.0] * 10
    for view in obs.seats:
        if not view.bet or view.is_banker:
            continue
        chances = punter_scores(view, unseen)
        below_or_equal = 0.0
        for score in range(10):
            below_or_equal += chances[score]
            worth[score] += view.bet * (2.0 * below_or_equal - 1.0)
    return tuple(worth)


def _expected_hit(
    worth: tuple[float, ...], draw: tuple[float, ...], score: int, cards: int, stock: int
) -> float:
    """The expected gain of drawing one card and then playing on as well as possible."""

    @functools.cache
    def best(s: int, k: int, left: int) -> float:
        if s == 9 or k >= MAX_CARDS or left <= 0:
            return worth[s]
        return max(worth[s], hit(s, k, left))

    def hit(s: int, k: int, left: int) -> float:
        return sum(p * best((s + v) % 10, k + 1, left - 1) for v, p in enumerate(draw) if p)

    return hit(score, cards, stock)
