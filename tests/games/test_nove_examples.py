"""The worked examples W1-W18 of the NOVE spec (``shared/rules/nove.md`` section 10).

Full-round examples are played through ``new_game`` / ``apply`` with the example's stacked deck;
"final hands" examples are scored with ``evaluate_hands``. When a round ends without a winner the
engine deals the next round at once, so a finished round is read from its events
("round_scored", "three_of_a_kind_win", ...) and from ``state.last_round``.
"""

from __future__ import annotations

import json

import pytest

from nove_desktop.games.nove.actions import (
    AnnounceNove,
    AskJokers,
    ChooseJoker,
    DeclareNove,
    Discard,
    Hit,
    Stand,
)
from nove_desktop.games.nove.events import HitTaken, JokersShown, ShownJoker
from nove_desktop.games.nove.state import Phase

KEEP = Discard(())


def points_of(scores):
    """``{seat: SeatScore}`` -> ``{seat: points}``."""
    return {seat: row.points for seat, row in scores.items()}


def rows_by_seat(round_scored):
    return {row["seat"]: row for row in round_scored["rows"]}


def assert_dealt(t, cards, **expected):
    """``assert_dealt(t, cards, seat1="R2 G3 Y4", ...)``: the 3 cards each seat was dealt."""
    for key, text in expected.items():
        seat = int(key.removeprefix("seat"))
        dealt = t.cards_received("deal", seat, t.round_of())  # first round only
        assert dealt == cards(text), f"deal of seat {seat}"


# -- W1 ------------------------------------------------------------------------------------------
def test_w1_pairs_bust_and_capo_tie_lost_by_dealer(final_hands):
    """W1 - Pairs, a bust, and a CAPO tie lost by the dealer."""
    options, scores = final_hands(
        (1, 2, 3, 0),
        {1: "G5 P5 RA Y3", 2: "GB PB R6 G7", 3: "R4 G6 PA YC", 0: "GC RB Y4 P6"},
    )
    assert options == {}
    assert points_of(scores) == {1: 1, 2: -1, 3: 1, 0: 0}
    assert scores[1].value == 23 and scores[1].pairs == 1
    assert scores[2].busted and scores[2].pairs == 0  # its pair of B's is worthless
    assert (scores[3].value, scores[3].pairs, scores[3].capo) == (30, 0, 1)
    assert (scores[0].value, scores[0].pairs, scores[0].capo) == (30, 0, 0)


# -- W2 ------------------------------------------------------------------------------------------
def test_w2_two_players_on_31_and_a_set(final_hands):
    """W2 - Two players on 31; a SET."""
    options, scores = final_hands(
        (0, 1, 2), {0: "Y3 G3 P3 RA R6", 1: "GA PA R5 Y6", 2: "YB GC R4 G7"}
    )
    assert options == {}
    assert points_of(scores) == {0: 3, 1: 3, 2: 0}
    assert (scores[0].value, scores[0].sets, scores[0].pairs) == (25, 1, 0)
    assert (scores[1].value, scores[1].thirty_one, scores[1].pairs) == (31, 2, 1)
    assert (scores[2].value, scores[2].thirty_one) == (31, 0)
    assert all(row.capo == 0 for row in scores.values())


