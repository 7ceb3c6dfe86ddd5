"""Desktop app benchmark (issue 4), headless: frame time, start-up, peak RSS, bundle sizes.

    .venv/bin/python bench/ui.py                 # readable table
    .venv/bin/python bench/ui.py --json          # one JSON object
    .venv/bin/python bench/ui.py --build         # build the missing bundles first (--rebuild: all)

What it measures (every figure is printed next to its target, with pass/fail):

* Frame time: a 6-seat all-AI NOVE table (heuristic seats, fixed seed, animation speed "normal",
  AI pace "fast") on the title scene's stack, stepped with ``App.step(events, 1/60)`` for a
  warm-up and then a measured window that covers the deal and several rounds. Each step is timed
  three ways: **process CPU time** (``time.process_time_ns``: every thread of the process, so the
  AI worker's thinking is included; this is the figure held against the target), main-thread
  CPU time (``time.thread_time_ns``) and wall time (``time.perf_counter_ns``). Headless stepping
  never sleeps: the frame's own work is what is timed. Round summaries stay open for
  ``--summary-frames`` frames (drawn over the table, as a player sees them), then an Enter key
  event closes them; a game-over screen is answered with Enter ("Play again"). Each window size
  runs in a fresh subprocess, ``--repeats`` times; the figures are the medians over the repeats.
  Percentiles are nearest-rank.
* Start to the first title frame: ``python -m nove_desktop`` (the venv's python, from source),
  the onedir bundle and the onefile bundle, started as subprocesses with
  ``NOVE_DESKTOP_FIRST_FRAME_EXIT=1`` and the SDL dummy drivers; wall time from spawn until
  "first frame" is read on stdout. One warm-up, then ``--runs`` runs of each, interleaved; medians.
* Peak RSS over a full game: a fresh subprocess plays one complete 6-seat AI game through the
  real table scene (animations "normal", AI pace "instant") and reports
  ``getrusage(RUSAGE_SELF).ru_maxrss``. The bundles' (and the source tree's) ``--selftest`` (which
  opens every scene and plays one 4-seat game at the table) is also run, its peak RSS read with
  ``os.wait4`` when it exits.
* Sizes: ``du -sb dist/nove-desktop`` and the size of ``dist/nove-desktop-onefile``, in MiB.

User data goes to a temporary folder (``NOVE_DESKTOP_DATA`` and ``Storage(tmp)``).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ONEDIR = ROOT / "dist" / "nove-desktop"
ONEDIR_EXE = ONEDIR / "nove-desktop"
ONEFILE = ROOT / "dist" / "nove-desktop-onefile"
MIB = 1024 * 1024

TARGETS = {
    "frame_p99_ms": 8.0,
    "idle_percent": 5.0,
    "start_source_s": 0.4,
    "start_onedir_s": 0.4,
    "start_onefile_s": 1.0,
    "peak_rss_mb": 150.0,
    "onedir_mib": 60.0,
    "onefile_mib": 25.0,
}
SIZES = ((1280, 720), (1920, 1080))
SEED = 2026
FRAME = 1 / 60


def headless_env(data: str | None = None) -> dict[str, str]:
    env = dict(os.environ)
    env["SDL_VIDEODRIVER"] = "dummy"
    env["SDL_AUDIODRIVER"] = "dummy"
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    env.pop("NOVE_DESKTOP_FIRST_FRAME_EXIT", None)
    if data is not None:
        env["NOVE_DESKTOP_DATA"] = data
    return env


# ------------------------------------------------------------------------------------------------
# Children: run in a fresh interpreter each (clean caches, clean peak RSS).
# ------------------------------------------------------------------------------------------------
def _child_setup(size: tuple[int, int], animation: str, pace: str) -> Any:
    x11 = "DISPLAY" in os.environ and "SDL_VIDEODRIVER" not in os.environ
    for key, value in headless_env().items():
        os.environ[key] = value
    if x11:  # the idle benchmark runs under Xvfb
        os.environ.pop("SDL_VIDEODRIVER", None)
    tmp = tempfile.mkdtemp(prefix="nove-bench-ui-")
    os.environ["NOVE_DESKTOP_DATA"] = tmp
    sys.path.insert(0, str(ROOT))
    from nove_desktop.storage import Storage
    from nove_desktop.ui.app import App

    app = App(storage=Storage(tmp), size=size)
    app.settings.animation_speed = animation
    app.settings.ai_pace = pace
    return app, tmp


def _new_table(
    app: Any, game_id: str, players: int, seed: int, human: bool = False, hard: int = 0
) -> Any:
    """A table of AI seats (the first ``hard`` of them Hard, the others Normal)."""
    from nove_desktop.session import GameSession, SeatConfig

    game = app.registry.get(game_id)
    options = game.options_from_json({"players": players})
    kinds = [
        "human" if human and i == 0 else ("hard" if i < hard else "normal") for i in range(players)
    ]
    seats = [SeatConfig(f"Seat {i + 1}", kind) for i, kind in enumerate(kinds)]
    session = GameSession(game, options, seed, seats)
    app.scenes.clear_to("title")
    return app.scenes.push("table", session=session)


def _table_of(app: Any) -> Any:
    from nove_desktop.ui.table.scene import TableScene

    for scene in app.stack:
        if isinstance(scene, TableScene):
            return scene
    return None


def _enter_event() -> Any:
    import pygame

    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)


def child_frames(args: argparse.Namespace) -> dict[str, Any]:
    w, h = (int(v) for v in args.size.split("x"))
    app, _tmp = _child_setup((w, h), "normal", "fast")
    import gc

    from nove_desktop.ui.scenes.summary import GameOverScene, RoundSummaryScene

    table = _new_table(app, args.game, args.players, SEED, hard=args.hard)
    enter = _enter_event()
    cpu: list[float] = []
    thread: list[float] = []
    wall: list[float] = []
    kinds: list[str] = []
    held = 0
    actions = 0
    rounds_seen: set[tuple[int, int]] = set()
    games = 1
    last_session = table.session
    last_actions = 0
    gc_before = sum(s["collections"] for s in gc.get_stats())
    for frame in range(args.warmup + args.frames):
        top = app.stack.top
        events: list[Any] = []
        if isinstance(top, RoundSummaryScene | GameOverScene):
            held += 1
            if held > args.summary_frames:
                events = [enter]
                held = 0
        c0, t0, w0 = time.process_time_ns(), time.thread_time_ns(), time.perf_counter_ns()
        app.step(events, FRAME)
        c1, t1, w1 = time.process_time_ns(), time.thread_time_ns(), time.perf_counter_ns()
        if frame < args.warmup:
            continue
        cpu.append((c1 - c0) / 1e6)
        thread.append((t1 - t0) / 1e6)
        wall.append((w1 - w0) / 1e6)
        visible = app.stack.visible()
        if any(isinstance(s, RoundSummaryScene) for s in visible):
            kinds.append("summary")
        elif any(isinstance(s, GameOverScene) for s in visible):
            kinds.append("game_over")
        else:
            kinds.append("table")
        table = _table_of(app)
        if table is not None:
            if table.session is not last_session:
                games += 1
                last_session, last_actions = table.session, 0
            now = len(table.session.replay.actions)
            actions += now - last_actions
            last_actions = now
            rounds_seen.add((games, getattr(table, "round_no", 0)))
    by_kind = {}
    for kind in ("table", "summary", "game_over"):
        values = [c for c, k in zip(cpu, kinds, strict=True) if k == kind]
        if values:
            by_kind[kind] = {"frames": len(values), **describe(values)}
    return {
        "game": args.game,
        "size": [w, h],
        "screen": list(app.screen.get_size()),
        "players": args.players,
        "frames": len(cpu),
        "warmup": args.warmup,
        "actions": actions,
        "rounds": len(rounds_seen),
        "games": games,
        "gc_collections": sum(s["collections"] for s in gc.get_stats()) - gc_before,
        "cpu_ms": describe(cpu),
        "thread_ms": describe(thread),
        "wall_ms": describe(wall),
        "cpu_by_frame_kind": by_kind,
        "slowest_frames": [
            {"i": i, "cpu_ms": round(c, 3), "kind": k}
            for i, (c, k) in sorted(
                enumerate(zip(cpu, kinds, strict=True)), key=lambda frame: -round(frame[1][0], 3)
            )[:8]
        ],
    }


def child_game(args: argparse.Namespace) -> dict[str, Any]:
    import resource

    w, h = (int(v) for v in args.size.split("x"))
    start = time.perf_counter()
    app, _tmp = _child_setup((w, h), "normal", "instant")
    from nove_desktop.ui.scenes.summary import GameOverScene, RoundSummaryScene

    table = _new_table(app, args.game, args.players, SEED)
    enter = _enter_event()
    frames = 0
    while not isinstance(app.stack.top, GameOverScene):
        if frames >= 400_000:
            raise RuntimeError("the game did not end")
        app.step([enter] if isinstance(app.stack.top, RoundSummaryScene) else [], FRAME)
        frames += 1
    result = table.session.game.result(table.session.state)
    maxrss_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "size": [w, h],
        "players": args.players,
        "frames": frames,
        "rounds": result.rounds,
        "actions": len(table.session.replay.actions),
        "seconds": round(time.perf_counter() - start, 2),
        "peak_rss_kib": maxrss_kib,
        "peak_rss_mib": round(maxrss_kib / 1024, 1),
        "peak_rss_mb": round(maxrss_kib * 1024 / 1e6, 1),
    }


# ------------------------------------------------------------------------------------------------
# Statistics
# ------------------------------------------------------------------------------------------------
def pct(sorted_values: list[float], p: float) -> float:
    """Nearest-rank percentile of sorted values."""
    if not sorted_values:
        return float("nan")
    k = max(1, math.ceil(p / 100 * len(sorted_values)))
    return sorted_values[k - 1]


def describe(values: list[float]) -> dict[str, float]:
    s = sorted(values)
    return {
        "median": round(statistics.median(s), 3),
        "mean": round(statistics.fmean(s), 3),
        "p95": round(pct(s, 95), 3),
        "p99": round(pct(s, 99), 3),
        "max": round(s[-1], 3),
    }


# ------------------------------------------------------------------------------------------------
# Parent: orchestration
# ------------------------------------------------------------------------------------------------
def run_child(mode: str, extra: list[str], env: dict[str, str] | None = None) -> dict[str, Any]:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", mode, *extra]
    out = subprocess.run(cmd, capture_output=True, text=True, env=env or headless_env(), cwd=ROOT)
    if out.returncode != 0:
        raise RuntimeError(f"child {mode} failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def table_list(args: argparse.Namespace) -> list[tuple[str, int]]:
    """(game id, seats) pairs from ``--tables`` ("kael:6,banco:12"); "all": every registered
    table at the seat count its issue names. ``--hard N`` makes the first N seats Hard."""
    if args.tables == "all":
        sys.path.insert(0, str(ROOT))
        from nove_desktop.ui.tables import table_classes

        seats = {"banco": 12}
        return [(game_id, seats.get(game_id, 6)) for game_id in table_classes()]
    pairs = []
    for item in args.tables.split(","):
        game_id, _, players = item.partition(":")
        pairs.append((game_id, int(players or 6)))
    return pairs


def bench_frames(args: argparse.Namespace, log: Callable[[str], None]) -> list[dict[str, Any]]:
    results = []
    sizes = [tuple(int(v) for v in size.split("x")) for size in args.sizes.split(",")]
    for game_id, players in table_list(args):
        for w, h in sizes:
            runs = []
            for r in range(args.repeats):
                log(f"frames {game_id} x{players} {w}x{h} run {r + 1}/{args.repeats} ...")
                runs.append(
                    run_child(
                        "frames",
                        [
                            "--game",
                            game_id,
                            "--size",
                            f"{w}x{h}",
                            "--players",
                            str(players),
                            "--hard",
                            str(args.hard),
                            "--frames",
                            str(args.frames),
                            "--warmup",
                            str(args.warmup),
                            "--summary-frames",
                            str(args.summary_frames),
                        ],
                    )
                )
            summary = {
                key: {
                    stat: round(statistics.median(run[key][stat] for run in runs), 3)
                    for stat in runs[0][key]
                }
                for key in ("cpu_ms", "thread_ms", "wall_ms")
            }
            results.append(
                {
                    "game": game_id,
                    "players": players,
                    "size": [w, h],
                    "screen": runs[0]["screen"],
                    "repeats": len(runs),
                    "frames": runs[0]["frames"],
                    "actions": [run["actions"] for run in runs],
                    "rounds": [run["rounds"] for run in runs],
                    **summary,
                    "p99_per_run": [run["cpu_ms"]["p99"] for run in runs],
                    "runs": runs,
                }
            )
    return results


def child_idle(args: argparse.Namespace) -> dict[str, Any]:
    """CPU of the real loop (App.loop) while nothing happens: the title screen, or a table
    waiting for a human seat's decision. The loop is stopped by a QUIT posted by a timer."""
    w, h = (int(v) for v in args.size.split("x"))
    app, _tmp = _child_setup((w, h), "normal", "fast")
    import pygame

    if args.game == "title":
        app.scenes.clear_to("title")
    else:
        table = _new_table(app, args.game, args.players, SEED, human=True)
        for _ in range(20_000):  # play on until the human must decide and nothing moves
            if table.controls and not app.stack.top.busy:
                break
            app.step([], FRAME)
        else:
            raise RuntimeError("the table never waited for the human")
    pygame.time.set_timer(pygame.QUIT, int(args.seconds * 1000), loops=1)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    frames_before = app.frames_drawn
    app.loop()
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return {
        "scene": args.game,
        "size": [w, h],
        "seconds": round(wall, 2),
        "cpu_seconds": round(cpu, 4),
        "core_percent": round(100 * cpu / wall, 2),
        "frames_drawn": app.frames_drawn - frames_before,
    }


