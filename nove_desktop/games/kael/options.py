"""Kaël's options (spec 2.4): validated before any game starts."""

from __future__ import annotations

import dataclasses

from ...engine.errors import InvalidOptionsError
from ...engine.game import MAX_ROUND_LIMIT, validate_player_count

TITLE = "Kaël"
MIN_PLAYERS = 2
MAX_PLAYERS = 6
MIN_HAND = 2
MAX_HAND = 7
DEAL_MODES = ("dealer_choice", "fixed")
END_RULES = ("last_survivor", "first_elimination")


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclasses.dataclass(frozen=True, slots=True)
class KaelOptions:
    """``players``: 2 to 6 seats. ``deal_mode``: the dealer picks 2..7 cards every round
    (``dealer_choice``) or every round deals ``hand_size`` (``fixed``). ``first_dealer``:
    ``"random"`` or a seat. ``false_kael_allowed``: calls above 5 points are legal (and
    penalised). ``end_rule``: ``last_survivor`` or ``first_elimination``. ``max_rounds``: not a
    rule (spec 5.10 has no limit): ``None`` in play; tools that must stop (``simulate``, tests)
    may cap the rounds, the lowest total then wins."""

    players: int = 4
    deal_mode: str = "dealer_choice"
    hand_size: int = 5
    first_dealer: int | str = "random"
    false_kael_allowed: bool = True
    end_rule: str = "last_survivor"
    max_rounds: int | None = None

    def __post_init__(self) -> None:
        validate_player_count(TITLE, self.players, MIN_PLAYERS, MAX_PLAYERS)
        if self.deal_mode not in DEAL_MODES:
            raise InvalidOptionsError(
                f'the deal mode must be "dealer_choice" or "fixed", not "{self.deal_mode}"'
            )
        if not _whole(self.hand_size) or not MIN_HAND <= self.hand_size <= MAX_HAND:
            raise InvalidOptionsError(
                f"the hand size must be {MIN_HAND} to {MAX_HAND} cards, not {self.hand_size}"
            )
        if self.first_dealer != "random" and not (
            _whole(self.first_dealer) and 0 <= int(self.first_dealer) < self.players
        ):
            raise InvalidOptionsError(
                f'the first dealer must be "random" or a seat from 0 to {self.players - 1}'
            )
        if not isinstance(self.false_kael_allowed, bool):
            raise InvalidOptionsError("false_kael_allowed must be true or false")
        if self.end_rule not in END_RULES:
            raise InvalidOptionsError(
                f'the end rule must be "last_survivor" or "first_elimination", not '
                f'"{self.end_rule}"'
            )
        if self.max_rounds is not None and not (
            _whole(self.max_rounds) and 1 <= self.max_rounds <= MAX_ROUND_LIMIT
        ):
            raise InvalidOptionsError(
                f"the round limit must be a whole number from 1 to {MAX_ROUND_LIMIT}, "
                f"not {self.max_rounds!r}"
            )