# -- W3 ------------------------------------------------------------------------------------------
def test_w3_step1_nove_tie_broken_by_precedence(table, cards):
    """W3 - Full round: Step-1 NOVE tie broken by precedence; the holder keeps playing."""
    t = table(3, 0, "R2 R1 RA G3 P4 GB Y4 G4 P6 YA PB GA Y5")
    assert t.state.order == (1, 2, 0)
    assert_dealt(t, cards, seat1="R2 G3 Y4", seat2="R1 P4 G4", seat0="RA GB P6")
    assert not t.of_kind("three_of_a_kind")

    # Both declarations are made by the engine (no joker: nothing to ask), seat 1 first.
    noves = t.of_kind("nove")
    assert [(n["seat"], n["value"], n["automatic"], n["step"]) for n in noves] == [
        (1, 9, True, 1),
        (2, 9, True, 1),
    ]
    assert set(cards("R2 G3 Y4 R1 P4 G4")) <= t.state.public  # hands shown
    assert t.of_kind("nove_holder") == [{"seat": 1, "value": 9}]
    assert t.state.nove_holder == 1 and t.state.winner is None
    assert "exchange_start" not in t.kinds() and "discard" not in t.kinds()  # no exchange
    assert t.state.phase == Phase.TURN and t.to_act == (1,)
    assert not any(isinstance(a, AnnounceNove) for a in t.legal(1))  # Step-1 NOVE: none in Step 2

    t.play((1, Hit()), (1, Hit()), (1, Stand()))
    t.play((2, Hit()), (2, Hit()), (2, Stand()))
    assert t.cards_received("hit", 1) == ["YA", "PB"]
    assert t.cards_received("hit", 2) == ["GA", "Y5"]
    events = t.play((0, Stand()))

    [scored] = t.of_kind("round_scored", events)
    rows = rows_by_seat(scored)
    assert {s: r["value"] for s, r in rows.items()} == {1: 29, 2: 24, 0: 26}
    assert (rows[1]["nove"], rows[1]["capo"], rows[1]["pairs"]) == (2, 1, 0)  # YA, PB: no pair
    assert rows[2]["pairs"] == 1
    assert {s: r["points"] for s, r in rows.items()} == {1: 3, 2: 1, 0: 0}
    assert scored["scores"] == [0, 3, 1]
    assert t.state.last_round == {"kind": "scoring", "rows": scored["rows"]}
    # The next round starts at once, dealt by seat 1.
    assert t.of_kind("round_start", events)[-1]["dealer"] == 1
    assert t.state.dealer == 1 and t.state.round_no == 2
    assert t.state.scores == [0, 3, 1]


# -- W4 ------------------------------------------------------------------------------------------
def test_w4_three_of_a_kind_preempts_nove_and_ten_point_rule(table, cards):
    """W4 - THREE OF A KIND pre-empts NOVE and the 10-point rule; joker in a three of a kind."""
    t = table(4, 3, "R1 R5 P2 RA G2 G5 JR GA P3 Y5 Y2 PA", scores=(10, 0, 0, 0))
    assert_dealt(t, cards, seat0="R1 G2 P3", seat1="R5 G5 Y5", seat2="P2 JR Y2", seat3="RA GA PA")
    first_round = t.round_of()

    claims = t.of_kind("three_of_a_kind", first_round)
    assert [(c["seat"], c["value"]) for c in claims] == [(1, 15), (2, 6), (3, 30)]
    [win] = t.of_kind("three_of_a_kind_win", first_round)
    assert (win["seat"], win["points"], win["scores"]) == (2, 6, [10, 0, 6, 0])
    # Seat 0's 6 never becomes a NOVE, so the 10-point rule never fires.
    assert not t.of_kind("nove", first_round) and not t.of_kind("nove_ten_points")
    assert t.state.round_no == 2  # round 2 now waits for a decision: last_round is W4's
    assert t.state.last_round == {"kind": "three_of_a_kind", "seat": 2, "points": {"2": 6}}
    # The game goes on; seat 0 deals the next round.
    assert "game_over" not in t.kinds(first_round)
    assert t.of_kind("round_start")[1] == {"round": 2, "dealer": 0, "order": [1, 2, 3, 0]}


# -- W5 ------------------------------------------------------------------------------------------
def test_w5_babatos_three_of_a_kind_needs_identical_characters(table, cards):
    """W5 - Babatos three of a kind needs identical characters; tie on value by precedence."""
    t = table(3, 1, "RA RB GC GB YB YC PC PB JR")
    assert t.of_kind("round_start")[0]["order"] == [2, 0, 1]
    assert_dealt(t, cards, seat2="RA GB PC", seat0="RB YB PB", seat1="GC YC JR")
    first_round = t.round_of()

    claims = t.of_kind("three_of_a_kind", first_round)
    assert [(c["seat"], c["value"]) for c in claims] == [(0, 30), (1, 30)]  # not seat 2
    [win] = t.of_kind("three_of_a_kind_win", first_round)
    assert (win["seat"], win["scores"]) == (0, [6, 0, 0])


