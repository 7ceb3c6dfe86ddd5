"""Search the deal of each guided first game ("Learn to play").

For each game, walk the guided game (``nove_desktop.tutorial.walk``: the coach as at the table,
the taught moves, a Normal seat's choices otherwise) for deal numbers 1..N and keep the best:
every step (but the optional ones) shown, in the script's order, then the fewest of your
decisions. Prints one line per game; copy the seed into the game's script module.

    python -m tools.tutorial_seeds [--games nove,kael] [--tries 200]
"""

from __future__ import annotations

import argparse
import dataclasses

from nove_desktop.games import default_registry
from nove_desktop.tutorial import scripts, walk


def best_seed(game_id: str, tries: int) -> tuple[int, int, list[str]] | None:
    """(seed, decisions, steps shown) of the best deal found, None if no deal shows them all."""
    registry = default_registry()
    script = scripts()[game_id]
    wanted = script.core_steps
    best: tuple[int, int, list[str]] | None = None
    for seed in range(1, tries + 1):
        try:
            seen = walk(dataclasses.replace(script, seed=seed), registry)
        except Exception:  # a deal that breaks is simply not chosen
            continue
        if [step for step in seen.shown if step in wanted] != wanted or len(seen.refusals) != sum(
            1 for step in script.steps if step.accepts is not None
        ):
            continue
        if best is None or seen.decisions < best[1]:
            best = (seed, seen.decisions, seen.shown)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(scripts()))
    parser.add_argument("--tries", type=int, default=200)
    args = parser.parse_args()
    for game_id in args.games.split(","):
        found = best_seed(game_id, args.tries)
        if found is None:
            print(f"{game_id}: no deal among 1..{args.tries} shows every step in order")
        else:
            seed, decisions, _shown = found
            print(f"{game_id}: seed {seed}, {decisions} decisions")


if __name__ == "__main__":
    main()
