"""How a search reads a round's end and its result from a (determinized) state.

A rollout stops at the end of the round it started in. If the game ended there, the winner's
utility is 1 and everyone else's 0: the game is what a player plays for. Otherwise each seat's
result is the change of its total over the round (points, chips in Nove banco; a loss counts in
Kaël, where lower totals are better) minus the mean change of the others, squashed into (0, 1)
as ``0.5 + 0.5 * tanh(result / scale)``. The scale is a game's "points worth a good share of a
win": small enough that an ordinary round's differences count, large enough that one good round
is worth far less than winning the game. A rare huge round (NOVE's four of a kind, +99) cannot
flatten every ordinary difference, as a min-max scaling for UCB would.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ...engine.errors import UnknownGameError
from ...engine.game import Game
from ...specs import spec_for


class RoundScorer:
    """Reads round ends and round results of one game's states, through the game's contract
    (``round_number``, ``totals``) and the round scale of its description: about the points a
    game is played to (NOVE: 12; Kaël: 100; NOX: 150) over the rounds it takes, so that a few
    good rounds add up to a win (``GameSpec.round_scale``)."""

    def __init__(self, game: Game[Any, Any]) -> None:
        try:
            self.scale = spec_for(game.id).round_scale
        except UnknownGameError:
            raise KeyError(f'no round rules for the game "{game.id}"') from None
        self.game = game
        self.sign = -1.0 if game.lower_score_wins else 1.0

    def round_of(self, state: Any) -> int:
        return self.game.round_number(state)

    def totals(self, state: Any) -> tuple[int, ...]:
        return self.game.totals(state)

    def utilities(
        self, state: Any, start: Sequence[int], over: bool
    ) -> tuple[tuple[float, ...], tuple[int, ...]]:
        """(each seat's utility in [0, 1], each seat's change of total) at the end of a rollout
        that started with totals ``start``: 1 for the winner and 0 for the others when the game
        is over, else growing with the seat's gain against the others' (0.5: an even round)."""
        end = self.totals(state)
        deltas = tuple(e - s for e, s in zip(end, start, strict=True))
        if over:
            winner = self.game.result(state).winner
            if winner is not None:
                return tuple(1.0 if s == winner else 0.0 for s in range(len(end))), deltas
        values = [self.sign * d for d in deltas]
        count = len(values)
        total = sum(values)
        scale = self.scale
        utilities = tuple(
            0.5 + 0.5 * math.tanh((v - (total - v) / (count - 1)) / scale) for v in values
        )
        return utilities, deltas