# -- W6 ------------------------------------------------------------------------------------------
def test_w6_exchange_then_three_of_a_kind_after_redeal(table, cards):
    """W6 - Exchange, then THREE OF A KIND after the redeal."""
    t = table(4, 0, "R6 R3 Y1 R4 G6 P5 G7 RB YA GB PA P7 P6 P1 Y3 Y2")
    assert_dealt(t, cards, seat1="R6 G6 YA", seat2="R3 P5 GB", seat3="Y1 G7 PA", seat0="R4 RB P7")
    assert not t.of_kind("three_of_a_kind") and not t.of_kind("nove")
    assert "exchange_start" in t.kinds() and t.to_act == (1,)

    events = t.play(
        (1, Discard(("YA",))), (2, Discard(("R3", "GB"))), (3, Discard(("G7",))), (0, KEEP)
    )
    assert t.cards_received("redeal", 1, events) == ["P6"]
    assert t.cards_received("redeal", 2, events) == ["P1", "Y3"]
    assert t.cards_received("redeal", 3, events) == ["Y2"]
    assert t.cards_received("redeal", 0, events) == []
    first_round = t.round_of(events)
    claims = t.of_kind("three_of_a_kind", first_round)
    assert [(c["seat"], c["value"]) for c in claims] == [(1, 18)]
    [win] = t.of_kind("three_of_a_kind_win", first_round)
    assert (win["seat"], win["scores"]) == (1, [0, 6, 0, 0])
    # Seat 2's 9 is no automatic NOVE, and Step 2 never comes.
    assert not t.of_kind("nove", first_round) and "step2_start" not in t.kinds(first_round)


# -- W7 ------------------------------------------------------------------------------------------
def test_w7_step2_nove_contest_locked_joker_holder_busts(table, cards):
    """W7 - Step-2 NOVE contest; the joker is locked; the NOVE holder busts."""
    t = table(3, 2, "R2 R1 RA G3 Y2 GA YB G7 Y6 P4 JR GB PB YA GC PC")
    assert_dealt(t, cards, seat0="R2 G3 YB", seat1="R1 Y2 G7", seat2="RA GA Y6")
    assert t.to_act == (0,) and t.state.phase == Phase.EXCHANGE

    events = t.play((0, Discard(("YB",))), (1, Discard(("G7",))), (2, KEEP))
    assert t.cards_received("redeal", 0, events) == ["P4"]
    assert t.cards_received("redeal", 1, events) == ["JR"]
    assert not t.of_kind("three_of_a_kind", events)
    assert t.state.hands[0] == cards("R2 G3 P4") and t.state.hands[1] == cards("R1 Y2 JR")

    # Seat 0: NOVE without a joker (value 9), then two hits.
    assert t.legal(0) == [AnnounceNove(None), Hit(), Stand()]
    [nove0] = t.of_kind("nove", t.play((0, AnnounceNove(None))))
    assert (nove0["seat"], nove0["value"], nove0["step"], nove0["automatic"]) == (0, 9, 2, False)
    assert set(cards("R2 G3 P4")) <= t.state.public
    t.play((0, Hit()), (0, Hit()), (0, Stand()))
    assert t.cards_received("hit", 0) == ["GB", "PB"]

    # Seat 1: NOVE with JR as 1 (value 4), locked; then busts.
    assert [a for a in t.legal(1) if isinstance(a, AnnounceNove)] == [
        AnnounceNove(o) for o in "123456"
    ]
    [nove1] = t.of_kind("nove", t.play((1, AnnounceNove("1"))))
    assert (nove1["seat"], nove1["value"], nove1["option"]) == (1, 4, "1")
    assert t.state.locked == {"JR": "1"}
    t.play((1, Hit()), (1, Hit()))
    events = t.play((1, Hit()))
    assert t.cards_received("hit", 1) == ["YA", "GC", "PC"]
    assert t.of_kind("bust", events) == [{"seat": 1, "value": 34}]
    assert any(r["seat"] == 1 and r["why"] == "bust" for r in t.of_kind("reveal", events))
    assert t.state.busted[1] and t.to_act == (2,)

    events = t.play((2, Stand()))
    [shown] = t.of_kind("showdown", events)
    assert shown["nove_holder"] == 1  # the holder busted; nobody inherits the NOVE
    [scored] = t.of_kind("round_scored", events)
    rows = rows_by_seat(scored)
    assert rows[1]["busted"] and rows[0]["nove"] == 0 and rows[2]["nove"] == 0
    assert (rows[0]["value"], rows[0]["capo"], rows[0]["pairs"]) == (29, 1, 1)
    assert (rows[2]["value"], rows[2]["pairs"]) == (26, 1)
    assert {s: r["points"] for s, r in rows.items()} == {0: 2, 1: -1, 2: 1}
    assert scored["scores"] == [2, -1, 1]


