"""The Kaël heuristic seat follows the spec's AI notes (``shared/rules/kael.md`` section 14).

Each test takes a real observation from a game and changes only the facts the note is about, so
that the same situation with and without that fact gives different choices.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from nove_desktop.ai.kael import KaelHeuristicSeat
from nove_desktop.engine import Action
from nove_desktop.games.kael import KaelGame
from nove_desktop.games.kael.actions import (
    DECK_SOURCE,
    TABLE_SOURCE,
    CallKael,
    GoodDraw,
    KeepCard,
    Lay,
)
from nove_desktop.games.kael.cards import POINTS, RANK
from nove_desktop.games.kael.view import KaelObservation

GAME = KaelGame()


def situation(
    hand: tuple[str, ...],
    table: tuple[str, ...],
    *,
    total: int = 0,
    landing: bool = True,
    others: dict[int, dict[str, Any]] | None = None,
    **changes: Any,
) -> KaelObservation:
    """Seat 0's view of a real 4-seat game, with its hand, the table (bottom to top), its game
    total and the other seats' public facts replaced."""
    options = GAME.options_from_json({"players": 4, "deal_mode": "fixed", "hand_size": 5})
    state, _ = GAME.new_game(options, 11)
    obs = GAME.observe(state, 0)
    seats = []
    for view in obs.seats:
        if view.seat == 0:
            view = dataclasses.replace(
                view, card_count=len(hand), known_cards=(), total=total, landing_benefit=landing
            )
        else:
            view = dataclasses.replace(view, **(others or {}).get(view.seat, {}))
        seats.append(view)
    rank, length = None, 0
    for card in reversed(table):
        if rank is not None and RANK[card] != rank:
            break
        rank = RANK[card]
        length += 1
    return dataclasses.replace(
        obs,
        seat=0,
        current=0,
        hand=hand,
        hand_total=sum(POINTS[c] for c in hand),
        seats=tuple(seats),
        table=tuple((c, None) for c in table),
        chain_rank=rank,
        chain_length=length,
        **changes,
    )


def lays(hand: tuple[str, ...], sources=(DECK_SOURCE, TABLE_SOURCE)) -> list[Action]:
    """The single and pair lays of ``hand`` in the engine's order (rank by rank)."""
    by_rank: dict[str, list[str]] = {}
    for card in hand:
        by_rank.setdefault(RANK[card], []).append(card)
    out: list[Action] = []
    for cards in by_rank.values():
        sets = [(c,) for c in cards] + ([tuple(cards)] if len(cards) == 2 else [])
        out += [Lay(chosen, s) for chosen in sets for s in sources]
    return out


def seat() -> KaelHeuristicSeat:
    return KaelHeuristicSeat(1)


# -- good draws ----------------------------------------------------------------------------------
def test_good_draw_is_kept_when_a_known_holder_could_cut_a_cheap_chain() -> None:
    # Seat 0 laid 1a, drew 1b: laying it makes a chain of two 1s; seat 2 took 1c and 1d.
    known = {2: {"known_cards": ("1c", "1d"), "card_count": 4}}
    obs = situation(("5a", "1b"), ("9a", "1a"), others=known, good_draw="1b")
    assert seat().choose(obs, [GoodDraw(), KeepCard()]) == KeepCard()


def test_good_draw_is_taken_without_a_known_cutter() -> None:
    obs = situation(("5a", "1b"), ("9a", "1a"), good_draw="1b")
    assert seat().choose(obs, [GoodDraw(), KeepCard()]) == GoodDraw()


def test_good_draw_worth_more_than_two_is_taken_even_against_a_known_cutter() -> None:
    known = {2: {"known_cards": ("7c", "7d"), "card_count": 4}}
    obs = situation(("5a", "7b"), ("9a", "7a"), others=known, good_draw="7b")
    assert seat().choose(obs, [GoodDraw(), KeepCard()]) == GoodDraw()


