"""`nove-desktop serve` as a real process: SIGTERM mid-game saves the room, a restart restores
it, the players rejoin with their tokens and the game finishes as an offline replay says."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from nove_desktop import cli
from nove_desktop.engine.replay import parse, run
from nove_desktop.games import default_registry
from nove_desktop.net.bots import Bot
from nove_desktop.net.client import Client
from nove_desktop.net.server import GameServer, tls_context

REGISTRY = default_registry()
ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(data: Path, port: int) -> subprocess.Popen[str]:
    env = {**os.environ, "NOVE_DESKTOP_DATA": str(data), "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-m", "nove_desktop", "serve", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stderr is not None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = process.stderr.readline()
        if "serving on" in line:
            # Keep reading its log, so that a full pipe can never stop the server.
            threading.Thread(target=process.stderr.read, daemon=True).start()
            return process
    process.kill()
    raise AssertionError("the server did not start")


def test_a_server_stopped_with_sigterm_mid_game_resumes_the_room_after_a_restart(tmp_path):
    port = free_port()
    url = f"ws://127.0.0.1:{port}"
    first = start_server(tmp_path, port)
    clients: list[Client] = []

    async def begin() -> str:
        host = Client(url)
        await host.open()
        await host.create("Ada", "banco", ["remote", "remote"], ai_pace=0.0)
        code = str((await host.receive())["room"])
        guest = Client(url)
        await guest.open()
        await guest.join(code, "Bruno")
        clients.extend([host, guest])
        await asyncio.wait_for(
            asyncio.gather(
                Bot(host, REGISTRY).play(stop_at=12), Bot(guest, REGISTRY, seed=1).play(stop_at=12)
            ),
            timeout=30,
        )
        for client in clients:
            await client.close()  # the players' apps go away with the server
        return code

    try:
        code = asyncio.run(begin())
        first.send_signal(signal.SIGTERM)
        assert first.wait(timeout=30) == 0
    finally:
        first.kill()
    saved = tmp_path / "rooms" / f"{code}.json"
    assert saved.is_file()

    second = start_server(tmp_path, port)

    async def finish() -> list[dict]:
        bots = []
        bots_clients = []
        for number, old in enumerate(clients):
            again = Client(url)
            await again.open()
            again.room, again.token, again.seat = old.room, old.token, old.seat
            await again.rejoin()
            bots_clients.append(again)
            bots.append(Bot(again, REGISTRY, seed=10 + number).play())
        reports = await asyncio.wait_for(asyncio.gather(*bots), timeout=60)
        for bot in bots_clients:
            await bot.close()
        return [report.over for report in reports if report.over is not None]

    try:
        overs = asyncio.run(finish())
    finally:
        second.send_signal(signal.SIGTERM)
        second.wait(timeout=30)
    assert len(overs) == 2
    data = overs[0]["replay"]
    replay = parse(data)  # the over message's replay is a replay file's JSON
    outcome = run(replay, REGISTRY)
    assert outcome.result.over and outcome.result.to_json() == overs[0]["result"]
    assert len(data["actions"]) > 12


def test_serve_refuses_a_key_without_a_certificate_and_a_bad_port(tmp_path, capsys):

    assert cli.main(["serve", "--keyfile", str(tmp_path / "k.pem")]) == 2
    assert "--keyfile needs --certfile" in capsys.readouterr().err
    assert cli.main(["serve", "--port", "70000"]) == 2
    assert "--port" in capsys.readouterr().err
    assert cli.main(["serve", "--certfile", str(tmp_path / "missing.pem")]) == 2
    assert "certificate" in capsys.readouterr().err


def test_tls_with_certfile_and_keyfile_serves_wss(tmp_path):

    if shutil.which("openssl") is None:
        pytest.skip("openssl is needed to make a test certificate")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=localhost",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
    )

    async def main() -> dict:
        server = GameServer(REGISTRY)
        await server.start("127.0.0.1", 0, tls_context(str(cert), str(key)))
        try:
            trust = ssl.create_default_context(cafile=str(cert))
            trust.check_hostname = False
            async with connect(f"wss://127.0.0.1:{server.port()}", ssl=trust) as ws:
                await ws.send('{"type": "ping"}')

                return dict(json.loads(await ws.recv()))
        finally:
            await server.stop()

    assert asyncio.run(main()) == {"type": "pong"}


def test_a_room_file_that_cannot_be_read_is_set_aside_and_the_others_restored(tmp_path):
    rooms = tmp_path / "rooms"
    rooms.mkdir()
    (rooms / "AAAAA.json").write_text("{not json", encoding="utf-8")
    (rooms / "BBBBB.json").write_text(
        '{"format": "nove-desktop-room", "version": 9}', encoding="utf-8"
    )
    good = {
        "format": "nove-desktop-room",
        "version": 1,
        "code": "CCCCC",
        "game": "nove",
        "options": {},
        "seed_policy": 3,
        "games": 0,
        "seed": 0,
        "actions": None,
        "settings": {"window_seconds": 5.0, "ai_pace": 1.0, "away_seconds": 30.0},
        "seats": [
            {"kind": "remote", "name": "Ada", "token": "t" * 24, "ready": True},
            {"kind": "normal", "name": "", "token": None, "ready": False},
        ],
    }
    (rooms / "CCCCC.json").write_text(json.dumps(good), encoding="utf-8")
    server = GameServer(REGISTRY, rooms)
    server.restore()
    assert list(server.rooms) == ["CCCCC"]
    assert sorted(p.name for p in rooms.iterdir()) == ["AAAAA.bad", "BBBBB.bad"]