# -- W8 ------------------------------------------------------------------------------------------
def test_w8_joker_as_babatos_set_plus_31(final_hands):
    """W8 - Joker as a Babatos: SET plus 31."""
    options, scores = final_hands((1, 2, 0), {1: "RA GA Y1 JR", 2: "YA PA R5", 0: "G6 P6 R3 YC"})
    assert options == {1: "A"}
    assert points_of(scores) == {1: 5, 2: 1, 0: 1}
    assert (scores[1].value, scores[1].sets, scores[1].thirty_one) == (31, 1, 2)
    assert (scores[2].value, scores[2].pairs) == (25, 1)
    assert (scores[0].value, scores[0].pairs) == (25, 1)
    assert all(row.capo == 0 for row in scores.values())  # no CAPO because of the 31


# -- W9 ------------------------------------------------------------------------------------------
def test_w9_both_jokers_one_forced_to_7(final_hands):
    """W9 - Both jokers: one is forced to 7."""
    options, scores = final_hands((1, 0), {1: "JR JY G7 R5 RA", 0: "P6 YA GB R2"})
    assert options == {1: "2"}
    assert points_of(scores) == {1: 3, 0: 0}
    assert not scores[1].busted
    assert (scores[1].value, scores[1].thirty_one, scores[1].pairs, scores[1].sets) == (31, 2, 1, 0)
    assert scores[0].value == 28


def test_w9_only_options_1_and_2_are_legal_at_scoring(table, cards):
    """W9 - the free joker's legal options are exactly "1" (30) and "2" (31), asked of seat 1."""
    t = table(2, 0, "R3 R4 G5 Y5 P3 Y4")  # seat 1: R3 G5 P3, seat 0: R4 Y5 Y4; no NOVE, no trips
    assert t.state.order == (1, 0)
    t.play((1, KEEP), (0, KEEP), (1, Stand()))
    # Give both seats W9's final hands before the last stand, then let scoring run.
    t.rig(hands={1: cards("JR JY G7 R5 RA"), 0: cards("P6 YA GB R2")})
    t.play((0, Stand()))
    assert t.to_act == (1,) and t.legal(1) == [ChooseJoker("1"), ChooseJoker("2")]
    assert "36" in t.refuse(1, ChooseJoker("7"))  # three 7s, but 36
    events = t.round_of(t.play((1, ChooseJoker("2"))))
    assert t.of_kind("joker_set", events) == [
        {"seat": 1, "joker": "JR", "option": "2", "automatic": False}
    ]
    rows = rows_by_seat(t.of_kind("round_scored", events)[0])
    assert (rows[1]["value"], rows[1]["points"], rows[0]["points"]) == (31, 3, 0)


# -- W10 -----------------------------------------------------------------------------------------
def test_w10_special_case_first_two_players_bust(table, cards):
    """W10 - Special case: the first two players bust."""
    t = table(4, 3, "G6 R6 R4 PA P6 P5 G5 GB Y3 Y4 JR Y2 RB GC YA PC P3 Y1 G1 RA")
    assert_dealt(t, cards, seat0="G6 P6 Y3", seat1="R6 P5 Y4", seat2="R4 G5 JR", seat3="PA GB Y2")
    assert not t.of_kind("three_of_a_kind") and not t.of_kind("nove")
    t.play((0, KEEP), (1, KEEP), (2, KEEP), (3, KEEP))

    events = t.play((0, Hit()), (0, Hit()))
    assert t.cards_received("hit", 0) == ["RB", "GC"]
    assert t.of_kind("bust", events) == [{"seat": 0, "value": 35}]
    t.play((1, Hit()))
    events = t.round_of(t.play((1, Hit())))  # seat 1 busts: the rest runs by itself
    assert t.cards_received("hit", 1) == ["YA", "PC"]
    assert t.of_kind("bust", events) == [{"seat": 1, "value": 35}]

    [special] = t.of_kind("special_case", events)
    assert special == {"seats": [2, 3], "hands": {"2": cards("R4 G5 JR"), "3": cards("PA GB Y2")}}
    deals = t.of_kind("special_deal", events)
    assert [(d["seat"], d["card"]) for d in deals] == [(2, c) for c in cards("P3 Y1 G1 RA")]
    assert all(e.is_public for e in events if e.kind == "special_deal")
    assert not t.of_kind("nove", events)  # 16 > 9: no NOVE for seat 2
    assert not t.of_kind("joker_set", events)  # JR is forced to 7, nobody chooses it
    assert [s["seat"] for s in t.of_kind("stand", events)] == [2, 3]

    [scored] = t.of_kind("round_scored", events)
    rows = rows_by_seat(scored)
    assert (rows[2]["value"], rows[2]["thirty_one"], rows[2]["pairs"]) == (31, 2, 1)
    assert (rows[3]["value"], rows[3]["capo"]) == (22, 0)
    assert {s: r["points"] for s, r in rows.items()} == {0: -1, 1: -1, 2: 3, 3: 0}
    assert scored["scores"] == [-1, -1, 3, 0]


