"""NUM-X table benchmark (issue 21), headless (SDL dummy drivers).

    .venv/bin/python bench/ui_numx.py                  # readable figures
    .venv/bin/python bench/ui_numx.py --json           # one JSON object
    .venv/bin/python bench/ui_numx.py --frames 1500 --size 1920x1080 --players 6

Two figures, each measured in a fresh subprocess:

* **Frame CPU**: a 6-seat all-AI NUM-X table (heuristic seats, fixed deal, animation speed
  "normal", AI pace "fast", window setting 3 s) at 1920x1080, stepped with ``App.step(events,
  1/60)``: a warm-up, then the measured frames. Each frame's **process CPU time**
  (``time.process_time_ns``, every thread: the AI worker's thinking and the autosave's JSON
  included) is recorded; the figures are nearest-rank percentiles. Round summaries stay open for
  ``--summary-frames`` frames, then an Enter key closes them.
* **Idle CPU**: a 4-seat table with one human seat, waiting for that human's decision after the
  deal has settled (``App.idle`` must be True), run for ``--idle-seconds`` the way ``App.run``
  waits (``pygame.event.wait`` with the app's wake-up timeout, then a frame only if needed).
  The figure is CPU seconds / wall seconds, in percent of one core.

Targets: frame p99 <= 8 ms, idle <= 5% of a core.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # this tree's package, not an installed copy
FRAME = 1 / 60
SEED = 2026
TARGET_P99_MS = 8.0
TARGET_IDLE_PERCENT = 5.0


def _app(size: tuple[int, int]) -> Any:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    from nove_desktop.storage import Storage
    from nove_desktop.ui.app import App

    return App(storage=Storage(tempfile.mkdtemp(prefix="nove-bench-numx-")), size=size)


def _table(app: Any, kinds: list[str]) -> Any:
    from nove_desktop.session import GameSession, SeatConfig

    game = app.registry.get("numx")
    options = game.options_from_json({"players": len(kinds)})
    seats = [SeatConfig(f"P{i + 1}", kind) for i, kind in enumerate(kinds)]
    app.stack.clear_to(app.scenes.make("title"))
    return app.scenes.push("table", session=GameSession(game, options, SEED, seats))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(share * len(ordered) + 0.5)))
    return ordered[rank - 1]


def child_frames(args: argparse.Namespace) -> dict[str, Any]:
    import pygame

    width, height = (int(v) for v in args.size.split("x"))
    size = (width, height)
    app = _app(size)
    app.settings.animation_speed = "normal"
    app.settings.ai_pace = "fast"
    app.settings.window_seconds = 3.0
    table = _table(app, ["heuristic"] * args.players)
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    cpu: list[float] = []
    held = 0
    for frame in range(args.warmup + args.frames):
        top = app.stack.top
        events = []
        if getattr(top, "name", "") in ("round_summary", "game_over"):
            held += 1
            if held > args.summary_frames:
                events, held = [enter], 0
        start = time.process_time_ns()
        app.step(events, FRAME)
        spent = (time.process_time_ns() - start) / 1e6
        if frame >= args.warmup:
            cpu.append(spent)
    return {
        "size": list(size),
        "players": args.players,
        "frames": len(cpu),
        "actions": len(table.session.replay.actions),
        "p50_ms": round(percentile(cpu, 0.50), 2),
        "p90_ms": round(percentile(cpu, 0.90), 2),
        "p99_ms": round(percentile(cpu, 0.99), 2),
        "max_ms": round(max(cpu), 2),
        "mean_ms": round(sum(cpu) / len(cpu), 2),
    }


def child_idle(args: argparse.Namespace) -> dict[str, Any]:
    import pygame

    from nove_desktop.ui.app import IDLE_POLL_S

    app = _app((1920, 1080))
    app.settings.animation_speed = "normal"
    app.settings.ai_pace = "fast"
    table = _table(app, ["human", "heuristic", "heuristic", "heuristic"])
    for _ in range(60 * 60):
        app.step([], FRAME)
        if table.controls and not table.animating and app.idle:
            break
    if not app.idle:
        raise SystemExit("the table never became idle while waiting for the human")
    # What the event wait alone costs (SDL's dummy driver polls while it waits).
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.perf_counter() - wall0 < min(2.0, args.idle_seconds):
        time.sleep(IDLE_POLL_S)
    wait_only = 100 * (time.process_time() - cpu0) / (time.perf_counter() - wall0)
    frames = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.perf_counter() - wall0 < args.idle_seconds:
        if app.idle:
            time.sleep(IDLE_POLL_S)  # as the app's own idle loop
            events = pygame.event.get()
        else:
            events = pygame.event.get()
        app.step(events, FRAME)
        frames += 1
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return {
        "seconds": round(wall, 2),
        "cpu_seconds": round(cpu, 4),
        "frames": frames,
        "idle_percent": round(100 * cpu / wall, 2),
        "still_idle": app.idle,
        "wait_only_percent": round(wait_only, 2),
    }


def run_child(kind: str, args: argparse.Namespace) -> dict[str, Any]:
    command = [
        sys.executable,
        __file__,
        "--child",
        kind,
        "--size",
        args.size,
        "--players",
        str(args.players),
        "--frames",
        str(args.frames),
        "--warmup",
        str(args.warmup),
        "--summary-frames",
        str(args.summary_frames),
        "--idle-seconds",
        str(args.idle_seconds),
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--frames", type=int, default=1800)
    parser.add_argument("--warmup", type=int, default=120)
    parser.add_argument("--summary-frames", type=int, default=30)
    parser.add_argument("--idle-seconds", type=float, default=5.0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--child", choices=["frames", "idle"])
    args = parser.parse_args()
    if args.child == "frames":
        print(json.dumps(child_frames(args)))
        return 0
    if args.child == "idle":
        print(json.dumps(child_idle(args)))
        return 0
    frames = run_child("frames", args)
    idle = run_child("idle", args)
    result = {
        "frames": frames,
        "idle": idle,
        "pass": frames["p99_ms"] <= TARGET_P99_MS and idle["idle_percent"] <= TARGET_IDLE_PERCENT,
    }
    if args.json:
        print(json.dumps(result))
        return 0
    print(
        f"frame CPU at {args.size}, {args.players} AI seats, {frames['frames']} frames, "
        f"{frames['actions']} actions: p50 {frames['p50_ms']} ms, p90 {frames['p90_ms']} ms, "
        f"p99 {frames['p99_ms']} ms (target <= {TARGET_P99_MS}), max {frames['max_ms']} ms"
    )
    print(
        f"idle CPU waiting for a human: {idle['idle_percent']}% of a core over "
        f"{idle['seconds']} s ({idle['frames']} frames; target <= {TARGET_IDLE_PERCENT}%); "
        f"the bare event wait alone: {idle['wait_only_percent']}%"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
