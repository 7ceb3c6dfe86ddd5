"""An Easy NOX seat: the heuristic with a beginner's slips.

The heuristic weighs every play one move ahead; a beginner sees fewer consequences. The Easy
seat often takes the play the heuristic ranks second (a play with a different worth, so not the
same move on another stack), and now and then a play chosen at random.
"""

from __future__ import annotations

from typing import Any

from ...engine.actions import Action
from ...games.nox.view import NoxObservation
from ..base import Seat
from ..nox import NoxHeuristicSeat
from .slips import slips

AT_RANDOM = 0.1  # any legal play
SECOND_BEST = 0.4  # the play ranked second


class NoxEasySeat(Seat):
    """Plays NOX like a beginner, from its observation only."""

    kind = "easy"

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.normal = NoxHeuristicSeat(seed)

    def choose(
        self,
        observation: NoxObservation,
        legal: list[Action],
        position: int = 0,
        sample: Any = None,
    ) -> Action:
        if len(legal) == 1:
            return legal[0]
        rng = self.choice_rng(position)
        if slips(rng, AT_RANDOM):
            return rng.choice(legal)
        values = self.normal.values(observation, legal)
        best = max(value for value, _action in values)
        if slips(rng, SECOND_BEST):
            worse = [(value, action) for value, action in values if value < best]
            if worse:
                second = max(value for value, _action in worse)
                return next(action for value, action in worse if value == second)
        return next(action for value, action in values if value == best)
