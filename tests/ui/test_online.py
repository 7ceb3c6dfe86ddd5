"""Play online, headless and by keyboard: host a game on the embedded server (a bot joins),
join by address + room code, the refusals in the player's words, the seat token kept for
"Rejoin" after the app was killed. The remote table is the remote-session part's: here
``nove_desktop.net.remote.open_remote_table`` is replaced by a recorder, so the tests follow the
game up to the moment its snapshot reaches the lobby."""

import asyncio
import os
import threading
import time
import types

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest
from screen_watch import FontsRecorder

from nove_desktop.games import default_registry
from nove_desktop.net.bots import run_bot
from nove_desktop.net.client import ThreadClient
from nove_desktop.net.discovery import FoundGame
from nove_desktop.net.embedded import EmbeddedServer
from nove_desktop.net.protocol import PROTOCOL_VERSION
from nove_desktop.net.server import Limits
from nove_desktop.storage import Storage
from nove_desktop.ui import online_words
from nove_desktop.ui.app import App
from nove_desktop.ui.scenes import join as join_module
from nove_desktop.ui.scenes import lobby as lobby_module
from nove_desktop.ui.scenes import online as online_module

FRAME = 1 / 60
FAST = {"window_seconds": 1.0, "ai_pace": 0.0, "away_seconds": 60.0}
REGISTRY = default_registry()


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = App(storage=Storage(tmp_path_factory.mktemp("data")), size=(1280, 720))
    yield application
    while len(application.stack):
        application.stack.pop()
    pygame.quit()


@pytest.fixture(scope="module")
def server():
    """A server on a free loopback port for the join tests (the host test starts its own); every
    bot connects from 127.0.0.1, so its limit of rooms per address is raised."""
    limits = Limits(rooms_per_address=100)
    embedded = EmbeddedServer(REGISTRY, host="127.0.0.1", port=None, limits=limits)
    embedded.start()
    assert embedded.wait_ready(10) and embedded.port
    yield embedded
    embedded.stop(wait=True)


class Tables:
    """Stands in for ``open_remote_table``: records each call."""

    def __init__(self) -> None:
        self.calls: list[tuple[object, object, dict]] = []

    def open_remote_table(self, app, client, snapshot) -> None:
        self.calls.append((app, client, snapshot))


class Announces:
    def __init__(self) -> None:
        self.made: list[tuple] = []
        self.free: list[int] = []

    def __call__(self, game, room, host, port, free):
        self.made.append((game, room, host, port, free))
        recorder = self

        class Announce:
            def update(self, free: int) -> None:
                recorder.free.append(free)

            def close(self) -> None:
                recorder.free.append(-1)

        return Announce()


@pytest.fixture(autouse=True)
def clean(app, monkeypatch, tmp_path):
    """An empty stack, a fresh data folder, a recorded remote table, no real announce."""
    while len(app.stack):
        app.stack.pop()
    app._resized(1280, 720)
    monkeypatch.setattr(app, "storage", Storage(tmp_path / "data"))
    tables = Tables()
    remote = types.ModuleType("nove_desktop.net.remote")
    setattr(remote, "open_remote_table", lambda *args: tables.open_remote_table(*args))  # noqa: B010
    monkeypatch.setattr(lobby_module, "remote", remote)
    announces = Announces()
    monkeypatch.setattr(lobby_module, "Announcer", announces)
    app.tables, app.announces = tables, announces
    yield
    while len(app.stack):
        app.stack.pop()


def key(app, name, mod=0):
    app.step([pygame.event.Event(pygame.KEYDOWN, key=name, mod=mod, unicode="", scancode=0)], FRAME)


def type_text(app, text):
    app.step([pygame.event.Event(pygame.TEXTINPUT, text=c) for c in text], FRAME)


def clear_field(app, field):
    for _ in field.text:
        key(app, pygame.K_BACKSPACE)


def pump(app, done, seconds=10.0):
    """Frames until ``done()`` (the network answers in its own threads)."""
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "the network did not answer in time"
        app.step([], FRAME)
        time.sleep(0.005)


