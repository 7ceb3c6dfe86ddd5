"""Card face rendering: how long a table waits for its whole deck, headless.

    python bench/card_faces.py                     # 96x136, every deck, 7 repeats
    python bench/card_faces.py --size 150x210 --repeats 5
    python bench/card_faces.py --json

A table asks for every card of its deck on its first draw and again after every window resize
(``CardArt.clear``). Per deck, every card id is asked for once (copies share an image, so they
cost a cache look-up), plus the back. Two figures per deck, medians over ``--repeats``, each
as process CPU time (what drawing costs; other work on a shared machine hardly moves it) and
as wall time:

* **cold**: a new ``Fonts`` and ``CardArt`` each repeat, as on the first draw after start-up
  (fonts are opened from disk, each text is measured once);
* **resize**: the same ``CardArt`` after ``clear()``, as after a window resize (fonts open,
  texts measured, every image drawn again).

Target: well under 100 ms per deck at 96x136.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
for _name, _value in (
    ("SDL_VIDEODRIVER", "dummy"),
    ("SDL_AUDIODRIVER", "dummy"),
    ("PYGAME_HIDE_SUPPORT_PROMPT", "1"),
):
    os.environ.setdefault(_name, _value)

import pygame  # noqa: E402

from nove_desktop.ui.cards import CardArt  # noqa: E402
from nove_desktop.ui.faces import DECK_IDS  # noqa: E402
from nove_desktop.ui.theme import Fonts  # noqa: E402

TARGET_MS = 100.0


def render_deck(art: CardArt, deck: str, w: int, h: int) -> tuple[float, float]:
    """(process CPU seconds, wall seconds) to get every face and the back of ``deck``."""
    cards = art.face_set(deck).cards()
    cpu, wall = time.process_time(), time.perf_counter()
    art.back(w, h, deck)
    for card in cards:
        art.face(card, w, h, deck)
    return time.process_time() - cpu, time.perf_counter() - wall


def measure(deck: str, w: int, h: int, repeats: int) -> dict[str, float | int]:
    cold = []
    for _ in range(repeats):
        art = CardArt(Fonts())
        art.face_set(deck)  # making the face set object is not drawing
        cold.append(render_deck(art, deck, w, h))
    resize = []
    for _ in range(repeats):
        art.clear()
        resize.append(render_deck(art, deck, w, h))
    faces = len({art.face_set(deck).face_key(c) for c in art.face_set(deck).cards()})

    def ms(runs: list[tuple[float, float]], which: int) -> float:
        return round(statistics.median(run[which] for run in runs) * 1000, 1)

    return {
        "cards": len(art.face_set(deck).cards()),
        "images": faces + 1,
        "cold_ms": ms(cold, 0),
        "resize_ms": ms(resize, 0),
        "cold_wall_ms": ms(cold, 1),
        "resize_wall_ms": ms(resize, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="96x136")
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    w, h = (int(n) for n in args.size.split("x"))
    pygame.init()
    results = {deck: measure(deck, w, h, args.repeats) for deck in DECK_IDS}
    if args.json:
        print(json.dumps({"size": [w, h], "repeats": args.repeats, "decks": results}))
        return 0
    print(f"{w}x{h}, median of {args.repeats} repeats, {platform.python_version()}")
    print(f"{'':<29}{'CPU ms':>21}{'wall ms':>21}")
    print(
        f"{'deck':<15}{'cards':>6}{'images':>8}{'cold':>10}{'resize':>11}{'cold':>10}{'resize':>11}"
    )
    for deck, row in results.items():
        print(
            f"{deck:<15}{row['cards']:>6}{row['images']:>8}"
            f"{row['cold_ms']:>10}{row['resize_ms']:>11}"
            f"{row['cold_wall_ms']:>10}{row['resize_wall_ms']:>11}"
        )
    worst = max(max(r["cold_ms"], r["resize_ms"]) for r in results.values())
    verdict = "pass" if worst < TARGET_MS else "FAIL"
    print(f"slowest deck {worst} ms of CPU (target under {TARGET_MS:.0f} ms): {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
