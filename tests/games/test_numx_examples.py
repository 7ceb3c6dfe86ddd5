"""The worked examples NE-1 .. NE-24 of the NUM-X spec (``shared/rules/numx.md`` section 14).

Unless stated: 4 seats, anchor S3 (3 seats: S2, 5 seats: S4), default options. Mid-round
examples rig the example's position (``numx_helpers.Numx.rig``) and play on through ``apply``.
"""

from __future__ import annotations

import pytest
from numx_helpers import Numx, cards, play, strings

from nove_desktop.engine import InvalidOptionsError
from nove_desktop.games.numx import NumxGame, NumxOptions
from nove_desktop.games.numx.actions import (
    ALL,
    LEFT,
    RIGHT,
    ROTATE,
    SWAP,
    ChooseMalus,
    Claim,
    Draw,
    Pass,
    PlayNumX,
    Replenish,
)
from nove_desktop.games.numx.cards import (
    CLASSICS,
    FULL_DECK,
    INF,
    OBJECTIVES,
    ORDER,
    PLAYING_DECK,
    SPECIALS,
    VALUE,
    WEIGHT,
)
from nove_desktop.games.numx.events import (
    CombinationPlayed,
    FirstLeader,
    HandsRevealed,
    RoundEnded,
    RoundScored,
    TrickEnded,
)
from nove_desktop.games.numx.scoring import score_seats
from nove_desktop.games.numx.state import Phase


# -- NE-1 ------------------------------------------------------------------------------------------
def test_ne1_deck_invariants() -> None:
    assert len(FULL_DECK) == 101 and len(set(FULL_DECK)) == 101
    assert len(CLASSICS) == 79 and len(SPECIALS) == 12 and len(OBJECTIVES) == 10
    copies = {v: sum(1 for c in CLASSICS if VALUE[c] == v) for v in {VALUE[c] for c in CLASSICS}}
    assert copies == {-2: 1, -1: 2, 0: 3, **{v: 5 for v in range(1, 14)}, INF: 8}
    assert len(PLAYING_DECK) == 91
    assert sum(WEIGHT[c] for c in CLASSICS) == 611
    assert sum(WEIGHT[c] for c in PLAYING_DECK) == 851
    for players, left in ((2, 65), (3, 52), (4, 39), (5, 26), (6, 13)):
        state, _ = NumxGame().new_game(NumxOptions(players=players), seed=players)
        assert len(state.deck) == left
        assert all(len(h) == 13 for h in state.hands)
    with pytest.raises(InvalidOptionsError, match="2 to 6 players"):
        NumxOptions(players=7)


# -- NE-2 ------------------------------------------------------------------------------------------
def ne2() -> Numx:
    t = Numx(4)
    t.rig(
        hands={1: "7c 7d 7e 8a 8b 9a 9b 9c 6a 13a JK1"},
        malus={2: "infa 5a", 3: "5b 5c"},
        trick=[(0, "7a 7b", 2, 7)],
        current=1,
    )
    return t


@pytest.mark.parametrize(
    ("combination", "after"),
    [
        ("8a 8b", (2, 8)),
        ("infa JK1", (2, INF)),
        ("7c 7d 7e", (5, 7)),
        ("9a 9b 9c", (3, 9)),
        ("5a 5b 5c", (3, 5)),
    ],
)
def test_ne2_legal_answers_to_two_sevens(combination: str, after: tuple[int, int]) -> None:
    t = ne2()
    t.play((1, play(combination)))
    assert t.trick == after
    assert t.state.last_player == 1
    assert t.state.phase == Phase.FX_WINDOW


def test_ne2_board_cards_leave_the_areas_that_refill_later() -> None:
    t = ne2()
    t.play((1, play("5a 5b 5c")))
    assert t.area(2) == ["infa"] and t.area(3) == []
    t = ne2()
    t.play((1, play("infa JK1")))
    assert t.area(2) == ["5a"]


