"""NOVE's options (spec Appendix A): validated before any game starts."""

from __future__ import annotations

import dataclasses

from ...engine.errors import InvalidOptionsError
from ...engine.game import MAX_ROUND_LIMIT, validate_player_count

TITLE = "NOVE"
MIN_PLAYERS = 2
MAX_PLAYERS = 6
TARGET_SCORE = 12


@dataclasses.dataclass(frozen=True, slots=True)
class NoveOptions:
    """``players``: 2 to 6 seats. ``first_dealer``: the first round's dealer (``None``: drawn with
    the game's generator; "play again" passes the previous winner). ``max_rounds``: ``None`` in
    normal play; when set, the game ends after that round and the highest score wins [D62]."""

    players: int = 4
    first_dealer: int | None = None
    max_rounds: int | None = None

    def __post_init__(self) -> None:
        validate_player_count(TITLE, self.players, MIN_PLAYERS, MAX_PLAYERS)
        if self.first_dealer is not None and not (
            isinstance(self.first_dealer, int)
            and not isinstance(self.first_dealer, bool)
            and 0 <= self.first_dealer < self.players
        ):
            raise InvalidOptionsError(
                f"the first dealer must be a seat from 0 to {self.players - 1}"
            )
        if self.max_rounds is not None and not (
            isinstance(self.max_rounds, int)
            and not isinstance(self.max_rounds, bool)
            and 1 <= self.max_rounds <= MAX_ROUND_LIMIT
        ):
            raise InvalidOptionsError(
                f"the round limit must be a whole number from 1 to {MAX_ROUND_LIMIT}, "
                f"not {self.max_rounds!r}"
            )
