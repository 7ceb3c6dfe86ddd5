"""NOVE's rare positions, built by hand (stacked decks) or found in seeded games, for the
mutants of ``games/nove/view.py`` that the seeded pins leave alive (issue 27, item 4;
docs/mutation.md). Expected values come from the spec (``shared/rules/nove.md``), never from
``view.py``'s helpers:

* 4.8 "per current turn: hits_taken, asked_jokers": once the turn is over, nobody is asking
  about jokers any more (the last turn of a round may end with a question asked);
* 4.10 R7 [D40]: once the first two players bust, every joker of a remaining player that is not
  locked stands for 7 (forced), and everybody sees it;
* 4.6 R3: a seat whose dealt hand was worth 9 or less had to declare NOVE in Step 1, so a sample
  never gives a seat that kept its dealt hand without declaring a hand worth 9 or less; seats
  still to declare are the later seats (order P) whose hand is eligible, and a later seat's
  hidden hand may well be eligible.
"""

from __future__ import annotations

from typing import Any

import pytest

from nove_desktop.engine import Rng, Stack
from nove_desktop.games.nove import NoveGame, NoveOptions
from nove_desktop.games.nove.actions import AskJokers, Discard, Hit, Stand

GAME = NoveGame()
KEEP = Discard(())
SAMPLES = 8


def start(players: int, dealer: int, deck: str, **options: Any) -> Any:
    stack = Stack(cards=tuple(deck.split()))
    opts = NoveOptions(players=players, first_dealer=dealer, **options)
    state, _ = GAME.new_game(opts, seed=0, stack=stack)
    return state


def play(state: Any, *steps: tuple[int, Any]) -> None:
    for seat, action in steps:
        assert GAME.to_act(state) == (seat,), (GAME.to_act(state), seat, action)
        GAME.apply(state, seat, action)


def min_value(cards: list[str]) -> int:
    """Spec 3.3 and 4.6 for a hand with no locked joker: numbers count their number, a Babatos
    (A, B, C) 10, the first joker 1 (free) and a second one 7 (forced)."""
    jokers = sum(1 for c in cards if c in ("JR", "JY"))
    numbers = sum(10 if c[1] in "ABC" else int(c[1]) for c in cards if c not in ("JR", "JY"))
    return numbers + (0, 1, 8)[jokers]


def test_asked_is_over_with_the_turn_even_after_the_last_turn_of_the_game():
    """The dealer (last in order P) asks about jokers in the last turn of the game: during its
    turn everybody sees the question asked; at the end of the game nobody is asking."""
    # Order P of dealer 2: 0, 1, 2. Dealt one card at a time: seat 0 GA G2 P3 (15), seat 1
    # PB Y5 G6 (21), seat 2 G4 P4 RA (18): no three of a kind, nobody eligible for NOVE.
    state = start(3, 2, "GA PB G4 G2 Y5 P4 P3 G6 RA Y4", max_rounds=1)
    play(state, (0, KEEP), (1, KEEP), (2, KEEP), (0, Stand()), (1, Stand()), (2, Hit()))
    assert state.hands[2] == ["G4", "P4", "RA", "Y4"]  # a set of 4s: the question is legal
    play(state, (2, AskJokers()))
    assert [GAME.observe(state, s).asked for s in (0, 1, 2, None)] == [True] * 4
    play(state, (2, Stand()))
    assert str(state.phase) == "over" and not GAME.to_act(state)
    assert [GAME.observe(state, s).asked for s in (0, 1, 2, None)] == [False] * 4


# W10 of the spec: 4 players, dealer 3; seats 0 and 1 bust, seat 2 holds JR in special mode.
W10 = "G6 R6 R4 PA P6 P5 G5 GB Y3 Y4 JR Y2 RB GC YA PC P3 Y1 G1 RA"


def test_in_special_mode_every_view_shows_the_remaining_players_joker_forced_to_7():
    state = start(4, 3, W10, max_rounds=1)
    play(
        state,
        (0, KEEP),
        (1, KEEP),
        (2, KEEP),
        (3, KEEP),
        (0, Hit()),
        (0, Hit()),
        (1, Hit()),
        (1, Hit()),
    )
    assert state.special and str(state.phase) == "over"
    assert state.hands[2] == ["R4", "G5", "JR", "P3", "Y1", "G1", "RA"]
    forced = [["JR", "forced7", "7"]]  # D40: not locked, held by a remaining player
    for viewer in (0, 1, 2, 3, None):
        got = GAME.observe(state, viewer).to_json()
        assert [row["shown_jokers"] for row in got["seats"]] == [[], [], forced, []], viewer
    own = GAME.observe(state, 2).to_json()
    assert own["jokers"] == forced
    assert own["min_value"] == 4 + 5 + 7 + 3 + 1 + 1 + 10  # JR counts 7, not 1


