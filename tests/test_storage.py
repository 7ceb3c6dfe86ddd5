"""Saves, settings and statistics in the data folder (``nove_desktop/storage.py``)."""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Callable
from dataclasses import fields
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from nove_desktop import storage
from nove_desktop.storage import (
    DATA_ENV,
    GameStats,
    LoadResult,
    Settings,
    Storage,
    StorageError,
    WriteRefused,
    write_json_atomic,
)

FIXED_TIME = datetime(2026, 11, 21, 22, 15, 0)
# The first run builds Hypothesis's character tables and folders are made per example: no clock.
RELAXED = hypothesis_settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def fixed_clock() -> datetime:
    return FIXED_TIME


REPLAY = {
    "format": "nove-desktop-replay",
    "version": 1,
    "game": "nove",
    "options": {"players": 2},
    "seats": [{"name": "Zoë ♠", "kind": "human"}, {"name": "Bot", "kind": "heuristic"}],
    "seed": 7,
    "deck": None,
    "actions": [],
}


def save_data(**extra: Any) -> dict[str, Any]:
    """A save of the shape ``GameSession.to_save`` writes (``extra`` adds or replaces keys)."""
    return {
        "format": "nove-desktop-save",
        "version": 1,
        "replay": REPLAY,
        "finished": False,
        "ui": {},
        **extra,
    }


