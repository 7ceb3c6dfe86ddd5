"""Any bytes given to a loader give either a loaded object or one clear error, never another
exception (issue 19, 6d): the replay loader (``replay.loads`` and ``run``, what ``nove-desktop
replay`` does), the autosave (``Storage.load_game`` then ``GameSession.from_save``, what Continue
does) and the settings (``Storage.load_settings``, what the app does at start).

Three kinds of input, from blind to sharp: arbitrary bytes; the bytes of a real file with a few
bytes changed, cut or inserted; and a real file whose JSON has one value somewhere replaced by
an arbitrary JSON value (or a key removed), which reaches the options, actions and stacked decks
of every game.
"""

from __future__ import annotations

import contextlib
import io
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nove_desktop import cli
from nove_desktop.engine import Rng
from nove_desktop.engine.replay import Replay, ReplayError, SeatInfo, loads, run
from nove_desktop.games import default_registry
from nove_desktop.session import GameSession, SaveError, SeatConfig
from nove_desktop.storage import Settings, Storage

REGISTRY = default_registry()
RECORDED_ACTIONS = 25  # per game: enough to reach each game's main decisions
FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=10,
)


def recorded(game_id: str) -> dict[str, Any]:
    """The replay JSON of the first actions of a seeded random game of ``game_id``."""
    game = REGISTRY.get(game_id)
    options = game.default_options(game.min_players)
    state, _ = game.new_game(options, 5)
    record = Replay(
        game_id,
        game.options_to_json(options),
        [SeatInfo(f"Seat {i}", "human") for i in range(game.min_players)],
        5,
    )
    rng = Rng(5)
    while len(record.actions) < RECORDED_ACTIONS and (acting := game.to_act(state)):
        action = rng.choice(game.legal_actions(state, acting[0]))
        game.apply(state, acting[0], action)
        record.record(acting[0], action)
    return json.loads(json.dumps(record.to_json()))


REPLAYS = {game_id: recorded(game_id) for game_id in REGISTRY.ids()}


def saved(replay: dict[str, Any]) -> dict[str, Any]:
    return {"format": "nove-desktop-save", "version": 1, "replay": replay, "finished": False}


SETTINGS_FILE = {"format": "nove-desktop-settings", "version": 1, **Settings().to_dict()}


# -- ways to spoil a file --------------------------------------------------------------------------
@st.composite
def spliced(draw: st.DrawFn, raw: bytes) -> bytes:
    """``raw`` with up to three bytes replaced, cut out or inserted."""
    data = bytearray(raw)
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(data)))
        kind = draw(st.sampled_from(["replace", "cut", "insert"]))
        byte = draw(st.integers(0, 255))
        if kind == "insert" or at == len(data):
            data.insert(at, byte)
        elif kind == "cut":
            del data[at]
        else:
            data[at] = byte
    return bytes(data)


@st.composite
def one_value_changed(draw: st.DrawFn, value: Any) -> Any:
    """A copy of the JSON ``value`` with one node replaced by arbitrary JSON, or one key of an
    object removed, somewhere along a random path."""
    copy = json.loads(json.dumps(value))
    node = copy
    while True:
        children = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not children:
            return copy
        key = draw(st.sampled_from(children))
        child = node[key]
        if isinstance(child, dict | list) and child and draw(st.integers(0, 4)) > 0:
            node = child  # mostly deeper: the fields of options and actions are deep
            continue
        if isinstance(node, dict) and draw(st.integers(0, 4)) == 0:
            del node[key]
        else:
            node[key] = draw(JSON)
        return copy


def any_file(value: Any) -> st.SearchStrategy[bytes]:
    raw = json.dumps(value).encode()
    changed = one_value_changed(value).map(lambda v: json.dumps(v).encode())
    return st.binary(max_size=300) | spliced(raw) | changed


# -- the properties --------------------------------------------------------------------------------
def assert_one_clear_line(message: str) -> None:
    assert message.strip(), "an empty message"
    assert len(message) <= 800, f"a message of {len(message)} characters"


@pytest.mark.parametrize("game_id", REGISTRY.ids())
@FUZZ
@given(data=st.data())
def test_any_replay_file_loads_or_gives_one_clear_error(game_id: str, data: st.DataObject) -> None:
    raw = data.draw(any_file(REPLAYS[game_id]))
    try:
        run(loads(raw), REGISTRY)
    except ReplayError as exc:
        assert_one_clear_line(str(exc))


@pytest.mark.parametrize("game_id", REGISTRY.ids())
@FUZZ
@given(data=st.data())
def test_any_autosave_resumes_or_gives_one_clear_problem(
    game_id: str, data: st.DataObject, tmp_path_factory: pytest.TempPathFactory
) -> None:
    raw = data.draw(any_file(saved(REPLAYS[game_id])))
    storage = Storage(tmp_path_factory.mktemp("save"))
    storage.path_of("autosave").write_bytes(raw)
    loaded = storage.load_game()
    if loaded.data is None:
        assert loaded.problem is not None and loaded.problem.count("\n") == 0
        if "newer version" in loaded.problem:  # a newer version's save stays where it is
            assert loaded.kept_aside is None and storage.path_of("autosave").read_bytes() == raw
            return
        assert loaded.kept_aside is not None and loaded.kept_aside.read_bytes() == raw
        return
    try:
        session = GameSession.from_save(loaded.data, REGISTRY)
    except SaveError as exc:
        assert_one_clear_line(str(exc))
        assert "\n" not in str(exc)
        return
    assert isinstance(session.seats[0], SeatConfig)


@FUZZ
@given(data=st.data())
def test_any_settings_file_gives_valid_settings_and_at_most_one_problem(
    data: st.DataObject, tmp_path_factory: pytest.TempPathFactory
) -> None:
    raw = data.draw(any_file(SETTINGS_FILE))
    storage = Storage(tmp_path_factory.mktemp("settings"))
    storage.path_of("settings").write_bytes(raw)
    loaded, problem = storage.load_settings()
    assert isinstance(loaded, Settings)
    assert Settings.from_dict(loaded.to_dict()) == loaded  # every value is a valid one
    if problem is not None:
        assert problem.count("\n") == 0
        kept = list(storage.root.glob("settings.corrupt-*.json"))
        assert [path.read_bytes() for path in kept] == [raw]
    assert storage.load_settings()[1] is None  # told once


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(raw=any_file(REPLAYS["kael"]))
def test_the_replay_command_prints_one_line_or_a_result(
    raw: bytes, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Through ``nove-desktop replay``: exit status 0, or 2 with one line on standard error."""
    path = tmp_path_factory.mktemp("replay") / "game.json"
    path.write_bytes(raw)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(["replay", str(path)])
    if status == 0:
        assert err.getvalue() == "" and out.getvalue()
    else:
        assert status == 2 and out.getvalue() == ""
        assert err.getvalue().count("\n") == 1 and err.getvalue().startswith("nove-desktop: ")
