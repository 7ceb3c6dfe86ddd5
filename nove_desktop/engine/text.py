"""Words of the engine that a player reads, kept translatable without the engine translating.

The engine loads no catalog (pure rules: no files). A refusal is a :class:`Reason`: an English
template marked for extraction, and its parameters. ``str(reason)`` is the English sentence (logs,
tests, the command line); the UI translates the template and renders the parameters in the
player's language (``nove_desktop.ui.refusals``): a :class:`Card` by its code, a :class:`Seat` by
the player's name, a nested :class:`Reason` in turn.

The templates are found by Babel through the keywords ``why`` and ``why_n`` (``tools/i18n.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


def N_(message: str) -> str:
    """Marks ``message`` for extraction; the engine keeps it in English."""
    return message


@dataclass(frozen=True)
class Card:
    """A card named in a reason: ``code`` for the UI, ``name`` (English) for ``str``."""

    code: str
    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Cards:
    """Several cards named in a reason: "a 7 and a 7" in English ("nothing" when empty)."""

    cards: tuple[Card | str, ...]

    def __str__(self) -> str:
        return " and ".join(str(card) for card in self.cards) or "nothing"


@dataclass(frozen=True)
class Seat:
    """A seat named in a reason: "seat 2" in English, the player's name at a table."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat}"


@dataclass(frozen=True)
class Reason:
    """A sentence for a player: ``template`` (``str.format`` fields) and its ``params``; with
    ``plural``, the form is chosen by ``count`` (ngettext)."""

    template: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None
    count: int | None = None

    def english(self) -> str:
        template = self.template
        if self.plural is not None and self.count != 1:
            template = self.plural
        return template.format(**{key: _english(value) for key, value in self.params.items()})

    def __str__(self) -> str:
        return self.english()


def _english(value: Any) -> Any:
    if isinstance(value, Reason | Card | Cards | Seat):
        return str(value)
    return value


def why(template: str, /, **params: Any) -> Reason:
    """A reason: ``why("you do not hold {card}", card=Card(code, name))``."""
    return Reason(template, params)


def why_n(singular: str, plural: str, count: int, /, **params: Any) -> Reason:
    """A reason with a number: ``why_n("{n} card", "{n} cards", n, n=n)``."""
    return Reason(singular, params, plural, count)


def as_reason(value: str | Reason) -> Reason:
    return value if isinstance(value, Reason) else Reason(value)
