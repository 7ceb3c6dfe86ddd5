"""bench/net.py's helpers: the leak check's wiring, the latency and confirmation book-keeping, the
figures' arithmetic and the options. No server, no sockets, no clock: times are given."""

from __future__ import annotations

import asyncio
import ipaddress
import json

import pytest

from bench import net
from nove_desktop.games import default_registry


def test_percentile_is_the_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]  # 1..100
    assert net.percentile(values, 0.50) == 50.0
    assert net.percentile(values, 0.95) == 95.0
    assert net.percentile([7.0], 0.95) == 7.0
    assert net.percentile([3.0, 1.0, 2.0], 0.5) == 2.0
    assert net.percentile([], 0.5) == 0.0


def test_peak_per_second_counts_the_busiest_whole_second() -> None:
    assert net.peak_per_second([10.0, 10.2, 10.9, 11.1, 12.5, 12.6]) == 3
    assert net.peak_per_second([]) == 0


def test_every_five_rooms_connect_from_another_loopback_address() -> None:
    addresses = [net.source_address(room) for room in range(1000)]
    assert all(ipaddress.ip_address(a).is_loopback for a in addresses)
    assert len(set(addresses)) == 200
    for first in range(0, 1000, 5):
        assert len(set(addresses[first : first + 5])) == 1


# The leak check is the secrecy test's model (tests/net/knowledge.py); here: that the bench feeds
# it each seat's raw frames of one game and the room's tokens, and that what the bench's own
# older check missed (a card of the undealt stock) is counted. The true deal is read from the
# state's JSON, not from the model or the server's view code.
REPLAY = {"game": "nox", "options": {}, "seats": ["remote"] * 4, "seed": 7, "actions": []}


def deal() -> tuple[list[list[str]], list[str]]:
    """The four hands of REPLAY's deal, and the cards left undealt."""
    game = default_registry().get("nox")
    options = game.options_from_json({})
    state, _events = game.new_game(options, 7)
    hands = [list(hand) for hand in game.state_to_json(state)["state"]["hands"]]
    dealt = {card for hand in hands for card in hand}
    return hands, sorted(set(game.full_deck(options)) - dealt)


def frame(**fields: object) -> str:
    return json.dumps({"type": "update", "position": 0, **fields})


def leaks_of(frames: list[str], tokens: dict[int, str] | None = None) -> list[str]:
    found = net.game_leaks(
        default_registry(), {"replay": REPLAY}, {1: frames}, tokens or {1: "mine"}
    )
    assert all(leak.seat == 1 for leak in found)
    return [leak.what for leak in found]


def test_a_seat_may_name_its_own_cards_and_words() -> None:
    hands, _stock = deal()
    assert leaks_of([frame(hand=hands[1], seats=[{"name": "Ada"}])]) == []


def test_another_seats_card_and_a_card_of_the_stock_are_leaks() -> None:
    hands, stock = deal()
    assert leaks_of([frame(hand=hands[1], log=[hands[2][0]])]) == [
        f"{hands[2][0]} in update at position 0"
    ]
    assert leaks_of([frame(hand=hands[1], next=stock[0])]) == [
        f"{stock[0]} in update at position 0"
    ]


def test_another_seats_token_and_the_replay_before_over_are_leaks() -> None:
    hands, _stock = deal()
    tokens = {0: "tok-host-secret", 1: "mine"}
    assert leaks_of([frame(hand=hands[1], note="tok-host-secret")], tokens) == [
        "another seat's token"
    ]
    assert leaks_of([frame(hand=hands[1], replay=REPLAY)]) == [
        "the seed or the replay before the game is over"
    ]
    over = json.dumps({"type": "over", "replay": {**REPLAY, "hands": hands}})
    assert leaks_of([frame(hand=hands[1]), over]) == []  # after over everything is public


class FakeConnection:
    def __init__(self, frames: list[str]) -> None:
        self.frames = frames

    async def recv(self) -> str:
        return self.frames.pop(0)


