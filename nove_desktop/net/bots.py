"""A bot client: plays one seat through the network protocol, as a remote player would.

It reads only what the server sends its seat (its view: observation, legal actions). It plays
the Normal AI when the game can read its observation back from JSON (``observation_from_json``
on the game, from the obs-json work); until then it picks among its legal actions with its own
seeded generator. ``pace`` is the seconds it waits before each move (0 for tests).
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
from typing import Any

from ..ai import DecisionRequest, decide
from ..engine.registry import Registry
from ..match import seat_seed
from .client import Client

RATE_BACKOFF = 0.2


@dataclasses.dataclass
class BotReport:
    """What a bot saw: its seat, the moves it sent, errors, the result and replay at the end."""

    seat: int | None = None
    sent: int = 0
    errors: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    over: dict[str, Any] | None = None
    messages: list[dict[str, Any]] = dataclasses.field(default_factory=list)


class Bot:
    """One seat's player. ``host`` bots start the game once every seat is ready."""

    def __init__(
        self,
        client: Client,
        registry: Registry,
        *,
        pace: float = 0.0,
        seed: int = 0,
        keep: bool = False,
    ) -> None:
        self.client = client
        self.registry = registry
        self.pace = pace
        self.rng = random.Random(seed)
        self.seed = seed
        self.report = BotReport(seat=client.seat)
        self.keep = keep  # keep every message received (tests read them)
        self.game_id = ""
        self.options: dict[str, Any] = {}
        self.answered: int | None = None
        self.lobby_game = -1
        self.last: dict[str, Any] | None = None
        self.sent: set[str] = set()

    async def play(self, stop_at: int | None = None) -> BotReport:
        """Play until the game is over (or, with ``stop_at``, until that position is seen)."""
        while True:
            message = await self.client.receive()
            if self.keep:
                self.report.messages.append(message)
            kind = message["type"]
            if kind == "welcome":
                self.report.seat = message["seat"]
            elif kind == "lobby":
                await self.lobby(message)
            elif kind in ("update", "snapshot"):
                if stop_at is not None and message["position"] >= stop_at:
                    return self.report
                await self.view(message)
            elif kind == "over":
                self.report.over = message
                return self.report
            elif kind == "error":
                await self.refused(message)
            elif kind == "closed":
                return self.report

    async def refused(self, message: dict[str, Any]) -> None:
        if message["code"] == "stale":
            return  # a move crossed an update: the next view asks again
        if message["code"] == "rate" and self.last is not None:
            await asyncio.sleep(RATE_BACKOFF)  # too fast for the server: the move again
            await self.client.send(self.last)
            return
        self.report.errors.append(message)

    async def lobby(self, message: dict[str, Any]) -> None:
        self.game_id, self.options = message["game"], message["options"]
        # Lobby messages may queue up: ready and start are each sent once per game.
        if message["games"] != self.lobby_game:
            self.lobby_game, self.sent = message["games"], set()
        seat = message["seats"][self.report.seat]
        if not seat["ready"] and "ready" not in self.sent:
            self.sent.add("ready")
            await self.client.send({"type": "ready", "ready": True})
        elif (
            message["can_start"]
            and message["host"] == self.report.seat
            and "start" not in self.sent
        ):
            self.sent.add("start")
            await self.client.send({"type": "start"})

    async def view(self, view: dict[str, Any]) -> None:
        if not view["legal"] or (view["window"] and view["window"]["answered"]):
            return
        if self.answered == view["position"] and view["window"]:
            return
        if self.pace:
            await asyncio.sleep(self.pace)
        action = self.choose(view)
        self.answered = view["position"]
        self.last = {"type": "act", "position": view["position"], "action": action}
        await self.client.send(self.last)
        self.report.sent += 1

    def choose(self, view: dict[str, Any]) -> dict[str, Any]:
        """The Normal AI's move when the observation can be read back, else a seeded pick."""
        game = self.registry.get(self.game_id) if self.game_id else None
        read = getattr(game, "observation_from_json", None)
        if game is None or read is None:
            return dict(self.rng.choice(view["legal"]))
        options = game.options_from_json({**self.options, "players": len(view["seats"])})
        legal = tuple(game.actions.from_json(a) for a in view["legal"])
        request = DecisionRequest(
            game_id=game.id,
            kind="normal",
            seed=seat_seed(self.seed, view["seat"]),
            seat=view["seat"],
            position=view["position"],
            observation=read(view["observation"]),
            legal=legal,
            sample=None,
            options=options,
        )
        return decide(request).to_json()


async def run_bot(
    url: str,
    registry: Registry,
    *,
    room: str | None = None,
    create: dict[str, Any] | None = None,
    name: str = "Bot",
    pace: float = 0.0,
    seed: int = 0,
    keep: bool = False,
) -> BotReport:
    """Connect, create (``create``: the create message's fields) or join ``room``, and play."""
    client = Client(url)
    await client.open()
    try:
        if create is not None:
            await client.create(name, **create)
        else:
            assert room is not None
            await client.join(room, name)
        return await Bot(client, registry, pace=pace, seed=seed, keep=keep).play()
    finally:
        await client.close()
