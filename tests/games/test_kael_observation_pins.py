"""Kaël observations written out whole at hand-built positions (spec 7.4, 11, 15): every public
field and the seat's own secrets, worked out by hand from the position (issue 27, item 4; these
kill the mutants of ``games/kael/view.py`` that the secrecy tests, which look only for leaks,
let live; docs/mutation.md)."""

from __future__ import annotations

from typing import Any

from test_kael_examples import Kael, ke3

from nove_desktop.games.kael.actions import CallKael, Lay


def seat_row(
    seat: int,
    count: int,
    turns: int,
    total: int = 0,
    known: tuple[str, ...] = (),
    false_kaels: int = 0,
    owed: bool = False,
) -> dict[str, Any]:
    return {
        "seat": seat,
        "card_count": count,
        "known_cards": list(known),
        "total": total,
        "false_kaels": false_kaels,
        "landing_benefit": false_kaels == 0,
        "eliminated": False,
        "turns_taken": turns,
        "owed_final_turn": owed,
    }


QUIET: dict[str, Any] = {
    "good_draw": None,
    "revealed_hands": None,
    "last_round": None,
    "winners": [],
    "ranking": [],
    "end_reason": None,
    "false_kael_allowed": True,
}


def test_during_the_final_turns_after_a_call():
    # KE-8's position: S1 (12) calls with 3 points; S2 plays its final turn, S0 is still owed one.
    # S2 has made one false call before: no landing benefit.
    k = Kael(players=3, dealer=2)
    hands = {0: "X 11a 11b 11c 11d", 1: "1a 2c", 2: "5a 13a"}
    k.rig(hands, table="4b", deck="6b", current=1, circuit=True, totals=[40, 12, 64])
    k.state.false_kaels[2] = 1
    k.state.lost_landing[2] = True
    k.play((1, CallKael()))
    assert k.game.observe(k.state, 0).to_json() == {
        "seat": 0,
        "phase": "TURN",
        "to_act": [2],
        "round_no": 1,
        "dealer": 2,
        "hand_size": 5,
        "current": 2,
        "hand": ["X", "11a", "11b", "11c", "11d"],
        "hand_total": 15 + 44,
        "seats": [
            seat_row(0, 5, 1, 40, owed=True),
            seat_row(1, 2, 2, 12),
            seat_row(2, 2, 1, 64, false_kaels=1),
        ],
        "table": [["4b", None]],
        "chain_rank": "4",
        "chain_length": 1,
        "deck_count": 56 - 9 - 1,
        "caller": 1,
        "final_queue": [0],
        "can_call_kael": False,
        "cut_window": None,
        **QUIET,
    }


def test_in_a_cut_window_only_the_cutter_sees_that_it_can_cut():
    # KE-3: S1 lays 11a 11b and takes 9b; S3 holds 11c 11d.
    k = ke3()
    k.play((1, Lay(("11a", "11b"), "table")))
    public = {
        "phase": "CUT_WINDOW",
        "to_act": [2, 3, 0, 1],
        "round_no": 1,
        "dealer": 3,
        "hand_size": 5,
        "current": 1,
        "seats": [
            seat_row(0, 2, 1),
            seat_row(1, 4, 2, known=("9b",)),
            seat_row(2, 2, 1),
            seat_row(3, 3, 1),
        ],
        "table": [["5b", None], ["9a", None], ["11a", 1], ["11b", 1]],
        "chain_rank": "11",
        "chain_length": 2,
        "deck_count": 56 - 11 - 4,
        "caller": None,
        "final_queue": [],
        "can_call_kael": False,
        **QUIET,
    }
    window = {"rank": "11", "length": 2, "waiting": [2, 3, 0, 1]}
    assert k.game.observe(k.state, 3).to_json() == {
        "seat": 3,
        "hand": ["11c", "11d", "12a"],
        "hand_total": 34,
        "cut_window": window | {"can_cut": True},
        **public,
    }
    assert k.game.observe(k.state, 0).to_json() == {
        "seat": 0,
        "hand": ["4a", "4b"],
        "hand_total": 8,
        "cut_window": window | {"can_cut": False},
        **public,
    }
    assert k.game.observe(k.state, None).to_json() == {  # a spectator
        "seat": None,
        "hand": [],
        "hand_total": None,
        "cut_window": window | {"can_cut": False},
        **public,
    }


def test_only_the_seat_to_play_after_a_full_circuit_may_call():
    k = Kael()
    k.rig({1: "1a 2c"}, current=1, circuit=True)
    assert [k.game.observe(k.state, s).can_call_kael for s in (0, 1, 2, 3, None)] == [
        False,
        True,
        False,
        False,
        False,
    ]
    outsider = k.game.observe(k.state, 4)  # a seat number the table does not have
    assert (outsider.hand, outsider.hand_total, outsider.can_call_kael) == ((), None, False)
    k = Kael(false_kael_allowed=False)  # assisted mode: the seat's own total decides
    k.rig({1: "1a 2c", 0: "9a 9b"}, current=1, circuit=True)
    assert k.game.observe(k.state, 1).can_call_kael
    k.state.current = 0
    assert not k.game.observe(k.state, 0).can_call_kael  # 18 points: no call in assisted mode
    k = Kael()
    k.rig({1: "1a 2c"}, current=1, circuit=False)  # first circuit: nobody may call (K-A21)
    assert not k.game.observe(k.state, 1).can_call_kael
