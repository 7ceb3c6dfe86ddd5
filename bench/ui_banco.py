"""Nove banco table benchmark (issue 20), headless: frame CPU while 12 AI seats play, and the CPU
of a table idling while it waits for a human.

    .venv/bin/python bench/ui_banco.py                  # readable lines
    .venv/bin/python bench/ui_banco.py --json           # one JSON object

* Frame CPU: a 12-seat all-AI banco table (the default "normal" AI seats, fixed seed, animation
  speed "normal", AI pace "fast") at 1920x1080 under the SDL dummy driver, stepped with
  ``App.step(events, 1/60)``: ``--warmup`` frames, then ``--frames`` measured frames. Each step
  is timed with ``time.process_time`` (every thread of the process: the AI worker's thinking and
  the autosave count too). A term summary stays open for 20 frames (drawn over the table), then
  Enter closes it. Each repeat runs in a fresh interpreter; the figures are the medians over the
  repeats. Percentiles are nearest-rank. Goal: p99 <= 8 ms.
* Idle CPU: a solo 12-seat table is stepped until it waits for the human's bet (App.idle must be
  True), then the app's own loop (``App.loop``, or ``App.run``'s loop where the app has no
  ``loop``) runs for ``--idle-seconds`` until a timer posts QUIT; CPU time / wall time is the
  share of one core. Goal: <= 5%.

User data goes to a temporary folder.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {"frame_p99_ms": 8.0, "idle_cpu_percent": 5.0}
SEED = 2026
FRAME = 1 / 60
SUMMARY_FRAMES = 20


def _app(size: tuple[int, int]) -> Any:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    from nove_desktop.storage import Storage
    from nove_desktop.ui.app import App

    app = App(storage=Storage(Path(tempfile.mkdtemp(prefix="nove-bench-banco-"))), size=size)
    app.settings.animation_speed = "normal"
    app.settings.ai_pace = "fast"
    app.stack.push(app.scenes.make("title"))
    return app


def _table(app: Any, humans: int) -> Any:
    from nove_desktop.ai import SEAT_KINDS
    from nove_desktop.session import GameSession, SeatConfig

    kind = "normal" if "normal" in SEAT_KINDS else "heuristic"
    game = app.registry.get("banco")
    seats = [SeatConfig(f"P{i + 1}", "human" if i < humans else kind) for i in range(12)]
    session = GameSession(game, game.options_from_json({"players": 12}), SEED, seats)
    return app.scenes.push("table", session=session)


def _enter() -> Any:
    import pygame

    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)


def child_frames(warmup: int, frames: int) -> dict[str, Any]:
    """One repeat of the frame measurement (run in a fresh interpreter)."""
    app = _app((1920, 1080))
    _table(app, humans=0)
    times: list[float] = []
    summary_frames = 0
    for index in range(warmup + frames):
        top = app.stack.top
        events = []
        if getattr(top, "name", "") in ("round_summary", "game_over"):
            summary_frames += 1
            if summary_frames >= SUMMARY_FRAMES:
                events, summary_frames = [_enter()], 0
        start = time.process_time()
        app.step(events, FRAME)
        spent = time.process_time() - start
        if index >= warmup:
            times.append(spent * 1000)
    times.sort()
    return {
        "frames": len(times),
        "median_ms": times[len(times) // 2],
        "p99_ms": times[min(len(times) - 1, int(len(times) * 0.99))],
        "max_ms": times[-1],
    }


def child_idle(seconds: float) -> dict[str, Any]:
    """The CPU of a table waiting for the human, through the app's own idle loop (a QUIT
    event posted by a timer ends it)."""
    import pygame

    app = _app((1920, 1080))
    table = _table(app, humans=1)
    for _ in range(20_000):
        if table.controls and not table.animating and app.idle:
            break
        app.step([], FRAME)
    if not app.idle:
        raise RuntimeError("the table never became idle while waiting for the human")
    drawn = getattr(app, "frames_drawn", None)
    pygame.time.set_timer(pygame.QUIT, round(seconds * 1000), 1)
    wall_start, cpu_start = time.perf_counter(), time.process_time()
    loop = getattr(app, "loop", None)  # the app's own loop, where it has one
    (loop or (lambda: _idle_loop(app)))()
    wall = time.perf_counter() - wall_start
    cpu = time.process_time() - cpu_start
    frames = None if drawn is None else app.frames_drawn - drawn
    return {
        "seconds": wall,
        "cpu_seconds": cpu,
        "idle_cpu_percent": 100 * cpu / wall,
        "frames_drawn": frames,
    }


def _idle_loop(app: Any) -> None:
    """``App.run``'s loop, for versions of the app without ``App.loop``."""
    import pygame

    from nove_desktop.ui import app as app_module

    wake = getattr(app_module, "IDLE_WAKE_MS", 500)
    while app.running and len(app.stack):
        if app.idle:
            first = pygame.event.wait(wake)
            events = [first] if first.type != pygame.NOEVENT else []
            events += pygame.event.get()
        else:
            events = pygame.event.get()
        dt = app.clock.tick(app_module.FPS) / 1000.0
        app.step(events, min(dt, 0.1))


def _run_child(args: list[str]) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, __file__, *args], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    sys.path.insert(0, str(ROOT))  # this checkout's package, not an installed one
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=2400)
    parser.add_argument("--warmup", type=int, default=120)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--idle-seconds", type=float, default=5.0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--child", choices=["frames", "idle"])
    args = parser.parse_args()
    if args.child == "frames":
        print(json.dumps(child_frames(args.warmup, args.frames)))
        return
    if args.child == "idle":
        print(json.dumps(child_idle(args.idle_seconds)))
        return
    runs = [
        _run_child(
            ["--child", "frames", "--frames", str(args.frames), "--warmup", str(args.warmup)]
        )
        for _ in range(args.repeats)
    ]
    idle = _run_child(["--child", "idle", "--idle-seconds", str(args.idle_seconds)])
    result = {
        "frames_per_repeat": args.frames,
        "repeats": args.repeats,
        "frame_median_ms": statistics.median(r["median_ms"] for r in runs),
        "frame_p99_ms": statistics.median(r["p99_ms"] for r in runs),
        "frame_max_ms": max(r["max_ms"] for r in runs),
        "frame_p99_each_ms": [round(r["p99_ms"], 2) for r in runs],
        "idle_cpu_percent": idle["idle_cpu_percent"],
        "idle_seconds": idle["seconds"],
        "idle_frames_drawn": idle["frames_drawn"],
    }
    if args.json:
        print(json.dumps(result))
        return
    for name, target in TARGETS.items():
        value = result[name]
        verdict = "ok" if value <= target else "OVER"
        print(f"{name:18} {value:8.2f}  (goal <= {target}: {verdict})")
    print(
        f"frame median       {result['frame_median_ms']:8.2f} ms; max "
        f"{result['frame_max_ms']:.2f} ms; p99 per repeat {result['frame_p99_each_ms']}"
    )
    print(
        f"idle               {result['idle_seconds']:.1f} s, frames drawn: "
        f"{result['idle_frames_drawn']}"
    )


if __name__ == "__main__":
    main()
