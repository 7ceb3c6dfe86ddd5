"""Nove (banco) settling and the end of a hand at their edges (spec ``shared/rules/nove_banco.md``
5.6-5.8): tests written for mutants of the scoring part of ``games/banco/flow.py`` that the worked
examples let live (issue 27, item 4; docs/mutation.md). Stacked hands through the public API;
expected values worked out by hand (card values: 1-7 face value, 8-10 count 1-3)."""

from __future__ import annotations

from test_banco_examples import GAME, Table, _last_hand_of_the_rotation

from nove_desktop.games.banco import BancoOptions
from nove_desktop.games.banco.actions import HIT, STAND, Bet
from nove_desktop.games.banco.flow import ranking
from nove_desktop.games.banco.state import Phase


def test_a_settled_hand_is_summed_up_and_its_hole_cards_shown():
    # NV-8's hand: the bank (18 chips) covers seats 1 and 2; seats 3 and 4 sit out.
    t = Table(5, 0, "Co07 De07 Sp07 Ba07 Co06 Sp02", chips=(18, 100, 100, 100, 100))
    t.play((1, Bet(10)), (1, STAND), (2, Bet(8)), (2, STAND), (0, HIT))
    events = t.play((0, STAND))
    assert t.of_kind("hole_revealed", events) == [
        {"seat": 1, "hole_card": "Co07", "score": 7},
        {"seat": 2, "hole_card": "De07", "score": 7},
    ]
    assert t.state.last_hand == {
        "hand": 1,
        "banker": 0,
        "banker_score": 8,
        "banker_cards": 2,
        "outcomes": [None, "lose", "lose", "sat_out", "sat_out"],
        "scores": [None, 7, 7, None, None],
    }


def test_the_hole_cards_of_settled_punters_stay_shown_when_the_game_ends():
    t = Table(5, 0, "Co07 De07 Sp07 Ba07 Co06 Sp02", chips=(18, 100, 100, 100, 100), max_hands=1)
    t.play((1, Bet(10)), (1, STAND), (2, Bet(8)), (2, STAND), (0, HIT), (0, STAND))
    assert t.state.phase == Phase.GAME_OVER
    seen = GAME.observe(t.state, 3).seats
    assert (seen[1].cards[0], seen[2].cards[0]) == ("Co07", "De07")


def test_a_punter_left_with_exactly_the_minimum_bet_stays_in():
    # NV-9 with one more chip: seat 1 loses 3 of its 4 chips and keeps the minimum bet (1).
    t = Table(3, 0, "Co04 De05 Sp06 Ba02", chips=(100, 4, 100))
    t.play((1, Bet(3)), (1, HIT), (1, STAND), (2, Bet(1)), (2, STAND), (0, STAND))
    assert t.chips == [104, 1, 99]
    assert t.state.eliminated == [False, False, False]
    assert t.state.order == (1, 2)


def test_the_last_player_with_chips_ends_the_game():
    # Two seats: the punter stakes its last 3 chips on a 6 and loses to the bank's 6 (a tie).
    t = Table(2, 0, "Co06 Sp06", chips=(100, 3))
    events = t.play((1, Bet(3)), (1, STAND), (0, STAND))
    assert t.chips == [103, 0]
    over = t.of_kind("game_over", events)
    assert over == [
        {"reason": "one_player_left", "ranking": [0, 1], "chips": [103, 0], "winners": [0]}
    ]
    assert GAME.result(t.state).reason == "one_player_left"


def test_a_broke_banker_hands_the_bank_on():
    # The bank's last 3 chips cover seat 1's bet of 3; seat 2 sits out; the bank's 2 loses to 7.
    t = Table(3, 0, "Co07 De05 Sp02", chips=(3, 100, 100))
    events = t.play((1, Bet(3)), (1, STAND), (0, STAND))
    assert t.chips == [0, 103, 100]
    assert t.of_kind("bank_passed", events) == [{"from": 0, "to": 1, "reason": "banker_broke"}]
    assert t.state.banker == 1 and t.state.eliminated == [True, False, False]


def test_the_bank_goes_round_twice_with_two_terms_each():
    options = BancoOptions(players=3, first_banker=0, bank_terms_per_player=2, max_hands=200)
    state, _events = GAME.new_game(options, 3)
    while GAME.to_act(state):  # bet the minimum and stand: a quiet game
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, Bet(1) if state.phase == Phase.BET else STAND)
    assert state.banks_held == [2, 2, 2]
    assert GAME.result(state).reason == "rotation_complete"


def test_the_game_over_event_and_ranking_follow_the_chips_not_the_seats():
    t = _last_hand_of_the_rotation((76, 127, 97))
    assert t.chips == [79, 125, 96]
    assert t.of_kind("game_over")[-1] == {
        "reason": "rotation_complete",
        "ranking": [1, 2, 0],
        "chips": [79, 125, 96],
        "winners": [1],
    }
    assert ranking(t.state) == [1, 2, 0]
    assert all(GAME.legal_actions(t.state, seat) == [] for seat in range(3))
