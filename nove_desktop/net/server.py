"""The game server: rooms over WebSocket (``websockets``' asyncio API), one process.

Every message goes through ``protocol.decode`` and then its room; a refused message gets an
``error`` message and nothing else happens (every other room plays on). Timers of every room
(window deadlines, AI pace, the away delay) run from one scheduler task that sleeps until the
earliest deadline or until a message changes something. A room with a Hard AI seat runs its
timers in a worker thread, so a search never blocks the event loop; Easy and Normal decide
inline (they take microseconds). On SIGTERM/SIGINT the server stops accepting, writes every
room's record to ``rooms/`` in the data folder and exits; at start, saved rooms come back and
their players rejoin with their tokens.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import secrets
import signal
import ssl
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ..engine.registry import Registry
from ..storage import StorageError, write_json_atomic
from .protocol import (
    MAX_MESSAGE_BYTES,
    ROOM_CODE_ALPHABET,
    ROOM_CODE_LENGTH,
    ProtocolError,
    decode,
    encode,
    error,
)
from .room import Outgoing, Room, Settings

LOG = logging.getLogger("nove_desktop.net")
HARD_CAP = 4 * MAX_MESSAGE_BYTES
"""A frame above this closes the connection (code 1009); between MAX_MESSAGE_BYTES and this,
the message is refused with an error and the connection kept."""
RATE = 20.0  # messages per second per connection, on average
BURST = 40.0  # messages a connection may send at once
ROOMS_PER_ADDRESS = 5
MAX_ROOMS = 1000


class Limits:
    """The server's limits (tests lower them)."""

    def __init__(
        self,
        rate: float = RATE,
        burst: float = BURST,
        rooms_per_address: int = ROOMS_PER_ADDRESS,
        max_rooms: int = MAX_ROOMS,
    ) -> None:
        self.rate, self.burst = rate, burst
        self.rooms_per_address, self.max_rooms = rooms_per_address, max_rooms


class Bucket:
    """A token bucket: ``take(now)`` is False when the connection sends too fast."""

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate, self.burst, self.tokens, self.at = rate, burst, burst, now

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


