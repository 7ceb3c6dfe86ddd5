"""The worked examples KE-1..KE-17 of the Kaël spec (``shared/rules/kael.md`` section 13) and the
reaction-window rules of section 7.

Mid-round examples start a real game (4 seats, dealer S3, default options), deal, then set the
example's hands, table, deck and turn counters by hand (``Kael.rig``) and play on through
``apply`` only.
"""

from __future__ import annotations

import pytest

from nove_desktop.engine import IllegalActionError, InvalidOptionsError, events_for_seat
from nove_desktop.games.kael import KaelGame, KaelOptions, flow
from nove_desktop.games.kael.actions import (
    CallKael,
    ChooseHandSize,
    Cut,
    DrawOnly,
    GoodDraw,
    KeepCard,
    Lay,
    LayPass,
    LaySquare,
    Pass,
)
from nove_desktop.games.kael.cards import DECK, POINTS, RANK
from nove_desktop.games.kael.scoring import ranking
from nove_desktop.games.kael.state import Phase

DECK_, TABLE = "deck", "table"


def cards(text: str) -> list[str]:
    return text.split()


class Kael:
    """One game of Kaël driven through the public API, with a hand-made mid-round position."""

    def __init__(self, players: int = 4, dealer: int = 3, seed: int = 0, **options) -> None:
        self.game = KaelGame()
        self.options = KaelOptions(players=players, first_dealer=dealer, **options)
        self.state, self.events = self.game.new_game(self.options, seed)
        if self.state.phase == Phase.CHOOSE_HAND_SIZE:
            self.play((dealer, ChooseHandSize(5)))

    def rig(
        self,
        hands: dict[int, str] | None = None,
        table: str = "5b",
        deck: str = "",
        rest_to: int | None = None,
        circuit: bool = False,
        totals: list[int] | None = None,
        current: int | None = None,
    ) -> None:
        """Hands and table as given (``table`` bottom to top, laid by nobody), the deck's top
        cards top first; every other card goes under the deck (or to seat ``rest_to``). Seats
        without a given hand get three cards of the rest."""
        s = self.state
        named = {s_: cards(t) for s_, t in (hands or {}).items()}
        used = set(cards(table)) | set(cards(deck))
        for hand in named.values():
            used.update(hand)
        rest = [c for c in DECK if c not in used]
        for seat in range(s.players):
            if seat in named:
                s.hands[seat] = named[seat]
            else:
                s.hands[seat], rest = rest[:3], rest[3:]
        s.table = [(c, None, 0) for c in cards(table)]
        s.public = set()
        top_first = cards(deck)
        if rest_to is None:
            top_first += rest
        else:
            s.hands[rest_to] += rest
        s.deck = top_first[::-1]
        s.turns_taken = [1 if circuit else 0] * s.players
        if totals is not None:
            s.totals = list(totals)
        if current is not None:
            s.current = current
        s.refresh_derived()  # the chain on the table and the circuit flag follow the rig
        assert sorted(self.game.cards_in_play(s)) == sorted(DECK)

    @property
    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act(self.state)

    def phase(self) -> Phase:
        """The phase now (a call, so that a type checker does not carry an earlier comparison
        across the moves played since)."""
        return self.state.phase

    def legal(self, seat: int) -> list:
        return self.game.legal_actions(self.state, seat)

    def play(self, *steps):
        new = []
        for seat, action in steps:
            assert seat in self.to_act, f"seat {seat} is not to act ({self.to_act})"
            assert action in self.legal(seat), f"{action} is not legal for seat {seat}"
            new += self.game.apply(self.state, seat, action)
        self.events += new
        return new

    def refuse(self, seat: int, action) -> str:
        before = self.game.state_to_json(self.state)
        with pytest.raises(IllegalActionError) as info:
            self.game.apply(self.state, seat, action)
        assert self.game.state_to_json(self.state) == before
        assert info.value.reason.strip()
        return info.value.reason

    @property
    def table(self) -> list[str]:
        return [c for c, _who, _no in self.state.table]

    def hand(self, seat: int) -> list[str]:
        return self.state.hands[seat]

    def chain(self) -> tuple[str | None, int]:
        return flow.chain(self.state)

    def last(self, kind: str) -> dict:
        return [e.data for e in self.events if e.kind == kind][-1]


