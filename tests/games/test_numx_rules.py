"""NUM-X rules beyond the worked examples: options, the five-round game, deck exhaustion,
Infini 4, the Num-X interrupt variant, windows, the lead deadlock, E2, draws, special cards,
copies of a card, first-out bookkeeping and readable refusals (spec sections 2, 4-10)."""

from __future__ import annotations

from typing import Any

import pytest
from numx_helpers import GAME, Numx, cards, play

from nove_desktop.engine import IllegalActionError, InvalidOptionsError, Rng, replay
from nove_desktop.engine.replay import Replay, SeatInfo
from nove_desktop.games import default_registry
from nove_desktop.games.numx import NumxOptions
from nove_desktop.games.numx.actions import (
    ALL,
    LEFT,
    ONE,
    ROTATE,
    SWAP,
    AddSpecial,
    ChooseMalus,
    Claim,
    ClaimNumX,
    Draw,
    Pass,
    Play,
    PlayNumX,
    Replenish,
)
from nove_desktop.games.numx.cards import INF, OBJECTIVES
from nove_desktop.games.numx.events import (
    Drawn,
    LeadPasses,
    MalusChosen,
    ObjectiveDealt,
    RoundEnded,
    RoundStarted,
    Taken,
    TrickEnded,
)
from nove_desktop.games.numx.state import NumxState, Phase


# -- options ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 1}, "2 to 6 players, not 1"),
        ({"players": 4, "rounds": 0}, "1 to 10 rounds"),
        ({"players": 4, "rounds": 11}, "1 to 10 rounds"),
        ({"players": 4, "objectives": "yes"}, "objectives must be true or false"),
        ({"players": 4, "infini_4": 1}, "infini_4 must be true or false"),
        ({"players": 3, "first_anchor": 3}, 'the first anchor must be "random" or a seat'),
        ({"players": 3, "first_anchor": "north"}, "the first anchor"),
        ({"players": 4, "malus_plus_values": [[1, 1], [2, 1]]}, "three pairs"),
        ({"players": 4, "malus_plus_values": [[1, 1], [2, 1], [0, 0]]}, "at least one card"),
        ({"players": 4, "malus_plus_values": [[1, 1], [2, 1], [9, 1]]}, "from 0 to 5"),
    ],
)
def test_bad_options_are_refused_with_a_readable_message(options: dict, message: str) -> None:
    with pytest.raises(InvalidOptionsError, match=message):
        NumxOptions(**options)


def test_bad_options_from_json_are_refused_too() -> None:
    with pytest.raises(InvalidOptionsError, match="expected true or false"):
        GAME.options_from_json({"players": 4, "objectives": "yes"})
    with pytest.raises(InvalidOptionsError, match="expected 3 items"):
        GAME.options_from_json({"players": 4, "malus_plus_values": [[1, 1], [2, 1]]})


def test_options_json_round_trip() -> None:
    options = NumxOptions(
        players=5, rounds=3, infini_4=True, numx_interrupt=True, first_anchor=2,
        malus_plus_values=((2, 0), (1, 1), (0, 3)),
    )  # fmt: skip
    assert GAME.options_from_json(GAME.options_to_json(options)) == options


def test_malus_plus_numbers_come_from_the_option() -> None:
    t = Numx(3, malus_plus_values=((2, 0), (1, 1), (1, 2)))
    t.rig(
        hands={0: "7a", 1: "MP1 8a 8b", 2: "9a"},
        malus={0: "1a 1b", 1: "1c 1d", 2: "1e 0a"},
        trick=[(0, "5a", 1, 5)],
        current=1,
        deck="2a 2b 2c",
    )
    t.special(1, "MP1", ONE, 2)
    t.play((1, play()))
    assert t.hand(2) == cards("2a 2b 9a") and t.area(2) == cards("1e 0a")


# -- the game --------------------------------------------------------------------------------------
def random_game(options: NumxOptions, seed: int) -> tuple[NumxState, int]:
    state, _ = GAME.new_game(options, seed)
    rng = Rng(seed)
    actions = 0
    while acting := GAME.to_act(state):
        GAME.apply(state, acting[0], rng.choice(GAME.legal_actions(state, acting[0])))
        actions += 1
    return state, actions


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_game_has_five_rounds_and_ends(players: int) -> None:
    state, _ = random_game(NumxOptions(players=players), players)
    result = GAME.result(state)
    assert result.over and result.rounds == 5
    assert result.winner == max(range(players), key=lambda s: (result.scores[s], -s))
    assert state.phase == Phase.GAME_OVER


