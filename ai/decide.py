"""The API the table calls: one decision or one hint, from a request that pickles.

A request carries everything a decision may use and nothing more: the seat's seed, the position
in the game (actions applied so far), the seat's observation, its legal actions and, for the
search, one determinized sample of the state. ``decide`` and ``hint`` are pure top-level
functions that keep nothing between calls, so they can run in a worker process and a resumed
game asks them exactly the same questions as the uninterrupted one.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import Any

from nove_desktop.engine.actions import Action

from .base import Seat, SeatError
from .factory import level_of, make_seat, normal_seat
from .search import Budget, SearchSeat, default_budgets

Clock = Callable[[], float]


@dataclasses.dataclass(frozen=True)
class DecisionRequest:
    """One seat's decision, as the table asks for it (picklable: it may go to a worker).

    ``seed`` is the seat's own seed (``match.seat_seed(game_seed, seat)``); ``position`` the
    number of actions applied in the game so far; ``sample`` a determinized state for the search
    (``None`` for the other kinds). ``seconds`` and ``iterations`` are the search's budget: with
    ``iterations`` alone the search is deterministic for a given seed; with neither, the game's
    fixed iteration budget of today (``ai.search.hard_budget``, or ``hint_budget`` for a hint).
    A game in progress passes its recorded budget, so a later change of those defaults does not
    change how it goes on. ``seconds`` makes a time budget: benchmarks only, not repeatable.
    """

    game_id: str
    kind: str
    seed: int
    seat: int
    position: int
    observation: Any
    legal: tuple[Action, ...]
    sample: Any | None
    options: Any
    seconds: float | None = None
    iterations: int | None = None

    def budget(self, for_hint: bool = False) -> Budget:
        """The search budget this request asks for (neither limit set: the game's default, a
        Hard seat's or, with ``for_hint``, a hint's)."""
        if self.seconds is None and self.iterations is None:
            return default_budgets(self.game_id, self.options)["hint" if for_hint else "hard"]
        return Budget(self.seconds, self.iterations)


@dataclasses.dataclass(frozen=True)
class HintOption:
    """One action the search compared: the deals it was played in (``visits``; the search plays
    every compared action on every deal), the ``share`` of those deals in which it did best
    (0..1; a tie shares the deal) and the seat's mean round result after it (points, or chips
    in Nove banco; in Kaël, points added to the total, where fewer is better)."""

    action: Action
    visits: int
    share: float
    mean: float


@dataclasses.dataclass(frozen=True)
class Hint:
    """The Hard seat's suggestion for a seat, with the numbers behind it (the table words them):
    ``deals`` simulated deals, ``alternatives`` the actions compared: the suggestion first,
    then the others, best mean first."""

    action: Action
    deals: int
    alternatives: tuple[HintOption, ...]


def decide(request: DecisionRequest, clock: Clock = time.perf_counter) -> Action:
    """The action the seat of ``request.kind`` takes (one of ``request.legal``)."""
    legal = _legal(request)
    level = level_of(request.kind)
    seat: Seat
    if level == "hard":
        seat = _search_seat(request, clock)
    else:
        seat = make_seat(level, request.game_id, request.seed)
    return seat.choose(request.observation, legal, request.position, request.sample)


def hint(request: DecisionRequest, clock: Clock = time.perf_counter) -> Hint:
    """What the Hard seat would do in ``request.seat``'s place, and what it measured. The
    request's kind is not consulted: a hint is always the search's (it needs ``sample``)."""
    legal = _legal(request)
    if len(legal) == 1:
        only = legal[0]
        return Hint(only, 0, (HintOption(only, 0, 1.0, 0.0),))
    result = _search_seat(request, clock, for_hint=True).search(
        request.observation, legal, request.position, request.sample
    )
    options = tuple(
        HintOption(s.action, s.deals, s.best_share, s.mean_points) for s in result.stats
    )
    return Hint(result.action, result.deals, options)


def _legal(request: DecisionRequest) -> list[Action]:
    if not request.legal:
        raise SeatError(f"seat {request.seat} has no legal action to choose from")
    return list(request.legal)


def _search_seat(request: DecisionRequest, clock: Clock, for_hint: bool = False) -> SearchSeat:
    return SearchSeat(
        request.seed,
        request.game_id,
        normal_seat(request.game_id, request.seed),
        request.budget(for_hint),
        clock,
    )