def test_the_bench_client_keeps_each_games_raw_frames_apart() -> None:
    sent = [
        '{"type": "welcome", "room": "ABCD", "seat": 2, "token": "t2"}',
        '{"type": "update",  "position": 0}',  # kept byte for byte (two spaces)
        '{"type": "over", "replay": {}}',
        '{"type": "update", "position": 0}',
    ]
    client = net.BoundClient("ws://127.0.0.1:1", "127.0.0.2")
    client.connection = FakeConnection(list(sent))  # type: ignore[assignment]  # a stand-in for the websocket

    async def read_all() -> None:
        for _ in sent:
            await client.receive()

    asyncio.run(read_all())
    assert client.frames == [sent[:3], sent[3:]]
    probe = net.RoomProbe(pace=1.0, start=0.0, deadline=100.0)
    probe.clients = [client]
    probe.overs[0] = {"replay": {}}
    assert [frames for _over, _views, frames in probe.finished()] == [{2: sent[:3]}]
    assert probe.tokens() == {2: "t2"}


def view(position: int, seat: int, answered: bool = False) -> dict[str, object]:
    window = {"kind": "cut", "seconds_left": 1.0, "answered": True} if answered else None
    return {"type": "update", "position": position, "seat": seat, "window": window, "legal": []}


def test_latency_runs_from_the_action_to_the_last_client_update() -> None:
    probe = net.RoomProbe(pace=1.0, start=0.0, deadline=100.0)
    probe.sending(0, 2, 5, now=10.0)  # game 0, seat 2 acts at position 5
    for seat, moment in [(0, 10.004), (2, 10.001), (1, 10.010)]:
        probe.received(0, seat, view(6, seat), moment)
    assert probe.latencies == []  # seat 3 has not seen it yet
    probe.received(0, 3, view(5, 3), 10.020)  # an older position does not count
    probe.received(0, 3, view(6, 3), 10.030)
    assert probe.latencies == [pytest.approx(0.030)]
    assert probe.confirmed == [10.001] and probe.waiting == {}


def test_a_held_window_answer_is_confirmed_but_not_timed() -> None:
    probe = net.RoomProbe(pace=1.0, start=0.0, deadline=100.0)
    probe.sending(0, 1, 7, now=3.0)
    probe.received(0, 1, view(7, 1, answered=True), 3.002)
    assert probe.confirmed == [3.002] and probe.pending == {}
    for seat in range(4):
        probe.received(0, seat, view(8, seat), 6.0)  # the window closes much later
    assert probe.latencies == []


def test_an_action_never_answered_stays_lost_and_a_refusal_is_not_lost() -> None:
    probe = net.RoomProbe(pace=1.0, start=0.0, deadline=100.0)
    probe.sending(0, 0, 1, now=1.0)
    probe.sending(0, 1, 1, now=1.0)
    probe.refusal(1)
    probe.received(0, 0, view(1, 0), 1.5)  # the same position again: not a confirmation
    assert probe.waiting == {0: (0, 1)} and probe.refused == 1


def test_positions_of_the_next_game_do_not_answer_the_last_one() -> None:
    probe = net.RoomProbe(pace=1.0, start=0.0, deadline=100.0)
    probe.sending(0, 0, 30, now=1.0)
    probe.received(1, 0, view(2, 0), 2.0)  # game 1, position 2
    assert probe.waiting == {0: (0, 30)}
    probe.received(1, 1, view(31, 1), 2.0)
    assert probe.latencies == []


def test_the_room_paces_its_actions() -> None:
    probe = net.RoomProbe(pace=1.0, start=5.0, deadline=100.0)
    assert probe.slot(4.0) == 1.0  # not before the room's first slot
    assert probe.slot(4.5) == 1.5  # the next one, a second later
    assert probe.slot(9.0) == 0.0  # late: at once


def test_options_refuse_what_the_bench_cannot_do_honestly() -> None:
    with pytest.raises(SystemExit):
        net.parse(["--nodes", "2"])
    with pytest.raises(SystemExit):
        net.parse(["--redis", "redis://localhost"])
    with pytest.raises(SystemExit):
        net.parse(["--games", "nove,chess"])
    args = net.parse(["--rooms", "3", "--games", "kael"])
    assert args.rooms == 3 and args.games == ("kael",) and args.nodes == 1
