"""Network play under load: N rooms of four remote bot clients against one server process.

    python bench/net.py --rooms 250 --nodes 1 --json

The server runs as a separate process (``nove-desktop serve`` on a free port, its data folder a
temporary one). Load-generator processes (``--generators``, asyncio, many connections each)
play the rooms: four bot clients per room, each playing the Normal AI through the protocol
(``nove_desktop.net.bots.Bot``), at ``--pace`` seconds between two actions of a room (one action
per room per second by default, no animation). Rooms replay until ``--seconds`` have passed
(the game cut at that moment is counted as unfinished).

The JSON object (docs/benchmarks.md, "Network play"):
- ``actions``: actions the server confirmed (the sender received the position after it, or its
  held answer to a window); ``lost``: actions sent and neither confirmed nor refused;
- ``leaks``: what a client received that its seat may not know, in the raw text frames each
  client kept (a card of another seat or of the undealt stock, another seat's token, the seed
  or the replay before ``over``), judged by the secrecy test's independent model of what each
  seat may know (tests/net/knowledge.py ``leaks_in_game``);
- ``desyncs``: finished games where a client's last view or the result differs from an
  offline replay of the game's actions;
- ``p50_ms``/``p95_ms``: from a client sending an action to the moment every client of the
  room has received the position after it (held window answers are not timed: the server holds
  them on purpose until the window is decided);
- ``max_actions_per_s``: the most actions confirmed in any one second of the run;
- ``server_cpu``/``generator_cpu``: CPU seconds per wall second of each side, and
  ``generator_lag_p95_ms``: how late a generator's event loop wakes up (the generators share
  the machine's two cores with the server: their own delay is part of every latency above).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import multiprocessing
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: the project's root on the path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nove_desktop.engine.registry import Registry
from nove_desktop.engine.replay import parse as parse_replay
from nove_desktop.engine.replay import run
from nove_desktop.games import default_registry
from nove_desktop.net.bots import Bot
from nove_desktop.net.client import Client
from tests.net.knowledge import Leak, leaks_in_game

GAMES = ("nove", "banco", "nox", "kael", "numx")
SHORT_OPTIONS: dict[str, dict[str, Any]] = {
    "nove": {"max_rounds": 1},
    "banco": {"max_hands": 4},
    "nox": {"max_rounds": 1},
    "kael": {"max_rounds": 1},
    "numx": {"rounds": 1},
}
"""One round of each game (NUM-X: one round is ~250 actions, four minutes at the default pace),
so that a short run finishes games of every kind."""
SEATS = 4
ROOMS_PER_ADDRESS = 5  # the server's limit per client address (nove_desktop.net.server)
GRACE = 3.0  # seconds left for the answers to the last actions once the run stops


# -- pure helpers (tests/test_bench_tools.py) -----------------------------------------------------
def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` from 0 to 1) of ``values``; 0.0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * share // 1))  # ceil, at least the first
    return ordered[int(rank) - 1]


def peak_per_second(times: Iterable[float]) -> int:
    """The most events in any one whole second (seconds counted from the first event)."""
    ordered = sorted(times)
    if not ordered:
        return 0
    counts: dict[int, int] = {}
    for moment in ordered:
        second = int(moment - ordered[0])
        counts[second] = counts.get(second, 0) + 1
    return max(counts.values())


def source_address(room: int) -> str:
    """The loopback address a room's clients connect from: the server lets one address open
    ``ROOMS_PER_ADDRESS`` rooms, so every five rooms come from another address (as from
    another computer); 127.0.0.0/8 is all loopback on Linux."""
    block = room // ROOMS_PER_ADDRESS + 2
    return f"127.0.{block // 250}.{block % 250 + 2}"


def offline_replay(replay: dict[str, Any], registry: Registry) -> tuple[Any, Any]:
    """The game and its final state, replayed offline from the ``over`` message's replay."""
    parsed = parse_replay(replay)  # the over message's replay is a replay file's JSON
    outcome = run(parsed, registry)
    return outcome.game, outcome.state


