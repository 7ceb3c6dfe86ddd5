"""How long a search may think: a time budget, an iteration budget, or both."""

from __future__ import annotations

import dataclasses

DEFAULT_SECONDS = 0.3


class BudgetError(ValueError):
    """A budget that allows no search at all, or a negative one."""


@dataclasses.dataclass(frozen=True, slots=True)
class Budget:
    """Stop after ``seconds`` of thinking or ``iterations`` simulated deals, whichever comes
    first (``None``: no such limit; at least one must be set). An iteration budget alone makes a
    search deterministic for a given seed; a time budget depends on the machine's speed."""

    seconds: float | None = DEFAULT_SECONDS
    iterations: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is None and self.iterations is None:
            raise BudgetError("a search needs a time budget or an iteration budget")
        if self.seconds is not None and not self.seconds > 0:
            raise BudgetError(f"a search's time budget must be positive, not {self.seconds}")
        if self.iterations is not None and self.iterations < 1:
            raise BudgetError(f"a search needs at least one iteration, not {self.iterations}")

    @property
    def deterministic(self) -> bool:
        """True when only the iteration count limits the search."""
        return self.seconds is None
