"""Replay files (``nove_desktop/engine/replay.py``).

Design contract: replaying (game, options, seed, actions) reproduces the game exactly; actions,
options and states serialize to plain JSON. ``parse`` refuses a malformed file with one readable
line; ``run`` names the action index, the seat and the engine's reason when an action is illegal.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from nove_desktop.engine import EngineError, Registry, Stack
from nove_desktop.engine.replay import (
    FORMAT,
    MAX_SEED,
    VERSION,
    Replay,
    ReplayError,
    SeatInfo,
    loads,
    parse,
    run,
)
from nove_desktop.games import default_registry
from nove_desktop.games.nove import NoveGame, NoveOptions
from nove_desktop.match import play_match

REGISTRY = default_registry()
NOVE = REGISTRY.get("nove")


def recorded(seed: int = 5, players: int = 3) -> dict[str, Any]:
    """A finished heuristic match, as the JSON of its replay file."""
    match = play_match(NOVE, NoveOptions(players=players), seed, ["heuristic"] * players)
    return json.loads(json.dumps(match.replay.to_json()))


def minimal() -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": "nove",
        "options": {"players": 2},
        "seats": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "random"}],
        "seed": 1,
        "actions": [],
    }


# -- parse -----------------------------------------------------------------------------------------
def test_a_minimal_replay_parses() -> None:
    replay = parse(minimal())
    assert replay.game == "nove"
    assert replay.options == {"players": 2}
    assert replay.seats == [SeatInfo("A", "human"), SeatInfo("B", "random")]
    assert (replay.seed, replay.stack, replay.actions, replay.result) == (1, None, [], None)


def with_changes(**changes: Any) -> dict[str, Any]:
    data = minimal()
    for key, value in changes.items():
        if value is ...:
            del data[key]
        else:
            data[key] = value
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "not a replay: the file must hold one JSON object"),
        ("replay", "not a replay: the file must hold one JSON object"),
        (with_changes(format=...), 'not a replay: "format" must be "nove-desktop-replay"'),
        (with_changes(format="pgn"), 'not a replay: "format" must be "nove-desktop-replay"'),
        (with_changes(version=2), "unsupported replay version 2 (this is 1)"),
        (with_changes(version=...), "unsupported replay version None (this is 1)"),
        (with_changes(game=...), 'malformed replay: "game" is missing or has the wrong type'),
        (with_changes(game=3), 'malformed replay: "game" is missing or has the wrong type'),
        (with_changes(options=[]), 'malformed replay: "options" is missing or has the wrong type'),
        (with_changes(seats={}), 'malformed replay: "seats" is missing or has the wrong type'),
        (with_changes(actions=...), 'malformed replay: "actions" is missing or has the wrong type'),
        (with_changes(seed=...), 'malformed replay: "seed" must be a whole number'),
        (with_changes(seed="1"), 'malformed replay: "seed" must be a whole number'),
        (with_changes(seed=1.5), 'malformed replay: "seed" must be a whole number'),
        (with_changes(seed=True), 'malformed replay: "seed" must be a whole number'),
        (
            with_changes(seats=[{"name": "A", "kind": "human"}, {"name": "B", "kind": "robot"}]),
            "malformed replay: seat 1 needs a name and a kind "
            "(human, random, easy, normal, hard, heuristic, search)",
        ),
        (
            with_changes(seats=[{"kind": "human"}]),
            "malformed replay: seat 0 needs a name and a kind",
        ),
        (with_changes(seats=["A"]), "malformed replay: seat 0 needs a name and a kind"),
        (with_changes(deck={"cards": "R1"}), "malformed replay: deck.cards: expected a list"),
        (with_changes(deck={"colour": 1}), "malformed replay: deck: unknown field(s) colour"),
        (with_changes(deck=[]), "malformed replay: deck: expected an object"),
        (
            with_changes(actions=[{"seat": 0}]),
            "malformed replay: action 0 needs a seat number and an action object",
        ),
        (
            with_changes(
                actions=[{"seat": 0, "action": {"type": "hit"}}, {"seat": True, "action": {}}]
            ),
            "malformed replay: action 1 needs a seat number and an action object",
        ),
        (
            with_changes(actions=[{"seat": "0", "action": {"type": "hit"}}]),
            "malformed replay: action 0 needs a seat number and an action object",
        ),
        (
            with_changes(actions=[["hit"]]),
            "malformed replay: action 0 needs a seat number and an action object",
        ),
    ],
)
def test_parse_refuses_each_malformed_shape_with_one_line(data: Any, message: str) -> None:
    with pytest.raises(ReplayError) as info:
        parse(data)
    text = str(info.value)
    assert text.startswith(message)
    assert "\n" not in text
    assert isinstance(info.value, EngineError)


def test_parse_reads_a_stacked_deck_and_a_result() -> None:
    data = with_changes(
        deck={"cards": ["R1", "G2"], "keep_reshuffle_order": True, "scores": [3, 4]},
        result={"scores": [1, 2], "winner": None},
    )
    replay = parse(data)
    assert replay.stack == Stack(("R1", "G2"), True, (3, 4))
    assert replay.result == {"scores": [1, 2], "winner": None}


def test_replay_to_json_and_parse_round_trip() -> None:
    data = recorded()
    replay = parse(data)
    assert json.loads(json.dumps(replay.to_json())) == data


def test_record_appends_actions_as_json() -> None:
    from nove_desktop.games.nove.actions import Discard, Hit

    replay = Replay("nove", {"players": 2}, [SeatInfo("a", "human")] * 2, 0)
    replay.record(1, Hit())
    replay.record(0, Discard(("GA", "R1")))
    assert replay.to_json()["actions"] == [
        {"seat": 1, "action": {"type": "hit"}},
        {"seat": 0, "action": {"type": "discard", "cards": ["R1", "GA"]}},
    ]
    assert "result" not in replay.to_json()


# -- run -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("seed", "players"), [(5, 3), (11, 4), (2, 2), (8, 6)])
def test_run_reproduces_a_recorded_match(seed: int, players: int) -> None:
    match = play_match(NOVE, NoveOptions(players=players), seed, ["heuristic"] * players)
    data = json.loads(json.dumps(match.replay.to_json()))
    outcome = run(parse(data), REGISTRY)
    assert outcome.result == match.result
    assert outcome.result.over
    assert outcome.game is NOVE
    assert outcome.events == []  # kept only on request


def test_run_keeps_the_events_on_request_and_they_are_the_games_events() -> None:
    data = recorded(seed=9)
    replay = parse(data)
    outcome = run(replay, REGISTRY, keep_events=True)
    state, events = NOVE.new_game(NOVE.options_from_json(replay.options), replay.seed)
    for seat, action in replay.actions:
        events += NOVE.apply(state, seat, NOVE.actions.from_json(action))
    assert [e.to_json() for e in outcome.events] == [e.to_json() for e in events]
    assert NOVE.state_to_json(outcome.state) == NOVE.state_to_json(state)


def test_a_truncated_replay_stops_before_the_end() -> None:
    data = recorded()
    data["actions"] = data["actions"][:3]
    del data["result"]
    outcome = run(parse(data), REGISTRY)
    assert not outcome.result.over
    assert outcome.result.reason == "in progress"


def test_a_replay_with_a_stacked_deck_deals_that_deck() -> None:
    """W13's deck: seat 3 is dealt Y2 G4 JY and must declare NOVE."""
    data = with_changes(
        options={"players": 4, "first_dealer": 0},
        seats=[{"name": str(i), "kind": "human"} for i in range(4)],
        deck={
            "cards": ["R5", "G6", "Y2", "R6", "GA", "Y5", "G4", "PB", "P2", "R4", "JY", "G7"],
            "scores": [3, 5, 0, 9],
        },
        actions=[{"seat": 3, "action": {"type": "declare_nove", "option": "2"}}],
    )
    outcome = run(parse(data), REGISTRY)
    assert outcome.result.over
    assert outcome.result.winner == 3
    assert outcome.result.scores == (3, 5, 0, 12)
    assert outcome.result.reason == "nove_finito"


