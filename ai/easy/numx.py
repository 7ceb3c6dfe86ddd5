"""An Easy NUM-X seat: the heuristic with a beginner's slips.

* It often misses a Facteur X claim it could make.
* It sometimes plays the combination the heuristic ranks second (or passes where the second
  choice is a pass), keeps a special card for later, or chooses and refills its malus area with
  the second-best cards.
"""

from __future__ import annotations

from typing import Any

from ...engine.actions import Action
from ...games.numx.actions import (
    AddSpecial,
    ChooseMalus,
    Claim,
    ClaimNumX,
    Pass,
    Play,
    Replenish,
)
from ...games.numx.view import NumxObservation
from ..base import Seat
from ..numx import NumxHeuristicSeat
from .slips import slips

MISS_CLAIM = 0.6  # passes where the heuristic claims Facteur X
SECOND_PLAY = 0.35  # the heuristic's choice among the other moves
KEEP_SPECIAL = 0.5  # does not play a special card the heuristic would play
SECOND_MALUS = 0.5  # the second-best malus choice at setup
SECOND_REFILL = 0.35  # the second-best refill


class NumxEasySeat(Seat):
    """Plays NUM-X like a beginner, from its observation only."""

    kind = "easy"

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.normal = NumxHeuristicSeat(seed)

    def choose(
        self,
        observation: NumxObservation,
        legal: list[Action],
        position: int = 0,
        sample: Any = None,
    ) -> Action:
        if len(legal) == 1:
            return legal[0]
        rng = self.choice_rng(position)
        obs = observation
        choice = self.normal.choose(obs, legal, position)
        if isinstance(choice, Claim | ClaimNumX):
            return Pass() if slips(rng, MISS_CLAIM) and Pass() in legal else choice
        if isinstance(choice, AddSpecial) and slips(rng, KEEP_SPECIAL):
            return self._instead(obs, legal, lambda a: not isinstance(a, AddSpecial), choice)
        chance = 0.0
        if isinstance(choice, ChooseMalus):
            chance = SECOND_MALUS
        elif isinstance(choice, Replenish):
            chance = SECOND_REFILL
        elif isinstance(choice, Play):
            chance = SECOND_PLAY
        if chance and slips(rng, chance):
            return self._instead(obs, legal, lambda a: a != choice, choice)
        return choice

    def _instead(
        self, obs: NumxObservation, legal: list[Action], keep: Any, choice: Action
    ) -> Action:
        """The heuristic's choice among the legal actions that ``keep`` accepts (``choice`` when
        none is left)."""
        rest = [a for a in legal if keep(a)]
        return self.normal.choose(obs, rest) if rest else choice
