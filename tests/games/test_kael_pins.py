"""Kaël rules that once slipped through a planted bug (issue 27, item 4): the false-call boundary
and the final ranking with different totals.

Every position is built by hand and every expected value is read from the spec
(``shared/rules/kael.md``), never computed with the game's own helpers:

* 5.4 D / 5.9 / 8 / 9.2: a call with a hand total of 5 or less is a real Kaël (the other seats get
  their final turn); above 5 it is a false Kaël (+20 at once, the landing benefit is lost), and
  with ``false_kael_allowed = false`` it is not a legal action at all.
* 8: a real call wins only if the caller's total is *strictly* below every other hand.
* 10: ``first_elimination`` ends the game in the round of the first elimination; the seat still in
  with the lowest total wins (equal lowest share the win); then the other seats still in, lower
  total first; then the eliminated.

Shown to fail with the bug planted (each then reverted): ``> 5`` -> ``> 6`` or ``> 4`` in
``flow.call_kael``, in ``scoring.round_points`` and (``<= 5`` -> ``<= 4`` / ``<= 6``) in
``rules._can_call``; ``mine < t`` -> ``mine <= t`` in ``round_points``; ``min`` -> ``max`` in
``flow._lowest``; ``state.totals[s]`` -> ``-state.totals[s]`` for the standing seats in
``scoring.ranking``.
"""

from __future__ import annotations

import pytest
from test_kael_examples import DECK_, Kael, cards

from nove_desktop.games.kael import KaelGame, KaelOptions
from nove_desktop.games.kael.actions import CallKael, Lay, LaySquare
from nove_desktop.games.kael.scoring import ranking

# Hands worth exactly 4, 5 and 6 points (spec 1.1: a number card is worth its face value).
AT, BELOW, ABOVE = "2a 3b", "1a 3c", "2b 4d"  # 5, 4, 6


def _caller_at(total_hand: str, **options) -> Kael:
    """4 seats, circuit complete, S2 to play holding ``total_hand``; totals 10, 10, 30, 10."""
    k = Kael(**options)
    k.rig({2: total_hand}, current=2, circuit=True, totals=[10, 10, 30, 10])
    return k


@pytest.mark.parametrize("hand", [BELOW, AT], ids=["total_4", "total_5"])
def test_a_call_at_or_below_five_is_a_real_kael(hand):
    for allowed in (True, False):
        k = _caller_at(hand, false_kael_allowed=allowed)
        assert CallKael() in k.legal(2)
        k.play((2, CallKael()))
        # A real call: the round goes on with the final turns, S3 first (spec 5.9).
        assert k.to_act == (3,)
        assert k.state.final_queue == [0, 1]
        assert k.state.false_kaels == [0, 0, 0, 0]
        assert not k.state.lost_landing[2]
        assert not [e for e in k.events if e.kind == "round_scored"]


def test_a_call_just_above_five_is_a_false_kael():
    k = _caller_at(ABOVE)
    assert CallKael() in k.legal(2)
    k.play((2, CallKael()))
    scored = [e.data for e in k.events if e.kind == "round_scored"]
    assert len(scored) == 1  # resolved at once, no final turns (spec 5.9)
    assert scored[0]["case"] == "false_kael"
    assert scored[0]["points"] == {"0": 0, "1": 0, "2": 20, "3": 0}
    assert k.state.totals == [10, 10, 50, 10]  # 30 + 20, no landing: the benefit is lost (9.2)
    assert k.state.false_kaels == [0, 0, 1, 0]


def test_a_call_just_above_five_is_not_legal_in_assisted_mode():
    k = _caller_at(ABOVE, false_kael_allowed=False)
    assert CallKael() not in k.legal(2)
    k.refuse(2, CallKael())


def _call_with_five_then_squares(others: dict[int, str]) -> dict:
    """S2 calls holding exactly 5; each other seat lays a square in its final turn, keeping the
    one card given first in its hand. Returns the round's summary."""
    k = Kael()
    hands = {2: AT} | others
    k.rig(hands, table="2d", current=2, circuit=True, totals=[10, 10, 30, 10])
    k.play((2, CallKael()))
    for seat in (3, 0, 1):
        square = tuple(cards(others[seat])[1:])
        k.play((seat, LaySquare(square)))
    return k.last("round_scored")


def test_a_real_call_of_five_scored_at_the_boundary_wins_against_six():
    # Spec 8: S2 (5) is strictly below 6, 7 and 8: the call wins, the others score their hands.
    scored = _call_with_five_then_squares(
        {3: "6a 8a 8b 8c 8d", 0: "7a 9a 9b 9c 9d", 1: "6b 10a 10b 10c 10d"}
    )
    assert scored["case"] == "kael_wins"
    assert scored["hand_totals"] == {"0": 7, "1": 6, "2": 5, "3": 6}
    assert scored["points"] == {"0": 7, "1": 6, "2": 0, "3": 6}


def test_a_real_call_of_five_fails_against_another_five():
    scored = _call_with_five_then_squares(
        {3: "6a 8a 8b 8c 8d", 0: "5a 9a 9b 9c 9d", 1: "6b 10a 10b 10c 10d"}
    )
    assert scored["case"] == "kael_fails"  # a tie fails (spec 8), and it is not a false call
    assert scored["points"] == {"0": 0, "1": 0, "2": 20, "3": 0}


