"""Headless matches: AI seats playing a registered game to the end, recorded as a replay; and
the one place where a decision request is built from a game state."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from .ai import DecisionRequest, decide, level_of
from .ai.base import Purpose, decision_rng
from .ai.search import Budget, hard_budget, hint_budget
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


def decision_request(
    game: Game[Any, Any],
    state: Any,
    seed: int,
    seat: int,
    kind: str,
    position: int,
    *,
    options: Any = None,
    seconds: float | None = None,
    iterations: int | None = None,
) -> DecisionRequest:
    """What an AI of ``kind`` may use to decide for ``seat`` in ``state``, at ``position``
    (actions applied so far) of the game dealt from ``seed``: the seat's observation and legal
    actions, and for a search one sample of the state, determinized for the seat with a
    generator derived from its seed and the position. The true state never leaves this
    function. The budget is ``seconds`` and/or ``iterations`` (neither: the game's fixed
    iteration budget of today, ``ai.search.hard_budget``; a hint's with ``ai.hint``)."""
    seat_seed_value = seat_seed(seed, seat)
    sample = None
    if level_of(kind) == "hard":
        rng = decision_rng(seat_seed_value, position, Purpose.SAMPLE)
        sample = game.determinize(state, seat, rng)
    budget: dict[str, Any] = {}
    if seconds is not None or iterations is not None:
        budget = {"seconds": seconds, "iterations": iterations}
    return DecisionRequest(
        game_id=game.id,
        kind=kind,
        seed=seat_seed_value,
        seat=seat,
        position=position,
        observation=game.observe(state, seat),
        legal=tuple(game.legal_actions(state, seat)),
        sample=sample,
        options=options,
        **budget,
    )


def play_match(
    game: Game[Any, Any],
    options: Any,
    seed: int,
    kinds: Sequence[str],
    *,
    names: Sequence[str] | None = None,
    stack: Stack | None = None,
    replay: Replay | None = None,
    seconds: float | None = None,
    iterations: int | None = None,
) -> MatchResult:
    """Play one game between AI seats of the given kinds (``seconds``/``iterations``: the Hard
    seats' budget; neither: the game's fixed iteration budget, so two runs play the same game).
    The replay records the budget. The first seat ``to_act`` lists decides each time, as at the
    table. If the game fails midway, ``replay`` (when passed in) holds every action applied so
    far, so the failure can be reproduced."""
    for kind in kinds:
        level_of(kind)  # an unknown kind fails before the game starts
    names = list(names) if names is not None else default_names(kinds)
    if replay is None:
        replay = new_replay(game, options, seed, kinds, names, stack)
    given = seconds is not None or iterations is not None
    players = getattr(options, "players", None)
    budget = Budget(seconds, iterations) if given else hard_budget(game.id, players)
    replay.budget = {"hard": budget.to_json(), "hint": hint_budget(game.id, players).to_json()}
    state, _events = game.new_game(options, seed, stack)
    count = 0
    while True:
        acting = game.to_act(state)
        if not acting:
            break
        seat = acting[0]
        request = decision_request(
            game,
            state,
            seed,
            seat,
            kinds[seat],
            count,
            options=options,
            seconds=budget.seconds,
            iterations=budget.iterations,
        )
        action = decide(request)
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
