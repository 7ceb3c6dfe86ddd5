"""The contract every deck's look fulfils, and the errors for ids and decks nobody draws."""

from __future__ import annotations

from abc import ABC, abstractmethod
from functools import cached_property
from typing import ClassVar

import pygame

from ..theme import Fonts
from .layout import INDEX_SQUEEZE, CardGeometry
from .text import Colour, TextPainter


class UnknownCardError(ValueError):
    """A card id that is not part of the deck asked for."""

    def __init__(self, card: object, deck_name: str) -> None:
        super().__init__(f"{card!r} is not a card of the {deck_name} deck")
        self.card = card


class UnknownDeckError(ValueError):
    """A deck id for which no face set exists."""

    def __init__(self, deck: object, known: tuple[str, ...]) -> None:
        super().__init__(f"no card faces for the deck {deck!r} (known decks: {', '.join(known)})")
        self.deck = deck


class FaceSet(ABC):
    """How one deck looks. Pure drawing: every call renders anew (``CardArt`` caches).

    Faces and backs are ``SRCALPHA`` surfaces of exactly the size asked for, with rounded,
    antialiased corners. Copies that players cannot tell apart share one ``face_key`` so a cache
    renders them once.
    """

    deck_id: ClassVar[str]
    deck_name: ClassVar[str]
    """How error messages name the deck ("Kaël", "NUM-X")."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self.text = TextPainter(fonts)

    @abstractmethod
    def cards(self) -> tuple[str, ...]:
        """Every card id this face set draws, in the deck's canonical order."""

    @abstractmethod
    def face(self, card: str, w: int, h: int) -> pygame.Surface:
        """The face of ``card`` at ``w`` x ``h`` pixels."""

    @abstractmethod
    def back(self, w: int, h: int) -> pygame.Surface:
        """The deck's back at ``w`` x ``h`` pixels."""

    @abstractmethod
    def name(self, card: str) -> str:
        """A short readable name for logs and tooltips, in the active language."""

    def corner_number(
        self, text: str, colour: Colour, geometry: CardGeometry, share: float = 1.0
    ) -> pygame.Surface:
        """``text`` sized for the corner index (``share`` of its height), narrowed rather than
        shrunk when it is wide."""
        return self.text.fit(
            text, colour, geometry.index_w, geometry.index_h * share, True, True, INDEX_SQUEEZE
        )

    def face_key(self, card: str) -> str:
        """The image ``card`` shares with its indistinguishable copies (itself by default)."""
        self.check(card)
        return card

    def check(self, card: str) -> None:
        """Raise ``UnknownCardError`` unless ``card`` belongs to this deck."""
        if not isinstance(card, str) or card not in self.known_cards:
            raise UnknownCardError(card, self.deck_name)

    @cached_property
    def known_cards(self) -> frozenset[str]:
        """``cards()`` as a set, for checking ids."""
        return frozenset(self.cards())