def bot(url, **kwargs):
    """A bot client in its own thread (it plays its seat through the protocol)."""
    report: dict = {}

    def run():
        try:
            report["done"] = asyncio.run(run_bot(url, REGISTRY, **kwargs))
        except Exception as exc:  # the test's server stops under it at the end
            report["error"] = exc

    threading.Thread(target=run, daemon=True).start()
    return report


def room_codes(server):
    return set(server._server.rooms) if server._server else set()


def hosted_by_bot(server, seats):
    """A room created by a bot host (it readies and starts when it can): its code."""
    before = room_codes(server)
    url = f"ws://127.0.0.1:{server.port}"
    bot(url, create={"game": "banco", "seats": seats, **FAST}, name="Ada", seed=1)
    end = time.monotonic() + 10
    while room_codes(server) == before:
        assert time.monotonic() < end
        time.sleep(0.01)
    return (room_codes(server) - before).pop()


def join_by_keyboard(app, address, code, name="Bruno"):
    """Title -> Play online -> Join a game -> name, address, code -> Join, all by keyboard."""
    app.scenes.push("title")
    app.step([], FRAME)
    key(app, pygame.K_DOWN)  # New game -> Play online
    key(app, pygame.K_RETURN)
    key(app, pygame.K_DOWN)  # Host a game -> Join a game
    monkey_browse_off(app)
    key(app, pygame.K_RETURN)
    scene = app.stack.top
    assert scene.name == "join" and scene.focus.focused is scene.address
    key(app, pygame.K_UP)  # the name
    clear_field(app, scene.name_field)
    type_text(app, name)
    key(app, pygame.K_DOWN)
    type_text(app, address)
    key(app, pygame.K_DOWN)
    type_text(app, code.lower())  # typed in small letters: read as the code
    key(app, pygame.K_DOWN)
    assert scene.focus.focused is scene.join_button
    key(app, pygame.K_RETURN)
    return scene


def monkey_browse_off(app):
    """The Join page's zeroconf browser is tested on its own (tests/net/test_net_discovery.py)."""
    app.scenes._known = None
    real = app.scenes.make

    def make(name, **options):
        if name == "join":
            options.setdefault("browse", False)
        return real(name, **options)

    app.scenes.make = make


@pytest.fixture(autouse=True)
def _restore_make(app):
    yield
    app.scenes.__dict__.pop("make", None)


# -- hosting --------------------------------------------------------------------------------------
def test_host_a_game_a_bot_joins_ready_start_the_snapshot_reaches_the_lobby(app, monkeypatch):
    texts: list[str] = []
    app.art.text_cache.clear()
    monkeypatch.setattr(app, "fonts", FontsRecorder(app.fonts, texts))
    servers = []

    def loopback_server(registry):  # a free port on loopback: tests run side by side
        servers.append(EmbeddedServer(registry, host="127.0.0.1", port=None))
        return servers[-1]

    monkeypatch.setattr(online_module, "EmbeddedServer", loopback_server)
    app.scenes.push("title")
    app.step([], FRAME)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Play online
    key(app, pygame.K_RETURN)  # Host a game
    host = app.stack.top
    assert host.name == "host" and host.focus.focused is host.open_button
    host.game.set_value("banco")
    host._game_changed()
    assert [k.value for k in host.kinds if k.visible] == ["remote"]
    chips = host.options["starting_chips"]
    default = chips.value
    host.focus.focus(chips)
    key(app, pygame.K_RIGHT)  # a game option other than its default, by keyboard
    chosen = chips.value
    assert chosen != default
    host.focus.focus(host.open_button)
    key(app, pygame.K_RETURN)  # Open the room
    lobby = app.stack.top
    assert lobby.name == "lobby"
    pump(app, lambda: lobby.lobby is not None)
    server = servers[0]
    assert lobby.room and lobby.is_host and lobby.start.visible and not lobby.start.enabled
    assert app.announces.made == [("banco", lobby.room, "Player", server.port, 1)]
    assert lobby.lobby["options"]["starting_chips"] == chosen  # the room plays the host's choice

    report = bot(f"ws://127.0.0.1:{server.port}", room=lobby.room, name="Bruno", seed=2)
    pump(app, lambda: len(lobby.seats()) == 2 and lobby.seats()[1]["ready"])
    assert app.announces.free[-1] == 0  # the network is told the room is full
    assert lobby.focus.focused is lobby.ready
    key(app, pygame.K_RETURN)  # I'm ready
    pump(app, lambda: lobby.start.enabled)
    assert lobby.focus.focused is lobby.start  # the host's next move
    key(app, pygame.K_RETURN)  # Start the game
    pump(app, lambda: app.tables.calls)

    [(called_app, client, snapshot)] = app.tables.calls
    assert called_app is app and client is lobby.client
    assert snapshot["type"] == "snapshot" and snapshot["seat"] == 0 and snapshot["position"] == 0
    assert lobby in list(app.stack)  # it stays under the table ("Play again" comes back to it)
    kept = app.storage.load_online().data
    assert kept is not None and kept["token"] == client.token and kept["room"] == lobby.room
    # Nothing secret on the lobby's screen: the seat token is never drawn.
    assert texts and not any(client.token in text for text in texts)
    app.stack.remove(lobby)  # leaving stops the server
    server._thread.join(10)
    assert not server.running
    assert report.get("done") is None or report["done"].errors == []


