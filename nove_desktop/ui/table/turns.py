"""Decisions at the table: asking every seat in ``to_act`` (people through controls, AI seats in
the worker at their pace), reaction windows and private prompts, applying actions (a refused move
is told, never applied), and the controls offered from ``legal_actions``."""

from __future__ import annotations

from ...ai import decide, level_of
from ...engine.actions import Action
from ...engine.events import Event
from ..refusals import reason_text
from ..widgets import Widget
from .basics import (
    AI_PACE,
    CardWidget,
    humans_watching,
)
from .hooks import TablePart
from .moments import ALL_AI_WINDOW, Moment, OpenMoment

RUN_FULL = 2  # computer turns in a row at the full pace
RUN_DECAY = 0.8  # each further turn of the run lasts this share of the one before
RUN_FLOOR = 0.3  # ... but never less than this share of the pace


class TurnsMixin(TablePart):
    """A part of :class:`~.scene.TableScene`: its methods work on the scene's state."""

    def decide(self, dt: float) -> None:
        acting = self.session.to_act()
        if not acting:
            self.moment = None
            self.controls_key = None
            return
        moment = self.moment_for(acting)
        if moment is not None:
            self.run_moment(moment, acting)
        else:
            self.moment = None
            seat = acting[0]
            if self.session.is_human(seat):
                self.human_turn(seat)
            else:
                self.ai_turn(seat, dt)

    def human_turn(self, seat: int) -> None:
        if seat != self.viewer:
            if self.pass_and_play and self.app.settings.handoff:
                self.start_handoff(seat)
                return
            self.set_viewer(seat)
        key = ("turn", seat, self.actions_applied)
        if self.controls_key != key:
            self.controls_key = key
            self.show_controls(self.build_controls(seat, self.session.legal(seat)))

    def ai_turn(self, seat: int, dt: float) -> None:
        if not self.session.runs_game:
            self.wait_elsewhere(seat)
            return
        token = self.actions_applied
        if not self.runner.asked(seat, token) and seat not in self.ai_wait:
            self.ask_ai(seat, token)
            self.ai_wait[seat] = self.pace(seat)
            self.show_controls([])
            return
        if seat in self.ai_wait:
            self.ai_wait[seat] -= dt
            if self.ai_wait[seat] > 0:
                self.runner.ready(seat)
                return
        action = self.runner.answer(seat)
        if action is None:
            return
        self.ai_wait.pop(seat, None)
        self.apply(seat, action)

    def wait_elsewhere(self, seat: int) -> None:
        """Another computer decides for ``seat`` (a server's other seat): the seat is shown
        thinking until its move arrives (``take_arrivals``)."""
        self.ai_wait.setdefault(seat, 0.0)
        key = ("elsewhere", seat, self.actions_applied)
        if self.controls_key != key:
            self.controls_key = key
            self.show_controls([])

    def take_arrivals(self) -> None:
        """Moves made elsewhere (the server's other seats, or a move of ours it confirmed or
        refused) are played as the table's own: their events queue as if applied here."""
        events = self.session.arrived()
        position = self.session.position
        if not events and position == self.actions_applied:
            return
        self.actions_applied = position
        self.ai_wait.clear()
        self.moved_on()
        self.enqueue(events)
        self.controls_key = None

    def pace(self, seat: int) -> float:
        """How long an AI seat's turn lasts, thinking included (the AI pace setting). In a long
        run of computer turns (eleven bets at a 12-seat banco table) each turn is shorter than
        the one before, down to a floor: the first turns after yours keep the chosen pace, so
        you can follow who did what, and a run never drags. Public facts only (how many
        computer turns in a row), so the rhythm tells nothing hidden."""
        pace = AI_PACE.get(self.app.settings.ai_pace, 0.7)
        run = max(RUN_FLOOR, RUN_DECAY ** max(0, self.ai_run - RUN_FULL))
        return pace * run * (0.6 if not self.session.human_seats else 1.0)

    def ask_ai(self, seat: int, token: object) -> None:
        """The seat's decision request (its observation, legal actions and, for a search, one
        sample of what it cannot see), answered by ``ai.decide`` in a worker; a search runs in
        the worker process."""
        request = self.session.decision_request(seat)
        heavy = level_of(request.kind) == "hard"
        self.runner.submit(seat, token, decide, request, heavy=heavy)

    # -- windows and prompts ---------------------------------------------------------------------
    def run_moment(self, moment: Moment, acting: tuple[int, ...]) -> None:
        key = self.actions_applied
        if (
            self.moment is None
            or not moment.same_as(self.moment.moment)
            or (not moment.public and self.moment.key != key)
        ):
            self.open_moment(moment, acting)
        open_moment = self.moment
        assert open_moment is not None
        token = ("moment", open_moment.key)
        humans = [s for s in acting if self.session.is_human(s)]
        runs_game = self.session.runs_game
        for seat in acting:
            if self.session.is_human(seat) or not runs_game:  # else the server answers
                continue
            if not self.runner.asked(seat, token) and seat not in open_moment.scheduled:
                self.ask_ai(seat, token)
                continue
            answer = self.runner.answer(seat)
            if answer is None:
                if not humans_watching(self):
                    break  # nobody can answer: answers apply in seat order, as when skipped
                continue
            if seat not in self.session.to_act():
                continue
            if answer == moment.default or not moment.public or not humans_watching(self):
                self.apply(seat, answer)
                if self.moment is not open_moment or not open_moment.engine_open:
                    return
                continue
            open_moment.schedule(seat, answer, self.ui_random)
        for seat, action in open_moment.due():
            if seat in self.session.to_act():
                self.apply(seat, action)
                return
        if open_moment.countdown.expired and runs_game:  # a server passes for its players
            for seat in humans:
                if seat in self.session.to_act():
                    self.apply(seat, moment.default)
                    return
        key_controls: tuple[object, ...]
        if moment.public:
            key_controls = ("window", open_moment.key, tuple(humans))
        else:
            key_controls = ("prompt", open_moment.key)
        if self.controls_key != key_controls:
            self.controls_key = key_controls
            if moment.public:
                self.show_controls(self.window_controls(open_moment, acting))
            elif humans and humans[0] == self.viewer:
                legal = self.session.legal(humans[0])
                automatic = self.auto_answer(humans[0], legal)
                if automatic is not None:
                    self.apply(humans[0], automatic)
                    return
                self.show_controls(self.build_controls(humans[0], legal))
            elif humans:
                self.human_turn(humans[0])

    def open_moment(self, moment: Moment, acting: tuple[int, ...]) -> None:
        seconds = moment.seconds
        left = self.session.window_seconds_left()  # the clock that decides (a server's)
        if left is not None and moment.public:
            seconds = left
        elif moment.public and not humans_watching(self):
            seconds = ALL_AI_WINDOW * (AI_PACE.get(self.app.settings.ai_pace, 0.7) / 0.7)
        elif (
            moment.public and seconds is None and not any(self.session.is_human(s) for s in acting)
        ):
            seconds = 3.0  # untimed waits for the players, but none of them may answer
        # An all-AI table shows each window for its (short) full length.
        minimum = moment.minimum if humans_watching(self) else None
        self.moment = OpenMoment(moment, self.actions_applied, seconds, minimum)
        if moment.public and self.pass_and_play and self.viewer is not None:
            self.set_viewer(None)  # a window is a public moment: no private card stays shown

    def answer_window(self, seat: int, action: Action) -> None:
        """A human's answer in a window (a claim, or "pass")."""
        if self.moment is None or seat not in self.session.to_act():
            return
        self.apply(seat, action)

    # -- applying --------------------------------------------------------------------------------
    def refusal(self, seat: int, action: Action) -> str | None:
        """Why ``action`` is not legal for ``seat`` now (None if it is), in the engine's words.
        Checked on a copy: the real state is never touched by a refused action."""
        refused = self.session.refusal(seat, [action])
        return None if refused is None else reason_text(refused, self.names, self.card_words)

    def act(self, action: Action, seat: int | None = None) -> bool:
        """A human decision from the controls: applied, or refused with its reason."""
        seat = self.viewer if seat is None else seat
        if seat is None or not self.session.is_human(seat):
            return False
        reason = self.refusal(seat, action)
        if reason is not None:
            self.tell_refusal(reason[:1].upper() + reason[1:] + ".")
            return False
        self.app.sounds.play("click")
        self.apply(seat, action)
        return True

    def tell_refusal(self, text: str) -> None:
        """Why a move was refused: shown until the game moves on (see ``moved_on``)."""
        self.app.notify(text, error=True)
        self.refusals_told.add(text)

    def moved_on(self) -> None:
        """An action was applied: what was said about the state before it no longer holds.
        The status line was computed from that state (it would say "Bruno to play" through
        the scoring that Bruno's move started): it is cleared, and set again by the events of
        the move as they play or from the observation once they have played. A refusal told
        for the previous decision ("Place your bet first") is taken down."""
        self.status = ""
        self.synced = False  # read the observation again even if the move shows no event
        told = self.refusals_told
        if told:
            self.app.toasts = [t for t in self.app.toasts if t.text not in told]
            told.clear()

    def apply(self, seat: int, action: Action) -> None:
        events = self.session.apply(seat, action)
        self.ai_run = 0 if self.session.is_human(seat) else self.ai_run + 1
        self.actions_applied += 1
        self.moved_on()
        events += self.private_follow_ups()
        if self.moment is not None:
            acting = self.session.to_act()
            self.moment.engine_open = bool(acting) and self.moment_for(acting) is not None
        self.ai_wait.pop(seat, None)
        if self.moment is not None and not self.moment.moment.public:
            self.moment = None  # a prompt ends with its answer
        self.enqueue(events)
        self.save_due = True  # saved at the end of this frame, before anything is drawn
        if self.window_goes_on(seat):
            # Another seat answered a window that still waits: its events play now (they
            # animate nothing), so the table is never "animating" while the human may answer.
            self.present()
            return
        self.show_controls([])
        self.controls_key = None

    def window_goes_on(self, seat: int) -> bool:
        """An AI seat answered a public window that still waits for others: the humans'
        buttons stay where they are (their focus too)."""
        moment = self.moment
        if moment is None or not moment.moment.public or self.session.is_human(seat):
            return False
        acting = self.session.to_act()
        current = self.moment_for(acting) if acting else None
        moment.engine_open = moment.moment.same_as(current)
        return moment.engine_open

    def private_follow_ups(self) -> list[Event]:
        """An AI seat's private prompt (Kaël's good draw) is answered at once, inside the same
        frame as the action that opened it: no pause, marker or frame can tell it was asked."""
        events: list[Event] = []
        while self.session.runs_game:  # else the server answers its seats' prompts
            acting = self.session.to_act()
            if len(acting) != 1 or self.session.is_human(acting[0]):
                return events
            moment = self.moment_for(acting)
            if moment is None or moment.public:
                return events
            seat = acting[0]
            events += self.session.apply(seat, self.decide_now(seat))
            self.actions_applied += 1
        return events

    def decide_now(self, seat: int) -> Action:
        """An AI decision made in the frame, for a quick private prompt (Kaël's good draw): a
        Hard seat answers it as Normal does, since a search in the frame would take time that
        everyone could see (and its two choices need no search)."""
        kind = level_of(self.session.seats[seat].kind)
        return decide(self.session.decision_request(seat, "normal" if kind == "hard" else kind))

    def update_moment(self, dt: float) -> None:
        """Run the open window's clock; forget the window once the engine has closed it and
        the table has shown it for its full length (or a claim won)."""
        moment = self.moment
        if moment is None:
            return
        moment.update(dt)
        acting = self.session.to_act()
        current = self.moment_for(acting) if acting else None
        moment.engine_open = moment.moment.same_as(current)
        if not moment.engine_open and not moment.holds_events:
            self.moment = None
            self.controls_key = None

    # -- controls --------------------------------------------------------------------------------
    def show_controls(self, widgets: list[Widget]) -> None:
        self.controls = widgets
        if not widgets:
            self.drag = None  # the decision is over: a card still carried goes home
        refs = [ref for ref in self.sprites if self.selectable(ref)] if widgets else []
        self.card_widgets = [CardWidget(self, ref) for ref in self.ordered(refs)]
        self.place_controls(widgets)
        self.focus.set(self.focus_order(widgets), keep=False)
        self.keep_suggestion()

    def keep_suggestion(self) -> None:
        """New controls for the decision a hint was found for keep its outline (and the Hint
        button shows only while a human at the screen decides)."""
        self.hint_button.visible = self.advisor.available()
        found = self.advisor.hint
        if found is not None and self.advisor.asked_at == self.decision_moment():
            self.suggest(found.action)
        else:
            self.suggested_refs = set()

    def decision_moment(self) -> object:
        """Names the decision on screen: a hint belongs to it and is dropped when it passes."""
        return (self.actions_applied, self.viewer)

    def suggest(self, action: Action) -> None:
        """Outline the controls (and cards) of a hint's suggestion."""
        for widget in self.controls:
            widget.suggested = widget.action is not None and widget.action == action
        self.suggested_refs = set(self.hinted_refs(action))

    def refresh_controls(self, widgets: list[Widget]) -> None:
        """New buttons for the same decision (the selection changed): the keyboard stays on
        the card it was on; otherwise the likeliest move gets the focus."""
        focused = self.focus.focused
        self.controls = widgets
        self.place_controls(widgets)
        order = self.focus_order(widgets)
        self.focus.set(order, keep=False)
        if isinstance(focused, CardWidget) and focused in order and self.focus.keyboard:
            self.focus.focus(focused)
        self.keep_suggestion()

    def ordered(self, refs: list[str]) -> list[str]:
        """Refs in zone order (the keyboard walks the cards left to right)."""
        wanted = set(refs)
        return [ref for _zone, ref in self.zones.all_refs() if ref in wanted]

    def my_turn(self) -> bool:
        return bool(self.controls) and not self.animating
