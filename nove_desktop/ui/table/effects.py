"""Timed things on the table besides cards: tasks with finish callbacks, call-outs, flying
tokens and the countdown of a reaction window.

Game logic never waits on drawing: an event handler starts effects and may attach a callback
to run when one finishes; the table moves on to the next event once every blocking effect has
finished (or at once, when the player skips the animations).
"""

from __future__ import annotations

from collections.abc import Callable

from ..tween import Tween


class Task:
    """Something that takes time. ``blocking`` tasks hold back the next event."""

    def __init__(
        self,
        duration: float,
        on_finish: Callable[[], None] | None = None,
        blocking: bool = True,
        delay: float = 0.0,
    ) -> None:
        self.clock = Tween(0.0, 1.0, duration, "linear", delay)
        self.on_finish = on_finish
        self.blocking = blocking
        self.done = False

    @property
    def progress(self) -> float:
        return self.clock.progress

    @property
    def started(self) -> bool:
        return self.clock.started

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.clock.update(dt)
        if self.clock.done:
            self.finish()

    def finish(self) -> None:
        """End now and run the callback once."""
        if self.done:
            return
        self.clock.finish()
        self.done = True
        if self.on_finish is not None:
            callback, self.on_finish = self.on_finish, None
            callback()


class Banner(Task):
    """A call-out ("NOVE!", "Cut!") that pops in with a slight overshoot and fades.

    ``anchor`` is a named place the table resolves (the centre band, or a seat's call-out spot),
    so that call-outs never sit on other text."""

    def __init__(
        self,
        text: str,
        anchor: str,
        size: float,
        colour: tuple[int, int, int],
        life: float,
        blocking: bool = False,
    ) -> None:
        super().__init__(life, blocking=blocking)
        self.text = text
        self.anchor = anchor
        self.size = size
        self.colour = colour
        self.scale = Tween(0.5, 1.0, 0.3, "out_back")

    def update(self, dt: float) -> None:
        self.scale.update(dt)
        super().update(dt)

    @property
    def alpha(self) -> int:
        fade = 0.3
        left = self.clock.duration * (1 - self.progress)
        return 255 if left > fade else max(0, int(255 * left / fade))


class TokenFlight(Task):
    """A chip or point token sliding between two places (design units)."""

    def __init__(
        self,
        value: int,
        start: tuple[float, float],
        end: tuple[float, float],
        delay: float,
        duration: float = 0.5,
        kind: str = "chip",
    ) -> None:
        super().__init__(duration, blocking=True, delay=delay)
        self.value = value
        self.kind = kind
        self.x = Tween(start[0], end[0], duration, "in_out_cubic", delay)
        self.y = Tween(start[1], end[1], duration, "in_out_cubic", delay)

    def update(self, dt: float) -> None:
        self.x.update(dt)
        self.y.update(dt)
        super().update(dt)

    @property
    def pos(self) -> tuple[float, float]:
        return (self.x.value, self.y.value)


class Countdown:
    """The clock of a reaction window or a timed prompt, shown as a ring or a bar.

    ``seconds`` None means untimed: it waits for the players. The countdown never decides the
    game itself: the table reads ``expired`` and sends the default answers."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.elapsed = 0.0
        self.stopped = False

    def update(self, dt: float) -> None:
        if not self.stopped:
            self.elapsed += dt

    @property
    def expired(self) -> bool:
        return self.seconds is not None and self.elapsed >= self.seconds

    @property
    def left(self) -> float:
        """Share of the time left, 1 -> 0 (1 while untimed)."""
        if self.seconds is None or self.seconds <= 0:
            return 1.0
        return max(0.0, 1.0 - self.elapsed / self.seconds)

    def stop(self) -> None:
        """Pause the countdown (a player is picking a claim)."""
        self.stopped = True

    def resume(self) -> None:
        self.stopped = False
