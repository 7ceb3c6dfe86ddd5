"""The NOX table's frame cost and idle cost, headless (issue 20).

    .venv/bin/python bench/ui_nox.py                  # 1920x1080, six seats
    .venv/bin/python bench/ui_nox.py --json           # one JSON object
    .venv/bin/python bench/ui_nox.py --frames 1500 --idle-seconds 4 --size 1280x720

What it measures (each figure printed next to its goal):

* Frame CPU: a 6-seat all-AI NOX table (heuristic seats, fixed deal numbers, animation speed
  "normal", AI pace "fast") stepped with ``App.step(events, 1/60)``: a warm-up of 120 frames,
  then ``--frames`` measured frames covering deals, plays, merges and round ends. Each step is
  timed with ``time.process_time_ns`` (every thread of the process, so the AI worker's thinking
  counts). Round summaries stay open for 30 frames (drawn over the table, as a player sees
  them), then Enter closes them; a finished game is followed by a new one with the next deal
  number. p50, p99 (nearest rank) and the maximum are reported. Goal: p99 <= 8 ms.
* Idle CPU: a 6-seat table with one human seat, run until it waits for the human (``App.idle``
  is True), then the loop of ``App.run`` (wait for an event with the app's wake-up timeout when
  idle, else step) for ``--idle-seconds`` of wall time; the process CPU time over that time, as
  a share of one core. Goal: <= 5 %.

User data goes to a temporary folder.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from nove_desktop.session import GameSession, SeatConfig
from nove_desktop.storage import Storage
from nove_desktop.ui.app import FPS, IDLE_POLL_S, App
from nove_desktop.ui.table.scene import TableScene

FRAME = 1 / 60
GOAL_P99_MS = 8.0
GOAL_IDLE_SHARE = 0.05
SUMMARY_FRAMES = 30
ENTER = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)


def make_app(size: tuple[int, int]) -> App:
    app = App(storage=Storage(tempfile.mkdtemp(prefix="nox-bench-")), size=size)
    app.settings.animation_speed = "normal"
    app.settings.ai_pace = "fast"
    app.settings.handoff = True
    app.stack.push(app.scenes.make("title"))
    return app


def open_game(app: App, kinds: list[str], seed: int) -> TableScene:
    game = app.registry.get("nox")
    options = game.options_from_json({"players": len(kinds)})
    seats = [SeatConfig(f"Seat {i + 1}", kind) for i, kind in enumerate(kinds)]
    table = app.scenes.push("table", session=GameSession(game, options, seed, seats))
    assert isinstance(table, TableScene)
    return table


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(share * len(ordered) + 0.5)))
    return ordered[rank - 1]


def frame_costs(size: tuple[int, int], frames: int) -> dict[str, float]:
    """Process CPU per frame of a 6-seat all-AI table, in milliseconds."""
    app = make_app(size)
    seed = 2026
    open_game(app, ["heuristic"] * 6, seed)
    costs: list[float] = []
    summary_open = 0
    total = frames + 120
    for frame in range(total):
        name = getattr(app.stack.top, "name", "")
        events = []
        if name == "round_summary":
            summary_open += 1
            if summary_open > SUMMARY_FRAMES:
                events, summary_open = [ENTER], 0
        elif name == "game_over":
            seed += 1
            app.stack.clear_to(app.scenes.make("title"))
            open_game(app, ["heuristic"] * 6, seed)
        start = time.process_time_ns()
        app.step(events, FRAME)
        spent = (time.process_time_ns() - start) / 1e6
        if frame >= 120:
            costs.append(spent)
    return {
        "p50_ms": percentile(costs, 0.50),
        "p99_ms": percentile(costs, 0.99),
        "max_ms": max(costs),
        "frames": len(costs),
        "games": seed - 2026 + 1,
    }


def idle_share(size: tuple[int, int], seconds: float) -> dict[str, float]:
    """CPU share of one core while the table waits for the human, run like ``App.run``."""
    app = make_app(size)
    table = open_game(app, ["human", *["heuristic"] * 5], 2027)
    for _ in range(60 * 60):
        app.step([], FRAME)
        if table.controls and not table.animating and app.idle:
            break
    for _ in range(60):  # lifts, hovers and flips settle
        app.step([], FRAME)
    if not app.idle:
        raise SystemExit("the table never became idle while waiting for the human")
    cpu_start = time.process_time()
    wall_start = time.perf_counter()
    steps = 0
    while time.perf_counter() - wall_start < seconds:
        if app.idle:  # as App.loop: look for input every IDLE_POLL_S, draw only on news
            time.sleep(IDLE_POLL_S)
            events = pygame.event.get()
            wake = app.stack.top.wake_ms if app.stack.top is not None else None
            if not events and (wake is None or pygame.time.get_ticks() - app.last_draw_ms < wake):
                continue
        else:
            events = pygame.event.get()
        dt = app.clock.tick(FPS) / 1000.0
        app.step(events, min(dt, 0.1))
        steps += 1
    wall = time.perf_counter() - wall_start
    cpu = time.process_time() - cpu_start
    return {"idle_share": cpu / wall, "seconds": wall, "steps": steps, "idle": app.idle}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--frames", type=int, default=1200)
    parser.add_argument("--idle-seconds", type=float, default=3.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))
    size = (width, height)
    frames = frame_costs(size, args.frames)
    idle = idle_share(size, args.idle_seconds)
    result = {"size": args.size, **frames, **idle}
    if args.json:
        print(json.dumps(result))
        return
    ok = "ok" if frames["p99_ms"] <= GOAL_P99_MS else "OVER"
    print(f"NOX table, 6 seats, {args.size}, {frames['frames']} frames, {frames['games']} game(s)")
    print(
        f"  frame CPU p50 {frames['p50_ms']:.2f} ms, p99 {frames['p99_ms']:.2f} ms "
        f"(goal <= {GOAL_P99_MS} ms: {ok}), max {frames['max_ms']:.2f} ms"
    )
    ok = "ok" if idle["idle_share"] <= GOAL_IDLE_SHARE else "OVER"
    print(
        f"  idle CPU {100 * idle['idle_share']:.2f} % of a core over {idle['seconds']:.1f} s "
        f"({idle['steps']} loop turns; goal <= {100 * GOAL_IDLE_SHARE:.0f} %: {ok})"
    )


if __name__ == "__main__":
    main()
