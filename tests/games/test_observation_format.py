"""Observations, options, results and actions cross the wire as JSON (issue 31): a remote client
rebuilds from the server's JSON exactly what the table reads, typed. For seeded games of every
game (random and Normal play, every player count), every seat's and a spectator's observation
read back from its JSON is equal to it with the same types throughout (a phase is a ``Phase``
again, a tuple a tuple), and so is every legal action; anything else is refused with
``FormatError`` naming the field, never another exception.

"Equal" is checked by ``same``, written here independently of the engine's conversions: it
walks both values and compares the type of every part, since ``Phase.TURN == "turn"`` and a
dataclass ``==`` alone would not notice an enum read back as text.
"""

from __future__ import annotations

import dataclasses
import json
import re
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conformance_helpers import options_for, player_counts, seeds
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nove_desktop.ai import make_seat
from nove_desktop.engine import FormatError, Game, InvalidOptionsError, Rng
from nove_desktop.engine.game import GameResult
from nove_desktop.games import default_registry

REGISTRY = default_registry()
GAMES = REGISTRY.ids()
# Every how many positions one is checked, so that each game checks about 250-300 positions
# over all its player counts (measured: the short games below have 200-1,500 positions a game).
EVERY = {"nove": 1, "kael": 3, "nox": 2, "banco": 5, "numx": 5}
AnyGame = Game[Any, Any]


def same(a: Any, b: Any, where: str = "") -> None:
    """``a`` and ``b`` are equal and of the same type in every part (an assertion)."""
    assert type(a) is type(b), f"{where}: {type(a).__name__} != {type(b).__name__}"
    if dataclasses.is_dataclass(a):
        for field in dataclasses.fields(a):
            same(getattr(a, field.name), getattr(b, field.name), f"{where}.{field.name}")
    elif isinstance(a, tuple | list):
        assert len(a) == len(b), f"{where}: {len(a)} items != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            same(x, y, f"{where}[{i}]")
    elif isinstance(a, dict):
        assert list(a) == list(b), f"{where}: keys {list(a)} != {list(b)}"
        for key in a:
            same(a[key], b[key], f"{where}.{key}")
    else:
        assert a == b, f"{where}: {a!r} != {b!r}"


def wire(value: Any) -> Any:
    """``value`` as the other end of a connection reads it: JSON text and back."""
    return json.loads(json.dumps(value))


@dataclasses.dataclass(slots=True)
class Position:
    game: AnyGame
    state: Any
    players: int
    acting: tuple[int, ...]


SHORT = {"max_rounds": 2, "max_hands": 3, "rounds": 1}  # caps that end every game soon


def short_options(game: AnyGame, players: int) -> Any:
    """Options for ``players`` seats with the game's length cap (if any) set low, so that every
    seeded game reaches its end and its final observation and result are checked too."""
    defaults = game.options_to_json(game.default_options(players))
    caps = {key: value for key, value in SHORT.items() if key in defaults}
    return game.options_from_json({**defaults, **caps})


def positions(game: AnyGame, every: int) -> Iterator[Position]:
    """Every ``every``-th position, and the last, of seeded games of ``game`` played to their end:
    for every player count one game of random play and one of Normal play (every seat Normal).
    Each position is yielded as it is reached (the state changes afterwards: use it at once)."""
    for players in player_counts(game):
        options = short_options(game, players)
        for normal, seed in zip((False, True), seeds("obs-json", game.id, players, 2), strict=True):
            state, _ = game.new_game(options, seed)
            seats = [make_seat("normal", game.id, seed + s) for s in range(players)]
            rng = Rng(seed ^ 0xBEEF)
            step = 0
            while True:
                acting = game.to_act(state)
                if step % every == 0 or not acting:
                    yield Position(game, state, players, acting)
                if not acting:
                    break
                seat = acting[step % len(acting)]
                legal = game.legal_actions(state, seat)
                if normal:
                    action = seats[seat].choose(game.observe(state, seat), legal, step)
                else:
                    action = rng.choice(legal)
                game.apply(state, seat, action)
                step += 1


