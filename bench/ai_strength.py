"""AI strength: win rates of one AI level against another, per game, seats rotated.

    python bench/ai_strength.py                                  # every game, the three pairs
    python bench/ai_strength.py --games nove,kael --matches 200
    python bench/ai_strength.py --pairs hard:normal --iterations 300 --jobs 2
    python bench/ai_strength.py --pairs hard:normal --seconds 0.3

A pair "A:B" plays ``--matches`` games of ``--players`` seats: one seat of level A, the others
of level B. Game i is dealt from seed ``--seed + i`` and A sits at seat ``i % players``, so every
seat position is played equally often. A's win counts 1, a shared win 1/k for k winners (seats
tied with the winner's total). The table gives A's win rate with a 95% interval (Wilson), the
chance rate 1/players, the "same seat" rate (how often that seat wins the same deals when every
seat is B: what A would score by playing like B; it differs from chance by the luck of the
deals), and A's mean final total minus the mean of the others' (in Kaël, fewer points are
better).

Hard seats search with ``--iterations`` simulated deals per decision (deterministic) or, with
``--seconds``, for that long.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nove_desktop.games import default_registry  # noqa: E402
from nove_desktop.match import play_match  # noqa: E402
from nove_desktop.specs import game_ids  # noqa: E402

GAMES = game_ids()  # every game, in New game's order
PAIRS = ("easy:random", "normal:easy", "hard:normal")


@dataclasses.dataclass(frozen=True)
class Job:
    game_id: str
    level: str
    against: str
    players: int
    seed: int
    seconds: float | None
    iterations: int | None


@dataclasses.dataclass(frozen=True)
class Outcome:
    credit: float  # 1 for a win, 1/k for a win shared by k seats, else 0
    margin: float  # the seat's total minus the mean of the others' (sign: better is positive)
    seconds: float


def play_one(job: Job) -> Outcome:
    """One game: ``job.level`` at seat ``seed % players``, ``job.against`` everywhere else."""
    game = default_registry().get(job.game_id)
    options = game.default_options(job.players)
    seat = job.seed % job.players
    kinds = [job.against] * job.players
    kinds[seat] = job.level
    start = time.perf_counter()
    result = play_match(
        game, options, job.seed, kinds, seconds=job.seconds, iterations=job.iterations
    ).result
    elapsed = time.perf_counter() - start
    scores = result.scores
    sign = -1.0 if game.lower_score_wins else 1.0
    others = [s for i, s in enumerate(scores) if i != seat]
    margin = sign * (scores[seat] - sum(others) / len(others))
    if result.winner is None:  # a finished game names its winner (ties share its score)
        raise RuntimeError(f"{game.id} seed {job.seed}: the game ended without a winner")
    winners = [i for i, s in enumerate(scores) if s == scores[result.winner]]
    credit = 1.0 / len(winners) if seat in winners else 0.0
    return Outcome(credit, margin, elapsed)


class _Inline:
    """``map`` in this process (``--jobs 1``), with the pool's context-manager shape."""

    def __enter__(self) -> _Inline:
        return self

    def __exit__(self, *_exc: object) -> None:
        return None

    def map(self, function: Any, items: list[Job]) -> Any:
        return map(function, items)


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    denominator = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / denominator
    return centre - half, centre + half


def measure(
    game_id: str,
    pair: str,
    players: int,
    matches: int,
    *,
    seed: int = 0,
    seconds: float | None = None,
    iterations: int | None = None,
    jobs: int = 1,
    progress: int = 0,
) -> dict[str, Any]:
    """One row: ``matches`` games of the pair "level:opponents" at ``players`` seats, from
    ``seed`` on, and the same deals with every seat of the opponents' level (the baseline)."""
    level, against = pair.split(":")
    games = [
        Job(game_id, level, against, players, seed + i, seconds, iterations) for i in range(matches)
    ]
    same = [dataclasses.replace(job, level=against) for job in games]
    outcomes: list[Outcome] = []
    with ProcessPoolExecutor(jobs) if jobs > 1 else _Inline() as pool:
        baseline = sum(o.credit for o in pool.map(play_one, same)) if against != "hard" else None
        for outcome in pool.map(play_one, games):
            outcomes.append(outcome)
            if progress and len(outcomes) % progress == 0:
                wins = sum(o.credit for o in outcomes)
                print(
                    f"  {game_id} {pair}: {len(outcomes)} games, {wins / len(outcomes):.1%}",
                    file=sys.stderr,
                    flush=True,
                )
    wins = sum(o.credit for o in outcomes)
    low, high = wilson(wins, len(outcomes))
    return {
        "game": game_id,
        "pair": pair,
        "matches": len(outcomes),
        "players": players,
        "win_rate": wins / len(outcomes),
        "interval": [low, high],
        "chance": 1 / players,
        "same_seat": None if baseline is None else baseline / len(outcomes),
        "margin": sum(o.margin for o in outcomes) / len(outcomes),
        "seconds_per_game": sum(o.seconds for o in outcomes) / len(outcomes),
    }


def _rate(value: float | None) -> str:
    return "-" if value is None else f"{value:.1%}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument(
        "--pairs", default=",".join(PAIRS), help="level:opponents, e.g. hard:normal"
    )
    parser.add_argument("--matches", type=int, default=100, help="games per pair and game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=None, help="Hard's time per decision")
    parser.add_argument("--iterations", type=int, default=None, help="Hard's deals per decision")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.add_argument("--progress", type=int, default=0, help="report every n games (stderr)")
    args = parser.parse_args(argv)
    if args.seconds is None and args.iterations is None:
        args.iterations = 200
    print(
        f"# {args.matches} games per row, {args.players} players, seeds {args.seed}.., Hard: "
        + (f"{args.iterations} deals" if args.iterations else "")
        + (" or " if args.iterations and args.seconds else "")
        + (f"{args.seconds} s" if args.seconds else "")
        + " per decision",
        flush=True,
    )
    if not args.json:
        print(
            f"{'game':6} {'pair':12} {'win rate':>9} {'95% interval':>15} {'chance':>7} "
            f"{'same seat':>9} {'margin':>8} {'s/game':>7}",
            flush=True,
        )
    for game_id in args.games.split(","):
        for pair in args.pairs.split(","):
            row = measure(
                game_id,
                pair,
                args.players,
                args.matches,
                seed=args.seed,
                seconds=args.seconds,
                iterations=args.iterations,
                jobs=args.jobs,
                progress=args.progress,
            )
            if args.json:
                print(json.dumps(row), flush=True)
            else:
                low, high = row["interval"]
                print(
                    f"{game_id:6} {pair:12} {row['win_rate']:9.1%} "
                    f"{f'{low:.1%}-{high:.1%}':>15} {row['chance']:7.1%} "
                    f"{_rate(row['same_seat']):>9} "
                    f"{row['margin']:8.2f} {row['seconds_per_game']:7.2f}",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
