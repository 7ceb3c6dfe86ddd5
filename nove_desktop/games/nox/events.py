"""NOX's events: one frozen dataclass per kind (documented in ``docs/engine.md``, "Events of NOX").

Every event is public but the two that move a card into a hand: ``CardDealt`` and ``CardDrawn``
are seen whole by the hand's owner, and by every other seat with ``card`` blanked to ``None``.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from ...engine.events import Event, EventCodec


@dataclasses.dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """A game of ``players`` seats begins; ``start_seat`` starts the first round."""

    KIND: ClassVar[str] = "game_started"

    players: int
    start_seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """Round ``round`` (from 1) begins; ``start_seat`` is dealt first and plays first."""

    KIND: ClassVar[str] = "round_started"

    round: int
    start_seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class CardDealt(Event):
    """One card of the deal into ``seat``'s hand (``card`` is ``None`` for the other seats)."""

    KIND: ClassVar[str] = "card_dealt"

    seat: int
    card: str | None


@dataclasses.dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """``seat`` laid ``card`` into ``target``'s kitty: ``placement`` is ``"new_stack"`` (then
    ``stack`` is the new stack's index, the kitty's old length) or ``"cover"`` (on stack
    ``stack``)."""

    KIND: ClassVar[str] = "card_played"

    seat: int
    card: str
    target: int
    placement: str
    stack: int


@dataclasses.dataclass(frozen=True, slots=True)
class Merged(Event):
    """In ``target``'s kitty, the stack at ``from_index`` went onto the stack showing the same
    number (``into_index``, both counted before the merge); the joined stack is now at
    ``new_index`` with ``new_depth`` cards, and the kitty has ``stacks`` stacks."""

    KIND: ClassVar[str] = "merged"

    target: int
    from_index: int
    into_index: int
    new_index: int
    new_depth: int
    stacks: int


@dataclasses.dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """``seat`` drew the draw pile's top card (``card`` is ``None`` for the other seats)."""

    KIND: ClassVar[str] = "card_drawn"

    seat: int
    card: str | None


@dataclasses.dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """The round is over: ``reason`` is ``"six_stacks"`` (``by_seat`` made the sixth stack) or
    ``"exhausted"`` (``by_seat`` played the last card)."""

    KIND: ClassVar[str] = "round_ended"

    reason: str
    by_seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class RoundScored(Event):
    """Round ``round`` scored, one entry per seat: the kitty's ``points``, whether its top cards
    showed all three colours (``eligible``), the points ``recorded`` (thick-skinned: the best
    kitty only) and the new ``totals``."""

    KIND: ClassVar[str] = "round_scored"

    round: int
    points: tuple[int, ...]
    eligible: tuple[bool, ...]
    recorded: tuple[int, ...]
    totals: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game ended (``reason``: ``"target reached"`` or ``"round limit"``) with these
    ``winners`` (several on a tie) and final ``totals``."""

    KIND: ClassVar[str] = "game_over"

    winners: tuple[int, ...]
    totals: tuple[int, ...]
    reason: str


CODEC = EventCodec(
    GameStarted,
    RoundStarted,
    CardDealt,
    CardPlayed,
    Merged,
    CardDrawn,
    RoundEnded,
    RoundScored,
    GameOver,
)
"""Every kind of event NOX emits, in the order a game meets them."""
