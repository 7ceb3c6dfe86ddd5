"""A table played against a real server: the real table scene (headless) with a RemoteSession
for one person's seat, the other seats bots (or the server's AI), a real websockets server on a
free port in a thread. Whole games of the five games to their end; what the server ended with
is an offline replay of the same actions; the move log is an offline table's for that seat;
the windows' countdowns come from the server's clock; a dropped bot is shown reconnecting, then
played by an AI; the result, the statistics and the replay are kept at the end."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest
from table_helpers import FRAME, QUICK_OPTIONS, game_over, make_app, reset, run_until

from nove_desktop.engine.events import events_for_seat
from nove_desktop.engine.replay import parse, run
from nove_desktop.games import default_registry
from nove_desktop.net.bots import Bot, run_bot
from nove_desktop.net.client import Client, ThreadClient
from nove_desktop.net.protocol import PROTOCOL_VERSION
from nove_desktop.net.remote import RemoteSession, open_remote_table
from nove_desktop.net.server import GameServer, Limits
from nove_desktop.ui.table import hud
from nove_desktop.ui.table.basics import LOG_LINES
from nove_desktop.ui.table.scene import TableScene

REGISTRY = default_registry()
SEATS = {  # seat 0 is the person at the table
    "nove": ["remote", "remote", "normal"],
    "banco": ["remote", "remote"],
    "nox": ["remote", "remote", "easy"],
    "kael": ["remote", "remote", "normal"],
    "numx": ["remote", "remote", "normal"],
}
WINDOW_SECONDS = 8.0  # not the table's own setting (3 s): a countdown of more came from the server


class Served:
    """A GameServer running in its own thread's event loop."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        limits = Limits(rate=10_000.0, burst=10_000.0, rooms_per_address=100)
        self.server = GameServer(REGISTRY, None, limits, allow_seeds=True)
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.call(self.server.start("127.0.0.1", 0))
        self.url = f"ws://127.0.0.1:{self.server.port()}"

    def call(self, coroutine: Any, timeout: float = 30) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def bot(self, code: str, index: int, stop_at: int | None = None) -> Any:
        """A bot joining room ``code`` (a future of its report); with ``stop_at`` its
        connection drops once the game reaches that position."""
        name = f"Bot {index}"
        if stop_at is None:
            coroutine = run_bot(self.url, REGISTRY, room=code, name=name, seed=index)
        else:
            coroutine = self.dropping(code, name, index, stop_at)
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop)

    async def dropping(self, code: str, name: str, seed: int, stop_at: int) -> Any:
        client = Client(self.url)
        await client.open()
        await client.join(code, name)
        try:
            return await Bot(client, REGISTRY, seed=seed).play(stop_at=stop_at)
        finally:
            await client.close()

    def close(self) -> None:
        self.call(self.server.stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    served = Served()
    yield served
    served.close()


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = make_app(tmp_path_factory.mktemp("remote_table"))
    yield application
    pygame.quit()


@pytest.fixture(autouse=True)
def fresh(app):
    reset(app)
    app._resized(1280, 720)
    yield
    app.toasts.clear()
    app.stack.push(app.scenes.make("title"))


def wait_for(app, done: Callable[[], bool], frames: int = 10_000) -> None:
    """Step frames (each waits a little for the network thread) until ``done``."""
    for _ in range(frames):
        if done():
            return
        app.step([], FRAME)
        threading.Event().wait(0.002)
    raise AssertionError("the server did not answer in time")


def start_room(
    app, served: Served, game_id: str, seed: int = 3, away: float = 30.0, **bot: Any
) -> tuple[ThreadClient, str, list[Any]]:
    """The person creates the room, bots take the other remote seats, the game starts; the
    table opens from the snapshot as the lobby scene would open it."""
    kinds = SEATS[game_id]
    client = ThreadClient(served.url)
    client.start(
        {
            "type": "create",
            "version": PROTOCOL_VERSION,
            "name": "Ana",
            "game": game_id,
            "seats": kinds,
            "seed": seed,
            "options": QUICK_OPTIONS[game_id],
            "window_seconds": WINDOW_SECONDS,
            "ai_pace": 0.0,
            "away_seconds": away,
        }
    )
    wait_for(app, lambda: bool(client.poll()) and client.lobby is not None)
    assert client.lobby is not None
    code = client.lobby["room"]
    bots = [served.bot(code, i, **bot) for i in range(1, kinds.count("remote"))]
    sent: set[str] = set()
    snapshot: list[dict[str, Any]] = []

    def started() -> bool:
        for message in client.poll(stop_at="snapshot"):  # the moves after it are the table's
            if message["type"] == "snapshot":
                snapshot.append(message)
            elif message["type"] == "lobby" and message["can_start"] and "start" not in sent:
                sent.add("start")
                client.send({"type": "start"})
        if "ready" not in sent:
            sent.add("ready")
            client.send({"type": "ready", "ready": True})
        return bool(snapshot)

    wait_for(app, started)
    open_remote_table(app, client, snapshot[0])
    return client, code, bots


def play_to_the_end(app) -> TableScene:
    table = app.stack.top
    assert isinstance(table, TableScene) and isinstance(table.session, RemoteSession)

    def over(app) -> bool:
        threading.Event().wait(0.001)  # the network thread's turn
        return game_over(app)

    run_until(app, over, limit=200_000)
    return table


def offline_events(replay: dict[str, Any]) -> Any:
    parsed = parse(replay)  # the over message's replay is a replay file's JSON
    return run(parsed, REGISTRY, keep_events=True)


@pytest.mark.parametrize("game_id", list(SEATS))
def test_a_whole_game_against_the_server_plays_as_offline(app, served, game_id):
    client, code, bots = start_room(app, served, game_id)
    try:
        room = served.server.rooms[code]
        table = play_to_the_end(app)
        session = table.session
        assert isinstance(session, RemoteSession)
        assert session.seed == code and f"Room {code}" in table.hud_text()  # not the seed
        replay = session.final_replay()
        assert replay is not None
        for bot in bots:
            assert bot.result(timeout=30).over["replay"] == replay
        # The server's final state is the offline replay's, built from the actions alone.
        outcome = offline_events(replay)
        assert room.session is not None
        assert room.session.game.state_to_json(room.session.state) == outcome.game.state_to_json(
            outcome.state
        )
        # The move log is an offline table's for seat 0: every event, censored for that seat.
        expected = [table.describe_event(e) for e in events_for_seat(outcome.events, 0)]
        assert table.log == [line for line in expected if line][-LOG_LINES:] and table.log
        # The result as the server gave it, counted in the statistics; the replay kept.
        assert table.scores == list(outcome.game.result(outcome.state).scores)
        stats, _problem = app.storage.load_statistics()
        assert stats[game_id].player(table.names[0]).played >= 1
        kept = app.storage.root / "replays" / f"{game_id}-{replay['seed']}.json"
        assert json.loads(kept.read_text()) == replay
        # A move that crossed another seat's on the way is refused as stale and asked again.
        assert all(error["code"] == "stale" for error in session.errors)
    finally:
        client.close()


def test_the_window_countdown_is_the_servers(app, served):
    """Kaël's cut: the table's countdown starts from the server's seconds left (8 s there,
    3 s in this table's own setting)."""
    client, _code, _bots = start_room(app, served, "kael", seed=5)
    try:
        seen: list[float] = []

        def human(app, table) -> None:
            moment = table.moment
            if moment is not None and moment.moment.public and moment.countdown.seconds:
                seen.append(moment.countdown.seconds)
            seat = table.session.to_act()
            if 0 in seat:
                table.act(table.session.legal(0)[0], 0)

        def done(app) -> bool:
            threading.Event().wait(0.001)
            return bool(seen) or game_over(app)

        run_until(app, done, limit=100_000, human=human)
        assert seen and 3.5 < seen[0] <= WINDOW_SECONDS
    finally:
        client.close()


def test_a_dropped_bot_is_shown_reconnecting_then_played_by_an_ai(app, served):
    client, _code, bots = start_room(app, served, "nove", seed=4, away=0.5, stop_at=3)
    try:
        table = app.stack.top
        notes: list[str] = []

        def done(app) -> bool:
            threading.Event().wait(0.001)
            notes.extend(n for n in hud.seat_notes(table) if n not in notes)
            return game_over(app) or len(notes) >= 2

        run_until(app, done, limit=200_000)
        name = table.names[1]
        assert notes[:2] == [f"{name}: reconnecting...", f"AI plays for {name}"]
        surface = pygame.Surface((1280, 720))
        table.draw(surface)  # the notes are drawn (no error), the game goes on to its end
        play_to_the_end(app)
        assert bots[0].result(timeout=30).over is None  # it left at position 3
    finally:
        client.close()


def test_play_again_closes_the_table_back_to_the_room_and_the_server_opens_its_lobby(app, served):
    client, code, _bots = start_room(app, served, "banco", seed=8)
    try:
        table = play_to_the_end(app)
        # The scene under the table (the room's lobby scene online; the title here).
        under = next(scene for scene in app.stack if scene is not table)
        table.play_again()
        assert table not in list(app.stack) and app.stack.top is under
        lobbies: list[dict[str, Any]] = []

        def lobby_back() -> bool:
            lobbies.extend(m for m in client.poll() if m["type"] == "lobby")
            return bool(lobbies)

        wait_for(app, lobby_back)
        assert lobbies[-1]["room"] == code and lobbies[-1]["games"] >= 1
    finally:
        client.close()


def test_the_table_rejoins_after_its_connection_drops_and_its_log_stays_whole(app, served):
    """The server drops the person's connection mid-game: the client rejoins with its token,
    the snapshot's events already shown are not played twice, and the game ends as offline."""
    client, code, _bots = start_room(app, served, "nove", seed=6)
    try:
        room = served.server.rooms[code]
        table = app.stack.top
        assert isinstance(table, TableScene)
        table.ask_leave()  # nothing is saved here: the player is told what leaving does
        assert "until you rejoin" in getattr(app.stack.top, "detail", "")
        app.stack.pop()
        dropped: list[str] = []

        def drop_once(app) -> bool:
            threading.Event().wait(0.001)
            seat = room.seats[0]
            if not dropped and table.session.position >= 4 and seat.client is not None:
                dropped.append(seat.client)
                served.call(served.server.connections[seat.client].close())
            return game_over(app)

        run_until(app, drop_once, limit=200_000)
        assert dropped and room.seats[0].client not in (None, dropped[0])  # back, elsewhere
        replay = table.session.final_replay()
        assert replay is not None
        outcome = offline_events(replay)
        expected = [table.describe_event(e) for e in events_for_seat(outcome.events, 0)]
        assert table.log == [line for line in expected if line][-LOG_LINES:]
    finally:
        client.close()
