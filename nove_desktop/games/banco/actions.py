"""Nove (banco) actions (spec 5.9): a punter's bet, and hit or stand for punters and banker."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from ...engine.actions import Action, ActionCodec
from ...engine.text import Reason, why, why_n


@dataclasses.dataclass(frozen=True, slots=True)
class Bet(Action):
    """Stake ``amount`` chips on this hand (a punter, at the start of its turn)."""

    TYPE: ClassVar[str] = "bet"
    amount: int

    def to_json(self) -> dict[str, Any]:  # written out: the generic one reads the fields
        return {"type": "bet", "amount": self.amount}


@dataclasses.dataclass(frozen=True, slots=True)
class Hit(Action):
    """Take one more card, face up."""

    TYPE: ClassVar[str] = "hit"

    def to_json(self) -> dict[str, Any]:
        return {"type": "hit"}


@dataclasses.dataclass(frozen=True, slots=True)
class Stand(Action):
    """Keep the hand as it is and end the turn."""

    TYPE: ClassVar[str] = "stand"

    def to_json(self) -> dict[str, Any]:
        return {"type": "stand"}


HIT = Hit()
STAND = Stand()
_BETS: dict[int, Bet] = {}
_SHARED_BETS = 1000  # amounts up to this share one instance; larger ones are built each time


def bet(amount: int) -> Bet:
    """A shared ``Bet`` (actions are immutable values, so one instance per amount will do)."""
    action = _BETS.get(amount)
    if action is None:
        action = Bet(amount)
        if 0 <= amount <= _SHARED_BETS:
            _BETS[amount] = action
    return action


class BancoCodec(ActionCodec):
    """The engine's codec with a direct path for well-formed actions (replays and the tests
    decode thousands); anything else goes through the generic checks and their messages."""

    def __init__(self) -> None:
        super().__init__(Bet, Hit, Stand)

    def from_json(self, data: Any) -> Action:
        if type(data) is dict:
            kind = data.get("type")
            if len(data) == 1:
                if kind == "hit":
                    return HIT
                if kind == "stand":
                    return STAND
            elif kind == "bet" and len(data) == 2 and type(data.get("amount")) is int:
                return bet(data["amount"])
        return super().from_json(data)


CODEC = BancoCodec()


def chips(amount: object) -> Reason:
    """ "1 chip", "5 chips" (translatable: the UI shows it in the player's language)."""
    count = amount if type(amount) is int else 0
    return why_n("{n} chip", "{n} chips", count, n=amount)


def action_reason(action: Action) -> Reason:
    """An action in a few translatable words: "bet 5 chips", "hit", "stand"."""
    if isinstance(action, Bet):
        return why("bet {chips}", chips=chips(action.amount))
    if isinstance(action, Hit):
        return why("hit")
    if isinstance(action, Stand):
        return why("stand")
    return Reason(action.TYPE)


def describe(action: Action) -> str:
    """Readable text: "bet 5 chips", "hit", "stand"."""
    return str(action_reason(action))