@pytest.mark.parametrize("game_id", GAMES)
def test_every_observation_action_and_result_reads_back_from_its_json(game_id: str) -> None:
    game = REGISTRY.get(game_id)
    checked = ended = 0
    for position in positions(game, EVERY[game_id]):
        state = position.state
        for seat in (None, *range(position.players)):
            observation = game.observe(state, seat)
            data = observation.to_json()
            back = game.observation_from_json(wire(data))
            same(back, observation, f"{game_id} seat {seat}")
            assert back == observation  # the dataclass equality the table and tests rely on
            assert wire(back.to_json()) == wire(data)
        for seat in position.acting:
            for action in game.legal_actions(state, seat):
                same(game.actions.from_json(wire(action.to_json())), action, f"{action}")
        result = game.result(state)
        same(GameResult.from_json(wire(result.to_json())), result, f"{game_id} result")
        checked += 1
        ended += not position.acting
    assert checked >= 150
    assert ended == 2 * len(player_counts(game)), "every game is checked at its end too"


@pytest.mark.parametrize("game_id", GAMES)
def test_options_read_back_from_their_json(game_id: str) -> None:
    game = REGISTRY.get(game_id)
    for players in player_counts(game):
        defaults = game.default_options(players)
        for options in (defaults, options_for(game, players), short_options(game, players)):
            back = game.options_from_json(wire(game.options_to_json(options)))
            same(back, options, f"{game_id} options")


ENGINE_DOC = (Path(__file__).parent.parent.parent / "docs" / "engine.md").read_text(
    encoding="utf-8"
)


HEADINGS = {"nove": "NOVE", "kael": "Kaël", "nox": "NOX", "banco": "banco", "numx": "NUM-X"}


def field_names(cls: type) -> Iterator[str]:
    """The JSON keys of the observation class ``cls`` and of the dataclasses nested in it."""
    for field in dataclasses.fields(cls):
        yield field.name
        nested = []
        hints = typing.get_type_hints(cls)[field.name]
        for part in (hints, *typing.get_args(hints)):
            for inner in (part, *typing.get_args(part)):
                if isinstance(inner, type) and dataclasses.is_dataclass(inner):
                    nested.append(inner)
        for inner in nested:
            yield from field_names(inner)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_observation_field_is_documented_in_the_engine_page(game_id: str) -> None:
    game = REGISTRY.get(game_id)
    title = HEADINGS[game_id]
    found = re.search(
        rf"^## Observations of {re.escape(title)}.*?(?=^## |\Z)", ENGINE_DOC, re.M | re.S
    )
    assert found is not None, f"docs/engine.md has no 'Observations of {title}' section"
    missing = sorted(
        {name for name in field_names(game.observation_type)}
        - set(re.findall(r"`(\w+)`", found.group(0)))
    )
    assert not missing, f"undocumented {game_id} observation fields: {missing}"


# -- garbage ---------------------------------------------------------------------------------------
FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
SUMMARY = {"banco": "last_hand"}  # the previous round's summary, typed ``dict[str, Any]``
CHECKED_SUMMARY = ("banco", "numx")  # read by the table or the AI: its shape is checked too
NOT_A_FIELD_VALUE = 0.5  # no field of any observation is a fraction or an unchecked value


def samples(game_id: str) -> list[dict[str, Any]]:
    """A few real observations' JSON of ``game_id`` (every seat, some positions)."""
    game = REGISTRY.get(game_id)
    out = []
    for index, position in enumerate(positions(game, 20)):
        if index % 3 == 0 or not position.acting:  # (the ends: their summaries)
            seats = (None, *range(position.players))
            out += [wire(game.observe(position.state, s).to_json()) for s in seats]
    return out


SAMPLES = {game_id: samples(game_id) for game_id in GAMES}


def paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place inside a JSON value (keys of objects, indices of lists)."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from paths(item, (*path, i))


