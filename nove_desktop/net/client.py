"""Clients of the game server: an asyncio one, and a thread-backed one for a frame loop.

``Client`` is a thin asyncio wrapper (send a message, receive the next one). ``ThreadClient``
runs its own event loop in a daemon thread: ``send`` never blocks (the message is queued),
``poll`` returns the messages received since the last call, and a dropped connection is
re-opened with the seat's token (the server answers with a full snapshot).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import threading
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from .protocol import PROTOCOL_VERSION

RECONNECT_DELAYS = (0.2, 0.5, 1.0, 2.0, 5.0)  # then every 5 s


class Client:
    """One connection to a server (``ws://host:port`` or ``wss://``)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.connection: ClientConnection | None = None
        self.room: str | None = None
        self.token: str | None = None
        self.seat: int | None = None

    async def open(self) -> None:
        self.connection = await connect(self.url, compression=None, max_size=None, close_timeout=1)

    async def send(self, message: dict[str, Any]) -> None:
        assert self.connection is not None
        await self.connection.send(json.dumps(message))

    async def receive(self) -> dict[str, Any]:
        """The next message (``welcome`` is also remembered: room, seat and token)."""
        assert self.connection is not None
        message: dict[str, Any] = json.loads(await self.connection.recv())
        if message.get("type") == "welcome":
            self.room, self.seat, self.token = message["room"], message["seat"], message["token"]
        return message

    async def close(self) -> None:
        if self.connection is not None:
            await self.connection.close()

    async def create(self, name: str, game: str, seats: list[str], **extra: Any) -> None:
        await self.send(
            {
                "type": "create",
                "version": PROTOCOL_VERSION,
                "name": name,
                "game": game,
                "seats": seats,
                **extra,
            }
        )

    async def join(self, room: str, name: str) -> None:
        await self.send({"type": "join", "version": PROTOCOL_VERSION, "room": room, "name": name})

    async def rejoin(self) -> None:
        assert self.room is not None and self.token is not None
        await self.send(
            {"type": "rejoin", "version": PROTOCOL_VERSION, "room": self.room, "token": self.token}
        )


class ThreadClient:
    """A client for a pygame frame loop: nothing here ever blocks the caller."""

    def __init__(self, url: str) -> None:
        self.client = Client(url)
        self.received: queue.Queue[dict[str, Any]] = queue.Queue()
        self.status = "connecting"  # connecting, connected, reconnecting, closed, failed
        # The room's last lobby message (its game and options: a table opened from a snapshot
        # needs them); set by the network thread, read by the frame loop.
        self.lobby: dict[str, Any] | None = None
        self._loop = asyncio.new_event_loop()
        # Created here (asyncio queues bind to a loop on first use): a message sent before
        # the thread has started waits in it.
        self._outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._closing = False
        self._thread = threading.Thread(target=self._run, name="nove-net", daemon=True)

    def start(self, first: dict[str, Any] | None = None) -> None:
        """Connect (in the background) and send ``first`` (create/join/rejoin) once open."""
        self._first = first
        self._thread.start()

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message``; it leaves as soon as the connection allows."""
        self._loop.call_soon_threadsafe(self._put, message)

    def poll(self, stop_at: str | None = None) -> list[dict[str, Any]]:
        """Every message received since the last call; with ``stop_at`` (a message type),
        only up to the first message of that type: the rest stay for the next call (the
        lobby scene stops at ``snapshot``, so that the moves right after it reach the table)."""
        out = []
        with contextlib.suppress(queue.Empty):
            while True:
                message = self.received.get_nowait()
                out.append(message)
                if stop_at is not None and message.get("type") == stop_at:
                    break
        return out

    def close(self) -> None:
        self._closing = True
        if self._loop.is_running():
            self._loop.call_soon_threadsafe(self._put, {})
        self._thread.join(timeout=5)

    @property
    def token(self) -> str | None:
        return self.client.token

    def _put(self, message: dict[str, Any]) -> None:
        self._outbox.put_nowait(message)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._main())

    async def _main(self) -> None:
        attempt = 0
        while not self._closing:
            try:
                await self.client.open()
            except (InvalidURI, InvalidHandshake):  # not a game server there: retrying is vain
                self.status = "failed"
                return
            except OSError:
                self.status = "reconnecting"
                await asyncio.sleep(RECONNECT_DELAYS[min(attempt, len(RECONNECT_DELAYS) - 1)])
                attempt += 1
                continue
            attempt = 0
            self.status = "connected"
            if self.client.token is not None:
                await self.client.rejoin()  # back in our seat: a snapshot follows
            elif self._first is not None:
                await self.client.send(self._first)
            await self._pump()
            self.status = "closed" if self._closing else "reconnecting"
        await self.client.close()

    async def _pump(self) -> None:
        outbox = self._outbox

        async def reading() -> None:
            while True:
                message = await self.client.receive()
                if message.get("type") == "lobby":
                    self.lobby = message
                self.received.put(message)
                if message.get("type") == "closed" and message.get("reason") == "replaced":
                    self._closing = True  # the seat is played from elsewhere: never fight it
                    return

        async def writing() -> None:
            while True:
                message = await outbox.get()
                if not message:
                    return
                await self.client.send(message)

        tasks = [asyncio.create_task(reading()), asyncio.create_task(writing())]
        with contextlib.suppress(ConnectionClosed, OSError):
            done, _pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for task in done:
                task.result()
        for task in tasks:
            task.cancel()