@pytest.mark.parametrize(
    ("combination", "why"),
    [
        ("7c 7d 7e JK1", "need a value above 7"),
        ("6a JK1", "higher than 7"),
        ("13a", "at least 2"),
        ("JK1", "single card"),
        ("8a 9a", "same value"),
    ],
)
def test_ne2_illegal_answers(combination: str, why: str) -> None:
    t = ne2()
    action = play(combination, 9 if combination == "JK1" else None)
    assert action not in t.legal(1)
    assert why in t.refuse(1, action)


# -- NE-3 ------------------------------------------------------------------------------------------
def test_ne3_the_source_fusion_example() -> None:
    t = Numx(5)
    t.rig(
        hands={
            2: "11a 3a",
            3: "11b 11c 3b",
            4: "11d 11e JK1 JK2 2a 2b 2c 2d 12a 12b 12c 12d 12e 3c",
        },
        trick=[(1, "9a", 1, 9)],
        current=2,
    )
    t.play((2, play("11a")))
    assert t.trick == (1, 11)
    t.all_pass()
    t.play((3, play("11b 11c")))
    assert t.trick == (3, 11)
    assert t.of_kind(CombinationPlayed)[-1].play_kind == "fusion"
    t.all_pass()
    assert t.to_act == (4,)
    legal = t.legal(4)
    for combination in (
        "12a 12b 12c",  # three cards of a value above 11: (3, 12)
        "11d 11e JK1 JK2",  # four 11s merge: (7, 11)
        "2a 2b 2c 2d",  # four cards of another value: (4, 2)
        "12a 12b 12c 12d",  # (4, 12), also a Facteur X
        "12a 12b 12c 12d 12e",  # Facteur X: (5, 12)
    ):
        assert play(combination) in legal, combination
    for combination in ("12a 12b", "2a 2b 2c"):
        assert play(combination) not in legal
        t.refuse(4, play(combination))
    t.play((4, play("11d 11e JK1 JK2")))
    assert t.trick == (7, 11)


# -- NE-4 ------------------------------------------------------------------------------------------
def lone_joker(trick: list[tuple[int, str, int, int]]) -> Numx:
    t = Numx(4)
    t.rig(hands={1: "JK2 5a 6a"}, trick=trick, current=1)
    return t


def test_ne4_the_lone_joker() -> None:
    t = lone_joker([(0, "9a", 1, 9)])
    assert play("JK2", 9) not in t.legal(1)
    assert "another value" in t.refuse(1, play("JK2", 9))
    t.play((1, play("JK2", 4)))
    assert t.trick == (1, 4)
    assert t.of_kind(CombinationPlayed)[-1].play_kind == "joker_dive"
    t = lone_joker([(0, "9a", 1, 9)])
    t.play((1, play("JK2", INF)))
    assert t.trick == (1, INF)
    t = lone_joker([(0, "9a 9b", 2, 9)])
    assert not [a for a in t.legal(1) if getattr(a, "cards", None) == ("JK2",)]
    assert "single card" in t.refuse(1, play("JK2", 13))
    t = lone_joker([])
    t.play((1, play("JK2", -2)))
    assert t.trick == (1, -2)


# -- NE-5 ------------------------------------------------------------------------------------------
def test_ne5_facteur_x_window_precedence() -> None:
    t = Numx(4)
    t.rig(
        hands={0: "2a 9a", 1: "8a 8b", 2: "3a 3b 7a", 3: "5a 5b 5c 7b"},
        current=0,
    )
    t.play((0, play("2a")))
    assert t.trick == (1, 2) and t.state.last_player == 0
    assert t.to_act == (1, 2, 3, 0)
    assert t.state.window is not None and t.state.window.order == (1, 2, 3, 0)
    t.play((2, Claim(("3a", "3b"))), (3, Claim(("5a", "5b", "5c"))), (0, Pass()))
    assert t.trick == (1, 2), "S1 outranks S2: nothing is resolved yet"
    assert t.to_act == (1,)  # type: ignore[comparison-overlap]  # narrowed before play()
    t.play((1, Pass()))
    assert t.trick == (2, 3) and t.state.last_player == 2
    assert t.hand(3) == cards("5a 5b 5c 7b"), "the losing claim's cards never moved"
    assert t.state.window is not None and t.state.window.order == (3, 0, 1, 2)
    t.play((3, Claim(("5a", "5b", "5c"))))
    assert t.trick == (3, 5) and t.state.last_player == 3
    t.all_pass()
    assert t.state.phase == Phase.TURN
    assert t.to_act == (0,)  # type: ignore[comparison-overlap]  # narrowed before play()