# -- W11 -----------------------------------------------------------------------------------------
def test_w11_four_of_a_kind_with_joker_ends_game(table, cards):
    """W11 - FOUR OF A KIND with a joker ends the game mid-round."""
    t = table(3, 0, "R3 Y5 P1 G3 G6 GA PB RA Y6 JR Y3", scores=(4, 2, 7))
    assert_dealt(t, cards, seat1="R3 G3 PB", seat2="Y5 G6 RA", seat0="P1 GA Y6")
    t.play((1, KEEP), (2, KEEP), (0, KEEP))
    assert not t.of_kind("three_of_a_kind")

    t.play((1, Hit()))
    events = t.play((1, Hit()))
    assert t.cards_received("hit", 1) == ["JR", "Y3"]
    [four] = t.of_kind("four_of_a_kind", events)
    assert (four["seat"], four["option"], four["points"]) == (1, "3", 99)
    assert t.state.scores == [4, 101, 7]
    assert (t.state.winner, t.state.end_reason, t.state.phase) == (1, "four_of_a_kind", Phase.OVER)
    assert t.of_kind("game_over", events)[0]["winner"] == 1
    assert t.to_act == ()
    # Seats 2 and 0 never play; no Step-3 scoring.
    assert not [e for e in t.of_kind("turn", events) if e["seat"] != 1]
    assert "round_scored" not in t.kinds() and "showdown" not in t.kinds()


# -- W12 -----------------------------------------------------------------------------------------
def test_w12_ten_point_rule(table, cards):
    """W12 - The 10-point rule."""
    t = table(3, 1, "R2 R1 G1 G5 Y4 JR Y3 P3 Y6", scores=(10, 11, 5))
    assert t.state.order == (2, 0, 1)
    assert_dealt(t, cards, seat2="R2 G5 Y3", seat0="R1 Y4 P3", seat1="G1 JR Y6")
    # Seat 0's declaration is automatic; seat 1 is asked (two legal options).
    assert [(n["seat"], n["value"], n["automatic"]) for n in t.of_kind("nove")] == [(0, 8, True)]
    assert t.state.phase == Phase.DECLARE and t.to_act == (1,)
    assert t.legal(1) == [DeclareNove("1"), DeclareNove("2")]
    assert t.legal(0) == [] and t.legal(2) == []

    events = t.play((1, DeclareNove("1")))
    [nove1] = t.of_kind("nove", events)
    assert (nove1["seat"], nove1["value"], nove1["automatic"]) == (1, 8, False)
    assert t.of_kind("nove_holder", events) == [{"seat": 0, "value": 8}]  # tie -> earlier in P
    assert t.state.scores == [12, 11, 5]
    assert (t.state.winner, t.state.end_reason, t.state.phase) == (0, "nove_ten_points", Phase.OVER)
    assert "hit" not in t.kinds() and "step2_start" not in t.kinds()  # nobody hits
    assert t.to_act == ()


# -- W13 -----------------------------------------------------------------------------------------
W13_DECK = "R5 G6 Y2 R6 GA Y5 G4 PB P2 R4 JY G7"
W13_SCORES = (3, 5, 0, 9)


def _w13_start(table, cards):
    t = table(4, 0, W13_DECK, scores=W13_SCORES)
    assert_dealt(t, cards, seat1="R5 GA P2", seat2="G6 Y5 R4", seat3="Y2 G4 JY", seat0="R6 PB G7")
    assert not t.of_kind("nove")  # only seat 3 is eligible, and it is asked
    assert t.state.phase == Phase.DECLARE and t.to_act == (3,)
    assert t.legal(3) == [DeclareNove("1"), DeclareNove("2"), DeclareNove("3")]
    return t


def test_w13_nove_finito(table, cards):
    """W13 - NOVE FINITO: 9 points and a NOVE with a pair win at once."""
    t = _w13_start(table, cards)
    events = t.play((3, DeclareNove("2")))
    [nove] = t.of_kind("nove", events)
    assert (nove["seat"], nove["value"], nove["pair"]) == (3, 8, True)
    assert t.state.scores == [3, 5, 0, 12]
    assert (t.state.winner, t.state.end_reason, t.state.phase) == (3, "nove_finito", Phase.OVER)
    assert t.of_kind("game_over", events)[0]["winner"] == 3
    assert t.to_act == ()


