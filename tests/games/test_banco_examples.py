"""The worked examples of the Nove (banco) spec (``shared/rules/nove_banco.md`` section 9, NV-1 to
NV-13), each played through the public engine API on a stacked deck."""

from __future__ import annotations

from typing import Any

import pytest

from nove_desktop.engine import Event, IllegalActionError, Stack
from nove_desktop.games.banco import BancoGame, BancoOptions
from nove_desktop.games.banco.actions import HIT, STAND, Bet
from nove_desktop.games.banco.cards import VALUE, score
from nove_desktop.games.banco.events import BankPassed, GameStarted
from nove_desktop.games.banco.state import Phase

GAME = BancoGame()


class Table:
    """One stacked game of Nove (banco), driven with ``play((seat, action), ...)``: before every
    step exactly that seat must be asked and the action must be in its legal list."""

    def __init__(
        self,
        players: int,
        banker: int,
        stock: str,
        chips: tuple[int, ...] | None = None,
        seed: int = 0,
        **options: Any,
    ) -> None:
        opts = BancoOptions(players=players, first_banker=banker, **options)
        stack = Stack(cards=tuple(stock.split()), scores=chips)
        self.state, self.events = GAME.new_game(opts, seed, stack)

    @property
    def to_act(self) -> tuple[int, ...]:
        return GAME.to_act(self.state)

    def legal(self, seat: int) -> list[Any]:
        return GAME.legal_actions(self.state, seat)

    def play(self, *steps: tuple[int, Any]) -> list[Event]:
        new: list[Event] = []
        for seat, action in steps:
            assert self.to_act == (seat,), f"before {action!r}: to_act is {self.to_act}"
            assert action in self.legal(seat), f"{action!r} is not legal for seat {seat}"
            new += GAME.apply(self.state, seat, action)
        self.events += new
        return new

    def refuse(self, seat: int, action: Any) -> str:
        """``action`` is refused with a readable reason and changes nothing."""
        before = self.state.to_json()
        with pytest.raises(IllegalActionError) as info:
            GAME.apply(self.state, seat, action)
        assert self.state.to_json() == before
        assert info.value.reason.strip()
        return info.value.reason

    def restack(self, stock: str) -> None:
        """Deal the current hand again from ``stock`` (top first; the cards not named follow in
        their present order): how a later hand of an example gets its stacked deck."""
        state = self.state
        top = stock.split()
        cards = [c for hand in state.hands for c in hand] + state.stock[::-1]
        order = top + [c for c in cards if c not in top]
        state.hands = [()] * state.players
        state.totals = [0] * state.players
        for seat in (*state.order, state.banker):
            card = order.pop(0)
            state.hands[seat] = (card,)
            state.totals[seat] = VALUE[card]
        state.stock = order[::-1]

    def of_kind(self, kind: str, events: list[Event] | None = None) -> list[dict[str, Any]]:
        return [e.data for e in (self.events if events is None else events) if e.kind == kind]

    def bet_range(self, seat: int) -> list[int]:
        return [a.amount for a in self.legal(seat)]

    @property
    def chips(self) -> list[int]:
        return list(self.state.chips)


def bets(amount: int) -> Bet:
    return Bet(amount)


# -- NV-1 --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("Co07 De08", 8),
        ("Sp10 Ba07", 0),
        ("Co09 De03 Sp04", 9),
        ("Co05 De05 Ba05 Sp05", 0),
        ("Ba01 Ba02 Ba03 Ba08 Ba09", 9),
        ("H10 S09 D08", 6),
        ("H07a H07b S07a S07b C07a", 5),
    ],
)
def test_nv1_card_values_and_scores(hand: str, expected: int) -> None:
    assert score(hand.split()) == expected


