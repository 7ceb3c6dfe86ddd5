"""Replay files: everything needed to re-execute a game exactly (see docs/replay-format.md).

A replay is (game id, options, seed, optional stacked deck, actions). The engine is deterministic,
so applying the actions again reproduces every card and every score.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from .actions import Action
from .errors import EngineError, FormatError, IllegalActionError
from .events import Event
from .game import Game, GameResult, Stack
from .jsonable import read_json
from .registry import Registry

FORMAT = "nove-desktop-replay"
VERSION = 1
# Who played each seat: a person or an AI level ("heuristic" is Normal's older name; "search"
# was reserved before the levels existed). Informative only: replaying never asks a seat.
SEAT_KINDS = ("human", "random", "easy", "normal", "hard", "heuristic", "search")
MAX_SEED = (1 << 64) - 1
"""Seeds run over the generator's 64-bit range; a larger number would alias a smaller one."""
MAX_GAME_ID = 64
BUDGET_PURPOSES = ("hard", "hint")
"""The searches whose budget a replay records: a Hard seat's decision and a hint."""
MAX_ITERATIONS = 100_000
"""The largest iteration budget a file or the command line may ask (minutes per decision)."""
MAX_SECONDS = 60.0


class ReplayError(EngineError):
    """A replay that cannot be re-executed; the message is one readable line."""


@dataclasses.dataclass(frozen=True, slots=True)
class SeatInfo:
    name: str
    kind: str


@dataclasses.dataclass(slots=True)
class Replay:
    """A replay in memory. ``actions`` are (seat, action as JSON) pairs, in the order applied.
    ``budget`` is the AI searches' budget the game was played with (``parse_budget``'s shape),
    ``None`` in a file written before budgets were recorded."""

    game: str
    options: dict[str, Any]
    seats: list[SeatInfo]
    seed: int
    stack: Stack | None = None
    actions: list[tuple[int, dict[str, Any]]] = dataclasses.field(default_factory=list)
    result: dict[str, Any] | None = None
    budget: dict[str, dict[str, Any]] | None = None

    def record(self, seat: int, action: Action) -> None:
        self.actions.append((seat, action.to_json()))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "options": self.options,
            "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
            "seed": self.seed,
            "deck": None if self.stack is None else self.stack.to_json(),
            "actions": [{"seat": seat, "action": action} for seat, action in self.actions],
        }
        if self.budget is not None:
            data["budget"] = self.budget
        if self.result is not None:
            data["result"] = self.result
        return data


def loads(raw: bytes, source: str = "the file") -> Replay:
    """A replay from the bytes of a file (a UTF-8 byte order mark is accepted); anything that
    is not a well-formed replay raises ``ReplayError`` with one clear line. ``source`` names the
    file in messages about its text ("game.json is not valid JSON ...")."""
    try:
        data = read_json(raw, source)
    except FormatError as exc:
        raise ReplayError(str(exc)) from None
    return parse(data)


def parse(data: Any) -> Replay:
    """Check the shape of a replay read from JSON; raise ``ReplayError`` with one clear line."""
    if not isinstance(data, dict):
        raise ReplayError("not a replay: the file must hold one JSON object")
    if data.get("format") != FORMAT:
        raise ReplayError(f'not a replay: "format" must be "{FORMAT}"')
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version != VERSION:
        shown = _short(repr(version), 40)
        raise ReplayError(f"unsupported replay version {shown} (this is {VERSION})")
    for key, kind in (("game", str), ("options", dict), ("seats", list), ("actions", list)):
        if not isinstance(data.get(key), kind):
            raise ReplayError(f'malformed replay: "{key}" is missing or has the wrong type')
    if not 0 < len(data["game"]) <= MAX_GAME_ID:
        raise ReplayError('malformed replay: "game" is not a game id')
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ReplayError(f'malformed replay: "seed" must be a whole number from 0 to {MAX_SEED}')
    seats = []
    for i, seat in enumerate(data["seats"]):
        if not (
            isinstance(seat, dict)
            and isinstance(seat.get("name"), str)
            and seat.get("kind") in SEAT_KINDS
        ):
            kinds = ", ".join(SEAT_KINDS)
            raise ReplayError(f"malformed replay: seat {i} needs a name and a kind ({kinds})")
        seats.append(SeatInfo(seat["name"], seat["kind"]))
    if not seats:
        raise ReplayError("malformed replay: it names no seat")
    stack = None
    if data.get("deck") is not None:
        try:
            stack = Stack.from_json(data["deck"])
        except FormatError as exc:
            raise ReplayError(f"malformed replay: {exc}") from None
    actions = []
    for i, entry in enumerate(data["actions"]):
        if not (
            isinstance(entry, dict)
            and isinstance(entry.get("seat"), int)
            and not isinstance(entry.get("seat"), bool)
            and isinstance(entry.get("action"), dict)
        ):
            raise ReplayError(
                f"malformed replay: action {i} needs a seat number and an action object"
            )
        if not 0 <= entry["seat"] < len(seats):
            raise ReplayError(
                f"malformed replay: action {i} is by seat {entry['seat']}, but the seats are "
                f"numbered 0 to {len(seats) - 1}"
            )
        actions.append((entry["seat"], entry["action"]))
    result = data.get("result")
    return Replay(
        data["game"],
        data["options"],
        seats,
        seed,
        stack,
        actions,
        result if isinstance(result, dict) else None,
        parse_budget(data.get("budget")),
    )