# -- KE-1 ------------------------------------------------------------------------------------------
def test_ke1_deck_invariants_and_the_deal():
    assert len(DECK) == len(set(DECK)) == 56
    ranks = [RANK[c] for c in DECK]
    assert ranks.count("-1") == 1 and ranks.count("0") == 2 and ranks.count("X") == 1
    assert all(ranks.count(str(n)) == 4 for n in range(1, 14))
    assert sum(POINTS.values()) == 378
    game = KaelGame()
    six, _ = game.new_game(KaelOptions(players=6, deal_mode="fixed", hand_size=7), seed=3)
    assert [len(h) for h in six.hands] == [7] * 6 and len(six.table) == 1 and len(six.deck) == 13
    for bad in ({"players": 7}, {"players": 4, "hand_size": 8}, {"players": 1}):
        with pytest.raises(InvalidOptionsError):
            game.options_from_json(bad)
    state, _ = game.new_game(KaelOptions(players=4, first_dealer=3), seed=1)
    assert state.phase == Phase.CHOOSE_HAND_SIZE and game.to_act(state) == (3,)
    assert game.legal_actions(state, 3) == [ChooseHandSize(k) for k in range(2, 8)]
    game.apply(state, 3, ChooseHandSize(3))
    assert [len(h) for h in state.hands] == [3, 3, 3, 3]
    assert len(state.table) == 1 and len(state.deck) == 43
    assert game.to_act(state) == (0,)  # player 1 is the seat after the dealer


def test_options_are_validated():
    for bad in (
        {"deal_mode": "auction"},
        {"first_dealer": 4},
        {"first_dealer": "youngest"},
        {"end_rule": "sudden"},
        {"false_kael_allowed": 1},
        {"hand_size": 1},
    ):
        with pytest.raises(InvalidOptionsError):
            KaelOptions(players=4, **bad)


# -- KE-2 ------------------------------------------------------------------------------------------
def test_ke2_legal_actions_on_a_first_turn():
    k = Kael()
    k.rig({0: "3a 3b 7c X 12d"}, table="5b", current=0)
    legal = k.legal(0)
    singles = [Lay((c,), src) for c in cards("3a 3b 7c 12d") for src in (DECK_, TABLE)]
    expected = [*singles, Lay(("3a", "3b"), DECK_), Lay(("3a", "3b"), TABLE), LayPass()]
    assert len(legal) == 11 and set(legal) == set(expected)
    for action in (
        Lay(("3a", "7c"), DECK_),
        Lay(("3a", "3b", "7c"), DECK_),
        Lay(("X", "3a"), DECK_),
        Lay(("X",), DECK_),
        CallKael(),
        DrawOnly(DECK_),
    ):
        assert action not in legal
        k.refuse(0, action)
    assert "same rank" in k.refuse(0, Lay(("3a", "7c"), DECK_))
    assert Lay(("3b", "3a"), TABLE) == Lay(("3a", "3b"), TABLE)  # sets are unordered


# -- KE-3 / KE-4 -----------------------------------------------------------------------------------
def ke3(**hands: str) -> Kael:
    k = Kael()
    given = {0: "4a 4b", 1: "2a 11a 11b 13c 6d", 2: "3a 3b", 3: "11c 11d 12a"}
    given.update({int(key[1:]): text for key, text in hands.items()})
    k.rig(given, table="5b 9a 9b", current=1, circuit=True)
    return k


def test_ke3_taking_the_table_card_after_a_pair():
    k = ke3()
    k.play((1, Lay(("11a", "11b"), TABLE)))
    assert k.hand(1) == cards("2a 13c 6d 9b")
    assert k.table == cards("5b 9a 11a 11b")
    assert k.chain() == ("11", 2)
    assert k.state.phase == Phase.CUT_WINDOW
    assert set(k.to_act) == {0, 1, 2, 3} and k.to_act == (2, 3, 0, 1)
    assert k.last("take") == {"seat": 1, "card": "9b"}


def test_ke4_a_cut_keeps_the_turn_order():
    k = ke3()
    k.play((1, Lay(("11a", "11b"), TABLE)))
    turns = k.state.turns_taken[3]
    assert k.legal(3) == [Pass(), Cut()]
    assert k.legal(2) == [Pass()] and k.legal(0) == [Pass()] and k.legal(1) == [Pass()]
    k.play((3, Cut()))  # applied at once, before S2 (first in precedence) has answered
    assert k.table == cards("5b 9a 11a 11b 11c 11d") and k.chain() == ("11", 4)
    assert k.hand(3) == ["12a"]
    assert k.state.window is None and k.state.phase == Phase.TURN
    assert k.to_act == (2,)
    assert k.state.turns_taken[3] == turns
    assert k.table[-1] == "11d"
    assert Lay(("3a",), TABLE) in k.legal(2)  # at S2's turn T = 11d


