"""Long-session memory check (issue 4): many AI-only NOVE games back to back at the real table.

    .venv/bin/python bench/long_session.py                # 30 games, readable report
    .venv/bin/python bench/long_session.py --games 50 --json

One app (headless: SDL dummy drivers, user data in a temporary folder) plays ``--games``
4-seat games between heuristic AI seats through the real ``NoveTableScene``, animations on
(``--animation``, "fast" by default) and AI pace "instant", frames stepped with dt = 1/60 and no
sleeping. Round summaries are closed with an Enter key event; when the game-over screen opens,
the next game starts the way "Play again" does: a new ``GameSession``, the stack cleared to a new
``TitleScene`` and a new table pushed. RSS is read from ``/proc/self/status`` (VmRSS) every
``--sample-every`` frames and after each game. Nothing is collected by hand: the interpreter's own
garbage collection runs as it would in the app.

Pass: the RSS growth over the second half of the session (last game's RSS minus the RSS after
the middle game) stays under ``--max-growth`` MB (5 by default). The least-squares slope of the
per-game RSS over the second half is reported too (MB per game).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FRAME = 1 / 60
MB = 1e6
MAX_FRAMES_PER_GAME = 400_000


def rss_bytes() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def slope(xs: list[float], ys: list[float]) -> float:
    """Least-squares slope of ys over xs."""
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    den = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / den if den else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--animation", default="fast", choices=("slow", "normal", "fast"))
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sample-every", type=int, default=250, help="frames between samples")
    parser.add_argument("--max-growth", type=float, default=5.0, help="MB over the second half")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if args.games < 4:
        parser.error("--games must be at least 4")

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    data = tempfile.TemporaryDirectory(prefix="nove-long-session-")
    os.environ["NOVE_DESKTOP_DATA"] = data.name
    sys.path.insert(0, str(ROOT))

    import pygame

    from nove_desktop.session import GameSession, SeatConfig
    from nove_desktop.storage import Storage
    from nove_desktop.ui.app import App
    from nove_desktop.ui.scenes.summary import GameOverScene, RoundSummaryScene

    def log(msg: str) -> None:
        if not args.json:
            print(msg, flush=True)

    started = time.perf_counter()
    rss_import = rss_bytes()
    w, h = (int(v) for v in args.size.split("x"))
    app = App(storage=Storage(data.name), size=(w, h))
    app.settings.animation_speed = args.animation
    app.settings.ai_pace = "instant"
    game = app.registry.get("nove")
    options = game.options_from_json({"players": args.players})
    seats = [SeatConfig(f"AI {i + 1}", "heuristic") for i in range(args.players)]
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    app.scenes.clear_to("title")
    app.step([], FRAME)
    rss_start = rss_bytes()

    samples: list[tuple[int, int]] = [(0, rss_start)]  # (frame, bytes)
    per_game: list[dict[str, Any]] = []
    frame = 0
    for index in range(args.games):
        session = GameSession(game, options, args.seed + index, seats)
        app.scenes.clear_to("title")
        app.scenes.push("table", session=session)
        game_frames = 0
        t0 = time.perf_counter()
        while True:
            top = app.stack.top
            if isinstance(top, GameOverScene):
                break
            app.step([enter] if isinstance(top, RoundSummaryScene) else [], FRAME)
            frame += 1
            game_frames += 1
            if frame % args.sample_every == 0:
                samples.append((frame, rss_bytes()))
            if game_frames > MAX_FRAMES_PER_GAME:
                raise RuntimeError(
                    f"game {index + 1} did not end within {MAX_FRAMES_PER_GAME} frames"
                )
        result = game.result(session.state)
        rss = rss_bytes()
        samples.append((frame, rss))
        per_game.append(
            {
                "game": index + 1,
                "rounds": result.rounds,
                "actions": len(session.replay.actions),
                "frames": game_frames,
                "seconds": round(time.perf_counter() - t0, 2),
                "rss_mb": round(rss / MB, 2),
            }
        )
        log(
            f"game {index + 1:3}: {result.rounds:2} rounds, "
            f"{len(session.replay.actions):3} actions, {game_frames:5} frames, "
            f"{per_game[-1]['seconds']:5.1f} s, RSS {rss / MB:6.1f} MB"
        )
    app.scenes.clear_to("title")
    app.step([], FRAME)
    rss_end = rss_bytes()

    half = args.games // 2
    second = per_game[half - 1 :]  # from the middle game's end to the last game's end
    growth = (second[-1]["rss_mb"] - second[0]["rss_mb"]) if len(second) > 1 else 0.0
    sec_slope = slope([g["game"] for g in second], [g["rss_mb"] for g in second])
    first = per_game[:half]
    report = {
        "games": args.games,
        "players": args.players,
        "animation": args.animation,
        "ai_pace": "instant",
        "size": [w, h],
        "frames": frame,
        "rounds": sum(g["rounds"] for g in per_game),
        "actions": sum(g["actions"] for g in per_game),
        "seconds": round(time.perf_counter() - started, 1),
        "rss_after_imports_mb": round(rss_import / MB, 2),
        "rss_start_mb": round(rss_start / MB, 2),
        "rss_after_first_game_mb": per_game[0]["rss_mb"],
        "rss_after_middle_game_mb": per_game[half - 1]["rss_mb"],
        "rss_end_mb": round(rss_end / MB, 2),
        "rss_after_last_game_mb": per_game[-1]["rss_mb"],
        "rss_max_mb": round(max(b for _f, b in samples) / MB, 2),
        "first_half_slope_mb_per_game": round(
            slope([g["game"] for g in first], [g["rss_mb"] for g in first]), 3
        ),
        "second_half_growth_mb": round(growth, 2),
        "second_half_slope_mb_per_game": round(sec_slope, 3),
        "max_growth_mb": args.max_growth,
        "pass": growth < args.max_growth,
        "curve_mb": [g["rss_mb"] for g in per_game],
        "samples": [[f, round(b / MB, 2)] for f, b in samples],
        "per_game": per_game,
    }
    pygame.quit()
    data.cleanup()
    if args.json:
        print(json.dumps(report))
        return 0 if report["pass"] else 1
    print()
    print(
        f"{args.games} games x {args.players} AI seats at the table ({args.animation} animations, "
        f"AI instant, {w}x{h}): {report['rounds']} rounds, {report['actions']} actions, "
        f"{frame} frames in {report['seconds']} s"
    )
    print(
        f"RSS: after imports {report['rss_after_imports_mb']} MB, start (title drawn) "
        f"{report['rss_start_mb']} MB, after game 1 {report['rss_after_first_game_mb']} MB, "
        f"after game {half} {report['rss_after_middle_game_mb']} MB, after game {args.games} "
        f"{report['rss_after_last_game_mb']} MB, end (title) {report['rss_end_mb']} MB, "
        f"max {report['rss_max_mb']} MB ({len(samples)} samples)"
    )
    print("curve (RSS after each game, MB): " + " ".join(f"{v:.1f}" for v in report["curve_mb"]))
    print(
        f"slope: first half {report['first_half_slope_mb_per_game']:+.3f} MB/game, second half "
        f"{report['second_half_slope_mb_per_game']:+.3f} MB/game; growth over the second half "
        f"{report['second_half_growth_mb']:+.2f} MB (limit {args.max_growth} MB): "
        f"{'pass' if report['pass'] else 'MISS'}"
    )
    return 0 if report["pass"] else 1


if __name__ == "__main__":
    sys.exit(main())