# -- joining --------------------------------------------------------------------------------------
def test_join_by_address_and_code_then_rejoin_after_the_app_was_killed(app, server, tmp_path):
    code = hosted_by_bot(server, ["remote", "remote"])
    join_by_keyboard(app, f"127.0.0.1:{server.port}", code)
    lobby = app.stack.top
    assert lobby.name == "lobby"
    pump(app, lambda: lobby.lobby is not None)
    assert not lobby.start.visible  # only the host starts
    assert [s["name"] for s in lobby.seats()] == ["Ada", "Bruno"]
    key(app, pygame.K_RETURN)  # I'm ready: the bot host starts
    pump(app, lambda: app.tables.calls)
    token = app.tables.calls[0][1].token
    lobby.client = None  # the app is killed: no goodbye reaches the server
    while len(app.stack):
        app.stack.pop()

    # The next start: a fresh storage object on the same folder, the title screen.
    app.storage = Storage(app.storage.root)
    title = app.scenes.push("title")
    app.step([], FRAME)
    assert title.rejoin_button.visible and title.focus.focused is title.rejoin_button
    assert "Nove (banco)" in title.rejoin_button.label
    key(app, pygame.K_RETURN)
    pump(app, lambda: len(app.tables.calls) == 2)
    snapshot = app.tables.calls[1][2]
    assert snapshot["type"] == "snapshot" and snapshot["seat"] == 1
    assert app.tables.calls[1][1].token == token  # the same seat, taken back


def test_back_from_the_table_the_lobby_forgets_the_token_and_asks_for_a_fresh_lobby(app, server):
    code = hosted_by_bot(server, ["remote", "remote"])
    join_by_keyboard(app, f"127.0.0.1:{server.port}", code)
    lobby = app.stack.top
    pump(app, lambda: lobby.lobby is not None)
    app.tables.open_remote_table = lambda a, client, snapshot: a.scenes.push("about")
    key(app, pygame.K_RETURN)  # ready: the bot host starts, the "table" opens over the lobby
    pump(app, lambda: app.stack.top is not lobby)
    assert app.storage.load_online().data is not None
    sent: list[dict] = []
    lobby.client.send = sent.append
    app.stack.pop()  # the table closes itself (after "Play again", or the game left)
    assert app.stack.top is lobby and lobby.problem is None
    assert app.storage.load_online().data is None
    assert sent == [{"type": "ready", "ready": False}]


