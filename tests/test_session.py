"""GameSession: acting and recording, saves (to_save / from_save) and what AI seats are given.

Pure Python (no pygame): the session is what the table scene drives and what Continue rebuilds.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from nove_desktop.ai import decide
from nove_desktop.engine import Action, IllegalActionError, Stack
from nove_desktop.engine.replay import run
from nove_desktop.games import default_registry
from nove_desktop.games.nove.actions import Discard, Hit, Stand
from nove_desktop.games.nove.cards import DECK
from nove_desktop.games.nove.view import NoveObservation
from nove_desktop.session import SAVE_FORMAT, SAVE_VERSION, GameSession, SaveError, SeatConfig
from nove_desktop.storage import Storage

REGISTRY = default_registry()
GAME = REGISTRY.get("nove")
SEATS = [
    SeatConfig("Ann", "human"),
    SeatConfig("Bot 1", "heuristic"),
    SeatConfig("Bot 2", "random"),
]


def new_session(seed=11, seats=SEATS, stack=None, **options):
    opts = GAME.options_from_json({"players": len(seats), **options})
    return GameSession(GAME, opts, seed, seats, stack)


def step(session, rng):
    """One decision: an AI seat chooses from its inputs, a human seat picks at random."""
    seat = session.decider()
    if session.is_human(seat):
        action = rng.choice(session.legal(seat))
    else:
        observation, legal = session.ai_inputs(seat)
        action = session.ai_seat(seat).choose(observation, legal)
    session.apply(seat, action)
    return seat, action


def play(session, count, rng):
    for _ in range(count):
        if session.over:
            break
        step(session, rng)


def state_json(session):
    return GAME.state_to_json(session.state)


def assert_conserved(session):
    assert sorted(GAME.cards_in_play(session.state)) == sorted(GAME.full_deck(session.options))


# -- acting and recording -------------------------------------------------------------------------
def test_a_new_session_waits_for_a_decision():
    session = new_session()
    assert not session.over
    assert session.to_act() == (session.decider(),)
    assert session.human_seats == [0]
    assert session.is_human(0) and not session.is_human(1)
    assert session.opening_events and session.opening_events[0].kind == "game_start"
    assert session.replay.actions == []
    assert_conserved(session)


def test_apply_records_each_action_in_order():
    session = new_session(seed=3)
    rng = random.Random(3)
    applied: list[tuple[int, Action]] = []
    while len(applied) < 25 and not session.over:
        applied.append(step(session, rng))
    assert len(applied) >= 10
    assert session.replay.actions == [(seat, action.to_json()) for seat, action in applied]
    assert_conserved(session)


def test_an_illegal_action_changes_nothing():
    session = new_session(seed=4)
    play(session, 5, random.Random(4))
    before = state_json(session)
    recorded = list(session.replay.actions)
    decider = session.decider()
    other = (decider + 1) % len(SEATS)
    with pytest.raises(IllegalActionError):
        session.apply(other, Stand())  # not this seat's turn
    legal = session.legal(decider)
    wrong = Hit() if Hit() not in legal else Discard(("R1", "R2", "R3", "R4"))
    with pytest.raises(IllegalActionError):
        session.apply(decider, wrong)
    assert state_json(session) == before
    assert session.replay.actions == recorded


# -- saves ----------------------------------------------------------------------------------------
def test_to_save_is_json_with_the_markers_and_the_replay():
    session = new_session(seed=5)
    play(session, 12, random.Random(5))
    data = session.to_save({"viewer": 0})
    assert data["format"] == SAVE_FORMAT and data["version"] == SAVE_VERSION
    assert data["finished"] is False
    assert data["ui"] == {"viewer": 0}
    assert "result" not in data["replay"]
    assert len(data["replay"]["actions"]) == len(session.replay.actions) == 12
    assert json.loads(json.dumps(data, allow_nan=False)) == data


@pytest.mark.parametrize("count", [0, 1, 7, 40])
def test_from_save_rebuilds_the_same_state_and_history(count):
    session = new_session(seed=6)
    play(session, count, random.Random(count))
    data = json.loads(json.dumps(session.to_save()))  # as it comes back from the disk
    resumed = GameSession.from_save(data, REGISTRY)
    assert state_json(resumed) == state_json(session)
    assert resumed.replay.actions == session.replay.actions
    assert resumed.seats == session.seats
    assert resumed.seed == session.seed
    assert resumed.options == session.options
    seat = session.decider()
    assert seat is not None and resumed.decider() == seat
    assert resumed.legal(seat) == session.legal(seat)
    assert resumed.to_save() == session.to_save()


def test_a_resumed_session_has_the_same_future():
    session = new_session(seed=8)
    rng = random.Random(8)
    play(session, 20, rng)
    resumed = GameSession.from_save(session.to_save(), REGISTRY)
    # The same actions on both give the same states, deals included (chance lives in the state).
    for _ in range(60):
        if session.over:
            break
        seat = session.decider()
        action = rng.choice(session.legal(seat))
        session.apply(seat, action)
        resumed.apply(seat, action)
        assert state_json(resumed) == state_json(session)
    assert resumed.replay.actions == session.replay.actions


def test_a_stacked_deck_survives_the_save():
    stack = Stack(cards=("R5", "Y3", "P2", "G6", "G4", "Y6", "PA", "RB", "GC"))
    session = new_session(seed=9, stack=stack, first_dealer=2)
    assert session.state.hands[0] == ["R5", "G6", "PA"]
    play(session, 6, random.Random(9))
    data = json.loads(json.dumps(session.to_save()))
    assert data["replay"]["deck"]["cards"] == list(stack.cards)
    resumed = GameSession.from_save(data, REGISTRY)
    assert resumed.stack == stack
    assert state_json(resumed) == state_json(session)


def test_a_finished_game_is_saved_as_finished():
    seats = [SeatConfig(f"Bot {i}", "heuristic") for i in range(3)]
    session = new_session(seed=12, seats=seats)
    play(session, 5000, random.Random(12))
    assert session.over
    data = session.to_save()
    assert data["finished"] is True
    resumed = GameSession.from_save(data, REGISTRY)
    assert resumed.over and state_json(resumed) == state_json(session)


def test_saves_go_through_the_storage(tmp_path):
    storage = Storage(tmp_path)
    session = new_session(seed=13)
    play(session, 15, random.Random(13))
    storage.save_game(session.to_save())
    loaded = storage.load_game()
    assert loaded.problem is None
    resumed = GameSession.from_save(loaded.data, REGISTRY)
    assert state_json(resumed) == state_json(session)


def _tampered(mutate):
    session = new_session(seed=14)
    play(session, 10, random.Random(14))
    data = json.loads(json.dumps(session.to_save()))
    mutate(data)
    return data


def _illegal_action(data):
    data["replay"]["actions"][3]["action"] = {"type": "discard", "cards": ["R1", "R2", "R3", "R4"]}


def _foreign_seat(data):
    data["replay"]["actions"][0]["seat"] = (data["replay"]["actions"][0]["seat"] + 1) % 3


BAD_SAVES = {
    "not an object": lambda data: data.clear() or data.update({"x": 1}),
    "other format": lambda data: data.update(format="nove-desktop-settings"),
    "other version": lambda data: data.update(version=2),
    "no replay": lambda data: data.pop("replay"),
    "replay not an object": lambda data: data.update(replay=[1, 2]),
    "replay format": lambda data: data["replay"].update(format="x"),
    "unknown game": lambda data: data["replay"].update(game="chess"),
    "seed not a number": lambda data: data["replay"].update(seed="7"),
    "too few seats": lambda data: data["replay"]["seats"].pop(),
    "bad options": lambda data: data["replay"]["options"].update(players=9),
    "unknown action type": lambda data: data["replay"]["actions"][0].update(action={"type": "x"}),
    "action field": lambda data: data["replay"]["actions"][0]["action"].update(cards="R1"),
    "illegal action": _illegal_action,
    "seat out of turn": _foreign_seat,
    "actions not a list": lambda data: data["replay"].update(actions={}),
    "bad deck": lambda data: data["replay"].update(deck={"cards": ["ZZ"]}),
}


@pytest.mark.parametrize("name", sorted(BAD_SAVES))
def test_a_bad_save_raises_save_error(name):
    data = _tampered(BAD_SAVES[name])
    with pytest.raises(SaveError) as info:
        GameSession.from_save(data, REGISTRY)
    message = str(info.value)
    assert message and "\n" not in message


@pytest.mark.parametrize("data", [None, [], "save", 3])
def test_a_save_that_is_not_an_object_raises_save_error(data):
    with pytest.raises(SaveError):
        GameSession.from_save(data, REGISTRY)


def test_a_save_with_a_seat_kind_without_ai_raises_save_error():
    data = _tampered(lambda data: data["replay"]["seats"][1].update(kind="search"))
    with pytest.raises(SaveError):
        GameSession.from_save(data, REGISTRY)


# -- what AI seats are given ----------------------------------------------------------------------
def _cards_in(value):
    """Every card id mentioned anywhere in a JSON value."""
    found = set()
    if isinstance(value, str):
        if value in DECK:
            found.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            found |= _cards_in(key) | _cards_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            found |= _cards_in(item)
    return found


def test_ai_inputs_are_the_seats_observation_and_legal_actions():
    session = new_session(seed=21)
    rng = random.Random(21)
    checked = 0
    for _ in range(300):
        if session.over:
            break
        seat = session.decider()
        if not session.is_human(seat):
            observation, legal = session.ai_inputs(seat)
            assert isinstance(observation, NoveObservation)
            assert observation is not session.state
            assert observation.seat == seat
            assert legal == session.legal(seat)
            assert list(observation.hand) == session.state.hands[seat]
            # Nothing the seat may not know is in what it is given.
            hidden = GAME.hidden_cards(session.state, seat)
            assert not _cards_in(observation.to_json()) & hidden
            assert not _cards_in([a.to_json() for a in legal]) & hidden
            # A snapshot: later moves do not change it under the AI's feet.
            frozen = json.dumps(observation.to_json(), sort_keys=True)
            action = session.ai_seat(seat).choose(observation, legal)
            assert action in legal
            session.apply(seat, action)
            assert json.dumps(observation.to_json(), sort_keys=True) == frozen
            checked += 1
        else:
            session.apply(seat, rng.choice(session.legal(seat)))
    assert checked >= 20


def test_ai_seats_exist_only_for_ai_seats():
    session = new_session()
    for seat in (1, 2):
        assert session.ai_seat(seat).kind == SEATS[seat].kind
    with pytest.raises(KeyError):
        session.ai_seat(0)


def test_the_replay_re_executes_to_the_session_state():
    session = new_session(seed=22)
    play(session, 50, random.Random(22))
    outcome = run(session.replay, REGISTRY)
    assert GAME.state_to_json(outcome.state) == state_json(session)


# -- AI decisions resume exactly ------------------------------------------------------------------
SHORT = {
    "nove": {"players": 3, "max_rounds": 4},
    "kael": {"players": 3, "max_rounds": 2},
    "nox": {"players": 3, "max_rounds": 2},
    "banco": {"players": 3, "max_hands": 4},
    "numx": {"players": 3, "rounds": 1},
}
LEVELS = ("random", "easy", "normal", "heuristic")


def ai_session(game_id, seed, kinds, **budget):
    game = REGISTRY.get(game_id)
    options = game.options_from_json(SHORT[game_id])
    seats = [SeatConfig(f"{kind} {i}", kind) for i, kind in enumerate(kinds)]
    return GameSession(game, options, seed, seats)


def play_out(session, **budget):
    """Let the AI seats play to the end; the actions they chose, from this point on."""
    chosen = []
    while not session.over:
        seat = session.decider()
        action = session.ai_decide(seat, **budget)
        session.apply(seat, action)
        chosen.append((seat, action))
    return chosen


def check_resumes_exactly(session, budget, full_from):
    """Play ``session`` to the end; then, at every action index, resume its save made there and
    check that the resumed session is asked the same question and answers the same. From the
    indices in ``full_from`` the resumed game is played to the end and compared whole."""
    game = session.game
    saves, requests = [], []
    while not session.over:
        seat = session.decider()
        saves.append(json.loads(json.dumps(session.to_save())))
        request = session.decision_request(seat, **budget)
        requests.append(request)
        session.apply(seat, session.ai_decide(seat, **budget))
    history = list(session.replay.actions)
    final = game.result(session.state)
    assert len(saves) == len(history) > 8
    for index, data in enumerate(saves):
        resumed = GameSession.from_save(data, REGISTRY)
        assert resumed.position == index
        seat = resumed.decider()
        assert seat is not None  # the game is not over
        request = resumed.decision_request(seat, **budget)
        expected = requests[index]
        assert request.seat == expected.seat and request.position == expected.position
        assert request.seed == expected.seed and request.legal == expected.legal
        assert request.observation == expected.observation
        if expected.sample is not None:
            assert game.state_to_json(request.sample) == game.state_to_json(expected.sample)
        action = resumed.ai_decide(seat, **budget)
        assert (seat, action.to_json()) == history[index], f"index {index}"
        if index in full_from:
            resumed.apply(seat, action)
            play_out(resumed, **budget)
            assert resumed.replay.actions == history
            assert game.result(resumed.state) == final


@pytest.mark.parametrize("game_id", sorted(SHORT))
@pytest.mark.parametrize("seed", [1, 2])
def test_ai_seats_of_every_level_play_on_exactly_after_a_resume(game_id, seed):
    """All-AI tables (random, easy, normal, and normal under its old name): a game saved and
    resumed at any action continues exactly as the uninterrupted game did."""
    kinds = [LEVELS[(seed + i) % len(LEVELS)] for i in range(3)]
    session = ai_session(game_id, seed, kinds)
    check_resumes_exactly(session, {}, full_from={0, 5, 17})


@pytest.mark.parametrize("game_id", ["nove", "kael"])
def test_a_hard_seat_with_an_iteration_budget_plays_on_exactly_after_a_resume(game_id):
    session = ai_session(game_id, 4, ["hard", "normal", "easy"])
    check_resumes_exactly(session, {"iterations": 6}, full_from={3})


def test_the_interrupted_game_would_differ_if_a_decision_kept_state():
    """The check above can fail: a seat whose choices depended on how many decisions it had
    made before (a generator carried between decisions) gives a different answer on resume."""
    session = ai_session("nove", 3, ["random"] * 3)
    play(session, 12, random.Random(0))
    resumed = GameSession.from_save(session.to_save(), REGISTRY)
    seat = session.decider()
    request = session.decision_request(seat)
    same = [resumed.ai_decide(seat) == session.ai_decide(seat) for _ in range(3)]
    assert same == [True] * 3
    shifted = [
        decide(dataclasses.replace(request, position=request.position + step)) for step in range(12)
    ]
    assert len(set(shifted)) > 1  # the position matters: a stale clock would change the play