def bench_idle(args: argparse.Namespace, log: Callable[[str], None]) -> list[dict[str, Any]]:
    """Idle CPU under a real X server (Xvfb) when there is one: SDL's dummy driver cannot
    sleep while waiting for events (it polls every millisecond), X11 can."""
    results = []
    scenes = ["title", *[game_id for game_id, _seats in table_list(args)]]
    xvfb = shutil.which("Xvfb")
    server = None
    env = None
    if xvfb:
        display = ":97"
        server = subprocess.Popen(
            [xvfb, display, "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(1.0)
        env = headless_env()
        env.pop("SDL_VIDEODRIVER", None)
        env["DISPLAY"] = display
    try:
        for scene in scenes:
            log(f"idle {scene} ({'Xvfb' if xvfb else 'dummy driver'}) ...")
            item = run_child(
                "idle",
                [
                    "--game",
                    scene,
                    "--players",
                    "4",
                    "--size",
                    "1920x1080",
                    "--seconds",
                    str(args.idle_seconds),
                ],
                env,
            )
            item["driver"] = "x11 (Xvfb)" if xvfb else "dummy"
            results.append(item)
    finally:
        if server is not None:
            server.terminate()
    return results


def _first_frame_time(cmd: list[str], data: str) -> tuple[float, float, int]:
    """Seconds from spawn to the "first frame" line, to exit, and the exit status."""
    env = headless_env(data)
    env["NOVE_DESKTOP_FIRST_FRAME_EXIT"] = "1"
    start = time.perf_counter()
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, cwd=ROOT, bufsize=0
    )
    first = None
    assert proc.stdout is not None
    for line in proc.stdout:
        if b"first frame" in line:
            first = time.perf_counter() - start
            break
    proc.stdout.read()
    code = proc.wait()
    end = time.perf_counter() - start
    return (first if first is not None else end), end, code


def bench_start(args: argparse.Namespace, log: Callable[[str], None]) -> dict[str, Any]:
    targets: dict[str, list[str]] = {"source": [sys.executable, "-m", "nove_desktop"]}
    notes = []
    for name, exe in (("onedir", ONEDIR_EXE), ("onefile", ONEFILE)):
        if exe.exists():
            targets[name] = [str(exe)]
        else:
            notes.append(f"{name}: {exe} is missing (run with --build)")
    times: dict[str, list[float]] = {k: [] for k in targets}
    exits: dict[str, list[float]] = {k: [] for k in targets}
    with tempfile.TemporaryDirectory(prefix="nove-bench-start-") as data:
        for round_no in range(args.runs + 1):
            order = list(targets) if round_no % 2 == 0 else list(reversed(list(targets)))
            for name in order:
                first, end, code = _first_frame_time(targets[name], data)
                if code != 0:
                    raise RuntimeError(f"{name} exited with status {code}")
                if round_no == 0:
                    continue  # warm-up (page cache, .pyc files)
                times[name].append(first)
                exits[name].append(end)
            log(f"start-up round {round_no}/{args.runs} done")
    return {
        name: {
            "median_s": round(statistics.median(times[name]), 3),
            "min_s": round(min(times[name]), 3),
            "max_s": round(max(times[name]), 3),
            "exit_median_s": round(statistics.median(exits[name]), 3),
            "runs": [round(t, 3) for t in times[name]],
            "command": " ".join(targets[name]),
        }
        for name in targets
    } | {"notes": notes}


def _selftest_rss(cmd: list[str]) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="nove-bench-selftest-") as data:
        start = time.perf_counter()
        proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=headless_env(data), cwd=ROOT
        )
        assert proc.stdout is not None
        output = proc.stdout.read().decode(errors="replace").strip()
        _pid, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
    return {
        "command": " ".join(cmd),
        "ok": proc.returncode == 0,
        "output": output.splitlines()[-1] if output else "",
        "seconds": round(time.perf_counter() - start, 2),
        "peak_rss_mib": round(usage.ru_maxrss / 1024, 1),
        "peak_rss_mb": round(usage.ru_maxrss * 1024 / 1e6, 1),
    }