def test_rejoin_a_room_that_is_gone_says_so_and_forgets_the_token(app, server):
    app.storage.save_online(f"127.0.0.1:{server.port}", "ZZZZZ", "t" * 24, "nove", "Bruno")
    title = app.scenes.push("title")
    app.step([], FRAME)
    key(app, pygame.K_RETURN)  # Rejoin (focused)
    lobby = app.stack.top
    pump(app, lambda: lobby.problem is not None)
    assert lobby.problem == online_words.refusal("bad_token")
    assert app.storage.load_online().data is None
    key(app, pygame.K_RETURN)  # Back (the only button left)
    assert app.stack.top is title and not title.rejoin_button.visible


def refused(app, address, code):
    join_by_keyboard(app, address, code)
    lobby = app.stack.top
    assert lobby.name == "lobby"
    pump(app, lambda: lobby.problem is not None)
    app.step([], FRAME)
    return lobby.problem


def test_a_wrong_code_a_full_room_a_started_game_and_no_server_are_told(app, server):
    assert refused(app, f"127.0.0.1:{server.port}", "ZZZZZ") == online_words.refusal("no_room")
    full = hosted_by_bot(server, ["remote", "remote"])
    sitting = ThreadClient(f"ws://127.0.0.1:{server.port}")  # takes the last seat, never ready
    sitting.start({"type": "join", "version": PROTOCOL_VERSION, "room": full, "name": "Cleo"})
    end = time.monotonic() + 10
    while sitting.token is None:
        assert time.monotonic() < end
        time.sleep(0.01)
    assert refused(app, f"127.0.0.1:{server.port}", full) == online_words.refusal("room_full")
    sitting.close()
    started = hosted_by_bot(server, ["remote", "remote"])
    # A player who readies and then never plays: the game starts and cannot end meanwhile.
    idle = ThreadClient(f"ws://127.0.0.1:{server.port}")
    idle.start({"type": "join", "version": PROTOCOL_VERSION, "room": started, "name": "Cleo"})
    end = time.monotonic() + 10
    while idle.token is None:
        assert time.monotonic() < end
        time.sleep(0.01)
    idle.send({"type": "ready", "ready": True})
    while server._server.rooms[started].session is None:
        assert time.monotonic() < end
        time.sleep(0.01)
    assert refused(app, f"127.0.0.1:{server.port}", started) == online_words.refusal("wrong_phase")
    idle.close()
    closed_port = free_port()
    address = online_words.parse_address(f"127.0.0.1:{closed_port}")
    assert refused(app, f"127.0.0.1:{closed_port}", "K7P2Q") == online_words.no_server(address)


def test_another_protocol_version_is_told(app, server, monkeypatch):
    monkeypatch.setattr(join_module, "PROTOCOL_VERSION", 99)
    code = hosted_by_bot(server, ["remote", "remote"])
    assert refused(app, f"127.0.0.1:{server.port}", code) == online_words.refusal("version")


def test_what_is_typed_is_checked_before_any_connection(app):
    join = join_by_keyboard(app, "", "K7P2Q")
    assert app.stack.top is join  # no lobby: the address is missing
    assert join.focus.focused is join.address
    assert app.toasts[-1].text == "Type the host's address, such as 192.168.1.20."
    join.address.text = "127.0.0.1:99999"
    join.join_typed()
    assert "port" in app.toasts[-1].text
    join.address.text, join.code.text = "127.0.0.1", "K7"
    join.join_typed()
    assert app.toasts[-1].text == "A room code has 5 letters and digits, like K7P2Q."
    assert join.focus.focused is join.code and app.stack.top is join


def free_port():
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_an_address_where_something_else_answers_is_told_at_once(app):
    """A web server there (not a game server): told at once, not after the connect timeout."""
    import http.server

    web = http.server.HTTPServer(("127.0.0.1", 0), http.server.BaseHTTPRequestHandler)
    threading.Thread(target=web.serve_forever, daemon=True).start()
    try:
        port = web.server_address[1]
        address = online_words.parse_address(f"127.0.0.1:{port}")
        assert refused(app, f"127.0.0.1:{port}", "K7P2Q") == online_words.no_server(address)
        # Told from the client's answer, before the lobby's own timeout (counted in frames).
        assert app.stack.top.waited < lobby_module.CONNECT_SECONDS
    finally:
        web.shutdown()