def test_nv1_value_table() -> None:
    assert [VALUE[f"Co{r:02d}"] for r in range(1, 11)] == [1, 2, 3, 4, 5, 6, 7, 1, 2, 3]
    assert [VALUE[f"S{r:02d}"] for r in range(1, 11)] == [1, 2, 3, 4, 5, 6, 7, 1, 2, 3]
    assert [VALUE[f"D{r:02d}b"] for r in range(1, 8)] == [1, 2, 3, 4, 5, 6, 7]


# -- NV-2 --------------------------------------------------------------------------------------
def test_nv2_two_players_a_tie_goes_to_the_bank() -> None:
    t = Table(2, 0, "Co05 De03 Sp02 Ba04")
    assert t.state.hands[1] == ("Co05",) and t.state.hands[0] == ("De03",)
    assert t.to_act == (1,)
    assert t.bet_range(1) == list(range(1, 11))
    t.play((1, Bet(5)))
    drawn = t.play((1, HIT))
    assert t.of_kind("card_drawn", drawn) == [{"seat": 1, "card": "Sp02"}]
    assert t.state.totals[1] == 7
    t.play((1, STAND), (0, HIT))
    assert t.state.totals[0] == 7
    events = t.play((0, STAND))
    assert t.of_kind("settled", events) == [
        {"seat": 1, "outcome": "lose", "amount": 5, "punter_score": 7, "banker_score": 7}
    ]
    assert t.chips == [105, 95]
    assert t.state.hands_in_term == 1
    assert t.state.banker == 0
    assert t.state.hand_number == 2  # the next hand is dealt at once


# -- NV-3 --------------------------------------------------------------------------------------
def test_nv3_four_players_play_starts_at_the_bankers_right() -> None:
    t = Table(4, 2, "Sp06 Co02 De07 Ba03 Ba05 Co01 Sp04")
    assert t.state.order == (3, 0, 1)
    assert [t.state.hands[s] for s in (3, 0, 1, 2)] == [("Sp06",), ("Co02",), ("De07",), ("Ba03",)]
    dealt = [(d["seat"], d["card"]) for d in t.of_kind("card_dealt")]
    assert dealt == [(3, "Sp06"), (0, "Co02"), (1, "De07"), (2, "Ba03")]
    t.play((3, Bet(10)), (3, STAND))
    t.play((0, Bet(4)), (0, HIT))
    assert t.state.totals[0] == 7
    t.play((0, HIT))
    assert t.state.totals[0] == 8
    t.play((0, STAND), (1, Bet(2)), (1, STAND), (2, HIT))
    assert t.state.totals[2] == 7
    events = t.play((2, STAND))
    outcomes = [(d["seat"], d["outcome"], d["amount"]) for d in t.of_kind("settled", events)]
    assert outcomes == [(3, "lose", 10), (0, "win", 4), (1, "lose", 2)]
    assert t.chips == [104, 98, 108, 90]
    assert sum(t.chips) == 400


# -- NV-4 --------------------------------------------------------------------------------------
def test_nv4_a_punters_nine_is_shown_at_once_and_the_bankers_nine_wins_the_tie() -> None:
    t = Table(3, 1, "De04 Sp01 Co06 Ba05 Co03 Sp03 De03")
    assert t.state.order == (2, 0)
    t.play((2, Bet(10)))
    events = t.play((2, HIT))
    assert t.of_kind("nine_revealed", events) == [{"seat": 2, "hole_card": "De04"}]
    assert t.to_act == (0,)  # no further decision for seat 2
    for seat in (0, 1):  # everybody now sees seat 2's 9
        view = GAME.observe(t.state, seat).seats[2]
        assert view.cards == ("De04", "Ba05") and view.score == 9
    t.play((0, Bet(3)), (0, HIT), (0, HIT), (0, STAND))
    seen = GAME.observe(t.state, 1)  # the banker
    assert seen.seats[2].cards == ("De04", "Ba05")
    assert seen.seats[0].cards == (None, "Co03", "Sp03")
    assert seen.seats[0].open_score == 6 and seen.seats[0].score is None
    events = t.play((1, HIT))
    assert t.of_kind("stood", events)[0] == {"seat": 1, "auto": True}
    outcomes = [(d["seat"], d["outcome"], d["punter_score"]) for d in t.of_kind("settled", events)]
    assert outcomes == [(2, "lose", 9), (0, "lose", 7)]
    assert t.chips == [97, 113, 90]
    assert t.state.banker == 1 and not t.of_kind("bank_passed")


