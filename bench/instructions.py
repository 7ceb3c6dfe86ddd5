"""Instruction counts of random playouts, an older commit against the working tree (callgrind).

    .venv/bin/python bench/instructions.py --base HEAD --game numx
    .venv/bin/python bench/instructions.py --base 3611014 --game kael --games 20

The shared machines change speed by up to +-30% within a minute, so a change worth 1-3% cannot be
seen in timings; the number of machine instructions is the same on every run. Each side is run
under ``valgrind --tool=callgrind`` twice (imports and ``--warm-up`` games only, then also
``--games`` playouts from fixed seeds), and the difference is the playouts' count. The base side
is a temporary git worktree of ``--base``. Needs valgrind (``apt-get install valgrind``); the
counts are for one interpreter build, so compare counts taken on the same machine only.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The measured program, run by each side's own tree: warm-up games, then the playouts.
PLAYOUTS = """
import sys
sys.path.insert(0, sys.argv[1])
from nove_desktop.engine.rng import Rng
from nove_desktop.games import default_registry
game = default_registry().get(sys.argv[2])
options = game.options_from_json({"players": int(sys.argv[3])})
def run(games, seed):
    chooser = Rng(seed)
    for index in range(games):
        state, _ = game.new_game(options, seed + index)
        while acting := game.to_act(state):
            seat = acting[0]
            game.apply(state, seat, chooser.choice(game.legal_actions(state, seat)))
run(int(sys.argv[4]), 1000)
run(int(sys.argv[5]), 1)
"""


def instructions(tree: Path, args: argparse.Namespace, games: int) -> int:
    """Instructions of one run of ``PLAYOUTS`` with ``games`` playouts, in ``tree``."""
    out = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            PLAYOUTS,
            str(tree),
            args.game,
            str(args.players),
            str(args.warm_up),
            str(games),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise SystemExit(f"no instruction count in valgrind's output:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def playout_count(tree: Path, args: argparse.Namespace) -> int:
    return instructions(tree, args, args.games) - instructions(tree, args, 0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="HEAD", help="git revision to compare with")
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=10, help="measured playouts")
    parser.add_argument("--warm-up", type=int, default=20, help="playouts before (caches)")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is missing: apt-get install valgrind", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(base), args.base],
            check=True,
        )
        try:
            with ThreadPoolExecutor(max_workers=2) as pool:  # one process per side
                old, new = pool.map(lambda tree: playout_count(tree, args), (base, ROOT))
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=True
            )
    print(
        f"{args.game}, {args.players} players, {args.games} playouts: base {old / 1e6:,.0f} M"
        f" instructions, working tree {new / 1e6:,.0f} M, speed-up {old / new:.3f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