# -- one room -------------------------------------------------------------------------------------
class RoomProbe:
    """One room's measures, shared by its four bots (they run in the same event loop). Games
    are numbered from 0 in the room; positions start again at 0 in each game."""

    def __init__(self, pace: float, start: float, deadline: float) -> None:
        self.pace = pace
        self.next_slot = start
        self.deadline = deadline
        self.pending: dict[tuple[int, int], tuple[float, dict[int, float]]] = {}
        self.waiting: dict[int, tuple[int, int]] = {}  # seat -> (game, position) unconfirmed
        self.latencies: list[float] = []
        self.confirmed: list[float] = []
        self.sent = self.refused = 0
        self.clients: list[BoundClient] = []  # their raw frames, checked after the run
        self.last_views: dict[int, dict[int, dict[str, Any]]] = {}
        self.overs: dict[int, dict[str, Any]] = {}
        self.more: dict[int, bool] = {}

    def slot(self, now: float) -> float:
        """Seconds to wait before this room's next action (one every ``pace`` seconds)."""
        moment = max(now, self.next_slot)
        self.next_slot = moment + self.pace
        return moment - now

    def sending(self, game: int, seat: int, position: int, now: float) -> None:
        self.sent += 1
        self.waiting[seat] = (game, position)
        self.pending.setdefault((game, position), (now, {}))

    def received(
        self,
        game: int,
        seat: int,
        view: dict[str, Any],
        now: float,
    ) -> None:
        """A view arrived."""
        position = view["position"]
        mine = self.waiting.get(seat)
        window = view["window"]
        if mine is not None and (
            (mine[0] == game and mine[1] < position)
            or (mine == (game, position) and window and window["answered"])
        ):
            del self.waiting[seat]
            self.confirmed.append(now)
            if mine == (game, position):
                self.pending.pop(mine, None)  # held on purpose until the window is decided
        for key in [key for key in self.pending if key[0] == game and key[1] < position]:
            started, seen = self.pending[key]
            seen.setdefault(seat, now)
            if len(seen) == SEATS:
                self.latencies.append(max(seen.values()) - started)
                del self.pending[key]
        self.last_views.setdefault(game, {})[seat] = view

    def refusal(self, seat: int) -> None:
        if self.waiting.pop(seat, None) is not None:
            self.refused += 1

    def over(self, game: int, message: dict[str, Any], now: float) -> bool:
        """Keep the finished game (checked after the run); True to play another."""
        self.overs.setdefault(game, message)
        for key in [key for key in self.pending if key[0] == game]:
            del self.pending[key]  # a last action answered by ``over`` alone is not timed
        return self.more.setdefault(game, now < self.deadline)

    def finished(
        self,
    ) -> Iterator[tuple[dict[str, Any], dict[int, dict[str, Any]], dict[int, list[str]]]]:
        """Each finished game: its ``over`` message, each seat's last view, and the raw frames
        each seat's client received during that game."""
        for game, over in sorted(self.overs.items()):
            frames = {
                client.seat: client.frames[game]
                for client in self.clients
                if client.seat is not None and game < len(client.frames)
            }
            yield over, self.last_views.get(game, {}), frames

    def tokens(self) -> dict[int, str]:
        """Each seat's token (no frame may carry another seat's)."""
        return {c.seat: c.token or "" for c in self.clients if c.seat is not None}


class BenchBot(Bot):
    """The protocol's bot, paced per room and measured; it never sleeps in its read loop."""

    def __init__(self, client: Client, registry: Registry, probe: RoomProbe, seed: int) -> None:
        super().__init__(client, registry, seed=seed)
        self.probe = probe
        self.game = 0
        self.move: asyncio.Task[None] | None = None

    async def view(self, view: dict[str, Any]) -> None:
        now = time.perf_counter()
        self.probe.received(self.game, view["seat"], view, now)
        if self.move is not None and not self.move.done():
            self.move.cancel()  # planned for an older position
        if now >= self.probe.deadline or not view["legal"]:
            return
        if view["window"] and view["window"]["answered"]:
            return
        if self.answered == view["position"] and view["window"]:
            return
        self.move = asyncio.create_task(self.act(view, self.probe.slot(now)))

    async def act(self, view: dict[str, Any], delay: float) -> None:
        await asyncio.sleep(delay)
        if time.perf_counter() >= self.probe.deadline:
            return  # the run is over: only the answers to earlier actions are awaited
        action = self.choose(view)
        self.answered = view["position"]
        self.last = {"type": "act", "position": view["position"], "action": action}
        self.probe.sending(self.game, view["seat"], view["position"], time.perf_counter())
        await self.client.send(self.last)
        self.report.sent += 1

    async def refused(self, message: dict[str, Any]) -> None:
        if message["code"] != "rate":
            self.probe.refusal(self.client.seat or 0)
        await super().refused(message)


