"""Kaël's events: one frozen dataclass per kind (documented in ``docs/engine.md``, "Events of
Kaël").

Every event is public but three: ``HandDealt`` and ``CardDrawn`` are seen whole by the hand's
owner and by every other seat with their cards blanked to ``None``; ``GoodDrawOffered`` and
``CardKept`` are seen by the drawer alone (K-A56: nobody else learns that a good draw was
possible). Seats in maps are JSON object keys, so they are written as strings (``"0"``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar

from ...engine.events import OMITTED_WHEN_NONE, Event, EventCodec


@dataclasses.dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """A game of ``players`` seats begins; ``dealer`` deals the first round."""

    KIND: ClassVar[str] = "game_start"

    players: int
    dealer: int


@dataclasses.dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """Round ``round`` (from 1) begins, dealt by ``dealer``: every card goes back to the deck."""

    KIND: ClassVar[str] = "round_start"

    round: int
    dealer: int


@dataclasses.dataclass(frozen=True, slots=True)
class HandSizeChosen(Event):
    """The dealer (``seat``) deals ``size`` cards to each seat (chosen, or the fixed size)."""

    KIND: ClassVar[str] = "hand_size"

    seat: int
    size: int


@dataclasses.dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """``seat``'s whole hand, dealt (``cards`` is ``None`` for the other seats)."""

    KIND: ClassVar[str] = "deal"

    seat: int
    cards: tuple[str, ...] | None


@dataclasses.dataclass(frozen=True, slots=True)
class FaceUpTurned(Event):
    """The deck's next card, turned face up to start the table."""

    KIND: ClassVar[str] = "face_up"

    card: str


@dataclasses.dataclass(frozen=True, slots=True)
class TurnBegan(Event):
    """``seat`` is to play; ``final`` when Kaël has been called (its last turn of the round)."""

    KIND: ClassVar[str] = "turn"

    seat: int
    final: bool


@dataclasses.dataclass(frozen=True, slots=True)
class CardsLaid(Event):
    """``seat`` laid ``cards`` (one rank, canonical order) on the table. A lay with a draw names
    the ``source`` it draws from (``"deck"`` or ``"table"``: the draw follows as its own event);
    a lay without a draw has ``source`` ``None`` and ``set``: ``"square"`` or ``"pass_card"``
    (the X). ``set`` is left out of the JSON when there is none, as it always was."""

    KIND: ClassVar[str] = "lay"

    seat: int
    cards: tuple[str, ...]
    source: str | None
    set: str | None = dataclasses.field(default=None, metadata=OMITTED_WHEN_NONE)


@dataclasses.dataclass(frozen=True, slots=True)
class CardTaken(Event):
    """``seat`` took the table's top card, ``card``, into its hand (everybody saw which)."""

    KIND: ClassVar[str] = "take"

    seat: int
    card: str


@dataclasses.dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """``seat`` drew the deck's top card (``source`` is always ``"deck"``; ``card`` is ``None``
    for the other seats)."""

    KIND: ClassVar[str] = "draw"

    seat: int
    source: str
    card: str | None


@dataclasses.dataclass(frozen=True, slots=True)
class DrewOnly(Event):
    """``seat``, its hand empty, only drew (from ``source``: ``"deck"`` or ``"table"``; the
    draw or take follows)."""

    KIND: ClassVar[str] = "draw_only"

    seat: int
    source: str


@dataclasses.dataclass(frozen=True, slots=True)
class DeckRebuilt(Event):
    """The empty deck was rebuilt from the table (all but its top card): ``count`` cards."""

    KIND: ClassVar[str] = "rebuild"

    count: int


@dataclasses.dataclass(frozen=True, slots=True)
class GoodDrawOffered(Event):
    """Only to the drawer (``seat``): the ``card`` it drew matches the rank it laid; it may lay
    it too or keep it. The other seats are not told (K-A56)."""

    KIND: ClassVar[str] = "good_draw_window"

    seat: int
    card: str


