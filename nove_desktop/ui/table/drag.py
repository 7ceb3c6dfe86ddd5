"""Dragging a card: pressed, carried past a few pixels, dropped on a place the game names.

A press on a card the game lets the player drag (``TableScene.draggable``) is not a click yet:
released where it was pressed, it is the click (``card_clicked``); carried further, the card
follows the mouse and, released, lands on the place ``drop_target`` names there (the game then
acts, or refuses with the engine's reason), or glides back to its slot.
"""

from __future__ import annotations

import dataclasses
import math

DRAG_THRESHOLD = 6
"""Window pixels the mouse travels, button held, before a press becomes a drag (a shaky click
stays a click)."""


@dataclasses.dataclass
class Drag:
    """A card pressed with the mouse: ``start`` is where (window pixels); ``grab`` is the offset
    from the card's centre to the mouse (design units), kept while the card follows it."""

    ref: str
    start: tuple[int, int]
    grab: tuple[float, float]
    active: bool = False

    def carried(self, pos: tuple[int, int]) -> bool:
        """Whether the mouse has travelled far enough from the press to make this a drag."""
        return math.hypot(pos[0] - self.start[0], pos[1] - self.start[1]) >= DRAG_THRESHOLD
