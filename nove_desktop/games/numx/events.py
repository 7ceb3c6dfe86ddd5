"""NUM-X's events, one frozen dataclass per kind (the JSON format is listed in docs/engine.md,
"Events of NUM-X").

Private events: a seat's objective, its dealt hand, its hidden malus choice, its deck draws and
its answer in a Facteur X window are seen whole by that seat only; the other seats see them with
those fields blanked (``None``). A prepared special (``special_prepared``) is not shown to the
others at all until the play (N-A79). Every other event is public.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from ...engine.events import Event, EventCodec

Cards = tuple[str, ...]
Areas = tuple[Cards, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class GameStarted(Event):
    KIND: ClassVar[str] = "game_start"
    players: int
    anchor: int


@dataclasses.dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    KIND: ClassVar[str] = "round_start"
    round: int
    anchor: int


@dataclasses.dataclass(frozen=True, slots=True)
class ObjectiveDealt(Event):
    """A seat's secret objective card (hidden from the others)."""

    KIND: ClassVar[str] = "objective"
    seat: int
    objective: str | None


@dataclasses.dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """A seat's 13 cards (hidden from the others)."""

    KIND: ClassVar[str] = "deal"
    seat: int
    cards: Cards | None


@dataclasses.dataclass(frozen=True, slots=True)
class MalusChosen(Event):
    """A seat laid its two malus cards face down (their faces hidden until the reveal)."""

    KIND: ClassVar[str] = "malus_chosen"
    seat: int
    cards: Cards | None


@dataclasses.dataclass(frozen=True, slots=True)
class MalusRevealed(Event):
    KIND: ClassVar[str] = "malus_reveal"
    areas: Areas


@dataclasses.dataclass(frozen=True, slots=True)
class FirstLeader(Event):
    KIND: ClassVar[str] = "first_leader"
    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class TrickStarted(Event):
    KIND: ClassVar[str] = "trick_start"
    leader: int


@dataclasses.dataclass(frozen=True, slots=True)
class CombinationPlayed(Event):
    """A combination laid on the trick, on a turn or as a Facteur X claim (``out_of_turn``).
    ``board``: the (owner, card) pairs taken from malus areas; ``value``: the combination's
    value; ``play_kind``: lead, raise, count_raise, fusion, facteur_x or joker_dive;
    ``trick``: (count, value) after the play."""

    KIND: ClassVar[str] = "play"
    seat: int
    cards: Cards
    board: tuple[tuple[int, str], ...]
    value: int
    joker_value: int | None
    play_kind: str
    trick: tuple[int, int]
    out_of_turn: bool


@dataclasses.dataclass(frozen=True, slots=True)
class SpecialPlayed(Event):
    """A Swipe (mode swap/rotate) or Malus+ (mode one/all) resolved with the play."""

    KIND: ClassVar[str] = "special"
    seat: int
    card: str
    mode: str
    target: int | str | None


@dataclasses.dataclass(frozen=True, slots=True)
class AreasMoved(Event):
    """Every malus area after a Swipe."""

    KIND: ClassVar[str] = "areas"
    areas: Areas


@dataclasses.dataclass(frozen=True, slots=True)
class Drawn(Event):
    """Cards drawn from the deck into a hand (a Draw, or a Malus+): hidden from the others."""

    KIND: ClassVar[str] = "draw"
    seat: int
    source: str
    cards: Cards | None


@dataclasses.dataclass(frozen=True, slots=True)
class MalusDrawn(Event):
    """Deck cards laid face up in a malus area by a Malus+."""

    KIND: ClassVar[str] = "malus_draw"
    seat: int
    cards: Cards


@dataclasses.dataclass(frozen=True, slots=True)
class Taken(Event):
    """A card taken into the hand from another seat's malus area (seen by everybody)."""

    KIND: ClassVar[str] = "take"
    seat: int
    owner: int
    card: str


@dataclasses.dataclass(frozen=True, slots=True)
class NumXPlayed(Event):
    KIND: ClassVar[str] = "num_x"
    seat: int
    card: str
    out_of_turn: bool


@dataclasses.dataclass(frozen=True, slots=True)
class FirstOut(Event):
    KIND: ClassVar[str] = "first_out"
    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class LeadPasses(Event):
    """Nobody has opened the trick yet: ``seat`` leads now."""

    KIND: ClassVar[str] = "lead_passes"
    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class WindowOpened(Event):
    """A Facteur X window: ``seats`` in precedence order, ``trick`` the (count, value) to beat."""

    KIND: ClassVar[str] = "fx_window"
    seats: tuple[int, ...]
    trick: tuple[int, int]


@dataclasses.dataclass(frozen=True, slots=True)
class WindowAnswered(Event):
    """A seat's answer in a window: ``claim`` the claimed cards, ``None`` for a pass (the
    others see ``None`` either way until the window is decided)."""

    KIND: ClassVar[str] = "fx_answer"
    seat: int
    claim: Cards | None


@dataclasses.dataclass(frozen=True, slots=True)
class WindowClosed(Event):
    """Every seat passed."""

    KIND: ClassVar[str] = "fx_window_closed"


@dataclasses.dataclass(frozen=True, slots=True)
class Passed(Event):
    KIND: ClassVar[str] = "pass"
    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class TrickEnded(Event):
    """``reason``: uncovered, num_x or infini_4; ``leader`` leads the next trick."""

    KIND: ClassVar[str] = "trick_end"
    leader: int
    reason: str


@dataclasses.dataclass(frozen=True, slots=True)
class Replenished(Event):
    """Cards added face up to a malus area: the first ``from_deck`` from the deck, the rest
    from the hand."""

    KIND: ClassVar[str] = "replenish"
    seat: int
    cards: Cards
    from_deck: int


@dataclasses.dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    KIND: ClassVar[str] = "round_end"
    round: int
    reason: str


@dataclasses.dataclass(frozen=True, slots=True)
class HandsRevealed(Event):
    """Every hand and objective at the end of the round."""

    KIND: ClassVar[str] = "reveal"
    hands: Areas
    objectives: tuple[str | None, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class SeatRoundScore:
    """One seat's round score (spec 10): ``objective`` is the objective's row number (1-10)."""

    malus_part: int
    hand_part: int
    objective: int | None
    met: bool
    applied: bool
    bonus: int
    score: int


@dataclasses.dataclass(frozen=True, slots=True)
class RoundScored(Event):
    KIND: ClassVar[str] = "round_scored"
    round: int
    reason: str
    first_out: tuple[int, ...]
    seats: tuple[SeatRoundScore, ...]
    totals: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class GameOver(Event):
    KIND: ClassVar[str] = "game_over"
    winners: tuple[int, ...]
    totals: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class SpecialPrepared(Event):
    """A Swipe or Malus+ added to the play being prepared: the acting seat's alone."""

    KIND: ClassVar[str] = "special_prepared"
    seat: int
    card: str
    mode: str
    target: int | str | None


CODEC = EventCodec(
    GameStarted,
    RoundStarted,
    ObjectiveDealt,
    HandDealt,
    MalusChosen,
    MalusRevealed,
    FirstLeader,
    TrickStarted,
    CombinationPlayed,
    SpecialPlayed,
    AreasMoved,
    Drawn,
    MalusDrawn,
    Taken,
    NumXPlayed,
    FirstOut,
    LeadPasses,
    WindowOpened,
    WindowAnswered,
    WindowClosed,
    Passed,
    TrickEnded,
    Replenished,
    RoundEnded,
    HandsRevealed,
    RoundScored,
    GameOver,
    SpecialPrepared,
)
