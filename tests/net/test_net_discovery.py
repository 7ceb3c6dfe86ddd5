"""Games on the local network: the TXT records (checked like anything from the network) and a
real zeroconf announce heard by a real browser on the loopback interface."""

from __future__ import annotations

import time

import pytest

from nove_desktop.net.discovery import Announcer, Browser, FoundGame, parse, properties
from nove_desktop.net.protocol import PROTOCOL_VERSION


def test_a_record_round_trips_and_holds_nothing_secret() -> None:
    record = properties("kael", "K7P2Q", "Ada", 2)
    assert set(record) == {"v", "game", "room", "host", "free"}  # no token, no seed
    wire = {k.encode(): v.encode() for k, v in record.items()}  # zeroconf gives bytes
    assert parse(wire, "192.168.1.20", 8765) == FoundGame(
        "192.168.1.20", 8765, PROTOCOL_VERSION, "kael", "K7P2Q", "Ada", 2
    )


@pytest.mark.parametrize(
    "change",
    [
        {b"v": None},
        {b"v": b"one"},
        {b"free": b"-1"},
        {b"free": b"9999999"},
        {b"room": b""},
        {b"game": b"\xff\xfe"},
        {b"host": None},
    ],
)
def test_a_malformed_record_is_ignored(change: dict) -> None:
    wire = {k.encode(): v.encode() for k, v in properties("nove", "K7P2Q", "Ada", 1).items()}
    wire.update(change)
    wire = {k: v for k, v in wire.items() if v is not None}
    assert parse(wire, "192.168.1.20", 8765) is None


def test_another_version_is_listed_as_incompatible() -> None:
    wire = {**properties("nove", "K7P2Q", "Ada", 1), "v": str(PROTOCOL_VERSION + 1)}
    found = parse(wire, "10.0.0.2", 8765)
    assert found is not None and not found.compatible


def wait_for(condition, seconds: float = 10.0) -> bool:
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            return False
        time.sleep(0.05)
    return True


def test_a_hosted_room_is_heard_updated_and_withdrawn_on_loopback() -> None:
    loopback = ["127.0.0.1"]
    browser = Browser(interfaces=loopback)
    announcer = Announcer("numx", "QW3RT", "Ada", 40123, 3, "127.0.0.1", interfaces=loopback)
    try:
        if not wait_for(lambda: browser.games() or browser.problem or announcer.problem):
            pytest.skip("multicast on loopback does not work on this machine")
        assert browser.problem is None and announcer.problem is None
        assert browser.games() == [
            FoundGame("127.0.0.1", 40123, PROTOCOL_VERSION, "numx", "QW3RT", "Ada", 3)
        ]
        announcer.update(1)  # a seat taken: the list follows
        assert wait_for(lambda: [g.free for g in browser.games()] == [1])
        announcer.close()
        assert wait_for(lambda: browser.games() == [])
    finally:
        announcer.close()
        browser.close()
