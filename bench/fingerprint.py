"""Fingerprint of seeded random games: one hash over every legal-action list and every event.

    .venv/bin/python bench/fingerprint.py --game numx
    .venv/bin/python bench/fingerprint.py --game kael --games 50 --players 2 --players 5

Take it before and after a change that must not change play (a speed change, a refactor): the
two hashes must be equal. The games are random playouts from fixed seeds; the seat that answers
next is drawn at random among the seats to act, so reaction windows are answered in every order
(a fixed head-first order once hid a bug of a pass shortcut). Each event is hashed whole: kind,
data, the seats that see it and the keys hidden from the others.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nove_desktop.engine.rng import Rng  # noqa: E402
from nove_desktop.games import default_registry  # noqa: E402


def fingerprint(game: Any, players: list[int], games: int, seed: int) -> str:
    """The first 16 hex digits of the SHA-256 of ``games`` seeded playouts per player count."""
    digest = hashlib.sha256()
    for count in players:
        options = game.options_from_json({"players": count})
        chooser = Rng(seed)
        for index in range(games):
            state, _ = game.new_game(options, seed + index)
            while acting := game.to_act(state):
                seat = acting[chooser.below(len(acting))]
                legal = game.legal_actions(state, seat)
                digest.update(repr([a.to_json() for a in legal]).encode())
                events = game.apply(state, seat, chooser.choice(legal))
                seen = [(e.kind, e.data, sorted(e.visible_to or ()), e.hidden) for e in events]
                digest.update(repr(seen).encode())
    return digest.hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, help="game id (numx, kael, nove...)")
    parser.add_argument("--games", type=int, default=25, help="games per player count")
    parser.add_argument(
        "--players", type=int, action="append", help="player count (repeatable; default: all)"
    )
    parser.add_argument("--seed", type=int, default=100)
    args = parser.parse_args(argv)
    game = default_registry().get(args.game)
    players = args.players or list(range(game.min_players, game.max_players + 1))
    digest = fingerprint(game, players, args.games, args.seed)
    print(f"{args.game}, players {players}, {args.games} games each: {digest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
