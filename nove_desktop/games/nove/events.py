"""The events of NOVE: one frozen dataclass per kind (documented in docs/engine.md, "Events of
NOVE").

Every event is public but four: the cards of a ``deal``, a ``redeal``, a ``hit`` and a
``discard`` are seen by their seat alone (the others get the event with ``cards``/``card``
``None``). Lists are tuples here and lists in JSON; field names are the JSON names. Scores are
listed by seat; ``hands`` are keyed by the seat number written as a string (JSON object keys).
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from ...engine.events import Event, EventCodec

Cards = tuple[str, ...]
Scores = tuple[int, ...]


# -- the round's frame ---------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """The game begins: the seat count and the first dealer (drawn by lot unless set)."""

    KIND: ClassVar[str] = "game_start"
    players: int
    dealer: int


@dataclasses.dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A round begins: its number, the dealer and the precedence order (dealer last)."""

    KIND: ClassVar[str] = "round_start"
    round: int
    dealer: int
    order: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Dealt(Event):
    """A seat's three cards; ``cards`` is ``None`` for every seat but its owner."""

    KIND: ClassVar[str] = "deal"
    seat: int
    cards: Cards | None


@dataclasses.dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """The discards were shuffled into a new draw pile of ``count`` cards."""

    KIND: ClassVar[str] = "reshuffle"
    count: int


@dataclasses.dataclass(frozen=True, slots=True)
class Revealed(Event):
    """A seat's whole hand is shown (``why``: "three_of_a_kind", "four_of_a_kind", "bust")."""

    KIND: ClassVar[str] = "reveal"
    seat: int
    cards: Cards
    why: str


# -- Step 1 and the exchange ---------------------------------------------------------------------
@dataclasses.dataclass(frozen=True, slots=True)
class ThreeOfAKind(Event):
    """A seat holds three of a kind worth ``value`` (the lowest one wins the round)."""

    KIND: ClassVar[str] = "three_of_a_kind"
    seat: int
    value: int


@dataclasses.dataclass(frozen=True, slots=True)
class ThreeOfAKindWon(Event):
    """The lowest three of a kind wins ``points`` and ends the round; ``scores`` after it."""

    KIND: ClassVar[str] = "three_of_a_kind_win"
    seat: int
    points: int
    scores: Scores


@dataclasses.dataclass(frozen=True, slots=True)
class NoveCalled(Event):
    """A NOVE declared (``step`` 1) or announced (``step`` 2): the hand is shown, its joker
    locked as ``option`` (``None``: no free joker)."""

    KIND: ClassVar[str] = "nove"
    seat: int
    cards: Cards
    option: str | None
    value: int
    pair: bool
    step: int
    automatic: bool


@dataclasses.dataclass(frozen=True, slots=True)
class NoveHolder(Event):
    """Step 1 is settled: the lowest NOVE (``value``) holds it."""

    KIND: ClassVar[str] = "nove_holder"
    seat: int
    value: int


@dataclasses.dataclass(frozen=True, slots=True)
class NoveTenPoints(Event):
    """A NOVE won with 10 points or more ends the game."""

    KIND: ClassVar[str] = "nove_ten_points"
    seat: int
    points: int
    scores: Scores


@dataclasses.dataclass(frozen=True, slots=True)
class NoveFinito(Event):
    """NOVE FINITO: a NOVE with a pair at 9 points ends the game."""

    KIND: ClassVar[str] = "nove_finito"
    seat: int
    points: int
    scores: Scores


@dataclasses.dataclass(frozen=True, slots=True)
class ExchangeStarted(Event):
    """Nobody could declare a NOVE: each seat in turn gives back 0 to 3 cards."""

    KIND: ClassVar[str] = "exchange_start"


@dataclasses.dataclass(frozen=True, slots=True)
class Discarded(Event):
    """A seat gave back ``count`` cards; ``cards`` is ``None`` for every seat but its owner."""

    KIND: ClassVar[str] = "discard"
    seat: int
    count: int
    cards: Cards | None


@dataclasses.dataclass(frozen=True, slots=True)
class Redealt(Event):
    """A seat's replacements after the exchange; ``cards`` is ``None`` but for its owner."""

    KIND: ClassVar[str] = "redeal"
    seat: int
    cards: Cards | None


# -- Step 2 ------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True, slots=True)
class Step2Started(Event):
    """Step 2 begins: each seat in order hits or stands."""

    KIND: ClassVar[str] = "step2_start"