def test_ne5_claims_stay_hidden_until_applied() -> None:
    t = Numx(4)
    t.rig(hands={0: "2a 9a", 1: "8a 8b", 2: "3a 3b 7a", 3: "5a 5b 5c 7b"}, current=0)
    t.play((0, play("2a")))
    events = t.play((2, Claim(("3a", "3b"))))
    for seat in (0, 1, 3):
        seen = [e.for_seat(seat) for e in events]
        assert all("3a" not in strings(e.to_json()) for e in seen if e is not None)
    other = t.game.observe(t.state, 1).window
    assert other is not None and other.answered is False
    mine = t.game.observe(t.state, 2).window
    assert mine is not None and mine.answered and mine.my_claim == ("3a", "3b")
    assert "3a" not in strings(t.game.observe(t.state, 1).to_json())


# -- NE-6 ------------------------------------------------------------------------------------------
def test_ne6_a_trick_that_nobody_covers() -> None:
    t = Numx(4)
    t.rig(
        hands={0: "4a 4b", 1: "6a SW1 2a", 2: "10b 3c", 3: "5d 5e"},
        malus={0: "1a 1b", 1: "1c 1d", 2: "1e 0a", 3: "0b 0c"},
        deck="12a 12b",
        current=1,
    )
    t.play((1, play("6a")))
    t.all_pass()
    t.play((2, play("10b")))
    assert t.trick == (1, 10)
    t.all_pass()
    t.play((3, Pass()), (0, Draw("deck")))
    t.special(1, "SW1", ROTATE, LEFT)
    t.play((1, play()))
    assert [e.reason for e in t.of_kind(TrickEnded)] == ["uncovered"]
    assert t.of_kind(TrickEnded)[-1].leader == 2
    assert t.state.phase == Phase.TURN and t.to_act == (2,)  # every area still holds 2 cards


# -- NE-7 ------------------------------------------------------------------------------------------
def test_ne7_num_x_ends_the_trick() -> None:
    t = Numx(4)
    t.rig(
        hands={2: "NX1 4a 9c 13a"},
        malus={0: "1a 1b", 1: "1c 1d", 2: "1e 0a", 3: "0b"},
        trick=[(1, "12a 12b 12c", 3, 12)],
        current=2,
        deck="3a 3b",
    )
    assert "alone" in t.refuse(2, play("NX1 13a"))
    events = t.play((2, PlayNumX("NX1")))
    assert not [e for e in events if e.kind == "fx_window"]
    assert t.of_kind(TrickEnded, events)[0] == TrickEnded(2, "num_x")
    assert t.to_act == (3,), "S3 refills first (replenishment starts with the leader, S2)"
    t.play((3, Replenish(("deck",))))
    assert t.state.phase == Phase.TURN and t.to_act == (2,)


def test_ne7_num_x_refusals() -> None:
    t = Numx(4)
    t.rig(hands={2: "NX1 4a 9c"}, current=2)
    assert "cannot open" in t.refuse(2, PlayNumX("NX1"))
    t = Numx(4)
    t.rig(hands={2: "NX1"}, trick=[(1, "12a", 1, 12)], current=2, malus={2: "3a 3b"})
    assert PlayNumX("NX1") not in t.legal(2)
    assert "last card" in t.refuse(2, PlayNumX("NX1"))