def seeded_points(players: int, phases: tuple[str, ...], seeds: range) -> Any:
    """(state, seat) at every decision in ``phases`` of seeded random games."""
    for seed in seeds:
        state, _ = GAME.new_game(
            GAME.options_from_json({"players": players, "max_rounds": 3}), seed
        )
        chooser = Rng(seed)
        while acting := GAME.to_act(state):
            seat = acting[chooser.below(len(acting))]
            if str(state.phase) in phases:
                yield state, seat
            legal = GAME.legal_actions(state, seat)
            GAME.apply(state, seat, legal[chooser.below(len(legal))])


def kept_undeclared(state: Any, seat: int) -> list[int]:
    """Other seats that had to show in Step 1 that their dealt hand is not a NOVE: they kept
    it (no exchange, or the declarations are still under way and they were passed over),
    declared nothing, did not bust, and none of their cards is known to ``seat``."""
    declared = {a[0] for a in state.announcements}
    found = []
    for other in range(state.players):
        hand = state.hands[other]
        if other == seat or other in declared or state.busted[other] or state.special:
            continue
        if len(hand) != 3 or any(c in state.public for c in hand):
            continue
        if str(state.phase) == "declare":
            decider = state.queue[0]
            passed = state.order.index(other) < state.order.index(decider)
        else:
            passed = state.exchanged[other] in (None, 0)
        if passed:
            found.append(other)
    return found


@pytest.mark.parametrize("players", [3, 5])
def test_a_sample_never_gives_a_nove_to_a_seat_that_kept_its_hand_and_did_not_declare(players):
    checked = 0
    for state, seat in seeded_points(players, ("turn", "declare", "exchange"), range(1, 7)):
        others = kept_undeclared(state, seat)
        if not others:
            continue
        for k in range(SAMPLES):
            sample = GAME.determinize(state, seat, Rng(k))
            for other in others:
                assert min_value(sample.hands[other]) > 9, (k, other, sample.hands[other])
                checked += 1
    assert checked > 200


def test_during_step1_declarations_a_later_seat_may_hold_a_nove_and_is_then_still_to_declare():
    """At the Step-1 declarations, the seats after the decider have not been asked yet: samples
    give them eligible hands at times, and those seats are then the ones still to declare, the
    seat right after the decider included."""
    eligible_next = 0
    for players in (4, 5):
        for state, seat in seeded_points(players, ("declare",), range(1, 40)):
            assert GAME.to_act(state) == (seat,)
            after = state.order[state.order.index(seat) + 1 :]
            for k in range(SAMPLES):
                sample = GAME.determinize(state, seat, Rng(k))
                later = [s for s in after if s not in {a[0] for a in state.announcements}]
                want = [s for s in later if min_value(sample.hands[s]) <= 9]
                assert sample.queue == [seat, *want], (k, sample.queue, want)
                eligible_next += bool(after) and after[0] in want
    assert eligible_next > 0


@pytest.mark.parametrize("players", [3, 5])
def test_a_sample_holds_every_card_once_and_its_hit_cards_where_the_hits_went(players):
    """Spec 7: a sample deals the hidden cards again: the 44 cards of the deck each lie once in
    a hand or a pile, and the hit cards of this Step 2 are the sample's cards at the hand
    positions the hits went to (every hit is announced and joins the end of its hand)."""
    checked = 0
    for state, seat in seeded_points(players, ("turn", "exchange", "choose_joker"), range(1, 5)):
        real = sorted(c for zone in (*state.hands, state.draw, state.discard) for c in zone)
        hit_at = [
            (w, i)
            for w, hand in enumerate(state.hands)
            for i, c in enumerate(hand)
            if c in state.hit
        ]
        for k in range(3):
            sample = GAME.determinize(state, seat, Rng(k))
            cards = sorted(c for zone in (*sample.hands, sample.draw, sample.discard) for c in zone)
            assert cards == real
            assert sample.hit == {sample.hands[w][i] for w, i in hit_at}
            checked += bool(hit_at) and bool(state.discard)
    assert checked > 0
