"""An Easy Kaël seat: the heuristic with a beginner's slips.

* It often misses a cut it could make, and sometimes the good draw of the card it just drew.
* It calls Kaël late: it often waits for a hand of 1 point or less, where the heuristic calls at
  5 or less once it is clearly lowest.
* It sometimes lays its second-best set, and often draws from the deck without looking at the
  table card.
"""

from __future__ import annotations

from typing import Any

from ...engine.actions import Action
from ...engine.rng import Rng
from ...games.kael.actions import (
    DECK_SOURCE,
    TABLE_SOURCE,
    CallKael,
    Cut,
    GoodDraw,
    KeepCard,
    Lay,
    Pass,
)
from ...games.kael.view import KaelObservation
from ..base import Seat
from ..kael import KaelHeuristicSeat
from .slips import slips

MISS_CUT = 0.5  # passes although it holds the cards that cut
MISS_GOOD_DRAW = 0.4  # keeps the drawn card instead of laying it
CALL_LATE = 0.7  # waits although the heuristic would call now...
CALL_SURELY_AT = 1  # ...unless the hand is worth this little
SECOND_SET = 0.35  # lays its second-best set
IGNORE_TABLE = 0.5  # draws from the deck where the heuristic takes the table card


class KaelEasySeat(Seat):
    """Plays Kaël like a beginner, from its observation only."""

    kind = "easy"

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.normal = KaelHeuristicSeat(seed)

    def choose(
        self,
        observation: KaelObservation,
        legal: list[Action],
        position: int = 0,
        sample: Any = None,
    ) -> Action:
        rng = self.choice_rng(position)
        obs = observation
        if Cut() in legal and slips(rng, MISS_CUT):
            return Pass()
        if GoodDraw() in legal and KeepCard() in legal and slips(rng, MISS_GOOD_DRAW):
            return KeepCard()
        choice = self.normal.choose(obs, legal, position)
        if choice == CallKael():
            total = obs.hand_total if obs.hand_total is not None else 0
            if total > CALL_SURELY_AT and slips(rng, CALL_LATE):
                choice = self.normal.choose(obs, [a for a in legal if a != CallKael()], position)
        if isinstance(choice, Lay):
            choice = self._lay_slips(obs, legal, choice, rng, position)
        return choice

    def _lay_slips(
        self, obs: KaelObservation, legal: list[Action], choice: Lay, rng: Rng, position: int
    ) -> Action:
        if slips(rng, SECOND_SET):
            others = [a for a in legal if isinstance(a, Lay) and a.cards != choice.cards]
            if others:
                picked = self.normal.choose(obs, list[Action](others), position)
                assert isinstance(picked, Lay)  # chosen among ``others``, all lays
                choice = picked
        if choice.source == TABLE_SOURCE and slips(rng, IGNORE_TABLE):
            from_deck = Lay(choice.cards, DECK_SOURCE)
            if from_deck in legal:
                return from_deck
        return choice