def test_the_rounds_option_and_the_anchor_moving_clockwise() -> None:
    state, _ = GAME.new_game(NumxOptions(players=3, rounds=2, first_anchor=1), 5)
    assert state.anchor == 1
    rng = Rng(1)
    anchors = [state.anchor]
    while acting := GAME.to_act(state):
        for event in GAME.apply(state, acting[0], rng.choice(GAME.legal_actions(state, acting[0]))):
            if isinstance(event, RoundStarted):
                anchors.append(event.anchor)
    assert anchors == [1, 2] and GAME.result(state).rounds == 2


def test_six_seats_exhaust_the_deck_and_still_end() -> None:
    exhausted = 0
    for seed in range(6):
        state, _ = GAME.new_game(NumxOptions(players=6, rounds=1), seed)
        rng = Rng(seed)
        while acting := GAME.to_act(state):
            seat = acting[0]
            legal = GAME.legal_actions(state, seat)
            if not state.deck and state.phase == Phase.TURN:
                exhausted += 1
                assert Draw("deck") not in legal
            GAME.apply(state, seat, rng.choice(legal))
        assert GAME.result(state).over
    assert exhausted, "no seeded game ran the deck dry"


def test_a_new_objective_every_round() -> None:
    state, events = GAME.new_game(NumxOptions(players=4, rounds=3), 9)
    rng = Rng(2)
    dealt = []
    for event in events:
        if isinstance(event, ObjectiveDealt):
            dealt.append(event.objective)
    while acting := GAME.to_act(state):
        for event in GAME.apply(state, acting[0], rng.choice(GAME.legal_actions(state, acting[0]))):
            if isinstance(event, ObjectiveDealt):
                dealt.append(event.objective)
    assert len(dealt) == 12 and set(dealt) <= set(OBJECTIVES)
    assert len({tuple(dealt[i : i + 4]) for i in range(0, 12, 4)}) > 1


def test_without_objectives_nobody_holds_one() -> None:
    state, events = GAME.new_game(NumxOptions(players=4, objectives=False), 3)
    assert state.objectives == [None] * 4 and sorted(state.objective_pile) == list(OBJECTIVES)
    assert not [e for e in events if e.kind == "objective"]


# -- setup -----------------------------------------------------------------------------------------
def test_malus_choice_is_simultaneous_and_hidden() -> None:
    state, _ = GAME.new_game(NumxOptions(players=3, first_anchor=2), 4)
    assert GAME.to_act(state) == (0, 1, 2)
    choice = GAME.legal_actions(state, 1)[0]
    assert isinstance(choice, ChooseMalus)
    events = GAME.apply(state, 1, choice)
    assert GAME.to_act(state) == (0, 2)
    seen = events[0].for_seat(0)
    assert isinstance(seen, MalusChosen) and seen.cards is None
    assert set(choice.cards) & set(state.hands[1]) == set()
    with pytest.raises(IllegalActionError, match="you have already chosen"):
        GAME.apply(state, 1, choice)


# -- Infini 4 --------------------------------------------------------------------------------------
def infini(option: bool, hand: str, trick: list | None = None) -> Numx:
    t = Numx(4, infini_4=option)
    t.rig(hands={1: hand}, trick=trick or [], current=1, deck="2a 2b 2c 2d")
    return t


def test_infini_4_ends_the_trick_and_the_player_leads() -> None:
    t = infini(True, "infa infb infc JK1 5a")
    events = t.play((1, play("infa infb infc JK1")))
    assert not [e for e in events if e.kind == "fx_window"]
    assert t.of_kind(TrickEnded, events) == [TrickEnded(1, "infini_4")]


def test_without_infini_4_a_window_follows() -> None:
    t = infini(False, "infa infb infc JK1 5a")
    t.play((1, play("infa infb infc JK1")))
    assert t.state.phase == Phase.FX_WINDOW and t.trick == (4, INF)


def test_a_merged_total_of_four_is_not_infini_4() -> None:
    t = infini(True, "infc infd infe 5a", trick=[(0, "infa infb", 2, INF)])
    t.play((1, play("infc infd infe")))
    assert t.trick == (5, INF) and t.state.phase == Phase.FX_WINDOW


