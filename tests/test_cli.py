"""The command line (``nove_desktop/cli.py``): ``replay FILE`` and ``simulate``.

Contract (cli.py docstring): errors a user can make print one clear line and exit with status 2,
never a traceback. ``--json`` prints exactly one JSON object and nothing else on stdout. One game
that raises during ``simulate`` is reported (seed, error, replay of the actions so far) and does
not stop the run; the exit status is then 1.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import platformdirs
import pytest
from platformdirs.unix import Unix

from nove_desktop import cli
from nove_desktop.engine import Action
from nove_desktop.games.nove import NoveGame, NoveOptions
from nove_desktop.match import play_match
from tests.games.cli_helpers import one_json_object, run_cli

REPO = Path(__file__).resolve().parents[1]
BIG = 10**23  # issue 27: "--games 10**23" was answered with "--seed must be ... from 0 to -9998..."


def assert_one_error_line(status: int, out: str, err: str, *fragments: str) -> None:
    assert status == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("nove-desktop: ")
    assert "Traceback" not in err
    for fragment in fragments:
        assert fragment in lines[0]


def write_replay(folder: Path, seed: int = 4, players: int = 3) -> tuple[Path, Any]:
    game = NoveGame()
    match = play_match(
        game,
        NoveOptions(players=players),
        seed,
        ["heuristic"] * players,
        names=[f"Player {i}" for i in range(players)],
    )
    path = folder / "game.json"
    path.write_text(json.dumps(match.replay.to_json()), encoding="utf-8")
    return path, match.result


# -- replay ----------------------------------------------------------------------------------------
def test_replay_prints_the_scores_and_the_winner(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, result = write_replay(tmp_path)
    status, out, err = run_cli(capsys, "replay", str(path))
    assert (status, err) == (0, "")
    assert out.startswith("NOVE: ")
    for seat, score in enumerate(result.scores):
        assert f"  seat {seat} Player {seat}: {score}\n" in out
    assert f"winner: seat {result.winner} Player {result.winner} ({result.reason})" in out


def test_replay_json_prints_one_object(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, result = write_replay(tmp_path)
    status, out, err = run_cli(capsys, "replay", str(path), "--json")
    assert (status, err) == (0, "")
    data = one_json_object(out)
    assert data["scores"] == list(result.scores)
    assert data["winner"] == result.winner
    assert data["winner_name"] == f"Player {result.winner}"
    assert data["game"] == "nove"
    assert data["finished"] is True
    assert data["reason"] == result.reason


def test_replay_of_an_unfinished_game_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, _ = write_replay(tmp_path)
    data = json.loads(path.read_text())
    data["actions"] = data["actions"][:2]
    del data["result"]
    path.write_text(json.dumps(data))
    status, out, _ = run_cli(capsys, "replay", str(path))
    assert status == 0
    assert "the game is not finished" in out
    status, out, _ = run_cli(capsys, "replay", str(path), "--json")
    assert one_json_object(out)["finished"] is False


def test_replay_of_malformed_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "nove-desktop-replay",\n "version": ', encoding="utf-8")
    status, out, err = run_cli(capsys, "replay", str(path))
    assert_one_error_line(status, out, err, "is not valid JSON", "line 2")


def test_replay_of_a_json_file_that_is_not_a_replay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "list.json"
    path.write_text("[1, 2, 3]", encoding="utf-8")
    status, out, err = run_cli(capsys, "replay", str(path), "--json")
    assert_one_error_line(status, out, err, "not a replay")


def test_replay_of_a_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "nowhere.json"
    status, out, err = run_cli(capsys, "replay", str(path))
    assert_one_error_line(status, out, err, "cannot read", "nowhere.json")


def test_replay_of_a_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run_cli(capsys, "replay", str(tmp_path))
    assert_one_error_line(status, out, err, "cannot read")


def test_replay_of_a_binary_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "image.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe\x00")
    status, out, err = run_cli(capsys, "replay", str(path))
    assert_one_error_line(status, out, err)


def replay_variant(tmp_path: Path, name: str, change: Any) -> Path:
    """A recorded replay with ``change(text)`` applied to its JSON text, as a file."""
    path, _ = write_replay(tmp_path)
    variant = tmp_path / name
    variant.write_bytes(change(path.read_bytes()))
    return variant


@pytest.mark.parametrize(
    ("name", "change", "fragments"),
    [
        (
            "digits.json",
            lambda raw: raw.replace(b'"seed": 4', b'"seed": ' + b"9" * 5000),
            ["holds a number of 5000 digits"],
        ),
        ("deep.json", lambda raw: b"[" * 200_000 + b"]" * 200_000, ["nested too deeply"]),
        (
            "nested.json",
            lambda raw: raw[:-1] + b', "x": ' + b"[" * 50 + b"]" * 50 + b"}",
            ["nested too deeply"],
        ),
        (
            "seed.json",
            lambda raw: raw.replace(b'"seed": 4', b'"seed": 1' + b"0" * 400),
            ["holds a number of 401 digits"],
        ),
        (
            "alias.json",
            lambda raw: raw.replace(b'"seed": 4', b'"seed": 18446744073709551620'),
            ['"seed" must be a whole number from 0 to 18446744073709551615'],
        ),
        ("nan.json", lambda raw: raw.replace(b'"seed": 4', b'"seed": NaN'), ["NaN"]),
        (
            "line.json",
            lambda raw: raw.replace(b'"type": "hit"', b'"type": "hit\\nboom"', 1),
            ["action ", "boom"],
        ),
    ],
)
def test_a_malformed_replay_gives_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, change: Any, fragments: Any
) -> None:
    path = replay_variant(tmp_path, name, change)
    for extra in ([], ["--json"]):
        status, out, err = run_cli(capsys, "replay", str(path), *extra)
        assert_one_error_line(status, out, err, *fragments)


def test_a_replay_after_a_byte_order_mark_is_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, result = write_replay(tmp_path)
    plain = run_cli(capsys, "replay", str(path), "--json")
    marked = replay_variant(tmp_path, "bom.json", lambda raw: b"\xef\xbb\xbf" + raw)
    status, out, err = run_cli(capsys, "replay", str(marked), "--json")
    assert (status, err) == (0, "")
    assert out == plain[1]
    assert one_json_object(out)["scores"] == list(result.scores)


def test_replay_of_an_unknown_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, _ = write_replay(tmp_path)
    data = json.loads(path.read_text())
    data["game"] = "chess"
    path.write_text(json.dumps(data))
    status, out, err = run_cli(capsys, "replay", str(path), "--json")
    assert_one_error_line(status, out, err, 'unknown game "chess"')


def test_replay_with_an_illegal_action(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, _ = write_replay(tmp_path)
    data = json.loads(path.read_text())
    data["actions"][3]["seat"] = (data["actions"][3]["seat"] + 1) % 3
    path.write_text(json.dumps(data))
    status, out, err = run_cli(capsys, "replay", str(path))
    assert_one_error_line(status, out, err, "action 3 is illegal", "it is not your turn")


def test_replay_with_a_tampered_result(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, _ = write_replay(tmp_path)
    data = json.loads(path.read_text())
    data["result"]["scores"] = [99, 99, 99]
    path.write_text(json.dumps(data))
    status, out, err = run_cli(capsys, "replay", str(path), "--json")
    assert_one_error_line(status, out, err, "recorded scores [99, 99, 99] differ")


# -- simulate --------------------------------------------------------------------------------------
SIMULATE_KEYS = {
    "games",
    "actions",
    "seconds",
    "games_per_s",
    "actions_per_s",
    "wins",
    "mean_points",
    "errors",
}


def test_simulate_json_prints_one_object_with_the_report(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--game", "nove", "--players", "3", "--games", "5", "--seed", "1", "--json"]
    status, out, err = run_cli(capsys, *argv)
    assert (status, err) == (0, "")
    report = one_json_object(out)
    assert set(report) >= SIMULATE_KEYS
    assert report["games"] == 5
    assert report["errors"] == []
    assert report["actions"] > 0
    assert len(report["wins"]) == 3 and sum(report["wins"]) == 5
    assert len(report["mean_points"]) == 3
    assert report["seats"] == ["heuristic"] * 3


def test_simulate_reports_its_speed_from_the_clock(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The run's seconds are read from the clock around the games, and the rates are the
    counts divided by them (a fake clock makes the run take exactly 2.5 s)."""
    readings = iter([100.0, 102.5])
    monkeypatch.setattr(cli.time, "perf_counter", lambda: next(readings))
    argv = ["simulate", "--players", "3", "--games", "4", "--seed", "2", "--json"]
    report = one_json_object(run_cli(capsys, *argv)[1])
    assert report["seconds"] == 2.5
    assert report["games_per_s"] == 1.6  # 4 games / 2.5 s
    assert report["actions_per_s"] == round(report["actions"] / 2.5)


