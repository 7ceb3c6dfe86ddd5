"""Time-based tweens with named easing functions (driven by ``dt``, never by frames)."""

from __future__ import annotations

import math
from collections.abc import Callable

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def in_out_cubic(t: float) -> float:
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def out_back(t: float) -> float:
    """Ends with a slight overshoot: the card-lift feel."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def out_elastic(t: float) -> float:
    if t in (0.0, 1.0):
        return t
    return 2 ** (-10 * t) * math.sin((t * 10 - 0.75) * (2 * math.pi) / 3) + 1


EASINGS: dict[str, Easing] = {
    "linear": linear,
    "out_cubic": out_cubic,
    "in_out_cubic": in_out_cubic,
    "out_back": out_back,
    "out_elastic": out_elastic,
}


class Tween:
    """Interpolates from ``start`` to ``end`` over ``duration`` seconds after ``delay``."""

    __slots__ = ("delay", "duration", "easing", "elapsed", "end", "start")

    def __init__(
        self,
        start: float,
        end: float,
        duration: float,
        easing: str = "out_cubic",
        delay: float = 0.0,
    ) -> None:
        self.start = start
        self.end = end
        self.duration = max(duration, 0.0)
        self.delay = max(delay, 0.0)
        self.easing = EASINGS[easing]
        self.elapsed = 0.0

    def update(self, dt: float) -> None:
        self.elapsed += dt

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def progress(self) -> float:
        if self.duration == 0:
            return 1.0 if self.started else 0.0
        t = (self.elapsed - self.delay) / self.duration
        return min(max(t, 0.0), 1.0)

    @property
    def value(self) -> float:
        return self.start + (self.end - self.start) * self.easing(self.progress)

    def finish(self) -> None:
        self.elapsed = self.delay + self.duration


class Follower:
    """A value that chases a target smoothly (exponential approach): cards chasing their slot.

    A new target simply replaces the old one, so there is never a queue of stale motions."""

    __slots__ = ("rate", "target", "value")

    def __init__(self, value: float, rate: float = 14.0) -> None:
        self.value = value
        self.target = value
        self.rate = rate

    def update(self, dt: float) -> None:
        self.value += (self.target - self.value) * (1 - math.exp(-self.rate * dt))
        if abs(self.target - self.value) < 0.01:
            self.value = self.target

    def snap(self) -> None:
        self.value = self.target