# -- spec 10: the final ranking from a real game end, with different totals ---------------------
@pytest.mark.parametrize(
    ("totals_before", "winners", "places"),
    [
        # S0 ends on 32, S2 on 64, S3 (the caller) stays on 10, S1 goes out on 102.
        ([30, 95, 60, 10], [3], [[3], [0], [2], [1]]),
        # S0 ends on 10 like S3: the lowest total is shared, so is the win.
        ([8, 95, 60, 10], [0, 3], [[0, 3], [2], [1]]),
        # S2 ends on 34, S0 on 62: lower total first whatever the seat number.
        ([60, 95, 30, 10], [3], [[3], [2], [0], [1]]),
    ],
    ids=["different_totals", "shared_lowest", "higher_seat_lower_total"],
)
def test_first_elimination_ranks_the_seats_still_in_by_lower_total(totals_before, winners, places):
    k = Kael(end_rule="first_elimination")
    hands = {
        3: "1a",  # the caller: 1 point
        0: "2a 8a 8b 8c 8d",  # keeps 2a: 2 points
        1: "7a 9a 9b 9c 9d",  # keeps 7a: 7 points
        2: "4a 13a 13b 13c 13d",  # keeps 4a: 4 points
    }
    k.rig(hands, table="2d", current=3, circuit=True, totals=totals_before)
    k.play((3, CallKael()))
    k.play((0, LaySquare(tuple(cards("8a 8b 8c 8d")))))
    k.play((1, LaySquare(tuple(cards("9a 9b 9c 9d")))))
    k.play((2, LaySquare(tuple(cards("13a 13b 13c 13d")))))
    over = k.last("game_over")
    assert over["reason"] == "first elimination"
    assert k.state.eliminated == [False, True, False, False]
    assert sorted(over["winners"]) == winners
    assert over["ranking"] == places
    assert k.game.result(k.state).winner == winners[0]
    seen = k.game.observe(k.state, 1)  # every hand is shown once the game is over (spec 11)
    assert seen.revealed_hands == (("2a",), ("7a",), ("4a",), ("1a",))
    assert seen.ranking == tuple(tuple(place) for place in places)
    assert k.game.hidden_cards(k.state, 0) == frozenset(k.state.deck)  # only the deck stays hidden
    assert (seen.current, seen.end_reason) == (None, "first elimination")
    assert seen.last_round == k.last("round_scored")


def test_ranking_puts_the_lower_of_different_totals_first():
    """``ranking`` alone: S1 won; S0 (40), S2 (70) and S3 (25) are still in; S4 went out."""
    state, _ = KaelGame().new_game(KaelOptions(players=5, end_rule="first_elimination"), 5)
    state.winners = [1]
    state.totals = [40, 12, 70, 25, 104]
    state.eliminated_in = [None, None, None, None, 6]
    state.eliminated = [False, False, False, False, True]
    assert ranking(state) == [[1], [3], [0], [2], [4]]


def test_round_limit_winner_is_the_lowest_total():
    """Spec 5.10 / 10: a capped game (``max_rounds``) is won by the lowest total still in."""
    k = Kael(max_rounds=1)
    hands = {3: "1a", 0: "2a 8a 8b 8c 8d", 1: "7a 9a 9b 9c 9d", 2: "4a 13a 13b 13c 13d"}
    k.rig(hands, table="2d", deck="0a", current=3, circuit=True, totals=[30, 20, 60, 40])
    k.play((3, CallKael()))
    k.play((0, LaySquare(tuple(cards("8a 8b 8c 8d")))))
    k.play((1, Lay(("7a",), DECK_)))  # S1 draws 0a, keeps four 9s: 36 points, 20 + 36 = 56
    k.play((2, LaySquare(tuple(cards("13a 13b 13c 13d")))))
    assert k.state.totals == [32, 56, 64, 40]
    assert k.last("game_over")["winners"] == [0]
    assert k.last("game_over")["ranking"][0] == [0]


def test_the_round_summary_of_a_false_kael_is_complete():
    """The summary the table and the history read (spec 8, 9.2), every key written out."""
    k = Kael()
    hands = {0: "m1 0a 1a", 1: "1b 1c 1d", 2: ABOVE, 3: "2c 3a"}  # 0, 3, 6 and 5 points
    k.rig(hands, current=2, circuit=True, totals=[10, 10, 30, 10])
    k.play((2, CallKael()))
    assert k.last("round_scored") == {
        "round": 1,
        "caller": 2,
        "case": "false_kael",
        "hand_totals": {"0": 0, "1": 3, "2": 6, "3": 5},
        "points": {"0": 0, "1": 0, "2": 20, "3": 0},
        "landings": [],
        "eliminated": [],
        "totals": [10, 10, 50, 10],
    }


def test_ranking_of_a_game_without_winners_has_no_empty_place():
    """``ranking`` before anyone has won (a results preview) lists seats only, lowest first."""
    state, _ = KaelGame().new_game(KaelOptions(players=3), 5)
    state.totals = [30, 12, 40]
    assert ranking(state) == [[1], [0], [2]]