def test_simulate_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--players", "4", "--games", "4", "--seed", "7", "--json"]
    first = one_json_object(run_cli(capsys, *argv)[1])
    second = one_json_object(run_cli(capsys, *argv)[1])
    for key in ("actions", "wins", "mean_points"):
        assert first[key] == second[key]


def test_simulate_results_match_play_match(capsys: pytest.CaptureFixture[str]) -> None:
    """The report is the sum of the individual games with seeds seed, seed+1, ..."""
    report = one_json_object(
        run_cli(capsys, "simulate", "--players", "3", "--games", "3", "--seed", "20", "--json")[1]
    )
    game = NoveGame()
    options = game.options_from_json({"players": 3, "max_rounds": 500})
    wins = [0, 0, 0]
    actions = 0
    for seed in (20, 21, 22):
        match = play_match(game, options, seed, ["heuristic"] * 3)
        actions += match.actions
        assert match.result.winner is not None  # a finished game has a winner
        wins[match.result.winner] += 1
    assert report["wins"] == wins
    assert report["actions"] == actions


def test_simulate_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(capsys, "simulate", "--players", "2", "--games", "2")
    assert (status, err) == (0, "")
    assert out.startswith("nove: 2 games, 2 players (heuristic, heuristic)")
    assert "errors: 0" in out


