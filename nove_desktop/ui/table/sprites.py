"""Card sprites and their motion.

A sprite is known by its *ref*: a card id, or a placeholder for a face-down card whose face the
viewer may not know. Game code never moves a sprite directly: it puts refs into zones, and the
table gives every sprite the slot of its zone each frame. When a slot changes, the sprite glides
there on an eased tween whose length grows with the distance (a new target replaces the old
tween, starting from where the card is, so there is never a queue of stale motions).
"""

from __future__ import annotations

import math

from ..tween import Tween

# Flights: 0.16 s for a short hop up to 0.42 s across the whole table (PySolFC: 0.15-0.225 s;
# a deal across a wide table needs a little longer to be followed by the eye).
MIN_FLIGHT = 0.16
MAX_FLIGHT = 0.42
FLIGHT_PER_UNIT = 1 / 2600  # seconds per design unit travelled, on top of the minimum
FLIP_TIME = 0.22
HOVER_LIFT = 12.0
SELECT_LIFT = 24.0


class Motion:
    """A point that glides to its targets (design units); ``speed`` scales every duration."""

    __slots__ = ("_tx", "_ty", "target")

    def __init__(self, x: float, y: float) -> None:
        self._tx = Tween(x, x, 0.0)
        self._ty = Tween(y, y, 0.0)
        self.target = (x, y)

    @property
    def pos(self) -> tuple[float, float]:
        return (self._tx.value, self._ty.value)

    def go(self, x: float, y: float, speed: float = 1.0, delay: float = 0.0) -> None:
        """Glide to (x, y) unless already going there."""
        if (x, y) == self.target:
            return
        cx, cy = self.pos
        distance = math.hypot(x - cx, y - cy)
        duration = min(MAX_FLIGHT, MIN_FLIGHT + distance * FLIGHT_PER_UNIT) * speed
        self._tx = Tween(cx, x, duration, "out_cubic", delay * speed)
        self._ty = Tween(cy, y, duration, "out_cubic", delay * speed)
        self.target = (x, y)

    def snap(self, x: float | None = None, y: float | None = None) -> None:
        """Jump to the target (or to the given point, which becomes the target)."""
        tx, ty = self.target
        x = tx if x is None else x
        y = ty if y is None else y
        self._tx = Tween(x, x, 0.0)
        self._ty = Tween(y, y, 0.0)
        self.target = (x, y)

    def update(self, dt: float) -> None:
        self._tx.update(dt)
        self._ty.update(dt)

    @property
    def moving(self) -> bool:
        return not (self._tx.done and self._ty.done)

    @property
    def started(self) -> bool:
        return self._tx.started


class CardSprite:
    """One card on the table. ``card`` is None while the viewer may not know its face."""

    __slots__ = ("card", "flip", "hover", "lift", "motion", "ref", "selected", "size", "width")

    def __init__(self, ref: str, card: str | None, x: float, y: float, width: float) -> None:
        self.ref = ref
        self.card = card
        self.motion = Motion(x, y)
        self.size = Tween(width, width, 0.0)  # the card's width in design units
        self.width = width
        self.lift = Tween(0.0, 0.0, 0.0)
        self.flip: Tween | None = None
        self.hover = False
        self.selected = False

    # -- targets -------------------------------------------------------------------------------
    def place(self, x: float, y: float, width: float, speed: float, delay: float = 0.0) -> None:
        """The slot this card should rest in (called every frame; cheap when unchanged)."""
        self.motion.go(x, y, speed, delay)
        if width != self.width:
            self.size = Tween(self.size.value, width, MAX_FLIGHT * 0.8 * speed, "out_cubic")
            self.width = width

    def set_face(self, card: str | None, speed: float, delay: float = 0.0) -> None:
        """Turn the card to show ``card`` (or its back); flips when the face changes."""
        if card == self.card:
            return
        self.card = card
        if speed > 0:
            self.flip = Tween(0.0, 1.0, FLIP_TIME * speed, "linear", delay * speed)

    def set_lift(self, target: float) -> None:
        if target != self.lift.end:
            self.lift = Tween(self.lift.value, target, 0.2, "out_back")

    def update(self, dt: float) -> None:
        self.motion.update(dt)
        self.size.update(dt)
        self.lift.update(dt)
        if self.flip is not None:
            self.flip.update(dt)
            if self.flip.done:
                self.flip = None

    def finish(self) -> None:
        """Jump to the end of every motion (an animation skipped by the player)."""
        self.motion.snap()
        self.size.finish()
        self.lift.finish()
        self.flip = None

    # -- what to draw --------------------------------------------------------------------------
    @property
    def moving(self) -> bool:
        return self.motion.moving or self.flip is not None or not self.size.done

    @property
    def visible(self) -> bool:
        """False while a dealt card waits for its turn to leave the deck."""
        return self.motion.started

    @property
    def squash(self) -> float:
        """Horizontal squash during a flip: 1 -> 0 (edge on) -> 1."""
        if self.flip is None or not self.flip.started:
            return 1.0
        return abs(1 - 2 * self.flip.progress)

    @property
    def showing_face(self) -> bool:
        """A card turning up shows its face once the flip is past edge-on; a card turning down
        shows its back at once (its face is already forgotten: nothing leaks mid-flip)."""
        return self.card is not None and (self.flip is None or self.flip.progress >= 0.5)

    @property
    def turning(self) -> bool:
        return self.flip is not None and self.flip.started

    @property
    def pos(self) -> tuple[float, float]:
        x, y = self.motion.pos
        return (x, y - self.lift.value)
