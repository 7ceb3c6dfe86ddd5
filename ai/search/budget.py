"""How long a search may think: a fixed iteration budget per game (the app's and ``simulate``'s),
or a time budget (benchmarks only: a decision then depends on the machine's speed)."""

from __future__ import annotations

import dataclasses
from typing import Any

# Simulations per decision (a deal counts once per root candidate), per game and seat count: a
# Hard seat's move and a hint. Chosen so that a decision keeps within 0.3 s (Hard) and 1 s (hint)
# at the 95th percentile on this project's machine (CPU time, bench/ai_budget.py; figures and
# command in docs/benchmarks.md, "Fixed iteration budgets"). Per seat count, because a rollout
# plays every seat to the end of the round: a NOX decision at six seats costs three times one at
# three. Changing a number changes how Hard plays from then on: saves and replays record the
# budget their game started with, so a game in progress keeps its own.
HARD_ITERATIONS: dict[str, dict[int, int]] = {
    "nove": {2: 470, 3: 470, 4: 270, 5: 240, 6: 150},
    "banco": {
        2: 600,
        3: 440,
        4: 350,
        5: 250,
        6: 220,
        7: 210,
        8: 200,
        9: 170,
        10: 130,
        11: 130,
        12: 130,
    },
    "nox": {3: 80, 4: 60, 5: 32, 6: 32},
    "kael": {2: 230, 3: 130, 4: 110, 5: 80, 6: 70},
    "numx": {2: 80, 3: 60, 4: 50, 5: 40, 6: 32},
}
HINT_ITERATIONS: dict[str, dict[int, int]] = {
    "nove": {2: 1590, 3: 1590, 4: 900, 5: 820, 6: 530},
    "banco": {
        2: 2000,
        3: 1480,
        4: 1170,
        5: 840,
        6: 730,
        7: 720,
        8: 680,
        9: 570,
        10: 460,
        11: 460,
        12: 460,
    },
    "nox": {3: 290, 4: 210, 5: 100, 6: 90},
    "kael": {2: 780, 3: 460, 4: 380, 5: 270, 6: 250},
    "numx": {2: 270, 3: 210, 4: 170, 5: 130, 6: 90},
}

OTHER_GAME = (100, 300)  # (Hard, hint) in a game without a table (the tests' own games)


class BudgetError(ValueError):
    """A budget that allows no search at all, or a negative one."""


@dataclasses.dataclass(frozen=True, slots=True)
class Budget:
    """Stop after ``iterations`` simulations or ``seconds`` of thinking, whichever comes first
    (``None``: no such limit; at least one must be set). An iteration budget alone makes a
    search deterministic for a given seed; a time budget depends on the machine's speed and its
    load, so nothing in the app or ``simulate`` uses one unless asked to."""

    seconds: float | None = None
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

    def to_json(self) -> dict[str, Any]:
        """``{"iterations": n, "seconds": null}`` (or a time budget's seconds), as saves and
        replays record it (``nove_desktop.engine.replay.parse_budget`` checks it on load)."""
        return {"iterations": self.iterations, "seconds": self.seconds}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Budget:
        """A budget from its JSON, already checked by ``parse_budget``."""
        return cls(data.get("seconds"), data.get("iterations"))


def hard_budget(game_id: str, players: int | None = None) -> Budget:
    """A Hard seat's budget in ``game_id`` at ``players`` seats today (a game in progress keeps
    its recorded one). Without a seat count: the game's smallest, the largest table's."""
    return Budget(iterations=_look_up(HARD_ITERATIONS, game_id, players, OTHER_GAME[0]))


def hint_budget(game_id: str, players: int | None = None) -> Budget:
    """A hint's budget in ``game_id`` at ``players`` seats today (as ``hard_budget``)."""
    return Budget(iterations=_look_up(HINT_ITERATIONS, game_id, players, OTHER_GAME[1]))


def default_budgets(game_id: str, options: Any) -> dict[str, Budget]:
    """Today's fixed budgets of a game of ``game_id`` with ``options`` (their seat count picks
    the row): "hard" for a Hard seat's decision, "hint" for a hint. The one place that reads
    the seat count from a game's options."""
    players = getattr(options, "players", None)
    return {"hard": hard_budget(game_id, players), "hint": hint_budget(game_id, players)}


def _look_up(
    table: dict[str, dict[int, int]], game_id: str, players: int | None, other: int
) -> int:
    by_players = table.get(game_id)
    if not by_players:
        return other
    if players in by_players:
        return by_players[players]
    return min(by_players.values())
