"""A heuristic NOVE seat following the spec's AI notes (section 11).

It counts the cards it has not seen, estimates the chance that a hit busts (or completes a four
of a kind), keeps pairs to chase a three of a kind, keeps low cards to chase a NOVE, and uses the
spec's default choices for jokers (5.3 for a NOVE, 5.4 at scoring).
"""

from __future__ import annotations

from typing import Any

from ..engine.actions import Action
from ..games.nove import hand as H
from ..games.nove.actions import (
    AnnounceNove,
    AskJokers,
    ChooseJoker,
    DeclareNove,
    Discard,
    Hit,
    Stand,
)
from ..games.nove.cards import DECK, OPTION_VALUE, RANK, VALUE, is_joker
from ..games.nove.scoring import SeatHand, default_option
from ..games.nove.view import NoveObservation
from .base import Seat, own_seat

STAND_AT = 22  # the spec's best fixed threshold: hit below 22, then weigh the risk
RISK = 0.30  # largest bust chance accepted for one more card at 22 or above


def reduce(
    cards: tuple[str, ...], jokers: tuple[tuple[str, str, str | None], ...]
) -> tuple[list[str], bool]:
    """(fixed rank keys, holds a free joker) from cards and their joker states."""
    states = {j: (state, option) for j, state, option in jokers}
    fixed: list[str] = []
    free = False
    for card in cards:
        if card in RANK:
            fixed.append(RANK[card])
        elif states.get(card, (H.FREE, None))[0] == H.FREE:
            free = True
        else:
            fixed.append(states[card][1] or "7")
    return fixed, free


