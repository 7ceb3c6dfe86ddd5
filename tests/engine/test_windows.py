"""Reaction windows (``nove_desktop/engine/windows.py``).

Design contract: a reaction window is part of the state: who may act, what they may do (always
including passing), how simultaneous claims are ordered (fixed seat precedence), when it closes.
A lower-precedence claim waits until every better-placed seat has passed; the best claim wins;
everybody passing closes the window. With ``first_claim_wins`` the first claim to arrive wins.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nove_desktop.engine import IllegalActionError, ReactionWindow, WindowOutcome

UNDECIDED: WindowOutcome[str] = WindowOutcome(False)
ALL_PASSED: WindowOutcome[str] = WindowOutcome(True)


# -- precedence mode -------------------------------------------------------------------------------
def test_a_lower_claim_waits_for_the_better_seats_to_pass() -> None:
    window: ReactionWindow[str] = ReactionWindow("cut", (2, 0, 1))
    assert window.answer(1, "cut") == UNDECIDED
    assert window.waiting() == (2, 0)
    assert window.answer(2, None) == UNDECIDED
    assert window.waiting() == (0,)
    assert window.answer(0, None) == WindowOutcome(True, 1, "cut")
    assert window.waiting() == ()


def test_the_best_placed_claim_wins_even_when_it_arrives_last() -> None:
    window: ReactionWindow[str] = ReactionWindow("cut", (2, 0, 1))
    window.answer(1, "late claim")
    window.answer(0, "middle claim")
    assert window.outcome() == UNDECIDED  # seat 2 may still claim first
    assert window.answer(2, "best claim") == WindowOutcome(True, 2, "best claim")


def test_the_best_placed_seat_claiming_decides_at_once() -> None:
    window: ReactionWindow[str] = ReactionWindow("cut", (3, 1, 2))
    assert window.answer(3, "mine") == WindowOutcome(True, 3, "mine")
    assert window.waiting() == ()


def test_a_claim_decides_once_every_better_seat_has_passed() -> None:
    window: ReactionWindow[str] = ReactionWindow("draw", (0, 1, 2, 3))
    window.answer(0, None)
    assert window.answer(1, "x") == WindowOutcome(True, 1, "x")
    with pytest.raises(IllegalActionError, match="this moment has passed"):
        window.answer(2, "y")


def test_all_passes_close_the_window_with_no_winner() -> None:
    window: ReactionWindow[str] = ReactionWindow("draw", (1, 0))
    assert window.answer(0, None) == UNDECIDED
    assert window.answer(1, None) == ALL_PASSED
    assert window.outcome() == WindowOutcome(True, None, None)


def test_a_falsy_claim_is_still_a_claim() -> None:
    """Only ``None`` is a pass: a claim such as 0 or "" must not be mistaken for one."""
    window: ReactionWindow[int] = ReactionWindow("bid", (0, 1))
    assert window.answer(0, 0) == WindowOutcome(True, 0, 0)


def test_an_empty_window_is_decided_with_no_winner() -> None:
    window: ReactionWindow[str] = ReactionWindow("nobody", ())
    assert window.outcome() == ALL_PASSED
    assert window.waiting() == ()


# -- first claim wins ------------------------------------------------------------------------------
def test_first_claim_wins_does_not_wait_for_better_seats() -> None:
    window: ReactionWindow[str] = ReactionWindow("cut", (0, 1, 2), first_claim_wins=True)
    assert window.answer(2, "cut") == WindowOutcome(True, 2, "cut")
    assert window.waiting() == ()
    with pytest.raises(IllegalActionError, match="this moment has passed"):
        window.answer(0, "cut")


def test_first_claim_wins_all_passes_close_the_window() -> None:
    window: ReactionWindow[str] = ReactionWindow("cut", (0, 1, 2), first_claim_wins=True)
    window.answer(1, None)
    window.answer(0, None)
    assert window.outcome() == UNDECIDED
    assert window.waiting() == (2,)
    assert window.answer(2, None) == ALL_PASSED


# -- refusals --------------------------------------------------------------------------------------
def test_a_seat_cannot_answer_twice() -> None:
    window: ReactionWindow[str] = ReactionWindow("cut", (0, 1, 2))
    window.answer(1, None)
    with pytest.raises(IllegalActionError, match="already answered") as info:
        window.answer(1, "claim after a pass")
    assert info.value.seat == 1
    assert window.answers == {1: None}


def test_a_seat_outside_the_window_is_refused() -> None:
    window: ReactionWindow[str] = ReactionWindow("cut", (0, 2))
    with pytest.raises(IllegalActionError, match="may not react") as info:
        window.answer(1, "claim")
    assert info.value.seat == 1
    assert info.value.reason == "you may not react now"
    assert window.answers == {}


def test_no_answer_is_accepted_after_the_decision() -> None:
    window: ReactionWindow[str] = ReactionWindow("cut", (0, 1, 2))
    window.answer(0, "win")
    for seat, claim in ((1, None), (2, "claim")):
        with pytest.raises(IllegalActionError, match="this moment has passed"):
            window.answer(seat, claim)
    assert window.answers == {0: "win"}


def test_a_seat_listed_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="only once"):
        ReactionWindow("cut", (0, 1, 0))


def test_orders_are_checked_every_time_until_found_valid() -> None:
    # Valid orders are remembered (games reuse a few); a bad one is refused each time, also
    # when given as a list, and a valid one stays accepted.
    for _ in range(2):
        # A list on purpose (not the declared tuple): callers outside mypy may pass one.
        given: Any = [2, 0, 1]  # a list where a tuple is declared
        repeated: Any = [2, 0, 2]
        assert ReactionWindow("cut", given).order == (2, 0, 1)
        with pytest.raises(ValueError, match="only once"):
            ReactionWindow("cut", repeated)


# -- waiting ---------------------------------------------------------------------------------------
def test_waiting_lists_unanswered_seats_in_precedence_order() -> None:
    window: ReactionWindow[str] = ReactionWindow("cut", (3, 0, 2, 1))
    assert window.waiting() == (3, 0, 2, 1)
    window.answer(2, None)
    assert window.waiting() == (3, 0, 1)
    window.answer(1, "claim")
    assert window.waiting() == (3, 0)
    window.answer(3, None)
    assert window.waiting() == (0,)


# -- copies and JSON -------------------------------------------------------------------------------
def test_copy_is_independent() -> None:
    window: ReactionWindow[str] = ReactionWindow("cut", (0, 1, 2), first_claim_wins=False)
    window.answer(1, "claim")
    twin = window.copy()
    twin.answer(0, None)
    assert window.answers == {1: "claim"}
    assert window.outcome() == UNDECIDED
    assert twin.outcome() == WindowOutcome(True, 1, "claim")
    window.answer(0, "own claim")
    assert twin.answers == {1: "claim", 0: None}
    assert (twin.kind, twin.order, twin.first_claim_wins) == ("cut", (0, 1, 2), False)


@pytest.mark.parametrize("first_claim_wins", [False, True])
def test_json_round_trip(first_claim_wins: bool) -> None:
    window: ReactionWindow[str] = ReactionWindow(
        "good_draw", (2, 0, 1), first_claim_wins=first_claim_wins
    )
    window.answer(0, None)
    window.answer(1, "R5")
    data = json.loads(json.dumps(window.to_json()))
    assert data == {
        "kind": "good_draw",
        "order": [2, 0, 1],
        "first_claim_wins": first_claim_wins,
        "answers": [[0, None], [1, "R5"]],
    }
    back = ReactionWindow.from_json(data)
    assert (back.kind, back.order, back.first_claim_wins) == window_fields(window)
    assert back.answers == window.answers
    assert back.outcome() == window.outcome()
    assert back.waiting() == window.waiting()


def window_fields(window: ReactionWindow[str]) -> tuple[str, tuple[int, ...], bool]:
    return (window.kind, window.order, window.first_claim_wins)


def test_json_round_trip_with_claim_codecs() -> None:
    """Claims that are not plain JSON go through the given encoder and decoder; passes stay
    ``null`` and are never handed to them."""
    window: ReactionWindow[tuple[str, int]] = ReactionWindow("bid", (0, 1, 2))
    window.answer(2, ("R", 5))
    window.answer(0, None)
    data = json.loads(json.dumps(window.to_json(lambda c: {"suit": c[0], "n": c[1]})))
    assert data["answers"] == [[2, {"suit": "R", "n": 5}], [0, None]]
    back = ReactionWindow.from_json(data, lambda d: (d["suit"], d["n"]))
    assert back.answers == {2: ("R", 5), 0: None}


# -- property: the outcome matches a brute-force reading of the rule -------------------------------
@st.composite
def windows_and_answers(
    draw: st.DrawFn,
) -> tuple[tuple[int, ...], dict[int, str | None], list[int]]:
    """A precedence order of 0-6 distinct seats, each seat's answer (a claim or a pass), and
    the order in which the answers arrive."""
    seats = draw(st.lists(st.integers(0, 9), unique=True, max_size=6))
    order = tuple(draw(st.permutations(seats)))
    answers = {seat: draw(st.one_of(st.none(), st.sampled_from(["a", "b", "c"]))) for seat in order}
    arrival = list(draw(st.permutations(order)))
    return order, answers, arrival


def reference_precedence(
    order: tuple[int, ...], answers: dict[int, str | None]
) -> tuple[int | None, str | None]:
    """The claim of the first seat in order whose answer is a claim, provided all seats before
    it passed (they did, or it would not be the first); nobody when all pass."""
    for seat in order:
        if answers[seat] is not None:
            return seat, answers[seat]
    return None, None


@given(windows_and_answers())
def test_precedence_outcome_matches_the_reference(
    case: tuple[tuple[int, ...], dict[int, str | None], list[int]],
) -> None:
    order, answers, arrival = case
    window: ReactionWindow[str] = ReactionWindow("w", order)
    winner, claim = reference_precedence(order, answers)
    # The window may close only once the winner and every better seat have answered (all seats
    # when nobody claims); it must close exactly then.
    needed = set(order[: order.index(winner) + 1]) if winner is not None else set(order)
    answered: set[int] = set()
    for seat in arrival:
        if window.outcome().decided:
            with pytest.raises(IllegalActionError):
                window.answer(seat, answers[seat])
            continue
        outcome = window.answer(seat, answers[seat])
        answered.add(seat)
        assert outcome.decided == needed.issubset(answered)
        assert window.waiting() == (
            () if outcome.decided else tuple(s for s in order if s not in answered)
        )
    assert window.outcome() == WindowOutcome(True, winner, claim)


@given(windows_and_answers())
def test_first_claim_wins_outcome_matches_the_reference(
    case: tuple[tuple[int, ...], dict[int, str | None], list[int]],
) -> None:
    order, answers, arrival = case
    window: ReactionWindow[str] = ReactionWindow("w", order, first_claim_wins=True)
    first = next((s for s in arrival if answers[s] is not None), None)
    expected = WindowOutcome(True, first, None if first is None else answers[first])
    for seat in arrival:
        if window.outcome().decided:
            with pytest.raises(IllegalActionError):
                window.answer(seat, answers[seat])
        else:
            window.answer(seat, answers[seat])
    assert window.outcome() == expected
