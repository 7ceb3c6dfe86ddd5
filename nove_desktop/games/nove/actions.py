"""NOVE's actions (spec Appendix A)."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from ...engine.actions import Action, ActionCodec
from ...engine.text import Card, Reason, why
from .cards import BABATOS, DECK_INDEX, card_name


@dataclasses.dataclass(frozen=True, slots=True)
class DeclareNove(Action):
    """Step 1: the compulsory NOVE declaration of a hand with a real joker choice."""

    TYPE: ClassVar[str] = "declare_nove"
    option: str


@dataclasses.dataclass(frozen=True, slots=True)
class Discard(Action):
    """The exchange: give back 0 to 3 cards (listed in deck order, so each choice is one action)."""

    TYPE: ClassVar[str] = "discard"
    cards: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        cards = self.cards
        if len(cards) > 1:
            key = [DECK_INDEX.get(c, 99) for c in cards]
            if any(key[i] >= key[i + 1] for i in range(len(key) - 1)):
                ordered = tuple(sorted(cards, key=lambda c: (DECK_INDEX.get(c, 99), c)))
                object.__setattr__(self, "cards", ordered)

    @classmethod
    def trusted(cls, cards: tuple[str, ...]) -> Discard:
        """A discard of cards already in deck order (skips the sorting check; engine use)."""
        action = object.__new__(cls)
        object.__setattr__(action, "cards", cards)
        return action


@dataclasses.dataclass(frozen=True, slots=True)
class AnnounceNove(Action):
    """Step 2: the optional NOVE announcement, before the first hit (option iff a free joker)."""

    TYPE: ClassVar[str] = "announce_nove"
    option: str | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class Hit(Action):
    TYPE: ClassVar[str] = "hit"


@dataclasses.dataclass(frozen=True, slots=True)
class Stand(Action):
    TYPE: ClassVar[str] = "stand"


@dataclasses.dataclass(frozen=True, slots=True)
class AskJokers(Action):
    """With a set in hand: every other player shows the jokers they hit this Step 2."""

    TYPE: ClassVar[str] = "ask_jokers"


@dataclasses.dataclass(frozen=True, slots=True)
class ChooseJoker(Action):
    """Step 3: fix the free joker's option."""

    TYPE: ClassVar[str] = "choose_joker"
    option: str


CODEC = ActionCodec(DeclareNove, Discard, AnnounceNove, Hit, Stand, AskJokers, ChooseJoker)


def option_reason(option: str) -> Reason | str:
    """What a joker stands for: "Babatos A" or a number."""
    return why("Babatos {letter}", letter=option) if option in BABATOS else option


def action_reason(action: Action) -> Reason:
    """An action in a few translatable words: "hit", "discard red 5 and green 2"."""
    if isinstance(action, Discard):
        if not action.cards:
            return why("keep all three cards")
        cards = [Card(c, card_name(c)) if c in DECK_INDEX else c for c in action.cards]
        if len(cards) == 1:
            return why("discard {card}", card=cards[0])
        if len(cards) == 2:
            return why("discard {card} and {other}", card=cards[0], other=cards[1])
        return why(
            "discard {card} and {other} and {third}", card=cards[0], other=cards[1], third=cards[2]
        )
    if isinstance(action, DeclareNove):
        return why("declare NOVE with the joker as {option}", option=option_reason(action.option))
    if isinstance(action, ChooseJoker):
        return why("set the joker to {option}", option=option_reason(action.option))
    if isinstance(action, AnnounceNove):
        if action.option:
            return why("announce NOVE with the joker as {option}", option=action.option)
        return why("announce NOVE")
    if action.TYPE == "hit":
        return why("hit")
    if action.TYPE == "stand":
        return why("stand")
    if action.TYPE == "ask_jokers":
        return why("ask who hit the jokers")
    return Reason(action.TYPE)


def describe(action: Action) -> str:
    """Readable text for an action: "hit", "discard red 5 and green 2", "choose Babatos A"."""
    return str(action_reason(action))