class BoundClient(Client):
    """A client connecting from a given loopback address; it keeps every text frame exactly as
    it arrived, one list per game (``frames[g]``: from the end of game ``g - 1`` to game
    ``g``'s ``over``), for the leak check after the run."""

    def __init__(self, url: str, address: str) -> None:
        super().__init__(url)
        self.address = address
        self.frames: list[list[str]] = [[]]

    async def receive(self) -> dict[str, Any]:
        assert self.connection is not None
        received = await self.connection.recv()
        raw = received if isinstance(received, str) else received.decode()
        self.frames[-1].append(raw)
        message: dict[str, Any] = json.loads(raw)
        if message.get("type") == "over":
            self.frames.append([])  # what follows belongs to the next game
        if message.get("type") == "welcome":
            self.room, self.seat, self.token = message["room"], message["seat"], message["token"]
        return message

    async def open(self) -> None:
        from websockets.asyncio.client import connect

        self.connection = await connect(
            self.url,
            compression=None,
            max_size=None,
            close_timeout=1,
            local_addr=(self.address, 0),
        )


async def open_room(
    url: str, index: int, game: str, options: dict[str, Any], seed: int
) -> list[BoundClient]:
    """Connect room ``index``'s four clients: the host creates the room, the others join."""
    clients = [BoundClient(url, source_address(index)) for _ in range(SEATS)]
    for client in clients:
        await client.open()
    host = clients[0]
    await host.create("Host", game, ["remote"] * SEATS, options=options, seed=seed, ai_pace=0.0)
    welcome = await host.receive()
    if welcome["type"] != "welcome":
        raise RuntimeError(f"room {index} refused: {welcome}")
    for number, client in enumerate(clients[1:], 1):
        await client.join(welcome["room"], f"Bot {number}")
    return clients


async def play_room(clients: list[BoundClient], probe: RoomProbe, seed: int) -> None:
    """Seat four bots on the room's clients and play games until the probe's deadline."""
    registry = default_registry()
    probe.clients = clients
    bots = [
        BenchBot(client, registry, probe, seed * 10 + number)
        for number, client in enumerate(clients)
    ]
    bots[0].report.seat = 0
    try:
        await asyncio.gather(*(seat_loop(bot, probe, bot is bots[0]) for bot in bots))
    finally:
        for client in clients:
            with contextlib.suppress(Exception):
                await client.close()


async def seat_loop(bot: BenchBot, probe: RoomProbe, host: bool) -> None:
    """Play the room's games until the deadline; the host asks for each next game."""
    while True:
        task = asyncio.create_task(bot.play())
        remaining = probe.deadline + GRACE - time.perf_counter()
        done, _ = await asyncio.wait({task}, timeout=max(remaining, 0.0))
        if not done:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
            return
        report = task.result()
        if report.over is None:
            return
        more = probe.over(bot.game, report.over, time.perf_counter())
        bot.game, bot.answered, report.over = bot.game + 1, None, None
        if not more:
            return
        if host:
            await bot.client.send({"type": "again"})


async def lag_probe(samples: list[float], stop: asyncio.Event) -> None:
    """How late the generator's own event loop wakes up (its share of every latency)."""
    while not stop.is_set():
        before = time.perf_counter()
        await asyncio.sleep(0.05)
        samples.append(time.perf_counter() - before - 0.05)


# -- a generator process --------------------------------------------------------------------------
def generator(job: dict[str, Any]) -> dict[str, Any]:
    """Play rooms ``job["rooms"]`` and check their finished games; the measures as plain data."""
    # What the run keeps (every frame received) only grows: the collector's full passes
    # over it stopped the event loop for hundreds of milliseconds, timed as network latency.
    # The run is short; its few cycles are collected at the end.
    gc.disable()
    try:
        return asyncio.run(_generate(job))
    finally:
        gc.enable()