def files_in(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


@pytest.fixture
def store(tmp_path: Path) -> Storage:
    return Storage(tmp_path / "data", clock=fixed_clock)


# -- atomic writes ---------------------------------------------------------------------------------
def test_write_json_atomic_creates_the_folder_and_writes_utf8(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "folder" / "file.json"
    write_json_atomic(path, {"name": "Kaël", "n": [1, 2]})
    assert json.loads(path.read_text(encoding="utf-8")) == {"name": "Kaël", "n": [1, 2]}
    assert files_in(path.parent) == ["file.json"]


def test_a_failed_replace_keeps_the_old_file_and_leaves_no_temporary(
    store: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.save_game(save_data(moves=1))
    before = store.path_of("autosave").read_bytes()

    def refuse(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(StorageError) as caught:
        store.save_game(save_data(moves=2))
    assert "No space left on device" in str(caught.value)
    assert caught.value.reason == "No space left on device"
    assert store.path_of("autosave").read_bytes() == before
    assert files_in(store.root) == ["autosave.json"]


def test_a_failed_write_leaves_no_temporary(
    store: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(_handle: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", refuse)
    with pytest.raises(StorageError, match="Input/output error"):
        store.save_settings(Settings())
    assert files_in(store.root) == []


def test_data_that_is_not_json_raises_storage_error_and_writes_nothing(tmp_path: Path) -> None:
    with pytest.raises(StorageError):
        write_json_atomic(tmp_path / "x.json", {"bad": float("nan")})
    with pytest.raises(StorageError):
        write_json_atomic(tmp_path / "x.json", {"bad": object()})
    assert files_in(tmp_path) == []


def test_a_write_that_fails_in_a_usable_folder_raises_storage_error(
    store: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert store.usable

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage.tempfile, "mkstemp", refuse)
    with pytest.raises(StorageError, match="Could not save the settings"):
        store.save_settings(Settings())


# -- saved game ------------------------------------------------------------------------------------
def test_a_saved_game_round_trips_unchanged(store: Storage) -> None:
    assert store.load_game() == LoadResult(None)
    assert not store.has_saved_game()
    data = save_data(actions=[[0, {"kind": "draw"}]], name="Zoë ♠")
    store.save_game(data)
    assert store.has_saved_game()
    assert store.load_game() == LoadResult(data)
    store.delete_game()
    assert store.load_game() == LoadResult(None)
    store.delete_game()  # nothing to delete: no error


@pytest.mark.parametrize(
    "data",
    [
        {"version": 1},
        {"format": "nove-desktop-settings", "version": 1},
        {"format": "nove-desktop-save", "version": 2},
        {"format": "nove-desktop-save", "version": True},
        {"format": "nove-desktop-save"},
        ["format", "version"],
    ],
)
def test_save_game_refuses_data_without_the_markers(store: Storage, data: Any) -> None:
    with pytest.raises(ValueError, match="nove-desktop-save"):
        store.save_game(data)
    assert not store.root.exists()


def test_set_aside_game_keeps_the_file_under_a_new_name(store: Storage) -> None:
    assert store.set_aside_game() == LoadResult(None)
    store.save_game(save_data())
    result = store.set_aside_game()
    assert result.kept_aside == store.root / "autosave.corrupt-20261121-221500.json"
    assert json.loads(result.kept_aside.read_text(encoding="utf-8")) == save_data()
    assert not store.has_saved_game()


# -- unreadable files ------------------------------------------------------------------------------
UNREADABLE = {
    "bad json": b'{"format": "nove-desktop-save", "version": 1,',
    "not an object": b'["nove-desktop-save", 1]',
    "wrong format": b'{"format": "nove-desktop-settings", "version": 1}',
    "no format": b'{"version": 1}',
    "unknown version": b'{"format": "nove-desktop-save", "version": 0}',
    "boolean version": b'{"format": "nove-desktop-save", "version": true}',
    "binary garbage": bytes(range(256)) * 4,
    "latin-1": '{"format": "nove-desktop-save", "version": 1, "n": "Kaël"}'.encode("latin-1"),
    "empty": b"",
    "deep nesting": b"[" * 100_000,
}


@pytest.mark.parametrize("content", UNREADABLE.values(), ids=UNREADABLE.keys())
def test_an_unreadable_save_is_moved_aside_with_a_message(store: Storage, content: bytes) -> None:
    store.root.mkdir()
    store.path_of("autosave").write_bytes(content)
    result = store.load_game()
    assert result.data is None
    assert result.problem == (
        "The saved game could not be read and was kept aside as "
        "autosave.corrupt-20261121-221500.json."
    )
    assert result.kept_aside == store.root / "autosave.corrupt-20261121-221500.json"
    assert result.kept_aside.read_bytes() == content
    assert files_in(store.root) == ["autosave.corrupt-20261121-221500.json", "problems.log"]
    assert store.load_game() == LoadResult(None)  # the app carries on as if there was no save
    log = (store.root / "problems.log").read_text(encoding="utf-8")
    assert log.startswith("2026-11-21 22:15:00 autosave.json: ")
    assert log.rstrip("\n").endswith("kept aside as autosave.corrupt-20261121-221500.json")


def test_a_folder_in_place_of_the_file_is_moved_aside(store: Storage) -> None:
    store.path_of("autosave").mkdir(parents=True)
    (store.path_of("autosave") / "inside.txt").write_text("kept")
    result = store.load_game()
    assert result.data is None
    assert result.problem is not None and "kept aside" in result.problem
    assert result.kept_aside is not None and result.kept_aside.is_dir()
    assert (result.kept_aside / "inside.txt").read_text() == "kept"


def test_a_second_unreadable_file_does_not_overwrite_the_first(store: Storage) -> None:
    store.root.mkdir()
    kept = []
    for number in range(3):
        store.path_of("autosave").write_text(f"broken {number}")
        result = store.load_game()
        assert result.kept_aside is not None
        kept.append(result.kept_aside.name)
    assert kept == [
        "autosave.corrupt-20261121-221500.json",
        "autosave.corrupt-20261121-221500-2.json",
        "autosave.corrupt-20261121-221500-3.json",
    ]
    assert [(store.root / name).read_text() for name in kept] == [
        "broken 0",
        "broken 1",
        "broken 2",
    ]


def test_the_time_stamp_comes_from_the_clock(tmp_path: Path) -> None:
    store = Storage(tmp_path, clock=lambda: datetime(2027, 1, 2, 3, 4, 5))
    (tmp_path / "statistics.json").write_text("{")
    _stats, problem = store.load_statistics()
    assert problem == (
        "The statistics file could not be read and was kept aside as "
        "statistics.corrupt-20270102-030405.json."
    )
    assert (tmp_path / "statistics.corrupt-20270102-030405.json").read_text() == "{"


def test_a_file_that_cannot_be_moved_aside_is_left_in_place(
    store: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.root.mkdir()
    store.path_of("autosave").write_text("broken")

    def refuse(*_args: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "rename", refuse)
    result = store.load_game()
    assert result.data is None
    assert result.kept_aside is None
    assert result.problem is not None and "Permission denied" in result.problem
    assert store.path_of("autosave").read_text() == "broken"


@RELAXED
@given(st.binary(max_size=200))
def test_reading_any_bytes_never_raises(
    tmp_path_factory: pytest.TempPathFactory, raw: bytes
) -> None:
    store = Storage(tmp_path_factory.mktemp("any"), clock=fixed_clock)
    store.path_of("settings").write_bytes(raw)
    settings, problem = store.load_settings()
    assert isinstance(settings, Settings)
    assert (problem is None) == store.path_of("settings").exists()


# -- settings --------------------------------------------------------------------------------------
def test_settings_default_when_there_is_no_file(store: Storage) -> None:
    assert store.load_settings() == (Settings(), None)
    assert Settings().handoff is True


def test_settings_round_trip(store: Storage) -> None:
    chosen = Settings(
        animation_speed="fast",
        ai_pace="instant",
        volume=0.25,
        muted=True,
        fullscreen=True,
        window_size=(1920, 1080),
        handoff=False,
        last_game="kael",
    )
    store.save_settings(chosen)
    assert store.load_settings() == (chosen, None)
    on_disk = json.loads(store.path_of("settings").read_text(encoding="utf-8"))
    assert on_disk["format"] == "nove-desktop-settings"
    assert on_disk["version"] == 1
    assert on_disk["window_size"] == [1920, 1080]


def test_bad_setting_values_are_reported_once_and_the_file_kept_aside(store: Storage) -> None:
    store.root.mkdir()
    raw = {
        "format": "nove-desktop-settings",
        "version": 1,
        "animation_speed": "ludicrous",
        "ai_pace": 3,
        "volume": 1.5,
        "muted": "yes",
        "fullscreen": 1,
        "window_size": [1280, -5],
        "handoff": None,
        "last_game": "",
        "colour_theme": "dark",  # unknown: ignored
    }
    store.path_of("settings").write_text(json.dumps(raw))
    settings, problem = store.load_settings()
    assert settings == Settings()
    assert problem == (
        "The settings file had values that could not be used (the others were kept) and was "
        "kept aside as settings.corrupt-20261121-221500.json."
    )
    aside = store.root / "settings.corrupt-20261121-221500.json"
    assert json.loads(aside.read_text()) == raw  # kept whole
    assert store.load_settings() == (Settings(), None)  # told once
    log = (store.root / "problems.log").read_text(encoding="utf-8")
    for name in ("animation_speed", "ai_pace", "volume", "muted", "fullscreen", "window_size"):
        assert f"{name} is " in log and name not in problem
    assert "colour_theme" not in log


def test_good_settings_survive_a_bad_one_and_are_written_back(store: Storage) -> None:
    store.root.mkdir()
    raw = {"format": "nove-desktop-settings", "version": 1, "volume": 0.2, "muted": "no"}
    store.path_of("settings").write_text(json.dumps(raw))
    settings, problem = store.load_settings()
    assert settings == Settings(volume=0.2) and problem is not None
    store.save_settings(settings)
    assert store.load_settings() == (Settings(volume=0.2), None)


def test_good_setting_values_survive_beside_bad_ones() -> None:
    raw = {"volume": 1, "window_size": [800, 600], "muted": "no", "ai_pace": "slow"}
    assert Settings.from_dict(raw) == Settings(volume=1.0, window_size=(800, 600), ai_pace="slow")
    assert isinstance(Settings.from_dict(raw).volume, float)
    assert isinstance(Settings.from_dict(raw).window_size, tuple)


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), -0.1, True, "0.5", None])
def test_bad_volumes_are_refused(bad: object) -> None:
    assert Settings.from_dict({"volume": bad}).volume == Settings().volume


def test_every_setting_is_validated() -> None:
    assert {item.name for item in fields(Settings)} == set(storage._SETTING_CHECKS)


def test_a_corrupt_settings_file_is_reported_and_defaults_are_used(store: Storage) -> None:
    store.root.mkdir()
    store.path_of("settings").write_text("volume = 0.5")
    settings, problem = store.load_settings()
    assert settings == Settings()
    assert problem is not None and problem.startswith("The settings file could not be read")
    assert "settings.corrupt-20261121-221500.json" in problem


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)


@RELAXED
@given(st.dictionaries(st.sampled_from([f.name for f in fields(Settings)]), json_values))
def test_any_settings_object_gives_valid_settings(raw: dict[str, Any]) -> None:
    settings = Settings.from_dict(raw)
    assert Settings.from_dict(settings.to_dict()) == settings
    for name, check in storage._SETTING_CHECKS.items():
        assert check(settings.to_dict()[name]), name


# -- statistics ------------------------------------------------------------------------------------
def test_statistics_accumulate(store: Storage) -> None:
    assert store.load_statistics() == ({}, None)
    assert store.record_result("nove", won=True, score=12) == (GameStats(1, 1, 12), None)
    assert store.record_result("nove", won=False, score=7) == (GameStats(2, 1, 12), None)
    assert store.record_result("nove", won=True, score=15) == (GameStats(3, 2, 15), None)
    store.record_result("nox", won=False, score=90)
    statistics, problem = Storage(store.root).load_statistics()
    assert problem is None
    assert statistics == {"nove": GameStats(3, 2, 15), "nox": GameStats(1, 0, 90)}


def test_lowest_best_score_for_games_where_low_is_good(store: Storage) -> None:
    store.record_result("kael", won=True, score=9, lower_is_better=True)
    store.record_result("kael", won=False, score=30, lower_is_better=True)
    stats, _problem = store.record_result("kael", won=True, score=-2, lower_is_better=True)
    assert stats == GameStats(3, 2, -2)


def test_negative_scores_are_kept() -> None:
    assert GameStats().with_result(False, -5) == GameStats(1, 0, -5)


def test_record_result_refuses_bad_arguments(store: Storage) -> None:
    with pytest.raises(ValueError):
        store.record_result("", won=True, score=1)
    with pytest.raises(TypeError):
        store.record_result("nove", won=True, score=1.5)  # type: ignore[arg-type]  # the wrong type on purpose
    with pytest.raises(TypeError):
        store.record_result("nove", won=True, score=True)


@pytest.mark.parametrize(
    "games",
    [
        [],
        {"nove": {"played": 1, "won": 2, "best_score": 3}},
        {"nove": {"played": -1, "won": 0, "best_score": None}},
        {"nove": {"played": 1, "won": 1, "best_score": "12"}},
        {"nove": {"played": True, "won": 0, "best_score": None}},
        {"nove": 3},
    ],
)
def test_inconsistent_statistics_are_kept_aside_not_lost(store: Storage, games: Any) -> None:
    store.root.mkdir()
    raw = {"format": "nove-desktop-statistics", "version": 1, "games": games}
    store.path_of("statistics").write_text(json.dumps(raw))
    statistics, problem = store.load_statistics()
    assert statistics == {}
    assert problem is not None and "statistics.corrupt-20261121-221500.json" in problem
    aside = store.root / "statistics.corrupt-20261121-221500.json"
    assert json.loads(aside.read_text()) == raw


def test_recording_after_a_corrupt_statistics_file_starts_afresh(store: Storage) -> None:
    store.root.mkdir()
    store.path_of("statistics").write_bytes(b"\x00\xff")
    stats, problem = store.record_result("nove", won=True, score=12)
    assert stats == GameStats(1, 1, 12)
    assert problem is not None and "kept aside" in problem
    assert (store.root / "statistics.corrupt-20261121-221500.json").read_bytes() == b"\x00\xff"
    assert store.load_statistics() == ({"nove": GameStats(1, 1, 12)}, None)


# -- where the data lives --------------------------------------------------------------------------
def test_the_environment_variable_overrides_the_default_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "from-env"))
    store = Storage()
    assert store.root == tmp_path / "from-env"
    store.save_settings(Settings(volume=0.1))
    assert (tmp_path / "from-env" / "settings.json").is_file()


def test_an_explicit_root_beats_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "from-env"))
    assert Storage(tmp_path / "explicit").root == tmp_path / "explicit"


