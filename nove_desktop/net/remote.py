"""A game played on a server, as the table kit sees it: :class:`RemoteSession`.

It implements :class:`~nove_desktop.sessions.Session` over a
:class:`~nove_desktop.net.client.ThreadClient` from what the server sends this client's seat
and nothing else: the seat's observation (typed, ``game.observation_from_json``), its censored
events (``game.events.from_json``), its legal actions (the game's action codec), whose turn it
is, every seat's name and status, the open window's seconds left by the server's clock, and at
the end the result and the replay. The room's seed is never known here while the game goes on:
the table prints the room code where an offline table prints the deal number.

The server runs the game (``runs_game`` is False): the table runs no AI for the other seats,
never times a window out by itself and never sends a pass for its player. A move is sent with
the position it was chosen at; until the server answers, nobody is to act as far as the table
knows (its input is refused while the move is in flight). Steps chosen together (a NUM-X play:
its specials, then the play) leave one after the other, each at its confirmed position.

No pygame here (``net/`` never imports it); ``open_remote_table`` pushes the table scene by name.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..engine.actions import Action
from ..engine.errors import IllegalActionError
from ..engine.events import Event
from ..engine.game import Game, GameResult
from ..engine.registry import Registry
from ..match import default_names
from ..session import HUMAN, SeatConfig
from ..sessions import NOT_POSSIBLE
from .client import ThreadClient

if TYPE_CHECKING:
    from ..ai import DecisionRequest
    from ..undo import UndoRefusal

VIEWS = ("update", "snapshot")
STAND_IN_STATUSES = {"away": "away", "ai_stand_in": "ai_stand_in"}


class Link(Protocol):
    """What the session needs of its client (``ThreadClient``; a test's fake)."""

    def send(self, message: dict[str, Any]) -> None: ...

    def poll(self, stop_at: str | None = None) -> list[dict[str, Any]]: ...


class RemoteRefused(Exception):
    """Asked of a remote session what only a local game can do (undo, save, AI requests)."""


class RemoteSession:
    """The Session of one seat of a server's room (see the module's docstring)."""

    def __init__(
        self,
        client: Link,
        game: Game[Any, Any],
        options: Any,
        lobby: dict[str, Any],
        snapshot: dict[str, Any],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.client = client
        self.game = game
        self.options = options
        self.room: str = str(lobby.get("room", ""))
        self.my_seat: int = int(snapshot["seat"])
        self.is_host = lobby.get("host") == self.my_seat
        self.ui: dict[str, Any] = {}
        self._clock = clock
        self._events: list[Event] = []  # every event this seat received (its history)
        self._waiting: list[Event] = []  # received, not yet given to the table
        self._backlog: deque[dict[str, Any]] = deque()
        self._outbox: list[Action] = []  # steps chosen together, sent one by one
        self._pending = False
        self._result: GameResult | None = None
        self._replay: dict[str, Any] | None = None
        self.errors: list[dict[str, Any]] = []  # refusals from the server (kept for the log)
        self.seats: list[SeatConfig] = []
        self._read_view(snapshot)
        self.opening_events: list[Event] = self._waiting
        self._waiting = []

    # -- what the table prints -------------------------------------------------------------------
    @property
    def seed(self) -> str:
        """The room code (the room's seed stays on the server until the game is over)."""
        return self.room

    # -- capabilities ----------------------------------------------------------------------------
    @property
    def runs_game(self) -> bool:
        return False

    @property
    def can_undo(self) -> bool:
        return False

    @property
    def offers_hints(self) -> bool:
        return False  # a hint would need a sample of the hidden cards: the server's secret

    @property
    def can_save(self) -> bool:
        return False  # the game lives on the server; its token brings the player back

    # -- whose turn ------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self._result is not None

    @property
    def position(self) -> int:
        return self._position

    @property
    def human_seats(self) -> list[int]:
        return [self.my_seat]

    @property
    def assisted(self) -> bool:
        return False  # no undo online

    def to_act(self) -> tuple[int, ...]:
        """The seats the server waits for, this seat first; nobody while this seat's move is
        in flight, and not this seat once its answer to a window is taken."""
        if self._pending or self.over:
            return ()
        others = tuple(s for s in self._to_act if s != self.my_seat)
        if self._answered or len(others) == len(self._to_act):
            return others
        # This seat first: a table reads a window from its first seat's legal actions, and
        # only this seat's are known here (the server orders the answers by precedence).
        return (self.my_seat, *others)

    def is_human(self, seat: int) -> bool:
        return seat == self.my_seat

    def legal(self, seat: int) -> list[Action]:
        if seat != self.my_seat or self._pending or self.over:
            return []
        return list(self._legal)

    def observe(self, seat: int | None) -> Any:
        return self._observation  # this seat's: the only one this computer has

    def is_legal(self, seat: int, action: Action) -> bool:
        return action in self.legal(seat)

    def refusal(self, seat: int, steps: Sequence[Action]) -> IllegalActionError | None:
        """The first step is checked against the seat's legal actions (or, while a step of the
        same turn is in flight, left to the server); later steps are the server's to judge."""
        if not steps or (self._pending and seat == self.my_seat):
            return None
        if steps[0] in self.legal(seat):
            return None
        return IllegalActionError(NOT_POSSIBLE)

    def sample(self, seat: int) -> Any:
        return None  # the hidden cards are the server's: no look-ahead here

    # -- acting ----------------------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list[Event]:
        """Send the move (its events arrive with the server's answer, through ``arrived``)."""
        if seat != self.my_seat or self.over:
            raise IllegalActionError(NOT_POSSIBLE)
        if self._pending:
            self._outbox.append(action)  # the next step of the same turn
            return []
        self._send(action)
        return []

    def _send(self, action: Action) -> None:
        self._pending = True
        self.client.send({"type": "act", "position": self._position, "action": action.to_json()})

    def arrived(self) -> list[Event]:
        """Read the server's messages; the events of a game's end wait for its result (so the
        table's game over shows the final scores)."""
        if self.over:
            return []  # what comes next (a lobby) is for the room's scene under the table
        self._backlog.extend(self.client.poll())
        while self._backlog:
            message = self._backlog[0]
            if self._ends_game(message) and not any(m.get("type") == "over" for m in self._backlog):
                break
            self._backlog.popleft()
            self._receive(message)
            if self.over:
                break
        out, self._waiting = self._waiting, []
        return out

    @staticmethod
    def _ends_game(message: dict[str, Any]) -> bool:
        return message.get("type") in VIEWS and not message.get("to_act")

    def _receive(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind in VIEWS:
            self._read_view(message)
        elif kind == "over":
            self._result = GameResult.from_json(message["result"])
            self._replay = message["replay"]
        elif kind == "error":
            self.errors.append(message)
            self._pending = False  # the move was refused: the table offers the decision again
            self._outbox.clear()

    def _read_view(self, view: dict[str, Any]) -> None:
        events = [self.game.events.from_json(e) for e in view["events"]]
        if view["type"] == "snapshot":  # every event so far: keep those not seen yet
            events = events[len(self._events) :]
        self._events += events
        self._waiting += events
        self._position = int(view["position"])
        self._observation = self.game.observation_from_json(view["observation"])
        self._legal = [self.game.actions.from_json(a) for a in view["legal"]]
        self._to_act = tuple(int(s) for s in view["to_act"])
        self._statuses = [str(s.get("status", "")) for s in view["seats"]]
        kinds = [
            HUMAN if i == self.my_seat else str(s["kind"]) for i, s in enumerate(view["seats"])
        ]
        unnamed = default_names(kinds)  # AI seats have no name in the room: "Normal 3"
        self.seats = [
            SeatConfig(str(s.get("name") or unnamed[i]), kinds[i])
            for i, s in enumerate(view["seats"])
        ]
        window = view.get("window")
        self._answered = bool(window and window.get("answered"))
        self._window_left = None if window is None else float(window["seconds_left"])
        self._window_at = self._clock()
        self._pending = False
        if self._outbox and self.my_seat in self._to_act and not self.over:
            self._send(self._outbox.pop(0))

    # -- what arrives by itself ------------------------------------------------------------------
    def window_seconds_left(self) -> float | None:
        """The open window's time left by the server's clock (None: no window open)."""
        if self._window_left is None:
            return None
        return max(0.0, self._window_left - (self._clock() - self._window_at))

    def seat_status(self, seat: int) -> str:
        if not 0 <= seat < len(self._statuses):
            return ""
        return STAND_IN_STATUSES.get(self._statuses[seat], "")

    def final_replay(self) -> dict[str, Any] | None:
        return self._replay

    def history(self, seat: int | None) -> list[Event]:
        return list(self._events)  # already censored for this seat by the server

    def result(self) -> GameResult:
        if self._result is not None:
            return self._result
        scores = tuple(getattr(self._observation, "scores", ()) or ())
        return GameResult(False, tuple(int(s) for s in scores), None, 0, "")

    def play_again(self) -> None:
        """Back to the room's lobby: the host asks the server for another game there."""
        if self.is_host:
            self.client.send({"type": "again"})
        return None

    # -- what only a local game does -------------------------------------------------------------
    def decision_request(self, seat: int, kind: str | None = None) -> DecisionRequest:
        raise RemoteRefused("the server decides for its AI seats")

    def hint_request(self, seat: int) -> DecisionRequest:
        raise RemoteRefused("no hints online")

    def undo_refusal(self) -> UndoRefusal | None:
        raise RemoteRefused("no undo online")

    def undo(self) -> int:
        raise RemoteRefused("no undo online")

    def to_save(self, extra: dict[str, Any] | None = None) -> dict[str, Any]:
        raise RemoteRefused("an online game is kept by the server")


def remote_session(
    client: ThreadClient,
    snapshot: dict[str, Any],
    registry: Registry,
    lobby: dict[str, Any] | None = None,
) -> RemoteSession:
    """The session of ``snapshot``: the game and its options from ``lobby`` (a lobby message,
    or at least its ``room``, ``game``, ``options`` and ``host``), by default the room's last
    lobby the client received (an app rejoining after a restart has none: it passes what it
    kept with the token)."""
    lobby = lobby if lobby is not None else client.lobby
    if lobby is None:
        raise ValueError("a snapshot arrived before the room's lobby")
    game = registry.get(lobby["game"])
    values = {"players": len(snapshot["seats"]), **lobby.get("options", {})}
    options = game.options_from_json(values)
    return RemoteSession(client, game, options, lobby, snapshot)


def open_remote_table(
    app: Any,
    client: ThreadClient,
    snapshot: dict[str, Any],
    lobby: dict[str, Any] | None = None,
) -> None:
    """Push the game's table for the seat of ``snapshot`` (a game starting, or rejoined: then
    the table rebuilds its move log from every event the seat has seen). The messages after
    the snapshot must stay in the client for the table: poll with ``stop_at="snapshot"``."""
    session = remote_session(client, snapshot, app.registry, lobby)
    resumed = session.position > 0
    app.scenes.push("table", session=session, resumed=resumed)