class NoveHeuristicSeat(Seat):
    """Plays NOVE from its observation only."""

    kind = "normal"

    def choose(
        self,
        observation: NoveObservation,
        legal: list[Action],
        position: int = 0,
        sample: Any = None,
    ) -> Action:
        obs = observation
        first = legal[0]
        if isinstance(first, DeclareNove):
            options = [a.option for a in legal if isinstance(a, DeclareNove)]
            return DeclareNove(self._nove_option(obs, options, step=1))
        if isinstance(first, Discard):
            return self._discard(obs, legal)
        if isinstance(first, ChooseJoker):
            options = [a.option for a in legal if isinstance(a, ChooseJoker)]
            return ChooseJoker(self._scoring_option(obs, options))
        return self._turn(obs, legal)

    # -- Step 1 ----------------------------------------------------------------------------------
    def _nove_option(self, obs: NoveObservation, options: list[str], step: int) -> str:
        """Spec 5.3: beat the best value so far, then an immediate win, then the lowest total."""
        fixed, _ = reduce(obs.hand, obs.jokers)
        base = H.base_value(fixed)
        best_so_far = min((a[1] for a in obs.announcements), default=None)
        score = obs.seats[own_seat(obs)].score

        def key(option: str) -> tuple[bool, bool, int]:
            total = base + OPTION_VALUE[option]
            beats = best_so_far is None or total < best_so_far
            pair = any(k == 2 for k in H.groups(fixed, option).values())
            wins = step == 1 and (score >= 10 or (score >= 9 and pair))
            return (not beats, not wins, total)

        return min(options, key=key)

    def _discard(self, obs: NoveObservation, legal: list[Action]) -> Action:
        cards = list(obs.hand)
        naturals = [c for c in cards if not is_joker(c)]
        ranks = [RANK[c] for c in naturals]
        pair_rank = next((r for r in ranks if ranks.count(r) == 2), None)
        if pair_rank is not None:  # chase a three of a kind with the odd card
            odd = tuple(c for c in naturals if RANK[c] != pair_rank)
            return Discard(odd)
        low = [c for c in naturals if VALUE[c] <= 3]
        if len(low) + (len(cards) - len(naturals)) >= 2:  # two low cards (or a joker): chase NOVE
            return Discard(tuple(c for c in naturals if VALUE[c] > 3))
        mids = tuple(c for c in naturals if 4 <= VALUE[c] <= 5)
        return Discard(mids) if len(mids) == 1 else Discard(())

    # -- Step 2 ----------------------------------------------------------------------------------
    def _turn(self, obs: NoveObservation, legal: list[Action]) -> Action:
        kinds = {type(a) for a in legal}
        if AskJokers in kinds:
            return AskJokers()
        announces = [a for a in legal if isinstance(a, AnnounceNove)]
        if announces and self.should_announce(obs):
            options = [a.option for a in announces if a.option is not None]
            if not options:
                return AnnounceNove(None)
            return AnnounceNove(self._nove_option(obs, options, step=2))
        if Hit in kinds and self.should_hit(obs):
            return Hit()
        return Stand()

    def should_announce(self, obs: NoveObservation) -> bool:
        fixed, free = reduce(obs.hand, obs.jokers)
        value = H.base_value(fixed) + (1 if free else 0)
        best = min((a[1] for a in obs.announcements), default=None)
        if best is not None and value >= best:
            return False
        if free:  # a free joker is worth a lot at scoring: announce only a NOVE likely to hold
            position = obs.order.index(obs.seat)
            return value <= 5 or position >= len(obs.order) - 2
        return True

    def _unseen(self, obs: NoveObservation) -> list[str]:
        seen = set(obs.hand) | set(obs.own_discards)
        for seat in obs.seats:
            seen.update(seat.shown)
        return [c for c in DECK if c not in seen]

    def bust_cards(self, obs: NoveObservation) -> tuple[list[str], list[str]]:
        """(the cards not seen yet that would bust the hand if drawn now, every card not seen
        yet). A joker counts as the least it may add: 7 once the hand holds a joker, else 1;
        a free joker in hand leaves 1 of the 31 for itself."""
        fixed, free = reduce(obs.hand, obs.jokers)
        base = H.base_value(fixed)
        unseen = self._unseen(obs)
        holds_joker = any(is_joker(c) for c in obs.hand)
        least = 7 if (holds_joker or free) else 1
        limit = 30 if free else 31
        busting = [c for c in unseen if base + (least if is_joker(c) else VALUE[c]) > limit]
        return busting, unseen

    def should_hit(self, obs: NoveObservation) -> bool:
        fixed, free = reduce(obs.hand, obs.jokers)
        base = H.base_value(fixed)
        busting, unseen = self.bust_cards(obs)
        if not unseen:
            return False
        if free:
            # The joker fills any room of 1-7 or 10 to make 31: hit unless the base is already
            # 21 (joker as a Babatos) or 24-30 (joker fills the gap).
            if base == 21 or 24 <= base <= 30:
                return False
            return len(busting) / len(unseen) < RISK
        value = base
        if value == 31:
            return False
        room = 31 - value
        p_bust = len(busting) / len(unseen)
        if value < STAND_AT and p_bust == 0:
            return True
        p_four = self._four_chance(obs, fixed, unseen, room)
        risk = RISK
        me = obs.seats[own_seat(obs)]
        if (
            obs.order.index(obs.seat) == 1
            and obs.seats[obs.order[0]].busted
            and len(obs.order) >= 3
        ):
            risk = 0.2  # a second bust would hand the special case to everyone after us
        leader = max(s.score for s in obs.seats)
        if p_four > 0 and me.score + 6 < leader:
            risk = 0.6  # a four of a kind wins outright: worth a risk when far behind
        if value < STAND_AT:
            return p_bust < 0.5
        return p_bust < risk

    @staticmethod
    def _four_chance(obs: NoveObservation, fixed: list[str], unseen: list[str], room: int) -> float:
        rank = next((r for r in set(fixed) if fixed.count(r) == 3), None)
        if rank is None or OPTION_VALUE[rank] > room:
            return 0.0
        holds_joker = any(is_joker(c) for c in obs.hand)
        hits = sum(
            1
            for c in unseen
            if RANK.get(c) == rank
            or (is_joker(c) and not holds_joker and OPTION_VALUE[rank] <= room)
        )
        return hits / len(unseen)

    # -- Step 3 ----------------------------------------------------------------------------------
    def _scoring_option(self, obs: NoveObservation, options: list[str]) -> str:
        """Spec 5.4's default: every hand is shown at scoring, so the seat can solve it."""
        hands = {}
        for seat in obs.seats:
            fixed, free = reduce(seat.shown, seat.shown_jokers)
            hands[seat.seat] = SeatHand(tuple(fixed), free)
        fixed_options = dict(obs.joker_options)
        choice = default_option(obs.order, hands, obs.nove_holder, fixed_options, own_seat(obs))
        return choice if choice in options else options[-1]
