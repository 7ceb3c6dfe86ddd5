"""``GameSession.from_save`` checks what a save says against what it holds: the markers' types,
``finished`` and the replay's own ending. Each refusal is one line for the player (``SaveError``);
``storage.load_game`` has already refused saves of the wrong shape (``tests/test_storage.py``)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from nove_desktop.games import default_registry
from nove_desktop.session import GameSession, SaveError, SeatConfig

REGISTRY = default_registry()
GAME = REGISTRY.get("nove")
SEATS = [SeatConfig("Ann", "human"), SeatConfig("Bot", "heuristic"), SeatConfig("Rex", "random")]


def saved(actions: int, seed: int = 3) -> dict[str, Any]:
    """The save of a game after ``actions`` random actions (or at its end), through JSON."""
    session = GameSession(GAME, GAME.options_from_json({"players": 3}), seed, SEATS)
    rng = random.Random(seed)
    while not session.over and len(session.replay.actions) < actions:
        seat = session.decider()
        assert seat is not None  # the game is not over
        session.apply(seat, rng.choice(session.legal(seat)))
    return json.loads(json.dumps(session.to_save()))


def refusal(data: Any) -> str:
    with pytest.raises(SaveError) as info:
        GameSession.from_save(data, REGISTRY)
    message = str(info.value)
    assert message and "\n" not in message and len(message) < 300
    return message


@pytest.mark.parametrize("finished", ["no", None, 0, [], "false"])
def test_finished_must_be_true_or_false(finished: Any) -> None:
    data = saved(10)
    data["finished"] = finished
    assert refusal(data) == ("the saved game cannot be resumed: it does not say whether it ended")


def test_a_save_that_says_it_ended_while_its_moves_go_on_is_refused() -> None:
    data = saved(10)
    data["finished"] = True
    assert refusal(data).endswith("it says the game ended, but its moves say otherwise")


def test_a_save_that_says_it_goes_on_after_its_last_move_is_refused() -> None:
    data = saved(10_000)
    assert data["finished"] is True
    data["finished"] = False
    assert refusal(data).endswith("it says the game goes on, but its moves say otherwise")


@pytest.mark.parametrize("version", [True, 1.0, "1", 2, None])
def test_the_version_must_be_the_whole_number_1(version: Any) -> None:
    data = saved(5)
    data["version"] = version
    assert refusal(data).startswith("saved game version ")


def test_a_long_version_is_cut_short_in_the_message() -> None:
    data = saved(5)
    data["version"] = "9" * 1000
    assert len(refusal(data)) < 100


@pytest.mark.parametrize("actions", [0, 7, 10_000])
def test_an_untouched_save_resumes_to_the_same_state(actions: int) -> None:
    data = saved(actions)
    resumed = GameSession.from_save(data, REGISTRY)
    assert resumed.over is data["finished"]
    assert len(resumed.replay.actions) == len(data["replay"]["actions"])