def bench_rss(args: argparse.Namespace, log: Callable[[str], None]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for w, h in SIZES:
        log(f"full 6-seat game at {w}x{h} ...")
        out[f"game_{w}x{h}"] = run_child("game", ["--size", f"{w}x{h}", "--players", "6"])
    selftests = {"source": [sys.executable, "-m", "nove_desktop", "--selftest"]}
    if ONEDIR_EXE.exists():
        selftests["onedir"] = [str(ONEDIR_EXE), "--selftest"]
    if ONEFILE.exists():
        selftests["onefile"] = [str(ONEFILE), "--selftest"]
    for name, cmd in selftests.items():
        log(f"selftest {name} ...")
        out[f"selftest_{name}"] = _selftest_rss(cmd)
    return out


def _du_bytes(path: Path) -> int:
    if shutil.which("du"):
        out = subprocess.run(["du", "-sb", str(path)], capture_output=True, text=True, check=True)
        return int(out.stdout.split()[0])
    return sum(p.lstat().st_size for p in path.rglob("*")) + path.lstat().st_size


def bench_sizes() -> dict[str, Any]:
    out: dict[str, Any] = {}
    if ONEDIR.exists():
        out["onedir_bytes"] = _du_bytes(ONEDIR)
        out["onedir_mib"] = round(out["onedir_bytes"] / MIB, 1)
        internal = ONEDIR / "_internal"
        biggest = sorted(
            (p for p in internal.rglob("*") if p.is_file() and not p.is_symlink()),
            key=lambda p: -p.stat().st_size,
        )[:8]
        out["onedir_biggest"] = [
            [str(p.relative_to(ONEDIR)), round(p.stat().st_size / MIB, 2)] for p in biggest
        ]
    if ONEFILE.exists():
        out["onefile_bytes"] = ONEFILE.stat().st_size
        out["onefile_mib"] = round(out["onefile_bytes"] / MIB, 1)
    return out


def build(which: list[str], log: Callable[[str], None]) -> dict[str, float]:
    seconds = {}
    pyinstaller = ROOT / ".venv" / "bin" / "pyinstaller"
    for kind in which:
        log(f"building {kind} ...")
        env = dict(os.environ, NOVE_BUILD=kind)
        start = time.perf_counter()
        subprocess.run(
            [str(pyinstaller), "--noconfirm", "--log-level", "WARN", "build.spec"],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
        )
        seconds[kind] = round(time.perf_counter() - start, 1)
    return seconds


def _staleness() -> list[str]:
    newest = max(p.stat().st_mtime for p in (ROOT / "nove_desktop").rglob("*.py"))
    notes = []
    for name, path in (("onedir", ONEDIR_EXE), ("onefile", ONEFILE)):
        if path.exists() and path.stat().st_mtime < newest:
            notes.append(f"{name} bundle is older than the newest source file (rebuild: --rebuild)")
    return notes


def verdicts(report: dict[str, Any]) -> list[dict[str, Any]]:
    rows = []

    def add(name: str, value: float | None, target: float, unit: str) -> None:
        rows.append(
            {
                "figure": name,
                "value": value,
                "target": target,
                "unit": unit,
                "pass": None if value is None else value <= target,
            }
        )

    for item in report.get("frames", []):
        w, h = item["size"]
        add(
            f"frame CPU p99, {item['game']} x{item['players']}, {w}x{h}",
            item["cpu_ms"]["p99"],
            TARGETS["frame_p99_ms"],
            "ms",
        )
    for item in report.get("idle", []):
        add(f"idle CPU, {item['scene']}", item["core_percent"], TARGETS["idle_percent"], "%")
    start = report.get("start", {})
    for name in ("source", "onedir", "onefile"):
        value = start.get(name, {}).get("median_s")
        add(f"start to first frame, {name}", value, TARGETS[f"start_{name}_s"], "s")
    rss = report.get("rss", {})
    for key, label in (
        ("game_1280x720", "peak RSS, full 6-seat game, 1280x720 (source)"),
        ("game_1920x1080", "peak RSS, full 6-seat game, 1920x1080 (source)"),
        ("selftest_source", "peak RSS, --selftest (source)"),
        ("selftest_onedir", "peak RSS, --selftest (onedir)"),
        ("selftest_onefile", "peak RSS, --selftest (onefile)"),
    ):
        if key in rss:
            add(label, rss[key]["peak_rss_mb"], TARGETS["peak_rss_mb"], "MB")
    sizes = report.get("sizes", {})
    add("onedir size", sizes.get("onedir_mib"), TARGETS["onedir_mib"], "MiB")
    add("onefile size", sizes.get("onefile_mib"), TARGETS["onefile_mib"], "MiB")
    return rows


def print_report(report: dict[str, Any]) -> None:
    print(f"nove-desktop UI benchmark, {report['date']}, {report['machine']}")
    print()
    for item in report.get("frames", []):
        w, h = item["size"]
        print(
            f"frames {item['game']} {w}x{h} (screen {item['screen'][0]}x{item['screen'][1]}), "
            f"{item['players']} AI seats, "
            f"{item['frames']} frames x {item['repeats']} runs, actions per run {item['actions']}, "
            f"rounds per run {item['rounds']}"
        )
        for key, label in (
            ("cpu_ms", "process CPU"),
            ("thread_ms", "main-thread CPU"),
            ("wall_ms", "wall"),
        ):
            s = item[key]
            print(
                f"  {label:16} median {s['median']:6.2f}  p95 {s['p95']:6.2f}  "
                f"p99 {s['p99']:6.2f}  max {s['max']:7.2f} ms"
            )
        print(f"  p99 per run (process CPU): {item['p99_per_run']}")
        for kind in ("table", "summary", "game_over"):
            parts = [run["cpu_by_frame_kind"].get(kind) for run in item["runs"]]
            parts = [p for p in parts if p]
            if parts:
                print(
                    f"  {kind + ' frames':16} {parts[0]['frames']:5} per run, process CPU median "
                    f"{statistics.median(p['median'] for p in parts):.2f}, p99 "
                    f"{statistics.median(p['p99'] for p in parts):.2f}, max "
                    f"{statistics.median(p['max'] for p in parts):.2f} ms (medians over runs)"
                )
    start = report.get("start", {})
    if start:
        print()
        print("start to first title frame (median of runs, wall):")
        for name in ("source", "onedir", "onefile"):
            if name in start:
                s = start[name]
                print(
                    f"  {name:8} {s['median_s']:.3f} s (min {s['min_s']:.3f}, "
                    f"max {s['max_s']:.3f}; to exit {s['exit_median_s']:.3f} s)"
                )
        for note in start.get("notes", []):
            print(f"  note: {note}")
    for item in report.get("idle", []):
        print(
            f"idle {item['scene']:6} {item['size'][0]}x{item['size'][1]} ({item['driver']}): "
            f"{item['core_percent']:5.2f}% of a core over {item['seconds']} s "
            f"({item['frames_drawn']} frames drawn)"
        )
    rss = report.get("rss", {})
    if rss:
        print()
        print("peak RSS:")
        for key, value in rss.items():
            extra = (
                f"{value['rounds']} rounds, {value['actions']} actions, {value['frames']} frames"
                if "rounds" in value
                else value.get("output", "")
            )
            print(
                f"  {key:18} {value['peak_rss_mib']:6.1f} MiB = {value['peak_rss_mb']:6.1f} MB "
                f"({value['seconds']} s; {extra})"
            )
    sizes = report.get("sizes", {})
    if sizes:
        print()
        print(
            f"sizes: onedir {sizes.get('onedir_mib')} MiB, onefile {sizes.get('onefile_mib')} MiB"
        )
        for path, mib in sizes.get("onedir_biggest", []):
            print(f"  {mib:6.2f} MiB  {path}")
    for note in report.get("notes", []):
        print(f"note: {note}")
    print()
    print(f"{'figure':50} {'value':>11} {'target':>11}  result")
    for row in report["verdicts"]:
        value = (
            "-"
            if row["value"] is None
            else f"{row['value']:.3g}"
            if row["unit"] == "s"
            else f"{row['value']:.1f}"
        )
        result = "skipped" if row["pass"] is None else ("pass" if row["pass"] else "MISS")
        target = f"<= {row['target']}"
        unit = row["unit"]
        print(f"{row['figure']:50} {value:>7} {unit:>3} {target:>7} {unit:>3}  {result}")
    print(f"\n({report['seconds']} s)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--build", action="store_true", help="build missing bundles first")
    parser.add_argument("--rebuild", action="store_true", help="rebuild both bundles first")
    parser.add_argument("--frames", type=int, default=1500, help="measured frames per run")
    parser.add_argument("--warmup", type=int, default=30)
    parser.add_argument("--repeats", type=int, default=3, help="runs per window size")
    parser.add_argument(
        "--summary-frames", type=int, default=30, help="frames a round summary stays open"
    )
    parser.add_argument("--runs", type=int, default=7, help="start-up runs (after 1 warm-up)")
    parser.add_argument(
        "--only", default="frames,idle,start,rss,sizes", help="comma-separated parts to run"
    )
    parser.add_argument(
        "--tables", default="all", help='tables to measure: "all" or e.g. "kael:6,banco:12"'
    )
    parser.add_argument("--sizes", default="1920x1080", help="window sizes for the frames")
    parser.add_argument("--idle-seconds", type=float, default=5.0)
    parser.add_argument(
        "--hard",
        type=int,
        default=0,
        help="Hard seats at the measured tables (their search runs in a worker)",
    )
    # Internal: the measured children.
    parser.add_argument("--child", choices=("frames", "game", "idle"), help=argparse.SUPPRESS)
    parser.add_argument("--game", default="kael", help=argparse.SUPPRESS)
    parser.add_argument("--seconds", type=float, default=5.0, help=argparse.SUPPRESS)
    parser.add_argument("--size", default="1280x720", help=argparse.SUPPRESS)
    parser.add_argument("--players", type=int, default=6, help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.child:
        children = {"frames": child_frames, "game": child_game, "idle": child_idle}
        result = children[args.child](args)
        print(json.dumps(result))
        return 0

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    started = time.perf_counter()
    report: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d"),
        "machine": (
            f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
        ),
        "targets": TARGETS,
        "notes": [],
    }
    parts = set(args.only.split(","))
    if args.build or args.rebuild:
        which = [
            kind
            for kind, path in (("onedir", ONEDIR_EXE), ("onefile", ONEFILE))
            if args.rebuild or not path.exists()
        ]
        report["build_seconds"] = build(which, log)
    report["notes"] += _staleness()
    if "frames" in parts:
        report["frames"] = bench_frames(args, log)
    if "idle" in parts:
        report["idle"] = bench_idle(args, log)
    if "start" in parts:
        report["start"] = bench_start(args, log)
    if "rss" in parts:
        report["rss"] = bench_rss(args, log)
    if "sizes" in parts:
        report["sizes"] = bench_sizes()
    report["verdicts"] = verdicts(report)
    report["seconds"] = round(time.perf_counter() - started, 1)
    if args.json:
        print(json.dumps(report))
    else:
        print_report(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
