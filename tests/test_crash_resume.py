"""A crash (SIGKILL) at a chosen action loses at most the action being saved, and Continue
resumes exactly the saved game.

A child process plays an all-AI game through ``GameSession`` and autosaves after every action
through ``Storage``, as the table does. It kills itself at the save of a chosen action, at one of
three moments: just before the save starts, after the new file is written but before it replaces
the old one, and just after. Nothing depends on timing: the moment is chosen, not waited for.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from nove_desktop.games import default_registry
from nove_desktop.session import GameSession, SeatConfig
from nove_desktop.storage import Storage

ROOT = Path(__file__).resolve().parents[1]
REGISTRY = default_registry()
KILL_AT = 12  # the action whose save is interrupted
PLAYED_ON = 6  # actions played after Continue
SEATS = [SeatConfig(f"Bot {i}", "heuristic") for i in range(3)]

CHILD = r"""
import os, signal, sys
from pathlib import Path

from nove_desktop.games import default_registry
from nove_desktop.session import GameSession, SeatConfig
from nove_desktop.storage import Storage

game_id, seed, kill_at, moment, root = sys.argv[1:6]
seed, kill_at = int(seed), int(kill_at)
game = default_registry().get(game_id)
seats = [SeatConfig(f"Bot {i}", "heuristic") for i in range(3)]
session = GameSession(game, game.options_from_json({"players": 3}), seed, seats)
storage = Storage(Path(root))
real_replace = os.replace

def die():
    os.kill(os.getpid(), signal.SIGKILL)

def replace(source, target):  # the atomic write's last step
    if moment == "during" and len(session.replay.actions) == kill_at:
        die()
    real_replace(source, target)

os.replace = replace
storage.save_game(session.to_save())
while not session.over:
    seat = session.decider()
    session.apply(seat, session.ai_seat(seat).choose(*session.ai_inputs(seat)))
    count = len(session.replay.actions)
    if count == kill_at and moment == "before":
        die()
    storage.save_game(session.to_save())
    if count == kill_at and moment == "after":
        die()
sys.exit(3)  # the game ended before the chosen action: the test must choose another
"""


def crash(tmp_path: Path, game_id: str, seed: int, moment: str) -> Path:
    data = tmp_path / "data"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.run(
        [sys.executable, "-c", CHILD, game_id, str(seed), str(KILL_AT), moment, str(data)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert child.returncode == -signal.SIGKILL, child.stderr[-3000:]
    return data


def reference(game_id: str, seed: int, count: int) -> list[tuple[int, Any]]:
    """The first ``count`` actions of the same game played in this process without a crash
    (same seeds, same choices)."""
    game = REGISTRY.get(game_id)
    session = GameSession(game, game.options_from_json({"players": 3}), seed, SEATS)
    while not session.over and len(session.replay.actions) < count:
        seat = session.decider()
        assert seat is not None  # the game is not over
        session.apply(seat, session.ai_seat(seat).choose(*session.ai_inputs(seat)))
    assert len(session.replay.actions) == count, "choose a seed whose game outlives the crash"
    return list(session.replay.actions)


def state_after(game_id: str, seed: int, actions: list[tuple[int, Any]]) -> Any:
    game = REGISTRY.get(game_id)
    session = GameSession(game, game.options_from_json({"players": 3}), seed, SEATS)
    for seat, data in actions:
        session.apply(seat, game.actions.from_json(data))
    return game.state_to_json(session.state)


@pytest.mark.parametrize(("game_id", "seed"), [("nove", 5), ("kael", 6), ("numx", 2)])
@pytest.mark.parametrize(("moment", "kept"), [("before", 1), ("during", 1), ("after", 0)])
def test_a_crash_at_a_chosen_save_loses_at_most_that_action(
    tmp_path: Path, game_id: str, seed: int, moment: str, kept: int
) -> None:
    """``kept`` = how many actions before ``KILL_AT`` the save ends: the save being written
    when the process died is lost whole, never half-written."""
    actions = reference(game_id, seed, KILL_AT)
    data = crash(tmp_path, game_id, seed, moment)
    storage = Storage(data)
    loaded = storage.load_game()
    assert loaded.problem is None, loaded.problem
    assert loaded.data is not None and loaded.data["finished"] is False
    saved = KILL_AT - kept
    assert [tuple(a.values()) for a in loaded.data["replay"]["actions"]] == actions[:saved]
    assert not list(data.glob("*.corrupt-*")), "nothing was set aside"

    resumed = GameSession.from_save(loaded.data, REGISTRY)
    game = resumed.game
    assert game.state_to_json(resumed.state) == state_after(game_id, seed, actions[:saved])
    for _ in range(PLAYED_ON):  # the resumed game plays on, saving as it goes
        if resumed.over:
            break
        seat = resumed.decider()
        assert seat is not None  # the game is not over
        resumed.apply(seat, resumed.ai_seat(seat).choose(*resumed.ai_inputs(seat)))
        storage.save_game(resumed.to_save())
    assert sorted(game.cards_in_play(resumed.state)) == sorted(game.full_deck(resumed.options))
    again = storage.load_game()
    assert again.problem is None and again.data is not None
    assert again.data["replay"]["actions"] == resumed.replay.to_json()["actions"]
    assert len(resumed.replay.actions) > saved
