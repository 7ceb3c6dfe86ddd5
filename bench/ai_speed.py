"""Hard seat speed: simulated deals (search iterations) per decision and per second, per game.

    python bench/ai_speed.py                       # every game, 0.3 s per decision
    python bench/ai_speed.py --games nox --decisions 40 --seconds 0.3

Decision points are taken from seeded games between Normal seats (every few decisions with a
real choice); at each one the Hard seat searches for ``--seconds`` and the number of deals it
managed is recorded, with the wall time of the whole decision (sampling the state and building
the request included). Iterations per second vary along a round: a rollout runs to the end of
the round, so early decisions get fewer deals than late ones.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai import hint  # noqa: E402
from ai.factory import normal_seat  # noqa: E402
from nove_desktop.games import default_registry  # noqa: E402
from nove_desktop.match import decision_request  # noqa: E402

GAMES = ("nove", "kael", "nox", "banco", "numx")


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--decisions", type=int, default=30, help="decision points per game")
    parser.add_argument("--every", type=int, default=7, help="take every n-th real choice")
    parser.add_argument("--seconds", type=float, default=0.3)
    args = parser.parse_args(argv)
    registry = default_registry()
    print(f"# {args.decisions} decisions per game, {args.players} players, {args.seconds} s each")
    print(
        f"{'game':6} {'deals median':>12} {'deals p10':>9} {'deals p90':>9} "
        f"{'deals/s':>8} {'decision s mean':>15} {'max':>6}"
    )
    for game_id in args.games.split(","):
        game = registry.get(game_id)
        deals: list[int] = []
        walls: list[float] = []
        for state, seat, position in decision_points(
            game, args.players, args.decisions, args.every
        ):
            start = time.perf_counter()
            request = decision_request(game, state, 1, seat, "hard", position, seconds=args.seconds)
            deals.append(hint(request).deals)
            walls.append(time.perf_counter() - start)
        deals.sort()
        tenth = len(deals) // 10
        rate = sum(deals) / sum(walls)
        print(
            f"{game_id:6} {statistics.median(deals):12.0f} {deals[tenth]:9d} "
            f"{deals[-1 - tenth]:9d} {rate:8.0f} {statistics.mean(walls):15.3f} "
            f"{max(walls):6.3f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