@pytest.mark.parametrize("option, value", [("1", 7), ("3", 9)])
def test_w13_variant_without_pair_goes_on_to_step2(table, cards, option, value):
    """W13 variant - declaring "1" or "3" (no pair): Step 2 starts, seat 3 holds the NOVE."""
    t = _w13_start(table, cards)
    events = t.play((3, DeclareNove(option)))
    [nove] = t.of_kind("nove", events)
    assert (nove["seat"], nove["value"], nove["pair"]) == (3, value, False)
    assert t.state.locked == {"JY": option}
    assert t.state.nove_holder == 3 and t.state.winner is None
    assert t.state.scores == list(W13_SCORES)
    assert "exchange_start" not in t.kinds() and "step2_start" in t.kinds(events)  # no exchange
    assert t.state.phase == Phase.TURN and t.to_act == (1,)
    assert t.legal(1) == [Hit(), Stand()]  # no Step-2 NOVE after a Step-1 NOVE


# -- W14 -----------------------------------------------------------------------------------------
W14_HANDS = {0: "RA GB P5 Y6", 1: "R2 G2 Y4 P4 YA", 2: "G7 P7 JR R1"}


def test_w14_several_players_reach_12_scoring(final_hands):
    """W14 - Several players reach 12: the round's points."""
    options, scores = final_hands((0, 1, 2), W14_HANDS)
    assert options == {2: "7"}
    assert points_of(scores) == {0: 2, 1: 2, 2: 3}
    assert (scores[0].value, scores[0].thirty_one) == (31, 2)
    assert (scores[1].value, scores[1].pairs) == (22, 2)
    assert (scores[2].value, scores[2].sets) == (22, 1)


def test_w14_highest_total_wins(table, cards):
    """W14 - Several players reach 12: highest total wins (played to the end of a round)."""
    t = table(3, 2, "R5 R6 G5 Y5 Y6 P5 GA PB GC", scores=(10, 11, 9))
    assert_dealt(t, cards, seat0="R5 Y5 GA", seat1="R6 Y6 PB", seat2="G5 P5 GC")
    t.play((0, KEEP), (1, KEEP), (2, KEEP), (0, Stand()), (1, Stand()))
    t.rig(hands={seat: cards(text) for seat, text in W14_HANDS.items()})  # before the last stand
    t.play((2, Stand()))
    assert t.to_act == (2,)  # the free JR has several legal options: seat 2 is asked
    assert ChooseJoker("1") in t.legal(2) and ChooseJoker("7") in t.legal(2)
    events = t.play((2, ChooseJoker("7")))
    [scored] = t.of_kind("round_scored", events)
    assert {r["seat"]: r["points"] for r in scored["rows"]} == {0: 2, 1: 2, 2: 3}
    assert t.state.scores == [12, 13, 12]
    assert (t.state.winner, t.state.end_reason, t.state.phase) == (1, "score", Phase.OVER)


# -- W15 -----------------------------------------------------------------------------------------
def test_w15_nove_locked_joker_cannot_change(table, cards, final_hands):
    """W15 - A NOVE-locked joker cannot be changed later."""
    t = table(3, 0, "R1 Y5 R6 G2 P6 YB JR YC P4 RA GA P5 PC")
    assert_dealt(t, cards, seat1="R1 G2 JR", seat2="Y5 P6 YC", seat0="R6 YB P4")
    assert t.state.phase == Phase.DECLARE and t.to_act == (1,)
    assert t.legal(1) == [DeclareNove(o) for o in "123456"]

    events = t.play((1, DeclareNove("1")))
    assert [(n["seat"], n["value"]) for n in t.of_kind("nove", events)] == [(1, 4)]
    assert t.state.locked == {"JR": "1"} and t.state.nove_holder == 1
    assert "exchange_start" not in t.kinds()

    t.play((1, Hit()), (1, Hit()), (1, Hit()), (1, Stand()))
    assert t.cards_received("hit", 1) == ["RA", "GA", "P5"]
    t.play((2, Stand()), (0, Hit()))
    assert t.cards_received("hit", 0) == ["PC"]
    assert t.state.locked == {"JR": "1"}  # JR stays locked at 1
    events = t.play((0, Stand()))
    # Nobody is asked about JR at scoring: it is locked.
    assert not t.of_kind("joker_set", events)
    [scored] = t.of_kind("round_scored", events)
    rows = rows_by_seat(scored)
    assert (rows[1]["value"], rows[1]["nove"], rows[1]["pairs"]) == (29, 2, 2)  # 1s (R1+JR), As
    assert (rows[0]["value"], rows[0]["capo"]) == (30, 1)
    assert {s: r["points"] for s, r in rows.items()} == {1: 4, 2: 0, 0: 1}
    assert scored["scores"] == [1, 4, 0]

    # (If JR were still free, seat 1 would pick "3" -> 31 for +5 and seat 0 would lose CAPO.)
    final = {1: "R1 G2 JR RA GA P5", 2: "Y5 P6 YC", 0: "R6 YB P4 PC"}
    options, free = final_hands((1, 2, 0), final, nove_holder=1)
    assert options == {1: "3"} and points_of(free) == {1: 5, 2: 0, 0: 0}
    options, locked = final_hands((1, 2, 0), final, nove_holder=1, locked={"JR": "1"})
    assert options == {} and points_of(locked) == {1: 4, 2: 0, 0: 1}


