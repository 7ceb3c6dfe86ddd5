"""Hard seats' and hints' fixed iteration budgets: how long a decision takes at them, per game.

    python bench/ai_budget.py                            # every game, the chosen budgets
    python bench/ai_budget.py --games nox --players 6 --decisions 80
    python bench/ai_budget.py --hard 400 --hint 1200     # try other budgets (every game)
    python bench/ai_budget.py --calibrate 200            # CPU ms per simulation, to choose them

A Hard seat and a hint search a fixed number of simulations (``ai.search.budget``:
``HARD_ITERATIONS`` and ``HINT_ITERATIONS``, per game and seat count), so a decision is the
same on every machine; what differs between machines is how long it takes. The promise is a
Hard decision within 0.3 s and a hint within 1 s at the 95th percentile on a typical machine.
This script
takes decision points from seeded games between Normal seats (every ``--every``-th real
choice, as ``bench/ai_speed.py`` does) and, at each one, times a Hard decision and a hint at
their budgets, from building the request (sampling the state) to the answer.

It reports **CPU time of this process** (``time.process_time``) as the main figure: the machine
is shared, and wall time counts the other processes' work too; a decision in the table's worker
process costs that CPU time on an idle core. Wall time is printed beside it. Nearest-rank p50,
p95 and the maximum, in milliseconds.

``--calibrate N`` searches ``N`` simulations at each point instead and prints the CPU time per
simulation (p50, p95): a budget of ``B`` simulations then takes about ``B`` times that (plus the
decision's fixed part: ranking the candidates and sampling), which is how the budgets were
chosen before being measured with the first form.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.ai_speed import GAMES, USUAL_PLAYERS, decision_points, percentile  # noqa: E402
from nove_desktop.ai import decide, hint  # noqa: E402
from nove_desktop.ai.search import hard_budget, hint_budget  # noqa: E402
from nove_desktop.games import default_registry  # noqa: E402
from nove_desktop.match import decision_request  # noqa: E402


@dataclasses.dataclass(frozen=True)
class Timings:
    """Sorted CPU and wall seconds of one kind of decision at one game's points."""

    cpu: tuple[float, ...]
    wall: tuple[float, ...]

    def row(self) -> str:
        def ms(values: tuple[float, ...]) -> str:
            p50, p95 = percentile(values, 0.5), percentile(values, 0.95)
            return f"{1000 * p50:.0f} / {1000 * p95:.0f} / {1000 * values[-1]:.0f}"

        return f"{ms(self.cpu)} | {ms(self.wall)}"


def timed(
    call: Any, game: Any, point: tuple[Any, int, int], iterations: int
) -> tuple[float, float]:
    """(CPU s, wall s) of ``call(request)`` at ``point``, the request's building included."""
    state, seat, position = point
    cpu, wall = time.process_time(), time.perf_counter()
    call(decision_request(game, state, 1, seat, "hard", position, iterations=iterations))
    return time.process_time() - cpu, time.perf_counter() - wall


def measure(
    game_id: str, players: int, decisions: int, every: int, hard: int, advice: int
) -> tuple[Timings, Timings]:
    """The Hard decisions' and the hints' timings at ``decisions`` points of ``game_id``."""
    game = default_registry().get(game_id)
    points = decision_points(game, players, decisions, every)
    hard_times = [timed(decide, game, point, hard) for point in points]
    hint_times = [timed(hint, game, point, advice) for point in points]
    return _timings(hard_times), _timings(hint_times)


def calibrate(game_id: str, players: int, decisions: int, every: int, iterations: int) -> str:
    """CPU ms per simulation (p50, p95) over the points, searching ``iterations`` each."""
    game = default_registry().get(game_id)
    per_simulation = sorted(
        timed(hint, game, point, iterations)[0] / iterations
        for point in decision_points(game, players, decisions, every)
    )
    p50, p95 = percentile(tuple(per_simulation), 0.5), percentile(tuple(per_simulation), 0.95)
    return (
        f"| {game_id} | {players} | {decisions} | {1000 * p50:.3f} | {1000 * p95:.3f} "
        f"| {0.3 / p95:.0f} | {1.0 / p95:.0f} |"
    )


def _timings(pairs: list[tuple[float, float]]) -> Timings:
    return Timings(tuple(sorted(p[0] for p in pairs)), tuple(sorted(p[1] for p in pairs)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--players", type=int, default=None, help="default: the game's usual")
    parser.add_argument("--decisions", type=int, default=60, help="decision points per game")
    parser.add_argument("--every", type=int, default=7, help="take every n-th real choice")
    parser.add_argument("--hard", type=int, default=None, help="default: the game's budget")
    parser.add_argument("--hint", type=int, default=None, help="default: the game's budget")
    parser.add_argument("--calibrate", type=int, default=None, metavar="N")
    args = parser.parse_args(argv)
    games = args.games.split(",")
    if args.calibrate:
        print(f"# CPU time per simulation, {args.calibrate} simulations per decision")
        print("| game | players | decisions | ms/sim p50 | ms/sim p95 | sims in 0.3 s | in 1 s |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for game_id in games:
            players = args.players or USUAL_PLAYERS[game_id]
            print(
                calibrate(game_id, players, args.decisions, args.every, args.calibrate), flush=True
            )
        return 0
    print(f"# {args.decisions} decision points per game; ms p50 / p95 / max")
    print(
        "| game | players | Hard budget | Hard CPU ms | Hard wall ms "
        "| hint budget | hint CPU ms | hint wall ms |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for game_id in games:
        players = args.players or USUAL_PLAYERS[game_id]
        hard = args.hard or hard_budget(game_id, players).iterations
        advice = args.hint or hint_budget(game_id, players).iterations
        assert hard is not None and advice is not None
        hard_times, hint_times = measure(game_id, players, args.decisions, args.every, hard, advice)
        print(
            f"| {game_id} | {players} | {hard} | {hard_times.row()} "
            f"| {advice} | {hint_times.row()} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