# -- KE-5 ------------------------------------------------------------------------------------------
def test_ke5_split_copies_then_a_later_cut():
    k = Kael()
    k.rig({1: "8b 4c", 2: "8c 6a", 3: "8d 7a"}, table="5b 8a", deck="13a 1a", current=1)
    k.play((1, Lay(("8b",), DECK_)))
    assert k.chain() == ("8", 2) and k.state.phase == Phase.CUT_WINDOW
    assert all(k.legal(s) == [Pass()] for s in k.to_act)
    k.play((2, Pass()), (3, Pass()), (0, Pass()), (1, Pass()))
    assert k.to_act == (2,)
    k.play((2, Lay(("8c",), DECK_)))
    assert k.hand(2) == cards("6a 1a")
    assert k.chain() == ("8", 3) and k.legal(3) == [Pass(), Cut()]
    k.play((3, Cut()))
    assert k.chain() == ("8", 4) and k.to_act == (3,)  # S3 still plays its own turn


# -- KE-6 ------------------------------------------------------------------------------------------
def ke6() -> Kael:
    k = Kael()
    k.rig({0: "7a 4c 13a", 2: "7c 7d 1a"}, table="2b", deck="7b", current=0)
    return k


def test_ke6_good_draw_creating_a_cut_chance():
    k = ke6()
    new = k.play((0, Lay(("7a",), DECK_)))
    assert k.state.phase == Phase.GOOD_DRAW and k.to_act == (0,)
    assert k.legal(0) == [GoodDraw(), KeepCard()]
    # K-A56: the others see an ordinary turn of S0 and no event marks the window.
    for other in (1, 2, 3, None):
        seen = k.game.observe(k.state, other)
        assert seen.phase == Phase.TURN and seen.to_act == (0,) and seen.good_draw is None
        kinds = [e.kind for e in events_for_seat(new, other)]
        assert "good_draw_window" not in kinds
        assert "7b" not in str([e.to_json() for e in events_for_seat(new, other)])
    assert k.game.observe(k.state, 0).phase == Phase.GOOD_DRAW
    assert k.game.observe(k.state, 0).good_draw == "7b"
    k.play((0, GoodDraw()))
    assert k.hand(0) == cards("4c 13a")
    assert k.table[-3:] == cards("2b 7a 7b") and k.chain() == ("7", 2)
    assert k.phase() == Phase.CUT_WINDOW and k.legal(2) == [Pass(), Cut()]


def test_ke6_keeping_the_card_opens_no_window_and_tells_nobody():
    k = ke6()
    k.play((0, Lay(("7a",), DECK_)))
    new = k.play((0, KeepCard()))
    assert k.hand(0) == cards("4c 13a 7b")
    assert k.chain() == ("7", 1) and k.state.phase == Phase.TURN and k.to_act == (1,)
    for other in (1, 2, 3, None):
        assert "keep_card" not in [e.kind for e in events_for_seat(new, other)]


# -- KE-7 ------------------------------------------------------------------------------------------
def test_ke7_good_draw_down_to_zero_cards():
    k = Kael()
    hands = {0: "4a", 1: "6a", 2: "2a", 3: "3a"}
    k.rig(hands, table="10c", deck="6b 9a 9b 12a", current=1, circuit=True)
    k.play((1, Lay(("6a",), DECK_)), (1, GoodDraw()))
    assert k.hand(1) == [] and k.table[-3:] == cards("10c 6a 6b") and k.chain() == ("6", 2)
    assert k.state.phase == Phase.CUT_WINDOW
    k.play((2, Pass()), (3, Pass()), (0, Pass()), (1, Pass()))
    k.play((2, Lay(("2a",), DECK_)), (3, Lay(("3a",), DECK_)), (0, Lay(("4a",), DECK_)))
    assert k.to_act == (1,)
    assert set(k.legal(1)) == {CallKael(), DrawOnly(DECK_), DrawOnly(TABLE)}
    assert len(k.legal(1)) == 3


