"""Nove (banco) actions (spec 5.9): a punter's bet, and hit or stand for punters and banker."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from ...engine.actions import Action, ActionCodec


@dataclasses.dataclass(frozen=True, slots=True)
class Bet(Action):
    """Stake ``amount`` chips on this hand (a punter, at the start of its turn)."""

    TYPE: ClassVar[str] = "bet"
    amount: int


@dataclasses.dataclass(frozen=True, slots=True)
class Hit(Action):
    """Take one more card, face up."""

    TYPE: ClassVar[str] = "hit"


@dataclasses.dataclass(frozen=True, slots=True)
class Stand(Action):
    """Keep the hand as it is and end the turn."""

    TYPE: ClassVar[str] = "stand"


CODEC = ActionCodec(Bet, Hit, Stand)

HIT = Hit()
STAND = Stand()
_BETS: dict[int, Bet] = {}


def bet(amount: int) -> Bet:
    """A shared ``Bet`` (actions are immutable values, so one instance per amount will do)."""
    action = _BETS.get(amount)
    if action is None:
        action = _BETS[amount] = Bet(amount)
    return action


def chips(amount: object) -> str:
    return "1 chip" if amount == 1 else f"{amount} chips"


def describe(action: Action) -> str:
    """Readable text: "bet 5 chips", "hit", "stand"."""
    if isinstance(action, Bet):
        return f"bet {chips(action.amount)}"
    if isinstance(action, Hit):
        return "hit"
    if isinstance(action, Stand):
        return "stand"
    return action.TYPE
