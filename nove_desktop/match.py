"""Headless matches: AI seats playing a registered game to the end, recorded as a replay."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ai import make_seat
from ai.base import Seat

from .engine.game import Game, GameResult, Stack
from .engine.replay import Replay, SeatInfo
from .engine.rng import Rng

MAX_ACTIONS = 200_000  # a safety net far above any real game (NOVE games average ~80 actions)


class RunawayGameError(RuntimeError):
    """A game that did not end within MAX_ACTIONS actions (an engine bug, never a rule)."""


def seat_seed(seed: int, seat: int) -> int:
    """Each AI seat's own seed, derived from the game seed (never the game's generator)."""
    return Rng(seed ^ (0x9E37 * (seat + 1))).next_u64()


@dataclasses.dataclass(slots=True)
class MatchResult:
    result: GameResult
    replay: Replay
    actions: int


def default_names(kinds: Sequence[str]) -> list[str]:
    return [f"{kind.title()} {i + 1}" for i, kind in enumerate(kinds)]


def play_match(
    game: Game[Any, Any],
    options: Any,
    seed: int,
    kinds: Sequence[str],
    *,
    names: Sequence[str] | None = None,
    stack: Stack | None = None,
    replay: Replay | None = None,
) -> MatchResult:
    """Play one game between AI seats of the given kinds. If it fails midway, ``replay`` (when
    passed in) holds every action applied so far, so the failure can be reproduced."""
    seats: list[Seat] = [
        make_seat(kind, game.id, seat_seed(seed, i)) for i, kind in enumerate(kinds)
    ]
    names = list(names) if names is not None else default_names(kinds)
    if replay is None:
        replay = new_replay(game, options, seed, kinds, names, stack)
    state, _events = game.new_game(options, seed, stack)
    count = 0
    while True:
        acting = game.to_act(state)
        if not acting:
            break
        seat = acting[0]
        legal = game.legal_actions(state, seat)
        action = seats[seat].choose(game.observe(state, seat), legal)
        game.apply(state, seat, action)
        replay.record(seat, action)
        count += 1
        if count > MAX_ACTIONS:
            raise RunawayGameError(f"the game did not end after {MAX_ACTIONS} actions")
    result = game.result(state)
    replay.result = {"scores": list(result.scores), "winner": result.winner}
    return MatchResult(result, replay, count)


def new_replay(
    game: Game[Any, Any],
    options: Any,
    seed: int,
    kinds: Sequence[str],
    names: Sequence[str],
    stack: Stack | None = None,
) -> Replay:
    return Replay(
        game=game.id,
        options=game.options_to_json(options),
        seats=[SeatInfo(name, kind) for name, kind in zip(names, kinds, strict=False)],
        seed=seed,
        stack=stack,
    )
