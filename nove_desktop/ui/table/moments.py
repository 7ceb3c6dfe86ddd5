"""Timed decisions: reaction windows and private prompts.

A *window* (Kaël's cut, NUM-X's Facteur X) asks several seats at once and everybody sees it: it
runs its full length whenever it opens, whether or not anyone can claim, so the pause itself
reveals nothing. AI seats answer at once; a claim is shown after a cosmetic delay drawn from the
table's own random source (never the game's generator); a human who lets the time run out
passes. A *prompt* (Kaël's good draw) is one seat's private question: an AI answers it without
any pause or "thinking" marker, so that nobody can tell it was asked.
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
    ``default`` is what a human who does not answer in time does."""

    kind: str
    seconds: float | None
    default: Action
    public: bool = True


class OpenMoment:
    """A moment in progress: its countdown, and the AI answers waiting for their delay."""

    def __init__(self, moment: Moment, key: int, seconds: float | None) -> None:
        self.moment = moment
        self.key = key  # the number of actions applied when it opened
        self.countdown = Countdown(seconds)
        self.scheduled: dict[int, tuple[float, Action]] = {}  # seat -> (when, claim)
        self.claimed = False
        self.engine_open = True  # False once the engine has resolved the window

    def schedule(self, seat: int, action: Action, rng: random.Random) -> None:
        """An AI claim, shown after a cosmetic delay (within the window's length)."""
        low, high = AI_CLAIM_DELAY
        when = rng.uniform(low, high)
        seconds = self.countdown.seconds
        if seconds is not None:
            when = min(when, seconds * 0.8)
        self.scheduled[seat] = (self.countdown.elapsed + when, action)

    def due(self) -> list[tuple[int, Action]]:
        """Scheduled answers whose time has come (removed from the schedule)."""
        now = self.countdown.elapsed
        ready = [(seat, action) for seat, (when, action) in self.scheduled.items() if when <= now]
        for seat, _action in ready:
            del self.scheduled[seat]
        return ready

    @property
    def runs_on(self) -> bool:
        """The window is still shown: it has not run its length and no claim won."""
        return not (self.claimed or self.countdown.expired or self.countdown.stopped)

    @property
    def holds_events(self) -> bool:
        """Once the engine has closed the window (everybody passed), the events that follow
        wait until the window has run its full length; answers while it is open play at once."""
        return self.runs_on and not self.engine_open
