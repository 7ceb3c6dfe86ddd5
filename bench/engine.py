"""Engine benchmark: random playouts and state copies of every registered game, side by side with
RLCard's UNO environment played by random agents (run in a throwaway venv).

    python bench/engine.py                 # all games, RLCard baseline included
    python bench/engine.py --no-rlcard     # our games only
    python bench/engine.py --json          # one JSON object

A random playout is the loop a search AI runs: ``legal_actions``, a random choice, ``apply``
(which checks the action and runs the automatic steps: deals, compulsory calls, scoring). An
"action" is one decision applied. Rates are medians over ``--repeats`` runs of ``--games`` games;
the copy time is the median of per-repeat means over copies taken at decision points. Repeats of
our games and of RLCard are interleaved, and the ratio is the median of per-repeat ratios.
Targets (issue 2): at least 3x RLCard UNO's steps/s, and a state copy of at most 20 microseconds.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nove_desktop.engine.rng import Rng  # noqa: E402
from nove_desktop.games import default_registry  # noqa: E402

TARGET_RATIO = 3.0
TARGET_COPY_US = 20.0


def _options(game: Any, players: int) -> Any:
    data: dict[str, Any] = {"players": players}
    if "max_rounds" in game.options_to_json(game.default_options()):
        data["max_rounds"] = 500
    return game.options_from_json(data)


def playout_run(game: Any, players: int, games: int, seed: int) -> tuple[int, float]:
    """Play ``games`` random games; return (actions, seconds)."""
    options = _options(game, players)
    chooser = Rng(seed)
    actions = 0
    start = time.perf_counter()
    for index in range(games):
        state, _ = game.new_game(options, seed + index)
        while True:
            acting = game.to_act(state)
            if not acting:
                break
            seat = acting[0]
            game.apply(state, seat, chooser.choice(game.legal_actions(state, seat)))
            actions += 1
    return actions, time.perf_counter() - start


def copy_run(game: Any, players: int, samples: int, seed: int) -> float:
    """Mean microseconds of ``state.copy()`` over states met at decision points."""
    options = _options(game, players)
    chooser = Rng(seed)
    states: list[Any] = []
    index = 0
    while len(states) < samples:
        state, _ = game.new_game(options, seed + index)
        index += 1
        while game.to_act(state) and len(states) < samples:
            states.append(state.copy())
            seat = game.to_act(state)[0]
            game.apply(state, seat, chooser.choice(game.legal_actions(state, seat)))
    start = time.perf_counter()
    for state in states:
        state.copy()
    return (time.perf_counter() - start) / len(states) * 1e6


def measure_game(game: Any, players: int, games: int, seed: int) -> dict[str, float]:
    """One repeat for one game: playout rates and the mean copy time."""
    actions, seconds = playout_run(game, players, games, seed)
    return {
        "actions": actions,
        "actions_per_s": actions / seconds,
        "games_per_s": games / seconds,
        "copy_us": copy_run(game, players, 5000, seed),
    }


def measure_rlcard(venv: Path, games: int) -> dict[str, Any]:
    """One repeat of RLCard's UNO, in the throwaway venv (a process of its own)."""
    out = subprocess.run(
        [
            str(venv / "bin" / "python"),
            str(ROOT / "bench" / "rlcard_uno.py"),
            "--games",
            str(games),
            "--repeats",
            "1",
            "--copy-samples",
            "500",
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    # Defaults make one repeat of NOVE last about as long as one of RLCard's UNO (~3 s).
    parser.add_argument("--games", type=int, default=3000, help="games per repeat")
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4, help="player count measured")
    parser.add_argument("--rlcard-venv", type=Path, default=Path("/tmp/rlcard-venv"))
    parser.add_argument("--rlcard-games", type=int, default=2000)
    parser.add_argument("--no-rlcard", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--game", action="append", default=[], help="measure only this game (repeatable)"
    )
    args = parser.parse_args(argv)

    registry = default_registry()
    games = [registry.get(g) for g in args.game] if args.game else list(registry)
    counts = {g.id: min(max(args.players, g.min_players), g.max_players) for g in games}
    if not args.no_rlcard:
        subprocess.run(
            ["bash", str(ROOT / "bench" / "setup_rlcard_venv.sh"), str(args.rlcard_venv)],
            check=True,
        )
    for game in games:  # warm-up: imports, caches
        playout_run(game, counts[game.id], max(args.games // 10, 5), args.seed + 10_000)
    # Repeats are interleaved (each game, then RLCard) so that both see the same machine: this
    # shared VM has slow and fast phases of several seconds, which would bias separate runs.
    samples: dict[str, list[dict[str, float]]] = {g.id: [] for g in games}
    uno: list[dict[str, Any]] = []
    # Alternate which side goes first, so that a drift of the machine's speed cancels out.
    for repeat in range(args.repeats):
        if not args.no_rlcard and repeat % 2:
            uno.append(measure_rlcard(args.rlcard_venv, args.rlcard_games))
        for game in games:
            samples[game.id].append(measure_game(game, counts[game.id], args.games, args.seed))
        if not args.no_rlcard and not repeat % 2:
            uno.append(measure_rlcard(args.rlcard_venv, args.rlcard_games))

    rows = []
    for game in games:
        runs = samples[game.id]
        row: dict[str, Any] = {
            "game": game.id,
            "players": counts[game.id],
            "games": args.games,
            "actions": int(runs[0]["actions"]),
            "actions_per_s_median": round(statistics.median(r["actions_per_s"] for r in runs)),
            "games_per_s_median": round(statistics.median(r["games_per_s"] for r in runs), 1),
            "copy_us_median": round(statistics.median(r["copy_us"] for r in runs), 2),
        }
        if uno:
            ratios = [
                r["actions_per_s"] / u["steps_per_s_median"] for r, u in zip(runs, uno, strict=True)
            ]
            row["ratio_vs_rlcard_uno"] = round(statistics.median(ratios), 2)
            row["ratio_range"] = [round(min(ratios), 2), round(max(ratios), 2)]
            row["meets_speed_target"] = row["ratio_vs_rlcard_uno"] >= TARGET_RATIO
        row["meets_copy_target"] = row["copy_us_median"] <= TARGET_COPY_US
        rows.append(row)
    baseline = None
    if uno:
        baseline = {
            "engine": "rlcard-uno",
            "rlcard_version": uno[0]["rlcard_version"],
            "games": args.rlcard_games,
            "steps_per_s_median": round(statistics.median(u["steps_per_s_median"] for u in uno)),
            "games_per_s_median": round(statistics.median(u["games_per_s_median"] for u in uno), 1),
            "copy_us_median": round(statistics.median(u["copy_us_median"] for u in uno), 1),
        }
    report = {
        "date": time.strftime("%Y-%m-%d"),
        "python": platform.python_version(),
        "machine": f"{platform.machine()}, {_cores()} cores",
        "repeats": args.repeats,
        "games": rows,
        "rlcard_uno": baseline,
    }
    if args.json:
        print(json.dumps(report))
    else:
        _print(report)
    return 0


def _cores() -> int:
    import os

    return os.cpu_count() or 0


def _print(report: dict[str, Any]) -> None:
    print(f"engine benchmark {report['date']}, Python {report['python']}, {report['machine']}")
    header = f"{'game':8}{'players':>8}{'actions/s':>12}{'games/s':>10}{'copy us':>9}{'x UNO':>7}"
    print(header)
    for row in report["games"]:
        ratio = row.get("ratio_vs_rlcard_uno", "-")
        print(
            f"{row['game']:8}{row['players']:>8}{row['actions_per_s_median']:>12}"
            f"{row['games_per_s_median']:>10}{row['copy_us_median']:>9}{ratio:>7}"
        )
    base = report["rlcard_uno"]
    if base:
        print(
            f"{'rlcard-uno':10}{2:>6}{round(base['steps_per_s_median']):>12}"
            f"{base['games_per_s_median']:>10}{round(base['copy_us_median'], 1):>9}{1.0:>7}"
        )
        for row in report["games"]:
            low, high = row["ratio_range"]
            print(
                f"{row['game']}: median of per-repeat ratios {row['ratio_vs_rlcard_uno']}x "
                f"(range {low}-{high}x over {report['repeats']} interleaved repeats)"
            )
    print(f"targets: >= {TARGET_RATIO}x RLCard UNO steps/s, copy <= {TARGET_COPY_US} us")


if __name__ == "__main__":
    sys.exit(main())