def test_an_illegal_action_in_the_middle_names_index_seat_and_reason() -> None:
    data = recorded()
    index = len(data["actions"]) // 2
    entry = data["actions"][index]
    wrong_seat = (entry["seat"] + 1) % 3
    entry["seat"] = wrong_seat
    with pytest.raises(ReplayError) as info:
        run(parse(data), REGISTRY)
    text = str(info.value)
    assert text.startswith(f"action {index} is illegal: seat {wrong_seat} cannot ")
    assert "it is not your turn (waiting for seat" in text
    assert "\n" not in text


def test_an_action_of_the_wrong_kind_gives_the_engine_reason() -> None:
    data = recorded()
    index = 1
    seat = data["actions"][index]["seat"]
    data["actions"][index]["action"] = {"type": "choose_joker", "option": "1"}
    with pytest.raises(ReplayError) as info:
        run(parse(data), REGISTRY)
    text = str(info.value)
    assert text.startswith(f"action {index} is illegal: seat {seat} cannot set the joker to 1")
    assert "you cannot set the joker to 1" in text


def test_an_unknown_action_type_names_index_and_seat() -> None:
    data = recorded()
    seat = data["actions"][2]["seat"]
    data["actions"][2]["action"] = {"type": "fold"}
    with pytest.raises(ReplayError) as info:
        run(parse(data), REGISTRY)
    assert str(info.value).startswith(f'action 2 (seat {seat}): unknown action type "fold"')


