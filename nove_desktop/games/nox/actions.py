"""NOX's only action (spec 5.3): play a card from hand into any kitty.

``Play(card, target, stack)``: ``target`` is the seat whose kitty receives the card (the player's
own included); ``stack`` is ``None`` for a new stack at the right end of that kitty, or the index
of the stack whose top card it covers (same colour only).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, ClassVar

from ...engine.actions import Action, ActionCodec
from .cards import NUMBER, card_name
from .options import MAX_PLAYERS
from .state import SLOTS


@dataclasses.dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``card`` into seat ``target``'s kitty: a new stack (``stack=None``) or a cover of
    stack ``stack``."""

    TYPE: ClassVar[str] = "play"
    card: str
    target: int
    stack: int | None = None

    def __eq__(self, other: object) -> bool:
        # Field by field with an early exit (the generated one builds two tuples): legal lists
        # are searched often by look-ahead and tests.
        if other.__class__ is not Play:
            return NotImplemented
        return self.card == other.card and self.target == other.target and self.stack == other.stack

    def to_json(self) -> dict[str, Any]:
        # Written out: the generic field walk is slow, and look-ahead and replays call it often.
        return {"type": "play", "card": self.card, "target": self.target, "stack": self.stack}


class PlayCodec(ActionCodec):
    """The engine's codec, with a direct path for a well-formed play (replays and tools decode
    thousands of them); anything else goes through the generic checks and their messages."""

    def __init__(self) -> None:
        super().__init__(Play)

    def from_json(self, data: Any) -> Action:
        if type(data) is dict and data.get("type") == "play" and len(data) <= 4:
            card, target = data.get("card"), data.get("target")
            stack: Any = data.get("stack", _NO)
            if (
                type(card) is str
                and type(target) is int
                and (stack is None or stack is _NO or type(stack) is int)
                and len(data) == (3 if stack is _NO else 4)
            ):
                index = stack if type(stack) is int else None  # (None or _NO: a new stack)
                if card in NUMBER and 0 <= target < MAX_PLAYERS:
                    if index is None:
                        return play_entry(card)[0][target * SLOTS]
                    if 0 <= index < SLOTS - 1:
                        return play_entry(card)[0][target * SLOTS + 1 + index]
                return Play(card, target, index)
        return super().from_json(data)


_NO = object()  # "no stack field" (the field is optional: a new stack)
CODEC = PlayCodec()

# Per card: (its table of plays, its new-stack plays by player count, the table's lookup).
PlayEntry = tuple[tuple[Play, ...], tuple[tuple[Play, ...], ...], Callable[[int], Play]]
ENTRIES: dict[str, PlayEntry] = {}


def play_entry(card: str) -> PlayEntry:
    """Every ``Play`` of ``card``, built once and shared (actions are immutable values), so the
    legal-action lists of the hot path are made of lookups only: the table (slot
    ``target * SLOTS`` is the new stack, ``target * SLOTS + 1 + i`` the cover of stack ``i``),
    the new stacks in every kitty for each player count, and the table's ``__getitem__``."""
    entry = ENTRIES.get(card)
    if entry is None:
        table = tuple(
            Play(card, target, None if slot == 0 else slot - 1)
            for target in range(MAX_PLAYERS)
            for slot in range(SLOTS)
        )
        news = tuple(tuple(table[t * SLOTS] for t in range(n)) for n in range(MAX_PLAYERS + 1))
        entry = ENTRIES[card] = (table, news, table.__getitem__)
    return entry


def play_table(card: str) -> tuple[Play, ...]:
    """The shared plays of ``card`` (see ``play_entry``)."""
    return play_entry(card)[0]


def describe(action: Action) -> str:
    """Readable text: "play blue 4 (B04-1) on stack 2 of seat 1's kitty"."""
    if isinstance(action, Play):
        where = (
            f"as a new stack in seat {action.target}'s kitty"
            if action.stack is None
            else f"on stack {action.stack} of seat {action.target}'s kitty"
        )
        return f"play {card_name(action.card)} {where}"
    return action.TYPE
