"""The API the table calls (``ai/decide.py``) and the session's side of it.

A request pickles (the table sends it to a worker process), ``decide`` answers from the request
alone, a hint carries the numbers of its reason line, and bad requests get readable errors.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor

import pytest

from nove_desktop.ai import SEAT_KINDS, DecisionRequest, Hint, SeatError, decide, hint
from nove_desktop.ai.search import HARD_ITERATIONS, HINT_ITERATIONS, Budget, BudgetError
from nove_desktop.games import default_registry
from nove_desktop.games.nove.actions import Hit, Stand
from nove_desktop.match import decision_request, seat_seed
from nove_desktop.session import GameSession, SeatConfig
from nove_desktop.specs import game_ids

REGISTRY = default_registry()
GAMES = game_ids()


def first_choice(game_id: str, seed: int = 5):
    """A state of a fresh game at its first decision with more than one legal action."""
    game = REGISTRY.get(game_id)
    state, _ = game.new_game(game.default_options(3), seed)
    position = 0
    while True:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if len(legal) > 1:
            return game, state, seat, position
        game.apply(state, seat, legal[0])
        position += 1


@pytest.mark.parametrize("game_id", GAMES)
def test_requests_pickle_and_decide_the_same_after_the_trip(game_id: str) -> None:
    game, state, seat, position = first_choice(game_id)
    for kind in SEAT_KINDS:
        request = decision_request(game, state, 9, seat, kind, position, iterations=5)
        copy = pickle.loads(pickle.dumps(request))
        assert copy == dataclasses.replace(copy)  # a plain frozen dataclass
        action = decide(request)
        assert action in request.legal
        assert decide(copy) == action
        assert pickle.loads(pickle.dumps(action)) == action


def test_only_the_search_gets_a_sample_and_it_is_a_copy() -> None:
    game, state, seat, position = first_choice("kael")
    for kind in ("random", "easy", "normal", "heuristic"):
        assert decision_request(game, state, 1, seat, kind, position).sample is None
    request = decision_request(game, state, 1, seat, "hard", position)
    assert request.sample is not None and request.sample is not state
    assert request.seed == seat_seed(1, seat) and request.position == position
    # No budget given: the game's fixed iteration budget (a hint's for a hint), never a clock.
    assert request.seconds is None and request.iterations is None
    # Per seat count; without options, the largest table's (the smallest budget).
    assert request.budget() == Budget(iterations=min(HARD_ITERATIONS["kael"].values()))
    at_three = dataclasses.replace(request, options=game.default_options(3))
    assert at_three.budget() == Budget(iterations=HARD_ITERATIONS["kael"][3])
    assert at_three.budget(for_hint=True) == Budget(iterations=HINT_ITERATIONS["kael"][3])


def test_decide_runs_in_a_spawned_worker_process() -> None:
    """What the table does: a fresh interpreter (as a frozen build starts its workers) gets the
    request, imports what it needs and answers exactly like this process."""
    game, state, seat, position = first_choice("nove")
    request = decision_request(game, state, 3, seat, "hard", position, iterations=12)
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=context) as pool:
        assert pool.submit(decide, request).result(timeout=120) == decide(request)
        remote = pool.submit(hint, request).result(timeout=120)
    assert remote == hint(request)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_hint_carries_the_numbers_of_its_reason(game_id: str) -> None:
    game, state, seat, position = first_choice(game_id)
    request = decision_request(game, state, 4, seat, "hard", position, iterations=40)
    result = hint(request)
    assert isinstance(result, Hint) and pickle.loads(pickle.dumps(result)) == result
    compared = len(result.alternatives)
    assert 2 <= compared <= 4 and result.deals == 40 // compared  # every action on every deal
    assert result.action == result.alternatives[0].action and result.action in request.legal
    assert all(option.visits == result.deals for option in result.alternatives)
    assert sum(option.share for option in result.alternatives) == pytest.approx(1.0)
    assert all(0.0 <= option.share <= 1.0 for option in result.alternatives)
    assert len({o.action for o in result.alternatives}) == compared
    assert {o.action for o in result.alternatives} <= set(request.legal)
    # A request of another kind still gets the search's hint.
    assert hint(dataclasses.replace(request, kind="easy")) == result


def test_a_hint_mean_is_the_seats_mean_round_result() -> None:
    """NOVE at 30 without a joker: standing keeps the hand (a round result of at least -1),
    hitting busts unless a 1 comes, and a bust scores -1 whatever else happens."""
    session = nove_session_at(30)
    seat = session.decider()
    assert seat is not None  # the game is not over
    result = session.hint(seat, iterations=60)
    by_action = {o.action: o for o in result.alternatives}
    assert set(by_action) == {Hit(), Stand()}
    assert result.action == Stand()
    assert by_action[Stand()].mean > by_action[Hit()].mean
    assert by_action[Hit()].mean >= -1.0 or by_action[Hit()].visits == 0


def nove_session_at(total: int) -> GameSession:
    """A 3-seat NOVE session (seat 1 human) at seat 1's first Step-2 decision with ``total``."""
    from nove_desktop.engine import Stack

    hands = {30: ("RA", "YB", "GC"), 12: ("R5", "Y4", "G3")}[total]
    others = ("G4", "P4", "Y5", "Y6", "GA", "R3")  # seat 2: G4 Y5 GA; seat 0: P4 Y6 R3
    deck: tuple[str, ...] = (
        hands[0],
        others[0],
        others[1],
        hands[1],
        others[2],
        others[3],
        hands[2],
    )
    deck += (others[4], others[5], "R1", "R2")
    game = REGISTRY.get("nove")
    options = game.options_from_json({"players": 3, "first_dealer": 0})
    seats = [SeatConfig("A", "normal"), SeatConfig("B", "human"), SeatConfig("C", "normal")]
    session = GameSession(game, options, 3, seats, Stack(cards=deck))
    while session.decider() != 1 or Hit() not in session.legal(1):
        seat = session.decider()
        assert seat is not None  # the game is not over
        legal = session.legal(seat)
        session.apply(seat, legal[0] if seat == 1 else session.ai_decide(seat))
    assert session.observe(1).min_value == total
    return session