def test_simulate_with_mixed_seats(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--players", "3", "--games", "3", "--seats", "heuristic,random,random"]
    status, out, _ = run_cli(capsys, *argv, "--json")
    assert status == 0
    report = one_json_object(out)
    assert report["seats"] == ["heuristic", "random", "random"]
    assert sum(report["wins"]) == 3


def test_simulate_accepts_every_ai_level(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The four levels (and "heuristic", Normal's older name) sit at one table; the replays
    written record the kinds and replay to the same scores."""
    folder = tmp_path / "levels"
    argv = ["simulate", "--players", "4", "--games", "1", "--seed", "3", "--max-rounds", "2"]
    argv += ["--seats", "hard,normal,easy,random", "--save-replays", str(folder)]
    status, out, _ = run_cli(capsys, *argv, "--json")
    assert status == 0
    report = one_json_object(out)
    assert report["seats"] == ["hard", "normal", "easy", "random"]
    (path,) = folder.glob("*.json")
    recorded = json.loads(path.read_text())
    assert [seat["kind"] for seat in recorded["seats"]] == report["seats"]
    status, out, err = run_cli(capsys, "replay", str(path), "--json")
    assert (status, err) == (0, "")
    assert one_json_object(out)["scores"] == recorded["result"]["scores"]
    status, out, _ = run_cli(capsys, *argv[:-2], "--seats", "heuristic,normal,easy,easy")
    assert status == 0 and "heuristic" in out


def test_save_replays_writes_files_that_replay_to_the_same_scores(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "replays"
    argv = ["simulate", "--players", "3", "--games", "3", "--seed", "40"]
    status, out, _ = run_cli(capsys, *argv, "--json", "--save-replays", str(folder))
    assert status == 0
    report = one_json_object(out)
    files = sorted(folder.glob("*.json"))
    assert [f.name for f in files] == ["nove-40.json", "nove-41.json", "nove-42.json"]
    wins = [0, 0, 0]
    for path in files:
        recorded = json.loads(path.read_text())
        status, out, err = run_cli(capsys, "replay", str(path), "--json")
        assert (status, err) == (0, "")
        replayed = one_json_object(out)
        assert replayed["scores"] == recorded["result"]["scores"]
        assert replayed["winner"] == recorded["result"]["winner"]
        wins[replayed["winner"]] += 1
    assert wins == report["wins"]


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["--players", "3", "--seats", "heuristic,random"], ["--seats names 2 seats for 3"]),
        (["--players", "2", "--seats", "heuristic,genius"], ['unknown seat kind "genius"']),
        (["--game", "chess"], ['unknown game "chess"']),
        (["--players", "7"], ["2 to 6 players, not 7"]),
        (["--players", "1"], ["2 to 6 players, not 1"]),
        (["--players", "99"], ["--players: NOVE is played by 2 to 6 players, not 99"]),
        (["--games", "0"], ["--games must be a whole number from 1 to 100000, not 0"]),
        (["--games", str(10**23)], [f"--games must be a whole number from 1 to 100000, not {BIG}"]),
        (["--games", "100001"], ["--games must be a whole number from 1 to 100000, not 100001"]),
        (["--seed", "-1"], [f"--seed must be a whole number from 0 to {2**64 - 100}", "not -1"]),
        (["--seed", str(2**64)], ["--seed must be a whole number from 0 to"]),
        (["--games", "2", "--seed", str(2**64 - 1)], [f"from 0 to {2**64 - 2} (with --games 2)"]),
        (["--max-rounds", "0"], ["--max-rounds: the round limit must be a whole number from 1 to"]),
        (["--max-rounds", str(10**29)], [f"from 1 to 10000, not {10**29}"]),
        (["--game", "numx", "--max-rounds", "3"], ["--max-rounds: NUM-X has no round limit"]),
    ],
)
def test_simulate_user_errors_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], fragments: list[str]
) -> None:
    status, out, err = run_cli(capsys, "simulate", *argv, "--json")
    assert_one_error_line(status, out, err, *fragments)


def test_the_largest_seed_and_round_limit_are_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--players", "2", "--games", "1", "--seed", str(2**64 - 1), "--max-rounds", "10000"]
    status, out, err = run_cli(capsys, "simulate", *argv, "--json")
    assert (status, err) == (0, "")
    assert one_json_object(out)["completed"] == 1


def test_the_help_states_every_numeric_bound(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for bound in ("1 to 100000", "1 to 10000", "2-6", "3-6", "2-12", "from 0"):
        assert bound in text


# -- --save-replays at a place where nothing can be written ----------------------------------------
def no_game_may_be_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """The folder is checked before the first game, not after an hour of play."""

    def refuse(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("a game was played before the folder was checked")

    monkeypatch.setattr(cli, "play_match", refuse)


def test_save_replays_at_a_file_is_one_line_before_any_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_game_may_be_played(monkeypatch)
    target = tmp_path / "notes.txt"
    target.write_text("mine", encoding="utf-8")
    status, out, err = run_cli(capsys, "simulate", "--games", "1", "--save-replays", str(target))
    assert_one_error_line(status, out, err, f"--save-replays: {target} is a file, not a folder")
    assert target.read_text(encoding="utf-8") == "mine"


def test_save_replays_under_a_file_is_one_line_before_any_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_game_may_be_played(monkeypatch)
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    target = tmp_path / "notes.txt" / "replays"
    status, out, err = run_cli(capsys, "simulate", "--games", "1", "--save-replays", str(target))
    assert_one_error_line(
        status, out, err, f"--save-replays: cannot create the folder {target}: Not a directory"
    )


def test_save_replays_in_an_unwritable_folder_is_one_line_before_any_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tests run as root, who may write anywhere: the disk's refusal is simulated where the
    command meets it (creating a file in the folder)."""
    no_game_may_be_played(monkeypatch)

    def read_only(*_args: Any, **_kwargs: Any) -> Any:
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(cli.tempfile, "mkstemp", read_only)
    status, out, err = run_cli(capsys, "simulate", "--games", "1", "--save-replays", str(tmp_path))
    assert_one_error_line(
        status, out, err, f"--save-replays: cannot write in {tmp_path}: Read-only file system"
    )


def test_a_replay_that_cannot_be_written_mid_run_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def disk_full(*_args: Any, **_kwargs: Any) -> Any:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_text", disk_full)
    argv = ["simulate", "--players", "2", "--games", "1", "--save-replays", str(tmp_path)]
    status, out, err = run_cli(capsys, *argv)
    assert_one_error_line(status, out, err, "cannot write the replay", "No space left on device")


# -- one failing game does not stop the run --------------------------------------------------------
class ExplodingNove(NoveGame):
    """NOVE whose ``apply`` raises after ``fail_after`` successful actions."""

    def __init__(self, fail_after: int) -> None:
        self.fail_after = fail_after
        self.applied = 0

    def apply(self, state: Any, seat: int, action: Action) -> Any:
        if self.applied == self.fail_after:
            raise RuntimeError("engine exploded")
        self.applied += 1
        return super().apply(state, seat, action)


BAD_SEED = 12


def break_one_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    real = cli.play_match

    def flaky(game: Any, options: Any, seed: int, kinds: Any, **kwargs: Any) -> Any:
        if seed == BAD_SEED:
            return real(ExplodingNove(fail_after=5), options, seed, kinds, **kwargs)
        return real(game, options, seed, kinds, **kwargs)

    monkeypatch.setattr(cli, "play_match", flaky)


def test_an_exception_in_one_game_is_reported_and_the_run_goes_on(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    break_one_seed(monkeypatch)
    folder = tmp_path / "out"
    argv = ["simulate", "--players", "3", "--games", "4", "--seed", str(BAD_SEED - 1)]
    status, out, err = run_cli(capsys, *argv, "--json", "--save-replays", str(folder))
    assert status == 1
    assert err == ""
    report = one_json_object(out)
    assert report["games"] == 4
    assert report["completed"] == 3
    assert sum(report["wins"]) == 3
    (error,) = report["errors"]
    assert error["seed"] == BAD_SEED
    assert error["error"] == "RuntimeError: engine exploded"
    failed = Path(error["replay"])
    assert failed.is_file()
    assert failed.parent == folder
    # The other three games were saved as usual.
    saved = {p.name for p in folder.glob("nove-*.json")}
    assert saved == {f"nove-{s}.json" for s in (11, 13, 14)}

    # The failure's replay holds the actions applied before the error, so it can be re-run.
    data = json.loads(failed.read_text())
    assert data["error"] == "RuntimeError: engine exploded"
    assert data["seed"] == BAD_SEED
    assert len(data["actions"]) == 5
    status, out, err = run_cli(capsys, "replay", str(failed), "--json")
    assert (status, err) == (0, "")
    assert one_json_object(out)["finished"] is False


def test_a_failure_without_save_replays_still_writes_its_replay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    break_one_seed(monkeypatch)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    argv = ["simulate", "--players", "2", "--games", "2", "--seed", str(BAD_SEED)]
    status, out, _ = run_cli(capsys, *argv, "--json")
    assert status == 1
    (error,) = one_json_object(out)["errors"]
    path = Path(error["replay"])
    assert path.is_file()
    assert tmp_path in path.parents


def test_a_failure_is_listed_in_the_text_report(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    break_one_seed(monkeypatch)
    argv = ["simulate", "--players", "2", "--games", "2", "--seed", str(BAD_SEED)]
    status, out, _ = run_cli(capsys, *argv, "--save-replays", str(tmp_path))
    assert status == 1
    assert "errors: 1" in out
    assert f"seed {BAD_SEED}: RuntimeError: engine exploded (replay " in out


# -- a real process --------------------------------------------------------------------------------
def test_python_dash_m_simulate_json_prints_pure_json() -> None:
    """Nothing else (no pygame banner, no warnings) may reach stdout: tools pipe it to jq."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)
    argv = ["simulate", "--game", "nove", "--players", "3", "--games", "3", "--seed", "1", "--json"]
    proc = subprocess.run(
        [sys.executable, "-m", "nove_desktop", *argv],
        cwd=str(REPO),
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    report = one_json_object(proc.stdout)
    assert set(report) >= SIMULATE_KEYS
    assert report["games"] == 3


def test_python_dash_m_user_error_has_no_traceback(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.run(
        [sys.executable, "-m", "nove_desktop", "replay", str(tmp_path / "missing.json")],
        cwd=str(REPO),
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.startswith("nove-desktop: cannot read")
    assert proc.stderr.count("\n") == 1
    assert "Traceback" not in proc.stderr


def test_python_dash_m_save_replays_at_a_file_has_no_traceback(tmp_path: Path) -> None:
    target = tmp_path / "replays"
    target.write_text("", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    argv = ["simulate", "--games", "1", "--save-replays", str(target)]
    proc = subprocess.run(
        [sys.executable, "-m", "nove_desktop", *argv],
        cwd=str(REPO),
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr == f"nove-desktop: --save-replays: {target} is a file, not a folder\n"


@pytest.mark.parametrize("command", [[], ["simulate"], ["replay"], ["demo"]])
def test_every_help_says_where_the_files_are_and_how_to_move_them(
    command: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NOVE_DESKTOP_DATA", "/somewhere/else")
    with pytest.raises(SystemExit):
        cli.main([*command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "NOVE_DESKTOP_DATA" in text and "/somewhere/else" in text
    assert all(f"{kind} folder" in text for kind in ("data", "config", "state"))


@pytest.mark.parametrize("command", [[], ["simulate"], ["replay"], ["demo"]])
def test_every_help_names_the_three_folders_whole(
    command: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without the variable: the platform's three folders, each on one line (copyable, never
    broken at a hyphen), the home folder as ``~``, and the variables that move them."""
    monkeypatch.delenv("NOVE_DESKTOP_DATA", raising=False)
    monkeypatch.setenv("HOME", "/home/ada")
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(platformdirs, "PlatformDirs", Unix)
    with pytest.raises(SystemExit):
        cli.main([*command, "--help"])
    out = capsys.readouterr().out
    epilog = out[out.index("Files:") :]
    for kind, folder in [
        ("data", "~/.local/share/nove-desktop"),
        ("config", "~/.config/nove-desktop"),
        ("state", "~/.local/state/nove-desktop"),
    ]:
        assert f"{kind} folder" in " ".join(epilog.split())
        assert folder in epilog.split() or f"{folder}," in epilog.split()
    for variable in ("NOVE_DESKTOP_DATA", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        assert variable in epilog


def test_the_simulate_help_explains_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    """Each option has its own help line, the games are named, the defaults are said."""
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--help"])
    text = capsys.readouterr().out
    options = text[text.index("options:") :]
    for option in ("--game", "--players", "--games", "--seed", "--seats", "--save-replays"):
        line = next(row for row in options.splitlines() if row.strip().startswith(option))
        assert len(line.split(maxsplit=2)) == 3, line  # the option, its value, its help
    flat = " ".join(text.split())
    assert "nove, kael, nox, banco, numx" in flat
    for default in ("(default nove)", "default 4)", "(default 100)", "(default 0)"):
        assert default in flat
