"""NOVE Step-3 scoring at its edges (spec ``shared/rules/nove.md`` 3.3, 3.4, 5.4, 6.2): tests
written for mutants of ``games/nove/scoring.py`` that the worked examples let live (issue 27,
item 4; docs/mutation.md). Expected values are worked out by hand from the spec."""

from __future__ import annotations

from nove_desktop.games.nove.scoring import SeatHand, score_round


def test_a_tie_between_babatos_options_takes_the_earliest(final_hands):
    # S0 "JR G7 R6": 6 or 7 make a pair (+1, 19 or 20), A/B/C make 23 and beat S1's 22 for CAPO
    # (+1). Equal points: the higher value wins (23), then the earlier option: "A" (spec 5.4).
    options, scores = final_hands((0, 1), {0: "JR G7 R6", 1: "GA PB Y2"})
    assert options == {0: "A"}
    assert (scores[0].value, scores[0].capo, scores[0].pairs) == (23, 1, 0)


def test_a_hand_worth_32_busts_with_or_without_a_free_joker(final_hands):
    # Spec 3.3: busted iff minval > 31; a free joker counts at least 1, so 31 + joker busts.
    _options, scores = final_hands((0, 1, 2), {0: "GA YB PC R2", 1: "JR GA YB P7 G4", 2: "Y5 P6"})
    assert scores[0].busted and scores[0].points == -1
    assert scores[1].busted and scores[1].points == -1
    assert not scores[2].busted and scores[2].capo == 1  # the only hand left gets CAPO


def test_two_sets_in_one_hand_score_six(final_hands):
    # Spec 3.4: "two sets = +6". S1 has the higher value (20) and takes CAPO.
    _options, scores = final_hands((0, 1), {0: "G1 R1 Y1 G2 R2 Y2", 1: "GA YB"})
    assert (scores[0].value, scores[0].sets, scores[0].points) == (9, 2, 6)


def test_every_row_names_its_seat_and_says_whether_it_busted(final_hands):
    _options, scores = final_hands((1, 0), {0: "GA YB PC R2", 1: "Y5 P6"})
    assert [(s, row.seat, row.busted) for s, row in sorted(scores.items())] == [
        (0, 0, True),
        (1, 1, False),
    ]
    assert scores[1].busted is False and scores[0].busted is True  # booleans in the event


def test_a_joker_option_is_read_only_for_a_seat_with_a_free_joker():
    # A stale option for a seat without a free joker changes nothing: its value stays 11 and
    # the "5" makes no pair with its 5.
    hands = {0: SeatHand(("5", "6"), False), 1: SeatHand(("2", "3"), True)}
    scores = score_round((0, 1), hands, None, {0: "5", 1: "4"})
    assert (scores[0].value, scores[0].pairs, scores[1].value) == (11, 0, 9)


def test_a_hands_total_adds_the_option_only_for_a_free_joker():
    assert SeatHand(("5", "6"), False).total("7") == 11
    assert SeatHand(("5", "6"), False).total(None) == 11
    assert SeatHand(("5", "6"), True).total(None) == 11
    assert SeatHand(("5", "6"), True).total("A") == 21