def test_an_action_after_the_end_is_refused() -> None:
    data = recorded()
    data["actions"].append({"seat": 0, "action": {"type": "stand"}})
    del data["result"]
    with pytest.raises(ReplayError, match=r"is illegal: seat 0 cannot stand .*the game is over"):
        run(parse(data), REGISTRY)


def test_an_unknown_game_is_refused() -> None:
    known = ", ".join(REGISTRY.ids())
    with pytest.raises(ReplayError) as info:
        run(parse(with_changes(game="chess")), REGISTRY)
    assert str(info.value) == f'unknown game "chess" (known games: {known})'
    assert known.startswith("nove, kael")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 9}, "NOVE is played by 2 to 6 players, not 9"),
        ({"players": "two"}, "options.players: expected a whole number, got 'two'"),
        ({"players": 2, "speed": 3}, "options: unknown field(s) speed"),
        ({"players": 2, "first_dealer": 5}, "the first dealer must be a seat from 0 to 1"),
    ],
)
def test_bad_options_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ReplayError) as info:
        run(parse(with_changes(options=options)), REGISTRY)
    assert str(info.value) == message


@pytest.mark.parametrize(("seats", "players"), [(2, 3), (4, 3), (3, 2)])
def test_seats_that_do_not_match_the_player_count_are_refused(seats: int, players: int) -> None:
    """Too few and too many seats: the check works both ways."""
    names = [{"name": f"P{i}", "kind": "human"} for i in range(seats)]
    data = with_changes(options={"players": players}, seats=names)
    with pytest.raises(ReplayError) as info:
        run(parse(data), REGISTRY)
    assert str(info.value) == (
        f"the replay names {seats} seats but its options have {players} players"
    )


def test_seats_that_match_the_player_count_are_accepted() -> None:
    names = [{"name": f"P{i}", "kind": "human"} for i in range(3)]
    outcome = run(parse(with_changes(options={"players": 3}, seats=names)), REGISTRY)
    assert len(outcome.result.scores) == 3


def test_a_bad_stacked_deck_is_refused() -> None:
    with pytest.raises(ReplayError, match="stacked deck: ZZ is not a card of this game"):
        run(parse(with_changes(deck={"cards": ["ZZ"]})), REGISTRY)
    with pytest.raises(ReplayError, match="stacked deck: R1 appears more often"):
        run(parse(with_changes(deck={"cards": ["R1", "R1"]})), REGISTRY)
    with pytest.raises(ReplayError, match="stacked deck: 3 scores for 2 seats"):
        run(parse(with_changes(deck={"scores": [0, 0, 0]})), REGISTRY)


@pytest.mark.parametrize("key", ["scores", "winner"])
def test_a_mismatched_recorded_result_is_refused(key: str) -> None:
    data = recorded()
    original = copy.deepcopy(data["result"])
    if key == "scores":
        data["result"]["scores"] = [s + 1 for s in original["scores"]]
    else:
        data["result"]["winner"] = (original["winner"] + 1) % 3
    with pytest.raises(ReplayError) as info:
        run(parse(data), REGISTRY)
    text = str(info.value)
    assert text.startswith(f"the replay's recorded {key} {data['result'][key]} differ")
    assert f"re-executed {key} " in text


