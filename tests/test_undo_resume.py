"""A save after an undo resumes exactly, also after a crash (SIGKILL): the undone actions are gone
from the save, the game stays "assisted", and it plays on as the same game never undone would.

A child process plays a game of one person (a Normal stand-in) against AI seats, autosaving after
every action as the table does. In "undo" mode it takes back the person's move at the first
position the rule allows after an AI answer, plays another move there and goes on; it kills
itself right after the save of the undo, or a few actions later. In "plain" mode (the expected
answer) it never calls undo: it re-applies the kept actions to a fresh session and plays the same
other move, then writes its save and exits.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from nove_desktop.ai import decide
from nove_desktop.games import default_registry
from nove_desktop.session import GameSession
from nove_desktop.storage import Storage

ROOT = Path(__file__).resolve().parents[1]
REGISTRY = default_registry()

CHILD = r"""
import os, signal, sys
from pathlib import Path

from nove_desktop.ai import decide
from nove_desktop.games import default_registry
from nove_desktop.session import GameSession, SeatConfig
from nove_desktop.storage import Storage

game_id, seed, mode, after, root = sys.argv[1:6]
seed, after = int(seed), int(after)
game = default_registry().get(game_id)
options = game.options_from_json({"players": 3})
seats = [SeatConfig("You", "human"), SeatConfig("Bo", "normal"), SeatConfig("Cy", "easy")]
storage = Storage(Path(root))

def move(session):
    seat = session.decider()
    if session.is_human(seat):
        return seat, decide(session.decision_request(seat, "normal"))
    return seat, session.ai_decide(seat)

session = GameSession(game, options, seed, seats)
storage.save_game(session.to_save())
while True:
    session.apply(*move(session))
    storage.save_game(session.to_save())
    human_moved = any(s == 0 for s, _a in session.replay.actions)
    if human_moved and session.replay.actions[-1][0] != 0 and session.undo_refusal() is None:
        break
last = max(i for i, (s, _a) in enumerate(session.replay.actions) if s == 0)
undone = session.replay.actions[last][1]
if mode == "undo":
    session.undo()
    storage.save_game(session.to_save())
    if after == 0:
        os.kill(os.getpid(), signal.SIGKILL)
else:
    kept = session.replay.actions[:last]
    session = GameSession(game, options, seed, seats)
    for s, data in kept:
        session.apply(s, game.actions.from_json(data))
others = [a for a in session.legal(0) if a.to_json() != undone]
session.apply(0, others[0] if others else game.actions.from_json(undone))
storage.save_game(session.to_save())
for count in range(1, after + 1):
    if session.over:
        break
    session.apply(*move(session))
    storage.save_game(session.to_save())
if mode == "undo":
    os.kill(os.getpid(), signal.SIGKILL)
"""


def child(tmp_path: Path, name: str, game_id: str, seed: int, mode: str, after: int) -> Storage:
    data = tmp_path / name
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-c", CHILD, game_id, str(seed), mode, str(after), str(data)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    expected = -signal.SIGKILL if mode == "undo" else 0
    assert run.returncode == expected, run.stderr[-3000:]
    return Storage(data)


def loaded(storage: Storage) -> dict[str, Any]:
    result = storage.load_game()
    assert result.problem is None and result.data is not None, result.problem
    return result.data


def play_on(session: GameSession, count: int) -> list[Any]:
    """``count`` more actions (the person's by a Normal stand-in); the whole action list."""
    for _ in range(count):
        seat = session.decider()
        if seat is None:
            break
        kind = "normal" if session.is_human(seat) else None
        session.apply(seat, decide(session.decision_request(seat, kind)))
    return list(session.replay.actions)


@pytest.mark.parametrize(("game_id", "seed"), [("kael", 3)])
@pytest.mark.parametrize("after", [0, 4])
def test_a_game_killed_after_an_undo_resumes_exactly_and_stays_assisted(
    tmp_path: Path, game_id: str, seed: int, after: int
) -> None:
    undone = loaded(child(tmp_path, "undo", game_id, seed, "undo", after))
    plain = loaded(child(tmp_path, "plain", game_id, seed, "plain", after))
    assert undone["undos"] == 1 and "undos" not in plain
    if after == 0:  # killed at the save of the undo: the person's move is not played yet
        assert (
            plain["replay"]["actions"][: len(undone["replay"]["actions"])]
            == (undone["replay"]["actions"])
        )
        assert len(plain["replay"]["actions"]) == len(undone["replay"]["actions"]) + 1
        return
    assert undone["replay"]["actions"] == plain["replay"]["actions"]
    resumed = GameSession.from_save(undone, REGISTRY)
    expected = GameSession.from_save(plain, REGISTRY)
    assert resumed.assisted and resumed.undos == 1 and not expected.assisted
    game = resumed.game
    assert game.state_to_json(resumed.state) == game.state_to_json(expected.state)
    assert play_on(resumed, 6) == play_on(expected, 6)  # the same game goes on
    again = GameSession.from_save(resumed.to_save(), REGISTRY)
    assert again.undos == 1