# -- KE-8 ------------------------------------------------------------------------------------------
def test_ke8_a_winning_kael_with_a_landing():
    k = Kael(players=3, dealer=2)
    hands = {0: "X 11a 11b 11c 11d", 1: "1a 2c", 2: "5a 13a"}
    k.rig(hands, table="4b", deck="6b", current=1, circuit=True, totals=[40, 12, 64])
    k.play((1, CallKael()))
    assert k.to_act == (2,) and k.state.final_queue == [0]
    assert CallKael() not in k.legal(2)
    k.play((2, Lay(("13a",), DECK_)))
    assert k.hand(2) == cards("5a 6b")
    k.play((0, LaySquare(tuple(cards("11a 11b 11c 11d")))))
    scored = k.last("round_scored")
    assert scored["case"] == "kael_wins"
    assert scored["points"] == {"0": 15, "1": 0, "2": 11}
    assert scored["landings"] == [2]
    assert k.state.totals == [55, 12, 50]
    assert k.state.round_no == 2 and k.state.dealer == 0  # the next round has started


# -- KE-9 ------------------------------------------------------------------------------------------
def test_ke9_a_failed_kael_on_a_tie():
    k = Kael()
    hands = {0: "m1 4a 1b", 1: "5c", 2: "0a 6c", 3: "9a 7c"}
    k.rig(hands, table="2d", deck="13a 4b 9c", current=0, circuit=True, totals=[30, 0, 0, 0])
    k.play((0, CallKael()))
    k.play((1, Lay(("5c",), DECK_)), (2, Lay(("6c",), DECK_)), (3, Lay(("7c",), DECK_)))
    scored = k.last("round_scored")
    assert scored["hand_totals"] == {"0": 4, "1": 13, "2": 4, "3": 18}
    assert scored["case"] == "kael_fails"
    assert scored["points"] == {"0": 20, "1": 0, "2": 0, "3": 0}
    assert k.state.totals == [25, 0, 0, 0]


# -- KE-10 -----------------------------------------------------------------------------------------
def test_ke10_a_false_kael():
    k = Kael()
    k.rig({2: "3a 4d"}, current=2, circuit=True, totals=[10, 10, 30, 10])
    k.play((2, CallKael()))
    scored = k.last("round_scored")
    assert scored["case"] == "false_kael"
    assert scored["points"] == {"0": 0, "1": 0, "2": 20, "3": 0}
    assert k.state.totals == [10, 10, 50, 10]  # no landing: the benefit is already lost
    assert k.state.false_kaels[2] == 1 and k.state.lost_landing[2]
    assert not any("final" in e.data and e.data["final"] for e in k.events if e.kind == "turn")


def test_ke10_false_kael_refused_in_assisted_mode():
    k = Kael(false_kael_allowed=False)
    k.rig({2: "3a 4d"}, current=2, circuit=True)
    assert CallKael() not in k.legal(2)
    assert "5 points or less" in k.refuse(2, CallKael())


def test_a_second_false_kael_eliminates():
    k = Kael()
    k.rig({2: "3a 4d"}, current=2, circuit=True, totals=[10, 10, 30, 10])
    k.state.false_kaels[2] = 1
    k.state.lost_landing[2] = True
    k.play((2, CallKael()))
    assert k.state.eliminated[2] and k.state.totals[2] == 50
    assert k.state.dealer == 0 and 2 not in flow.clockwise_after(k.state, 0)


# -- KE-11 / KE-12 ---------------------------------------------------------------------------------
def test_ke11_landing_at_100_and_elimination_above_100():
    k = Kael()
    hands = {0: "12a 8a 8b 8c 8d", 1: "5a 7a 7b 7c 7d", 2: "X 13a 13b 13c 13d", 3: "1a"}
    k.rig(hands, table="2d", current=3, circuit=True, totals=[88, 96, 85, 10])
    k.state.lost_landing[2] = True
    k.play((3, CallKael()))
    k.play((0, LaySquare(tuple(cards("8a 8b 8c 8d")))))
    k.play((1, LaySquare(tuple(cards("7a 7b 7c 7d")))))
    k.play((2, LaySquare(tuple(cards("13a 13b 13c 13d")))))
    scored = k.last("round_scored")
    assert scored["case"] == "kael_wins" and scored["points"] == {"0": 12, "1": 5, "2": 15, "3": 0}
    assert k.state.totals == [75, 101, 100, 10]
    assert k.state.eliminated == [False, True, False, False]
    assert scored["eliminated"] == [1] and scored["landings"] == [0]
    assert k.state.dealer == 0  # rotation: the next active seat after the old dealer S3