# -- the Num-X interrupt variant -------------------------------------------------------------------
def interrupt(option: bool) -> Numx:
    t = Numx(4, numx_interrupt=option)
    t.rig(
        hands={0: "2a 9a", 1: "8a 8b", 2: "3a 3b 7a", 3: "NX2 5a"},
        malus={0: "1a 1b", 1: "1c 1d", 2: "1e 0a", 3: "0b 0c"},
        current=0,
        deck="12a 12b",
    )
    t.play((0, play("2a")))
    return t


def test_num_x_interrupt_competes_under_precedence() -> None:
    t = interrupt(True)
    assert ClaimNumX("NX2") in t.legal(3)
    t.play((3, ClaimNumX("NX2")), (2, Claim(("3a", "3b"))))
    assert t.state.phase == Phase.FX_WINDOW, "S1 has not answered yet"
    t.play((1, Pass()))
    assert t.trick == (2, 3), "S2 outranks S3: its Facteur X applies"
    t.play((3, ClaimNumX("NX2")))
    assert t.of_kind(TrickEnded)[-1] == TrickEnded(3, "num_x")
    assert "NX2" in t.state.discard


def test_num_x_is_not_an_interrupt_by_default() -> None:
    t = interrupt(False)
    assert ClaimNumX("NX2") not in t.legal(3)
    assert "numx_interrupt" in t.refuse(3, ClaimNumX("NX2"))


# -- windows ---------------------------------------------------------------------------------------
def test_every_seat_is_listed_in_a_window_whatever_its_hand() -> None:
    t = Numx(4)
    t.rig(
        hands={0: "13a 13b", 1: "2a", 2: "", 3: "4a"},
        malus={2: "0a 0b"},
        trick=[(3, "12a", 1, 12)],
        current=0,
    )
    t.play((0, play("13a")))
    assert t.to_act == (1, 2, 3, 0)
    for seat in (1, 2, 3):
        assert t.legal(seat) == [Pass()]
        window = t.game.observe(t.state, seat).window
        assert window is not None and window.can_claim is False
    window = t.game.observe(t.state, 0).window
    assert window is not None and window.can_claim is False


def test_a_claim_by_the_last_player_itself() -> None:
    t = Numx(3)
    t.rig(hands={0: "2a 5a 5b 9a"}, current=0)
    t.play((0, play("2a")))
    assert Claim(("5a", "5b")) in t.legal(0)
    t.play((1, Pass()), (2, Pass()), (0, Claim(("5a", "5b"))))
    assert t.trick == (2, 5) and t.state.last_player == 0
    assert t.state.window is not None and t.state.window.order == (1, 2, 0)


def test_replays_record_window_decisions() -> None:
    options = NumxOptions(players=4)
    for seed in range(40):
        state, _ = GAME.new_game(options, seed)
        rng = Rng(seed)
        record = Replay("numx", GAME.options_to_json(options), [SeatInfo("r", "random")] * 4, seed)
        while acting := GAME.to_act(state):
            action = rng.choice(GAME.legal_actions(state, acting[0]))
            GAME.apply(state, acting[0], action)
            record.record(acting[0], action)
        types = {a["type"] for _s, a in record.actions}
        if "claim" in types:
            break
    assert {"claim", "pass"} <= types
    run = replay.run(replay.parse(record.to_json()), default_registry())
    assert GAME.state_to_json(run.state) == GAME.state_to_json(state)


# -- leading ---------------------------------------------------------------------------------------
def test_a_leader_that_can_open_must_open() -> None:
    t = Numx(4)
    t.rig(hands={1: "7a 8a"}, current=1, deck="2a")
    assert Pass() not in t.legal(1) and Draw("deck") not in t.legal(1)
    assert "open it" in t.refuse(1, Pass())
    assert "open it" in t.refuse(1, Draw("deck"))


def test_a_lead_that_meets_the_last_card_rule_only_with_a_swipe() -> None:
    t = Numx(4)
    t.rig(hands={1: "7a SW1"}, current=1, deck="2a")
    legal = t.legal(1)
    assert play("7a") not in legal and Pass() not in legal
    assert AddSpecial("SW1", ROTATE, LEFT) in legal
    t.special(1, "SW1", ROTATE, LEFT)
    assert t.legal(1) == [play("7a")], "the lead is compulsory: no specials-only play"
    t.play((1, play("7a")))
    assert t.hand(1) == [] and t.state.first_out == [1]


