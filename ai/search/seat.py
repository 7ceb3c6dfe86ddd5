"""The Hard seat: ISMCTS over deals sampled from what the seat knows."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ...engine.actions import Action
from ...games import default_registry
from ..base import Purpose, Seat, SeatError, decision_rng
from .budget import Budget, hard_budget
from .ismcts import Search, SearchResult

ROOT_CANDIDATES = 4  # the heuristic's favourite actions that the search compares


class SearchSeat(Seat):
    """Searches from a determinized ``sample`` of the state (never the true state): the sample
    and every deal re-sampled from it are consistent with the seat's observation, and
    ``determinize`` gives the same deals for any two states the seat cannot tell apart.

    ``normal`` is the game's heuristic: it plays every seat in the rollouts and its choice is
    the search's prior at the root. Without a sample (an observation alone) the seat cannot
    search and says so.
    """

    kind = "hard"

    def __init__(
        self,
        seed: int,
        game_id: str,
        normal: Seat,
        budget: Budget | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        super().__init__(seed)
        self.game = default_registry().get(game_id)
        self.normal = normal
        self.budget = budget if budget is not None else hard_budget(game_id)
        self.clock = clock

    def choose(
        self, observation: Any, legal: list[Action], position: int = 0, sample: Any = None
    ) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self.search(observation, legal, position, sample).action

    def search(
        self, observation: Any, legal: list[Action], position: int, sample: Any
    ) -> SearchResult:
        """The full search result (the hint reads its statistics)."""
        if sample is None:
            raise SeatError("a hard seat searches sampled deals: it needs a determinized sample")
        started = None if self.budget.deterministic else self.clock()  # ranking counts too
        seat = observation.seat
        policies = [self.normal] * len(self.game.result(sample).scores)
        candidates = ranked(self.normal, observation, legal, position, ROOT_CANDIDATES)
        search = Search(self.game, seat, policies, candidates[0], candidates)
        rng = decision_rng(self.seed, position, Purpose.SEARCH)
        return search.run(sample, legal, rng, self.budget, self.clock, started)


def ranked(
    normal: Seat, observation: Any, legal: list[Action], position: int, count: int
) -> list[Action]:
    """Up to ``count`` legal actions, the heuristic's favourites first: its choice, then its
    choice among the rest, and so on; where it cannot name another (a heuristic that builds its
    answer instead of picking from the list), the remaining actions follow in their order.

    A few dozen deals cannot compare forty plays; they can compare the heuristic's few
    favourites and find where it misjudged one."""
    rest = list(legal)
    order: list[Action] = []
    while rest and len(order) < count:
        choice = normal.choose(observation, rest, position) if len(rest) > 1 else rest[0]
        if choice not in rest:
            break
        order.append(choice)
        rest.remove(choice)
    order += rest[: count - len(order)]
    return order