def test_a_host_gone_from_under_the_lobby_is_told(app, monkeypatch):
    monkeypatch.setattr(lobby_module, "CONNECT_SECONDS", 1.0)  # counted in frames: no waiting
    gone = EmbeddedServer(REGISTRY, host="127.0.0.1", port=None)
    gone.start()
    assert gone.wait_ready(10)
    code = hosted_by_bot(gone, ["remote", "remote", "remote"])
    join_by_keyboard(app, f"127.0.0.1:{gone.port}", code)
    lobby = app.stack.top
    pump(app, lambda: lobby.lobby is not None)
    gone.stop(wait=True)  # the host's app was killed: nobody answers any more
    pump(app, lambda: lobby.lost > 0)
    pump(app, lambda: lobby.problem is not None)
    assert lobby.problem == "The connection to the room was lost."


def test_games_heard_on_the_network_are_listed_live_and_joined_with_enter(app, server):
    """The Join list follows the browser (faked here: the real one is tested in tests/net)."""
    code = hosted_by_bot(server, ["remote", "remote", "remote"])
    heard: list[FoundGame] = []

    class Heard:
        problem = None

        def games(self):
            return list(heard)

        def close(self):
            pass

    join = app.scenes.push("join", browse=False)
    join.browser = Heard()
    app.step([], FRAME)
    assert join.found_buttons == []
    heard.append(
        FoundGame("127.0.0.1", server.port, PROTOCOL_VERSION + 1, "nove", "OLDV1", "Ed", 1)
    )
    heard.append(FoundGame("127.0.0.1", server.port, PROTOCOL_VERSION, "banco", code, "Ada", 2))
    app.step([], FRAME)
    newer, found = join.found_buttons
    assert not newer.enabled and "another version" in newer.label
    assert found.enabled and found.label == f"Nove (banco) with Ada (room {code}): 2 seats free"
    join.focus.focus(found)
    key(app, pygame.K_RETURN)
    lobby = app.stack.top
    assert lobby.name == "lobby"
    pump(app, lambda: lobby.lobby is not None or lobby.problem is not None)
    assert lobby.problem is None
    assert lobby.room == code and lobby.seat == 1


# -- the real table behind the lobby --------------------------------------------------------------
def test_the_lobby_opens_the_real_table_and_a_killed_app_rejoins_it(app, server, monkeypatch):
    """No recorder: the lobby hands the snapshot to the real remote table, the moves after it
    reach the table (none swallowed by the lobby), and after a killed app "Rejoin" opens the
    table again from the room's lobby and snapshot alone (the app kept only the token)."""
    from nove_desktop.net import remote as real_remote
    from nove_desktop.ui.table.scene import TableScene

    monkeypatch.setattr(lobby_module, "remote", real_remote)
    code = hosted_by_bot(server, ["remote", "remote"])
    join_by_keyboard(app, f"127.0.0.1:{server.port}", code)
    lobby = app.stack.top
    pump(app, lambda: lobby.lobby is not None)
    key(app, pygame.K_RETURN)  # I'm ready: the bot host starts
    pump(app, lambda: isinstance(app.stack.top, TableScene))
    table = app.stack.top
    assert lobby in list(app.stack) and table.session.game.id == "banco"
    assert table.session.seed == code  # the room, never the deal's seed
    pump(app, lambda: bool(table.session.to_act()))  # the game goes on at the table
    kept = app.storage.load_online().data  # what a killed app leaves on its disk
    assert kept is not None

    lobby.client = None  # the app is killed: no goodbye reaches the server
    while len(app.stack):
        app.stack.pop()
    app.storage = Storage(app.storage.root)
    app.storage.save_online(*(kept[k] for k in ("address", "room", "token", "game", "name")))
    title = app.scenes.push("title")
    app.step([], FRAME)
    assert title.rejoin_button.visible
    key(app, pygame.K_RETURN)
    pump(app, lambda: isinstance(app.stack.top, TableScene))
    again = app.stack.top
    assert again.session.game.id == "banco" and again.session.seed == code
    assert again.session.seats == table.session.seats  # the same game, taken back