def test_unknown_data_file_names_are_refused(store: Storage) -> None:
    with pytest.raises(ValueError, match="Unknown data file"):
        store.load_json("passwords")


# -- every field of a save is checked --------------------------------------------------------------
BAD_SAVE_FIELDS = {
    "finished is text": {"finished": "no"},
    "finished missing": {"finished": None},
    "ui is a list": {"ui": [1]},
    "no replay": {"replay": None},
    "replay is a list": {"replay": []},
    "seed is text": {"replay": {**REPLAY, "seed": "7"}},
    "seed too large": {"replay": {**REPLAY, "seed": 2**64}},
    "unknown seat kind": {"replay": {**REPLAY, "seats": [{"name": "A", "kind": "robot"}]}},
    "actions not a list": {"replay": {**REPLAY, "actions": {}}},
    "action without seat": {"replay": {**REPLAY, "actions": [{"action": {"type": "hit"}}]}},
    "options not an object": {"replay": {**REPLAY, "options": 2}},
}


@pytest.mark.parametrize("change", BAD_SAVE_FIELDS.values(), ids=BAD_SAVE_FIELDS.keys())
def test_a_save_with_a_field_of_the_wrong_type_is_reported_once_and_kept(
    store: Storage, change: dict[str, Any]
) -> None:
    """Issue 19, 6b: a save with ``"finished": "no"`` used to be silently ignored and later
    overwritten by the next game."""
    store.root.mkdir()
    data = {**save_data(), **change}
    data = {key: value for key, value in data.items() if value is not None}
    store.path_of("autosave").write_text(json.dumps(data), encoding="utf-8")
    result = store.load_game()
    assert result.data is None
    assert result.problem == (
        "The saved game could not be read and was kept aside as "
        "autosave.corrupt-20261121-221500.json."
    )
    assert result.kept_aside is not None
    assert json.loads(result.kept_aside.read_text(encoding="utf-8")) == data
    assert not store.has_saved_game()  # a new game writes a new file beside the kept one
    assert store.load_game() == LoadResult(None)
    with pytest.raises(ValueError, match="wrong shape"):
        store.save_game(data)  # and the app itself never writes such a save


