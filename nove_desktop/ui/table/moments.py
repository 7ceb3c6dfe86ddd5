"""Timed decisions: reaction windows and private prompts.

A *window* (Kaël's cut, NUM-X's Facteur X) asks several seats at once and everybody sees it.
Answers given while the engine still waits for other seats play at once; once the engine has
closed the window, the events after it wait until the window has been shown for its shortest
length (``minimum``: by default its full length), so the pause itself reveals nothing about who
could claim. AI seats answer at once; a claim is shown after a cosmetic delay drawn from the
table's own random source (never the game's generator); a human who does not answer in time
passes. A game whose claims open the next window at once (NUM-X) gives each window its own
``key``, so every window gets a fresh countdown. A *prompt* (Kaël's good draw) is one seat's
private question: an AI answers it without any pause or "thinking" marker, so that nobody can
tell it was asked.
"""

from __future__ import annotations

import dataclasses
import random

from ...engine.actions import Action
from .effects import Countdown

AI_CLAIM_DELAY = (0.5, 1.5)  # seconds (Kaël spec 7.5)
ALL_AI_WINDOW = 0.6  # an all-AI table only needs to show that a window happened


@dataclasses.dataclass(frozen=True)
class Moment:
    """A timed decision. ``seconds`` None waits for the players (the "untimed" setting);
    ``default`` is what a human who does not answer in time does. ``key`` tells one window
    from the next of the same kind; ``minimum`` is the shortest time a public window is shown
    (None: its full length, 0 when untimed); ``claim_delay`` the range of the AI claims'
    cosmetic delay."""

    kind: str
    seconds: float | None
    default: Action
    public: bool = True
    key: object = None
    minimum: float | None = None
    claim_delay: tuple[float, float] = AI_CLAIM_DELAY

    def same_as(self, other: Moment | None) -> bool:
        """Whether ``other`` is this very window (same kind, same key)."""
        return other is not None and other.kind == self.kind and other.key == self.key


class OpenMoment:
    """A moment in progress: the humans' countdown (paused while a player picks a claim), the
    window's own clock (AI claims and the shortest showing run on it), and the AI answers
    waiting for their delay."""

    def __init__(
        self, moment: Moment, key: int, seconds: float | None, minimum: float | None = None
    ) -> None:
        self.moment = moment
        self.key = key  # the number of actions applied when it opened
        self.countdown = Countdown(seconds)
        self.elapsed = 0.0
        self.minimum = (seconds or 0.0) if minimum is None else minimum
        self.scheduled: dict[int, tuple[float, Action]] = {}  # seat -> (when, claim)
        self.claimed = False
        self.released = False
        self.engine_open = True  # the engine still waits for answers to this window
        self.messages: dict[int, str] = {}  # per-seat notes ("no cut possible")

    def update(self, dt: float) -> None:
        self.elapsed += dt
        self.countdown.update(dt)

    def schedule(self, seat: int, action: Action, rng: random.Random) -> None:
        """An AI claim, shown after a cosmetic delay (within the window's length)."""
        low, high = self.moment.claim_delay
        when = rng.uniform(low, high)
        seconds = self.countdown.seconds
        if seconds is not None:
            when = min(when, seconds * 0.8)
        self.scheduled[seat] = (self.elapsed + when, action)

    def due(self) -> list[tuple[int, Action]]:
        """Scheduled answers whose time has come (removed from the schedule)."""
        now = self.elapsed
        ready = [(seat, action) for seat, (when, action) in self.scheduled.items() if when <= now]
        for seat, _action in ready:
            del self.scheduled[seat]
        return ready

    def release(self) -> None:
        """The players chose to go on (a click, "go on"): stop holding the events."""
        self.released = True

    @property
    def holds_events(self) -> bool:
        """The events after the window wait until it has been shown for its shortest length,
        a claim won, or the players chose to go on."""
        return not (self.claimed or self.released or self.elapsed >= self.minimum)

    @property
    def holding(self) -> bool:
        """The engine has closed the window and its events are being held back."""
        return not self.engine_open and self.holds_events
