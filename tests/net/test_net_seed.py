"""A room's seed is never a player's: a server refuses ``create``'s ``seed`` unless it was
started for tests and benchmarks (``allow_seeds``), and deals each game from its own seed."""

from __future__ import annotations

import asyncio
from typing import Any

from nove_desktop.games import default_registry
from nove_desktop.net.client import Client
from nove_desktop.net.server import GameServer

REGISTRY = default_registry()


async def create(server: GameServer, **extra: Any) -> dict[str, Any]:
    client = Client(f"ws://127.0.0.1:{server.port()}")
    await client.open()
    try:
        await client.create("Ada", "banco", ["remote", "normal"], **extra)
        return await asyncio.wait_for(client.receive(), timeout=10)
    finally:
        await client.close()


def answers(allow_seeds: bool, **extra: Any) -> tuple[dict[str, Any], list[int]]:
    async def main() -> tuple[dict[str, Any], list[int]]:
        server = GameServer(REGISTRY, allow_seeds=allow_seeds)
        await server.start("127.0.0.1", 0)
        try:
            answer = await create(server, **extra)
            return answer, [room.seed_policy or 0 for room in server.rooms.values()]
        finally:
            await server.stop()

    return asyncio.run(main())


def test_a_chosen_seed_is_refused_by_a_server_people_play_on():
    answer, policies = answers(False, seed=1234)
    assert answer["type"] == "error" and answer["code"] == "bad_options"
    assert "--allow-seeds" in answer["message"]
    assert policies == []  # no room was opened


def test_without_a_seed_the_room_opens_and_a_test_server_accepts_one():
    answer, _ = answers(False)
    assert answer["type"] == "welcome"
    answer, policies = answers(True, seed=1234)
    assert answer["type"] == "welcome" and policies == [1234]
