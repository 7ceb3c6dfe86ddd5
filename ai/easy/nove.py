"""An Easy NOVE seat: the heuristic with a beginner's slips.

* At the exchange it often gives back cards without a plan (any exchange that keeps its jokers)
  instead of keeping a pair for a three of a kind or low cards for a NOVE.
* It often forgets that asking about jokers is free, and sometimes misses a Step-2 NOVE.
* It often decides hit or stand by feel: it stands once its hand reaches a total it picks
  between 17 and 27, without counting the cards it has seen or planning for a free joker.
* It sometimes picks a joker's value at scoring without working out the best one.
"""

from __future__ import annotations

from typing import Any

from ...engine.actions import Action
from ...engine.rng import Rng
from ...games.nove.actions import (
    AnnounceNove,
    AskJokers,
    ChooseJoker,
    Discard,
    Hit,
    Stand,
)
from ...games.nove.cards import is_joker
from ...games.nove.view import NoveObservation
from ..base import Seat
from ..nove import NoveHeuristicSeat
from .slips import slips

CRUDE_EXCHANGE = 0.7  # throws away cards without a plan
FORGET_ASK = 0.6  # does not ask about jokers
MISS_NOVE = 0.5  # does not announce a Step-2 NOVE it should
BY_FEEL = 0.8  # hit or stand by a felt threshold instead of counting cards
FEEL_LOW, FEEL_HIGH = 17, 27  # the felt threshold: stand at this total or more
CARELESS_JOKER = 0.3  # a joker's value at scoring picked at random


class NoveEasySeat(Seat):
    """Plays NOVE like a beginner, from its observation only."""

    kind = "easy"

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.normal = NoveHeuristicSeat(seed)

    def choose(
        self,
        observation: NoveObservation,
        legal: list[Action],
        position: int = 0,
        sample: Any = None,
    ) -> Action:
        rng = self.choice_rng(position)
        first = legal[0]
        if isinstance(first, Discard) and slips(rng, CRUDE_EXCHANGE):
            return _unplanned_exchange(legal, rng)
        if isinstance(first, ChooseJoker) and slips(rng, CARELESS_JOKER):
            return rng.choice(legal)
        if any(isinstance(a, Hit | Stand) for a in legal):
            return self._turn(observation, legal, rng)
        return self.normal.choose(observation, legal, position)

    def _turn(self, obs: NoveObservation, legal: list[Action], rng: Rng) -> Action:
        if AskJokers() in legal and not slips(rng, FORGET_ASK):
            return AskJokers()
        announces = [a for a in legal if isinstance(a, AnnounceNove)]
        if announces and not slips(rng, MISS_NOVE) and self.normal.should_announce(obs):
            chosen = self.normal.choose(obs, list[Action](announces))
            if chosen in legal:
                return chosen
        if Hit() not in legal:
            return Stand() if Stand() in legal else legal[0]
        if slips(rng, BY_FEEL):
            threshold = FEEL_LOW + rng.below(FEEL_HIGH - FEEL_LOW + 1)
            total = obs.min_value if obs.min_value is not None else 0
            return Hit() if total < threshold else Stand()
        return Hit() if self.normal.should_hit(obs) else Stand()


def _unplanned_exchange(legal: list[Action], rng: Rng) -> Action:
    """Any exchange that keeps the jokers (even a beginner keeps a joker)."""
    keeping = [a for a in legal if isinstance(a, Discard) and not any(map(is_joker, a.cards))]
    return rng.choice(keeping) if keeping else legal[0]
