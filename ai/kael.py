"""A heuristic Kaël seat following the spec's AI notes (``shared/rules/kael.md`` section 14).

It sees only its observation: its hand, the table, the public pickups, counts and totals.

* Laying: the set that sheds the most points, keeping cards worth 2 or less; the X at once unless
  a square is available; it avoids leaving a card worth 1 or less on top when the next seat looks
  close to calling ("feeding").
* Drawing: the table card when it is cheap or pairs with what it keeps, else the deck.
* Cuts: always. Good draws: taken, except a card worth 2 or less that would leave a chain an
  opponent is known to be able to cut (that opponent took the missing copies from the table).
* Calling: with 5 points or less when clearly lowest, at once with 0 or 1 (unless an opponent
  visibly holds a single low card), earlier near 100 or when a failed call would land on a
  multiple of 25; never a false call.
* Final turns (after someone called): the lay and draw source that leave the lowest expected hand,
  counting a total that would land on 25/50/75/100 as 25 points lower.
* Progress (spec 5.10): from the 10th circuit of a round, deck draws only and prompt calls.
"""

from __future__ import annotations

from typing import Any

from ..engine.actions import Action
from ..games.kael.actions import (
    DECK_SOURCE,
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
    Pass,
)
from ..games.kael.cards import DECK, POINTS, RANK
from ..games.kael.view import KaelObservation
from .base import Seat, own_seat

LATE_CIRCUIT = 10  # spec 14 "Progress": from this circuit on, deck draws only and prompt calls
KEEP_AT = 2  # cards worth this much or less are kept (m1, 0, 1, 2)
FEED_AT = 1  # a card worth this much or less on top is a gift to a seat close to calling
CLOSE_TO_CALL = 8.0  # an estimated hand total this low counts as close to calling
LANDINGS = (25, 50, 75, 100)
NEAR_100 = 80