def test_ke12_no_landing_without_points():
    k = Kael()
    hands = {0: "5a", 1: "3a 8a 8b 8c 8d", 2: "12a 7a 7b 7c 7d", 3: "13a 9a 9b 9c 9d"}
    k.rig(hands, table="2d", current=0, circuit=True, totals=[0, 25, 0, 0])
    k.play((0, CallKael()))
    k.play((1, LaySquare(tuple(cards("8a 8b 8c 8d")))))
    k.play((2, LaySquare(tuple(cards("7a 7b 7c 7d")))))
    k.play((3, LaySquare(tuple(cards("9a 9b 9c 9d")))))
    assert k.last("round_scored")["case"] == "kael_fails"
    assert k.state.totals == [20, 25, 0, 0]


# -- KE-13 -----------------------------------------------------------------------------------------
def test_ke13_rebuilding_the_deck():
    k = Kael()
    k.rig({0: "5c 2b"}, table="4a 9c 9d 1b 12a", deck="", rest_to=1, current=0)
    assert k.state.deck == []
    k.play((0, Lay(("5c",), DECK_)))
    assert k.table == cards("12a 5c") and len(k.state.deck) == 3
    assert k.chain() == ("5", 1) and k.state.phase == Phase.TURN and k.to_act == (1,)
    drawn = [c for c in k.hand(0) if c != "2b"]
    assert len(drawn) == 1 and drawn[0] in cards("4a 9c 9d 1b")
    assert "rebuild" in [e.kind for e in k.events]


# -- KE-14 -----------------------------------------------------------------------------------------
def test_ke14_completing_a_square_on_ones_turn():
    k = Kael()
    k.rig({1: "10c 6a", 2: "10d 3c"}, table="2d 10a 10b", deck="12b", current=1)
    k.play((1, Lay(("10c",), DECK_)))
    assert k.chain() == ("10", 3) and k.legal(2) == [Pass(), Cut()]
    k.play((2, Pass()), (3, Pass()), (0, Pass()), (1, Pass()))
    assert k.to_act == (2,)
    legal = k.legal(2)
    assert LaySquare(("10d",)) in legal
    assert Lay(("10d",), DECK_) not in legal and Lay(("10d",), TABLE) not in legal
    assert "square" in k.refuse(2, Lay(("10d",), DECK_))
    deck_before = len(k.state.deck)
    k.play((2, LaySquare(("10d",))))
    assert k.chain() == ("10", 4) and len(k.state.deck) == deck_before
    assert k.hand(2) == ["3c"] and k.state.phase == Phase.TURN and k.to_act == (3,)


# -- KE-15 -----------------------------------------------------------------------------------------
def test_ke15_final_turns_and_the_forced_draw():
    k = Kael()
    hands = {0: "7a 7b 2c", 1: "1a", 2: "13a 6a 6b 6c 6d", 3: ""}
    k.rig(hands, table="5d", deck="9a 12c", current=1, circuit=True)
    k.play((1, CallKael()))
    assert k.state.caller == 1 and k.to_act == (2,) and k.state.final_queue == [3, 0]
    assert k.game.observe(k.state, 0).final_queue == (3, 0)
    k.play((2, LaySquare(tuple(cards("6a 6b 6c 6d")))))
    assert set(k.legal(3)) == {DrawOnly(DECK_), DrawOnly(TABLE)} and len(k.legal(3)) == 2
    k.refuse(3, CallKael())
    k.play((3, DrawOnly(DECK_)))
    assert k.hand(3) == ["9a"]
    k.play((0, Lay(("7a", "7b"), DECK_)))
    assert k.state.phase == Phase.CUT_WINDOW  # the caller (seat 1) is frozen:
    assert k.to_act == (2, 3, 0)  # type: ignore[comparison-overlap]  # narrowed before play()
    assert k.state.round_no == 1
    k.play((2, Pass()), (3, Pass()), (0, Pass()))
    scored = k.last("round_scored")
    assert scored["round"] == 1 and scored["hand_totals"]["3"] == 9
    assert scored["points"] == {"0": 14, "1": 0, "2": 13, "3": 9}


