"""NOVE's samples keep every public fact (spec 7; issue 27, item 4; docs/mutation.md): at
decisions of seeded random games, each sample gives the seat the same observation, the same
seats to act and the same legal actions, never busts a hidden hand of a seat that has not busted,
never puts a joker where a hit card was shown not to be one, and leaves no undeclared three of a
kind in a dealt hand nobody has changed. A cheap cousin of the conformance suite's determinized
checks, run by the mutation benchmark of ``games/nove/view.py``."""

from __future__ import annotations

import pytest

from nove_desktop.engine import Rng
from nove_desktop.games.nove import NoveGame, flow
from nove_desktop.games.nove import hand as H
from nove_desktop.games.nove.state import NoveState

GAME = NoveGame()
SAMPLES = 6


@pytest.mark.parametrize("players", [2, 3, 5])
def test_samples_keep_what_the_seat_knows_and_every_public_fact(players):
    checked = declares = 0
    for seed in range(1, 5):
        options = GAME.options_from_json({"players": players, "max_rounds": 2})
        state, _ = GAME.new_game(options, seed)
        chooser = Rng(seed)
        while acting := GAME.to_act(state):
            seat = acting[chooser.below(len(acting))]
            view = GAME.observe(state, seat).to_json()
            legal = GAME.legal_actions(state, seat)
            for k in range(SAMPLES):
                sample = GAME.determinize(state, seat, Rng(k))
                assert GAME.observe(sample, seat).to_json() == view
                assert GAME.to_act(sample) == acting
                assert GAME.legal_actions(sample, seat) == legal
                for other, index in state.nonjoker_slots:
                    assert not H.is_joker(sample.hands[other][index])
                for other in range(players):
                    if other == seat or state.busted[other]:
                        continue
                    fixed, free = flow.split(sample, other)
                    assert not H.is_busted(fixed, free is not None)
                    dealt = (
                        len(state.hands[other]) == 3
                        and not state.special
                        and other not in {a[0] for a in state.announcements}
                    )
                    if dealt:
                        assert H.three_of_a_kind(fixed, free is not None) is None
                if str(state.phase) == "declare":
                    # Spec 4.6: the seats still to declare after the decider are the later
                    # seats (order P) whose sampled hand is eligible (minimum value <= 9).
                    later = state.order[state.order.index(seat) + 1 :]
                    assert sample.queue == [seat] + [
                        s for s in later if flow.min_value(sample, s) <= 9
                    ]
                    declares += 1
            checked += 1
            legal_now = GAME.legal_actions(state, seat)
            GAME.apply(state, seat, legal_now[chooser.below(len(legal_now))])
    assert checked > 20
    assert players == 2 or declares > 0


def test_a_sample_reshuffles_at_random_even_from_a_stacked_game():
    """A stacked game may keep its reshuffles in canonical order (tests, scenarios); a sample
    never does: its future comes from its own generator, not from a known order."""
    options = GAME.options_from_json({"players": 3})
    state, _ = GAME.new_game(options, 4)
    state.keep_reshuffle_order = True
    seat = GAME.to_act(state)[0]
    assert GAME.determinize(state, seat, Rng(1)).keep_reshuffle_order is False


def after_ask_jokers(players: int) -> NoveState:
    """The first turn (seeded random games) in which the seat to play has asked for jokers and
    some hit cards are known not to be jokers (spec 4.7), while a joker is still hidden from it:
    a rare position."""
    for seed in range(1, 300):
        state, _ = GAME.new_game(GAME.options_from_json({"players": players}), seed)
        chooser = Rng(seed)
        while acting := GAME.to_act(state):
            hidden = GAME.hidden_cards(state, acting[0])
            if (
                str(state.phase) == "turn"
                and state.asked
                and state.nonjoker_slots
                and ("JR" in hidden or "JY" in hidden)
            ):  # a joker the sample could misplace
                return state
            seat = acting[chooser.below(len(acting))]
            legal = GAME.legal_actions(state, seat)
            GAME.apply(state, seat, legal[chooser.below(len(legal))])
    raise AssertionError("no such position")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_after_ask_jokers_samples_keep_the_hit_cards_that_are_no_jokers(players):
    from test_nove_observation_pins import expected, seen

    state = after_ask_jokers(players)
    for seat in (*range(players), None):  # everybody heard the question and the answer
        assert seen(state, seat) == expected(state, seat)
        assert GAME.observe(state, seat).asked is True
    viewer = GAME.to_act(state)[0]
    for k in range(12):
        sample = GAME.determinize(state, viewer, Rng(k))
        for other, index in state.nonjoker_slots:
            assert not H.is_joker(sample.hands[other][index]), (k, other, index)
        assert GAME.observe(sample, viewer).to_json() == GAME.observe(state, viewer).to_json()