def parse_budget(data: Any) -> dict[str, dict[str, Any]] | None:
    """Check a recorded search budget: ``None`` (absent: a file from before budgets were
    recorded) or ``{"hard": {...}, "hint": {...}}``, each with ``iterations`` (a whole number
    from 1 to ``MAX_ITERATIONS``, or null) and ``seconds`` (a number above 0 up to
    ``MAX_SECONDS``, or null; a time budget), not both null. ``ReplayError`` otherwise."""
    if data is None:
        return None
    if not isinstance(data, dict) or set(data) != set(BUDGET_PURPOSES):
        raise ReplayError('malformed replay: "budget" must give "hard" and "hint"')
    return {purpose: _limits(purpose, data[purpose]) for purpose in BUDGET_PURPOSES}


def _limits(purpose: str, data: Any) -> dict[str, Any]:
    where = f'malformed replay: the "{purpose}" budget'
    if not isinstance(data, dict) or not set(data) <= {"iterations", "seconds"}:
        raise ReplayError(f'{where} must be an object with "iterations" and "seconds"')
    iterations, seconds = data.get("iterations"), data.get("seconds")
    if iterations is not None and (
        type(iterations) is not int or not 1 <= iterations <= MAX_ITERATIONS
    ):
        raise ReplayError(f"{where}: iterations must be a whole number from 1 to {MAX_ITERATIONS}")
    if seconds is not None and (
        type(seconds) not in (int, float) or not 0 < seconds <= MAX_SECONDS
    ):
        raise ReplayError(f"{where}: seconds must be a number above 0, up to {MAX_SECONDS:g}")
    if iterations is None and seconds is None:
        raise ReplayError(f"{where} gives neither iterations nor seconds")
    return {"iterations": iterations, "seconds": None if seconds is None else float(seconds)}


@dataclasses.dataclass(slots=True)
class ReplayRun:
    """The outcome of re-executing a replay."""

    game: Game[Any, Any]
    state: Any
    result: GameResult
    events: list[Event]


def run(replay: Replay, registry: Registry, *, keep_events: bool = False) -> ReplayRun:
    """Re-execute ``replay``; any problem raises ``ReplayError`` naming what and where."""
    try:
        game = registry.get(replay.game)
        options = game.options_from_json(replay.options)
    except EngineError as exc:
        raise ReplayError(str(exc)) from None
    if len(replay.seats) != getattr(options, "players", len(replay.seats)):
        raise ReplayError(
            f"the replay names {len(replay.seats)} seats but its options have "
            f"{options.players} players"
        )
    try:
        state, events = game.new_game(options, replay.seed, replay.stack)
    except EngineError as exc:
        raise ReplayError(str(exc)) from None
    log = events if keep_events else []
    for index, (seat, data) in enumerate(replay.actions):
        try:
            action = game.actions.from_json(data)
        except FormatError as exc:
            raise ReplayError(f"action {index} (seat {seat}): {exc}") from None
        if not game.is_legal(state, seat, action):
            reason = _refusal(game, state, seat, action)
            raise ReplayError(_illegal(game, index, seat, action, data, reason))
        try:
            new_events = game.apply(state, seat, action)
        except IllegalActionError as exc:  # is_legal and apply disagree: an engine bug
            raise ReplayError(_illegal(game, index, seat, action, data, exc.reason)) from None
        if keep_events:
            log.extend(new_events)
    result = game.result(state)
    if replay.result is not None:
        expected = replay.result
        got = result.to_json()
        for key in ("scores", "winner"):
            if key in expected and expected[key] != got[key]:
                raise ReplayError(
                    f"the replay's recorded {key} {_short(json.dumps(expected[key]))} differ "
                    f"from the re-executed {key} {json.dumps(got[key])}"
                )
    return ReplayRun(game, state, result, log)


def _illegal(
    game: Game[Any, Any], index: int, seat: int, action: Action, data: Any, reason: str
) -> str:
    return (
        f"action {index} is illegal: seat {seat} cannot {_short(game.describe_action(action))} "
        f"({_short(json.dumps(data))}): {_short(reason, 200)}"
    )


def _refusal(game: Game[Any, Any], state: Any, seat: int, action: Action) -> str:
    """The engine's reason for refusing ``action`` (``apply`` on a copy says why)."""
    try:
        game.apply(state.copy(), seat, action)
    except IllegalActionError as exc:
        return exc.reason
    return "the rules do not allow it now"


def _short(text: str, limit: int = 120) -> str:
    """``text`` cut to ``limit`` characters: a message stays one readable line."""
    return text if len(text) <= limit else text[: limit - 3] + "..."
