"""Out of the game: when every person at the table is out (Kaël above the limit, a banco seat
with no chips left) and the computer players play on, the table offers to watch or to skip to
the results. Skipping plays the rest at once, without animations and without the round
summaries, then shows the game over.

A skipped game ends exactly as a watched one: every AI decision is ``ai.decide`` on the same
request (a function of the seat's seed, the position and its observation), a quick private
prompt is answered as the table answers it (``decide_now``), and the seats of a window are all
asked at the position where it opened and applied in seat order, which is also how the table
applies them once no person can answer (``humans_watching`` is then false)."""

from __future__ import annotations

from typing import Any

from ...ai import decide
from ...engine.events import Event
from ...i18n import _
from .hooks import TablePart


def seat_out(observation: Any, seat: int) -> bool:
    """Whether ``seat`` is out of the game, as a public observation tells (an ``eliminated``
    flag per seat, on the observation or on its seat views); False for games without one."""
    flags = getattr(observation, "eliminated", None)
    if isinstance(flags, (tuple, list)) and 0 <= seat < len(flags):
        return bool(flags[seat])
    seats = getattr(observation, "seats", None)
    if isinstance(seats, (tuple, list)) and 0 <= seat < len(seats):
        return bool(getattr(seats[seat], "eliminated", False))
    return False


class SkipMixin(TablePart):
    """A part of :class:`~.scene.TableScene`: its methods work on the scene's state."""

    skip_offered = False
    skipping = False
    _out_checked: tuple[int, bool] = (-1, False)

    def humans_out(self) -> bool:
        """Every person at the table is out while the game goes on (checked once per move)."""
        session = self.session
        if self._out_checked[0] != self.actions_applied:
            humans = session.human_seats
            public = session.observe(None)
            out = (
                bool(humans) and not session.over and all(seat_out(public, seat) for seat in humans)
            )
            self._out_checked = (self.actions_applied, out)
        return self._out_checked[1]

    def offer_skip(self) -> None:
        """Once, when the last person is out: watch (the focus: Enter by accident watches) or
        skip to the results. The table's menu offers the skip again later."""
        if self.skip_offered or not self.humans_out():
            return
        self.skip_offered = True
        self.app.scenes.push(
            "confirm",
            question=_("You are out of the game"),
            detail=_(
                "The others play on. Watch the rest of the game, or skip to the results: "
                "the rest is played at once, without animations."
            ),
            on_yes=self.skip_to_results,
            yes=_("Skip to the results"),
            no=_("Watch"),
        )

    def skip_to_results(self) -> None:
        """Play the rest of the game at once (see the module's docstring), then the results."""
        self.runner.forget()
        self.ai_wait.clear()
        self.moment = None
        self.skipping = True  # no round summary opens: the game over follows at once
        try:
            events = self.play_out()
            self.enqueue(events)
            self.skip_animations()
        finally:
            self.skipping = False
        self.save_due = True
        self.controls_key = None

    def play_out(self) -> list[Event]:
        """Every remaining move, decided as at the table; the events, in order."""
        session = self.session
        events: list[Event] = []
        while not session.over:
            acting = session.to_act()
            if any(session.is_human(seat) for seat in acting):
                break  # cannot happen to a seat that is out; the table takes over if it does
            moment = self.moment_for(acting)
            if moment is not None and not moment.public and len(acting) == 1:
                answers = [(acting[0], self.decide_now(acting[0]))]
            else:
                answers = [(seat, decide(session.decision_request(seat))) for seat in acting]
            for seat, action in answers:
                if seat not in session.to_act():
                    break
                events += session.apply(seat, action)
                self.actions_applied += 1
                now = session.to_act()
                current = self.moment_for(now) if now else None
                if moment is None or current is None or not moment.same_as(current):
                    break  # the window closed (or it was a turn): ask again from here
        return events
