"""Nove (banco) observations field by field (spec 6): at decision points of seeded random games,
what each seat sees is read straight from the state by the spec's visibility rules (every hole
card face down to the others until it is shown; everything else public), never through
``observe``'s helpers; the betting limits come from ``legal_actions`` (issue 27, item 4; these
kill the mutants of ``games/banco/view.py`` that the secrecy tests let live; docs/mutation.md)."""

from __future__ import annotations

from typing import Any

import pytest

from nove_desktop.engine import Rng
from nove_desktop.games.banco import BancoGame, BancoOptions
from nove_desktop.games.banco.actions import Bet
from nove_desktop.games.banco.state import Phase

GAME = BancoGame()


def expected(state: Any, seat: int | None) -> dict[str, Any]:
    mine = seat is not None and 0 <= seat < state.players
    opts = state.options
    over = state.phase == Phase.GAME_OVER
    cards = [
        list(hand) if (not hand or state.revealed[s] or s == seat) else [None, *hand[1:]]
        for s, hand in enumerate(state.hands)
    ]
    limits: dict[str, Any] = {"bet_min": None, "bet_max": None, "bet_cap": None}
    if state.phase == Phase.BET:
        bets = [a.amount for a in GAME.legal_actions(state, state.current) if isinstance(a, Bet)]
        high = max(bets)
        cap = "table"
        if high < opts.max_bet:  # the limit names what holds the bet below the table's
            cap = "chips" if high == state.chips[state.current] else "bank"
        limits = {"bet_min": min(bets), "bet_max": high, "bet_cap": cap}
    return {
        "seat": seat,
        "phase": str(state.phase),
        "to_act": [] if over else [state.current],
        "current": None if over else state.current,
        "hand_number": state.hand_number,
        "banker": state.banker,
        "hands_in_term": state.hands_in_term,
        "hands_per_bank": opts.hands_per_bank,
        "deck_style": opts.deck_style,
        "min_bet": opts.min_bet,
        "max_bet": opts.max_bet,
        "stock_count": len(state.stock),
        "coverage_left": state.coverage_left,
        "punter_order": list(state.order),
        "chips": list(state.chips),
        "eliminated": list(state.eliminated),
        "banks_held": list(state.banks_held),
        "status": list(state.status),
        "bets": list(state.bets),
        "cards": cards,
        "hole_face_up": list(state.revealed),
        "hand": list(state.hands[seat]) if mine else [],
        "score": state.totals[seat] if mine and state.hands[seat] else None,
        **limits,
        "last_hand": state.last_hand,
        "winners": list(state.winners),
        "end_reason": state.end_reason,
    }


@pytest.mark.parametrize(
    ("players", "chips", "caps_seen"),
    [
        (3, None, {"table"}),
        (4, (30, 6, 100, 100), {"table", "chips", "bank"}),  # a poor punter and a poor bank
        (3, (100, 10, 100), {"table"}),  # chips exactly at the table limit: the table is named
        (3, (10, 100, 100), {"table"}),  # the bank's cover exactly at the table limit: the same
    ],
)
def test_observations_at_many_points_of_a_game(players, chips, caps_seen):
    options = BancoOptions(players=players, first_banker=0, max_hands=8)
    state, _ = GAME.new_game(options, 23)
    if chips is not None:
        state.chips = list(chips)
        state.coverage_left = chips[0]
    chooser = Rng(players)
    caps = set()
    while GAME.to_act(state):
        for seat in (*range(players), None, players):
            assert GAME.observe(state, seat).to_json() == expected(state, seat), seat
        caps.add(expected(state, None)["bet_cap"])
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        GAME.apply(state, seat, legal[chooser.below(len(legal))])
    for seat in (1, None):
        assert GAME.observe(state, seat).to_json() == expected(state, seat)
    assert caps_seen <= caps


def points(cards: Any) -> int:
    """Spec 2.3 by hand: 1-7 count their number, 8-10 count 1-3; the score is the sum mod 10."""
    return sum(int(c[2:]) if int(c[2:]) <= 7 else int(c[2:]) - 7 for c in cards) % 10


def test_seat_views_work_out_the_scores_the_viewer_may_know():
    options = BancoOptions(players=4, first_banker=0, max_hands=6)
    state, _ = GAME.new_game(options, 41)
    chooser = Rng(9)
    while GAME.to_act(state):
        for viewer in (1, None):
            obs = GAME.observe(state, viewer)
            for s, seen in enumerate(obs.seats):
                cards = state.hands[s]
                visible = cards if (state.revealed[s] or s == viewer) else cards[1:]
                assert (seen.seat, seen.chips, seen.eliminated, seen.banks_held) == (
                    s,
                    state.chips[s],
                    state.eliminated[s],
                    state.banks_held[s],
                )
                assert (seen.is_banker, seen.status, seen.bet, seen.hole_face_up) == (
                    s == state.banker,
                    state.status[s],
                    state.bets[s],
                    state.revealed[s],
                )
                shown = cards if state.revealed[s] else cards[1:]
                assert seen.open_score == points(shown)
                assert seen.score == (
                    points(cards) if cards and len(visible) == len(cards) else None
                )
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        GAME.apply(state, seat, legal[chooser.below(len(legal))])


def test_the_last_hands_summary_in_an_observation_is_a_copy():
    t_state, _ = GAME.new_game(BancoOptions(players=3, first_banker=0), 5)
    chooser = Rng(3)
    while t_state.last_hand is None:
        seat = GAME.to_act(t_state)[0]
        legal = GAME.legal_actions(t_state, seat)
        GAME.apply(t_state, seat, legal[chooser.below(len(legal))])
    before = {k: list(v) if isinstance(v, list) else v for k, v in t_state.last_hand.items()}
    shown = GAME.observe(t_state, 1).to_json()["last_hand"]
    for value in shown.values():
        if isinstance(value, list):
            value.append("x")
    assert t_state.last_hand == before


def test_a_sampled_hole_card_never_contradicts_the_hits_seen():
    """D-22: a hit that made 9 is shown at once, so a face-down hole card cannot be one that
    would have made 9 with the hits already seen. Every sample keeps to that, and its totals."""
    options = BancoOptions(players=5, first_banker=0)
    checked = 0
    for seed in range(1, 30):
        state, _ = GAME.new_game(options, seed)
        chooser = Rng(seed)
        while GAME.to_act(state) and state.hand_number < 3:
            seat = GAME.to_act(state)[0]
            hitters = [
                s
                for s in range(5)
                if s != seat and len(state.hands[s]) >= 2 and not state.revealed[s]
            ]
            for s in hitters:
                forbidden = set()
                for k in range(1, len(state.hands[s])):
                    forbidden.add((9 - points(state.hands[s][1 : k + 1])) % 10)
                for sample in (GAME.determinize(state, seat, Rng(k)) for k in range(6)):
                    hole = sample.hands[s][0]
                    assert points([hole]) not in forbidden, (seed, s, state.hands[s], hole)
                    assert sample.totals[s] == points(sample.hands[s])
                checked += 1
            legal = GAME.legal_actions(state, seat)
            GAME.apply(state, seat, legal[chooser.below(len(legal))])
    assert checked >= 20