# -- NE-8 ------------------------------------------------------------------------------------------
NE8_AREAS = {0: "4a 9b", 1: "0a", 2: "13c infa 2d", 3: "m1a 7e"}


def ne8(mode: str, target: object) -> Numx:
    t = Numx(4)
    t.rig(
        hands={0: "SW1 5a 6a"},
        malus=NE8_AREAS,
        trick=[(3, "3a", 1, 3)],
        current=0,
        deck="8a 8b 8c",
    )
    t.special(0, "SW1", mode, target)
    t.play((0, play()))
    return t


def areas(t: Numx) -> list[list[str]]:
    return [t.area(s) for s in range(4)]


def test_ne8_rotate_left() -> None:
    t = ne8(ROTATE, LEFT)
    assert areas(t) == [cards("m1a 7e"), cards("4a 9b"), cards("0a"), cards("13c infa 2d")]
    t.play((1, Pass()), (2, Pass()))  # the next seat is S3, the last player: the trick ends
    assert t.state.phase == Phase.REPLENISH and t.to_act == (2,)
    t.play((2, Replenish(("deck",))))
    assert t.area(3) == cards("13c infa 2d"), "S3 keeps its three cards"
    assert t.phase() == Phase.TURN and t.to_act == (3,)


def test_ne8_rotate_right_and_swap() -> None:
    t = ne8(ROTATE, RIGHT)
    assert areas(t) == [cards("0a"), cards("13c infa 2d"), cards("m1a 7e"), cards("4a 9b")]
    t.play((1, Pass()), (2, Pass()))
    assert t.to_act == (0,), "only S0 refills"
    t = ne8(SWAP, 2)
    assert t.area(0) == cards("13c infa 2d") and t.area(2) == cards("4a 9b")
    assert t.area(1) == cards("0a") and t.area(3) == cards("m1a 7e")


# -- NE-9 ------------------------------------------------------------------------------------------
def test_ne9_malus_plus_for_everybody() -> None:
    deck = "d1 d2 d3 d4 d5 d6 d7 d8 d9"
    real = "2a 2b 2c 2d 2e 3a 3b 3c 3d"
    names = dict(zip(cards(real), cards(deck), strict=True))
    t = Numx(3)
    t.rig(
        hands={0: "7a", 1: "MP3 8a 8b", 2: "9a"},
        malus={0: "1a 1b", 1: "1c 1d", 2: "1e 0a"},
        trick=[(0, "5a", 1, 5)],
        current=1,
        deck=real,
    )
    t.special(1, "MP3", ALL)
    t.play((1, play()))
    got = {s: ([names.get(c) for c in t.hand(s) if c in names], t.area(s)[2:]) for s in range(3)}
    assert got[1] == (["d1"], ["2b", "2c"])
    assert got[2] == (["d4"], ["2e", "3a"])  # d5 d6
    assert got[0] == (["d7"], ["3c", "3d"])  # d8 d9


def test_ne9_malus_plus_stops_when_the_deck_runs_out() -> None:
    t = Numx(3)
    t.rig(
        hands={0: "7a", 1: "MP3 8a 8b", 2: "9a"},
        malus={0: "1a 1b", 1: "1c 1d", 2: "1e 0a"},
        trick=[(0, "5a", 1, 5)],
        current=1,
        deck="2a 2b 2c 2d 2e",
    )
    t.special(1, "MP3", ALL)
    t.play((1, play()))
    assert t.hand(1) == cards("2a 8a 8b") and t.area(1)[2:] == cards("2b 2c")
    assert t.hand(2) == cards("2d 9a") and t.area(2)[2:] == cards("2e")
    assert t.hand(0) == cards("7a") and t.area(0) == cards("1a 1b")
    assert t.state.deck == []


