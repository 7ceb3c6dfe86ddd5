"""The real server on a free port with real WebSocket clients (bots at pace 0)."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import pytest

from nove_desktop.engine.replay import parse, run
from nove_desktop.games import default_registry
from nove_desktop.net.bots import Bot, run_bot
from nove_desktop.net.client import Client
from nove_desktop.net.protocol import MAX_MESSAGE_BYTES, PROTOCOL_VERSION
from nove_desktop.net.server import GameServer, Limits

REGISTRY = default_registry()
FAST = {"window_seconds": 1.0, "ai_pace": 0.0, "away_seconds": 0.5}
SEATS = {
    "nove": ["remote", "remote", "normal"],
    "banco": ["remote", "remote"],
    "nox": ["remote", "remote", "remote", "easy"],
    "kael": ["remote", "remote", "remote"],
    "numx": ["remote", "remote", "remote", "normal"],
}


def offline(replay: dict[str, Any]) -> Any:
    parsed = parse(replay)  # the over message's replay is a replay file's JSON
    outcome = run(parsed, REGISTRY)
    return outcome.game.state_to_json(outcome.state)


async def hosted(
    server: GameServer, game: str, seats: list[str], seed: int = 3
) -> tuple[Client, str]:
    host = Client(f"ws://127.0.0.1:{server.port()}")
    await host.open()
    await host.create("Host", game, seats, seed=seed, **FAST)
    welcome = await host.receive()
    assert welcome["type"] == "welcome" and welcome["seat"] == 0
    return host, welcome["room"]


async def whole_game(server: GameServer, game: str) -> None:
    seats = SEATS[game]
    host, code = await hosted(server, game, seats)
    room = server.rooms[code]  # kept: the server closes it once everyone has left
    url = f"ws://127.0.0.1:{server.port()}"
    others = [
        run_bot(url, REGISTRY, room=code, name=f"Bot {i}", seed=i)
        for i in range(1, sum(kind == "remote" for kind in seats))
    ]
    reports = await asyncio.wait_for(
        asyncio.gather(Bot(host, REGISTRY, seed=0).play(), *others), timeout=60
    )
    await host.close()
    overs = [report.over for report in reports if report.over is not None]
    assert len(overs) == len(reports)
    replay = overs[0]["replay"]
    assert all(over["replay"] == replay for over in overs)
    assert not [report.errors for report in reports if report.errors]
    assert room.session is not None and room.session.over
    assert room.session.game.state_to_json(room.session.state) == offline(replay)
    assert overs[0]["result"] == room.session.game.result(room.session.state).to_json()


def serving(test: Any, limits: Limits | None = None) -> None:
    async def main() -> None:
        server = GameServer(
            REGISTRY, None, limits or Limits(rate=10_000.0, burst=10_000.0), allow_seeds=True
        )
        await server.start("127.0.0.1", 0)
        try:
            await test(server)
        finally:
            await server.stop()

    asyncio.run(main())


@pytest.mark.parametrize("game", list(SEATS))
def test_a_whole_game_of_bots_over_websockets_matches_its_offline_replay(game):
    async def test(server: GameServer) -> None:
        await whole_game(server, game)

    serving(test)


def test_a_killed_client_rejoins_with_its_token_and_the_game_finishes(caplog):
    caplog.set_level(logging.INFO, logger="nove_desktop.net")

    async def test(server: GameServer) -> None:
        host, code = await hosted(server, "nove", ["remote", "remote", "normal"])
        url = f"ws://127.0.0.1:{server.port()}"
        guest = Client(url)
        await guest.open()
        await guest.join(code, "Guest")
        host_bot = asyncio.create_task(Bot(host, REGISTRY).play())
        first = Bot(guest, REGISTRY, seed=1)
        await asyncio.wait_for(first.play(stop_at=10), timeout=30)
        await guest.close()  # killed mid-game
        await asyncio.sleep(0.1)
        again = Client(url)
        await again.open()
        again.room, again.token, again.seat = guest.room, guest.token, guest.seat
        await again.rejoin()
        report = await asyncio.wait_for(Bot(again, REGISTRY, seed=2, keep=True).play(), timeout=60)
        assert report.over is not None
        snapshots = [m for m in report.messages if m["type"] == "snapshot"]
        assert snapshots and snapshots[0]["events"]
        assert (await asyncio.wait_for(host_bot, timeout=30)).over is not None
        await host.close()
        await again.close()
        await asyncio.sleep(0.1)

    serving(test)
    lines = [r.getMessage() for r in caplog.records if r.getMessage().startswith("room ")]
    for event in ("created by", "joined", "started", "away", "returned", "ended", "closed"):
        assert len([line for line in lines if event in line]) == 1, (event, lines)


def test_garbage_oversized_and_out_of_order_messages_get_errors_and_other_rooms_play_on():
    async def test(server: GameServer) -> None:
        url = f"ws://127.0.0.1:{server.port()}"
        game = asyncio.create_task(whole_game(server, "banco"))
        rogue = Client(url)
        await rogue.open()
        assert rogue.connection is not None
        for raw in ("not json", "[1]", json.dumps({"type": "fly"}), "x" * (MAX_MESSAGE_BYTES + 1)):
            await rogue.connection.send(raw)
            reply = await rogue.receive()
            assert reply["type"] == "error", raw[:20]
        await rogue.send({"type": "act", "position": 0, "action": {"type": "pass"}})
        assert (await rogue.receive())["code"] == "not_in_room"
        await rogue.send(
            {"type": "join", "version": PROTOCOL_VERSION, "room": "ZZZZZ", "name": "R"}
        )
        assert (await rogue.receive())["code"] == "no_room"
        await rogue.send({"type": "ping"})
        assert (await rogue.receive())["type"] == "pong"  # the connection was kept
        await rogue.close()
        await asyncio.wait_for(game, timeout=60)

    serving(test)


def test_rate_and_room_limits():
    async def test(server: GameServer) -> None:
        url = f"ws://127.0.0.1:{server.port()}"
        client = Client(url)
        await client.open()
        for _ in range(10):  # a burst of 3, then 1 a second: at least 6 are refused
            await client.send({"type": "ping"})
        replies = [await client.receive() for _ in range(10)]
        assert [r["type"] for r in replies].count("error") >= 1
        assert replies[0]["type"] == "pong" and replies[-1]["type"] in ("pong", "error")
        await client.close()
        hosts = []  # the first stays connected: its room stays open
        for expected in ("welcome", "error"):
            host = Client(url)
            hosts.append(host)
            await host.open()
            await host.create("H", "nove", ["remote", "normal"])
            reply = await host.receive()
            assert reply["type"] == expected
            if expected == "error":
                assert reply["code"] == "too_many_rooms"
        for host in hosts:
            await host.close()

    serving(test, Limits(rate=1.0, burst=3.0, rooms_per_address=1))


def test_the_thread_client_never_blocks_and_rejoins_with_its_token_after_a_drop():
    from nove_desktop.net.client import ThreadClient

    async def until(client: ThreadClient, kind: str, seen: list[dict[str, Any]]) -> dict[str, Any]:
        for _ in range(500):
            seen += client.poll()  # returns at once, with whatever has arrived
            found = [i for i, m in enumerate(seen) if m["type"] == kind]
            if found:
                message = seen[found[0]]
                del seen[: found[0] + 1]  # what came after it is still to be read
                return message
            await asyncio.sleep(0.01)
        raise AssertionError(f"no {kind} came")

    async def test(server: GameServer) -> None:
        client = ThreadClient(f"ws://127.0.0.1:{server.port()}")
        create = {
            "type": "create",
            "version": PROTOCOL_VERSION,
            "name": "Ada",
            "game": "nove",
            "seats": ["remote", "normal"],
            "seed": 1,
            **FAST,
        }
        client.start(create)
        seen: list[dict[str, Any]] = []
        welcome = await until(client, "welcome", seen)
        client.send({"type": "ready", "ready": True})
        client.send({"type": "start"})
        first = await until(client, "snapshot", seen)
        assert first["position"] == 0
        token = client.token
        for connection in list(server.connections.values()):
            await connection.close()  # the network drops
        again = await until(client, "welcome", seen)
        assert again["seat"] == welcome["seat"] and client.token == token
        snapshot = await until(client, "snapshot", seen)
        assert snapshot["events"] and client.status == "connected"
        other = Client(f"ws://127.0.0.1:{server.port()}")  # the same player on another computer
        await other.open()
        other.room, other.token = welcome["room"], token
        await other.rejoin()
        closed = await until(client, "closed", seen)
        assert closed["reason"] == "replaced"
        for _ in range(200):
            if client.status == "closed":
                break
            await asyncio.sleep(0.01)
        assert client.status == "closed"  # it does not take the seat back
        assert (await other.receive())["type"] == "welcome"
        await other.close()
        await asyncio.to_thread(client.close)

    serving(test)


def test_a_hard_seat_searches_off_the_event_loop_and_the_game_matches_its_replay(monkeypatch):
    import threading

    from nove_desktop.net import room as room_module

    threads: set[str] = set()
    real = room_module.decide

    def watched(request: Any) -> Any:
        threads.add(threading.current_thread().name)
        return real(request)

    monkeypatch.setattr(room_module, "decide", watched)
    monkeypatch.setitem(SEATS, "nove", ["remote", "hard"])

    async def test(server: GameServer) -> None:
        await whole_game(server, "nove")

    serving(test)
    assert threads and threading.main_thread().name not in threads
