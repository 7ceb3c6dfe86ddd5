"""NOX's options (spec 2.4): validated before any game starts."""

from __future__ import annotations

import dataclasses

from ...engine.errors import InvalidOptionsError
from ...engine.game import MAX_ROUND_LIMIT, validate_player_count
from .cards import PROFILES, PUBLISHED

TITLE = "NOX"
MIN_PLAYERS = 3
MAX_PLAYERS = 6
HAND_SIZE = 3  # fixed by the rules (spec 2.4), not an option
STACKS_TO_END = 6  # a kitty with this many stacks ends the round at once (fixed)

STANDARD = "standard"
THICK_SKINNED = "thick_skinned"
VARIANTS = (STANDARD, THICK_SKINNED)
DEFAULT_TARGETS = {STANDARD: 150, THICK_SKINNED: 100}
MAX_TARGET = 10_000  # a hundred times the usual target: anything above is surely a typo


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclasses.dataclass(frozen=True, slots=True)
class NoxOptions:
    """``players``: 3 to 6 seats. ``variant``: ``standard`` (everyone records their round points)
    or ``thick_skinned`` (only the round's best records). ``target_score``: the total that ends
    the game; ``None`` means the variant's own (150 standard, 100 thick-skinned).
    ``deck_profile``: ``published`` (each number in one colour, six copies) or ``uniform`` (1-15
    twice per colour). ``first_start_seat``: the first round's start player, ``None`` = random.
    ``max_rounds``: not a rule (D-30): ``None`` in play; simulations and tests cap the rounds and
    the highest total then wins."""

    players: int = 4
    variant: str = STANDARD
    target_score: int | None = None
    deck_profile: str = PUBLISHED
    first_start_seat: int | None = None
    max_rounds: int | None = None

    def __post_init__(self) -> None:
        validate_player_count(TITLE, self.players, MIN_PLAYERS, MAX_PLAYERS)
        if self.variant not in VARIANTS:
            raise InvalidOptionsError(
                f'the variant must be "standard" or "thick_skinned", not "{self.variant}"'
            )
        if self.target_score is not None and not (
            _whole(self.target_score) and 1 <= self.target_score <= MAX_TARGET
        ):
            raise InvalidOptionsError(
                f"the target score must be a whole number from 1 to {MAX_TARGET}, "
                f"not {self.target_score!r}"
            )
        if self.deck_profile not in PROFILES:
            raise InvalidOptionsError(
                f'the deck profile must be "published" or "uniform", not "{self.deck_profile}"'
            )
        if self.first_start_seat is not None and not (
            _whole(self.first_start_seat) and 0 <= self.first_start_seat < self.players
        ):
            raise InvalidOptionsError(
                f"the first start player must be a seat from 0 to {self.players - 1} "
                f"(or null for a random seat), not {self.first_start_seat!r}"
            )
        if self.max_rounds is not None and not (
            _whole(self.max_rounds) and 1 <= self.max_rounds <= MAX_ROUND_LIMIT
        ):
            raise InvalidOptionsError(
                f"the round limit must be a whole number from 1 to {MAX_ROUND_LIMIT}, "
                f"not {self.max_rounds!r}"
            )

    @property
    def target(self) -> int:
        """The total that ends the game (spec 2.4: 150 standard, 100 thick-skinned)."""
        if self.target_score is not None:
            return self.target_score
        return DEFAULT_TARGETS[self.variant]