def test_a_single_legal_action_needs_no_search() -> None:
    game, state, seat, position = first_choice("kael")
    request = decision_request(game, state, 1, seat, "hard", position)
    only = dataclasses.replace(request, legal=request.legal[:1], sample=None)
    assert decide(only) == request.legal[0]
    assert hint(only) == hint(dataclasses.replace(only, iterations=3))
    assert hint(only).deals == 0 and hint(only).alternatives[0].share == 1.0


def test_bad_requests_get_readable_errors() -> None:
    game, state, seat, position = first_choice("nox")
    request = decision_request(game, state, 1, seat, "hard", position, iterations=3)
    with pytest.raises(SeatError, match="needs a determinized sample"):
        decide(dataclasses.replace(request, sample=None))
    with pytest.raises(SeatError, match='unknown seat kind "genius"'):
        decide(dataclasses.replace(request, kind="genius"))
    with pytest.raises(SeatError, match="no legal action"):
        decide(dataclasses.replace(request, legal=()))
    with pytest.raises(BudgetError, match="time budget or an iteration budget"):
        Budget(None, None)
    with pytest.raises(BudgetError, match="at least one iteration"):
        decide(dataclasses.replace(request, iterations=0))
    with pytest.raises(BudgetError, match="must be positive"):
        decide(dataclasses.replace(request, seconds=-1.0))


def test_a_time_budget_reads_the_clock_it_is_given() -> None:
    """Time is passed in: with a clock that advances 0.1 s per reading (one per deal), a 0.35 s
    budget started at 0.0 runs the deals that start at 0.0, 0.1 and 0.2 (the first needs no
    reading); one starting at 0.3 would end, as long as the longest before it, after the budget. An
    iteration cap stops earlier (but a search always plays at least one deal)."""
    game, state, seat, position = first_choice("nove")
    request = decision_request(game, state, 1, seat, "hard", position, seconds=0.35)
    readings = iter(i / 10 for i in range(1000))
    timed = hint(request, clock=lambda: next(readings))
    assert timed.deals == 3
    readings = iter(i / 10 for i in range(1000))
    longer = hint(dataclasses.replace(request, seconds=0.4), clock=lambda: next(readings))
    assert longer.deals == 4  # the deal starting at 0.3 ends at 0.4: within the budget
    capped = dataclasses.replace(request, iterations=2 * len(timed.alternatives))
    readings = iter(i / 10 for i in range(1000))
    assert hint(capped, clock=lambda: next(readings)).deals == 2
    tiny = dataclasses.replace(request, iterations=1)
    assert hint(tiny, clock=lambda: next(readings)).deals == 1


# -- the session's side ---------------------------------------------------------------------------
def test_the_session_builds_requests_for_its_seats_and_hints_for_people() -> None:
    game = REGISTRY.get("kael")
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bot", "easy"), SeatConfig("Max", "hard")]
    session = GameSession(game, game.default_options(3), 8, seats)
    while session.decider() != 0 or len(session.legal(0)) < 2:
        seat = session.decider()
        assert seat is not None  # the game is not over
        legal = session.legal(seat)
        session.apply(seat, legal[0] if seat == 0 else session.ai_decide(seat, iterations=3))
    with pytest.raises(SeatError, match="played by a person"):
        session.decision_request(0)
    request = session.decision_request(0, "hard", iterations=7)
    assert request.kind == "hard" and request.seat == 0 and request.iterations == 7
    assert request.position == session.position == len(session.replay.actions)
    assert request.observation == session.observe(0)
    assert request.legal == tuple(session.legal(0))
    assert request.seed == seat_seed(8, 0) and request.options == session.options
    assert session.hint(0, iterations=7) == hint(request)
    assert session.decision_request(1).kind == "easy"
    assert session.decision_request(1).sample is None
    assert session.decision_request(2).kind == "hard"


def test_request_fields_keep_their_names() -> None:
    """The table kit calls these names: keep them."""
    names = [f.name for f in dataclasses.fields(DecisionRequest)]
    assert names == [
        "game_id",
        "kind",
        "seed",
        "seat",
        "position",
        "observation",
        "legal",
        "sample",
        "options",
        "seconds",
        "iterations",
    ]
