"""Secrecy by bytes: whole games of every game through the real server with real WebSocket
clients; every frame each client received, raw, is checked against what its seat may know,
worked out by hand from the rules and the true game (tests/net/knowledge.py)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from nove_desktop.games import default_registry
from nove_desktop.net.bots import Bot, BotReport
from nove_desktop.net.client import Client
from nove_desktop.net.server import GameServer, Limits
from tests.net.knowledge import Leak, leaks_in_game

REGISTRY = default_registry()
FAST = {"window_seconds": 10.0, "ai_pace": 0.0, "away_seconds": 30.0}
SEED = 0x5EED_0000_0000_0000  # 19 digits: its text cannot occur in a frame by chance

# (game, seats, options, seed offset, position at which the last remote seat drops and
# rejoins or None): several player counts, bots (remote) and AI seats, the two games with timed
# windows (Kaël's cut, NUM-X's Facteur X) at two sizes each, and rejoins mid-game (the
# snapshot carries the whole log).
TABLES: list[tuple[str, list[str], dict[str, Any], int, int | None]] = [
    ("nove", ["remote", "remote", "normal"], {}, 1, 12),
    ("nove", ["remote", "easy", "remote", "remote", "normal"], {}, 2, None),
    ("banco", ["remote", "remote"], {"max_hands": 8}, 3, None),
    ("banco", ["remote", "normal", "remote", "easy"], {"max_hands": 6}, 4, 40),
    ("nox", ["remote", "remote", "normal"], {}, 5, None),
    ("nox", ["remote", "remote", "remote", "easy", "remote"], {}, 6, 60),
    ("kael", ["remote", "remote"], {}, 7, None),
    ("kael", ["remote", "normal", "remote", "remote"], {}, 8, 300),
    ("numx", ["remote", "remote", "normal"], {}, 9, 200),
    ("numx", ["remote", "remote", "remote", "remote"], {}, 10, None),
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
    server: GameServer,
    game: str,
    seats: list[str],
    options: dict[str, Any],
    seed: int,
    rejoin_at: int | None,
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
    plays = [Bot(client, REGISTRY, seed=i).play() for i, client in enumerate(clients)]
    if rejoin_at is not None:
        plays[-1].close()  # that seat is played by come_back instead
        plays[-1] = come_back(clients[-1], rejoin_at)
    reports = await asyncio.wait_for(asyncio.gather(*plays), 90)
    for client in clients:
        await client.close()
    assert all(report.over is not None for report in reports)
    return clients, room


async def come_back(client: RecordingClient, position: int) -> BotReport:
    """Play to ``position``, drop the connection, rejoin on a new one with the seat's token
    (a snapshot of the whole log follows) and play on; its frames are kept together."""
    await Bot(client, REGISTRY, seed=7).play(stop_at=position)
    await client.close()
    await asyncio.sleep(0.05)
    frames = client.frames
    await client.open()
    client.frames = frames
    await client.rejoin()
    report = await Bot(client, REGISTRY, seed=8, keep=True).play()
    assert any(message["type"] == "snapshot" for message in report.messages)
    return report


def leaks_of(
    game: str, seats: list[str], options: dict[str, Any], seed: int, rejoin_at: int | None
) -> list[Leak]:
    """Play one whole game on a live server; every leak in every client's frames."""

    async def main() -> list[Leak]:
        server = GameServer(REGISTRY, None, Limits(10_000.0, 10_000.0), allow_seeds=True)
        await server.start("127.0.0.1", 0)
        try:
            clients, room = await play(server, game, seats, options, seed, rejoin_at)
        finally:
            await server.stop()
        session = room.session
        assert session is not None and session.over and session.seed == seed
        tokens = {seat: s.token or "" for seat, s in enumerate(room.seats)}
        windows = sum('"window":{' in raw for c in clients for raw in c.frames)
        if game in ("kael", "numx"):
            assert windows, "these tables must play through timed windows"
        frames = {client.seat: client.frames for client in clients if client.seat is not None}
        assert len(frames) == seats.count("remote")
        found = leaks_in_game(REGISTRY, session.replay.to_json(), frames, tokens)
        return found

    return asyncio.run(main())


@pytest.mark.parametrize(("game", "seats", "options", "offset", "rejoin_at"), TABLES)
def test_no_client_ever_receives_a_card_its_seat_may_not_know(
    game, seats, options, offset, rejoin_at
):
    leaks = leaks_of(game, seats, options, SEED + offset, rejoin_at)
    assert leaks == [], leaks[:5]