def test_a_well_formed_save_loads_whole(store: Storage) -> None:
    data = save_data(ui={"viewer": 1}, finished=True)
    store.save_game(data)
    assert store.load_game() == LoadResult(data)


# -- statistics: every entry is checked ------------------------------------------------------------
@pytest.mark.parametrize(
    "entry",
    [
        {"played": 2, "won": 1, "best_score": None},  # games played, but no best score
        {"played": 0, "won": 0, "best_score": 5},  # a best score without a game
        {"played": 10**12, "won": 0, "best_score": 1},  # more games than anyone plays
        {"played": 1, "won": 0, "best_score": 1.5},
    ],
)
def test_a_statistics_entry_that_does_not_add_up_is_reported_and_the_others_kept(
    store: Storage, entry: dict[str, Any]
) -> None:
    store.root.mkdir()
    good = {"played": 3, "won": 1, "best_score": 14}
    raw = {
        "format": "nove-desktop-statistics",
        "version": 1,
        "games": {"nove": good, "kael": entry},
    }
    store.path_of("statistics").write_text(json.dumps(raw))
    statistics, problem = store.load_statistics()
    assert statistics == {"nove": GameStats(3, 1, 14)}
    assert problem is not None and problem.startswith("The statistics file had values")
    assert json.loads((store.root / "statistics.corrupt-20261121-221500.json").read_text()) == raw
    assert "kael:" in (store.root / "problems.log").read_text(encoding="utf-8")
    stats, again = store.record_result("kael", won=True, score=9, lower_is_better=True)
    assert (stats, again) == (GameStats(1, 1, 9), None)
    assert store.load_statistics() == ({"nove": GameStats(3, 1, 14), "kael": stats}, None)