async def _generate(job: dict[str, Any]) -> dict[str, Any]:
    # Every room is connected first: opening a thousand connections is not part of the figures.
    games = [job["games"][index % len(job["games"])] for index in job["rooms"]]
    opened = await asyncio.gather(
        *(
            open_room(
                job["url"],
                index,
                game,
                SHORT_OPTIONS[game] if job["short"] else {},
                job["seed"] + index,
            )
            for index, game in zip(job["rooms"], games, strict=True)
        ),
        return_exceptions=True,
    )
    rng = random.Random(job["seed"])
    start = time.perf_counter() + 0.5
    deadline = start + job["seconds"]
    probes = [RoomProbe(job["pace"], start + rng.random() * job["pace"], deadline) for _ in opened]
    lag: list[float] = []
    stop = asyncio.Event()
    lagging = asyncio.create_task(lag_probe(lag, stop))
    cpu = time.process_time()
    wall = time.perf_counter()
    outcomes = await asyncio.gather(
        *(
            play_room(clients, probe, job["seed"] + index)
            for clients, probe, index in zip(opened, probes, job["rooms"], strict=True)
            if not isinstance(clients, BaseException)
        ),
        return_exceptions=True,
    )
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    stop.set()
    await lagging
    failures = [repr(o) for o in [*opened, *outcomes] if isinstance(o, BaseException)]
    return {
        **check(probes),
        "failures": failures[:5],
        "failed_rooms": len(failures),
        "cpu": cpu,
        "wall": wall,
        "lag": lag,
    }


def check(probes: list[RoomProbe]) -> dict[str, Any]:
    """Leaks and desyncs of every finished game, and the room measures gathered."""
    registry = default_registry()
    leaks: list[Any] = []
    desyncs = finished = 0
    for probe in probes:
        for over, views, frames in probe.finished():
            finished += 1
            game, state = offline_replay(over["replay"], registry)
            if game.result(state).to_json() != over["result"] or any(
                game.observe(state, seat).to_json() != view["observation"]
                for seat, view in views.items()
            ):
                desyncs += 1
            found = game_leaks(registry, over, frames, probe.tokens())
            leaks += [(over["replay"]["game"], leak.seat, leak.frame, leak.what) for leak in found]
    return {
        "latencies": [x for p in probes for x in p.latencies],
        "confirmed": [x for p in probes for x in p.confirmed],
        "sent": sum(p.sent for p in probes),
        "refused": sum(p.refused for p in probes),
        "lost": sum(len(p.waiting) for p in probes),
        "leaks": len(leaks),
        "leak_examples": [list(x) for x in leaks[:5]],
        "desyncs": desyncs,
        "finished": finished,
    }


def game_leaks(
    registry: Registry,
    over: dict[str, Any],
    frames: dict[int, list[str]],
    tokens: dict[int, str],
) -> list[Leak]:
    """Every leak in one finished game's frames, by the secrecy test's model of what each seat
    may know (worked out from the rules and the true game replayed offline, independently of
    the server's view code)."""
    return leaks_in_game(registry, over["replay"], frames, tokens)


# -- the server ------------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(port: int, data: Path, profile: Path | None = None) -> subprocess.Popen[bytes]:
    """``nove-desktop serve`` on ``port`` (under cProfile, written to ``profile`` at its stop)."""
    environment = {**os.environ, "NOVE_DESKTOP_DATA": str(data), "PYTHONUNBUFFERED": "1"}
    log = (data / "server.log").open("wb")
    profiler = [] if profile is None else ["-m", "cProfile", "-o", str(profile)]
    # Every room is created with the bench's seed (a run deals the same games): the server
    # refuses chosen seeds unless started with --allow-seeds.
    serve = ["-m", "nove_desktop", "serve", "--host", "127.0.0.1", "--port", str(port)]
    serve += ["--allow-seeds"]
    server = subprocess.Popen(
        [sys.executable, *profiler, *serve],
        env=environment,
        stdout=log,
        stderr=subprocess.STDOUT,
        cwd=Path(__file__).resolve().parent.parent,
    )
    for _ in range(200):
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return server
        if server.poll() is not None:
            raise SystemExit(f"the server stopped: see {data / 'server.log'}")
        time.sleep(0.05)
    server.kill()
    raise SystemExit("the server did not start listening within 10 seconds")


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# -- the run ---------------------------------------------------------------------------------------
def bench(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="nove-bench-net-") as folder:
        port = free_port()
        server = start_server(port, Path(folder), args.profile)
        try:
            jobs = [
                {
                    "url": f"ws://127.0.0.1:{port}",
                    "rooms": list(range(number, args.rooms, args.generators)),
                    "games": args.games,
                    "seconds": args.seconds,
                    "pace": args.pace,
                    "seed": args.seed,
                    "short": not args.full_games,
                }
                for number in range(args.generators)
            ]
            server_cpu = cpu_seconds(server.pid)
            load = os.getloadavg()[0]
            started = time.perf_counter()
            if args.generators == 1:
                parts = [generator(jobs[0])]
            else:
                with multiprocessing.get_context("spawn").Pool(args.generators) as pool:
                    parts = pool.map(generator, jobs)
            wall = time.perf_counter() - started
            server_cpu = cpu_seconds(server.pid) - server_cpu
        finally:
            server.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                server.wait(timeout=20)
            if server.poll() is None:
                server.kill()
    result = summary(args, parts, wall, server_cpu)
    # The machine's other work (its load average, before and after) skews every figure.
    result["load_average"] = [round(load, 1), round(os.getloadavg()[0], 1)]
    return result


