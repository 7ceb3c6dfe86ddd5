"""The server inside the app: its own thread and loop, a chosen or free port, a clean stop."""

from __future__ import annotations

import asyncio
import socket

from nove_desktop.games import default_registry
from nove_desktop.net.client import Client
from nove_desktop.net.embedded import EmbeddedServer

REGISTRY = default_registry()


async def create_a_room(port: int) -> dict:
    client = Client(f"ws://127.0.0.1:{port}")
    await client.open()
    await client.create("Ada", "banco", ["remote", "normal"])
    welcome = await client.receive()
    await client.close()
    return welcome


def test_it_serves_from_its_own_thread_and_stops_cleanly() -> None:
    server = EmbeddedServer(REGISTRY, host="127.0.0.1", port=None)
    assert not server.ready
    server.start()  # returns at once
    assert server.wait_ready(10) and server.port and server.problem is None
    assert asyncio.run(create_a_room(server.port))["type"] == "welcome"
    server.stop(wait=True)
    assert not server.running
    with socket.socket() as probe:  # the port is free again
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind(("127.0.0.1", server.port))


def test_a_taken_port_falls_back_to_a_free_one() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        server = EmbeddedServer(REGISTRY, host="127.0.0.1", port=port)
        server.start()
        assert server.wait_ready(10)
        assert server.port not in (None, port)
        server.stop(wait=True)
    assert not server.running


def test_a_stop_asked_before_it_listens_still_stops_it() -> None:
    server = EmbeddedServer(REGISTRY, host="127.0.0.1", port=None)
    server.start()
    server.stop()
    assert server.wait_ready(10)
    server.stop(wait=True)
    assert not server.running


def test_an_address_it_cannot_bind_is_a_problem_not_a_crash() -> None:
    server = EmbeddedServer(REGISTRY, host="192.0.2.254", port=None)  # not this computer's
    server.start()
    assert server.wait_ready(10)
    server.stop(wait=True)
    assert server.port is None and server.problem
