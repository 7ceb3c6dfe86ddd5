"""Card faces, backs, shadows, chips and tokens at the window's resolution, cached per size.

The drawing lives in ``ui/faces`` (one face set per deck); this module keeps what was drawn so
that each (card, size) is rendered once and blitted afterwards. The cache is bounded by the
memory its images take and forgets the least recently used first; ``clear`` empties it when the
window changes size.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

from .faces import FaceSet, make_face_set
from .faces.chips import banco_token, chip_stack, nove_chip, token_stack
from .faces.draw import card_shadow
from .faces.text import TextPainter
from .theme import Fonts

__all__ = ["CardArt", "chip_stack", "token_stack"]

CACHE_BYTES = 64 * 1024 * 1024
"""About three full decks at 1920x1080 hand size plus the table and felt images."""
CACHE_ENTRIES = 3000
PASSING_BYTES = 8 * 1024 * 1024
"""Images needed for a moment only (the steps of a card's flip): a small cache of their own, so
that they never push out the faces, plates and felt every frame draws."""


class CardArt:
    """Rendered card faces, backs, shadows, chips and tokens, cached per size.

    ``deck`` names a face set: "nove" (the default), "kael", "nox", "banco-italian",
    "banco-french" or "numx". ``install`` replaces a deck's face set, for decks whose look
    depends on the game's options (NUM-X's Malus+ numbers).
    """

    def __init__(
        self, fonts: Fonts, max_bytes: int = CACHE_BYTES, max_entries: int = CACHE_ENTRIES
    ) -> None:
        self.fonts = fonts
        self._images = ImageCache(max_bytes, max_entries)
        self._passing = ImageCache(PASSING_BYTES)
        self._face_sets: dict[str, FaceSet] = {}
        self._text = TextPainter(fonts)
        self.text_cache: dict[tuple[object, ...], pygame.Surface] = {}

    # -- what scenes ask for ---------------------------------------------------------------------
    def face(self, card: str, w: int, h: int, deck: str = "nove") -> pygame.Surface:
        """The face of ``card`` of ``deck`` at ``w`` x ``h`` (shared with its copies)."""
        face_set = self.face_set(deck)
        key = ("face", deck, face_set.face_key(card), w, h)
        return self._get(key, lambda: face_set.face(card, w, h))

    def back(self, w: int, h: int, deck: str = "nove") -> pygame.Surface:
        """The back of ``deck``'s cards at ``w`` x ``h``."""
        face_set = self.face_set(deck)
        return self._get(("back", deck, w, h), lambda: face_set.back(w, h))

    def shadow(self, w: int, h: int) -> pygame.Surface:
        """A soft shadow for a ``w`` x ``h`` card (8 px larger; blit it a few pixels down)."""
        return self._get(("shadow", w, h), lambda: card_shadow(w, h))

    def chip(self, value: int, d: int) -> pygame.Surface:
        """One of NOVE's score chips: -1, +1 or +6."""
        return self._get(("chip", value, d), lambda: nove_chip(self.fonts, value, d))

    def token(self, value: int, d: int) -> pygame.Surface:
        """One of Nove banco's betting tokens: 1, 5, 10 or 25."""
        return self._get(("token", value, d), lambda: banco_token(self._text, value, d))

    def name(self, card: str, deck: str = "nove") -> str:
        """A short readable name of ``card`` in the active language."""
        return self.face_set(deck).name(card)

    def face_set(self, deck: str = "nove") -> FaceSet:
        """The face set drawing ``deck`` (made on first use)."""
        face_set = self._face_sets.get(deck)
        if face_set is None:
            face_set = self._face_sets[deck] = make_face_set(deck, self.fonts)
        return face_set

    def install(self, face_set: FaceSet) -> None:
        """Draw ``face_set.deck_id`` with ``face_set`` from now on (its old images are dropped)."""
        deck = face_set.deck_id
        self._face_sets[deck] = face_set
        self._images.forget(lambda key: isinstance(key, tuple) and key[1:2] == (deck,))

    def clear(self) -> None:
        """Forget every image (the window changed size)."""
        self._images.clear()
        self._passing.clear()
        self.text_cache.clear()

    @property
    def cached_bytes(self) -> int:
        """Memory taken by the cached images (pixels only)."""
        return self._images.bytes

    def __len__(self) -> int:
        return len(self._images)

    # -- the cache (other scenes keep their own images here too) ---------------------------------
    def _get(self, key: Hashable, build: Callable[[], pygame.Surface]) -> pygame.Surface:
        return self._images.get(key, build)

    def passing(self, key: Hashable, build: Callable[[], pygame.Surface]) -> pygame.Surface:
        """Like the cache, for images needed for a moment only (``PASSING_BYTES`` at most)."""
        return self._passing.get(key, build)


class ImageCache:
    """Images by key, the least recently used forgotten first past ``max_bytes`` of pixels or
    ``max_entries`` images (the newest image always stays)."""

    def __init__(self, max_bytes: int, max_entries: int | None = None) -> None:
        self.max_bytes = max_bytes
        self.max_entries = max_entries
        self._images: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._images)

    def get(self, key: Hashable, build: Callable[[], pygame.Surface]) -> pygame.Surface:
        surface = self._images.get(key)
        if surface is not None:
            self._images.move_to_end(key)
            return surface
        surface = build()
        self._images[key] = surface
        self.bytes += _size(surface)
        while len(self._images) > 1 and (self.bytes > self.max_bytes or self._too_many()):
            self._drop(next(iter(self._images)))
        return surface

    def forget(self, which: Callable[[Hashable], bool]) -> None:
        for key in [k for k in self._images if which(k)]:
            self._drop(key)

    def clear(self) -> None:
        self._images.clear()
        self.bytes = 0

    def _too_many(self) -> bool:
        return self.max_entries is not None and len(self._images) > self.max_entries

    def _drop(self, key: Hashable) -> None:
        self.bytes -= _size(self._images.pop(key))


def _size(surface: pygame.Surface) -> int:
    return surface.get_height() * surface.get_pitch()