@dataclasses.dataclass(frozen=True, slots=True)
class GoodDrawLaid(Event):
    """``seat`` laid the ``card`` it had just drawn (a good draw)."""

    KIND: ClassVar[str] = "good_draw"

    seat: int
    card: str


@dataclasses.dataclass(frozen=True, slots=True)
class CardKept(Event):
    """Only to the drawer (``seat``): it kept its good-draw card."""

    KIND: ClassVar[str] = "keep_card"

    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class CutWindowOpened(Event):
    """A chain of ``length`` (2 or 3) cards of ``rank`` lies on top: ``seats`` (clockwise, the
    seat that laid last) may cut; who can is never told."""

    KIND: ClassVar[str] = "cut_window"

    rank: str
    length: int
    seats: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class CutPassed(Event):
    """``seat`` did not cut."""

    KIND: ClassVar[str] = "pass"

    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class ChainCut(Event):
    """``seat`` cut: it laid ``cards``, the missing cards of the chain's rank."""

    KIND: ClassVar[str] = "cut"

    seat: int
    cards: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class CutWindowClosed(Event):
    """The cut window is closed (someone cut, or everybody passed)."""

    KIND: ClassVar[str] = "cut_window_closed"


@dataclasses.dataclass(frozen=True, slots=True)
class KaelCalled(Event):
    """``seat`` called Kaël (a false call, over 5 points, is scored at once)."""

    KIND: ClassVar[str] = "kael"

    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class HandsRevealed(Event):
    """The round's end: every seat still in shows its hand (``hands``: seat as text -> cards)."""

    KIND: ClassVar[str] = "reveal"

    hands: dict[str, tuple[str, ...]]


@dataclasses.dataclass(frozen=True, slots=True)
class RoundScored(Event):
    """Round ``round`` scored (spec 8-10) after ``caller``'s call: ``case`` is ``"kael_wins"``,
    ``"kael_fails"`` or ``"false_kael"``; per seat still in (seat as text): its ``hand_totals``
    and the ``points`` it gained; the seats whose total landed (-25) and those ``eliminated``;
    every seat's new ``totals``. No card ids: they are in ``HandsRevealed``."""

    KIND: ClassVar[str] = "round_scored"

    round: int
    caller: int
    case: str
    hand_totals: dict[str, int]
    points: dict[str, int]
    landings: tuple[int, ...]
    eliminated: tuple[int, ...]
    totals: tuple[int, ...]

    @classmethod
    def from_summary(cls, summary: Mapping[str, Any]) -> RoundScored:
        """The event of a round's summary as the state keeps it (``last_round``: the same
        fields as JSON values); written out by hand, as ``resolve`` runs in every playout."""
        return cls(
            round=summary["round"],
            caller=summary["caller"],
            case=summary["case"],
            hand_totals=dict(summary["hand_totals"]),
            points=dict(summary["points"]),
            landings=tuple(summary["landings"]),
            eliminated=tuple(summary["eliminated"]),
            totals=tuple(summary["totals"]),
        )


@dataclasses.dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game ended: ``winners`` (several on a tie), ``reason`` (``"last survivor"``, ``"first
    elimination"`` or ``"round limit"``) and the ``ranking``: places first to last, each the
    seats sharing it."""

    KIND: ClassVar[str] = "game_over"

    winners: tuple[int, ...]
    reason: str
    ranking: tuple[tuple[int, ...], ...]


CODEC = EventCodec(
    GameStarted,
    RoundStarted,
    HandSizeChosen,
    HandDealt,
    FaceUpTurned,
    TurnBegan,
    CardsLaid,
    CardTaken,
    CardDrawn,
    DrewOnly,
    DeckRebuilt,
    GoodDrawOffered,
    GoodDrawLaid,
    CardKept,
    CutWindowOpened,
    CutPassed,
    ChainCut,
    CutWindowClosed,
    KaelCalled,
    HandsRevealed,
    RoundScored,
    GameOver,
)
"""Every kind of event Kaël emits."""
