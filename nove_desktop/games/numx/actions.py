"""NUM-X's actions (spec sections 8.1, 9.2, 12 and docs/decisions-numx.md D1-D3).

Sets of cards keep the canonical card order, so each choice is exactly one action value. A turn
that plays Swipe or Malus+ cards is built with ``AddSpecial`` steps (each naming its card, mode
and target, in resolution order) and committed by ``Play``, which carries the combination (or
none). Nothing happens on the table before ``Play``: the steps only spell out one atomic play
(N-A39, N-A79) without listing every product of combinations and special uses at once.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from ...engine.actions import Action, ActionCodec
from .cards import KIND, MALUS_PLUS, SWIPE, canonical, card_name, value_name

DECK_SOURCE = "deck"
SWAP, ROTATE, ONE, ALL = "swap", "rotate", "one", "all"
LEFT, RIGHT = "left", "right"


def _canonical_field(action: Action, name: str) -> None:
    cards = getattr(action, name)
    ordered = canonical(cards)
    if ordered != cards:
        object.__setattr__(action, name, ordered)


@dataclasses.dataclass(frozen=True, slots=True)
class ChooseMalus(Action):
    """Setup (spec 4.3): the two hand cards this seat puts face up in its malus area."""

    TYPE: ClassVar[str] = "choose_malus"
    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        _canonical_field(self, "cards")

    def to_json(self) -> dict[str, Any]:
        return {"type": self.TYPE, "cards": list(self.cards)}


@dataclasses.dataclass(frozen=True, slots=True)
class AddSpecial(Action):
    """One Swipe or Malus+ card of the play being prepared, with its mode and target:
    ``swap`` + seat, ``rotate`` + ``left``/``right``, ``one`` + seat, ``all`` (spec 7.3, 7.4)."""

    TYPE: ClassVar[str] = "add_special"
    card: str
    mode: str
    target: int | str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"type": self.TYPE, "card": self.card, "mode": self.mode, "target": self.target}


@dataclasses.dataclass(frozen=True, slots=True)
class Play(Action):
    """The turn's play: a combination (``cards`` from the hand and any malus area, possibly
    empty) plus every special prepared with ``AddSpecial``. ``joker_value`` is the value a lone
    X-Joker stands for (-2 .. 13, 14 = ∞) and ``None`` otherwise."""

    TYPE: ClassVar[str] = "play"
    cards: tuple[str, ...] = ()
    joker_value: int | None = None

    def __post_init__(self) -> None:
        _canonical_field(self, "cards")

    def to_json(self) -> dict[str, Any]:
        return {"type": self.TYPE, "cards": list(self.cards), "joker_value": self.joker_value}


@dataclasses.dataclass(frozen=True, slots=True)
class PlayNumX(Action):
    """Num-X on one's own turn: the trick ends (spec 7.1)."""

    TYPE: ClassVar[str] = "play_numx"
    card: str

    def to_json(self) -> dict[str, Any]:
        return {"type": self.TYPE, "card": self.card}


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    """Do nothing this turn, or let a Facteur X window go by."""

    TYPE: ClassVar[str] = "pass"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.TYPE}


@dataclasses.dataclass(frozen=True, slots=True)
class Draw(Action):
    """Take the deck's top card (``"deck"``) or one card of another seat's malus area."""

    TYPE: ClassVar[str] = "draw"
    source: str = DECK_SOURCE

    def to_json(self) -> dict[str, Any]:
        return {"type": self.TYPE, "source": self.source}


@dataclasses.dataclass(frozen=True, slots=True)
class Claim(Action):
    """Facteur X out of turn: more cards of a higher value than the trick (spec 9.2)."""

    TYPE: ClassVar[str] = "claim"
    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        _canonical_field(self, "cards")

    def to_json(self) -> dict[str, Any]:
        return {"type": self.TYPE, "cards": list(self.cards)}


@dataclasses.dataclass(frozen=True, slots=True)
class ClaimNumX(Action):
    """Variant ``numx_interrupt``: Num-X out of turn in a Facteur X window (spec 9.3)."""

    TYPE: ClassVar[str] = "claim_numx"
    card: str

    def to_json(self) -> dict[str, Any]:
        return {"type": self.TYPE, "card": self.card}


