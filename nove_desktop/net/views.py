"""What the clients of a room receive, the room's seats and its record. Each client gets its
own seat's view only (its censored events, its observation, its legal actions); the replay goes
out only once the game is over; the record (tokens included) is for the server's disk only."""

from __future__ import annotations

import dataclasses
from typing import Any

from ..engine.actions import Action
from ..engine.events import Event, events_for_seat
from ..session import GameSession

Outgoing = list[tuple[str, dict[str, Any]]]
RECORD_FORMAT = "nove-desktop-room"
RECORD_VERSION = 1


@dataclasses.dataclass
class Seat:
    """A seat of the room. ``kind``: remote, easy, normal, hard or empty."""

    kind: str
    name: str = ""
    token: str | None = None
    ready: bool = False
    client: str | None = None
    away_since: float | None = None
    stand_in: bool = False

    @property
    def is_remote(self) -> bool:
        return self.kind == "remote"

    def status(self) -> str:
        if not self.is_remote:
            return "empty" if self.kind == "empty" else "ai"
        if self.token is None:
            return "open"
        if self.stand_in:
            return "ai_stand_in"
        return "connected" if self.client is not None else "away"


@dataclasses.dataclass
class Settings:
    """The host's choices: seconds of a reaction window, AI pace, delay before a stand-in."""

    window_seconds: float = 5.0
    ai_pace: float = 1.0
    away_seconds: float = 30.0


@dataclasses.dataclass
class HeldWindow:
    """A window being answered: its order, deadline and the answers held back."""

    position: int
    order: tuple[int, ...]
    deadline: float
    held: dict[int, Action] = dataclasses.field(default_factory=dict)
    kind: str = ""  # the rules' name of the window ("cut", "facteur_x"...): public


class RoomViews:
    """The messages of a room (mixed into ``Room``, which holds these attributes)."""

    code: str
    game_id: str
    options: dict[str, Any]
    seats: list[Seat]
    settings: Settings
    games: int
    seed: int
    seed_policy: int | None
    session: GameSession | None
    window: HeldWindow | None

    def host_seat(self) -> int:
        return next(i for i, seat in enumerate(self.seats) if seat.is_remote)

    def clients(self) -> list[tuple[str, int]]:
        return [(s.client, i) for i, s in enumerate(self.seats) if s.client is not None]

    # -- what clients receive --------------------------------------------------------------------
    def _welcome(self, index: int) -> dict[str, Any]:
        token = self.seats[index].token
        return {
            "type": "welcome",
            "room": self.code,
            "seat": index,
            "token": token,
            "host": index == self.host_seat(),
        }

    def _seat_list(self) -> list[dict[str, Any]]:
        return [
            {
                "name": s.name,
                "kind": s.kind,
                "ready": s.ready or not s.is_remote,
                "status": s.status(),
            }
            for s in self.seats
        ]

    def lobby(self) -> dict[str, Any]:
        """The ``lobby`` message (the same for every client)."""
        startable = all(
            s.kind != "empty" and (not s.is_remote or (s.token is not None and s.ready))
            for s in self.seats
        )
        return {
            "type": "lobby",
            "room": self.code,
            "game": self.game_id,
            "options": self.options,
            "seats": self._seat_list(),
            "host": self.host_seat(),
            "can_start": startable,
            "games": self.games,
            "settings": dataclasses.asdict(self.settings),
        }

    def _lobby_all(self) -> Outgoing:
        message = self.lobby()
        return [(client, message) for client, _seat in self.clients()]

    def _views(
        self, events: list[Event], now: float, skip: int | None = None, fresh: bool = False
    ) -> Outgoing:
        return [
            (client, self._view(seat, events, "snapshot" if fresh else "update", now))
            for client, seat in self.clients()
            if seat != skip
        ]

    def _view(self, seat: int, events: list[Event], kind: str, now: float) -> dict[str, Any]:
        """What ``seat`` may know now: only its own censored events and observation."""
        session = self.session
        assert session is not None
        window = self.window
        answered = window is not None and seat in window.held
        acting = session.to_act()
        legal = [] if answered or seat not in acting else session.legal(seat)
        return {
            "type": kind,
            "position": session.position,
            "seat": seat,
            "events": [event.to_json() for event in events_for_seat(events, seat)],
            "observation": session.observe(seat).to_json(),
            "legal": [action.to_json() for action in legal],
            "to_act": list(acting),
            "seats": self._seat_list(),
            "window": None
            if window is None
            else {
                "kind": window.kind,
                "seconds_left": max(0.0, round(window.deadline - now, 3)),
                "answered": answered,
            },
        }

    def _over(self) -> dict[str, Any]:
        """The game's result and its whole replay (sent only once the game is over)."""
        assert self.session is not None and self.session.over
        replay = self.session.replay.to_json()
        result = self.session.game.result(self.session.state).to_json()
        replay["result"] = result
        return {"type": "over", "result": result, "replay": replay}

    # -- the record ------------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """Everything that rebuilds this room (tokens included: for the server's disk only)."""
        session = self.session
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "code": self.code,
            "game": self.game_id,
            "options": self.options,
            "seed_policy": self.seed_policy,
            "settings": dataclasses.asdict(self.settings),
            "seats": [
                {"kind": s.kind, "name": s.name, "token": s.token, "ready": s.ready}
                for s in self.seats
            ],
            "games": self.games,
            "seed": self.seed,
            "actions": None
            if session is None
            else [{"seat": seat, "action": action} for seat, action in session.replay.actions],
        }