# -- W16 -----------------------------------------------------------------------------------------
def test_w16_joker_query_shows_hit_jokers_only(table, cards):
    """W16 - The joker query shows hit jokers only."""
    t = table(4, 0, "R5 G4 Y6 JY G6 P4 GC PB YA RA R3 G5 JR Y4")
    assert_dealt(t, cards, seat1="R5 G6 YA", seat2="G4 P4 RA", seat3="Y6 GC R3", seat0="JY PB G5")
    assert not t.of_kind("three_of_a_kind") and not t.of_kind("nove")
    t.play((1, KEEP), (2, KEEP), (3, KEEP), (0, KEEP))

    events = t.play((1, Hit()))
    [hit] = [e for e in events if isinstance(e, HitTaken)]
    seen = hit.for_seat(2)
    assert hit.card == "JR" and seen is not None and seen.card is None  # hits are private
    t.play((1, Stand()))

    assert AskJokers() not in t.legal(2)  # a pair of 4s is not a set
    t.play((2, Hit()))
    assert t.cards_received("hit", 2) == ["Y4"]
    assert AskJokers() in t.legal(2)
    scores_before = list(t.state.scores)
    events = t.play((2, AskJokers()))
    [shown] = [e for e in events if isinstance(e, JokersShown)]
    assert shown.is_public
    assert shown == JokersShown(2, (ShownJoker(1, "JR", "free"),))
    assert shown.data == {"seat": 2, "jokers": [{"seat": 1, "joker": "JR", "state": "free"}]}
    assert "JR" in t.state.public and "JY" not in t.state.public
    # The query changes no points and no joker option.
    assert t.state.scores == scores_before and t.state.locked == {} and t.state.joker_options == {}

    # A second query this turn is refused.
    assert AskJokers() not in t.legal(2)
    assert "already asked" in t.refuse(2, AskJokers())

    # Seat 2 (and seat 3) now see JR in seat 1's hand; JY's location is revealed to nobody else.
    for seat in (2, 3):
        obs = t.observe(seat)
        views = {v["seat"]: v for v in obs["seats"]}
        assert views[1]["shown"] == ["JR"]
        assert views[1]["shown_jokers"] == [["JR", "free", None]]
        assert views[0]["shown"] == [] and views[3 if seat == 2 else 2]["shown"] == []
        assert "JY" not in json.dumps(obs)
    assert "JY" in json.dumps(t.observe(0))  # its owner knows it
    assert all("JY" not in json.dumps(e.for_seat(2).data) for e in t.events if e.for_seat(2))

    # JR stays public for the rest of the round.
    t.play((2, Stand()), (3, Stand()))
    assert "JR" in t.state.public and "JY" not in t.state.public
    assert "JR" in t.observe(3)["seats"][1]["shown"]


# -- W17 -----------------------------------------------------------------------------------------
W17_DECK = "R2 R1 RA G3 P4 GB Y4 G4 P6"  # W3's deal: Step-1 NOVE, seat 1 starts Step 2


def _w17_start(table, cards, draw, discard):
    """Seat 1 on turn (N=3, dealer 0) with the given piles (top first)."""
    t = table(3, 0, W17_DECK, keep_reshuffle_order=True)
    assert t.state.phase == Phase.TURN and t.to_act == (1,)
    t.rig(draw=cards(draw), discard=cards(discard))
    return t


