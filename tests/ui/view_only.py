"""``ViewOnlySession``: a test double of a session that holds no more than a remote one would.

It wraps an offline ``GameSession`` (the rules have to run somewhere: here, as on a server) and
gives the table exactly the :class:`~nove_desktop.sessions.Session` protocol, answered from
what the seats at this screen may know:

- observations, legal actions, whose turn, and the public facts (seats, options, seed, the
  position, the result);
- events censored for the screen's people as the server would send them
  (``Event.for_seat``): an event none of them may see whole arrives censored for everybody;
- the rules' answers about a seat's own decision (``is_legal``, ``refusal``) and the table's
  look-ahead (``sample``) asked of a sample of the position determinized for that seat (a
  state it cannot tell from the true one), never of the true state.

No attribute outside the protocol exists (``__slots__``, no ``__getattr__``): a table that
reaches for ``session.state`` or ``session.replay`` gets an ``AttributeError``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nove_desktop.ai import DecisionRequest
from nove_desktop.engine.actions import Action
from nove_desktop.engine.errors import IllegalActionError
from nove_desktop.engine.events import Event, events_for_seat
from nove_desktop.engine.game import Game, GameResult
from nove_desktop.session import GameSession, SeatConfig
from nove_desktop.sessions import NOT_POSSIBLE, Session
from nove_desktop.undo import UndoRefusal


def for_screen(events: Sequence[Event], people: Sequence[int]) -> list[Event]:
    """``events`` as the people at one screen may receive them: whole when one of them may see
    it, else as everybody sees it (censored, or dropped)."""
    out = []
    for event in events:
        shown = event.visible_to
        if shown is None or any(seat in shown for seat in people):
            out.append(event)
            continue
        public = event.for_seat(None)
        if public is not None:
            out.append(public)
    return out


class ViewOnlySession:
    """The protocol and nothing else, from what this screen's seats may know."""

    __slots__ = (
        "_inner",
        "_samples",
        "asked",
        "game",
        "opening_events",
        "options",
        "seats",
        "seed",
    )

    def __init__(self, inner: GameSession) -> None:
        self._inner = inner
        self.game: Game[Any, Any] = inner.game
        self.options: Any = inner.options
        self.seed: int = inner.seed
        self.seats: list[SeatConfig] = list(inner.seats)
        self.opening_events: list[Event] = for_screen(inner.opening_events, inner.human_seats)
        self.asked: set[str] = set()  # the protocol's members the table used (for the test)
        self._samples: dict[int, Any] = {}  # per seat, until the position changes

    def _ask(self, name: str) -> None:
        self.asked.add(name)

    # The table keeps its part of the save here (a remote client keeps it on its own disk).
    @property
    def ui(self) -> dict[str, Any]:
        return self._inner.ui

    @ui.setter
    def ui(self, value: dict[str, Any]) -> None:
        self._inner.ui = value

    @property
    def can_undo(self) -> bool:
        return self._inner.can_undo

    @property
    def offers_hints(self) -> bool:
        return self._inner.offers_hints

    @property
    def can_save(self) -> bool:
        return self._inner.can_save

    @property
    def runs_game(self) -> bool:
        return self._inner.runs_game

    def arrived(self) -> list[Event]:
        return self._inner.arrived()

    def window_seconds_left(self) -> float | None:
        return self._inner.window_seconds_left()

    def seat_status(self, seat: int) -> str:
        return self._inner.seat_status(seat)

    def final_replay(self) -> dict[str, Any] | None:
        return self._inner.final_replay()

    @property
    def over(self) -> bool:
        return not self._inner.to_act()

    @property
    def position(self) -> int:
        return self._inner.position

    @property
    def human_seats(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.is_human]

    @property
    def assisted(self) -> bool:
        return self._inner.assisted

    def to_act(self) -> tuple[int, ...]:
        return self._inner.to_act()

    def is_human(self, seat: int) -> bool:
        return self.seats[seat].is_human

    def legal(self, seat: int) -> list[Action]:
        self._ask("legal")
        return self._inner.legal(seat)

    def observe(self, seat: int | None) -> Any:
        return self._inner.observe(seat)

    # -- the seat's own decision: asked of its sample, never of the true state -------------------
    def sample(self, seat: int) -> Any:
        self._ask("sample")
        return self._sample(seat).copy()

    def _sample(self, seat: int) -> Any:
        """The seat's sample at this position (drawn once: the table asks many questions)."""
        if seat not in self._samples:
            self._samples[seat] = self._inner.sample(seat)
        return self._samples[seat]

    def is_legal(self, seat: int, action: Action) -> bool:
        self._ask("is_legal")
        return self.game.is_legal(self._sample(seat), seat, action)

    def refusal(self, seat: int, steps: Sequence[Action]) -> IllegalActionError | None:
        self._ask("refusal")
        trial = self._sample(seat).copy()  # a copy: the steps change it
        for step in steps:
            if not self.game.is_legal(trial, seat, step):
                try:
                    self.game.apply(trial, seat, step)
                except IllegalActionError as exc:
                    return exc
                return IllegalActionError(NOT_POSSIBLE, seat=seat, action=step)
            self.game.apply(trial, seat, step)
        return None

    # -- acting and what happened ----------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list[Event]:
        self._samples.clear()
        return for_screen(self._inner.apply(seat, action), self.human_seats)

    def history(self, seat: int | None) -> list[Event]:
        self._ask("history")
        return events_for_seat(self._inner.history(seat), seat)

    def result(self) -> GameResult:
        return self._inner.result()

    def play_again(self) -> ViewOnlySession:
        self._ask("play_again")
        return ViewOnlySession(self._inner.play_again())

    # -- AI seats and hints (a server's work) ----------------------------------------------------
    def decision_request(self, seat: int, kind: str | None = None) -> DecisionRequest:
        return self._inner.decision_request(seat, kind)

    def hint_request(self, seat: int) -> DecisionRequest:
        self._ask("hint_request")
        return self._inner.hint_request(seat)

    # -- undo and saving -------------------------------------------------------------------------
    def undo_refusal(self) -> UndoRefusal | None:
        return self._inner.undo_refusal()

    def undo(self) -> int:
        self._ask("undo")
        self._samples.clear()
        return self._inner.undo()

    def to_save(self, extra: dict[str, Any] | None = None) -> dict[str, Any]:
        return self._inner.to_save(extra)


def view_only(session: GameSession) -> Session:
    """``session`` seen through the protocol only (typed as the table sees it)."""
    return ViewOnlySession(session)
