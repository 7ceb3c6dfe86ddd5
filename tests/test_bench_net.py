"""bench/net.py's helpers: the leak check, the latency and confirmation book-keeping, the
figures' arithmetic and the options. No server, no sockets, no clock: times are given."""

from __future__ import annotations

import ipaddress
import json

import pytest

from bench import net


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


# Hand-worked positions: two seats. Position 0: seat 0 holds A, B; seat 1 holds C, D.
# Position 1: seat 0 played A to the table (out of every hand). Position 2: seat 1 shows D
# (the state marks it shown) and draws E.
POSITIONS: list[net.Holdings] = [
    ([["A", "B"], ["C", "D"]], set()),
    ([["B"], ["C", "D"]], set()),
    ([["B"], ["C", "D", "E"]], {"D"}),
]


@pytest.mark.parametrize(
    ("position", "seat", "mentioned", "leaks"),
    [
        (0, 0, {"A", "B"}, []),  # its own cards
        (0, 0, {"C"}, [(0, 0, "C")]),  # another seat's hidden card
        (0, 1, {"A"}, [(0, 1, "A")]),  # A is still in seat 0's hand at position 0
        (1, 1, {"A"}, []),  # played in the open: anybody may name it
        (1, 0, {"D"}, [(1, 0, "D")]),  # not shown yet
        (2, 0, {"D"}, []),  # shown
        (2, 0, {"E"}, [(2, 0, "E")]),  # just drawn by seat 1
        (2, 1, {"E", "turn", "X"}, []),  # words and unknown strings are not cards in hands
    ],
)
def test_a_leak_is_a_hidden_card_of_another_seat(
    position: int, seat: int, mentioned: set[str], leaks: list[tuple[int, int, str]]
) -> None:
    assert net.count_leaks(POSITIONS, [(position, seat, mentioned)]) == leaks


def test_a_card_a_seat_held_before_stays_known_to_it() -> None:
    passed: list[net.Holdings] = [([["A"], ["B"]], set()), ([[], ["A", "B"]], set())]  # A to seat 1
    assert net.count_leaks(passed, [(1, 0, {"A"})]) == []
    assert net.count_leaks(passed, [(0, 1, {"A"})]) == [(0, 1, "A")]


def test_a_hand_dealt_again_within_a_step_is_judged_from_the_next_step() -> None:
    redealt: list[net.Holdings] = [
        ([["A", "C"], ["B"], []], set()),
        ([["A"], [], ["B"]], set()),  # a showdown, then a new deal, in one step
        ([["A"], [], ["B"]], set()),
    ]
    assert net.count_leaks(redealt, [(1, 1, {"A", "B"})]) == []
    assert net.count_leaks(redealt, [(2, 1, {"A"})]) == [(2, 1, "A")]
    grown: list[net.Holdings] = [([["A"], []], set()), ([["A", "D"], []], set())]
    assert sorted(net.count_leaks(grown, [(1, 1, {"A", "D"})])) == [(1, 1, "A"), (1, 1, "D")]


def test_the_strings_of_a_message_are_found_in_its_text_as_in_its_value() -> None:
    message = {"type": "update", "hand": ["R3", "G5"], "seats": [{"name": 'A "q" \\ b'}]}
    text = json.dumps(message)
    assert set(net.QUOTED.findall(text)) - set(message) - {"hand", "seats", "name"} == {
        "update",
        "R3",
        "G5",
        'A \\"q\\" \\\\ b',  # escaped: a card name never is
    }
    assert set(net.strings(message)) == {"update", "R3", "G5", 'A "q" \\ b'}


def test_holdings_add_the_secret_objective_and_what_the_rules_show() -> None:
    state = {"hands": [["A"], ["B"]], "objectives": ["OB1", "OB2"], "public": ["A"]}
    assert net._holdings("numx", state) == ([["A", "OB1"], ["B", "OB2"]], {"A"})
    state["revealed"] = True  # the end of a round: everything is shown
    assert net._holdings("numx", state)[1] == {"A", "B", "OB1", "OB2"}
    banco = {"hands": [["A", "C", "D"], ["B", "E"]], "revealed": [False, True]}
    assert net._holdings("banco", banco) == ([["A", "C", "D"], ["B", "E"]], {"C", "D", "B", "E"})


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
