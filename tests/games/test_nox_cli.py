"""NOX through the command line: ``simulate --game nox`` and ``replay`` of a saved replay (the
calls mirror ``tests/test_cli.py``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from nove_desktop.games.nox import NoxGame, NoxOptions
from nove_desktop.match import play_match
from tests.games.cli_helpers import one_json_object, run_cli


def test_simulate_nox_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--game", "nox", "--players", "4", "--games", "4", "--seed", "3"]
    status, out, err = run_cli(capsys, *argv, "--json")
    assert (status, err) == (0, "")
    report = one_json_object(out)
    assert report["game"] == "nox" and report["games"] == 4 and report["errors"] == []
    assert sum(report["wins"]) == 4 and len(report["mean_points"]) == 4
    assert report["actions"] > 0 and report["seats"] == ["heuristic"] * 4
    # The report is the sum of the individual games (seeds 3..6), so it is reproducible.
    game = NoxGame()
    options = game.options_from_json({"players": 4, "max_rounds": 500})
    actions = sum(
        play_match(game, options, seed, ["heuristic"] * 4).actions for seed in range(3, 7)
    )
    assert report["actions"] == actions


def test_simulate_nox_text_with_mixed_seats(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--game", "nox", "--players", "3", "--games", "3"]
    status, out, err = run_cli(capsys, *argv, "--seats", "heuristic,random,random")
    assert (status, err) == (0, "")
    assert out.startswith("nox: 3 games, 3 players (heuristic, random, random)")
    assert "errors: 0" in out


def test_simulate_nox_refuses_two_players(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(capsys, "simulate", "--game", "nox", "--players", "2")
    assert status == 2 and out == ""
    assert "NOX is played by 3 to 6 players, not 2" in err and "Traceback" not in err


def saved_replay(folder: Path) -> tuple[Path, Any]:
    game = NoxGame()
    match = play_match(
        game,
        NoxOptions(players=3, variant="thick_skinned"),
        12,
        ["heuristic", "random", "heuristic"],
        names=["Marie", "Anna", "Claire"],
    )
    path = folder / "nox.json"
    path.write_text(json.dumps(match.replay.to_json()), encoding="utf-8")
    return path, match


def test_replay_of_a_saved_nox_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, match = saved_replay(tmp_path)
    status, out, err = run_cli(capsys, "replay", str(path), "--json")
    assert (status, err) == (0, "")
    data = one_json_object(out)
    result = match.result
    assert data["game"] == "nox" and data["finished"] is True
    assert data["actions"] == match.actions
    assert data["scores"] == list(result.scores) and data["winner"] == result.winner
    assert data["rounds"] == result.rounds and data["reason"] == "target reached"
    assert max(result.scores) >= 100
    status, out, err = run_cli(capsys, "replay", str(path))
    assert status == 0 and out.startswith(f"NOX: {match.actions} actions")
    assert f"winner: seat {result.winner}" in out


def test_replay_of_a_tampered_nox_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, _ = saved_replay(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    first = data["actions"][0]["action"]
    data["actions"][1]["action"] = first  # the card was played already: refused with a reason
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = run_cli(capsys, "replay", str(path))
    assert status == 2 and out == ""
    assert "action 1 is illegal" in err and "Traceback" not in err
