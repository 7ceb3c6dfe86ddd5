"""Hard seats: Information Set Monte Carlo Tree Search over sampled deals."""

from __future__ import annotations

from .budget import DEFAULT_SECONDS, Budget, BudgetError
from .ismcts import ActionStats, Search, SearchResult
from .seat import SearchSeat

__all__ = [
    "DEFAULT_SECONDS",
    "ActionStats",
    "Budget",
    "BudgetError",
    "Search",
    "SearchResult",
    "SearchSeat",
]
