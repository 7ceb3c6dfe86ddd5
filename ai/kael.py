"""A heuristic Kaël seat following the spec's AI notes (``shared/rules/kael.md`` section 14).

It sees only its observation: its hand, the table, the public pickups, counts and totals. It lays
the set that sheds the most points (keeping cards worth 2 or less), lays the X at once, always
cuts, takes good draws, draws the table card when it is cheap or pairs with its hand, calls Kaël
with 5 points or less when clearly lowest, and never makes a false call. From the 10th circuit of
a round it only draws from the deck and calls as soon as it may (spec 14, "Progress").
"""

from __future__ import annotations

from nove_desktop.engine.actions import Action
from nove_desktop.games.kael.actions import (
    DECK_SOURCE,
    TABLE_SOURCE,
    CallKael,
    ChooseHandSize,
    Cut,
    DrawOnly,
    GoodDraw,
    Lay,
    LayPass,
    LaySquare,
    Pass,
)
from nove_desktop.games.kael.cards import DECK, POINTS, RANK
from nove_desktop.games.kael.view import KaelObservation

from .base import Seat

LATE_CIRCUIT = 10  # spec 14 "Progress": from this circuit on, deck draws only and prompt calls
KEEP_AT = 2  # cards worth this much or less are kept (m1, 0, 1, 2)


class KaelHeuristicSeat(Seat):
    """Plays Kaël from its observation only."""

    kind = "heuristic"

    def choose(self, observation: KaelObservation, legal: list[Action]) -> Action:
        obs = observation
        kinds = {type(a) for a in legal}
        if ChooseHandSize in kinds:
            return self._hand_size(obs)
        if Cut in kinds:
            return Cut()
        if Pass in kinds:
            return Pass()
        if GoodDraw in kinds:
            return GoodDraw()
        if CallKael in kinds and self._should_call(obs):
            return CallKael()
        draws = [a for a in legal if isinstance(a, DrawOnly)]
        if draws:
            return self._draw_only(obs, draws)
        return self._lay(obs, legal)

    # -- decisions -------------------------------------------------------------------------------
    def _hand_size(self, obs: KaelObservation) -> Action:
        active = [s for s in obs.seats if not s.eliminated]
        mine = obs.seats[obs.seat].total  # type: ignore[index]
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

    def _estimates(self, obs: KaelObservation) -> list[float]:
        """Each opponent's likely hand total: known pickups plus the mean of the unseen cards."""
        seen = set(obs.hand) | {card for card, _who in obs.table}
        for view in obs.seats:
            seen.update(view.known_cards)
        unseen = [POINTS[c] for c in DECK if c not in seen]
        mean = sum(unseen) / len(unseen) if unseen else 6.0
        return [
            sum(POINTS[c] for c in v.known_cards) + (v.card_count - len(v.known_cards)) * mean
            for v in obs.seats
            if v.seat != obs.seat and not v.eliminated
        ]

    def _should_call(self, obs: KaelObservation) -> bool:
        total = obs.hand_total if obs.hand_total is not None else 99
        if total > 5:
            return False  # never a false call
        if self._late(obs) or total <= 1:
            return True
        lowest = min(self._estimates(obs), default=99.0)
        margin = 2.0 if obs.seats[obs.seat].total < 80 else 0.0  # type: ignore[index]
        return total < lowest - margin

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
        sets = {a.cards for a in lays}
        best = max(sets, key=lambda cards: self._set_value(cards))
        sources = {a.source for a in lays if a.cards == best}
        source = self._source(obs, best, sources)
        return Lay(best, source)

    @staticmethod
    def _set_value(cards: tuple[str, ...]) -> tuple[int, int]:
        """Shed the most points; a set of cards worth 2 or less comes last."""
        points = sum(POINTS[c] for c in cards)
        keep = all(POINTS[c] <= KEEP_AT for c in cards)
        return (0 if keep else 1, points)

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
