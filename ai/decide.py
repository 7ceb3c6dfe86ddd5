"""The API the table calls: one decision or one hint, from a request that pickles.

A request carries everything a decision may use and nothing more: the seat's seed, the position
in the game (actions applied so far), the seat's observation, its legal actions and, for the
search, one determinized sample of the state. ``decide`` and ``hint`` are pure top-level
functions that keep nothing between calls, so they can run in a worker process and a resumed
game asks them exactly the same questions as the uninterrupted one.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..engine.actions import Action
from ..games import default_registry
from .base import Seat, SeatError
from .factory import level_of, make_seat, normal_seat
from .search import ActionStats, Budget, SearchSeat, default_budgets
from .search.ismcts import MIN_DEALS

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


CONFIDENCE = 2.0
"""Standard errors by which the suggestion's mean must beat another's to be called better: two
standard errors of the difference measured deal by deal (about 95% confidence for one
comparison)."""

EARNEST = MIN_DEALS
"""Deals an alternative must have been played in for its mean to count (the search plays every
compared action on every deal, so all of them have, once the budget allows that many)."""

ONLY = "only"  # one sensible move
CERTAIN = "certain"  # every simulated deal gave the suggestion the same result: an exact value
CLEAR = "clear"  # the suggestion's mean beats every other by more than the search's noise
EQUAL = "equal"  # the best moves are equal within the search's noise


@dataclasses.dataclass(frozen=True)
class HintOption:
    """One action the search compared: the deals it was played in (``visits``; the search plays
    every compared action on every deal), the ``share`` of those deals in which it did best
    (0..1; a tie shares the deal) and the seat's mean round result after it (points, or chips
    in Nove banco; in Kaël, points added to the total, where fewer is better).

    ``error`` is the standard error of ``mean`` (0: every deal gave the same result); ``gap``
    how much better the suggestion's mean is, in the seat's favour (0 for the suggestion, never
    negative), and ``gap_error`` the standard error of that gap, measured deal by deal on the
    deals both were played in."""

    action: Action
    visits: int
    share: float
    mean: float
    error: float = 0.0
    gap: float = 0.0
    gap_error: float = 0.0


@dataclasses.dataclass(frozen=True)
class Hint:
    """The Hard search's suggestion for a seat, with the numbers behind it (``ai.explain``
    words them): ``deals`` simulated deals, ``alternatives`` the actions compared: the
    suggestion first, then the others, best mean first (in the seat's favour).

    The suggestion is the alternative with the best mean among those tried in earnest (the
    evidence's favourite; the search's own choice when means tie). ``verdict`` says how sure
    that is: ``ONLY``, ``CERTAIN`` (every deal gave it the same result), ``CLEAR`` (better than
    every other by more than ``CONFIDENCE`` standard errors) or ``EQUAL`` (the runner-up is as
    good within the noise). ``fewer_is_better``: the game counts points against the seat
    (Kaël), so the best mean is the lowest."""

    action: Action
    deals: int
    alternatives: tuple[HintOption, ...]
    verdict: str = ONLY
    fewer_is_better: bool = False


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
    """The move the Hard search's numbers favour in ``request.seat``'s place (``judged``), and
    what it measured. The request's kind is not consulted: a hint is always the search's (it
    needs ``sample``). ``ai.explain`` words it."""
    legal = _legal(request)
    fewer = default_registry().get(request.game_id).lower_score_wins
    if len(legal) == 1:
        only = legal[0]
        return Hint(only, 0, (HintOption(only, 0, 1.0, 0.0),), ONLY, fewer)
    result = _search_seat(request, clock, for_hint=True).search(
        request.observation, legal, request.position, request.sample
    )
    return judged(result.stats, result.deals, fewer)


def judged(stats: Sequence[ActionStats], deals: int, fewer_is_better: bool = False) -> Hint:
    """The hint the search's statistics support (``stats``: the search's choice first). The
    suggestion is the best mean among the actions tried in earnest, so the hint never suggests
    a move whose reported mean is worse than another's; whether it is clearly better is judged
    by the spread of the paired differences, deal by deal (the deals are common to all)."""
    sign = -1.0 if fewer_is_better else 1.0
    earnest = [s for s in stats if s.deals >= min(EARNEST, deals)] or list(stats)
    order = {s.action: index for index, s in enumerate(stats)}
    ranked = sorted(earnest, key=lambda s: (-sign * s.mean_points, order[s.action]))
    ranked += [s for s in stats if s not in earnest]
    best = ranked[0]
    options = tuple(_option(s, best, sign) for s in ranked)
    if len(options) == 1:
        verdict = ONLY
    elif options[1].gap <= CONFIDENCE * options[1].gap_error:
        verdict = EQUAL
    elif options[0].error == 0.0 and deals > 0:
        verdict = CERTAIN
    else:
        verdict = CLEAR
    return Hint(best.action, deals, options, verdict, fewer_is_better)


def _option(stats: ActionStats, best: ActionStats, sign: float) -> HintOption:
    gaps = [sign * (b - o) for b, o in zip(best.outcomes, stats.outcomes, strict=False)]
    gap = sign * (best.mean_points - stats.mean_points)
    return HintOption(
        stats.action,
        stats.deals,
        stats.best_share,
        stats.mean_points,
        standard_error(stats.outcomes),
        max(0.0, gap),
        standard_error(gaps),
    )


def standard_error(values: Sequence[float]) -> float:
    """The standard error of the mean of ``values`` (infinite below two values: one deal tells
    nothing of the spread)."""
    count = len(values)
    if count < 2:
        return math.inf
    mean = sum(values) / count
    spread = sum((v - mean) ** 2 for v in values) / (count - 1)
    return math.sqrt(spread / count)


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
