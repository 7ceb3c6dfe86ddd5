"""Sprites and layout of a card table: seats around an oval, fans of cards, effects."""

from __future__ import annotations

import pygame

from ..tween import Follower, Tween

# Seat anchors around the table in design units (1280x720), by player count, starting with the
# seat at the bottom (the viewer) and going clockwise: left, top, right.
ANCHORS: dict[int, list[tuple[float, float]]] = {
    2: [(640, 560), (640, 118)],
    3: [(640, 560), (330, 122), (950, 122)],
    4: [(640, 560), (185, 300), (640, 112), (1095, 300)],
    5: [(640, 560), (185, 330), (410, 112), (870, 112), (1095, 330)],
    6: [(640, 560), (185, 360), (330, 112), (640, 102), (950, 112), (1095, 360)],
}
DECK_POS = (560, 330)
DISCARD_POS = (720, 330)


class CardSprite:
    """One card on the table. ``card`` is None for a face-down card whose face we may not see."""

    __slots__ = ("card", "delay", "face_up", "flip", "hover", "lift", "selected", "x", "y")

    def __init__(self, card: str | None, x: float, y: float, delay: float = 0.0) -> None:
        self.card = card
        self.face_up = card is not None
        self.x = Follower(x, rate=11.0)
        self.y = Follower(y, rate=11.0)
        self.delay = delay
        self.lift = Tween(0, 0, 0)
        self.flip: Tween | None = None
        self.selected = False
        self.hover = False

    def move_to(self, x: float, y: float) -> None:
        self.x.target = x
        self.y.target = y

    def update(self, dt: float) -> None:
        if self.delay > 0:
            self.delay = max(0.0, self.delay - dt)
            return
        self.x.update(dt)
        self.y.update(dt)
        self.lift.update(dt)
        if self.flip is not None:
            self.flip.update(dt)
            if self.flip.done:
                self.flip = None

    def set_lift(self, target: float) -> None:
        if target != self.lift.end:
            self.lift = Tween(self.lift.value, target, 0.22, "out_back")

    def reveal(self, card: str, animate: bool) -> None:
        changed = self.card != card or not self.face_up
        self.card = card
        self.face_up = True
        if changed and animate:
            self.flip = Tween(0.0, 1.0, 0.3, "linear")

    def finish(self) -> None:
        self.delay = 0.0
        self.x.snap()
        self.y.snap()
        self.lift.finish()
        self.flip = None

    @property
    def moving(self) -> bool:
        return self.delay > 0 or self.x.value != self.x.target or self.y.value != self.y.target

    @property
    def width_factor(self) -> float:
        """Horizontal squash during a flip (1 -> 0 -> 1)."""
        if self.flip is None:
            return 1.0
        return abs(1 - 2 * self.flip.progress)

    @property
    def showing_face(self) -> bool:
        if self.flip is not None and self.flip.progress < 0.5:
            return False
        return self.face_up and self.card is not None


class Banner:
    """A call such as "NOVE!" that pops in with an overshoot and fades."""

    def __init__(
        self,
        text: str,
        pos: tuple[float, float],
        size: float,
        colour: tuple[int, int, int],
        life: float = 1.3,
    ) -> None:
        self.text = text
        self.pos = pos
        self.size = size
        self.colour = colour
        self.scale = Tween(0.4, 1.0, 0.35, "out_back")
        self.age = 0.0
        self.life = life

    def update(self, dt: float) -> None:
        self.age += dt
        self.scale.update(dt)

    @property
    def alpha(self) -> int:
        fade = 0.35
        left = self.life - self.age
        return 255 if left > fade else max(0, int(255 * left / fade))

    @property
    def done(self) -> bool:
        return self.age >= self.life


class ChipFlight:
    """A chip sliding between the pot and a seat's plate at scoring."""

    def __init__(
        self, value: int, start: tuple[float, float], end: tuple[float, float], delay: float
    ) -> None:
        self.value = value
        self.x = Tween(start[0], end[0], 0.55, "in_out_cubic", delay)
        self.y = Tween(start[1], end[1], 0.55, "in_out_cubic", delay)

    def update(self, dt: float) -> None:
        self.x.update(dt)
        self.y.update(dt)

    @property
    def done(self) -> bool:
        return self.x.done

    def finish(self) -> None:
        self.x.finish()
        self.y.finish()


def fan_positions(
    anchor: tuple[float, float], count: int, spacing: float, vertical: bool
) -> list[tuple[float, float]]:
    """Centres of ``count`` cards fanned around ``anchor`` (design units)."""
    if count <= 0:
        return []
    ax, ay = anchor
    total = spacing * (count - 1)
    if vertical:
        return [(ax, ay - total / 2 + i * spacing) for i in range(count)]
    return [(ax - total / 2 + i * spacing, ay) for i in range(count)]


def to_pixels(point: tuple[float, float], scale: float, offset: tuple[int, int]) -> tuple[int, int]:
    return (int(offset[0] + point[0] * scale), int(offset[1] + point[1] * scale))


def design_to_screen(surface: pygame.Surface, scale: float) -> tuple[int, int]:
    """Offset that centres the 1280x720 design in the window (letterboxing the spare space)."""
    w, h = surface.get_size()
    return (int((w - 1280 * scale) / 2), int((h - 720 * scale) / 2))
