"""Nove (banco) through the command line: ``simulate --game banco`` and ``replay`` of a saved
replay (the calls mirror ``tests/test_cli.py``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from nove_desktop.games.banco import BancoGame, BancoOptions
from nove_desktop.match import play_match
from tests.games.cli_helpers import one_json_object, run_cli


def test_simulate_banco_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--game", "banco", "--players", "4", "--games", "5", "--seed", "3"]
    status, out, err = run_cli(capsys, *argv, "--json")
    assert (status, err) == (0, "")
    report = one_json_object(out)
    assert report["game"] == "banco" and report["games"] == 5 and report["errors"] == []
    assert sum(report["wins"]) == 5 and report["seats"] == ["heuristic"] * 4
    # Chips are conserved: the mean bankrolls add up to the 4 x 100 chips on the table.
    assert sum(report["mean_points"]) == pytest.approx(400)
    # The report is the sum of the individual games (seeds 3..7), so it is reproducible.
    game = BancoGame()
    options = game.options_from_json({"players": 4})
    actions = sum(
        play_match(game, options, seed, ["heuristic"] * 4).actions for seed in range(3, 8)
    )
    assert report["actions"] == actions


def test_simulate_banco_text_with_mixed_seats(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--game", "banco", "--players", "3", "--games", "3"]
    status, out, err = run_cli(capsys, *argv, "--seats", "heuristic,random,random")
    assert (status, err) == (0, "")
    assert out.startswith("banco: 3 games, 3 players (heuristic, random, random)")
    assert "errors: 0" in out


def test_simulate_banco_refuses_thirteen_players(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(capsys, "simulate", "--game", "banco", "--players", "13")
    assert status == 2 and out == ""
    assert "Nove (banco) is played by 2 to 12 players, not 13" in err and "Traceback" not in err


def saved_replay(folder: Path) -> tuple[Path, Any]:
    game = BancoGame()
    match = play_match(
        game,
        BancoOptions(players=3, deck_style="french40", max_bet=20),
        12,
        ["heuristic", "random", "heuristic"],
        names=["Gino", "Lia", "Rosa"],
    )
    path = folder / "banco.json"
    path.write_text(json.dumps(match.replay.to_json()), encoding="utf-8")
    return path, match


def test_replay_of_a_saved_banco_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, match = saved_replay(tmp_path)
    status, out, err = run_cli(capsys, "replay", str(path), "--json")
    assert (status, err) == (0, "")
    data = one_json_object(out)
    result = match.result
    assert data["game"] == "banco" and data["finished"] is True
    assert data["actions"] == match.actions
    assert data["scores"] == list(result.scores) and data["winner"] == result.winner
    assert data["rounds"] == result.rounds and data["reason"] == result.reason
    assert sum(result.scores) == 300
    status, out, err = run_cli(capsys, "replay", str(path))
    assert status == 0 and out.startswith(f"Nove (banco): {match.actions} actions")
    assert f"winner: seat {result.winner}" in out


def test_replay_of_a_tampered_banco_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, _ = saved_replay(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    first = data["actions"][0]
    assert first["action"]["type"] == "bet"
    data["actions"][0]["action"] = {"type": "bet", "amount": 21}  # above the table limit of 20
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = run_cli(capsys, "replay", str(path))
    assert status == 2 and out == ""
    assert "action 0 is illegal" in err and "above the limit of 20 chips" in err
    assert "Traceback" not in err