@dataclasses.dataclass(frozen=True, slots=True)
class Replenish(Action):
    """Refill the malus area (spec 8.6, 8.8): one source per missing card, ``"deck"`` or a hand
    card. Sources are kept in canonical order (deck first)."""

    TYPE: ClassVar[str] = "replenish"
    sources: tuple[str, ...]

    def __post_init__(self) -> None:
        sources = self.sources
        decks = tuple(s for s in sources if s == DECK_SOURCE)
        ordered = decks + canonical(tuple(s for s in sources if s != DECK_SOURCE))
        if ordered != sources:
            object.__setattr__(self, "sources", ordered)

    def to_json(self) -> dict[str, Any]:
        return {"type": self.TYPE, "sources": list(self.sources)}


def _cards(value: Any) -> bool:
    return type(value) is list and all(type(c) is str for c in value)


def _text(value: Any) -> bool:
    return type(value) is str


def _number_or_none(value: Any) -> bool:
    return value is None or type(value) is int


def _target(value: Any) -> bool:
    return value is None or type(value) is int or type(value) is str


# Per type: (class, {field: (check, required)}). Lists become tuples.
_FAST: dict[str, tuple[type[Action], dict[str, tuple[Any, bool]]]] = {
    "choose_malus": (ChooseMalus, {"cards": (_cards, True)}),
    "add_special": (
        AddSpecial,
        {"card": (_text, True), "mode": (_text, True), "target": (_target, False)},
    ),
    "play": (Play, {"cards": (_cards, False), "joker_value": (_number_or_none, False)}),
    "play_numx": (PlayNumX, {"card": (_text, True)}),
    "pass": (Pass, {}),
    "draw": (Draw, {"source": (_text, False)}),
    "claim": (Claim, {"cards": (_cards, True)}),
    "claim_numx": (ClaimNumX, {"card": (_text, True)}),
    "replenish": (Replenish, {"sources": (_cards, True)}),
}


class NumxCodec(ActionCodec):
    """The engine's codec with a fast path for well-formed NUM-X actions (replays and the test
    suites read many); anything unusual goes through the generic checks and their messages."""

    def from_json(self, data: Any) -> Action:
        kind = data.get("type") if type(data) is dict else None
        if type(kind) is str:
            entry = _FAST.get(kind)
            if entry is not None:
                cls, fields = entry
                kwargs: dict[str, Any] = {}
                for name, value in data.items():
                    if name == "type":
                        continue
                    spec = fields.get(name)
                    if spec is None or not spec[0](value):
                        break
                    kwargs[name] = tuple(value) if type(value) is list else value
                else:
                    if all(name in kwargs for name, (_c, need) in fields.items() if need):
                        return cls(**kwargs)
        return super().from_json(data)


CODEC = NumxCodec(ChooseMalus, AddSpecial, Play, PlayNumX, Pass, Draw, Claim, ClaimNumX, Replenish)


def _names(cards: tuple[str, ...]) -> str:
    return " ".join(card_name(c) for c in cards) or "nothing"


def describe_special(card: str, mode: str, target: int | str | None) -> str:
    if mode == SWAP:
        return f"{card_name(card)}: swap malus areas with seat {target}"
    if mode == ROTATE:
        return f"{card_name(card)}: rotate every malus area to the {target}"
    if mode == ONE:
        return f"{card_name(card)} on seat {target}"
    if mode == ALL:
        return f"{card_name(card)} on every seat"
    return f"{card_name(card)} ({mode})"


def describe(action: Action) -> str:
    """Readable text: "play 7a 7b", "pass", "draw from the deck"."""
    if isinstance(action, ChooseMalus):
        return f"put {_names(action.cards)} in the malus area"
    if isinstance(action, AddSpecial):
        return f"add {describe_special(action.card, action.mode, action.target)}"
    if isinstance(action, Play):
        if not action.cards:
            return "play the prepared special cards"
        if action.joker_value is not None:
            return f"play {_names(action.cards)} as {value_name(action.joker_value)}"
        return f"play {_names(action.cards)}"
    if isinstance(action, PlayNumX | ClaimNumX):
        return f"play {card_name(action.card)}"
    if isinstance(action, Draw):
        where = "the deck" if action.source == DECK_SOURCE else card_name(action.source)
        return f"draw {where}"
    if isinstance(action, Claim):
        return f"claim Facteur X with {_names(action.cards)}"
    if isinstance(action, Replenish):
        return "refill the malus area from " + ", ".join(
            "the deck" if s == DECK_SOURCE else card_name(s) for s in action.sources
        )
    return action.TYPE


def special_kind(card: str) -> str | None:
    """``swipe`` or ``malus_plus`` for the cards ``AddSpecial`` may name, else None."""
    kind = KIND.get(card) if isinstance(card, str) else None
    return kind if kind in (SWIPE, MALUS_PLUS) else None
