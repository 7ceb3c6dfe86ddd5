"""The typed table from event classes to a table's handlers.

A game's table lists its handlers once (``TableHooks.event_handlers``)::

    return Handlers().on(CardDealt, self.on_card_dealt).on(Laid, self.on_laid)

``on`` checks (for mypy) that each handler takes the event class it is listed under, so a handler
reads typed fields (``event.card``) instead of a dictionary. A handler returns the pause the
table keeps after it (seconds, before the animation speed), ``OVERLAP`` to let the next event
start at once, or ``None`` for no pause. An event with no handler moves nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ...engine.events import Event

Pause = float | None
E = TypeVar("E", bound=Event)


class Handlers:
    """Handlers by event class (exact class: event classes are not subclassed further)."""

    __slots__ = ("_by_class",)

    def __init__(self) -> None:
        self._by_class: dict[type[Event], Callable[[Any], Pause]] = {}

    def on(self, kind: type[E], handler: Callable[[E], Pause]) -> Handlers:
        if kind in self._by_class:
            raise ValueError(f"two handlers for {kind.__name__}")
        self._by_class[kind] = handler
        return self

    def for_event(self, event: Event) -> Callable[[Any], Pause] | None:
        return self._by_class.get(type(event))

    def classes(self) -> tuple[type[Event], ...]:
        return tuple(self._by_class)
