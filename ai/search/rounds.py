"""How a search reads a round's end and its result from a (determinized) state.

A rollout stops at the end of the round it started in; the round's result for each seat is the
change of its total (points, or chips in Nove banco) over the round, turned into a utility that
compares it with the other seats and adds a bonus when the game ends with that seat winning.
The utility is squashed into [0, 1] with ``tanh`` at a scale typical of the game's rounds: a rare
huge round (NOVE's four of a kind is worth 99 points) must not flatten every ordinary difference,
which is what a plain min-max scaling for UCB would do.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Any

from nove_desktop.engine.game import Game


@dataclasses.dataclass(frozen=True, slots=True)
class RoundRules:
    """Where a game keeps its round counter and totals, what winning the game is worth in units
    of its totals (a few good rounds: the game is what a player plays for), and the scale of an
    ordinary round's result (about a quarter of the spread between the 5th and the 95th
    percentile of round results in games between Normal seats)."""

    round_field: str
    totals_field: str
    game_win: float
    scale: float


ROUND_RULES: dict[str, RoundRules] = {
    "nove": RoundRules("round_no", "scores", 12.0, 5.0),
    "kael": RoundRules("round_no", "totals", 60.0, 8.0),
    "nox": RoundRules("round_number", "totals", 80.0, 30.0),
    "banco": RoundRules("hand_number", "chips", 60.0, 5.0),
    "numx": RoundRules("round_no", "totals", 80.0, 20.0),
}


class RoundScorer:
    """Reads round ends and round results of one game's states."""

    def __init__(self, game: Game[Any, Any]) -> None:
        rules = ROUND_RULES.get(game.id)
        if rules is None:
            raise KeyError(f'no round rules for the game "{game.id}"')
        self.game = game
        self.rules = rules
        self.sign = -1.0 if game.lower_score_wins else 1.0

    def round_of(self, state: Any) -> int:
        return getattr(state, self.rules.round_field)  # type: ignore[no-any-return]

    def totals(self, state: Any) -> tuple[int, ...]:
        return tuple(getattr(state, self.rules.totals_field))

    def utilities(
        self, state: Any, start: Sequence[int], over: bool
    ) -> tuple[tuple[float, ...], tuple[int, ...]]:
        """(each seat's utility in [0, 1], each seat's change of total) at the end of a rollout
        that started with totals ``start``. A seat's utility grows with its gain (its loss in
        Kaël, where lower totals are better) minus the mean gain of the others, plus the
        game-win bonus when the game ended with it winning; 0.5 is an even round."""
        end = self.totals(state)
        deltas = tuple(e - s for e, s in zip(end, start, strict=True))
        values = [self.sign * d for d in deltas]
        if over:
            winner = self.game.result(state).winner
            if winner is not None:
                values[winner] += self.rules.game_win
        count = len(values)
        total = sum(values)
        scale = self.rules.scale
        utilities = tuple(
            0.5 + 0.5 * math.tanh((v - (total - v) / (count - 1)) / scale) for v in values
        )
        return utilities, deltas
