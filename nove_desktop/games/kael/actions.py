"""Kaël's actions (spec 5.4, 7): sets of cards are unordered and kept in canonical order."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from ...engine.actions import Action, ActionCodec
from ...engine.text import N_, Card, Cards, Reason, why
from .cards import RANK, canonical, card_name

DECK_SOURCE = "deck"
TABLE_SOURCE = "table"


@dataclasses.dataclass(frozen=True, slots=True)
class ChooseHandSize(Action):
    """The dealer's choice of 2..7 cards for this round (spec 4.1)."""

    TYPE: ClassVar[str] = "choose_hand_size"
    size: int


@dataclasses.dataclass(frozen=True, slots=True)
class _Cards(Action):
    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        ordered = canonical(self.cards)
        if ordered != self.cards:
            object.__setattr__(self, "cards", ordered)


@dataclasses.dataclass(frozen=True, slots=True)
class Lay(Action):
    """Lay a single, pair or triple, then draw from ``source`` ("deck" or "table")."""

    TYPE: ClassVar[str] = "lay"
    cards: tuple[str, ...]
    source: str = DECK_SOURCE

    def __post_init__(self) -> None:
        ordered = canonical(self.cards)
        if ordered != self.cards:
            object.__setattr__(self, "cards", ordered)


@dataclasses.dataclass(frozen=True, slots=True)
class LaySquare(_Cards):
    """Four of a kind from hand, or the cards that complete the chain on the table: no draw."""

    TYPE: ClassVar[str] = "lay_square"


@dataclasses.dataclass(frozen=True, slots=True)
class LayPass(Action):
    """Lay the X alone: no draw."""

    TYPE: ClassVar[str] = "lay_pass"


@dataclasses.dataclass(frozen=True, slots=True)
class CallKael(Action):
    TYPE: ClassVar[str] = "call_kael"


@dataclasses.dataclass(frozen=True, slots=True)
class DrawOnly(Action):
    """The zero-card turn: take one card and end the turn."""

    TYPE: ClassVar[str] = "draw_only"
    source: str = DECK_SOURCE


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    """Let the cut window go by."""

    TYPE: ClassVar[str] = "pass"


@dataclasses.dataclass(frozen=True, slots=True)
class Cut(Action):
    """Complete the square on the table out of turn (the cards are determined)."""

    TYPE: ClassVar[str] = "cut"


@dataclasses.dataclass(frozen=True, slots=True)
class GoodDraw(Action):
    """Lay the card just drawn, which matches the rank just laid."""

    TYPE: ClassVar[str] = "good_draw"


@dataclasses.dataclass(frozen=True, slots=True)
class KeepCard(Action):
    TYPE: ClassVar[str] = "keep_card"


CODEC = ActionCodec(
    ChooseHandSize, Lay, LaySquare, LayPass, CallKael, DrawOnly, Pass, Cut, GoodDraw, KeepCard
)


def _names(cards: tuple[str, ...]) -> Cards:
    return Cards(tuple(Card(c, card_name(c)) if c in RANK else f'"{c}"' for c in cards))


def action_reason(action: Action) -> Reason:
    """An action in a few translatable words: "lay a 7 and a 7, then draw from the deck"."""
    if isinstance(action, ChooseHandSize):
        return why("deal {size} cards", size=action.size)
    if isinstance(action, Lay):
        if action.source == DECK_SOURCE:
            return why("lay {cards}, then draw from the deck", cards=_names(action.cards))
        return why("lay {cards}, then draw from the table", cards=_names(action.cards))
    if isinstance(action, LaySquare):
        return why("lay {cards} to make a square", cards=_names(action.cards))
    if isinstance(action, DrawOnly):
        if action.source == DECK_SOURCE:
            return why("draw a card from the deck")
        return why("draw a card from the table")
    words = {
        "lay_pass": N_("lay the X"),
        "call_kael": N_("call Kaël"),
        "pass": N_("pass"),
        "cut": N_("cut"),
        "good_draw": N_("lay the good draw"),
        "keep_card": N_("keep the card"),
    }
    return Reason(words.get(action.TYPE, action.TYPE))


def describe(action: Action) -> str:
    """Readable text: "lay a 7 and a 7, then draw from the deck", "cut", "call Kaël"."""
    return str(action_reason(action))
