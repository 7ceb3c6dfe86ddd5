"""NOX's only action (spec 5.3): play a card from hand into any kitty.

``Play(card, target, stack)``: ``target`` is the seat whose kitty receives the card (the player's
own included); ``stack`` is ``None`` for a new stack at the right end of that kitty, or the index
of the stack whose top card it covers (same colour only).
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from ...engine.actions import Action, ActionCodec
from .cards import card_name
from .options import MAX_PLAYERS, STACKS_TO_END


@dataclasses.dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``card`` into seat ``target``'s kitty: a new stack (``stack=None``) or a cover of
    stack ``stack``."""

    TYPE: ClassVar[str] = "play"
    card: str
    target: int
    stack: int | None = None


CODEC = ActionCodec(Play)

# Slots of one card's table of shared actions: target * SLOTS is the new stack in that kitty,
# target * SLOTS + 1 + i the cover of its stack i (a kitty never has more than 5 stacks when a
# player is to act, 6 slots of covers keep the table simple).
SLOTS = STACKS_TO_END + 1
_TABLES: dict[str, tuple[Play, ...]] = {}


def play_table(card: str) -> tuple[Play, ...]:
    """Every ``Play`` of ``card``, built once and shared (actions are immutable values): the
    legal-action lists of the hot path are then made of lookups only."""
    table = _TABLES.get(card)
    if table is None:
        table = _TABLES[card] = tuple(
            Play(card, target, None if slot == 0 else slot - 1)
            for target in range(MAX_PLAYERS)
            for slot in range(SLOTS)
        )
    return table


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