def test_the_lead_passes_on_and_a_full_circle_ends_the_round() -> None:
    t = Numx(3)
    t.rig(hands={0: "NX1", 1: "JK1 NX2", 2: "SW1 NX3"}, current=0, deck="2a")
    for seat in (0, 1):
        assert Pass() in t.legal(seat)
        t.play((seat, Pass()))
        assert t.of_kind(LeadPasses)[-1] == LeadPasses(seat + 1)
    t.play((2, Pass()))
    assert t.of_kind(RoundEnded)[-1].reason == "nobody could open a trick"


# -- E2, draws -------------------------------------------------------------------------------------
def test_taking_a_bare_seats_last_malus_card_ends_the_round_at_once() -> None:
    t = Numx(3)
    t.rig(
        hands={0: "", 1: "7a 8a", 2: "9a 9b"},
        malus={0: "4a", 1: "1a 1b", 2: "1c 1d"},
        trick=[(2, "3a", 1, 3)],
        current=1,
        deck="2a 2b",
    )
    assert Draw("1a") not in t.legal(1), "never from one's own area"
    assert "your own malus area" in t.refuse(1, Draw("1a"))
    events = t.play((1, Draw("4a")))
    assert t.of_kind(Taken, events) == [Taken(1, 0, "4a")]
    assert t.of_kind(RoundEnded, events)[0].reason.startswith("a seat has no card")


def test_a_deck_draw_is_seen_by_the_drawer_only() -> None:
    t = Numx(3)
    t.rig(hands={1: "7a 8a"}, trick=[(0, "13a", 1, 13)], current=1, deck="2a 2b")
    events = t.play((1, Draw("deck")))
    [draw] = [e for e in events if isinstance(e, Drawn)]
    assert draw.for_seat(1) == draw and draw.cards == ("2a",)
    hidden = draw.for_seat(0)
    assert hidden is not None and hidden.cards is None
    assert "2a" in t.hand(1) and "2a" not in t.state.public


# -- special cards and copies ----------------------------------------------------------------------
def test_swipe_copies_are_added_lowest_first_and_never_swap_with_oneself() -> None:
    t = Numx(4)
    t.rig(hands={1: "SW1 SW2 7a 8a"}, trick=[(0, "3a", 1, 3)], current=1)
    assert "add SW1 first" in t.refuse(1, AddSpecial("SW2", ROTATE, LEFT))
    assert "not with yourself" in t.refuse(1, AddSpecial("SW1", SWAP, 1))
    assert "left" in t.refuse(1, AddSpecial("SW1", ROTATE, "up"))
    t.special(1, "SW1", SWAP, 2)
    assert "already part" in t.refuse(1, AddSpecial("SW1", SWAP, 3))
    assert AddSpecial("SW2", SWAP, 3) in t.legal(1)
    assert "finish the play" in t.refuse(1, Pass())


def test_malus_plus_modes_are_checked() -> None:
    t = Numx(4)
    t.rig(hands={1: "MP2 7a 8a"}, trick=[(0, "3a", 1, 3)], current=1, deck="2a 2b 2c 2d")
    assert "names that seat" in t.refuse(1, AddSpecial("MP2", ONE, None))
    assert "names no target" in t.refuse(1, AddSpecial("MP2", ALL, 2))
    assert AddSpecial("MP2", ONE, 1) in t.legal(1), "the actor may target itself"


def test_copies_of_a_card_are_taken_lowest_first() -> None:
    t = Numx(4)
    t.rig(hands={1: "7a 7b 9a"}, malus={2: "7c 7d"}, trick=[(0, "3a", 1, 3)], current=1)
    assert "use 7a rather than 7b" in t.refuse(1, play("7b"))
    assert "use 7c rather than 7d" in t.refuse(1, play("7a 7d"))
    t.play((1, play("7a 7c")))
    assert t.area(2) == ["7d"]


def test_an_empty_play_is_not_a_pass() -> None:
    t = Numx(4)
    t.rig(hands={1: "7a 9a"}, trick=[(0, "3a", 1, 3)], current=1)
    assert "empty play is not a pass" in t.refuse(1, play())


