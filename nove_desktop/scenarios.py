"""Starting a game from a described position, for screenshots and tests.

A *scenario* is a saved game: (game, options, seed, seats, the actions so far). Loading one
re-executes its actions, so the position is exact and legal by construction, and nothing writes
private state fields. ``find`` builds one: it plays seeded games with stand-in AI seats (human
seats included) and stops at the first position a predicate accepts, e.g. "a cut window is open
and seat 0 can cut". ``save``/``load`` keep it as a file (the autosave format, so Continue can
open it too).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from .ai import make_seat
from .engine.game import Game
from .engine.registry import Registry
from .match import seat_seed
from .session import GameSession, SeatConfig

Predicate = Callable[[GameSession], bool]
STAND_IN = "heuristic"  # who plays every seat (humans too) on the way to the position


class ScenarioNotFound(LookupError):
    """No seed reached the wanted position within the limits."""


def play_until(session: GameSession, wanted: Predicate, max_actions: int = 20_000) -> bool:
    """Play ``session`` on with stand-in seats until ``wanted`` holds (True) or the game ends
    or the limit is reached (False). The first seat listed in ``to_act`` acts each time."""
    stand_ins = {
        seat: make_seat(STAND_IN, session.game.id, seat_seed(session.seed, seat) ^ 0x5C)
        for seat in range(len(session.seats))
    }
    for _ in range(max_actions):
        if wanted(session):
            return True
        acting = session.to_act()
        if not acting:
            return False
        seat = acting[0]
        observation, legal = session.ai_inputs(seat)
        session.apply(seat, stand_ins[seat].choose(observation, legal))
    return wanted(session)


def find(
    game: Game[Any, Any],
    options: Any,
    seats: Sequence[SeatConfig],
    wanted: Predicate,
    seeds: Iterable[int] = range(1, 400),
    max_actions: int = 20_000,
) -> GameSession:
    """The first seeded game that reaches a position ``wanted`` accepts."""
    for seed in seeds:
        session = GameSession(game, options, seed, seats)
        if play_until(session, wanted, max_actions):
            return session
    raise ScenarioNotFound(f"no {game.title} game reached the wanted position")


def save(session: GameSession, path: Path) -> None:
    path.write_text(json.dumps(session.to_save(), indent=1), encoding="utf-8")


def load(path: Path, registry: Registry) -> GameSession:
    return GameSession.from_save(json.loads(path.read_text(encoding="utf-8")), registry)