def summary(
    args: argparse.Namespace, parts: list[dict[str, Any]], wall: float, server_cpu: float
) -> dict[str, Any]:
    latencies = [x for part in parts for x in part["latencies"]]
    lag = [x for part in parts for x in part["lag"]]
    confirmed = [x for part in parts for x in part["confirmed"]]
    return {
        "rooms": args.rooms,
        "clients": args.rooms * SEATS,
        "actions": len(confirmed),
        "lost": sum(part["lost"] for part in parts),
        "leaks": sum(part["leaks"] for part in parts),
        "desyncs": sum(part["desyncs"] for part in parts),
        "p50_ms": round(percentile(latencies, 0.50) * 1000, 1),
        "p95_ms": round(percentile(latencies, 0.95) * 1000, 1),
        "max_actions_per_s": peak_per_second(confirmed),
        "nodes": args.nodes,
        "generators": args.generators,
        "games": list(args.games),
        "pace_s": args.pace,
        "seconds": args.seconds,
        "seed": args.seed,
        "finished_games": sum(part["finished"] for part in parts),
        "refused": sum(part["refused"] for part in parts),
        "failed_rooms": sum(part["failed_rooms"] for part in parts),
        "failures": [f for part in parts for f in part["failures"]][:5],
        "leak_examples": [x for part in parts for x in part["leak_examples"]][:5],
        "p99_ms": round(percentile(latencies, 0.99) * 1000, 1),
        "server_cpu": round(server_cpu / wall, 2),
        "generator_cpu": [round(part["cpu"] / part["wall"], 2) for part in parts],
        "generator_lag_p50_ms": round(percentile(lag, 0.50) * 1000, 1),
        "generator_lag_p95_ms": round(percentile(lag, 0.95) * 1000, 1),
        "wall_s": round(wall, 1),
    }


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=50, help="rooms of four bot clients")
    parser.add_argument(
        "--nodes", type=int, default=1, help="server processes (only 1 until rooms are on Redis)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--games",
        default=",".join(GAMES),
        help="the game mix, rooms taking them in turn (default: the five games)",
    )
    parser.add_argument("--seconds", type=float, default=60.0, help="length of the run")
    parser.add_argument("--pace", type=float, default=1.0, help="seconds between a room's actions")
    parser.add_argument("--seed", type=int, default=1, help="the rooms' seeds derive from it")
    parser.add_argument("--generators", type=int, default=1, help="load-generator processes")
    parser.add_argument(
        "--full-games", action="store_true", help="the games' own lengths (default: one round)"
    )
    parser.add_argument(
        "--profile", type=Path, help="run the server under cProfile, its statistics to this file"
    )
    args = parser.parse_args(argv)
    args.games = tuple(args.games.split(","))
    unknown = [g for g in args.games if g not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]} (known: {', '.join(GAMES)})")
    if args.nodes != 1:
        parser.error("--nodes: one server process for now (several need rooms on Redis)")
    if args.rooms < 1 or args.generators < 1 or args.generators > args.rooms:
        parser.error("--rooms and --generators must be positive, generators <= rooms")
    if args.pace < 0 or args.seconds <= 0:
        parser.error("--pace must be >= 0 and --seconds > 0")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    result = bench(args)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>22}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
