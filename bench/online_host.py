"""Frame times while this computer hosts (issue 31, online-ui): the frame loop must never wait on
the embedded server.

    .venv/bin/python bench/online_host.py [--rooms 1 20] [--seconds 15] [--json]

The app (SDL dummy driver, 1280x720) opens a room through the Host page: the embedded server
runs in its thread, the lobby is on screen and reads the network every frame. Another process
plays ``--rooms`` rooms of four remote bot clients (Normal AI through the protocol, one action
per room per second: the bench pace of the issue) on that same server (its limit of rooms per
address raised for the bench: every bot connects from 127.0.0.1), so every message is
parsed, applied and sent by the server's thread inside the app's process. The app is stepped at
60 frames a second for ``--seconds``; each step (``App.step``: events, update, draw) is timed
with the wall clock, which counts the time the frame waits for the interpreter lock while the
server's thread works. First a run with no room playing (the baseline). Percentiles are
nearest-rank.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FRAME = 1 / 60

BOTS = r"""
import asyncio, sys
from nove_desktop.games import default_registry
from nove_desktop.net.bots import Bot, run_bot
from nove_desktop.net.client import Client

URL, ROOMS = sys.argv[1], int(sys.argv[2])
REGISTRY = default_registry()
GAMES = ["nove", "banco", "nox", "kael", "numx"]

async def room(i):
    while True:  # one game after another until the bench stops this process
        host = Client(URL)
        await host.open()
        await host.create("Bot 0", GAMES[i % 5], ["remote"] * 4, ai_pace=0.0, window_seconds=1.0)
        welcome = await host.receive()
        code = welcome["room"]
        others = [run_bot(URL, REGISTRY, room=code, name=f"Bot {k}", pace=1.0, seed=k)
                  for k in range(1, 4)]
        await asyncio.gather(Bot(host, REGISTRY, pace=1.0, seed=i).play(), *others)
        await host.close()

async def main():
    await asyncio.gather(*(room(i) for i in range(ROOMS)))

asyncio.run(main())
"""


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def measure(app: Any, seconds: float) -> dict[str, Any]:
    durations = []
    next_at = time.perf_counter()
    end = next_at + seconds
    while next_at < end:
        start = time.perf_counter()
        app.step([], FRAME)
        durations.append((time.perf_counter() - start) * 1000)
        next_at += FRAME
        time.sleep(max(0.0, next_at - time.perf_counter()))
    return {
        "frames": len(durations),
        "p50_ms": round(percentile(durations, 50), 2),
        "p99_ms": round(percentile(durations, 99), 2),
        "max_ms": round(max(durations), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, nargs="+", default=[1, 20])
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    sys.path.insert(0, str(ROOT))
    import pygame

    from nove_desktop.net.embedded import EmbeddedServer
    from nove_desktop.net.server import Limits
    from nove_desktop.storage import Storage
    from nove_desktop.ui.app import App
    from nove_desktop.ui.scenes import lobby, online

    # No announce on the machine's network, and a loopback server on a free port.
    setattr(lobby, "Announcer", lambda *a, **k: _Quiet())  # noqa: B010
    setattr(  # noqa: B010
        online,
        "EmbeddedServer",
        lambda registry: EmbeddedServer(
            registry, host="127.0.0.1", port=None, limits=Limits(rooms_per_address=1000)
        ),
    )
    app = App(storage=Storage(Path(tempfile.mkdtemp())), size=(1280, 720))
    host: Any = app.scenes.push("host")
    host.open_room()
    scene: Any = app.stack.top
    while scene.lobby is None:
        app.step([], FRAME)
        time.sleep(0.01)
    url = f"ws://127.0.0.1:{scene.server.port}"
    report: dict[str, Any] = {"baseline": measure(app, args.seconds)}
    for rooms in args.rooms:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        bots = subprocess.Popen([sys.executable, "-c", BOTS, url, str(rooms)], env=env)
        try:
            time.sleep(2.0)  # every room created and dealt
            before = actions(scene)
            figures = measure(app, args.seconds)
            figures["actions_applied"] = actions(scene) - before  # proof the rooms played
            report[f"rooms_{rooms}"] = figures
        finally:
            bots.terminate()
            bots.wait()
    app.stack.pop()
    pygame.quit()
    if args.json:
        print(json.dumps(report))
    else:
        for name, figures in report.items():
            print(name, figures)


def actions(scene: Any) -> int:
    """Actions applied by the server's rooms so far (read across threads: a bench figure)."""
    rooms = list(scene.server._server.rooms.values())
    return sum(room.session.position for room in rooms if room.session is not None)


class _Quiet:
    def update(self, free: int) -> None:
        pass

    def close(self) -> None:
        pass


if __name__ == "__main__":
    main()