# -- NV-5 --------------------------------------------------------------------------------------
def test_nv5_five_cards_end_the_turn_automatically() -> None:
    t = Table(2, 0, "Co01 De02 Sp01 Ba01 Co02 De01 Sp08 Ba09")
    t.play((1, Bet(1)), (1, HIT), (1, HIT), (1, HIT))
    assert t.state.totals[1] == 5
    events = t.play((1, HIT))
    assert t.state.hands[1] == ("Co01", "Sp01", "Ba01", "Co02", "De01")
    assert t.state.totals[1] == 6
    assert t.of_kind("stood", events) == [{"seat": 1, "auto": True}]
    assert t.to_act == (0,)
    assert "not your turn" in t.refuse(1, HIT)  # NV-13: no hit with five cards
    t.play((0, HIT), (0, HIT))
    assert t.state.totals[0] == 5
    t.play((0, STAND))
    assert t.chips == [99, 101]


# -- NV-6 --------------------------------------------------------------------------------------
def test_nv6_the_bankers_final_zero_passes_the_bank_early() -> None:
    t = Table(3, 0, "Sp10 Co04 De07 Ba06 Co02 Sp08 Co09 Ba03 Co07")
    t.state.hands_in_term = 1  # the second hand of the term
    assert t.state.banks_held == [1, 0, 0]
    assert t.state.order == (1, 2)
    t.play((1, Bet(10)))
    events = t.play((1, HIT))
    assert t.of_kind("nine_revealed", events) == [{"seat": 1, "hole_card": "Sp10"}]
    t.play((2, Bet(5)), (2, HIT), (2, STAND), (0, HIT))
    assert t.state.totals[0] == 8
    t.play((0, HIT))
    assert t.state.totals[0] == 0  # a 0 while drawing does not count (D-20)
    t.play((0, HIT))
    events = t.play((0, HIT))
    assert t.of_kind("stood", events) == [{"seat": 0, "auto": True}]
    assert t.of_kind("banker_revealed", events) == [{"seat": 0, "hole_card": "De07", "score": 0}]
    assert t.chips == [85, 110, 105]
    assert t.of_kind("bank_passed", events) == [{"from": 0, "to": 1, "reason": "banker_zero"}]
    assert t.state.banker == 1
    assert t.state.hands_in_term == 0
    assert t.state.banks_held == [1, 1, 0]
    assert t.state.order == (2, 0)


# -- NV-7 --------------------------------------------------------------------------------------
def test_nv7_the_fifth_hand_ends_the_term_and_then_the_rotation() -> None:
    t = Table(2, 0, "Co03 De06 Sp04")
    t.state.hands_in_term = 4
    t.play((1, Bet(2)), (1, HIT))
    assert t.state.totals[1] == 7
    assert t.state.totals[0] == 6
    events = t.play((1, STAND), (0, STAND))
    assert t.chips == [98, 102]
    assert t.of_kind("bank_passed", events) == [{"from": 0, "to": 1, "reason": "term_complete"}]
    assert t.state.banks_held == [1, 1]
    assert t.state.banker == 1
    # Seat 1's term: when it ends, the candidate (seat 0) has held the bank once: game over.
    while t.state.phase != Phase.GAME_OVER:
        seat = t.to_act[0]
        action = Bet(1) if t.state.phase == Phase.BET else STAND
        t.play((seat, action))
    assert t.state.hand_number <= 6
    result = GAME.result(t.state)
    assert result.over and result.reason == "rotation_complete"
    assert t.of_kind("game_over")[-1]["reason"] == "rotation_complete"