class GameServer:
    """Rooms, connections and the scheduler; ``run()`` serves until ``stop()``."""

    def __init__(
        self,
        registry: Registry,
        rooms_folder: Path | None = None,
        limits: Limits | None = None,
        clock: Callable[[], float] = time.monotonic,
        allow_seeds: bool = False,
    ) -> None:
        self.registry = registry
        # A host who chose the seed could compute every deal: only servers started for tests
        # and benchmarks (``serve --allow-seeds``) accept ``create``'s ``seed``.
        self.allow_seeds = allow_seeds
        self.rooms_folder = rooms_folder
        self.limits = limits or Limits()
        self.clock = clock
        self.rooms: dict[str, Room] = {}
        self.owners: dict[str, str] = {}  # room code -> the address that created it
        self.connections: dict[str, ServerConnection] = {}
        self.where: dict[str, str] = {}  # client id -> room code
        self.locks: dict[str, asyncio.Lock] = {}
        self.wake = asyncio.Event()
        self.stopping = asyncio.Event()
        self.ids = itertools.count(1)
        self.server: Server | None = None

    # -- life ------------------------------------------------------------------------------------
    async def start(self, host: str, port: int, tls: ssl.SSLContext | None = None) -> Server:
        """Restore saved rooms, listen, start the scheduler."""
        self.restore()
        self.server = await serve(
            self.connection,
            host,
            port,
            max_size=HARD_CAP,
            ssl=tls,
            compression=None,
            close_timeout=1,
        )
        self.scheduler = asyncio.create_task(self.schedule())
        return self.server

    def port(self) -> int:
        assert self.server is not None
        return int(next(iter(self.server.sockets)).getsockname()[1])

    async def stop(self) -> None:
        """Stop accepting, close every connection, save every room."""
        self.stopping.set()
        if self.server is not None:
            self.server.close()
            # A peer that never answers the closing handshake must not hold the saving up.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.server.wait_closed(), timeout=3)
        self.scheduler.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.scheduler
        self.save()

    def save(self) -> None:
        if self.rooms_folder is None:
            return
        for code, room in self.rooms.items():
            try:
                write_json_atomic(self.rooms_folder / f"{code}.json", room.record())
            except StorageError as exc:
                LOG.error("room %s could not be saved: %s", code, exc)
        LOG.info("%d rooms saved", len(self.rooms))

    def restore(self) -> None:
        if self.rooms_folder is None or not self.rooms_folder.is_dir():
            return
        for path in sorted(self.rooms_folder.glob("*.json")):
            try:
                room = Room.from_record(
                    json.loads(path.read_text("utf-8")), self.registry, self.clock()
                )
            except (OSError, ValueError) as exc:
                LOG.error("room file %s set aside: %s", path.name, exc)
                with contextlib.suppress(OSError):
                    path.rename(path.with_suffix(".bad"))
                continue
            self.rooms[room.code] = room
            path.unlink()
            LOG.info(
                "room %s restored (%s, %d actions)",
                room.code,
                room.game_id,
                0 if room.session is None else room.session.position,
            )

    # -- connections -----------------------------------------------------------------------------
    async def connection(self, websocket: ServerConnection) -> None:
        client = f"c{next(self.ids)}"
        self.connections[client] = websocket
        address = str(websocket.remote_address[0]) if websocket.remote_address else "?"
        bucket = Bucket(self.limits.rate, self.limits.burst, self.clock())
        try:
            async for raw in websocket:
                if not bucket.take(self.clock()):
                    await self.send(client, error("rate", "too many messages: slow down"))
                    continue
                await self.receive(client, address, raw)
        except ConnectionClosed:
            pass
        finally:
            del self.connections[client]
            await self.gone(client)

    async def receive(self, client: str, address: str, raw: str | bytes) -> None:
        try:
            message = decode(raw)
            out = await self.route(client, address, message)
        except ProtocolError as exc:
            out = [(client, error(exc.code, exc.message))]
        except Exception:  # a bug must cost one message, not the connection or other rooms
            LOG.exception("a message from %s failed", client)
            out = [(client, error("internal", "the server could not handle this message"))]
        await self.deliver(out)
        self.wake.set()

    async def route(self, client: str, address: str, message: dict[str, Any]) -> Outgoing:
        kind = message["type"]
        if kind == "ping":
            return [(client, {"type": "pong"})]
        if kind in ("create", "join", "rejoin"):
            if client in self.where:
                raise ProtocolError("wrong_phase", "this connection is already in a room")
            if kind == "create":
                return self.create(client, address, message)
            room = self.rooms.get(str(message["room"]).upper())
            if room is None:
                raise ProtocolError("no_room", f"no room {message['room']}")
            async with self.lock(room.code):
                if kind == "join":
                    out = room.join(client, message["name"], self.clock())
                    LOG.info("room %s: %s joined", room.code, message["name"])
                else:
                    out = room.rejoin(client, message["token"], self.clock())
                    LOG.info("room %s: seat %s returned", room.code, room.seat_of(client))
            self.where[client] = room.code
            return out
        code = self.where.get(client)
        room = None if code is None else self.rooms.get(code)
        if code is None or room is None:
            self.where.pop(client, None)  # its room has closed
            raise ProtocolError("not_in_room", "join or rejoin a room first")
        async with self.lock(code):
            out = room.handle(client, message, self.clock())
        if kind == "start":
            LOG.info("room %s: game %d started (seed %d)", code, room.games, room.seed)
        if kind == "leave":
            self.where.pop(client, None)
        self.log_over(room, out)
        self.close_if_empty(room)
        return out

    def create(self, client: str, address: str, message: dict[str, Any]) -> Outgoing:
        if len(self.rooms) >= self.limits.max_rooms:
            raise ProtocolError("too_many_rooms", "this server holds as many rooms as it can")
        if sum(owner == address for owner in self.owners.values()) >= self.limits.rooms_per_address:
            raise ProtocolError("too_many_rooms", "you have opened too many rooms on this server")
        if message.get("seed") is not None and not self.allow_seeds:
            raise ProtocolError(
                "bad_options",
                "this server deals every game from a fresh random seed: a chosen seed is "
                "accepted only by a server started with --allow-seeds (tests, benchmarks)",
            )
        code = self.new_code()
        settings = Settings(
            **{
                k: float(message[k])
                for k in ("window_seconds", "ai_pace", "away_seconds")
                if message.get(k) is not None
            }
        )
        room = Room(
            code,
            self.registry,
            message["game"],
            message.get("options", {}),
            message["seats"],
            message.get("seed"),
            settings,
        )
        if not room.seats[0].is_remote:
            raise ProtocolError("bad_options", "the first seat is the host's: it must be remote")
        self.rooms[code] = room
        self.owners[code] = address
        LOG.info(
            "room %s created by %s (%s, %d seats)", code, address, room.game_id, len(room.seats)
        )
        out = room.join(client, message["name"], self.clock())
        self.where[client] = code
        return out

    def new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(ROOM_CODE_ALPHABET) for _ in range(ROOM_CODE_LENGTH))
            if code not in self.rooms:
                return code

    def lock(self, code: str) -> asyncio.Lock:
        return self.locks.setdefault(code, asyncio.Lock())

    async def gone(self, client: str) -> None:
        code = self.where.pop(client, None)
        room = self.rooms.get(code) if code else None
        if room is None or self.stopping.is_set():
            return
        async with self.lock(room.code):
            seat = room.seat_of(client)
            out = room.disconnect(client, self.clock())
        if room.playing and seat is not None:
            LOG.info("room %s: seat %d away", room.code, seat)
        await self.deliver(out)
        self.close_if_empty(room)
        self.wake.set()

    def close_if_empty(self, room: Room) -> None:
        """A lobby nobody is in, or a finished game nobody watches, is closed."""
        if room.clients() or room.playing:
            return
        if room.session is None and any(s.token for s in room.seats):
            return
        self.rooms.pop(room.code, None)
        self.owners.pop(room.code, None)
        self.locks.pop(room.code, None)
        LOG.info("room %s closed", room.code)

    def log_over(self, room: Room, out: Outgoing) -> None:
        if any(message["type"] == "over" for _client, message in out):
            LOG.info("room %s: game %d ended", room.code, room.games)

    async def send(self, client: str, message: dict[str, Any]) -> None:
        websocket = self.connections.get(client)
        if websocket is not None:
            with contextlib.suppress(ConnectionClosed):
                await websocket.send(encode(message))

    async def deliver(self, out: Outgoing) -> None:
        for client, message in out:
            await self.send(client, message)

    # -- timers ----------------------------------------------------------------------------------
    async def schedule(self) -> None:
        """The one timer task: tick every room whose deadline has come, then sleep."""
        while not self.stopping.is_set():
            now = self.clock()
            deadlines = []
            for room in list(self.rooms.values()):
                due = room.next_deadline()
                if due is not None and due <= now:
                    await self.tick(room, now)
                    due = room.next_deadline()
                if due is not None:
                    deadlines.append(due)
            self.wake.clear()
            delay = max(0.0, min(deadlines) - self.clock()) if deadlines else 60.0
            # asyncio.wait, not wait_for: Python 3.11's wait_for may swallow a cancellation
            # that races with the event (the stop would then wait for ever).
            waiter = asyncio.ensure_future(self.wake.wait())
            try:
                await asyncio.wait({waiter}, timeout=max(delay, 0.001))
            finally:
                waiter.cancel()

    async def tick(self, room: Room, now: float) -> None:
        async with self.lock(room.code):
            if any(s.kind == "hard" for s in room.seats):
                out = await asyncio.to_thread(room.tick, now)  # a search: off the event loop
            else:
                out = room.tick(now)
        self.log_over(room, out)
        await self.deliver(out)


def tls_context(certfile: str | None, keyfile: str | None) -> ssl.SSLContext | None:
    """The TLS context of ``--certfile``/``--keyfile`` (``None``: plain ws://)."""
    if certfile is None:
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certfile, keyfile)
    return context


async def serve_forever(
    registry: Registry,
    host: str,
    port: int,
    rooms_folder: Path | None,
    tls: ssl.SSLContext | None = None,
    ready: Callable[[int], None] | None = None,
    allow_seeds: bool = False,
) -> None:
    """``nove-desktop serve``: run until SIGTERM or SIGINT, then save the rooms
    (``allow_seeds``: ``create`` may choose the seed, for tests and benchmarks only)."""
    server = GameServer(registry, rooms_folder, allow_seeds=allow_seeds)
    await server.start(host, port, tls)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):  # Windows: Ctrl+C raises instead
            loop.add_signal_handler(sig, server.stopping.set)
    LOG.info("serving on %s:%d", host, server.port())
    if ready is not None:
        ready(server.port())
    await server.stopping.wait()
    LOG.info("stopping")
    await server.stop()