def test_a_partial_recorded_result_checks_only_what_it_names() -> None:
    data = recorded()
    data["result"] = {"winner": data["result"]["winner"]}
    assert run(parse(data), REGISTRY).result.over


# -- loads: the bytes of a file --------------------------------------------------------------------
def test_loads_reads_the_bytes_of_a_replay_file_with_or_without_a_byte_order_mark() -> None:
    raw = json.dumps(recorded()).encode()
    plain = loads(raw)
    assert loads(b"\xef\xbb\xbf" + raw) == plain
    assert run(plain, REGISTRY).result.over


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"\xff\xfe{}", "game.json is not UTF-8 text"),
        (b'{"format": ', "game.json is not valid JSON (line 1: Expecting value)"),
        (b"[" * 100_000, "game.json is nested too deeply to be one of our files"),
        (b"[" * 40 + b"]" * 40, "game.json is nested too deeply to be one of our files"),
        (b'{"seed": ' + b"7" * 5000 + b"}", "game.json holds a number of 5000 digits"),
        (b'{"seed": NaN}', "game.json holds NaN, which is not a number"),
        (b'{"seed": 1e999}', "game.json holds a number too large to use (1e999)"),
        (b"[1, 2]", "not a replay: the file must hold one JSON object"),
    ],
)
def test_loads_refuses_what_is_not_a_replay_with_one_line(raw: bytes, message: str) -> None:
    with pytest.raises(ReplayError) as info:
        loads(raw, "game.json")
    assert str(info.value) == message


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 10**19 * 9])
def test_a_seed_outside_the_generators_range_is_refused_before_any_action(seed: int) -> None:
    """A larger seed would alias a smaller one and the replay would then fail at action 0."""
    data = recorded()
    data["seed"] = seed
    with pytest.raises(ReplayError) as info:
        loads(json.dumps(data).encode())
    assert str(info.value) == (
        f'malformed replay: "seed" must be a whole number from 0 to {MAX_SEED}'
    )


def test_the_largest_seed_is_accepted_and_deals_its_own_game() -> None:
    largest = loads(json.dumps(with_changes(seed=MAX_SEED)).encode())
    assert largest.seed == MAX_SEED
    hands = [run(r, REGISTRY).state.hands for r in (largest, parse(with_changes(seed=1)))]
    assert hands[0] != hands[1]


def test_a_replay_without_seats_is_refused_when_read() -> None:
    with pytest.raises(ReplayError) as info:
        parse(with_changes(seats=[]))
    assert str(info.value) == "malformed replay: it names no seat"


def test_an_action_by_a_seat_that_does_not_exist_is_refused_when_read() -> None:
    data = recorded()
    data["actions"][4]["seat"] = 3
    with pytest.raises(ReplayError) as info:
        parse(data)
    assert str(info.value) == (
        "malformed replay: action 4 is by seat 3, but the seats are numbered 0 to 2"
    )


def test_a_long_action_is_cut_short_in_the_message() -> None:
    data = recorded()
    data["actions"][0]["action"] = {"type": "discard", "cards": ["R1"] * 5000}
    with pytest.raises(ReplayError) as info:
        run(parse(data), REGISTRY)
    assert str(info.value).startswith("action 0 is illegal: seat ")
    assert len(str(info.value)) <= 500  # each quoted part is cut to a line's worth


class StrictNove(NoveGame):
    """NOVE whose ``is_legal`` refuses every stand, though ``apply`` would accept it."""

    def is_legal(self, state: Any, seat: int, action: Any) -> bool:
        return action.to_json()["type"] != "stand" and super().is_legal(state, seat, action)


def test_run_asks_is_legal_before_applying_each_action() -> None:
    """The loader checks before applying (the contract the table uses): an action the game's
    ``is_legal`` refuses is reported, even if ``apply`` would have taken it."""
    data = recorded()
    first = next(i for i, a in enumerate(data["actions"]) if a["action"]["type"] == "stand")
    registry = Registry([StrictNove()])
    with pytest.raises(ReplayError) as info:
        run(parse(data), registry)
    assert str(info.value).startswith(f"action {first} is illegal: seat ")
    assert str(info.value).endswith("the rules do not allow it now")
