"""The AI strength ladder: each level against the level below, in every game, and Hard's speed.

    python bench/ai.py                                    # the whole ladder (hours)
    python bench/ai.py --quick                            # a smoke run on a tiny budget
    python bench/ai.py --games nox --pairs hard:normal --hard-games 200 --jobs 2
    python bench/ai.py --pairs easy:random,normal:easy --games-per-pair 2000 --decisions 0

Every game is played at its usual seat count (NOX three seats, the others four): one seat of the
stronger level against the others of the level below, the seat rotated from game to game
(``bench/ai_strength.py``: win share with its 95% Wilson interval, the chance share, the "same
seat" share of the weaker level on the same deals, the mean margin). Easy against Random and
Normal against Easy play ``--games-per-pair`` games; Hard against Normal plays ``--hard-games``
games, searching the table's fixed iteration budget per game and seat count
(``ai.search.hard_budget``), ``--iterations`` simulations or, a time budget, ``--seconds`` per
decision. The speed table (``bench/ai_speed.py``) times Hard at ``--decisions`` decision points
per game: the decision's wall time p50 and p95, the deals per decision and per second, and the
rollouts per second (every deal plays each root candidate), and the share of the decisions
in which Hard chose otherwise than Normal would have. Both tables print as markdown.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import ai_speed, ai_strength  # noqa: E402

LADDER = ("easy:random", "normal:easy", "hard:normal")


def strength_rows(args: argparse.Namespace) -> list[dict[str, Any]]:
    """One row per game and pair, printed as soon as it is measured when ``args.progress``."""
    rows = []
    for game_id in args.games.split(","):
        for pair in args.pairs.split(","):
            hard = pair.startswith("hard:")
            rows.append(
                ai_strength.measure(
                    game_id,
                    pair,
                    ai_speed.USUAL_PLAYERS[game_id],
                    args.hard_games if hard else args.games_per_pair,
                    seed=args.seed,
                    seconds=args.seconds,
                    iterations=args.iterations,
                    jobs=args.jobs,
                    progress=args.progress,
                )
            )
            if args.progress:
                print(f"  {rows[-1]}", file=sys.stderr, flush=True)
    return rows


def strength_table(rows: list[dict[str, Any]]) -> str:
    """The ladder as a markdown table. "Above chance": the whole interval is."""
    lines = [
        "| game | players | pair | games | win share | 95% interval | chance | above chance "
        "| same seat | margin |",
        "| --- | ---: | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: |",
    ]
    for row in rows:
        low, high = row["interval"]
        same = "-" if row["same_seat"] is None else f"{row['same_seat']:.1%}"
        lines.append(
            f"| {row['game']} | {row['players']} | {row['pair']} | {row['matches']} "
            f"| {row['win_rate']:.1%} | {low:.1%}-{high:.1%} | {row['chance']:.1%} "
            f"| {'yes' if low > row['chance'] else 'no'} | {same} | {row['margin']:+.2f} |"
        )
    return "\n".join(lines)


def speed_table(speeds: list[ai_speed.Speed]) -> str:
    """Hard's speed as a markdown table."""
    lines = [
        "| game | players | decisions | decision p50 ms | decision p95 ms "
        "| deals/decision (median) | deals/s | rollouts/s | Hard ≠ Normal |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for speed in speeds:
        lines.append(
            f"| {speed.game} | {speed.players} | {len(speed.walls)} "
            f"| {1000 * speed.wall_at(0.5):.0f} | {1000 * speed.wall_at(0.95):.0f} "
            f"| {speed.deals_at(0.5)} | {speed.deals_per_second:.0f} "
            f"| {speed.simulations_per_second:.0f} "
            f"| {speed.overruled / len(speed.walls):.0%} |"
        )
    return "\n".join(lines)


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=",".join(ai_speed.GAMES))
    parser.add_argument("--pairs", default=",".join(LADDER), help="level:opponents, ...")
    parser.add_argument("--games-per-pair", type=int, default=1000, help="Easy and Normal pairs")
    parser.add_argument("--hard-games", type=int, default=100, help="Hard against Normal")
    parser.add_argument("--seconds", type=float, default=None, help="Hard's time per decision")
    parser.add_argument("--iterations", type=int, default=None, help="Hard's deals per decision")
    parser.add_argument("--decisions", type=int, default=30, help="speed: decision points per game")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for the games")
    parser.add_argument("--progress", type=int, default=0, help="report every n games (stderr)")
    parser.add_argument("--quick", action="store_true", help="a tiny budget: a smoke run")
    args = parser.parse_args(argv)
    if args.quick:
        args.games_per_pair, args.hard_games, args.decisions = 4, 2, 2
        args.seconds, args.iterations = None, 8
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    budget = (
        " or ".join(
            part
            for part in (
                f"{args.iterations} deals" if args.iterations else "",
                f"{args.seconds} s" if args.seconds else "",
            )
            if part
        )
        or "the table's fixed budget"
    )
    print(f"# AI ladder, seeds {args.seed}.., Hard: {budget} per decision\n", flush=True)
    if args.pairs:
        print(strength_table(strength_rows(args)) + "\n", flush=True)
    if args.decisions:
        speeds = [
            ai_speed.measure(
                game_id,
                ai_speed.USUAL_PLAYERS[game_id],
                args.decisions,
                seconds=args.seconds,
                iterations=args.iterations,
            )
            for game_id in args.games.split(",")
        ]
        print(speed_table(speeds), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
