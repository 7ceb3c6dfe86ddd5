"""A game being played at the table: engine state, who sits where, and what to save.

Pure Python (no pygame): the table scene drives it, the tests drive it directly. A save is a
replay (game, options, seed, seats, actions) plus a format marker, so resuming re-executes the
actions and the future deals stay exactly the same.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ai import make_seat
from ai.base import Seat, SeatError

from .engine.actions import Action
from .engine.errors import EngineError, FormatError
from .engine.events import Event
from .engine.game import Game, Stack
from .engine.registry import Registry
from .engine.replay import Replay, ReplayError, SeatInfo, parse, run
from .match import seat_seed

SAVE_FORMAT = "nove-desktop-save"
SAVE_VERSION = 1
HUMAN = "human"


@dataclasses.dataclass(frozen=True, slots=True)
class SeatConfig:
    """One seat of the table: a name and who plays it (``human``, ``random``, ``heuristic``)."""

    name: str
    kind: str

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


class GameSession:
    """The engine state of one game plus its seats and its history of actions."""

    def __init__(
        self,
        game: Game[Any, Any],
        options: Any,
        seed: int,
        seats: Sequence[SeatConfig],
        stack: Stack | None = None,
    ) -> None:
        self.game = game
        self.options = options
        self.seed = seed
        self.seats = list(seats)
        self.stack = stack
        self.ui: dict[str, Any] = {}  # what the table saved beside the game (who asked hints)
        self.state, self.opening_events = game.new_game(options, seed, stack)
        self.replay = Replay(
            game=game.id,
            options=game.options_to_json(options),
            seats=[SeatInfo(s.name, s.kind) for s in seats],
            seed=seed,
            stack=stack,
        )
        self._ai: dict[int, Seat] = {
            i: make_seat(s.kind, game.id, seat_seed(seed, i))
            for i, s in enumerate(seats)
            if not s.is_human
        }

    # -- whose turn ------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return not self.game.to_act(self.state)

    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act(self.state)

    def decider(self) -> int | None:
        """The seat whose decision is awaited (the first listed), or None at the end."""
        acting = self.to_act()
        return acting[0] if acting else None

    def is_human(self, seat: int) -> bool:
        return self.seats[seat].is_human

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def legal(self, seat: int) -> list[Action]:
        return self.game.legal_actions(self.state, seat)

    def observe(self, seat: int | None) -> Any:
        return self.game.observe(self.state, seat)

    # -- acting ----------------------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply and record an action; ``IllegalActionError`` leaves everything unchanged."""
        events = self.game.apply(self.state, seat, action)
        self.replay.record(seat, action)
        return events

    def ai_seat(self, seat: int) -> Seat:
        return self._ai[seat]

    def ai_inputs(self, seat: int) -> tuple[Any, list[Action]]:
        """What an AI seat may see and do now (a snapshot: safe to hand to a worker thread)."""
        return self.observe(seat), self.legal(seat)

    # -- saving ----------------------------------------------------------------------------------
    def to_save(self, extra: dict[str, Any] | None = None) -> dict[str, Any]:
        result = self.game.result(self.state)
        data = self.replay.to_json()
        data.pop("result", None)
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "replay": data,
            "finished": result.over,
            "ui": dict(extra or {}),
        }

    @classmethod
    def from_save(cls, data: Any, registry: Registry) -> GameSession:
        """Rebuild a session by re-executing a save's actions; ``SaveError`` if it cannot be."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("this file is not a nove-desktop saved game")
        version = data.get("version")
        if type(version) is not int or version != SAVE_VERSION:  # not true, not 1.0
            raise SaveError(f"saved game version {_short(repr(version))} is not supported")
        finished = data.get("finished")
        if not isinstance(finished, bool):
            raise SaveError("the saved game cannot be resumed: it does not say whether it ended")
        try:
            replay = parse(data.get("replay"))
            outcome = run(replay, registry)
        except (ReplayError, EngineError) as exc:
            raise SaveError(f"the saved game cannot be resumed: {exc}") from None
        if outcome.result.over != finished:
            said = "ended" if finished else "goes on"
            raise SaveError(
                f"the saved game cannot be resumed: it says the game {said}, "
                "but its moves say otherwise"
            )
        game = outcome.game
        try:
            options = game.options_from_json(replay.options)
        except FormatError as exc:  # pragma: no cover - run() validated them already
            raise SaveError(str(exc)) from None
        seats = [SeatConfig(s.name, s.kind) for s in replay.seats]
        try:
            brains = {
                i: make_seat(s.kind, game.id, seat_seed(replay.seed, i))
                for i, s in enumerate(seats)
                if not s.is_human
            }
        except SeatError as exc:
            raise SaveError(f"the saved game cannot be resumed: {exc}") from None
        session = cls.__new__(cls)
        session.game = game
        session.options = options
        session.seed = replay.seed
        session.seats = seats
        session.stack = replay.stack
        session.state = outcome.state
        session.opening_events = []
        replay.result = None
        session.replay = replay
        session._ai = brains
        session.ui = dict(data.get("ui") or {})
        return session


class SaveError(ValueError):
    """A saved game that cannot be resumed (the message is for the player)."""


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