# -- NV-8 and NV-13 ----------------------------------------------------------------------------
def test_nv8_the_banks_limit_makes_later_punters_sit_out() -> None:
    t = Table(5, 0, "Co07 De07 Sp07 Ba07 Co06 Sp02", chips=(18, 100, 100, 100, 100))
    assert t.state.order == (1, 2, 3, 4)
    assert t.bet_range(1) == list(range(1, 11))
    assert t.state.coverage_left == 18
    assert "not your turn" in t.refuse(0, HIT)  # NV-13: the banker acts while a punter is to act
    t.play((1, Bet(10)), (1, STAND))
    assert t.state.coverage_left == 8
    assert t.bet_range(2) == list(range(1, 9))
    obs = GAME.observe(t.state, 2)
    assert (obs.bet_min, obs.bet_max, obs.bet_cap) == (1, 8, "bank")
    reason = t.refuse(2, Bet(9))  # NV-13: above its limit of 8
    assert reason == "your bet of 9 chips is above the limit of 8 chips (the bank has only 8 " + (
        "chips left to cover bets)"
    )
    events = t.play((2, Bet(8)))
    assert t.state.coverage_left == 0
    assert t.of_kind("sat_out", events) == []  # seat 2 still decides before the sit-outs
    events = t.play((2, STAND))
    assert [d["seat"] for d in t.of_kind("sat_out", events)] == [3, 4]
    assert t.to_act == (0,)
    assert "sit out this hand" in t.refuse(3, Bet(1))  # NV-13: a sat-out punter cannot bet
    assert "sit out this hand" in t.refuse(4, Bet(1))
    t.play((0, HIT))
    assert t.state.totals[0] == 8
    events = t.play((0, STAND))
    assert [d["seat"] for d in t.of_kind("hole_revealed", events)] == [1, 2]
    assert t.chips == [36, 90, 92, 100, 100]
    shown = {str(e.data) for e in events if e.is_public}
    assert not any("Sp07" in text or "Ba07" in text for text in shown)  # never revealed


def test_nv8_a_sat_out_hole_card_stays_hidden_at_the_end_of_the_game() -> None:
    t = Table(5, 0, "Co07 De07 Sp07 Ba07 Co06 Sp02", chips=(18, 100, 100, 100, 100), max_hands=1)
    t.play((1, Bet(10)), (1, STAND), (2, Bet(8)), (2, STAND), (0, HIT), (0, STAND))
    assert t.state.phase == Phase.GAME_OVER
    assert GAME.result(t.state).reason == "hand_limit"
    for seat in (0, 1, 2):
        hidden = GAME.hidden_cards(t.state, seat)
        assert {"Sp07", "Ba07"} <= hidden
        assert GAME.observe(t.state, seat).seats[3].cards == (None,)
    assert "Sp07" not in GAME.hidden_cards(t.state, 3)
    assert "Co06" not in GAME.hidden_cards(t.state, 1)  # the banker's card was shown


def test_nv13_refusals_are_readable_and_change_nothing() -> None:
    t = Table(5, 0, "Co07 De07 Sp07 Ba07 Co06 Sp02", chips=(18, 100, 100, 100, 100))
    assert t.refuse(1, Bet(11)) == "your bet of 11 chips is above the limit of 10 chips " + (
        "(the table limit)"
    )
    assert t.refuse(1, Bet(0)) == "the smallest bet is 1 chip"
    assert t.refuse(1, HIT) == "place your bet first (1 to 10 chips)"
    assert "not your turn" in t.refuse(2, Bet(1))
    assert t.refuse(7, Bet(1)) == "there is no seat 7 at this table"
    t.play((1, Bet(3)))
    assert t.refuse(1, Bet(3)) == "you have already bet 3 chips: now hit or stand"


