"""The event queue: the engine's events played as animations, one after another.

A batch of events is queued with the post-play pauses the rhythm of play asks for; each event,
when its turn comes, writes its line in the move log and goes to the game's handler, which moves
cards, starts effects and may ask for a pause. ``present`` plays the queue on every frame until
something takes time; ``skip_animations`` jumps every animation to its end. Also the effects the
handlers start: call-outs, timed callbacks and flying tokens.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from ...engine.events import Event
from ...engine.replay import ReplayError
from . import paint
from .basics import LOG_LINES, OVERLAP, Rhythm
from .dispatch import Handlers
from .effects import Banner, Task, TokenFlight
from .hooks import TablePart


class PlaybackMixin(TablePart):
    """A part of :class:`~.scene.TableScene`: its methods work on the scene's state."""

    @functools.cached_property
    def handlers(self) -> Handlers:
        return self.event_handlers()

    # == events -> animations ====================================================================
    def enqueue(self, events: Sequence[Event]) -> None:
        """Queue a batch of raw events; each is censored for the viewer when it plays."""
        self.queue.extend(self.with_rhythm(events))
        moment = self.moment
        if moment is not None and any(self.ends_window(event) for event in events):
            moment.claimed = True

    def ends_window(self, event: Event) -> bool:
        """Whether this event is a claim that closes the open window at once."""
        return False

    def post_play_pause(self, event: Event) -> float:
        """Seconds the table keeps after this (public) event whether or not a reaction window
        follows it, so that the rhythm of play never tells whether anyone could have claimed.
        When a window does follow, its shortest showing covers the pause; when none does (the
        engine skipped it, or the play ended the trick), the table waits this long before the
        next event. Not scaled by the animation speed; a click skips it like any animation."""
        return 0.0

    def banner_spot(self, anchor: str) -> tuple[float, float] | None:
        """Where a call-out with a game's own anchor ("trick") goes (design units); None for
        the kit's anchors ("centre", "seat:<n>")."""
        return None

    def with_rhythm(self, events: Sequence[Event]) -> list[Event]:
        """The batch with a pause marker after each play that no open window will cover
        (see ``post_play_pause``): the last such play is covered when the batch leaves a
        public window open."""
        pauses = [self.post_play_pause(e) if e.is_public else 0.0 for e in events]
        if not any(pauses):
            return list(events)
        last = max(i for i, pause in enumerate(pauses) if pause > 0)
        covered = last if self.public_window_open() else -1
        out: list[Event] = []
        for i, (event, pause) in enumerate(zip(events, pauses, strict=True)):
            out.append(event)
            if pause > 0 and i != covered:
                out.append(Rhythm(pause))
        return out

    def public_window_open(self) -> bool:
        acting = self.session.to_act()
        moment = self.moment_for(acting) if acting else None
        return moment is not None and moment.public

    def process(self, raw: Event) -> bool:
        """Play one event: the log line, then the game's handler (it moves cards, starts
        effects, and may ask for a pause). True when the next event may start at once."""
        if isinstance(raw, Rhythm):
            self.rhythm = max(self.rhythm, raw.seconds)
            return False
        public = raw.for_seat(None)
        if public is not None:
            line = self.describe_event(public)
            if line:
                self.add_log(line)
        self.synced = False
        seen = raw.for_seat(self.viewer)
        if seen is None:
            return True
        handler = self.handlers.for_event(seen)
        if handler is None:
            return False  # nothing moved (a window's answers): no slots to recompute
        pause = handler(seen)
        self.place_sprites()
        if pause == OVERLAP:
            return True
        self.beat = max(self.beat, (pause or 0.0) * self.speed)
        return False

    def add_log(self, line: str) -> None:
        self.log.append(line)
        del self.log[:-LOG_LINES]

    def rebuild_log(self) -> None:
        """A resumed game: re-run its actions to rebuild the move log and the history."""
        try:
            every = self.session.history(self.viewer)
        except ReplayError:  # the save loaded, so this cannot fail; the log simply stays empty
            return
        for event in every:
            public = event.for_seat(None)
            if public is not None:
                line = self.describe_event(public)
                if line:
                    self.add_log(line)
        self.history_rows(every)

    # -- effects ---------------------------------------------------------------------------------
    def banner(
        self,
        text: str,
        anchor: str = "centre",
        size: float = 40,
        colour: tuple[int, int, int] = paint.CALL_COLOUR,
        life: float = 1.2,
        blocking: bool = False,
    ) -> None:
        """A call-out at the centre or at a seat (anchor ``seat:<n>``)."""
        self.tasks = [t for t in self.tasks if not (isinstance(t, Banner) and t.anchor == anchor)]
        self.tasks.append(Banner(text, anchor, size, colour, life * max(self.speed, 0.4), blocking))

    def after(self, seconds: float, callback: Callable[[], None]) -> None:
        """Run ``callback`` once ``seconds`` have played (immediately when skipped)."""
        self.tasks.append(Task(seconds * self.speed, callback))

    def fly_tokens(
        self,
        values: Sequence[int],
        start: tuple[float, float],
        end: tuple[float, float],
        kind: str = "chip",
    ) -> None:
        for i, value in enumerate(values):
            self.tasks.append(
                TokenFlight(
                    value, start, end, i * 0.06 * self.speed, 0.5 * max(self.speed, 0.2), kind
                )
            )

    # == playing the queue, or skipping it =====================================================
    def present(self) -> None:
        """Play queued events until one of them starts something that takes time."""
        overlap = False
        while True:
            if self.beat > 0 or self.rhythm > 0 or (not overlap and self.effects_blocking()):
                return
            if self.pending_modal is not None:
                opener, self.pending_modal = self.pending_modal, None
                self.modal_open = True
                opener()
                return
            if not self.queue:
                if not self.synced:
                    self.reconcile()
                    self.synced = True
                    self.controls_key = None
                return
            if self.moment is not None and self.moment.holding:
                return
            event = self.queue.popleft()
            overlap = self.process(event)
            if overlap and self.queue and self.queue[0].kind != event.kind:
                # A cascade (a deal) overlaps only with itself: what follows it (a NOVE shown
                # at the deal, the first decision) waits until its cards have landed.
                overlap = False

    def skip_animations(self, by_player: bool = True) -> None:
        """Every animation jumps to its end (stops at a summary). A player's skip also ends a
        window's held pause and a post-play pause (their choice, so nothing is revealed); the
        "animations off" setting does not."""
        self.beat = 0.0
        if by_player:
            self.rhythm = 0.0
            if self.moment is not None and self.moment.holding:
                self.moment.release()
        while True:
            for task in list(self.tasks):
                task.finish()
            self.tasks = []
            for sprite in self.sprites.values():
                sprite.finish()
            self.leaving = []
            if self.pending_modal is not None or not self.queue or self.rhythm > 0:
                break
            if self.moment is not None and self.moment.holding:
                break
            self.process(self.queue.popleft())
            self.beat = 0.0
            if by_player:
                self.rhythm = 0.0
        self.place_sprites()
        for sprite in self.sprites.values():
            sprite.finish()