@pytest.mark.parametrize("game_id", ["NOVE", "no ve", "", "x" * 65])
def test_a_statistics_entry_under_a_name_that_is_no_game_id_is_refused(
    store: Storage, game_id: str
) -> None:
    store.root.mkdir()
    entry = {"played": 1, "won": 1, "best_score": 3}
    raw = {"format": "nove-desktop-statistics", "version": 1, "games": {game_id: entry}}
    store.path_of("statistics").write_text(json.dumps(raw))
    statistics, problem = store.load_statistics()
    assert statistics == {} and problem is not None


# -- a data folder that cannot be used -------------------------------------------------------------
def assert_refused(write: Any) -> None:
    """A write that cannot happen says so (it never reports success): issue 27, item 5."""
    with pytest.raises(WriteRefused) as caught:
        write()
    assert caught.value.told  # the player was told once already: callers stay quiet


def assert_unusable_folder_is_told_once(store: Storage) -> None:
    settings, problem = store.load_settings()
    assert settings == Settings()
    assert problem is not None
    assert problem.startswith(f"The data folder {store.root} cannot be used (")
    assert problem.endswith("): games, settings and statistics will not be saved.")
    assert not store.usable and not store.readable
    # Nothing else is said, nothing is written, the app plays on; writes say they did not happen.
    assert store.load_game() == LoadResult(None)
    assert store.load_statistics() == ({}, None)
    assert store.folder_problem() is None
    assert_refused(lambda: store.save_settings(Settings(volume=0.3)))
    assert_refused(lambda: store.save_game(save_data()))
    assert_refused(lambda: store.record_result("nove", won=True, score=12))
    assert_refused(store.delete_game)
    assert store.set_aside_game() == LoadResult(None)
    assert not store.has_saved_game()