# -- KE-16 -----------------------------------------------------------------------------------------
def _play_a_turn(k: Kael) -> None:
    """Lay some single from the deck (or draw), then close any window by passing."""
    seat = k.to_act[0]
    legal = k.legal(seat)
    lays = [a for a in legal if isinstance(a, Lay) and len(a.cards) == 1 and a.source == DECK_]
    k.play((seat, lays[0] if lays else next(a for a in legal if isinstance(a, DrawOnly))))
    if k.state.phase == Phase.GOOD_DRAW:
        k.play((seat, KeepCard()))
    while k.state.phase == Phase.CUT_WINDOW:
        k.play((k.to_act[0], Pass()))


@pytest.mark.parametrize(("eliminated", "order"), [(None, [0, 1, 2, 3]), (1, [0, 2, 3])])
def test_ke16_when_kael_first_becomes_legal(eliminated, order):
    k = Kael(deal_mode="dealer_choice")
    if eliminated is not None:  # start a fresh round with S1 out
        k = Kael()
        k.state.eliminated[eliminated] = True
        k.state.phase = Phase.CHOOSE_HAND_SIZE
        for hand in k.state.hands:
            k.state.deck += hand
            hand.clear()
        k.state.deck += [c for c, _w, _n in k.state.table]
        k.state.table = []
        k.state.refresh_derived()
        k.play((3, ChooseHandSize(5)))
    # S0 even holds 0 points on its first turn: still no Kaël.
    k.state.deck = k.state.deck[:0] + k.hand(0) + k.state.deck
    k.state.hands[0] = []
    for seat in order:
        assert k.to_act == (seat,)
        assert CallKael() not in k.legal(seat)
        _play_a_turn(k)
    assert k.to_act == (0,) and CallKael() in k.legal(0)


def test_a_cut_in_the_first_circuit_is_not_a_turn():
    k = Kael()
    k.rig({0: "9a 9b 1a", 2: "9c 9d 4a"}, table="5b", deck="12a 12b", current=0)
    k.play((0, Lay(("9a", "9b"), DECK_)), (1, Pass()), (2, Cut()))
    assert k.state.turns_taken == [1, 0, 0, 0] and k.to_act == (1,)


# -- KE-17 -----------------------------------------------------------------------------------------
def test_ke17_quadruple_from_hand():
    k = Kael()
    k.rig({2: "8a 8b 8c 8d 2a"}, table="5c", current=2)
    legal = k.legal(2)
    assert LaySquare(tuple(cards("8a 8b 8c 8d"))) in legal
    assert Lay(tuple(cards("8a 8b 8c")), DECK_) in legal
    assert Lay(tuple(cards("8a 8b 8c 8d")), DECK_) not in legal
    k.refuse(2, Lay(tuple(cards("8a 8b 8c 8d")), DECK_))
    k.play((2, LaySquare(tuple(cards("8d 8c 8b 8a")))))  # any order is accepted
    assert k.hand(2) == ["2a"] and k.chain() == ("8", 4)
    assert k.state.phase == Phase.TURN and k.to_act == (3,)


# -- reaction windows (spec 7) ---------------------------------------------------------------------
def test_a_window_never_lets_a_seat_act_twice():
    k = ke3()
    k.play((1, Lay(("11a", "11b"), TABLE)), (2, Pass()))
    assert 2 not in k.to_act and k.legal(2) == []
    assert "already answered" in k.refuse(2, Pass())
    k.play((3, Pass()), (0, Pass()))
    assert k.to_act == (1,) and k.state.phase == Phase.CUT_WINDOW
    k.play((1, Pass()))
    assert k.phase() == Phase.TURN and k.to_act == (2,)
    assert k.legal(3) == [] and k.refuse(3, Cut())  # S3 passed: the chance is gone


def test_a_window_never_outlives_its_rule():
    k = ke3()
    k.play((1, Lay(("11a", "11b"), TABLE)), (3, Cut()))
    assert k.state.window is None and k.to_act == (2,)
    for seat in (0, 1, 3):
        assert "not your turn" in k.refuse(seat, Pass())
    # After the last final turn, the window closes before the reveal and never reaches the next
    # round.
    k = Kael()
    hands = {0: "7a 7b 2c", 1: "1a", 2: "3a", 3: "4a"}
    k.rig(hands, table="5d", deck="12c 12d 13a", current=1, circuit=True)
    k.play((1, CallKael()), (2, Lay(("3a",), DECK_)), (3, Lay(("4a",), DECK_)))
    k.play((0, Lay(("7a", "7b"), DECK_)), (2, Pass()), (3, Pass()), (0, Pass()))
    assert k.state.window is None and k.state.round_no == 2
    assert k.state.phase == Phase.CHOOSE_HAND_SIZE


