"""One room, sans I/O: the lobby, the seats and their tokens, the game and what each client sees.

The server feeds it messages (``handle``) and the time (``now``, seconds of any monotonic clock:
nothing here reads a clock) and sends what it returns: a list of ``(client id, message)``.
``tick(now)`` runs the timers (window deadlines, AI pace, the away delay) and ``next_deadline()``
says when it is next needed. A room's history is (game, options, seed, actions): ``record()``
and ``Room.from_record()`` rebuild it exactly (the seat tokens included, so players can rejoin).

Windows (Kaël's cut, NUM-X's Facteur X): the answers are *held*, not applied as they arrive,
until the outcome is decided by the rules' precedence (every seat before the best claim has
answered), every seat has answered, or the deadline passes; then they are applied in the
window's precedence order, a missing answer counting as a pass. Who has the faster connection
never matters.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from ..ai import DecisionRequest, decide
from ..engine.actions import Action
from ..engine.errors import EngineError, FormatError, IllegalActionError
from ..engine.events import Event
from ..engine.registry import Registry
from ..session import GameSession, SeatConfig
from .protocol import ProtocolError
from .views import RECORD_FORMAT, RECORD_VERSION, HeldWindow, Outgoing, RoomViews, Seat, Settings
from .windows import open_window, pass_action

STAND_IN = "normal"  # the AI that plays a seat whose player is away
__all__ = ["Outgoing", "Room", "Seat", "Settings"]


class Room(RoomViews):
    """A room: see the module's docstring."""

    def __init__(
        self,
        code: str,
        registry: Registry,
        game_id: str,
        options: dict[str, Any],
        kinds: list[str],
        seed: int | None = None,
        settings: Settings | None = None,
    ) -> None:
        self.code = code
        self.registry = registry
        self.game_id = game_id
        self.options = dict(options)
        self.seats = [Seat(kind) for kind in kinds]
        self.seed_policy = seed  # None: a fresh random seed for every game
        self.settings = settings or Settings()
        self.games = 0
        self.seed = 0
        self.session: GameSession | None = None
        self.log: list[Event] = []
        self.window: HeldWindow | None = None
        self.ai_due: dict[int, float] = {}
        self.closed = False
        self.decider: Callable[[DecisionRequest], Action] = decide
        self._check_setup()

    # -- set-up ----------------------------------------------------------------------------------
    def _check_setup(self) -> None:
        if self.game_id not in self.registry:
            raise ProtocolError("bad_options", f'unknown game "{self.game_id}"')
        if not any(seat.is_remote for seat in self.seats):
            raise ProtocolError("bad_options", "a room needs at least one remote seat")
        self._options()

    def _options(self) -> Any:
        game = self.registry.get(self.game_id)
        try:
            return game.options_from_json({**self.options, "players": len(self.seats)})
        except (EngineError, FormatError, TypeError) as exc:
            raise ProtocolError("bad_options", str(exc)) from None

    @property
    def playing(self) -> bool:
        return self.session is not None and not self.session.over

    def seat_of(self, client: str) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat.client == client:
                return i
        return None

    # -- joining ---------------------------------------------------------------------------------
    def join(self, client: str, name: str, now: float) -> Outgoing:
        """Seat ``client`` in the first open remote seat (the host's is the first one)."""
        if self.session is not None:
            raise ProtocolError("wrong_phase", "this room's game has started: rejoin with a token")
        free = [i for i, s in enumerate(self.seats) if s.is_remote and s.token is None]
        if not free:
            raise ProtocolError("room_full", "every seat of this room is taken")
        seat = self.seats[free[0]]
        seat.name, seat.token, seat.client = name.strip(), secrets.token_urlsafe(18), client
        return [(client, self._welcome(free[0])), *self._lobby_all()]

    def rejoin(self, client: str, token: str, now: float) -> Outgoing:
        """The player holding ``token`` is back (a new connection replaces an old one)."""
        given = token.encode("utf-8")  # compare_digest refuses non-ASCII text
        index = next(
            (
                i
                for i, s in enumerate(self.seats)
                if s.token and secrets.compare_digest(s.token.encode("utf-8"), given)
            ),
            None,
        )
        if index is None:
            raise ProtocolError("bad_token", "this token names no seat of this room")
        seat = self.seats[index]
        out: Outgoing = []
        if seat.client is not None and seat.client != client:
            out.append((seat.client, {"type": "closed", "reason": "replaced"}))
        seat.client, seat.away_since, seat.stand_in = client, None, False
        out.append((client, self._welcome(index)))
        if self.session is None:
            return out + self._lobby_all()
        # The room's lobby first: an app restarted since knows nothing of the game's options.
        out.append((client, self.lobby()))
        out.append((client, self._view(index, self.log, "snapshot", now)))
        if self.session.over:
            out.append((client, self._over()))
        return out + self._views([], now, skip=index)

    def disconnect(self, client: str, now: float) -> Outgoing:
        """``client``'s connection is gone: its seat is away (in the lobby, it is freed)."""
        index = self.seat_of(client)
        if index is None:
            return []
        seat = self.seats[index]
        seat.client = None
        if self.session is None and index == self.host_seat():
            return self._close("host_left")  # nobody may start the game any more
        if self.session is None:
            seat.token, seat.name, seat.ready = None, "", False
            return self._lobby_all()
        seat.away_since = now
        return self._views([], now)

    def _close(self, reason: str) -> Outgoing:
        """Send everyone away and free every seat (the server then drops the room)."""
        out: Outgoing = [
            (client, {"type": "closed", "reason": reason}) for client, _s in self.clients()
        ]
        for seat in self.seats:
            seat.client, seat.token, seat.ready, seat.name = None, None, False, ""
        self.closed = True
        return out

    # -- messages --------------------------------------------------------------------------------
    def handle(self, client: str, message: dict[str, Any], now: float) -> Outgoing:
        """A checked message (protocol.validate) from a client seated here."""
        index = self.seat_of(client)
        if index is None:
            raise ProtocolError("not_in_room", "join or rejoin a room first")
        kind = message["type"]
        if kind == "ready":
            self._lobby_only()
            self.seats[index].ready = message["ready"]
            return self._lobby_all()
        if kind == "start":
            return self._start(index, now)
        if kind == "again":
            if self.session is None or not self.session.over:
                raise ProtocolError("wrong_phase", "play again once the game is over")
            self._host_only(index)
            self.session, self.log, self.window = None, [], None
            for seat in self.seats:
                seat.ready = False  # everyone confirms again
            return self._lobby_all()
        if kind == "act":
            return self._act(index, message, now)
        if kind == "leave":
            return [(client, {"type": "closed", "reason": "left"}), *self.disconnect(client, now)]
        raise ProtocolError("bad_message", f"{kind} is not a room message")

    def _lobby_only(self) -> None:
        if self.session is not None:
            raise ProtocolError("wrong_phase", "the game has started")

    def _host_only(self, index: int) -> None:
        if index != self.host_seat():
            raise ProtocolError("not_host", "only the host may do that")

    def _start(self, index: int, now: float) -> Outgoing:
        self._lobby_only()
        self._host_only(index)
        for seat in self.seats:
            if seat.kind == "empty" or (seat.is_remote and (seat.token is None or not seat.ready)):
                raise ProtocolError("not_ready", "every seat must be taken and ready")
        self.games += 1
        if self.seed_policy is None:
            self.seed = secrets.randbits(63)
        else:
            self.seed = (self.seed_policy + self.games - 1) % (1 << 64)
        self._begin([])
        return self._views(self.log, now, fresh=True)

    def _begin(self, actions: list[tuple[int, dict[str, Any]]]) -> None:
        game = self.registry.get(self.game_id)
        configs = [
            SeatConfig(seat.name or f"AI {i + 1}", "human" if seat.is_remote else seat.kind)
            for i, seat in enumerate(self.seats)
        ]
        self.session = GameSession(game, self._options(), self.seed, configs)
        self.log = list(self.session.opening_events)
        for seat, data in actions:
            self.log += self.session.apply(seat, game.actions.from_json(data))

    # -- the game --------------------------------------------------------------------------------
    def _act(self, index: int, message: dict[str, Any], now: float) -> Outgoing:
        session = self.session
        if session is None or session.over:
            raise ProtocolError("wrong_phase", "no game is being played")
        if message["position"] != session.position:
            raise ProtocolError(
                "stale", f"the game is at position {session.position}, not {message['position']}"
            )
        try:
            action = session.game.actions.from_json(message["action"])
        except FormatError as exc:
            raise ProtocolError("bad_message", str(exc)) from None
        if self.seats[index].stand_in:
            raise ProtocolError("illegal", "an AI is playing your seat: rejoin first")
        if not session.game.is_legal(session.state, index, action):
            raise ProtocolError("illegal", self._refusal(index, action))
        if self.window is not None:
            if index in self.window.held:
                raise ProtocolError("illegal", "you have already answered")
            self.window.held[index] = action
            # Only the answering seat hears back: the others never learn who answered.
            client = self.seats[index].client
            assert client is not None
            return [(client, self._view(index, [], "update", now)), *self._settle(now)]
        return self._apply([(index, action)], now)

    def _refusal(self, seat: int, action: Action) -> str:
        assert self.session is not None
        try:
            self.session.game.apply(self.session.state.copy(), seat, action)
        except IllegalActionError as exc:
            return str(exc)
        return "that move is not possible now"

    def _apply(self, moves: list[tuple[int, Action]], now: float) -> Outgoing:
        assert self.session is not None
        events: list[Event] = []
        for seat, action in moves:
            events += self.session.apply(seat, action)
        return self._commit(events, now)

    def _commit(self, events: list[Event], now: float) -> Outgoing:
        """After actions: the log, the window they opened, everyone's view (with that window's
        time), the result at the end, then the window's resolution if it is already known."""
        assert self.session is not None
        self.log += events
        self.ai_due.clear()
        self._open(now)
        out = self._views(events, now)
        if self.session.over:
            out += [(client, self._over()) for client, _seat in self.clients()]
        return out + self._settle(now)

    def _open(self, now: float) -> HeldWindow | None:
        """The window the seats to act are answering (opened now if it is new), or None."""
        session = self.session
        engine_window = None
        if session is not None and not session.over:
            engine_window = open_window(session.game, session.state)
        if session is None or engine_window is None:
            self.window = None
            return None
        if self.window is None or self.window.position != session.position:
            order = tuple(s for s in engine_window.order if s in session.to_act())
            deadline = now + self.settings.window_seconds
            self.window = HeldWindow(session.position, order, deadline, kind=engine_window.kind)
        return self.window

    def _settle(self, now: float, answer_ai: bool = False) -> Outgoing:
        """Answer for the open window's AI seats (``answer_ai``: from ``tick`` only, so that a
        search never runs while a message is handled), and resolve it once its outcome is
        known."""
        window = self._open(now)
        session = self.session
        if window is None or session is None:
            return []
        if answer_ai:
            for seat in self._ai_to_answer():
                window.held[seat] = self._ai_action(seat)
        if self._ai_to_answer():
            return []  # the next tick answers for them (now: see next_deadline)
        if not self._decided(window) and now < window.deadline:
            return []
        moves = []
        for seat in window.order:
            default = pass_action(session.game, session.state, seat)
            action = window.held.get(seat, default)
            if action is not None:
                moves.append((seat, action))
        self.window = None
        return self._apply_window(moves, now)

    def _apply_window(self, moves: list[tuple[int, Action]], now: float) -> Outgoing:
        """Apply the held answers in precedence order until the engine closes the window."""
        assert self.session is not None
        game, state = self.session.game, self.session.state
        engine_window = open_window(game, state)
        events: list[Event] = []
        for seat, action in moves:
            if open_window(game, self.session.state) is not engine_window:
                break  # decided: the answers after the winner are not asked any more
            if game.is_legal(self.session.state, seat, action):
                events += self.session.apply(seat, action)
        return self._commit(events, now)

    def _ai_to_answer(self) -> list[int]:
        """The AI seats (stand-ins included) of the open window that have not answered."""
        window = self.window
        if window is None:
            return []
        return [s for s in window.order if s not in window.held and self._ai_plays(s)]

    def _decided(self, window: HeldWindow) -> bool:
        """Every seat before the best-placed claim has answered (a claim that cannot be beaten
        wins), or everybody has answered."""
        assert self.session is not None
        for seat in window.order:
            action = window.held.get(seat)
            if action is None:
                return False
            if action != pass_action(self.session.game, self.session.state, seat):
                return True
        return True

    def _ai_plays(self, seat: int) -> bool:
        """An AI seat, or an away player's seat taken over while someone is still at the
        table: a room nobody is connected to (a restarted server) waits for its players
        instead of playing itself to the end."""
        info = self.seats[seat]
        if not info.is_remote:
            return True
        return info.stand_in and any(s.client is not None for s in self.seats)

    def _ai_action(self, seat: int) -> Action:
        assert self.session is not None
        kind = STAND_IN if self.seats[seat].is_remote else self.seats[seat].kind
        return self.decider(self.session.decision_request(seat, kind))

    def ai_request(self, seat: int) -> DecisionRequest:
        """The decision request of an AI seat now (for a server running searches elsewhere)."""
        assert self.session is not None
        kind = STAND_IN if self.seats[seat].is_remote else self.seats[seat].kind
        return self.session.decision_request(seat, kind)

    # -- time ------------------------------------------------------------------------------------
    def tick(self, now: float) -> Outgoing:
        """Run what is due at ``now``: away seats taken over, windows closed, AI turns."""
        out: Outgoing = []
        for seat in self.seats:
            due = seat.away_since is not None and not seat.stand_in and self.playing
            if due and now >= (seat.away_since or 0.0) + self.settings.away_seconds:
                seat.stand_in = True
                out += self._views([], now)
        if not self.playing:
            return out
        if self.window is not None:
            return out + self._settle(now, answer_ai=True)
        out += self._settle(now, answer_ai=True)
        if self.window is not None or not self.playing:
            return out
        return out + self._ai_turn(now)

    def _ai_turn(self, now: float) -> Outgoing:
        assert self.session is not None
        for seat in self.session.to_act():
            if not self._ai_plays(seat):
                continue
            due = self.ai_due.setdefault(seat, now + self.settings.ai_pace)
            if now >= due:
                return self._apply([(seat, self._ai_action(seat))], now)
        return []

    def next_deadline(self) -> float | None:
        """When ``tick`` is next needed (``None``: only a message can change anything)."""
        times = [
            s.away_since + self.settings.away_seconds
            for s in self.seats
            if s.away_since is not None and not s.stand_in
        ]
        if self.window is not None:
            times.append(0.0 if self._ai_to_answer() else self.window.deadline)
        times += self.ai_due.values()
        if self.playing and self.window is None and not self.ai_due:
            assert self.session is not None
            if any(self._ai_plays(seat) for seat in self.session.to_act()):
                return 0.0  # an AI turn must be scheduled now
        return min(times) if times else None

    # -- records ---------------------------------------------------------------------------------
    @classmethod
    def from_record(cls, data: Any, registry: Registry, now: float) -> Room:
        """The room ``record()`` wrote, every seat away until its player rejoins; ``ValueError``
        (a readable message) for a record that cannot be rebuilt."""
        try:
            if data["format"] != RECORD_FORMAT or data["version"] != RECORD_VERSION:
                raise ValueError("not a room record of this version")
            seats = data["seats"]
            room = cls(
                str(data["code"]),
                registry,
                str(data["game"]),
                dict(data["options"]),
                [str(s["kind"]) for s in seats],
                data["seed_policy"],
                Settings(**data["settings"]),
            )
            for seat, saved in zip(room.seats, seats, strict=True):
                seat.name, seat.token, seat.ready = saved["name"], saved["token"], saved["ready"]
            room.games, room.seed = int(data["games"]), int(data["seed"])
            if data["actions"] is not None:
                room._begin([(int(a["seat"]), a["action"]) for a in data["actions"]])
                for seat in room.seats:
                    if seat.is_remote:
                        seat.away_since = now
        except (KeyError, TypeError, ValueError, EngineError, ProtocolError) as exc:
            raise ValueError(f"room record: {exc}") from None
        return room
