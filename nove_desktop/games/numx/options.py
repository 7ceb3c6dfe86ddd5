"""NUM-X's options (spec section 2): validated before any game starts."""

from __future__ import annotations

import dataclasses

from ...engine.errors import InvalidOptionsError
from ...engine.game import validate_player_count
from .cards import MALUS_PLUS_DEFAULT

TITLE = "NUM-X"
MIN_PLAYERS = 2
MAX_PLAYERS = 6
MIN_ROUNDS = 1
MAX_ROUNDS = 10
MAX_MALUS_PLUS_NUMBER = 5  # the cards print small numbers; anything above is surely a typo

MalusPlusValues = tuple[tuple[int, int], tuple[int, int], tuple[int, int]]


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclasses.dataclass(frozen=True, slots=True)
class NumxOptions:
    """``players``: 2 to 6 seats. ``rounds``: 1 to 10 (the source plays 5). ``objectives``: deal
    a secret objective card to every seat each round. ``infini_4``: four ∞ in one combination
    end the trick (7.6). ``numx_interrupt``: Num-X may also be played in a Facteur X window
    (9.3). ``first_anchor``: ``"random"`` or a seat. ``malus_plus_values``: the (hand, malus)
    numbers of MP1, MP2 and MP3 (N-A34)."""

    players: int = 4
    rounds: int = 5
    objectives: bool = True
    infini_4: bool = False
    numx_interrupt: bool = False
    first_anchor: int | str = "random"
    malus_plus_values: MalusPlusValues = MALUS_PLUS_DEFAULT  # type: ignore[assignment]  # checked

    def __post_init__(self) -> None:
        validate_player_count(TITLE, self.players, MIN_PLAYERS, MAX_PLAYERS)
        if not _whole(self.rounds) or not MIN_ROUNDS <= self.rounds <= MAX_ROUNDS:
            raise InvalidOptionsError(
                f"a game has {MIN_ROUNDS} to {MAX_ROUNDS} rounds, not {self.rounds!r}"
            )
        for name in ("objectives", "infini_4", "numx_interrupt"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidOptionsError(f"{name} must be true or false")
        if self.first_anchor != "random" and not (
            _whole(self.first_anchor) and 0 <= int(self.first_anchor) < self.players
        ):
            raise InvalidOptionsError(
                f'the first anchor must be "random" or a seat from 0 to {self.players - 1}'
            )
        self._check_malus_plus()

    def _check_malus_plus(self) -> None:
        values = self.malus_plus_values
        message = (
            "malus_plus_values must be three pairs (cards drawn into the hand, cards drawn into "
            f"the malus area) of whole numbers from 0 to {MAX_MALUS_PLUS_NUMBER}, one pair for "
            "each of MP1, MP2 and MP3, each drawing at least one card"
        )
        if not isinstance(values, tuple | list) or len(values) != 3:
            raise InvalidOptionsError(message)
        pairs = []
        for pair in values:
            if not isinstance(pair, tuple | list) or len(pair) != 2:
                raise InvalidOptionsError(message)
            if not all(_whole(x) and 0 <= x <= MAX_MALUS_PLUS_NUMBER for x in pair):
                raise InvalidOptionsError(message)
            if pair[0] + pair[1] < 1:
                raise InvalidOptionsError(message)
            pairs.append((int(pair[0]), int(pair[1])))
        object.__setattr__(self, "malus_plus_values", tuple(pairs))