def test_w17_reshuffle_when_draw_pile_is_empty(table, cards):
    """W17 - Running out of cards: the discard pile becomes the draw pile."""
    t = _w17_start(table, cards, "", "P2 GA Y5")
    events = t.play((1, Hit()))
    reshuffles = [e for e in events if e.kind == "reshuffle"]
    assert len(reshuffles) == 1 and reshuffles[0].is_public
    assert t.kinds(events).index("reshuffle") < t.kinds(events).index("hit")
    assert t.cards_received("hit", 1, events) == ["P2"]
    assert t.state.hands[1] == cards("R2 G3 Y4 P2")
    assert t.state.draw[::-1] == cards("GA Y5") and t.state.discard == []
    assert t.to_act == (1,)


def test_w17_both_piles_empty_hit_is_not_legal(table, cards):
    """W17 - Both piles empty: HIT is not legal."""
    t = _w17_start(table, cards, "", "")
    assert Hit() not in t.legal(1)
    assert t.refuse(1, Hit()) == "there is no card left to draw"


def test_w17_both_piles_empty_turns_end_by_themselves(table, cards):
    """W17 - Both piles empty: a normal turn ends by itself (automatic STAND, no action asked)."""
    t = _w17_start(table, cards, "", "P2 GA Y5")
    t.play((1, Hit()), (1, Hit()))
    events = t.round_of(t.play((1, Hit())))  # takes Y5, the last card: nothing left
    assert t.cards_received("hit", 1) == cards("P2 GA Y5")
    stands = t.of_kind("stand", events)
    assert [(s["seat"], s["automatic"]) for s in stands] == [(1, True), (2, True), (0, True)]
    assert "round_scored" in t.kinds(events)
    assert "reshuffle" not in t.kinds(events)


def test_w17_both_piles_empty_nove_still_possible(table, cards):
    """W17 - Both piles empty, but a Step-2 NOVE can be announced: ANNOUNCE_NOVE or STAND;
    after the announcement the turn ends by itself."""
    t = table(3, 2, "R2 R1 RA G3 Y2 GA YB G7 Y6 P4 JR")  # W7's deal and exchange
    t.play((0, Discard(("YB",))), (1, Discard(("G7",))), (2, KEEP))
    assert t.state.hands[1] == cards("R1 Y2 JR")
    t.rig(draw=[], discard=[])
    t.play((0, Stand()))
    assert t.to_act == (1,)
    assert t.legal(1) == [AnnounceNove(o) for o in "123456"] + [Stand()]
    events = t.round_of(t.play((1, AnnounceNove("1"))))
    stands = t.of_kind("stand", events)
    assert [(s["seat"], s["automatic"]) for s in stands] == [(1, True), (2, True)]
    assert "round_scored" in t.kinds(events)


def test_w17_special_mode_dealing_stops_when_no_card_is_left(table, cards):
    """W17 - In special mode the automatic dealing stops at the current value."""
    t = table(4, 3, "G6 R6 R4 PA P6 P5 G5 GB Y3 Y4 JR Y2 RB GC YA PC")  # W10
    t.play((0, KEEP), (1, KEEP), (2, KEEP), (3, KEEP), (0, Hit()), (0, Hit()), (1, Hit()))
    t.rig(draw=["PC"], discard=[])
    events = t.round_of(t.play((1, Hit())))
    assert "special_case" in t.kinds(events) and not t.of_kind("special_deal", events)
    rows = rows_by_seat(t.of_kind("round_scored", events)[0])
    assert (rows[2]["value"], rows[3]["value"]) == (16, 22)  # R4 G5 JR(7): stuck at 16


# -- W18 -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "order, expected_options, expected_points, expected_values",
    [
        pytest.param((0, 1), {0: "7", 1: "5"}, {0: 3, 1: 1}, {0: 31, 1: 30}, id="dealer1"),
        pytest.param((1, 0), {1: "6", 0: "4"}, {1: 2, 0: 3}, {1: 31, 0: 28}, id="dealer0"),
    ],
)
def test_w18_two_free_jokers_in_precedence_order(
    final_hands, order, expected_options, expected_points, expected_values
):
    """W18 - Two free jokers resolved in precedence order (both dealer variants)."""
    options, scores = final_hands(order, {0: "R4 G4 RA Y6 JR", 1: "YA PB G5 JY"})
    assert options == expected_options
    assert points_of(scores) == expected_points
    assert {s: row.value for s, row in scores.items()} == expected_values