# -- NV-9 --------------------------------------------------------------------------------------
def test_nv9_a_broke_punter_is_eliminated_and_skipped() -> None:
    t = Table(3, 0, "Co04 De05 Sp06 Ba02", chips=(100, 3, 100))
    assert t.bet_range(1) == [1, 2, 3]
    assert t.refuse(1, Bet(4)).endswith("(you have only 3 chips)")
    t.play((1, Bet(3)), (1, HIT))
    assert t.state.totals[1] == 6
    t.play((1, STAND), (2, Bet(1)), (2, STAND))
    events = t.play((0, STAND))
    assert t.chips == [104, 0, 99]
    assert t.of_kind("eliminated", events) == [{"seat": 1, "chips": 0}]
    assert t.state.eliminated == [False, True, False]
    # Hand B: only seat 2 punts.
    assert t.state.order == (2,)
    assert t.state.hands[1] == ()
    t.restack("Co03 De05 Sp04 Ba05 Co10 Sp03 Ba04")
    assert "out of the game" in t.refuse(1, Bet(1))
    t.play((2, Bet(10)), (2, HIT))
    assert t.state.totals[2] == 7
    t.play((2, STAND), (0, HIT))
    assert t.state.totals[0] == 0
    t.play((0, HIT))
    assert t.state.totals[0] == 3
    t.play((0, HIT))
    assert t.state.totals[0] == 6
    events = t.play((0, HIT))
    assert t.of_kind("stood", events) == [{"seat": 0, "auto": True}]
    assert t.chips == [94, 0, 109]
    assert t.of_kind("bank_passed", events) == [{"from": 0, "to": 2, "reason": "banker_zero"}]
    assert t.state.banker == 2
    assert t.state.banks_held == [1, 0, 1]


# -- NV-10 -------------------------------------------------------------------------------------
def test_nv10_the_stock_runs_out_with_twelve_players() -> None:
    sorted_deck = " ".join(
        f"{suit}{rank:02d}" for suit in ("Co", "De", "Ba", "Sp") for rank in range(1, 11)
    )
    t = Table(12, 0, sorted_deck, deck_style="italian40")
    dealt = {d["seat"]: d["card"] for d in t.of_kind("card_dealt")}
    assert [dealt[s] for s in range(1, 12)] == [
        *[f"Co{r:02d}" for r in range(1, 11)],
        "De01",
    ]
    assert dealt[0] == "De02"
    assert len(t.state.stock) == 28
    decisions = 0
    while t.state.hand_number == 1:
        seat = t.to_act[0]
        action = Bet(1) if t.state.phase == Phase.BET else HIT
        assert action in t.legal(seat)
        t.play((seat, action))
        decisions += 1
    cards: dict[int, list[str]] = {s: [dealt[s]] for s in range(12)}
    for d in t.of_kind("card_drawn"):
        cards[d["seat"]].append(d["card"])
    expected = {
        1: ("Co01 De03 De04 De05 De06", 9),
        2: ("Co02 De07", 9),
        3: ("Co03 De08 De09 De10", 9),
        4: ("Co04 Ba01 Ba02 Ba03 Ba04", 4),
        5: ("Co05 Ba05 Ba06 Ba07 Ba08", 4),
        6: ("Co06 Ba09 Ba10 Sp01 Sp02", 4),
        7: ("Co07 Sp03 Sp04 Sp05", 9),
        8: ("Co08 Sp06 Sp07 Sp08 Sp09", 7),
        9: ("Co09 Sp10", 5),
        10: ("Co10", 3),
        11: ("De01", 1),
        0: ("De02", 2),
    }
    for seat, (hand, points) in expected.items():
        assert cards[seat] == hand.split(), f"seat {seat}"
        assert score(cards[seat]) == points
    settled = {d["seat"]: d["outcome"] for d in t.of_kind("settled")}
    assert settled == {**{s: "win" for s in range(1, 11)}, 11: "lose"}
    assert t.chips == [91, *[101] * 10, 99]
    # Seats 10 and 11 only bet (no draw possible) and the banker never decided.
    assert [d["auto"] for d in t.of_kind("stood") if d["seat"] in (9, 10, 11, 0)] == [True] * 4