def test_specials_and_jokers_on_the_board_are_not_played_from_there() -> None:
    t = Numx(4)
    t.rig(hands={1: "7a 9a"}, malus={2: "JK1 SW1", 3: "7b 7c"}, trick=[(0, "3a", 1, 3)], current=1)
    assert "cannot be played" in t.refuse(1, play("7a JK1"))
    assert "add_special" in t.refuse(1, play("SW1"))
    assert Draw("JK1") in t.legal(1) and Draw("SW1") in t.legal(1)
    assert Draw("7c") not in t.legal(1), "one copy per face and area: 7b"


def test_seats_emptying_their_hands_in_one_replenishment_all_join_first_out() -> None:
    t = Numx(4)
    t.rig(
        hands={0: "4a", 1: "5a", 2: "6a 6b 9a", 3: "8a"},
        malus={0: "1a", 1: "1b", 2: "1c 1d", 3: "1e"},
        trick=[(2, "3a", 1, 3)],
        current=3,
        deck="12a",
    )
    t.play((3, Pass()), (0, Pass()), (1, Pass()))  # back to S2: the trick ends
    assert t.to_act == (3,)
    t.play((3, Replenish(("8a",))), (0, Replenish(("4a",))), (1, Replenish(("5a",))))
    assert t.state.first_out == [0, 1, 3]
    assert t.state.phase == Phase.TURN and t.to_act == (2,)


# -- refusals --------------------------------------------------------------------------------------
def test_refusals_are_readable_and_change_nothing() -> None:
    state, _ = GAME.new_game(NumxOptions(players=4), 21)
    rng = Rng(5)
    probes = [
        Play(("7a",)), Play(("NX1",)), Play(("JK1",), 4), Claim(("9a", "9b")), Pass(),
        Draw("deck"), Draw("not-a-card"), PlayNumX("NX2"), ClaimNumX("NX3"),
        Replenish(("deck", "deck", "deck")), ChooseMalus(("2a",)), AddSpecial("MP1", "all"),
        AddSpecial("7a", "swap", 1), Play(("OB01",)),
    ]  # fmt: skip
    checked = 0
    for _ in range(400):
        acting = GAME.to_act(state)
        if not acting:
            break
        seat = acting[0]
        legal = GAME.legal_actions(state, seat)
        for probe in probes:
            for who in (seat, (seat + 1) % 4):
                if probe in GAME.legal_actions(state, who):
                    continue
                before = GAME.state_to_json(state)
                with pytest.raises(IllegalActionError) as info:
                    GAME.apply(state, who, probe)
                assert info.value.reason.strip() and "Traceback" not in info.value.reason
                assert GAME.state_to_json(state) == before
                checked += 1
        GAME.apply(state, seat, rng.choice(legal))
    assert checked > 1000


# -- internal consistency --------------------------------------------------------------------------
def test_derived_hand_and_board_views_follow_every_change() -> None:
    """The hand views kept on the state (updated card by card) and the board view always equal
    views built afresh from the state (a stale view would offer wrong legal actions)."""
    from nove_desktop.games.numx.combos import (
        BoardInfo,
        HandInfo,
        claim_slices,
        turn_slices,
        value_combos,
        value_table,
    )

    def listed(slices: list[Any]) -> list[Any]:
        return [table.cards[start:stop] for table, start, stop in slices]

    checked = 0
    for players in (2, 4, 6):
        state, _ = GAME.new_game(NumxOptions(players=players, rounds=2), players)
        rng = Rng(players)
        while acting := GAME.to_act(state):
            seat = acting[0]
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            for s, info in enumerate(state.hinfos):
                if info is None:
                    continue
                fresh = HandInfo(tuple(state.hands[s]))
                for name in (
                    "classics",
                    "jkey",
                    "jokers",
                    "malus_plus",
                    "most",
                    "numx",
                    "size",
                    "swipes",
                ):
                    assert getattr(info, name) == getattr(fresh, name), name
                assert list(info.by_value.items()) == list(fresh.by_value.items())
                assert info.groups() == fresh.groups()
                assert info.keys == fresh.keys  # (the hand's parts of the tables' keys)
                checked += 1
            if state.binfo is not None:
                fresh_board = BoardInfo(state.malus)
                assert state.binfo.keys == fresh_board.keys
                for s, info in enumerate(state.hinfos):  # the tables found by these keys
                    if info is None:
                        continue
                    for value in info.by_value.keys() | state.binfo.by_value.keys():
                        table = value_table(info, state.binfo, value)
                        own = info.by_value.get(value, ())
                        groups = state.binfo.by_value.get(value, ())
                        built = value_combos(own, groups, info.jokers)
                        assert (table.cards, table.taken) == (built.cards, built.taken), s
                    # the combinations listed, in order, whatever order the view's dicts are in
                    for count, value in ((1, 0), (2, 0), (2, 6), (3, 0)):
                        for slices in (claim_slices, turn_slices):
                            kept = listed(slices(info, state.binfo, count, value))
                            assert kept == listed(slices(info, fresh_board, count, value))
                # (the dicts' order is not meaningful: views updated in place do not keep it)
                assert state.binfo.by_value == fresh_board.by_value
                assert state.binfo.counts == fresh_board.counts
                assert state.binfo.most == fresh_board.most
                assert state.binfo.drawable == fresh_board.drawable
                assert state.binfo.draws == fresh_board.draws
    assert checked > 1000


