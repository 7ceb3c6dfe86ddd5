"""Secrecy by bytes: whole games of every game through the real server with real WebSocket
clients; every frame each client received, raw, is checked against what its seat may know,
worked out by hand from the rules and the true game (tests/net/knowledge.py)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from nove_desktop.games import default_registry
from nove_desktop.net.bots import Bot
from nove_desktop.net.client import Client
from nove_desktop.net.server import GameServer, Limits
from tests.net.knowledge import Leak, check_frames, replay_truth

REGISTRY = default_registry()
FAST = {"window_seconds": 10.0, "ai_pace": 0.0, "away_seconds": 30.0}
SEED = 0x5EED_0000_0000_0000  # 19 digits: its text cannot occur in a frame by chance

# (game, seats, options, seed offset): several player counts, bots (remote) and AI seats, and
# the two games with timed windows (Kaël's cut, NUM-X's Facteur X) at two sizes each.
TABLES: list[tuple[str, list[str], dict[str, Any], int]] = [
    ("nove", ["remote", "remote", "normal"], {}, 1),
    ("nove", ["remote", "easy", "remote", "remote", "normal"], {}, 2),
    ("banco", ["remote", "remote"], {"max_hands": 8}, 3),
    ("banco", ["remote", "normal", "remote", "easy"], {"max_hands": 6}, 4),
    ("nox", ["remote", "remote", "normal"], {}, 5),
    ("nox", ["remote", "remote", "remote", "easy", "remote"], {}, 6),
    ("kael", ["remote", "remote"], {}, 7),
    ("kael", ["remote", "normal", "remote", "remote"], {}, 8),
    ("numx", ["remote", "remote", "normal"], {}, 9),
    ("numx", ["remote", "remote", "remote", "remote"], {}, 10),
]


class RecordingClient(Client):
    """A client that keeps every text frame it receives, exactly as it arrived."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.frames: list[str] = []

    async def receive(self) -> dict[str, Any]:
        assert self.connection is not None
        raw = await self.connection.recv()
        assert isinstance(raw, str), "the server sends text frames only"
        self.frames.append(raw)
        message: dict[str, Any] = json.loads(raw)
        if message.get("type") == "welcome":
            self.room, self.seat, self.token = message["room"], message["seat"], message["token"]
        return message


async def play(
    server: GameServer, game: str, seats: list[str], options: dict[str, Any], seed: int
) -> tuple[list[RecordingClient], Any]:
    url = f"ws://127.0.0.1:{server.port()}"
    host = RecordingClient(url)
    await host.open()
    await host.create("Host", game, seats, options=options, seed=seed, **FAST)
    first = await host.receive()
    assert first["type"] == "welcome", first
    room = server.rooms[first["room"]]
    clients = [host]
    for number in range(1, seats.count("remote")):
        guest = RecordingClient(url)
        await guest.open()
        await guest.join(first["room"], f"Bot {number}")
        clients.append(guest)
    bots = [Bot(client, REGISTRY, seed=i) for i, client in enumerate(clients)]
    reports = await asyncio.wait_for(asyncio.gather(*(bot.play() for bot in bots)), 90)
    for client in clients:
        await client.close()
    assert all(report.over is not None for report in reports)
    return clients, room


def leaks_of(game: str, seats: list[str], options: dict[str, Any], seed: int) -> list[Leak]:
    """Play one whole game on a live server; every leak in every client's frames."""

    async def main() -> list[Leak]:
        server = GameServer(REGISTRY, None, Limits(10_000.0, 10_000.0), allow_seeds=True)
        await server.start("127.0.0.1", 0)
        try:
            clients, room = await play(server, game, seats, options, seed)
        finally:
            await server.stop()
        session = room.session
        assert session is not None and session.over and session.seed == seed
        truth = replay_truth(
            REGISTRY,
            game,
            {**options, "players": len(seats)},
            seed,
            session.replay.actions,
        )
        tokens = {seat: s.token or "" for seat, s in enumerate(room.seats)}
        windows = sum('"window":{' in raw for c in clients for raw in c.frames)
        if game in ("kael", "numx"):
            assert windows, "these tables must play through timed windows"
        found: list[Leak] = []
        for client in clients:
            assert client.seat is not None
            others = [token for seat, token in tokens.items() if seat != client.seat]
            found += check_frames(truth, client.seat, client.frames, seed, others)
        return found

    return asyncio.run(main())


@pytest.mark.parametrize(("game", "seats", "options", "offset"), TABLES)
def test_no_client_ever_receives_a_card_its_seat_may_not_know(game, seats, options, offset):
    leaks = leaks_of(game, seats, options, SEED + offset)
    assert leaks == [], leaks[:5]
