"""The table's typed handler table (``nove_desktop/ui/table/dispatch.py``): one handler per event
class, found by the event's exact class."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import pytest

from nove_desktop.engine.events import Event
from nove_desktop.ui.table.basics import OVERLAP
from nove_desktop.ui.table.dispatch import Handlers, Pause


@dataclasses.dataclass(frozen=True, slots=True)
class CardDealt(Event):
    KIND: ClassVar[str] = "card_dealt"
    seat: int
    card: str | None


@dataclasses.dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    KIND: ClassVar[str] = "reshuffled"
    count: int


@dataclasses.dataclass(frozen=True, slots=True)
class FaceUpCardDealt(CardDealt):
    """A subclass: not the class a handler was listed under."""

    KIND: ClassVar[str] = "face_up_card_dealt"


def test_each_event_finds_the_handler_of_its_class() -> None:
    seen: list[object] = []

    def on_dealt(event: CardDealt) -> Pause:
        seen.append(event.card)
        return 0.25

    def on_reshuffled(event: Reshuffled) -> Pause:
        seen.append(event.count)
        return OVERLAP

    handlers = Handlers().on(CardDealt, on_dealt).on(Reshuffled, on_reshuffled)
    assert handlers.classes() == (CardDealt, Reshuffled)
    dealt, reshuffled = CardDealt(1, "R5"), Reshuffled(30)
    assert handlers.for_event(dealt) is on_dealt
    assert handlers.for_event(reshuffled) is on_reshuffled
    dealt_handler, reshuffled_handler = handlers.for_event(dealt), handlers.for_event(reshuffled)
    assert dealt_handler is not None and reshuffled_handler is not None
    assert dealt_handler(dealt) == 0.25
    assert reshuffled_handler(reshuffled) == OVERLAP
    assert seen == ["R5", 30]


def test_a_censored_copy_finds_the_same_handler() -> None:
    def on_dealt(event: CardDealt) -> Pause:
        return None

    handlers = Handlers().on(CardDealt, on_dealt)
    censored = CardDealt(2, "R5").only_for(2, ("card",)).for_seat(0)
    assert censored is not None and handlers.for_event(censored) is on_dealt


def test_the_lookup_is_by_exact_class() -> None:
    """A subclass does not borrow its parent's handler, nor an unlisted class any handler: an
    event with no handler moves nothing."""
    handlers = Handlers().on(CardDealt, lambda event: None)
    assert handlers.for_event(FaceUpCardDealt(0, "R1")) is None
    assert handlers.for_event(Reshuffled(3)) is None


def test_two_handlers_for_one_class_are_refused() -> None:
    handlers = Handlers().on(CardDealt, lambda event: None)
    with pytest.raises(ValueError, match="two handlers for CardDealt"):
        handlers.on(CardDealt, lambda event: 1.0)
    assert handlers.classes() == (CardDealt,)
