"""Card faces and backs of every deck, drawn in code; one ``FaceSet`` per deck.

The registry is built from the games' descriptions (``nove_desktop/specs.py``: each game names
its face sets), in New game's order: an explicit list, no module scanning (it would break inside
a bundle).
"""

from __future__ import annotations

from ...specs import SPECS
from ..theme import Fonts
from .banco import FrenchFaces, ItalianFaces
from .base import FaceSet, UnknownCardError, UnknownDeckError
from .kael import KaelFaces
from .nove import NoveFaces
from .nox import NoxFaces
from .numx import NumxFaces

FACE_SETS: tuple[type[FaceSet], ...] = tuple(
    face_set for spec in SPECS for face_set in spec.face_sets()
)
DECK_IDS: tuple[str, ...] = tuple(face_set.deck_id for face_set in FACE_SETS)

__all__ = [
    "DECK_IDS",
    "FACE_SETS",
    "FaceSet",
    "FrenchFaces",
    "ItalianFaces",
    "KaelFaces",
    "NoveFaces",
    "NoxFaces",
    "NumxFaces",
    "UnknownCardError",
    "UnknownDeckError",
    "make_face_set",
]


def make_face_set(deck: str, fonts: Fonts) -> FaceSet:
    """The face set of ``deck`` with its default options."""
    for face_set in FACE_SETS:
        if face_set.deck_id == deck:
            return face_set(fonts)
    raise UnknownDeckError(deck, DECK_IDS)