@pytest.mark.parametrize("seed", range(6))
def test_a_window_lists_every_active_seat_but_the_caller_whatever_their_cards(seed):
    k = Kael(seed=seed)
    k.rig({0: "9a 9b 1a"}, table="5b", deck="12a", current=0)
    k.play((0, Lay(("9a", "9b"), DECK_)))
    assert k.to_act == (1, 2, 3, 0)
    cutters = [s for s in range(4) if Cut() in k.legal(s)]
    assert len(cutters) <= 1
    for seat in range(4):
        view = k.game.observe(k.state, seat).cut_window
        assert view is not None and view.can_cut == (seat in cutters)
        assert view.waiting == (1, 2, 3, 0)
    public = k.game.observe(k.state, None).cut_window
    assert public is not None and public.can_cut is False


def test_a_window_skips_eliminated_seats_and_the_caller():
    k = Kael(players=5, dealer=4)
    k.state.eliminated[3] = True
    hands = {0: "4b", 1: "1a", 2: "9a 9b 6c", 3: "", 4: "2c 2d"}
    k.rig(hands, table="5b", deck="12a", current=1, circuit=True)
    k.play((1, CallKael()))
    assert k.to_act == (2,) and k.state.final_queue == [4, 0]
    k.play((2, Lay(("9a", "9b"), DECK_)))
    # No S3 (eliminated), no S1 (the caller).
    assert k.to_act == (4, 0, 2)  # type: ignore[comparison-overlap]  # narrowed before play()


def test_observations_hide_other_hands_and_show_pickups():
    k = ke3()
    k.play((1, Lay(("11a", "11b"), TABLE)))
    seen = k.game.observe(k.state, 0)
    assert seen.hand == tuple(k.hand(0)) and seen.seats[1].known_cards == ("9b",)
    assert seen.seats[1].card_count == 4
    assert "2a" not in str(seen.to_json())


# -- spec 10: the final ranking ------------------------------------------------------------------
def _finished(players: int, winners, totals, eliminated_in, end_rule="last_survivor"):
    options = KaelOptions(players=players, end_rule=end_rule)
    state, _ = KaelGame().new_game(options, 5)
    state.winners = list(winners)
    state.totals = list(totals)
    state.eliminated_in = list(eliminated_in)
    state.eliminated = [r is not None for r in eliminated_in]
    return state


def test_ranking_last_survivor_orders_the_eliminated_by_round_then_total():
    # S2 survives; S0 went out in round 7, S1 and S3 in round 4 (S3 lower), S4 in round 2.
    state = _finished(5, [2], [104, 110, 60, 101, 130], [7, 4, None, 4, 2])
    assert ranking(state) == [[2], [0], [3], [1], [4]]


def test_ranking_first_elimination_lists_seats_still_in_then_the_eliminated():
    # S1 and S3 share the lowest total and the win; S0 and S2 are still in with equal totals.
    state = _finished(
        5, [1, 3], [40, 12, 40, 12, 104], [None, None, None, None, 6], "first_elimination"
    )
    assert ranking(state) == [[1, 3], [0, 2], [4]]


def test_ranking_equal_totals_in_the_same_elimination_round_share_a_place():
    state = _finished(4, [0], [90, 105, 105, 120], [None, 3, 3, 3])
    assert ranking(state) == [[0], [1, 2], [3]]


def test_finished_game_announces_and_shows_the_ranking():
    game = KaelGame()
    options = KaelOptions(players=3, deal_mode="fixed", hand_size=3, max_rounds=2)
    state, events = game.new_game(options, 9)
    chooser = 0
    while game.to_act(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        events += game.apply(state, seat, legal[chooser % len(legal)])
        chooser += 1
    over = [e for e in events if e.kind == "game_over"]
    assert len(over) == 1
    places = over[0].data["ranking"]
    assert sorted(s for place in places for s in place) == [0, 1, 2]
    assert places[0] == sorted(state.winners)
    assert game.observe(state, 1).ranking == tuple(tuple(p) for p in places)
    assert game.observe(state, 1).ranking[0] == tuple(sorted(game.observe(state, 1).winners))