def test_events_are_never_changed_once_returned() -> None:
    """Some frequent events (a pass in a window or on one's turn, a trick's start, a window
    closed by passes) are shared instances: what a seat was told must stay as it was told,
    for every seat's view, through whole games."""
    import json

    told = []
    for players in (2, 4, 6):
        state, _ = GAME.new_game(NumxOptions(players=players, rounds=2), 40 + players)
        rng = Rng(players)
        while acting := GAME.to_act(state):
            seat = acting[0]
            for event in GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat))):
                views = [event.for_seat(s) for s in (None, *range(players))]
                told.append((event, views, json.dumps([v and v.to_json() for v in views])))
    assert len({id(event) for event, _v, _j in told}) < len(told)  # (some are shared)
    for _event, views, text in told:
        assert json.dumps([v and v.to_json() for v in views]) == text


def _reference_combos(
    own: tuple[str, ...], groups: tuple[tuple[int, tuple[str, ...]], ...], jokers: tuple[str, ...]
) -> list[tuple[tuple[str, ...], tuple[int, int]]]:
    """Spec 6.1 spelled out: every choice of the lowest ``a`` hand copies, the lowest ``b`` copies
    of each area and the first ``j`` jokers, with a classic card; by size, and within a size in
    the order of the product (a, b1, ..., bk, j)."""
    from itertools import product

    from nove_desktop.games.numx.cards import ORDER

    ranges = [range(len(own) + 1), *(range(len(ids) + 1) for _s, ids in groups)]
    out = []
    for *counts, j in product(*ranges, range(len(jokers) + 1)):
        classic = list(own[: counts[0]])
        for (_seat, ids), b in zip(groups, counts[1:], strict=True):
            classic += ids[:b]
        if classic:
            out.append((tuple(sorted(classic, key=ORDER.__getitem__)) + jokers[:j], (counts[0], j)))
    return sorted(out, key=lambda combo: len(combo[0]))  # (a stable sort)


def test_value_tables_list_every_combination_in_order() -> None:
    """The tables made from shared recipes (copies as bit masks) equal the spelled-out list, for
    random splits of one value's copies between the hand and the malus areas."""
    import random

    from nove_desktop.games.numx.cards import ALL_VALUES, CLASSICS, JOKERS, VALUE
    from nove_desktop.games.numx.combos import value_combos

    rng = random.Random(7)
    for _ in range(3000):
        value = rng.choice(ALL_VALUES)
        copies = [card for card in CLASSICS if VALUE[card] == value]
        places = [rng.randrange(-1, 6) for _card in copies]  # -1: nowhere, 0: hand, 1-5: areas
        own = tuple(card for card, place in zip(copies, places, strict=True) if place == 0)
        groups = tuple(
            (seat, ids)
            for seat in range(1, 6)
            if (ids := tuple(c for c, p in zip(copies, places, strict=True) if p == seat))
        )
        if not own and not groups:
            continue
        jokers = tuple(sorted(rng.sample(JOKERS, rng.randrange(len(JOKERS) + 1))))
        table = value_combos(own, groups, jokers)
        expected = _reference_combos(own, groups, jokers)
        assert list(zip(table.cards, table.taken, strict=True)) == expected
        assert [play.cards for play in table.plays()] == list(table.cards)
        assert [claim.cards for claim in table.claims()] == list(table.cards)
        for k in range(1, len(table.cards) + 2):  # starts[k]: the first combination of k cards+
            first = table.start(k)
            assert all(len(c) < k for c in table.cards[:first])
            assert all(len(c) >= k for c in table.cards[first:])