def test_a_data_folder_that_is_a_file_is_told_once_and_nothing_is_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file, not a folder", encoding="utf-8")
    monkeypatch.setenv(DATA_ENV, str(blocker))
    store = Storage(clock=fixed_clock)
    assert_unusable_folder_is_told_once(store)
    assert "it is a file, not a folder" in str(Storage(blocker).folder_problem())
    assert blocker.read_text(encoding="utf-8") == "a file, not a folder"  # untouched
    assert files_in(tmp_path) == ["data"]


def test_a_data_folder_inside_a_file_is_told_once(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    store = Storage(blocker / "data", clock=fixed_clock)
    assert_unusable_folder_is_told_once(store)
    assert files_in(tmp_path) == ["file"]


def make_read_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests run as root, who may write anywhere: the disk's refusal is simulated where the
    storage meets it first (the probe file). Whatever it then tried to write would succeed, so
    the tests compare every byte of the folder before and after."""

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(storage.tempfile, "mkstemp", refuse)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def test_a_read_only_data_folder_is_read_told_once_and_never_written(
    store: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 27, item 5: a read-only folder reset the settings, hid Continue and emptied the
    statistics, and ``record_result`` reported a result it had not written."""
    store.root.mkdir()
    settings = {"format": "nove-desktop-settings", "version": 1, "volume": 0.2, "language": "fr"}
    store.path_of("settings").write_text(json.dumps(settings))
    store.path_of("autosave").write_text(json.dumps(save_data()))
    entry = {"played": 3, "won": 1, "best_score": 14}
    counts = {"format": "nove-desktop-statistics", "version": 1, "games": {"nove": entry}}
    store.path_of("statistics").write_text(json.dumps(counts))
    before = snapshot(store.root)
    make_read_only(monkeypatch)

    loaded, problem = store.load_settings()
    assert (loaded.volume, loaded.language) == (0.2, "fr")  # read, not reset
    assert problem == (
        f"The data folder {store.root} cannot be written to (Read-only file system): what it "
        "holds was read, but games, settings and statistics will not be saved."
    )
    assert store.load_game() == LoadResult(save_data())  # Continue is offered
    assert store.load_statistics() == ({"nove": GameStats(3, 1, 14)}, None)  # told once
    assert store.readable and not store.usable and not store.can_write("statistics")

    assert_refused(lambda: store.record_result("nove", won=True, score=20))
    assert_refused(lambda: store.save_settings(Settings(volume=0.9)))
    assert_refused(lambda: store.save_game(save_data(finished=True)))
    assert_refused(store.delete_game)
    assert store.set_aside_game() == LoadResult(None)
    assert snapshot(store.root) == before


@pytest.mark.parametrize(
    ("content", "language"),
    [
        ({"format": "nove-desktop-settings", "version": 1, "language": "de"}, "de"),
        ({"format": "nove-desktop-settings", "version": 1, "language": "xx"}, ""),
        ({"format": "nove-desktop-settings", "version": 2, "language": "de"}, ""),
        ({"format": "nove-desktop-statistics", "version": 1, "language": "de"}, ""),
        ("{", ""),
    ],
)
def test_the_language_hint_is_read_quietly(store: Storage, content: Any, language: str) -> None:
    """The app's first words (about the folder and the files) are in the chosen language."""
    store.root.mkdir()
    raw = content if isinstance(content, str) else json.dumps(content)
    store.path_of("settings").write_text(raw)
    before = snapshot(store.root)
    assert store.language_hint() == language
    assert snapshot(store.root) == before
    assert Storage(store.root / "missing").language_hint() == ""


def test_an_unreadable_file_in_a_read_only_folder_is_left_where_it_is(
    store: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.root.mkdir()
    store.path_of("autosave").write_text("{")
    before = snapshot(store.root)
    make_read_only(monkeypatch)
    result = store.load_game()
    assert result.data is None and result.kept_aside is None
    assert result.problem is not None
    assert result.problem.endswith(
        "will not be saved. The saved game could not be read; it was left as autosave.json."
    )
    assert store.load_game() == LoadResult(None)  # told once
    assert snapshot(store.root) == before  # not moved aside, no log written


def test_a_folder_told_unwritable_to_a_direct_writer_is_not_yet_told(
    store: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write before any load (no message yet) raises with ``told`` False: the caller says it."""
    store.root.mkdir()
    make_read_only(monkeypatch)
    with pytest.raises(WriteRefused) as caught:
        store.save_settings(Settings())
    assert not caught.value.told
    assert "cannot be written to (Read-only file system)" in str(caught.value)


# -- files written by a newer version of the app --------------------------------------------------
NEWER = {
    "autosave": {"format": "nove-desktop-save", "version": 2, "replay": "a newer shape"},
    "settings": {"format": "nove-desktop-settings", "version": 2, "volume": 0.1},
    "statistics": {"format": "nove-desktop-statistics", "version": 7, "games": []},
}
NEWER_WORDS = {
    "autosave": "Your saved game comes from a newer version of nove-desktop: it is kept as it is "
    "for that version, and this version does not save games over it.",
    "settings": "Your settings come from a newer version of nove-desktop: they are kept as they "
    "are for that version, and this version plays with its default settings without saving them.",
    "statistics": "Your statistics come from a newer version of nove-desktop: they are kept as "
    "they are for that version, and games played in this version are not counted.",
}


def every_write(store: Storage, name: str) -> list[Any]:
    writes: dict[str, list[Callable[[], object]]] = {
        "autosave": [lambda: store.save_game(save_data()), store.delete_game],
        "settings": [lambda: store.save_settings(Settings())],
        "statistics": [lambda: store.record_result("nove", won=True, score=3)],
    }
    return writes[name]


@pytest.mark.parametrize("name", list(NEWER))
def test_a_file_of_a_newer_version_is_named_as_such_and_kept_untouched(
    store: Storage, name: str
) -> None:
    """Issue 27, item 5: it was called "could not be read" and moved aside."""
    store.root.mkdir()
    store.path_of(name).write_text(json.dumps(NEWER[name]))
    before = snapshot(store.root)
    loaded = {
        "autosave": lambda: dataclasses.astuple(store.load_game())[:2],
        "settings": store.load_settings,
        "statistics": store.load_statistics,
    }[name]
    data, problem = loaded()
    assert data in (None, Settings(), {})
    assert problem == NEWER_WORDS[name]
    assert not store.can_write(name) and store.usable
    for write in every_write(store, name):
        assert_refused(write)
    assert store.set_aside_game() == LoadResult(None)
    assert snapshot(store.root) == before  # not moved, not overwritten, nothing logged


@pytest.mark.parametrize("name", list(NEWER))
def test_a_newer_file_is_not_overwritten_even_unread(tmp_path: Path, name: str) -> None:
    store = Storage(tmp_path, clock=fixed_clock)
    store.path_of(name).write_text(json.dumps(NEWER[name]))
    before = snapshot(tmp_path)
    for write in every_write(store, name):
        with pytest.raises(WriteRefused, match="newer version") as caught:
            write()
        assert not caught.value.told  # never said yet: the caller must say it
    assert snapshot(tmp_path) == before


def test_the_other_files_still_work_beside_a_newer_one(store: Storage) -> None:
    store.root.mkdir()
    store.path_of("settings").write_text(json.dumps(NEWER["settings"]))
    store.load_settings()
    assert store.record_result("nove", won=True, score=3) == (GameStats(1, 1, 3), None)
    store.save_game(save_data())
    assert store.load_game() == LoadResult(save_data())


def test_the_save_version_of_the_session_is_the_one_the_storage_writes() -> None:
    from nove_desktop.session import SAVE_VERSION

    assert storage.FILE_VERSION == SAVE_VERSION


def test_a_usable_folder_has_no_folder_problem_and_no_probe_left(store: Storage) -> None:
    assert store.folder_problem() is None
    assert store.usable and files_in(store.root) == []


# -- the developers' log ---------------------------------------------------------------------------
def test_the_log_starts_afresh_past_its_size_and_keeps_the_old_one(store: Storage) -> None:
    store.root.mkdir()
    log = store.root / "problems.log"
    log.write_text("x" * (storage.MAX_LOG_BYTES + 1))
    store.path_of("settings").write_text("{")
    store.load_settings()
    assert (store.root / "problems.log.old").stat().st_size == storage.MAX_LOG_BYTES + 1
    assert log.read_text().startswith("2026-11-21 22:15:00 settings.json: settings.json is not")


def test_a_log_line_is_one_line_whatever_the_file_held(store: Storage) -> None:
    store.root.mkdir()
    raw = {"format": "nove-desktop-settings", "version": 1, "ai_pace": "fast\nTraceback"}
    store.path_of("settings").write_text(json.dumps(raw))
    store.load_settings()
    assert (store.root / "problems.log").read_text().count("\n") == 1