# -- NV-11 -------------------------------------------------------------------------------------
def test_nv11_zero_against_zero_goes_to_the_bank_which_then_passes() -> None:
    t = Table(2, 1, "Co04 De04 De01 Ba01 Sp01 Co03 Sp08 Co08 Ba08 Ba10")
    assert t.state.banks_held == [0, 1]
    t.play((0, Bet(10)), (0, HIT), (0, HIT), (0, HIT))
    events = t.play((0, HIT))
    assert t.state.totals[0] == 0
    assert t.of_kind("stood", events) == [{"seat": 0, "auto": True}]
    t.play((1, HIT), (1, HIT), (1, HIT))
    events = t.play((1, HIT))
    assert t.of_kind("settled", events)[0]["outcome"] == "lose"
    assert t.chips == [90, 110]
    assert t.of_kind("bank_passed", events) == [{"from": 1, "to": 0, "reason": "banker_zero"}]
    assert t.state.banks_held == [1, 1]
    assert t.state.hands_in_term == 0


# -- NV-12 -------------------------------------------------------------------------------------
def _last_hand_of_the_rotation(chips: tuple[int, ...]) -> Table:
    """Banker 0 in the fifth hand of the last term, banker scoring 5; both punters lose."""
    t = Table(3, 0, "Co02 Co03 Co05", chips=chips)
    t.state.banks_held = [1, 1, 1]
    t.state.hands_in_term = 4
    t.play((1, Bet(2)), (1, STAND), (2, Bet(1)), (2, STAND), (0, STAND))
    return t


def test_nv12_end_of_the_rotation_and_the_winner() -> None:
    t = _last_hand_of_the_rotation((127, 97, 76))
    assert t.chips == [130, 95, 75]
    result = GAME.result(t.state)
    assert result.over and result.reason == "rotation_complete"
    assert result.scores == (130, 95, 75)
    assert result.winner == 0
    over = t.of_kind("game_over")[-1]
    assert over["ranking"] == [0, 1, 2]
    assert over["winners"] == [0]
    assert GAME.to_act(t.state) == ()


def test_nv12_equal_chips_share_the_win() -> None:
    t = _last_hand_of_the_rotation((107, 112, 81))
    assert t.chips == [110, 110, 80]
    assert t.state.winners == (0, 1)
    assert GAME.observe(t.state, 2).winners == (0, 1)
    assert GAME.result(t.state).winner in (0, 1)


def test_nv12_the_bank_goes_round_once_from_the_banker_drawn_by_lot() -> None:
    options = BancoOptions(players=3)
    seed = next(s for s in range(100) if GAME.new_game(options, s)[0].banker == 1)
    state, events = GAME.new_game(options, seed)
    assert isinstance(events[0], GameStarted) and events[0].banker == 1
    while GAME.to_act(state):  # bet the minimum and stand: a quiet game
        seat = GAME.to_act(state)[0]
        action = Bet(1) if state.phase == Phase.BET else STAND
        events += GAME.apply(state, seat, action)
    passes = [(e.from_, e.to) for e in events if isinstance(e, BankPassed)]
    assert passes == [(1, 2), (2, 0)]
    assert GAME.result(state).reason == "rotation_complete"
    assert state.banks_held == [1, 1, 1]


def test_the_first_banker_is_drawn_by_lot() -> None:
    options = BancoOptions(players=4)
    bankers = {GAME.new_game(options, seed)[0].banker for seed in range(40)}
    assert bankers == {0, 1, 2, 3}