class KaelHeuristicSeat(Seat):
    """Plays Kaël from its observation only."""

    kind = "normal"

    def choose(
        self,
        observation: KaelObservation,
        legal: list[Action],
        position: int = 0,
        sample: Any = None,
    ) -> Action:
        obs = observation
        kinds = {type(a) for a in legal}
        if ChooseHandSize in kinds:
            return self._hand_size(obs)
        if Cut in kinds:
            return Cut()
        if Pass in kinds:
            return Pass()
        if GoodDraw in kinds:
            return self._good_draw(obs)
        if CallKael in kinds and self.should_call(obs):
            return CallKael()
        draws = [a for a in legal if isinstance(a, DrawOnly)]
        if draws:
            return self._draw_only(obs, draws)
        return self._lay(obs, legal)

    # -- decisions -------------------------------------------------------------------------------
    def _hand_size(self, obs: KaelObservation) -> Action:
        active = [s for s in obs.seats if not s.eliminated]
        mine = obs.seats[own_seat(obs)].total
        totals = [s.total for s in active]
        size = 5
        if len(set(totals)) > 1 and mine == min(totals):
            size = 3
        elif len(set(totals)) > 1 and mine == max(totals):
            size = 7
        return ChooseHandSize(size)

    def _late(self, obs: KaelObservation) -> bool:
        turns = [s.turns_taken for s in obs.seats if not s.eliminated]
        return min(turns, default=0) + 1 >= LATE_CIRCUIT

    @staticmethod
    def _unseen_mean(obs: KaelObservation) -> float:
        """The mean points of the cards this seat has not seen (deck and other hands)."""
        seen = set(obs.hand) | {card for card, _who in obs.table}
        for view in obs.seats:
            seen.update(view.known_cards)
        unseen = [POINTS[c] for c in DECK if c not in seen]
        return sum(unseen) / len(unseen) if unseen else 6.0

    def _estimates_by_seat(self, obs: KaelObservation) -> dict[int, float]:
        """Each active opponent's likely hand total: known pickups plus unseen-card means."""
        mean = self._unseen_mean(obs)
        return {
            v.seat: sum(POINTS[c] for c in v.known_cards)
            + (v.card_count - len(v.known_cards)) * mean
            for v in obs.seats
            if v.seat != obs.seat and not v.eliminated
        }

    def estimates(self, obs: KaelObservation) -> list[float]:
        """Each active opponent's likely hand total (the hint's explainer names the lowest)."""
        return list(self._estimates_by_seat(obs).values())

    def _next_seat(self, obs: KaelObservation) -> int | None:
        """The active seat after this one (the seat that may pick up what it lays)."""
        n = len(obs.seats)
        me = obs.seat if obs.seat is not None else 0
        for step in range(1, n):
            view = obs.seats[(me + step) % n]
            if not view.eliminated:
                return view.seat
        return None

    def should_call(self, obs: KaelObservation) -> bool:
        total = obs.hand_total if obs.hand_total is not None else 99
        if total > 5:
            return False  # never a false call
        if self._late(obs):
            return True
        if total <= 1 and not self._low_card_shown(obs, total):
            return True
        lowest = min(self.estimates(obs), default=99.0)
        me = obs.seats[own_seat(obs)]
        failed_lands = me.landing_benefit and me.total + 20 in LANDINGS
        margin = 0.0 if me.total >= NEAR_100 or failed_lands else 2.0
        return total < lowest - margin

    @staticmethod
    def _low_card_shown(obs: KaelObservation, total: int) -> bool:
        """An opponent visibly holds one card only, taken from the table and worth no more than
        this seat's total: calling could lose to it (spec 14, "Calling Kaël")."""
        return any(
            v.card_count == 1 and len(v.known_cards) == 1 and POINTS[v.known_cards[0]] <= total
            for v in obs.seats
            if v.seat != obs.seat and not v.eliminated
        )

    def _good_draw(self, obs: KaelObservation) -> Action:
        """Take the good draw, unless the card is cheap and would leave a chain that an opponent
        is known to hold the missing copies of (spec 14, "Cuts")."""
        card = obs.good_draw
        if card is None or POINTS[card] > KEEP_AT or obs.chain_rank != RANK[card]:
            return GoodDraw()
        length = obs.chain_length + 1
        if length not in (2, 3):
            return GoodDraw()
        missing = 4 - length
        for view in obs.seats:
            if view.seat == obs.seat or view.eliminated or view.seat == obs.caller:
                continue
            if sum(1 for c in view.known_cards if RANK[c] == RANK[card]) >= missing:
                return KeepCard()
        return GoodDraw()

    def _draw_only(self, obs: KaelObservation, draws: list[DrawOnly]) -> Action:
        top = obs.table[-1][0] if obs.table else None
        sources = {a.source for a in draws}
        if TABLE_SOURCE in sources and top is not None and POINTS[top] <= 1 and not self._late(obs):
            return DrawOnly(TABLE_SOURCE)
        return DrawOnly(DECK_SOURCE) if DECK_SOURCE in sources else draws[0]

    def _lay(self, obs: KaelObservation, legal: list[Action]) -> Action:
        squares = [a for a in legal if isinstance(a, LaySquare)]
        if squares:
            return max(squares, key=lambda a: sum(POINTS[c] for c in a.cards))
        if any(isinstance(a, LayPass) for a in legal):
            return LayPass()
        lays = [a for a in legal if isinstance(a, Lay)]
        if obs.caller is not None:
            return self._final_lay(obs, lays)
        sets = list(dict.fromkeys(a.cards for a in lays))  # legal order: ties are reproducible
        feeding = self._next_is_close(obs)
        best = max(sets, key=lambda cards: self._set_value(cards, feeding))
        sources = {a.source for a in lays if a.cards == best}
        source = self._source(obs, best, sources)
        return Lay(best, source)

    def _next_is_close(self, obs: KaelObservation) -> bool:
        following = self._next_seat(obs)
        if following is None or following == obs.caller:
            return False
        return self._estimates_by_seat(obs).get(following, 99.0) <= CLOSE_TO_CALL

    @staticmethod
    def _set_value(cards: tuple[str, ...], feeding: bool = False) -> tuple[int, int, int]:
        """Shed the most points; a set of cards worth 2 or less comes last; when the next seat
        is close to calling, a set that would leave it a card worth 1 or less comes after the
        others (the laid cards share one rank, so any of them ends on top)."""
        points = sum(POINTS[c] for c in cards)
        keep = all(POINTS[c] <= KEEP_AT for c in cards)
        feeds = feeding and POINTS[cards[0]] <= FEED_AT
        return (0 if feeds else 1, 0 if keep else 1, points)

    def _final_lay(self, obs: KaelObservation, lays: list[Lay]) -> Action:
        """A final turn (someone called): what is left in hand now is scored, so pick the lay and
        source that leave the fewest expected points, a landing on 25/50/75/100 counting 25
        less (spec 14, "Landings")."""
        me = obs.seats[own_seat(obs)]
        mean = self._unseen_mean(obs)
        top = obs.table[-1][0] if obs.table else None

        def expected(action: Lay) -> tuple[float, int]:
            rest = sum(POINTS[c] for c in obs.hand) - sum(POINTS[c] for c in action.cards)
            after: float
            if action.source == TABLE_SOURCE and top is not None:
                after = rest + POINTS[top]
                exact = True
            else:
                after = rest + mean
                exact = False
            if exact and me.landing_benefit and me.total + after in LANDINGS:
                after -= 25
            return (after, 0 if action.source == DECK_SOURCE else 1)

        return min(lays, key=expected)

    def _source(self, obs: KaelObservation, laid: tuple[str, ...], sources: set[str]) -> str:
        if TABLE_SOURCE not in sources:
            return DECK_SOURCE
        if DECK_SOURCE not in sources:
            return TABLE_SOURCE
        if self._late(obs) or not obs.table:
            return DECK_SOURCE
        top = obs.table[-1][0]
        if POINTS[top] <= KEEP_AT:
            return TABLE_SOURCE
        rest = [c for c in obs.hand if c not in laid]
        matching = sum(1 for c in rest if RANK[c] == RANK[top])
        if matching and RANK[top] != "X" and POINTS[top] * (matching + 1) >= 6:
            return TABLE_SOURCE  # a pair or triple worth laying next turn
        return DECK_SOURCE
