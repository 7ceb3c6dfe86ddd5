"""The heuristic Nove (banco) seat (``ai/banco.py``, spec section 10): it plays from observations
only, follows the AI notes, and does clearly better than random seats."""

from __future__ import annotations

import dataclasses
import statistics
from typing import Any

from nove_desktop.ai import make_seat
from nove_desktop.ai.banco import (
    BancoHeuristicSeat,
    punter_scores,
    settlement_values,
    timid,
    unseen_values,
)
from nove_desktop.engine import Action, Stack
from nove_desktop.games.banco import BancoGame, BancoOptions
from nove_desktop.games.banco.actions import HIT, STAND, Bet
from nove_desktop.games.banco.state import BancoState, Phase
from nove_desktop.games.banco.view import BancoObservation
from nove_desktop.match import play_match

GAME = BancoGame()


def stacked(players: int, banker: int, stock: str, **options: Any) -> BancoState:
    opts = BancoOptions(players=players, first_banker=banker, **options)
    state, _ = GAME.new_game(opts, 0, Stack(cards=tuple(stock.split())))
    return state


def choose(seat: BancoHeuristicSeat, state: BancoState, who: int) -> Action:
    return seat.choose(GAME.observe(state, who), GAME.legal_actions(state, who))


def test_the_factory_builds_the_heuristic_seat() -> None:
    assert isinstance(make_seat("heuristic", "banco", 1), BancoHeuristicSeat)


def test_a_punter_hits_below_eight_and_stands_at_eight() -> None:
    seat = BancoHeuristicSeat(1)
    state = stacked(2, 0, "Co07 De03 Sp01 Ba01")  # seat 1 holds a 7
    GAME.apply(state, 1, Bet(1))
    assert choose(seat, state, 1) == HIT
    GAME.apply(state, 1, HIT)  # 7 + 1 = 8
    assert choose(seat, state, 1) == STAND


def test_a_punter_bets_the_minimum_with_a_poor_card_and_more_with_a_six_or_seven() -> None:
    seat = BancoHeuristicSeat(1)
    poor = stacked(2, 0, "Co02 De03")
    assert choose(seat, poor, 1) == Bet(1)
    good = stacked(2, 0, "Co07 De03")
    assert choose(seat, good, 1) == Bet(5)  # 10% of 100 chips at boldness 0.5
    bold = BancoHeuristicSeat(1, boldness=1.0)
    assert choose(bold, good, 1) == Bet(10)


def after_a_timid_stand(**options: Any) -> tuple[BancoState, BancoObservation]:
    """Seat 1's observation at its next bet, after the banker (seat 0) stood at 3 by choice."""
    state = stacked(2, 0, "Co02 De03 Sp01", **options)
    GAME.apply(state, 1, Bet(1))
    GAME.apply(state, 1, STAND)
    GAME.apply(state, 0, STAND)  # the banker stands at 3 by choice
    assert state.phase == Phase.BET and state.banker == 0
    obs = GAME.observe(state, 1)
    assert obs.last_hand is not None
    assert obs.last_hand["banker_score"] == 3 and obs.last_hand["banker_cards"] == 1
    return state, obs


def test_a_punter_bets_more_against_a_banker_the_last_settlement_shows_timid() -> None:
    state, obs = after_a_timid_stand(max_bet=50)
    assert obs.last_hand is not None
    legal = GAME.legal_actions(state, 1)
    chips = obs.chips[1]
    assert timid(obs)
    assert BancoHeuristicSeat(1).choose(obs, legal) == Bet(int(chips * 0.10))
    assert BancoHeuristicSeat(1, boldness=1.0).choose(obs, legal) == Bet(int(chips * 0.20))
    # The same seat against a sound banker (stood at 8), or a banker new to the bank: it bets
    # the minimum, or 5% of its chips with a 6 or 7 in the hole.
    sound = dataclasses.replace(obs, last_hand={**obs.last_hand, "banker_score": 8})
    other = dataclasses.replace(obs, last_hand={**obs.last_hand, "banker": 1})
    drawn_out = dataclasses.replace(obs, last_hand={**obs.last_hand, "banker_cards": 5})
    for view in (sound, other, drawn_out):
        assert not timid(view)
        assert BancoHeuristicSeat(1).choose(view, legal) in (Bet(1), Bet(int(chips * 0.05)))


