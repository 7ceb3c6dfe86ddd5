"""A heuristic NUM-X seat following the spec's AI notes (``shared/rules/numx.md`` section 15).

It sees only its observation: its hand and secret objective, the malus areas, the trick, the
discard pile and the hand counts. The round score it works towards is ``-W(malus area)``, -2 per
classic card and -20 per special card left in hand, plus its objective's bonus, so it:

* puts its lowest cards in the malus area at setup, unless its objective asks for other cards
  (a pair of equal high cards, an ∞, heavy cards, a pair summing to 7 or 13, two specials);
* sheds many cards per play (sets, count raises, Fusion X), prefers low values, avoids breaking
  pairs and spending ∞ or jokers for little, and passes rather than cover badly;
* gets rid of special cards early (each costs 20 if the round ends in hand): Num-X as soon as a
  trick runs, Swipe towards the lightest malus area, Malus+ on the opponent closest to going out
  (on itself when "four malus cards" is its objective);
* uses its own heavy malus cards and the opponents' low ones in combinations;
* claims Facteur X when it sheds at least two of its cards without wasting ∞;
* refills its malus area with low cards (a hand card of value v changes the score by 2 - v, a
  deck card costs about 9.4), keeping sets, and with cards that meet its objective.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..engine.actions import Action
from ..games.numx.actions import (
    ALL,
    DECK_SOURCE,
    LEFT,
    ONE,
    ROTATE,
    SWAP,
    AddSpecial,
    ChooseMalus,
    Claim,
    ClaimNumX,
    Draw,
    Pass,
    Play,
    PlayNumX,
    Replenish,
)
from ..games.numx.cards import (
    INF,
    IS_CLASSIC,
    KIND,
    MALUS_PLUS_IDS,
    PLAYING_DECK,
    VALUE,
    WEIGHT,
)
from ..games.numx.scoring import OBJECTIVE_TABLE, SeatFacts, area_weight
from ..games.numx.view import NumxObservation
from .base import Seat

DECK_CARD_WEIGHT = sum(WEIGHT[c] for c in PLAYING_DECK) / len(PLAYING_DECK)  # about 9.4
GO_OUT_BONUS = 8.0
SHORT_HAND = 3  # an opponent with this many cards or fewer may end the round soon


def _classic(card: str) -> bool:
    return IS_CLASSIC[card]


class NumxHeuristicSeat(Seat):
    """Plays NUM-X from its observation only."""

    kind = "normal"

    def choose(
        self,
        observation: NumxObservation,
        legal: list[Action],
        position: int = 0,
        sample: Any = None,
    ) -> Action:
        obs = observation
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if isinstance(first, ChooseMalus):
            return self._choose_malus(obs, [a for a in legal if isinstance(a, ChooseMalus)])
        if isinstance(first, Replenish):
            return self._refill(obs, [a for a in legal if isinstance(a, Replenish)])
        if obs.phase == "FX_WINDOW":
            return self._window(obs, legal)
        return self._turn(obs, legal)

    # -- the objective -----------------------------------------------------------------------
    def _objective_bonus(self, obs: NumxObservation, area: Sequence[str]) -> float:
        """How much the objective adds to the round score if the malus area ends as ``area``
        (0 when it is not met or does not depend on the area)."""
        objective = obs.objective
        if objective is None or objective in ("OB09", "OB10"):
            return 0.0
        row = OBJECTIVE_TABLE[objective]
        facts = SeatFacts(tuple(area), False)
        if row.condition is None or not row.condition(facts):
            return 0.0
        weight = area_weight(area)
        bonus = row.bonus(facts)
        base = -weight
        alt = (0 if row.replaces_malus else -weight) + bonus
        return max(0.0, float(alt - base))

    def _area_value(self, obs: NumxObservation, area: Sequence[str]) -> float:
        """The malus part of the score plus the objective's bonus, for a final ``area``."""
        return -area_weight(area) + self._objective_bonus(obs, area)

    # -- setup -------------------------------------------------------------------------------
    def _choose_malus(self, obs: NumxObservation, legal: list[ChooseMalus]) -> Action:
        hand = Counter(VALUE.get(c) if _classic(c) else KIND[c] for c in obs.hand)

        def value(action: ChooseMalus) -> float:
            score = self._area_value(obs, action.cards)
            for card in action.cards:
                if not _classic(card):
                    score -= 4  # a special card is worth playing (and shedding) later
                elif hand[VALUE[card]] >= 2:
                    score -= 1.5  # breaks a set
            return score

        return max(legal, key=value)

    # -- refilling ---------------------------------------------------------------------------
    def _refill(self, obs: NumxObservation, legal: list[Replenish]) -> Action:
        me = obs.seat
        assert me is not None
        area = list(obs.malus[me])
        final = obs.phase == "COMPLETION"
        counts = Counter(VALUE[c] for c in obs.hand if _classic(c))

        def value(action: Replenish) -> float:
            new_area = area[:]
            score = 0.0
            for source in action.sources:
                if source == DECK_SOURCE:
                    score -= DECK_CARD_WEIGHT
                    new_area.append("?")
                    continue
                new_area.append(source)
                if _classic(source):
                    score += (2 if final else 1) - WEIGHT[source]
                    if not final and counts[VALUE[source]] >= 2:
                        score -= 1.5  # keep sets for later plays
                else:
                    score += 20 - WEIGHT[source] - (0 if final else 6)
            known = [c for c in new_area if c != "?"]
            if len(known) == len(new_area):
                score += self._objective_bonus(obs, known)
            return score

        return max(legal, key=value)

    # -- the Facteur X window ----------------------------------------------------------------
    def _window(self, obs: NumxObservation, legal: list[Action]) -> Action:
        best: Action = Pass()
        best_value = 3.5
        for action in legal:
            if isinstance(action, Claim):
                worth = self._combination_value(obs, action.cards, None)
                if worth > best_value:
                    best, best_value = action, worth
            elif isinstance(action, ClaimNumX) and self._numx_now(obs):
                return action
        return best

    # -- the turn ----------------------------------------------------------------------------
    def _turn(self, obs: NumxObservation, legal: list[Action]) -> Action:
        specials = [a for a in legal if isinstance(a, AddSpecial)]
        if specials:
            pick = self._special(obs, specials)
            if pick is not None:
                return pick
        numx = [a for a in legal if isinstance(a, PlayNumX)]
        if numx and self._numx_now(obs):
            return numx[0]
        plays = [a for a in legal if isinstance(a, Play)]
        best: Action | None = None
        best_value = float("-inf")
        for action in plays:
            worth = self._combination_value(obs, action.cards, action.joker_value)
            if worth > best_value:
                best, best_value = action, worth
        lead = obs.trick_count == 0
        passes = [a for a in legal if isinstance(a, Pass)]
        if best is not None and (lead or not passes or best_value > 0.5):
            return best
        if passes:
            return passes[0]
        if numx:
            return numx[0]
        draws = [a for a in legal if isinstance(a, Draw)]
        if draws:
            return self._draw(obs, draws)
        return best if best is not None else legal[0]

    def _numx_now(self, obs: NumxObservation) -> bool:
        """Num-X wins the trick and sheds a card worth 20: play it once a trick is worth
        taking, or when an opponent may end the round soon."""
        me = obs.seat
        others = [c for s, c in enumerate(obs.hand_counts) if s != me]
        if others and min(others) <= SHORT_HAND:
            return True
        counts = Counter(VALUE[c] for c in obs.hand if _classic(c))
        has_set = any(k >= 2 for k in counts.values())
        return has_set or obs.trick_count >= 2

    def _draw(self, obs: NumxObservation, draws: list[Draw]) -> Action:
        """Only when nothing else is possible: the lightest card of another area, else the
        deck."""
        board = [d for d in draws if d.source != DECK_SOURCE]
        if board:
            return min(board, key=lambda d: WEIGHT[d.source] if _classic(d.source) else 99)
        return draws[0]

    def _combination_value(
        self, obs: NumxObservation, cards: tuple[str, ...], joker_value: int | None
    ) -> float:
        """Estimated change of the final score (and position) if these cards are laid."""
        me = obs.seat
        assert me is not None
        hand = obs.hand
        own_area = obs.malus[me]
        staged = {card for card, _m, _t in obs.staged}
        from_hand = [c for c in cards if c in hand]
        value = 0.0
        classics_in_hand = Counter(VALUE[c] for c in hand if _classic(c))
        for card in from_hand:
            value += 2.0 if _classic(card) else 14.0  # a joker in hand would cost 20
            if VALUE.get(card) == INF:
                value -= 1.5  # keep ∞ to win a trick later
        used = Counter(VALUE[c] for c in from_hand if _classic(c))
        for v, k in used.items():
            if 0 < classics_in_hand[v] - k == 1:
                value -= 1.5  # leaves a lone card of a set
        for card in cards:
            if card in hand:
                continue
            if card in own_area:
                rest = [c for c in own_area if c != card]
                value += self._area_value(obs, rest) - self._area_value(obs, own_area) - 3.0
            elif WEIGHT[card] <= 3:
                value += 1.0  # an opponent loses a light malus card and must refill
        left = len(hand) - len(from_hand) - len(staged)
        if left == 0 and from_hand:
            value += GO_OUT_BONUS + (4 if obs.objective == "OB09" else 0)
        if joker_value is not None:
            value -= 6.0 if obs.trick_count else 0.0  # a lone joker spent for one card
        if cards:
            v = joker_value if joker_value is not None else VALUE[cards[0]]
            value -= 0.05 * (v or 0)  # low cards first
        else:
            value += 0.4  # the prepared specials go out; not a cover
        return value

    # -- special cards -----------------------------------------------------------------------
    def _special(self, obs: NumxObservation, specials: list[AddSpecial]) -> Action | None:
        me = obs.seat
        assert me is not None
        best: AddSpecial | None = None
        best_value = -6.0
        for action in specials:
            worth = self._special_value(obs, action)
            if worth > best_value:
                best, best_value = action, worth
        return best

    def _special_value(self, obs: NumxObservation, action: AddSpecial) -> float:
        me = obs.seat
        assert me is not None
        n = len(obs.malus)
        mine = obs.malus[me]
        if action.mode in (SWAP, ROTATE):
            if action.mode == SWAP:
                assert isinstance(action.target, int)  # a swap names a seat
                incoming = obs.malus[action.target]
            elif action.target == LEFT:
                incoming = obs.malus[(me - 1) % n]
            else:
                incoming = obs.malus[(me + 1) % n]
            return self._area_value(obs, incoming) - self._area_value(obs, mine)
        h, m = dict(zip(MALUS_PLUS_IDS, obs.malus_plus_values, strict=True))[action.card]
        harm = 2.0 * h + DECK_CARD_WEIGHT * m
        if obs.deck_count == 0:
            return 0.0
        if action.mode == ONE:
            if action.target == me:
                if obs.objective == "OB08" and len(mine) + m >= 4:
                    return 40 - harm
                return -harm
            counts = obs.hand_counts
            closest = min(c for s, c in enumerate(counts) if s != me)
            assert isinstance(action.target, int)  # a Malus+ for one names a seat
            return harm * 0.5 + (2.0 if counts[action.target] == closest else 0.0)
        assert action.mode == ALL
        small = len(obs.hand) <= SHORT_HAND and obs.deck_count <= 2 * n
        return harm * 0.5 * (n - 1) / n - (0 if small else harm)