@dataclasses.dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """A seat's turn of Step 2 begins."""

    KIND: ClassVar[str] = "turn"
    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class HitTaken(Event):
    """A seat drew a card; ``card`` is ``None`` for every seat but its owner."""

    KIND: ClassVar[str] = "hit"
    seat: int
    card: str | None


@dataclasses.dataclass(frozen=True, slots=True)
class Stood(Event):
    """A seat's turn ends with ``cards`` cards (``automatic``: nothing was left to decide)."""

    KIND: ClassVar[str] = "stand"
    seat: int
    cards: int
    automatic: bool


@dataclasses.dataclass(frozen=True, slots=True)
class Bust(Event):
    """A seat's hand is worth more than 31 (its lowest ``value``)."""

    KIND: ClassVar[str] = "bust"
    seat: int
    value: int


@dataclasses.dataclass(frozen=True, slots=True)
class FourOfAKind(Event):
    """Four of a kind wins the game at once (``option``: what the free joker stands for)."""

    KIND: ClassVar[str] = "four_of_a_kind"
    seat: int
    option: str | None
    points: int
    scores: Scores


@dataclasses.dataclass(frozen=True, slots=True)
class ShownJoker:
    """One joker received by a hit, shown on "Jokers?": its seat, card and state ("free",
    "locked" or "forced7")."""

    seat: int
    joker: str
    state: str


@dataclasses.dataclass(frozen=True, slots=True)
class JokersShown(Event):
    """``seat`` asked who hit the jokers: every joker the others received by a hit is shown."""

    KIND: ClassVar[str] = "jokers_shown"
    seat: int
    jokers: tuple[ShownJoker, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class SpecialCase(Event):
    """The first two seats went bust: the others' hands are shown and dealt to face up."""

    KIND: ClassVar[str] = "special_case"
    seats: tuple[int, ...]
    hands: dict[str, Cards]


@dataclasses.dataclass(frozen=True, slots=True)
class SpecialDeal(Event):
    """A card dealt face up to a seat in the special case."""

    KIND: ClassVar[str] = "special_deal"
    seat: int
    card: str


# -- Step 3: scoring -----------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True, slots=True)
class Showdown(Event):
    """Every hand is shown; ``nove_holder`` is the seat holding the NOVE, if any."""

    KIND: ClassVar[str] = "showdown"
    hands: dict[str, Cards]
    nove_holder: int | None


@dataclasses.dataclass(frozen=True, slots=True)
class JokerSet(Event):
    """A seat fixed what its free ``joker`` stands for at scoring."""

    KIND: ClassVar[str] = "joker_set"
    seat: int
    joker: str
    option: str
    automatic: bool


@dataclasses.dataclass(frozen=True, slots=True)
class ScoreRow:
    """One seat's scoring: its final ``value`` (``None`` when busted), the points of the NOVE
    (2), the first 31 (2) and CAPO (1), its counts of pairs (1 point each) and sets (3 each),
    and ``points`` in all (-1 when busted)."""

    seat: int
    busted: bool
    value: int | None
    nove: int
    thirty_one: int
    capo: int
    pairs: int
    sets: int
    points: int


@dataclasses.dataclass(frozen=True, slots=True)
class RoundScored(Event):
    """The round's rows in precedence order, and the ``scores`` after it."""

    KIND: ClassVar[str] = "round_scored"
    rows: tuple[ScoreRow, ...]
    scores: Scores


@dataclasses.dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game is over: the ``winner``, the ``reason`` ("score", "max_rounds",
    "four_of_a_kind", "nove_ten_points", "nove_finito") and the final ``scores``."""

    KIND: ClassVar[str] = "game_over"
    winner: int
    reason: str
    scores: Scores
    rounds: int


CODEC = EventCodec(
    GameStarted,
    RoundStarted,
    Dealt,
    Reshuffled,
    Revealed,
    ThreeOfAKind,
    ThreeOfAKindWon,
    NoveCalled,
    NoveHolder,
    NoveTenPoints,
    NoveFinito,
    ExchangeStarted,
    Discarded,
    Redealt,
    Step2Started,
    TurnStarted,
    HitTaken,
    Stood,
    Bust,
    FourOfAKind,
    JokersShown,
    SpecialCase,
    SpecialDeal,
    Showdown,
    JokerSet,
    RoundScored,
    GameOver,
)
"""Every kind of event NOVE emits, for ``NoveGame.events``."""