# -- NE-10 -----------------------------------------------------------------------------------------
def ne10(hand: str) -> Numx:
    t = Numx(4)
    t.rig(
        hands={2: hand},
        malus={0: "1a 1b", 1: "1c 1d", 2: "0a 0b", 3: "1e 0c"},
        trick=[(1, "5a", 1, 5)],
        current=2,
        deck="12a",
    )
    return t


def test_ne10_the_last_card_rule_with_a_swipe() -> None:
    t = ne10("SW2 7a")
    assert play("7a") not in t.legal(2)
    assert "last card" in t.refuse(2, play("7a"))
    t.special(2, "SW2", SWAP, 0)
    assert play() in t.legal(2) and play("7a") in t.legal(2)
    t.play((2, play("7a")))
    assert t.hand(2) == [] and t.state.first_out == [2]
    assert t.area(2) == cards("1a 1b") and t.area(0) == cards("0a 0b")


def test_ne10_specials_only_keeps_the_classic() -> None:
    t = ne10("SW2 7a")
    t.special(2, "SW2", SWAP, 0)
    t.play((2, play()))
    assert t.hand(2) == ["7a"]


def test_ne10_going_out_with_a_joker_and_a_classic() -> None:
    t = ne10("JK1 7a")
    t.play((2, play("7a JK1")))
    assert t.trick == (2, 7) and t.hand(2) == []


def test_ne10_a_lone_joker_cannot_be_the_last_card() -> None:
    t = ne10("JK1")
    assert not [a for a in t.legal(2) if getattr(a, "cards", ()) == ("JK1",)]
    assert "last card" in t.refuse(2, play("JK1", 9))


def test_ne10_only_specials_left() -> None:
    t = ne10("JK1 NX2")
    legal = t.legal(2)
    assert Pass() in legal and Draw("deck") in legal
    assert PlayNumX("NX2") not in legal
    for action in legal:
        if hasattr(action, "cards"):
            assert not set(action.cards) & {"JK1", "NX2"}, action
    assert play("0a 0b") in legal, "board cards remove no hand card"


# -- NE-11 -----------------------------------------------------------------------------------------
def test_ne11a_an_empty_hand_at_the_end_of_a_trick_ends_the_round() -> None:
    t = Numx(3)
    t.rig(
        hands={0: "4b", 1: "5a 6a 6b 6c 6d", 2: "7a 7b"},
        malus={0: "9a", 1: "1a", 2: "2a 2b"},
        trick=[(2, "3a", 1, 3)],
        current=0,
        deck="12a 12b",
        objectives={},
    )
    t.play((0, play("4b")))
    assert t.state.first_out == [0]
    t.all_pass()
    t.play((1, play("5a")))
    t.all_pass()
    t.play((2, Pass()), (0, Pass()))
    assert t.of_kind(RoundEnded)[-1].reason == "a seat emptied its hand"
    assert t.state.phase == Phase.COMPLETION and t.to_act == (1,)
    t.play((1, Replenish(("6a",))))
    summary = t.of_kind(RoundScored)[-1]
    s0 = summary.seats[0]
    assert (s0.malus_part, s0.hand_part) == (-9, 0)
    assert summary.seats[1].malus_part == -7  # 1a + 6a
    assert summary.seats[2].malus_part == -4


def test_ne11b_emptying_the_hand_by_refilling_does_not_end_the_round() -> None:
    t = Numx(3)
    t.rig(
        hands={0: "5a", 1: "6a 6b 6c 8d", 2: "7a 7b"},
        malus={0: "9a", 1: "1a 1b", 2: "2a 2b"},
        trick=[(1, "3a", 1, 3)],
        current=2,
        deck="12a 12b",
    )
    t.play((2, Pass()), (0, Pass()))  # back to S1, the last player: the trick ends
    assert t.state.phase == Phase.REPLENISH and t.to_act == (0,)
    t.play((0, Replenish(("5a",))))
    assert t.hand(0) == [] and t.area(0) == cards("9a 5a")
    assert t.state.first_out == [0]
    assert t.phase() == Phase.TURN and t.to_act == (1,)
    t.play((1, play("6a")))
    t.all_pass()
    t.play((2, Pass()))
    assert Pass() in t.legal(0), "a seat with an empty hand plays on (board cards, draw, pass)"
    t.play((0, Pass()))  # S0 holds no card when the trick ends: E1
    assert t.of_kind(RoundEnded)[-1].reason == "a seat emptied its hand"