def test_the_seat_keeps_no_memory_between_decisions() -> None:
    """A decision depends on the observation only: the seat that just saw a timid banker bets
    like a fresh seat when the next observation shows a sound one, and the same observation
    always gets the same answer."""
    state, obs = after_a_timid_stand(max_bet=50)
    assert obs.last_hand is not None
    legal = GAME.legal_actions(state, 1)
    sound = dataclasses.replace(obs, last_hand={**obs.last_hand, "banker_score": 8})
    seat = BancoHeuristicSeat(3)
    first = seat.choose(obs, legal)
    assert seat.choose(sound, legal) == BancoHeuristicSeat(3).choose(sound, legal)
    assert seat.choose(obs, legal) == first != seat.choose(sound, legal)


def test_the_banker_keeps_drawing_when_every_punter_shows_nine() -> None:
    seat = BancoHeuristicSeat(1)
    state = stacked(2, 0, "Co04 Co06 Ba05")  # seat 1: 4 then 5 = 9, shown; banker holds 6
    GAME.apply(state, 1, Bet(10))
    GAME.apply(state, 1, HIT)
    assert state.phase == Phase.BANKER_DRAW
    assert choose(seat, state, 0) == HIT


def test_the_banker_stands_when_it_beats_every_possible_score() -> None:
    seat = BancoHeuristicSeat(1)
    state = stacked(2, 0, "Co01 Co07")  # seat 1 holds a 1 face down; the banker holds a 7
    GAME.apply(state, 1, Bet(5))
    GAME.apply(state, 1, STAND)  # seat 1 stands on one card: 1 to 7 possible
    obs = GAME.observe(state, 0)
    worth = settlement_values(obs, unseen_values(obs))
    assert worth[7] > 0
    assert choose(seat, state, 0) == STAND  # 7 already ties or beats every one-card hand


def test_punter_score_chances_leave_out_an_unseen_nine() -> None:
    state = stacked(3, 0, "Co01 Co02 Co07 Ba05")
    GAME.apply(state, 1, Bet(1))
    GAME.apply(state, 1, HIT)  # seat 1: 1 + 5 = 6, hole hidden
    GAME.apply(state, 1, STAND)
    obs = GAME.observe(state, 2)
    view = obs.seats[1]
    assert view.cards == (None, "Ba05")
    chances = punter_scores(view, unseen_values(obs))
    assert chances[9] == 0  # a hole 4 would have made 9, and a 9 is shown at once
    assert abs(sum(chances) - 1) < 1e-9


def test_the_seat_is_deterministic() -> None:
    state = stacked(4, 0, "Co07 De03 Sp01 Ba01")
    a, b = BancoHeuristicSeat(9), BancoHeuristicSeat(9)
    assert choose(a, state, 1) == choose(b, state, 1)


def test_the_heuristic_does_clearly_better_than_random_seats() -> None:
    """300 seeded 4-player games, one heuristic seat (rotating) against three random seats: the
    heuristic ends with far more chips on average and wins most games."""
    options = GAME.options_from_json({"players": 4})
    mine, others, wins = [], [], 0
    for seed in range(300):
        seat = seed % 4
        kinds = ["random"] * 4
        kinds[seat] = "heuristic"
        result = play_match(GAME, options, seed, kinds).result
        mine.append(result.scores[seat])
        others += [result.scores[s] for s in range(4) if s != seat]
        wins += result.winner == seat
    assert statistics.mean(mine) > 150 > 100 > statistics.mean(others)
    assert wins > 0.75 * 300
