"""RLCard UNO baseline: random agents through ``env.run``, plus state-copy cost.

Runs inside the throwaway venv made by ``bench/setup_rlcard_venv.sh`` and uses
only the standard library and rlcard (numpy comes with rlcard). It never
imports our own package. Prints exactly one JSON object on stdout; anything
RLCard prints is redirected to stderr.

Definitions
-----------
step
    One action taken in the game, i.e. one ``env.step`` call made by
    ``env.run``. It is counted from the trajectories ``env.run`` returns: each
    player's trajectory is ``[s0, a0, s1, a1, ..., s_final]`` (states and the
    player's own actions alternate, plus one final state), so the player took
    ``(len(traj) - 1) // 2`` actions. That is also the number of transitions
    ``rlcard.utils.reorganize`` builds for the player. Steps of a game are the
    sum over players; the total is checked against ``env.timestep``.
game
    One ``env.run(is_training=False)`` call (2 players, RLCard's default).
state copy
    ``copy.deepcopy(env.game)``: the whole UNO game object (dealer/deck,
    players' hands, round, RNG), the same kind of deep copy RLCard itself makes
    for ``step_back``. Timed at every decision point of games played with the
    same random agents until ``--copy-samples`` copies are taken; a repeat's
    value is the mean copy time in microseconds.

Each repeat re-seeds everything with ``--seed``, so all repeats play the same
games; the reported rates and copy time are medians over repeats.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import json
import random
import statistics
import sys
import time
from typing import Any

with contextlib.redirect_stdout(sys.stderr):
    import numpy as np
    import rlcard
    from rlcard.agents import RandomAgent


def make_env(seed: int) -> Any:
    """Build a seeded 2-player UNO env with one RandomAgent per seat."""
    env = rlcard.make("uno", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    return env


def reseed(env: Any, seed: int) -> None:
    """Reset the env's game RNG and the global RNGs RandomAgent draws from."""
    env.seed(seed)
    np.random.seed(seed)
    random.seed(seed)


def steps_in(trajectories: list[list[Any]]) -> int:
    """Number of actions taken in one game, from ``env.run`` trajectories."""
    return sum((len(traj) - 1) // 2 for traj in trajectories)


def time_games(env: Any, games: int, seed: int) -> tuple[int, float]:
    """Play ``games`` games via ``env.run``; return (steps, elapsed seconds)."""
    reseed(env, seed)
    start_timestep = env.timestep
    steps = 0
    t0 = time.perf_counter()
    for _ in range(games):
        trajectories, _payoffs = env.run(is_training=False)
        steps += steps_in(trajectories)
    elapsed = time.perf_counter() - t0
    if steps != env.timestep - start_timestep:
        raise RuntimeError(
            f"step count {steps} != env.timestep delta {env.timestep - start_timestep}"
        )
    return steps, elapsed


def time_copies(env: Any, samples: int, seed: int) -> float:
    """Mean microseconds of ``copy.deepcopy(env.game)`` over decision points."""
    reseed(env, seed)
    total = 0.0
    taken = 0
    while taken < samples:
        state, player = env.reset()
        while not env.is_over() and taken < samples:
            t0 = time.perf_counter()
            copy.deepcopy(env.game)
            total += time.perf_counter() - t0
            taken += 1
            agent = env.agents[player]
            action, _ = agent.eval_step(state)
            state, player = env.step(action, agent.use_raw)
    return total / taken * 1e6


def main(argv: list[str] | None = None) -> int:
    """Parse options, run the measurement, print one JSON object."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per repeat")
    parser.add_argument("--repeats", type=int, default=5, help="repeats (median reported)")
    parser.add_argument("--seed", type=int, default=0, help="seed for env and agents")
    parser.add_argument(
        "--copy-samples", type=int, default=2000, help="state copies timed per repeat"
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.repeats < 1 or args.copy_samples < 1:
        parser.error("--games, --repeats and --copy-samples must be >= 1")

    with contextlib.redirect_stdout(sys.stderr):
        env = make_env(args.seed)
        time_games(env, min(50, args.games), args.seed + 1)  # warm-up, not reported
        steps_rates: list[float] = []
        games_rates: list[float] = []
        copies: list[float] = []
        steps = 0
        for _ in range(args.repeats):
            steps, elapsed = time_games(env, args.games, args.seed)
            steps_rates.append(steps / elapsed)
            games_rates.append(args.games / elapsed)
            copies.append(time_copies(env, args.copy_samples, args.seed))

    result = {
        "engine": "rlcard-uno",
        "rlcard_version": rlcard.__version__,
        "games": args.games,
        "steps": steps,
        "steps_per_s_median": round(statistics.median(steps_rates), 1),
        "games_per_s_median": round(statistics.median(games_rates), 2),
        "copy_us_median": round(statistics.median(copies), 2),
        "repeats": args.repeats,
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