# -- NE-12 -----------------------------------------------------------------------------------------
def first_leader(areas: dict[int, str]) -> int:
    """Deal each seat its two named cards plus 11 classic cards of other values, then let every
    seat choose the named cards."""
    t = Numx(4, anchor=0)
    named = {c for text in areas.values() for c in cards(text)}
    values = {VALUE[c] for c in named}
    spare = [c for c in PLAYING_DECK if VALUE[c] is not None and VALUE[c] not in values]
    for seat in range(4):
        hand = cards(areas[seat]) + spare[seat * 11 : seat * 11 + 11]
        t.state.hands[seat] = sorted(hand, key=ORDER.__getitem__)
    used = {c for hand in t.state.hands for c in hand}
    t.state.deck = [c for c in PLAYING_DECK if c not in used]
    t.state.changed()
    for seat in t.to_act:
        t.play((seat, ChooseMalus(tuple(cards(areas[seat])))))
    return t.of_kind(FirstLeader)[-1].seat


def test_ne12_first_leader() -> None:
    areas = {0: "5a 9b", 1: "0a 13c", 2: "0b 4d", 3: "infa SW1"}
    assert first_leader(areas) == 2
    areas[2] = "0b 13d"
    assert first_leader(areas) == 1


# -- NE-13 -----------------------------------------------------------------------------------------
def test_ne13_replenishment_with_a_nearly_empty_deck() -> None:
    t = Numx(4)
    t.rig(
        hands={0: "4a 4b", 1: "6a 6b 7c", 2: "8a 8b", 3: "9a 9b"},
        malus={0: "1a 1b", 2: "1c 1d", 3: "0a"},
        trick=[(1, "3a", 1, 3)],
        current=1,
        last_player=2,
        deck="12a",
    )
    t.play((1, Pass()))  # the next seat is S2, the last player: the trick ends
    assert t.to_act == (3,)
    assert Replenish(("deck",)) in t.legal(3)
    t.play((3, Replenish(("deck",))))
    assert t.area(3) == cards("0a 12a")
    assert t.to_act == (1,)
    assert not [a for a in t.legal(1) if "deck" in a.sources]
    assert "only 0 card" in t.refuse(1, Replenish(("deck", "6a")))
    t.play((1, Replenish(("6a", "7c"))))
    assert t.area(1) == cards("6a 7c") and t.to_act == (2,)


# -- NE-14 -----------------------------------------------------------------------------------------
def test_ne14_a_full_round_scoring() -> None:
    scores = score_seats(
        areas=[cards("3a 11b"), cards("12a 6c"), cards("4c 3b")],
        hands=[cards("4a 9b infa"), [], cards("JK1 2b")],
        objectives=["OB10", "OB09", "OB05"],
        first_out=[1],
    )
    assert [s.score for s in scores] == [0, -8, -16]
    assert (scores[2].malus_part, scores[2].hand_part) == (-7, -22)


