"""Hard seats: Information Set Monte Carlo Tree Search over sampled deals."""

from __future__ import annotations

from .budget import (
    HARD_ITERATIONS,
    HINT_ITERATIONS,
    Budget,
    BudgetError,
    default_budgets,
    hard_budget,
    hint_budget,
)
from .ismcts import ActionStats, Search, SearchResult
from .seat import SearchSeat

__all__ = [
    "HARD_ITERATIONS",
    "HINT_ITERATIONS",
    "ActionStats",
    "Budget",
    "BudgetError",
    "Search",
    "SearchResult",
    "SearchSeat",
    "default_budgets",
    "hard_budget",
    "hint_budget",
]
