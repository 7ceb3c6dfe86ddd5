"""Nove (banco) options (spec 2.5), validated before any game starts."""

from __future__ import annotations

import dataclasses

from ...engine.errors import InvalidOptionsError
from ...engine.game import MAX_ROUND_LIMIT, validate_player_count
from .cards import DECK_STYLES, FRENCH56, ITALIAN40

TITLE = "Nove (banco)"
MIN_PLAYERS = 2
MAX_PLAYERS = 12
SMALL_TABLE = 8  # up to this many players the default deck is italian40, above it french56
MAX_CHIPS = 1_000_000  # chips and bets: ten thousand times the usual stake is surely a typo
MAX_HANDS_PER_BANK = 100
MAX_BANK_TERMS = 100
MAX_HANDS = MAX_ROUND_LIMIT  # a hand is banco's round


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def default_deck_style(players: int) -> str:
    """Spec 2.5 / D-6: the 40-card deck for small tables, the 56-card deck from 9 players on."""
    return ITALIAN40 if players <= SMALL_TABLE else FRENCH56


@dataclasses.dataclass(frozen=True, slots=True)
class BancoOptions:
    """The table's settings (spec 2.5; the spec's ``num_players`` is the engine's ``players``).

    ``deck_style`` ``None`` picks the spec's default for the player count (``italian40`` up to 8
    players, ``french56`` above) and is stored resolved, so the UI always reads a style.
    ``bank_terms_per_player`` and ``max_hands`` may each be ``None`` (no limit), but not both:
    such a game could run for ever (D-37).
    """

    players: int = 4
    deck_style: str | None = None
    starting_chips: int = 100
    min_bet: int = 1
    max_bet: int = 10
    hands_per_bank: int = 5
    pass_bank_on_zero: bool = True
    bank_terms_per_player: int | None = 1
    max_hands: int | None = None
    first_banker: int | None = None

    def __post_init__(self) -> None:
        players = self.players
        validate_player_count(TITLE, players, MIN_PLAYERS, MAX_PLAYERS)
        if self.deck_style is None:
            object.__setattr__(self, "deck_style", default_deck_style(players))
        elif self.deck_style not in DECK_STYLES:
            allowed = ", ".join(f'"{s}"' for s in DECK_STYLES)
            raise InvalidOptionsError(f'the deck style must be {allowed}, not "{self.deck_style}"')
        if not _whole(self.min_bet) or not 1 <= self.min_bet <= MAX_CHIPS:
            raise InvalidOptionsError(
                f"the smallest bet must be a whole number of chips from 1 to {MAX_CHIPS}, "
                f"not {self.min_bet}"
            )
        if not _whole(self.max_bet) or not self.min_bet <= self.max_bet <= MAX_CHIPS:
            raise InvalidOptionsError(
                f"the table limit must be a whole number of chips from the smallest bet "
                f"({self.min_bet}) to {MAX_CHIPS}, not {self.max_bet}"
            )
        if not _whole(self.starting_chips) or not self.min_bet <= self.starting_chips <= MAX_CHIPS:
            raise InvalidOptionsError(
                f"every player must start with a whole number of chips from the smallest "
                f"bet ({self.min_bet}) to {MAX_CHIPS}, not {self.starting_chips}"
            )
        if not _whole(self.hands_per_bank) or not 1 <= self.hands_per_bank <= MAX_HANDS_PER_BANK:
            raise InvalidOptionsError(
                f"the hands per bank must be a whole number from 1 to {MAX_HANDS_PER_BANK}, not "
                f"{self.hands_per_bank}"
            )
        if not isinstance(self.pass_bank_on_zero, bool):
            raise InvalidOptionsError("pass_bank_on_zero must be true or false")
        terms = self.bank_terms_per_player
        if terms is not None and not (_whole(terms) and 1 <= terms <= MAX_BANK_TERMS):
            raise InvalidOptionsError(
                f"the bank terms per player must be a whole number from 1 to {MAX_BANK_TERMS} "
                f"(or no limit), not {terms}"
            )
        hands = self.max_hands
        if hands is not None and not (_whole(hands) and 1 <= hands <= MAX_HANDS):
            raise InvalidOptionsError(
                f"the hand limit must be a whole number from 1 to {MAX_HANDS} (or no limit), not "
                f"{hands}"
            )
        if terms is None and self.max_hands is None:
            raise InvalidOptionsError(
                "with no limit on bank terms a hand limit is needed, or the game might never end"
            )
        first = self.first_banker
        if first is not None and not (_whole(first) and 0 <= first < players):
            raise InvalidOptionsError(
                f"the first banker must be a seat from 0 to {players - 1} (or drawn by lot), "
                f"not {first}"
            )
