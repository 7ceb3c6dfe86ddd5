"""NUM-X through the command line: ``simulate --game numx`` and ``replay`` of a saved replay (the
calls mirror ``tests/test_cli.py``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from nove_desktop.games.numx import NumxGame, NumxOptions
from nove_desktop.match import play_match
from tests.games.cli_helpers import one_json_object, run_cli


def test_simulate_numx_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--game", "numx", "--players", "4", "--games", "3", "--seed", "3"]
    status, out, err = run_cli(capsys, *argv, "--json")
    assert (status, err) == (0, "")
    report = one_json_object(out)
    assert report["game"] == "numx" and report["games"] == 3 and report["errors"] == []
    assert sum(report["wins"]) == 3 and len(report["mean_points"]) == 4
    assert report["seats"] == ["heuristic"] * 4
    # The report is the sum of the individual games (seeds 3..5), so it is reproducible.
    game = NumxGame()
    options = game.options_from_json({"players": 4})
    actions = sum(play_match(game, options, seed, ["heuristic"] * 4).actions for seed in (3, 4, 5))
    assert report["actions"] == actions


def test_simulate_numx_text_with_mixed_seats(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--game", "numx", "--players", "3", "--games", "2"]
    status, out, err = run_cli(capsys, *argv, "--seats", "heuristic,random,random")
    assert (status, err) == (0, "")
    assert out.startswith("numx: 2 games, 3 players (heuristic, random, random)")
    assert "errors: 0" in out


def test_simulate_numx_refuses_seven_players(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(capsys, "simulate", "--game", "numx", "--players", "7")
    assert status == 2 and out == ""
    assert "NUM-X is played by 2 to 6 players, not 7" in err and "Traceback" not in err


def saved_replay(folder: Path) -> tuple[Path, Any]:
    match = play_match(
        NumxGame(),
        NumxOptions(players=3, infini_4=True, numx_interrupt=True, rounds=2),
        12,
        ["heuristic", "random", "heuristic"],
        names=["Marie", "Anna", "Claire"],
    )
    path = folder / "numx.json"
    path.write_text(json.dumps(match.replay.to_json()), encoding="utf-8")
    return path, match


def test_replay_of_a_saved_numx_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, match = saved_replay(tmp_path)
    recorded = json.loads(path.read_text())
    assert {a["action"]["type"] for a in recorded["actions"]} >= {"pass", "choose_malus"}
    status, out, err = run_cli(capsys, "replay", str(path), "--json")
    assert (status, err) == (0, "")
    data = one_json_object(out)
    assert data["game"] == "numx" and data["finished"] is True
    assert data["scores"] == list(match.result.scores)
    assert data["winner"] == match.result.winner
    status, out, err = run_cli(capsys, "replay", str(path))
    assert (status, err) == (0, "")
    assert out.startswith("NUM-X: ")
    assert f"winner: seat {match.result.winner} " in out


def test_replay_with_a_tampered_numx_action(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, _ = saved_replay(tmp_path)
    data = json.loads(path.read_text())
    data["actions"][0]["action"] = {"type": "choose_malus", "cards": ["OB01", "OB02"]}
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = run_cli(capsys, "replay", str(path))
    assert status == 2 and out == ""
    assert "action 0 is illegal" in err and "objective cards are never played" in err
