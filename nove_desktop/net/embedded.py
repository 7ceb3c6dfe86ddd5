"""The game server inside the app: ``GameServer`` on its own thread with its own asyncio loop.

The frame loop never waits on it: ``start()`` returns at once and the thread reports when it
listens (``port``) or why it could not (``problem``); ``stop()`` asks the loop to stop and, by
default, does not wait for the thread (the app's last frame waits for it, on quit, with
``stop(wait=True)``). The thread is a daemon: a killed app leaves nothing behind.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import threading
from pathlib import Path

from ..engine.registry import Registry
from .server import GameServer, Limits

DEFAULT_PORT = 8765
"""The port a host tries first (the one a friend types by default); a free one if it is taken."""
LOCAL_NETWORK = "0.0.0.0"
"""Every interface of this computer: friends on the same network can reach it."""


class EmbeddedServer:
    """A ``GameServer`` in a daemon thread: ``start``, then ``port`` (or ``problem``), ``stop``."""

    def __init__(
        self,
        registry: Registry,
        host: str = LOCAL_NETWORK,
        port: int | None = DEFAULT_PORT,
        rooms_folder: Path | None = None,
        limits: Limits | None = None,
    ) -> None:
        self.registry = registry
        self.host = host
        self.wanted_port = port  # None: any free port
        self.rooms_folder = rooms_folder
        self.limits = limits  # None: the server's own (tests raise the rooms per address)
        self.port: int | None = None
        self.problem: str | None = None  # why the server could not listen (for the log)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: GameServer | None = None
        self._started = threading.Event()  # listening, or failed
        self._stop_asked = False  # a stop asked before the server listened
        self._thread = threading.Thread(target=self._run, name="nove-server", daemon=True)

    @property
    def ready(self) -> bool:
        """Whether the thread has answered: listening (``port``) or failed (``problem``)."""
        return self._started.is_set()

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def start(self) -> None:
        """Start the thread (returns at once)."""
        self._thread.start()

    def wait_ready(self, timeout: float) -> bool:
        """For tests and the command line: wait until ``ready`` (the app polls instead)."""
        return self._started.wait(timeout)

    def stop(self, wait: bool = False, timeout: float = 5.0) -> None:
        """Stop accepting and close every connection; ``wait`` joins the thread."""
        self._stop_asked = True
        loop, server = self._loop, self._server
        if loop is not None and server is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(server.stopping.set)
        if wait and self._thread.is_alive():
            self._thread.join(timeout)

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._serve())
        finally:
            self._started.set()
            loop.close()

    async def _serve(self) -> None:
        server = GameServer(self.registry, self.rooms_folder, self.limits)
        ports = [self.wanted_port, 0] if self.wanted_port else [0]
        for port in ports:
            try:
                await server.start(self.host, port)
                break
            except OSError as exc:
                self.problem = str(exc)
                if exc.errno != errno.EADDRINUSE or port == 0:
                    return
        self.port, self.problem = server.port(), None
        self._server = server
        self._started.set()
        if self._stop_asked:
            server.stopping.set()
        await server.stopping.wait()
        await server.stop()