def test_table_keys_tell_every_split_of_a_value_apart() -> None:
    """Value tables are cached by an int made of the copies each place holds and the jokers:
    no two different splits of a value's copies may share a key (one would get the other's
    table), while the same split in other seats' areas shares the same table."""
    import random

    from nove_desktop.games.numx.cards import ALL_VALUES, CLASSICS, JOKERS, ORDER, VALUE
    from nove_desktop.games.numx.combos import BoardInfo, HandInfo, value_combos, value_table

    rng = random.Random(11)
    for _ in range(3000):
        value = rng.choice(ALL_VALUES)
        copies = [card for card in CLASSICS if VALUE[card] == value]
        places = [rng.randrange(-1, 6) for _card in copies]  # -1: nowhere, 0: hand, 1-5: areas
        board: list[list[str]] = [[] for _seat in range(6)]
        for card, place in zip(copies, places, strict=True):
            if place > 0:
                board[place].append(card)
        own = tuple(card for card, place in zip(copies, places, strict=True) if place == 0)
        jokers = tuple(sorted(rng.sample(JOKERS, rng.randrange(len(JOKERS) + 1))))
        if not own and not any(board):
            continue
        hand = tuple(sorted(own + jokers, key=ORDER.__getitem__))
        binfo = BoardInfo(board)
        table = value_table(HandInfo(hand), binfo, value)
        built = value_combos(own, binfo.by_value.get(value, ()), jokers)
        assert (table.cards, table.taken) == (built.cards, built.taken)


def test_true_is_not_a_seat_number() -> None:
    t = Numx(4)
    t.rig(hands={1: "SW1 7a 8a", 2: "JK1 5a"}, trick=[(0, "3a", 1, 3)], current=1)
    t.refuse(1, AddSpecial("SW1", SWAP, True))
    assert AddSpecial("SW1", SWAP, 2) in t.legal(1)


def test_a_special_that_would_leave_no_legal_play_cannot_be_added() -> None:
    t = Numx(4)
    t.rig(hands={1: "JK1 SW1"}, malus={2: "5a 5b"}, trick=[(0, "3a", 1, 3)], current=1)
    assert not [a for a in t.legal(1) if isinstance(a, AddSpecial)]
    assert "no legal play would remain" in t.refuse(1, AddSpecial("SW1", ROTATE, LEFT))
    assert play("5a") in t.legal(1), "board cards alone remain playable"


def test_the_fast_action_codec_agrees_with_the_generic_one() -> None:
    """``actions.CODEC`` reads well-formed actions without the generic checks: on real actions
    and on variants with one field changed it gives the same action or the same error."""
    from nove_desktop.engine import FormatError
    from nove_desktop.engine.actions import ActionCodec, to_plain_fields
    from nove_desktop.games.numx.actions import CODEC

    generic = ActionCodec(
        ChooseMalus, AddSpecial, Play, PlayNumX, Pass, Draw, Claim, ClaimNumX, Replenish
    )

    def read(codec: ActionCodec, data: object) -> tuple[str, object]:
        try:
            return ("action", codec.from_json(data))
        except FormatError as exc:
            return ("error", str(exc))

    state, _ = GAME.new_game(NumxOptions(players=3, numx_interrupt=True), 8)
    rng = Rng(8)
    seen: list[dict] = []
    while acting := GAME.to_act(state):
        legal = GAME.legal_actions(state, acting[0])
        for action in legal:
            data = action.to_json()
            assert data == {"type": action.TYPE, **to_plain_fields(action)}
            seen.append(data)
        GAME.apply(state, acting[0], rng.choice(legal))
    pool = [None, True, 2, -1, "deck", "", ["7a"], ["7a", 3], [], {"a": 1}]
    checked = 0
    for data in seen[::7]:
        variants: list[Any] = [data, {**data, "extra": 1}, [data], {**data, "type": ["play"]}]
        variants += [{**data, key: value} for key in data for value in pool]
        for variant in variants:
            assert read(CODEC, variant) == read(generic, variant), variant
            checked += 1
    assert checked > 3000
