"""What the table scene and its parts share: pacing constants, card slots, the card control and
small helpers (``scene`` re-exports them for the games' tables)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, ClassVar

import pygame

from ...engine.events import Event
from .. import theme
from ..theme import Fonts
from ..widgets import Widget
from . import paint
from .layout import Side

if TYPE_CHECKING:
    from .hooks import TablePart
    from .scene import TableScene


SPEED = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "off": 0.0}
OVERLAP = -1.0
"""What an event handler returns when the next event may start while its animation plays (the
cards of a deal cascade fly together)."""
AI_PACE = {"slow": 1.3, "normal": 0.7, "fast": 0.3, "instant": 0.0}
LOG_LINES = 200


@dataclasses.dataclass(frozen=True, slots=True)
class Rhythm(Event):
    """A post-play pause marker in the table's event queue (never from an engine)."""

    KIND: ClassVar[str] = "_rhythm"

    seconds: float


RHYTHM = Rhythm.KIND


@dataclasses.dataclass(frozen=True)
class Slot:
    """Where one card of a zone rests (design units). ``shown`` False: buried in a pile."""

    x: float
    y: float
    width: float
    shown: bool = True


class CardWidget(Widget):
    """A card the player may pick, as a focusable control (keyboard play)."""

    def __init__(self, scene: TablePart, ref: str) -> None:
        super().__init__()
        self.scene = scene
        self.ref = ref

    def activate(self) -> None:
        self.scene.card_clicked(self.ref)

    def draw(self, surface: pygame.Surface, fonts: Fonts, focused: bool, scale: float) -> None:
        if focused:
            paint.card_focus(surface, self.rect, scale)


def humans_watching(scene: TablePart) -> bool:
    """Whether a person may still answer at this table: some human seat is not out of the
    game (once all are, windows run as at an all-AI table, answers in seat order)."""
    return bool(scene.session.human_seats) and not scene.humans_out()


def spot_side(scene: TableScene, seat: int) -> Side:
    return scene.spot(seat).side


def colour_for(points: int) -> tuple[int, int, int]:
    return theme.OK if points > 0 else (theme.DANGER if points < 0 else theme.WHITE)
