"""The engine contract, checked on every registered game with seeded random games.

Written over ``default_registry()`` and each game's ``min_players..max_players`` only, so that a
game registered later runs the same suite unchanged. Properties (issue text): at least 2,000 seeded
random games per game across every allowed player count end; cards are conserved; no hidden card
of one seat ever appears in another seat's observation or events; the replay of each game
reproduces its final state; copies are independent; every legal action is accepted and actions
outside the legal list are refused.

* ``test_random_games``: the bulk run (2,000 games per game) with the cheap checks after every
  action (turn structure, conservation, action JSON), the replay file re-executed to the same
  state, result and events, state JSON round trips, and the finished-game checks.
* ``test_deep_checks``: 250 games per game (long games stop at an action budget per player
  count, after at least 5 games) with everything after every action: secrecy of
  observations and events, copy independence, acceptance of every legal action (on copies),
  refusal of seats not to act and of actions outside the legal list (unchanged state), and a
  copy and a JSON-restored twin that keep playing exactly like the original.
* ``test_determinization_*`` / ``test_determinized_*``: samples of hidden cards keep what the seat
  knows (observation, hidden card ids, seats to act, its legal actions), conserve the cards and
  play on legally to the end.
* ``test_same_inputs_same_events``: same options, seed and actions give the same events.
* Checks kept apart because an engine bug fails them: see ``KNOWN_ENGINE_BUGS``.

A failure names game, player count, seed and action index; ``conformance_helpers.Where``.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterator
from typing import Any

import pytest
from conformance_helpers import (
    AnyGame,
    CandidateSource,
    Playout,
    Where,
    assert_action_json_round_trip,
    assert_conserved,
    assert_events_secret,
    assert_observations_secret,
    assert_refused,
    assert_state_json_round_trip,
    check_finished,
    check_turn,
    games_per_count,
    json_round_trip,
    options_for,
    play_on,
    player_counts,
    policy_rng,
    reporting,
    seeds,
    state_json,
)

from nove_desktop.engine import Action, Event, InvalidOptionsError, Rng, replay
from nove_desktop.engine.replay import Replay, SeatInfo
from nove_desktop.games import default_registry

REGISTRY = default_registry()

# NOVE_PROPERTY_SCALE multiplies the deep and determinized budgets for a longer soak run
# (NOVE_PROPERTY_SCALE=2 gives the budgets of 2026-11-25); the default keeps ./dev.sh test, which
# runs every test, under 15 minutes on two cores.
SCALE = float(os.environ.get("NOVE_PROPERTY_SCALE", "1"))
BULK_GAMES_PER_GAME = 2_000
DEEP_GAMES_PER_GAME = round(125 * SCALE)
DETERMINIZED_GAMES_PER_GAME = round(60 * SCALE)
DETERMINIZE_EVERY = 9  # actions between two determinized samples played on (at least)
# Long games (NUM-X's five rounds: 400-1,200 actions; banco at 12 seats) stop the deep and
# determinized checks of one player count after this many checked actions, once at least
# MIN_GAMES_PER_COUNT games were played: NOVE and Kael never reach the budget (25 deep games of
# 80-135 actions), and the bulk run still plays every game of BULK_GAMES_PER_GAME.
DEEP_ACTIONS_PER_COUNT = round(4_000 * SCALE)
DETERMINIZED_ACTIONS_PER_COUNT = round(2_000 * SCALE)
MIN_GAMES_PER_COUNT = 5
PLAY_ONS_PER_GAME = 24  # at most this many samples of one game are played to the end
DETERMINISM_GAMES_PER_COUNT = 8
OTHER_GAMES_PER_COUNT = 10  # games per player count of the single checks kept apart
ROUND_TRIP_EVERY = 37  # actions between two mid-game state JSON round trips (bulk)
CANDIDATES_PER_STATE = 24  # probably-illegal actions tried at every state (deep)
TWIN_AT = 7  # deep games: the action after which a copy and a JSON-restored twin start


@dataclasses.dataclass(frozen=True)
class KnownBug:
    """A check that fails because of an engine bug: it runs as a strict xfail until the engine is
    fixed; then the XPASS fails the suite and the entry must be deleted. ``counts``: the player
    counts whose seeded games hit the bug (``None``: every count)."""

    reason: str
    raises: type[BaseException] = AssertionError
    counts: tuple[int, ...] | None = None


# By (check, game id).
KNOWN_ENGINE_BUGS: dict[tuple[str, str], KnownBug] = {}


def cases(check: str = "") -> list[Any]:
    """(game id, player count) for every registered game, as xfail where a known bug fails it."""
    params = []
    for game in REGISTRY:
        bug = KNOWN_ENGINE_BUGS.get((check, game.id))
        for players in player_counts(game):
            marks = []
            if bug is not None and (bug.counts is None or players in bug.counts):
                marks.append(pytest.mark.xfail(strict=True, raises=bug.raises, reason=bug.reason))
            params.append(pytest.param(game.id, players, id=f"{game.id}-{players}p", marks=marks))
    return params


CASES = cases()


def setup(game_id: str, players: int) -> tuple[AnyGame, Any, list[str]]:
    game = REGISTRY.get(game_id)
    options = options_for(game, players)
    return game, options, sorted(game.full_deck(options))


def hidden_from_each(
    game: AnyGame, state: Any, players: int, deck: list[str]
) -> list[frozenset[str]]:
    hidden = [game.hidden_cards(state, seat) for seat in range(players)]
    assert all(h <= set(deck) for h in hidden), "hidden_cards() names cards not in the deck"
    return hidden


# -- the registry and options ----------------------------------------------------------------------
def test_the_registry_has_games() -> None:
    assert REGISTRY.ids(), "default_registry() registers no game"
    for game in REGISTRY:
        assert REGISTRY.get(game.id) is game
        assert 1 <= game.min_players <= game.max_players
        assert game.actions.types, f"{game.id}: its action codec knows no action type"


@pytest.mark.parametrize("game_id", REGISTRY.ids())
def test_options_round_trip_and_player_counts_are_checked(game_id: str) -> None:
    game = REGISTRY.get(game_id)
    for players in player_counts(game):
        options = options_for(game, players)
        assert game.options_from_json(json_round_trip(game.options_to_json(options))) == options
    for players in (game.min_players - 1, game.max_players + 1):
        with pytest.raises(InvalidOptionsError):
            options_for(game, players)


# -- 1. bulk: thousands of random games ------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_random_games(game_id: str, players: int) -> None:
    game, options, deck = setup(game_id, players)
    for seed in seeds("bulk", game_id, players, games_per_count(game, BULK_GAMES_PER_GAME)):
        where = Where(game_id, players, seed)
        with reporting(where):
            state, opening = game.new_game(options, seed)
            assert_conserved(game, state, deck, where)
            assert_state_json_round_trip(game, state, where)
            played = play_on(
                game,
                state,
                players,
                policy_rng(seed),
                deck,
                where,
                round_trip_every=ROUND_TRIP_EVERY,
            )
            where.note = "finished game"
            probes = [] if played.last_action is None else [played.last_action]
            check_finished(game, state, players, probes, where)
            assert_state_json_round_trip(game, state, where)
            where.note = "replay"
            events = opening + played.events
            assert_replay_reproduces(game, options, players, seed, played, events, state, where)


def assert_replay_reproduces(
    game: AnyGame,
    options: Any,
    players: int,
    seed: int,
    played: Playout,
    events: list[Event],
    state: Any,
    where: Where,
) -> None:
    """The replay file of the game (through JSON) re-executes to the same state, result and
    event stream (both streams are read at the end of the game)."""
    result = game.result(state)
    record = Replay(
        game=game.id,
        options=game.options_to_json(options),
        seats=[SeatInfo(f"Random {i + 1}", "random") for i in range(players)],
        seed=seed,
        actions=list(played.actions),
        result={"scores": list(result.scores), "winner": result.winner},
    )
    run = replay.run(replay.parse(json_round_trip(record.to_json())), REGISTRY, keep_events=True)
    assert state_json(game, run.state) == state_json(game, state), f"{where}: final state differs"
    assert run.result == result, f"{where}: result {run.result} differs from {result}"
    got = json_round_trip([e.to_json() for e in run.events])
    assert got == json_round_trip([e.to_json() for e in events]), f"{where}: event stream differs"


# -- 2. deep checks after every action -------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_deep_checks(game_id: str, players: int) -> None:
    game, options, deck = setup(game_id, players)
    first_round = min(game.result(game.new_game(options, s)[0]).rounds for s in range(8))
    spent = 0
    count = games_per_count(game, DEEP_GAMES_PER_GAME)
    for number, seed in enumerate(seeds("deep", game_id, players, count)):
        if number >= MIN_GAMES_PER_COUNT and spent >= DEEP_ACTIONS_PER_COUNT:
            break
        where = Where(game_id, players, seed)
        with reporting(where):
            deep_game(game, options, players, seed, deck, first_round, where)
        spent += where.action + 1


def deep_game(
    game: AnyGame,
    options: Any,
    players: int,
    seed: int,
    deck: list[str],
    first_round: int,
    where: Where,
) -> None:
    state, opening = game.new_game(options, seed)
    hidden = hidden_from_each(game, state, players, deck)
    assert any(hidden), f"{where}: nothing is hidden from anybody: the secrecy checks are void"
    new_round = game.result(state).rounds != first_round
    where.note = "opening events"
    assert_events_secret(opening, [frozenset(deck)] * players, hidden, new_round, where)
    rng, probe_rng = policy_rng(seed), Rng(seed ^ 0xBAD)
    source = CandidateSource(game, deck)
    twins: list[tuple[str, Any]] = []
    played: list[Action] = []
    while True:
        where.action, where.note = len(played), ""
        assert_observations_secret(game, state, hidden, where)
        acting = check_turn(game, state, players, where)
        if not acting:
            break
        before = state_json(game, state)
        for seat in acting:
            check_legal_list(game, state, seat, deck, source, where)
        check_refusals(game, state, acting, players, source, probe_rng, where)
        assert state_json(game, state) == before, (
            f"{where}: refusals or applying legal actions to copies changed the state"
        )
        seat = acting[0]
        action = rng.choice(game.legal_actions(state, seat))
        where.note = f"seat {seat} plays {action.to_json()}"
        copy = state.copy()
        assert state_json(game, copy) == before, f"{where}: a copy differs from its original"
        rounds = game.result(state).rounds
        events = game.apply(state, seat, action)
        played.append(action)
        assert state_json(game, copy) == before, f"{where}: applying to a state changed its copy"
        assert_conserved(game, state, deck, where)
        hidden_after = hidden_from_each(game, state, players, deck)
        new_round = game.result(state).rounds != rounds
        assert_events_secret(events, hidden, hidden_after, new_round, where)
        hidden = hidden_after
        for name, twin in twins:
            twin_events = game.apply(twin, seat, action)
            assert [e.to_json() for e in twin_events] == [e.to_json() for e in events], (
                f"{where}: the {name} twin made at action {TWIN_AT} plays differently"
            )
        if len(played) == TWIN_AT:
            restored = game.state_from_json(json_round_trip(game.state_to_json(state)))
            twins = [("copy", state.copy()), ("JSON-restored", restored)]
    where.note = "finished game"
    for name, twin in twins:
        assert state_json(game, twin) == state_json(game, state), (
            f"{where}: the {name} twin made at action {TWIN_AT} ends in another state"
        )
    check_finished(game, state, players, played[-4:], where)


def check_legal_list(
    game: AnyGame, state: Any, seat: int, deck: list[str], source: CandidateSource, where: Where
) -> None:
    """Distinct actions that survive their JSON round trip, each accepted (on a copy)."""
    legal = game.legal_actions(state, seat)
    source.learn(legal)
    keys = {repr(sorted(a.to_json().items())) for a in legal}
    assert len(keys) == len(legal), f"{where}: seat {seat}'s legal list repeats an action"
    for action in legal:
        where.note = f"seat {seat} tries legal {action.to_json()} on a copy"
        assert_action_json_round_trip(game, action, where)
        trial = state.copy()
        game.apply(trial, seat, action)  # must not raise
        assert_conserved(game, trial, deck, where)
    where.note = ""


def check_refusals(
    game: AnyGame,
    state: Any,
    acting: tuple[int, ...],
    players: int,
    source: CandidateSource,
    rng: Rng,
    where: Where,
) -> None:
    """Seats that are not to act are refused; so is every action of an acting seat that is not
    in its legal list. The caller checks that nothing changed."""
    probes = game.legal_actions(state, acting[0])[:3]
    for other in range(players):
        if other in acting:
            continue
        for action in probes:
            assert_refused(game, state, other, action, where, "a seat that is not to act")
    for seat in acting:
        legal = game.legal_actions(state, seat)
        for action in source.candidates(rng, CANDIDATES_PER_STATE):
            if action not in legal:
                assert_refused(game, state, seat, action, where, "an action outside the legal list")


# -- 3. determinization ----------------------------------------------------------------------------
def random_states(
    game: AnyGame, options: Any, players: int, seed: int, where: Where
) -> Iterator[tuple[int, Any, tuple[int, ...]]]:
    """(action index, state, to_act) at every decision of one random game; the caller must not
    change the state it is given."""
    state, _ = game.new_game(options, seed)
    rng = policy_rng(seed)
    index = 0
    while acting := game.to_act(state):
        where.action, where.note = index, ""
        yield index, state, acting
        game.apply(state, acting[0], rng.choice(game.legal_actions(state, acting[0])))
        index += 1


def determinized_states(
    game: AnyGame, options: Any, players: int, seed: int, where: Where
) -> Iterator[tuple[Any, Any, int]]:
    """(real state, sample, seat) at every decision of one random game, for the acting seat and
    one more seat: ``determinize`` returns a new state and leaves the real one alone."""
    for index, state, acting in random_states(game, options, players, seed, where):
        for seat in sorted({acting[0], index % players}):
            yield state, determinized(game, state, seat, sample_rng(seed, index, seat), where), seat


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_determinization_keeps_what_the_seat_knows(game_id: str, players: int) -> None:
    """A sample conserves the cards and, for its seat, has the same hidden card ids, the same
    seats to act and the same legal actions as the real state; some samples do move cards."""
    game, options, deck = setup(game_id, players)
    samples = moved = 0
    count = games_per_count(game, DETERMINIZED_GAMES_PER_GAME)
    for seed in seeds("determinize", game_id, players, count):
        where = Where(game_id, players, seed)
        with reporting(where):
            for state, sample, seat in determinized_states(game, options, players, seed, where):
                assert_conserved(game, sample, deck, where)
                assert game.hidden_cards(sample, seat) == game.hidden_cards(state, seat), (
                    f"{where}: other cards are hidden from seat {seat} in the sample"
                )
                assert game.to_act(sample) == game.to_act(state), f"{where}: other seats to act"
                assert game.legal_actions(sample, seat) == game.legal_actions(state, seat), (
                    f"{where}: seat {seat} has other legal actions in the sample"
                )
                moved += state_json(game, sample) != state_json(game, state)
                samples += 1
    assert samples, "no state was determinized"
    assert moved, "determinize() never moved a hidden card"


@pytest.mark.parametrize(("game_id", "players"), cases("determinized_observation_is_unchanged"))
def test_determinized_observation_is_unchanged(game_id: str, players: int) -> None:
    """A seat cannot tell a sample of its hidden cards from the real state: same observation."""
    game, options, _deck = setup(game_id, players)
    count = games_per_count(game, DETERMINIZED_GAMES_PER_GAME)
    for seed in seeds("determinize", game_id, players, count):
        where = Where(game_id, players, seed)
        with reporting(where):
            for state, sample, seat in determinized_states(game, options, players, seed, where):
                assert (
                    game.observe(sample, seat).to_json() == game.observe(state, seat).to_json()
                ), f"{where}: the sample looks different to seat {seat}"


@pytest.mark.parametrize(("game_id", "players"), cases("determinized_samples_play_on"))
def test_determinized_samples_play_on(game_id: str, players: int) -> None:
    """At every decision, for every seat: every seat that the sample asks to act has a legal
    action; at evenly spread decisions (every ``DETERMINIZE_EVERY``-th, at most
    ``PLAY_ONS_PER_GAME`` per game, the seat rotating) the sample is played to its end with
    random legal actions (with the per-action checks), which never touches the real state.
    The cap keeps the cost linear in the game's length: long games (Nove banco at 12 seats plays
    ~1,400 actions) would otherwise be quadratic."""
    game, options, deck = setup(game_id, players)
    count = games_per_count(game, DETERMINIZED_GAMES_PER_GAME)
    spent = 0
    for number, seed in enumerate(seeds("determinize", game_id, players, count)):
        if number >= MIN_GAMES_PER_COUNT and spent >= DETERMINIZED_ACTIONS_PER_COUNT:
            break
        where = Where(game_id, players, seed)
        length = sum(1 for _ in random_states(game, options, players, seed, where))
        spent += length
        stride = max(DETERMINIZE_EVERY, -(-length // PLAY_ONS_PER_GAME))
        with reporting(where):
            for index, state, _acting in random_states(game, options, players, seed, where):
                for seat in range(players):
                    rng = sample_rng(seed, index, seat)
                    sample = determinized(game, state, seat, rng, where)
                    check_turn(game, sample, players, where)
                    if index % stride == 0 and seat == (index // stride) % players:
                        before = state_json(game, state)
                        on = Where(game_id, players, seed, index, where.note + ", playing it on")
                        play_on(game, sample, players, Rng(rng.next_u64()), deck, on)
                        assert game.result(sample).over, f"{on}: the sample did not finish"
                        assert state_json(game, state) == before, (
                            f"{where}: playing the sample changed the real state"
                        )


def sample_rng(seed: int, index: int, seat: int) -> Rng:
    return Rng(seed * 1_000_003 + index * 16 + seat)


def determinized(game: AnyGame, state: Any, seat: int, rng: Rng, where: Where) -> Any:
    """``determinize`` for ``seat``, checked to return a new state and leave the real one alone."""
    where.note = f"state determinized for seat {seat}"
    before = state_json(game, state)
    sample = game.determinize(state, seat, rng)
    assert sample is not state, f"{where}: determinize() returned the real state"
    assert state_json(game, state) == before, f"{where}: determinize() changed the real state"
    return sample


# -- 4. determinism --------------------------------------------------------------------------------
@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_same_inputs_same_events(game_id: str, players: int) -> None:
    """Same options, seed and actions: the same events, action by action, and the same state."""
    game, options, deck = setup(game_id, players)
    openings = set()
    for seed in seeds("determinism", game_id, players, DETERMINISM_GAMES_PER_COUNT):
        where = Where(game_id, players, seed)
        with reporting(where):
            first, opening = game.new_game(options, seed)
            first_events = json_round_trip([e.to_json() for e in opening])
            openings.add(repr(state_json(game, first)))
            played = play_on(game, first, players, policy_rng(seed), deck, where, snapshot=True)
            again_options = game.options_from_json(json_round_trip(game.options_to_json(options)))
            second, opening = game.new_game(again_options, seed)
            second_events = json_round_trip([e.to_json() for e in opening])
            assert second_events == first_events, f"{where}: other opening events"
            for index, (seat, data) in enumerate(played.actions):
                where.action = index
                action = game.actions.from_json(json_round_trip(data))
                events = game.apply(second, seat, action)
                second_events += json_round_trip([e.to_json() for e in events])
            assert second_events == first_events + played.snapshots, f"{where}: other events"
            assert state_json(game, second) == state_json(game, first), f"{where}: other state"
    assert len(openings) > 1, "different seeds deal the same opening: is the seed used?"


# -- single checks kept apart (see KNOWN_ENGINE_BUGS) ----------------------------------------------
@pytest.mark.parametrize(("game_id", "players"), cases("seat_numbers_outside_the_table"))
def test_seat_numbers_outside_the_table_are_refused(game_id: str, players: int) -> None:
    """Seat -1 and seat ``players`` are never to act: every action of theirs is refused with
    ``IllegalActionError`` (not an IndexError) and nothing changes."""
    game, options, _deck = setup(game_id, players)
    for seed in seeds("outside", game_id, players, OTHER_GAMES_PER_COUNT):
        where = Where(game_id, players, seed)
        with reporting(where):
            for _index, state, acting in random_states(game, options, players, seed, where):
                before = state_json(game, state)
                for seat in (-1, players):
                    for action in game.legal_actions(state, acting[0]):
                        assert_refused(game, state, seat, action, where, "a seat off the table")
                assert state_json(game, state) == before, f"{where}: a refusal changed the state"


@pytest.mark.parametrize(("game_id", "players"), cases("events_are_snapshots"))
def test_events_are_snapshots(game_id: str, players: int) -> None:
    """An event's JSON read at the end of the game is what it was when the event was emitted
    (events must not share lists or dicts with the state, which keeps changing)."""
    game, options, deck = setup(game_id, players)
    for seed in seeds("snapshots", game_id, players, OTHER_GAMES_PER_COUNT):
        where = Where(game_id, players, seed)
        with reporting(where):
            state, opening = game.new_game(options, seed)
            then = json_round_trip([e.to_json() for e in opening])
            played = play_on(game, state, players, policy_rng(seed), deck, where, snapshot=True)
            then += played.snapshots
            now = json_round_trip([e.to_json() for e in [*opening, *played.events]])
            changed = [(i, a, b) for i, (a, b) in enumerate(zip(then, now, strict=True)) if a != b]
            assert not changed, (
                f"{where}: {len(changed)} events changed after they were emitted; the first, "
                f"event #{changed[0][0]}, was {changed[0][1]} and is now {changed[0][2]}"
            )
