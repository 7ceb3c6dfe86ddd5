"""Paired timing of random playouts: an older commit against the working tree, in one process.

    .venv/bin/python bench/paired.py --base HEAD --game numx
    .venv/bin/python bench/paired.py --base 3611014 --game kael --chunks 40 --per-chunk 20

Instruction counts (``instructions.py``) miss what memory costs: a change can save instructions
and still run slower, for example by allocating differently. Timings see it, but these shared
machines change speed by up to 30% within seconds. So both sides are loaded in one process (the
engine package of ``--base`` and of the working tree, imported under two names), their caches
are filled with the same warm-up games, and they then play the same short chunks of fresh seeded
games one after the other, in alternating order. A slow phase of the machine hits both sides of
a chunk, and the median of the per-chunk time ratios is reported with its interquartile range.
Runs of the same tree on both sides gave medians of 0.98-1.02 (NUM-X, 30 to 60 chunks of 10
games), so differences under about 3% are noise (``--base WORKTREE`` repeats that check). The
package must import itself only relatively, which ``tests/test_bench_tools.py`` checks.
"""

from __future__ import annotations

import argparse
import importlib
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "nove_desktop"
SIDES = ("paired_base", "paired_new")


def load(folder: Path, name: str, game_id: str, players: int) -> tuple[Any, Any, Any]:
    """(game, Rng class, options) of the engine package copied to ``folder / name``."""
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    game = importlib.import_module(name + ".games").default_registry().get(game_id)
    rng = importlib.import_module(name + ".engine.rng").Rng
    return game, rng, game.options_from_json({"players": players})


def play(side: tuple[Any, Any, Any], games: int, seed: int) -> float:
    """Seconds taken by ``games`` random playouts from ``seed`` on: ``engine.playout_run``'s
    loop, but with the side's own ``Rng`` (a change to ``Rng.choice`` must show in its time)."""
    game, rng_type, options = side
    chooser = rng_type(seed)
    start = time.perf_counter()
    for index in range(games):
        state, _ = game.new_game(options, seed + index)
        while acting := game.to_act(state):
            seat = acting[0]
            game.apply(state, seat, chooser.choice(game.legal_actions(state, seat)))
    return time.perf_counter() - start


def compare(
    base: tuple[Any, Any, Any], new: tuple[Any, Any, Any], chunks: int, per_chunk: int, warm_up: int
) -> list[float]:
    """Per-chunk speed-ups (base time / new time) over the same fresh games."""
    play(base, warm_up, 777_777)
    play(new, warm_up, 777_777)
    ratios = []
    for chunk in range(chunks):
        seed = 1_000_000 + chunk * per_chunk  # fresh games: no chunk replays another
        if chunk % 2:
            t_new, t_base = play(new, per_chunk, seed), play(base, per_chunk, seed)
        else:
            t_base, t_new = play(base, per_chunk, seed), play(new, per_chunk, seed)
        ratios.append(t_base / t_new)
    return ratios


def export(revision: str, target: Path) -> None:
    """The engine package of ``revision`` (a git revision, or "WORKTREE") in ``target``."""
    if revision == "WORKTREE":
        shutil.copytree(ROOT / PACKAGE, target, ignore=shutil.ignore_patterns("__pycache__"))
        return
    archive = target.parent / "base.tar"
    subprocess.run(
        ["git", "-C", str(ROOT), "archive", "-o", str(archive), revision, PACKAGE], check=True
    )
    with tarfile.open(archive) as tar:
        tar.extractall(target.parent / "extract", filter="data")
    (target.parent / "extract" / PACKAGE).rename(target)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--base", default="HEAD", help='git revision to compare with ("WORKTREE": itself)'
    )
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--chunks", type=int, default=60)
    parser.add_argument("--per-chunk", type=int, default=10, help="games per chunk and side")
    parser.add_argument("--warm-up", type=int, default=300, help="games per side (caches)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        export(args.base, folder / SIDES[0])
        export("WORKTREE", folder / SIDES[1])
        base, new = (load(folder, name, args.game, args.players) for name in SIDES)
        ratios = compare(base, new, args.chunks, args.per_chunk, args.warm_up)
    low, _mid, high = statistics.quantiles(ratios, n=4)
    print(
        f"{args.game}, {args.players} players, {args.chunks} chunks of {args.per_chunk} games:"
        f" working tree speed-up over {args.base} {statistics.median(ratios):.3f}"
        f" (interquartile range {low:.3f}-{high:.3f})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
