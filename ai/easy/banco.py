"""An Easy Nove (banco) seat: the heuristic with a beginner's slips.

* It often bets clumsily: any amount up to a quarter of its chips, whatever its hole card and
  whoever holds the bank.
* As a punter it sometimes stands at 6 or 7, where the heuristic draws below 8.
* As the banker it often plays a fixed "draw below 6" instead of weighing the bets and the
  punters' open cards (a timid banker, which bold punters exploit).
"""

from __future__ import annotations

from typing import Any

from ...engine.actions import Action
from ...games.banco.actions import HIT, STAND, Bet
from ...games.banco.view import BancoObservation
from ..banco import BancoHeuristicSeat
from ..base import Seat
from .slips import slips

CLUMSY_BET = 0.5  # a bet of any size up to BET_SHARE of its chips
BET_SHARE = 0.25
EARLY_STAND = 0.4  # a punter stands at a total it picks between 6 and 8
FIXED_BANKER = 0.5  # the banker draws below BANKER_STANDS_AT, whatever the table shows
BANKER_STANDS_AT = 6


class BancoEasySeat(Seat):
    """Plays Nove (banco) like a beginner, from its observation only."""

    kind = "easy"

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.normal = BancoHeuristicSeat(seed)

    def choose(
        self,
        observation: BancoObservation,
        legal: list[Action],
        position: int = 0,
        sample: Any = None,
    ) -> Action:
        rng = self.choice_rng(position)
        obs = observation
        if obs.phase == "BET":
            amounts = [a.amount for a in legal if isinstance(a, Bet)]
            if amounts and slips(rng, CLUMSY_BET):
                low, high = min(amounts), max(amounts)
                me = obs.me
                chips = me.chips if me is not None else low
                top = max(low, min(high, int(chips * BET_SHARE)))
                clumsy = Bet(low + rng.below(top - low + 1))
                if clumsy in legal:
                    return clumsy
            return self.normal.choose(obs, legal, position)
        if HIT not in legal or STAND not in legal:
            return self.normal.choose(obs, legal, position)
        score = obs.score if obs.score is not None else 0
        if obs.seat == obs.banker:
            if slips(rng, FIXED_BANKER):
                return HIT if score < BANKER_STANDS_AT else STAND
        elif slips(rng, EARLY_STAND):
            return HIT if score < 6 + rng.below(3) else STAND
        return self.normal.choose(obs, legal, position)