def replaced(data: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy = json.loads(json.dumps(data))
    parent = copy
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = new
    return copy


def name(path: tuple[Any, ...]) -> str:
    """The field ``FormatError`` names for ``path`` ("observation.seats[2].total")."""
    text = "observation"
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else f".{step}"
    return text


@pytest.mark.parametrize("game_id", GAMES)
def test_a_wrong_missing_or_unknown_field_is_refused_by_name(game_id: str) -> None:
    game = REGISTRY.get(game_id)
    summary = SUMMARY.get(game_id, "last_round")
    some = SAMPLES[game_id][:: max(1, len(SAMPLES[game_id]) // 6)]
    with_summary = [data for data in SAMPLES[game_id] if data[summary] is not None][:2]
    assert with_summary, "no sample has a summary of the last round"
    for data in some + with_summary:
        for field in data:
            without = {k: v for k, v in data.items() if k != field}
            with pytest.raises(FormatError, match=rf"missing field.*\b{field}\b"):
                game.observation_from_json(without)
        with pytest.raises(FormatError, match=r"unknown field.*colour"):
            game.observation_from_json({**data, "colour": "red"})
        for path in paths(data):
            inside_summary = len(path) > 1 and path[0] == summary
            if inside_summary and game_id not in CHECKED_SUMMARY:
                continue  # free JSON (docs/engine.md)
            with pytest.raises(FormatError) as refused:
                game.observation_from_json(replaced(data, path, NOT_A_FIELD_VALUE))
            expected = name(path[:1]) if inside_summary and game_id == "numx" else name(path)
            assert str(refused.value).startswith(expected), (path, str(refused.value))


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(value=JSON)
def test_any_json_value_is_refused_with_format_error(game_id: str, value: Any) -> None:
    game = REGISTRY.get(game_id)
    with pytest.raises(FormatError):
        game.observation_from_json(value)
    with pytest.raises(FormatError):
        GameResult.from_json(value)
    try:  # options: ``{}`` and a few others are valid (every option has a default)
        options = game.options_from_json(value)
    except InvalidOptionsError:
        return
    same(game.options_from_json(wire(game.options_to_json(options))), options, "options")


def test_a_result_names_a_wrong_field_or_a_winner_that_is_no_seat() -> None:
    good = {"over": True, "scores": [3, 5], "winner": 1, "rounds": 2, "reason": "target"}
    same(GameResult.from_json(good), GameResult(True, (3, 5), 1, 2, "target"))
    with pytest.raises(FormatError, match=r"^result\.winner: 2 is not a seat"):
        GameResult.from_json({**good, "winner": 2})
    with pytest.raises(FormatError, match=r"^result\.scores\[1\]: expected a whole number"):
        GameResult.from_json({**good, "scores": [3, "5"]})
    with pytest.raises(FormatError, match=r"^result: missing field\(s\) reason"):
        GameResult.from_json({k: v for k, v in good.items() if k != "reason"})


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(data=st.data(), new=JSON)
def test_a_real_observation_mutated_anywhere_reads_back_or_is_refused(
    game_id: str, data: st.DataObject, new: Any
) -> None:
    """Any value at any place of a real observation: either it is a valid observation (then it
    writes back the JSON read) or ``FormatError``; never another exception."""
    game = REGISTRY.get(game_id)
    sample = data.draw(st.sampled_from(SAMPLES[game_id]))
    path = data.draw(st.sampled_from(list(paths(sample))))
    mutated = replaced(sample, path, new)
    try:
        back = game.observation_from_json(mutated)
    except FormatError:
        return
    assert wire(back.to_json()) == mutated


# One change per game that keeps every type right but breaks what the table relies on: a seat view
# that names another seat, or a by-seat list with an item too many.
def broken_by_seat(game_id: str, data: dict[str, Any]) -> tuple[Any, str]:
    """``data`` so changed, and the field the refusal must name."""
    if game_id in ("nove", "kael"):
        return replaced(data, ("seats", 1, "seat"), 0), "observation.seats[1].seat"
    name = "bets" if game_id == "banco" else "totals"
    return replaced(data, (name,), [*data[name], 0]), f"observation.{name}"


@pytest.mark.parametrize("game_id", GAMES)
def test_an_observation_that_does_not_hang_together_is_refused_by_name(game_id: str) -> None:
    """Right types, wrong sense: a seat number that is no seat, a card id that is no card of
    the game, a by-seat list of the wrong length. The table would crash on them later."""
    game = REGISTRY.get(game_id)
    hands = 0
    for data in SAMPLES[game_id]:
        with pytest.raises(FormatError, match=r"^observation\.seat: 99 is not a seat"):
            game.observation_from_json({**data, "seat": 99})
        broken, field = broken_by_seat(game_id, data)
        with pytest.raises(FormatError, match=rf"^{re.escape(field)}\b"):
            game.observation_from_json(broken)
        if data["hand"]:
            hands += 1
            with pytest.raises(FormatError, match=r"^observation\.hand: 'ZZ' is not a card"):
                game.observation_from_json(replaced(data, ("hand", 0), "ZZ"))
    assert hands, "no sample had a hand"