# -- feeding -------------------------------------------------------------------------------------
def test_no_low_card_left_on_top_for_a_next_seat_close_to_calling() -> None:
    hand = ("1a", "1b", "2a")
    close = {1: {"card_count": 1, "known_cards": ()}}  # one unknown card: about 7 points
    far = {1: {"card_count": 6, "known_cards": ()}}
    chosen_close = seat().choose(situation(hand, ("9c",), others=close), lays(hand))
    chosen_far = seat().choose(situation(hand, ("9c",), others=far), lays(hand))
    assert isinstance(chosen_close, Lay) and isinstance(chosen_far, Lay)
    assert chosen_close.cards == ("2a",)
    assert chosen_far.cards == ("1a", "1b")  # same points shed, the pair comes first


# -- final turns and landings --------------------------------------------------------------------
def test_final_turn_takes_the_table_card_that_lands_on_fifty() -> None:
    # After laying 9a the hand keeps 5a; taking 8a gives 13 points, a deck card about 7.
    hand = ("9a", "5a")
    lands = situation(hand, ("3c", "8a"), total=37, caller=2)  # 37 + 13 = 50: counts as -12
    misses = situation(hand, ("3c", "8a"), total=38, caller=2)
    no_benefit = situation(hand, ("3c", "8a"), total=37, landing=False, caller=2)
    assert seat().choose(lands, lays(hand)) == Lay(("9a",), TABLE_SOURCE)
    assert seat().choose(misses, lays(hand)) == Lay(("9a",), DECK_SOURCE)
    assert seat().choose(no_benefit, lays(hand)) == Lay(("9a",), DECK_SOURCE)


def test_final_turn_takes_a_cheap_table_card() -> None:
    hand = ("12a", "4a")
    obs = situation(hand, ("7c", "0a"), total=10, caller=3)
    assert seat().choose(obs, lays(hand)) == Lay(("12a",), TABLE_SOURCE)


# -- calling Kaël --------------------------------------------------------------------------------
def legal_with_call(hand: tuple[str, ...]) -> list:
    return [*lays(hand), CallKael()]


def test_calls_at_once_with_one_point() -> None:
    obs = situation(("1a",), ("9c",))
    assert seat().choose(obs, legal_with_call(("1a",))) == CallKael()


def test_no_call_with_one_point_when_an_opponent_visibly_holds_one_low_card() -> None:
    shown = {3: {"card_count": 1, "known_cards": ("0a",)}}
    obs = situation(("1a",), ("9c",), others=shown)
    assert seat().choose(obs, legal_with_call(("1a",))) != CallKael()


def test_calls_earlier_near_a_hundred() -> None:
    # 4 points against opponents estimated at about 5: too close normally, but at 85 it calls.
    close = {
        s: {"card_count": 1, "known_cards": ("5b",) if s == 1 else ("5c",) if s == 2 else ("5d",)}
        for s in (1, 2, 3)
    }
    hand = ("4a",)
    normal = situation(hand, ("9c",), total=33, others=close)
    near_100 = situation(hand, ("9c",), total=85, others=close)
    assert seat().choose(normal, legal_with_call(hand)) != CallKael()
    assert seat().choose(near_100, legal_with_call(hand)) == CallKael()


def test_calls_earlier_when_a_failed_call_would_land() -> None:
    close = {
        s: {"card_count": 1, "known_cards": ("5b",) if s == 1 else ("5c",) if s == 2 else ("5d",)}
        for s in (1, 2, 3)
    }
    hand = ("4a",)
    lands = situation(hand, ("9c",), total=30, others=close)  # 30 + 20 = 50
    assert seat().choose(lands, legal_with_call(hand)) == CallKael()
    assert (
        seat().choose(situation(hand, ("9c",), total=31, others=close), legal_with_call(hand))
        != CallKael()
    )


def test_never_a_false_call() -> None:
    hand = ("6a",)
    obs = situation(hand, ("9c",), total=95)
    assert seat().choose(obs, legal_with_call(hand)) != CallKael()