def test_ne14_through_the_engine() -> None:
    """The NE-14 scores, reached by play: S1 empties its hand by refilling (first out), S0
    leads, the trick ends with S1's hand still empty (E1)."""
    t = Numx(3)
    t.rig(
        hands={0: "4a 9b infa", 1: "6c", 2: "JK1 2b"},
        malus={0: "3a 11b", 1: "12a", 2: "4c 3b"},
        trick=[(0, "5a", 1, 5)],
        current=1,
        objectives={0: "OB10", 1: "OB09", 2: "OB05"},
        deck="13a 13b",
    )
    t.play((1, Pass()), (2, Pass()))  # back to S0, the last player: the trick ends
    assert t.to_act == (1,)
    t.play((1, Replenish(("6c",))))
    assert t.state.first_out == [1] and t.to_act == (0,)
    t.play((0, play("4a")))
    t.all_pass()
    t.play((1, Pass()), (2, Pass()))
    summary = t.of_kind(RoundScored)[-1]
    assert t.of_kind(HandsRevealed)[-1].objectives == ("OB10", "OB09", "OB05")
    assert [s.objective for s in summary.seats] == [10, 9, 5]
    # S0 now holds 9b infa (-4): -14 - 4 + 20; S1 and S2 exactly as in NE-14
    assert [s.score for s in summary.seats] == [2, -8, -16]
    assert t.state.totals == [2, -8, -16]


# -- NE-15 .. NE-24: one per objective row ---------------------------------------------------------
def objective_score(objective: str, area: str, first_out: bool = False, **kw: object) -> int:
    """Seat 0's round score with an empty hand and ``area``; OB10 looks at seat 2 (S0's right
    neighbour with 3 seats), whose objective and area come from ``kw``."""
    neighbour_objective = kw.get("neighbour", "OB05")
    neighbour_area = kw.get("neighbour_area", "4a 3a")
    scores = score_seats(
        areas=[cards(area), cards("5b 5c"), cards(str(neighbour_area))],
        hands=[[], [], []],
        objectives=[objective, None, str(neighbour_objective)],
        first_out=[0] if first_out else [],
    )
    return scores[0].score


@pytest.mark.parametrize(
    ("objective", "area", "score"),
    [
        ("OB01", "8a 8b", 8),
        ("OB01", "2a 2b", 2),
        ("OB01", "m1a m1b", 2),
        ("OB01", "infa infb", 20),
        ("OB01", "8a 8b 3a", -19),
        ("OB02", "infa 7a", 3),
        ("OB02", "infa 1a", 9),
        ("OB03", "SW1 12a", -2),
        ("OB03", "13a 9a", 8),
        ("OB03", "13a 7a", -20),
        ("OB04", "3a 1a", 6),
        ("OB04", "1a 0a", 9),
        ("OB04", "0a m1a", 11),
        ("OB04", "4a 1b", -5),
        ("OB05", "4a 3a", 6),
        ("OB05", "6a 1a", 6),
        ("OB05", "9a m2a", 6),
        ("OB06", "11a 2a", 10),
        ("OB07", "NX1 SW1", 20),
        ("OB07", "SW2 MP1", 20),
        ("OB07", "SW1 13a", -33),
        ("OB08", "7a 3a 10a 2a", 18),
        ("OB08", "2a 12a 10a 8a", 8),
        ("OB08", "1a 1b 2a 3a 4a", 29),
    ],
)
def test_ne15_to_ne22_objective_rows(objective: str, area: str, score: int) -> None:
    assert objective_score(objective, area) == score


def test_ne15_a_met_objective_that_would_lower_the_score_is_not_applied() -> None:
    scores = score_seats([cards("m1a m1b")], [[]], ["OB01"], [])
    assert scores[0].met and not scores[0].applied and scores[0].score == 2


def test_ne23_first_to_empty_the_hand() -> None:
    assert objective_score("OB09", "12a 6a", first_out=True) == -8
    assert objective_score("OB09", "5a 7a", first_out=True) == -2
    assert objective_score("OB09", "5a 7a", first_out=False) == -12


def test_ne24_the_right_neighbour_succeeds() -> None:
    assert objective_score("OB10", "3a 11a") == 6
    assert objective_score("OB10", "3a 11a", neighbour_area="4a 4b") == -14
    # "achieved" counts for OB10 even when the neighbour's bonus was not applied (N-A59, N-A65)
    assert objective_score("OB10", "3a 11a", neighbour="OB01", neighbour_area="m1a m1b") == 6
