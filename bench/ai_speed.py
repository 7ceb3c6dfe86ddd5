"""Hard seat speed: simulated deals (search iterations) per decision and per second, per game.

    python bench/ai_speed.py                       # every game at its usual seats and budget
    python bench/ai_speed.py --games nox --decisions 40 --seconds 0.3
    python bench/ai_speed.py --decisions 20 --iterations 200     # compare versions: deals/cpu-s

Decision points are taken from seeded games between Normal seats (every few decisions with a
real choice); at each one the Hard seat searches its fixed iteration budget (the table's:
``ai.search.hard_budget``), ``--iterations`` or, a time budget, ``--seconds``, and the number
of deals it managed is recorded, with the wall time of the whole decision (sampling the state
and building the request included): its median (p50) and 95th percentile (p95) are what a
player waits.
Iterations per second vary along a round: a rollout runs to the end of the round, so early
decisions get fewer deals than late ones. Each deal plays every root candidate (up to four), so
the rollouts per second ("sims/s") are a few times the deals per second. "Overruled": the
decisions where the search chose otherwise than the Normal heuristic would have.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nove_desktop.ai import hint  # noqa: E402
from nove_desktop.ai.factory import normal_seat  # noqa: E402
from nove_desktop.ai.search import hard_budget  # noqa: E402
from nove_desktop.games import default_registry  # noqa: E402
from nove_desktop.match import decision_request  # noqa: E402
from nove_desktop.specs import game_ids  # noqa: E402

GAMES = game_ids()  # every game, in New game's order
USUAL_PLAYERS = {"nove": 4, "kael": 4, "nox": 3, "banco": 4, "numx": 4}


@dataclasses.dataclass(frozen=True)
class Speed:
    """What the Hard seat managed at one game's decision points."""

    game: str
    players: int
    deals: tuple[int, ...]  # per decision, sorted
    simulations: int  # rollouts over all decisions (deals times the candidates compared)
    walls: tuple[float, ...]  # seconds per decision, sorted
    cpu: float  # this process's CPU seconds over all decisions
    overruled: int  # decisions where the search chose otherwise than the Normal heuristic

    @property
    def deals_per_second(self) -> float:
        return sum(self.deals) / sum(self.walls)

    @property
    def deals_per_cpu_second(self) -> float:
        """Deals per second of this process's CPU time: what a fixed iteration budget compares
        between two versions on a shared machine, where wall time also counts other work."""
        return sum(self.deals) / self.cpu

    @property
    def simulations_per_second(self) -> float:
        return self.simulations / sum(self.walls)

    def deals_at(self, share: float) -> int:
        return percentile(self.deals, share)

    def wall_at(self, share: float) -> float:
        return percentile(self.walls, share)


def percentile(ordered: tuple[Any, ...], share: float) -> Any:
    """The nearest-rank percentile of sorted values (``share`` 0.5: the median, 0.95: p95)."""
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def decision_points(game: Any, players: int, count: int, every: int) -> list[tuple[Any, int, int]]:
    """(state, seat, position) at every ``every``-th real choice of seeded Normal games."""
    points: list[tuple[Any, int, int]] = []
    seed = 0
    while len(points) < count:
        state, _ = game.new_game(game.default_options(players), seed)
        seats = [normal_seat(game.id, s) for s in range(players)]
        position = choices = 0
        while (acting := game.to_act(state)) and len(points) < count:
            seat = acting[0]
            legal = game.legal_actions(state, seat)
            if len(legal) > 1:
                choices += 1
                if choices % every == 0:
                    points.append((state.copy(), seat, position))
            game.apply(state, seat, seats[seat].choose(game.observe(state, seat), legal))
            position += 1
        seed += 1
    return points


def measure(
    game_id: str,
    players: int,
    decisions: int,
    every: int = 7,
    seconds: float | None = None,
    iterations: int | None = None,
) -> Speed:
    """Time the Hard seat at ``decisions`` decision points of ``game_id`` (no budget given: the
    table's fixed iteration budget for the game and seat count)."""
    game = default_registry().get(game_id)
    if seconds is None and iterations is None:
        iterations = hard_budget(game_id, players).iterations
    deals: list[int] = []
    walls: list[float] = []
    simulations = overruled = 0
    cpu = 0.0
    for state, seat, position in decision_points(game, players, decisions, every):
        cpu_start = time.process_time()
        start = time.perf_counter()
        request = decision_request(
            game, state, 1, seat, "hard", position, seconds=seconds, iterations=iterations
        )
        advice = hint(request)
        walls.append(time.perf_counter() - start)
        cpu += time.process_time() - cpu_start
        deals.append(advice.deals)
        simulations += advice.deals * len(advice.alternatives)
        normal = normal_seat(game_id, request.seed)
        overruled += advice.action != normal.choose(
            request.observation, list(request.legal), position
        )
    return Speed(
        game_id, players, tuple(sorted(deals)), simulations, tuple(sorted(walls)), cpu, overruled
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--players", type=int, default=None, help="default: the game's usual")
    parser.add_argument("--decisions", type=int, default=30, help="decision points per game")
    parser.add_argument("--every", type=int, default=7, help="take every n-th real choice")
    parser.add_argument("--seconds", type=float, default=None, help="a time budget instead")
    parser.add_argument("--iterations", type=int, default=None, help="default: the table's")
    args = parser.parse_args(argv)
    budget = "the table's fixed budget"
    if args.seconds or args.iterations:
        budget = f"{args.seconds} s" if args.seconds else f"{args.iterations} simulations"
    print(f"# {args.decisions} decisions per game, {budget} each")
    print(
        f"{'game':6} {'seats':>5} {'deals median':>12} {'deals p10':>9} {'deals p90':>9} "
        f"{'deals/s':>8} {'deals/cpu-s':>11} {'sims/s':>7} {'p50 ms':>6} {'p95 ms':>6} "
        f"{'max ms':>6} {'overruled':>9}"
    )
    for game_id in args.games.split(","):
        game = default_registry().get(game_id)
        usual = USUAL_PLAYERS.get(game_id) or game.default_options().players
        players = args.players or usual
        speed = measure(game_id, players, args.decisions, args.every, args.seconds, args.iterations)
        print(
            f"{game_id:6} {players:5d} {statistics.median(speed.deals):12.0f} "
            f"{speed.deals_at(0.1):9d} {speed.deals_at(0.9):9d} "
            f"{speed.deals_per_second:8.0f} {speed.deals_per_cpu_second:11.0f} "
            f"{speed.simulations_per_second:7.0f} "
            f"{1000 * speed.wall_at(0.5):6.0f} {1000 * speed.wall_at(0.95):6.0f} "
            f"{1000 * speed.walls[-1]:6.0f} {speed.overruled:9d}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
