"""The events of Nove (banco): one frozen dataclass per kind (documented in docs/engine.md).

Every event is public but ``card_dealt``: the hole card is seen by its owner alone (the others
get the event with ``card`` ``None``). Lists are tuples here and lists in JSON; the field names
are the JSON names but for ``BankPassed.from_`` (``"from"`` in JSON).
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from ...engine.events import Event, EventCodec, json_name


@dataclasses.dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """The bankrolls are out and the first banker is chosen (by lot unless set)."""

    KIND: ClassVar[str] = "game_started"
    players: int
    banker: int
    deck_style: str
    chips: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """A hand begins: its number, the banker, the punters in play order and the hands the
    banker has already played in this term."""

    KIND: ClassVar[str] = "hand_started"
    hand: int
    banker: int
    punter_order: tuple[int, ...]
    hands_in_term: int


@dataclasses.dataclass(frozen=True, slots=True)
class CardDealt(Event):
    """One face-down hole card; ``card`` is ``None`` for every seat but its owner."""

    KIND: ClassVar[str] = "card_dealt"
    seat: int
    card: str | None


@dataclasses.dataclass(frozen=True, slots=True)
class SatOut(Event):
    """A punter sits this hand out (``reason`` ``"bank_full"``: the bank cannot cover a bet)."""

    KIND: ClassVar[str] = "sat_out"
    seat: int
    reason: str


@dataclasses.dataclass(frozen=True, slots=True)
class BetPlaced(Event):
    KIND: ClassVar[str] = "bet_placed"
    seat: int
    amount: int


@dataclasses.dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """An extra card, always face up."""

    KIND: ClassVar[str] = "card_drawn"
    seat: int
    card: str


@dataclasses.dataclass(frozen=True, slots=True)
class NineRevealed(Event):
    """A punter reached 9: the hole card turns up and the turn ends."""

    KIND: ClassVar[str] = "nine_revealed"
    seat: int
    hole_card: str


@dataclasses.dataclass(frozen=True, slots=True)
class Stood(Event):
    """A turn ends; ``auto`` when the rules ended it (a fifth card, an empty stock, the
    banker's 9) rather than the player."""

    KIND: ClassVar[str] = "stood"
    seat: int
    auto: bool


@dataclasses.dataclass(frozen=True, slots=True)
class BankerRevealed(Event):
    """The settlement begins: the banker's hole card turns up, with the bank's score."""

    KIND: ClassVar[str] = "banker_revealed"
    seat: int
    hole_card: str
    score: int


@dataclasses.dataclass(frozen=True, slots=True)
class HoleRevealed(Event):
    """A punter's hole card turns up at the settlement (never for a punter who sat out)."""

    KIND: ClassVar[str] = "hole_revealed"
    seat: int
    hole_card: str
    score: int


@dataclasses.dataclass(frozen=True, slots=True)
class Settled(Event):
    """One bet paid 1:1: ``outcome`` ``"win"`` (the punter beat the bank) or ``"lose"``
    (lower or equal: ties go to the bank)."""

    KIND: ClassVar[str] = "settled"
    seat: int
    outcome: str
    amount: int
    punter_score: int
    banker_score: int


@dataclasses.dataclass(frozen=True, slots=True)
class Eliminated(Event):
    """A seat has fewer chips than the smallest bet and leaves the game."""

    KIND: ClassVar[str] = "eliminated"
    seat: int
    chips: int


@dataclasses.dataclass(frozen=True, slots=True)
class BankPassed(Event):
    """The bank moves on; ``reason`` is ``"banker_broke"``, ``"banker_zero"`` or
    ``"term_complete"``."""

    KIND: ClassVar[str] = "bank_passed"
    from_: int = dataclasses.field(metadata=json_name("from"))
    to: int
    reason: str


@dataclasses.dataclass(frozen=True, slots=True)
class GameOver(Event):
    """``reason``: ``"one_player_left"``, ``"hand_limit"`` or ``"rotation_complete"``;
    ``ranking`` lists the seats by chips (most first), ``winners`` those with the most."""

    KIND: ClassVar[str] = "game_over"
    reason: str
    ranking: tuple[int, ...]
    chips: tuple[int, ...]
    winners: tuple[int, ...]


CODEC = EventCodec(
    GameStarted,
    HandStarted,
    CardDealt,
    SatOut,
    BetPlaced,
    CardDrawn,
    NineRevealed,
    Stood,
    BankerRevealed,
    HoleRevealed,
    Settled,
    Eliminated,
    BankPassed,
    GameOver,
)
"""Every kind of event Nove (banco) emits."""
