"""A 0.2.0 data folder moved to the data, config and state folders once, nothing lost
(``nove_desktop/migration.py`` through ``Storage``), and each folder's problems told on its own.

Every file is written by the tests, byte for byte, and the expected folders are spelt out by hand:
the code under test only ever reads and moves them.
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from nove_desktop import migration, storage
from nove_desktop.folders import Folders
from nove_desktop.storage import GameStats, Settings, Storage, WriteRefused

# Bytes as 0.2.0 wrote them (indent, key order, a final newline), plus a few odd ones on purpose.
SETTINGS = (
    b'{\n  "format": "nove-desktop-settings",\n  "version": 1,\n  "volume": 0.25,\n'
    b'  "language": "fr"\n}\n'
)
STATISTICS = (
    b'{\n  "format": "nove-desktop-statistics",\n  "version": 1,\n  "games": {\n    "nove": '
    b'{"played": 2, "won": 1, "best_score": 9, "hinted": {"played": 0, "won": 0}}\n  }\n}\n'
)
AUTOSAVE = b'{"format": "nove-desktop-save", "version": 1, "whatever": "kept as it is"}\n'
LOG = b"2026-11-02 10:00:00 settings.json: volume is 'loud'; kept aside\n"
OLD_LOG = b"2026-10-01 09:00:00 an older line\n"
ASIDE = b'{"format": "nove-desktop-settings", "volume": "loud"}'
ASIDE_NAME = "settings.corrupt-20261102-100000.json"


def clock() -> datetime:
    return datetime(2027, 1, 2, 3, 4, 5)


@pytest.fixture
def folders(tmp_path: Path) -> Folders:
    return Folders(tmp_path / "data", tmp_path / "config", tmp_path / "state")


def write_0_2_0(folders: Folders) -> None:
    """Everything a 0.2.0 data folder may hold (what Storage itself never writes here)."""
    folders.data.mkdir(parents=True)
    for name, content in {
        "settings.json": SETTINGS,
        "statistics.json": STATISTICS,
        "autosave.json": AUTOSAVE,
        "problems.log": LOG,
        "problems.log.old": OLD_LOG,
        ASIDE_NAME: ASIDE,
    }.items():
        (folders.data / name).write_bytes(content)


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` (the three folders' parent), by relative path."""
    return {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file()
    }


def start(folders: Folders) -> tuple[Storage, str, Settings, str | None]:
    """What the app does with its storage on start: the language hint, then the settings."""
    store = Storage(folders=folders, clock=clock)
    hint = store.language_hint()
    settings, problem = store.load_settings()
    return store, hint, settings, problem


def test_a_0_2_0_folder_is_moved_once_and_nothing_is_lost(tmp_path: Path, folders: Folders) -> None:
    write_0_2_0(folders)

    store, hint, settings, problem = start(folders)

    assert snapshot(tmp_path) == {
        "data/autosave.json": AUTOSAVE,
        "data/statistics.json": STATISTICS,
        "config/settings.json": SETTINGS,
        f"config/{ASIDE_NAME}": ASIDE,
        "state/problems.log": LOG,
        "state/problems.log.old": OLD_LOG,
    }
    assert (hint, settings.volume, settings.language, problem) == ("fr", 0.25, "fr", None)
    assert store.load_statistics() == ({"nove": GameStats(2, 1, 9)}, None)
    assert store.has_saved_game()

    after_first = snapshot(tmp_path)
    again, hint, settings, problem = start(folders)  # the second start changes nothing
    assert again.load_statistics()[1] is None and again.has_saved_game()
    assert snapshot(tmp_path) == after_first
    assert (hint, settings.volume, problem) == ("fr", 0.25, None)


def test_after_the_move_each_file_is_written_in_its_own_folder(
    tmp_path: Path, folders: Folders
) -> None:
    write_0_2_0(folders)
    store, _hint, _settings, _problem = start(folders)
    store.save_settings(Settings(volume=0.5, language="de"))
    store.record_result("kael", won=False, score=30, lower_is_better=True)
    store.log_problem("a line for the developers")

    assert json.loads((folders.config / "settings.json").read_bytes())["volume"] == 0.5
    assert "kael" in json.loads((folders.data / "statistics.json").read_bytes())["games"]
    assert (folders.state / "problems.log").read_bytes().startswith(LOG)
    assert b"a line for the developers" in (folders.state / "problems.log").read_bytes()
    assert sorted(path.name for path in folders.data.iterdir()) == [
        "autosave.json",
        "statistics.json",
    ]


def set_mtime(path: Path, when: int) -> None:
    os.utime(path, (when, when))


NEW_SETTINGS = b'{"format": "nove-desktop-settings", "version": 1, "volume": 0.9}\n'


@pytest.mark.parametrize("newer", ["old place", "new place"])
def test_a_file_in_both_places_keeps_the_newer_in_use_and_the_other_beside_it(
    tmp_path: Path, folders: Folders, newer: str
) -> None:
    write_0_2_0(folders)
    folders.config.mkdir()
    (folders.config / "settings.json").write_bytes(NEW_SETTINGS)
    set_mtime(folders.data / "settings.json", 2_000_000_000 if newer == "old place" else 1_000)
    set_mtime(folders.config / "settings.json", 1_500_000_000)

    _store, _hint, settings, problem = start(folders)

    in_use, other = (SETTINGS, NEW_SETTINGS) if newer == "old place" else (NEW_SETTINGS, SETTINGS)
    files = snapshot(tmp_path)
    assert files["config/settings.json"] == in_use
    assert files["config/settings.older-20270102-030405.json"] == other
    assert "data/settings.json" not in files and problem is None
    assert settings.volume == (0.25 if newer == "old place" else 0.9)


def test_a_copy_identical_to_the_one_in_place_is_the_only_file_removed(
    tmp_path: Path, folders: Folders
) -> None:
    """A move interrupted after its copy: both places hold the same bytes."""
    write_0_2_0(folders)
    folders.state.mkdir()
    (folders.state / "problems.log").write_bytes(LOG)
    start(folders)
    files = snapshot(tmp_path)
    assert files["state/problems.log"] == LOG
    assert [name for name in files if "problems" in name] == [
        "state/problems.log",
        "state/problems.log.old",
    ]


def test_across_disks_a_file_is_copied_with_its_time_then_removed(
    tmp_path: Path, folders: Folders, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_0_2_0(folders)
    set_mtime(folders.data / "settings.json", 1_234_567_890)
    real_rename = os.rename

    def rename(source: Any, target: Any) -> None:
        if Path(source).parent != Path(target).parent:
            raise OSError(errno.EXDEV, "Invalid cross-device link")
        real_rename(source, target)

    monkeypatch.setattr(migration.os, "rename", rename)
    start(folders)
    assert snapshot(tmp_path)["config/settings.json"] == SETTINGS
    assert (folders.config / "settings.json").stat().st_mtime == 1_234_567_890
    assert not (folders.data / "settings.json").exists()
    assert not [path for path in folders.config.iterdir() if path.name.endswith(".tmp")]


def test_a_failed_move_is_told_once_and_the_settings_are_used_where_they_are(
    tmp_path: Path, folders: Folders
) -> None:
    write_0_2_0(folders)
    folders.config.write_bytes(b"")  # a file where the config folder should be

    store, hint, settings, problem = start(folders)

    assert (hint, settings.volume) == ("fr", 0.25)  # the player's settings, all the same
    assert problem == (
        "Some files of an earlier version could not be moved to their new folder (File exists): "
        f"they were left in {folders.data}, and nothing was lost."
    )
    assert store.load_statistics()[1] is None  # told once
    assert (folders.data / "settings.json").read_bytes() == SETTINGS
    assert (folders.data / ASIDE_NAME).read_bytes() == ASIDE
    log = (folders.state / "problems.log").read_bytes()  # the log could move
    assert log.startswith(LOG) and b"settings.json not moved to" in log
    store.save_settings(Settings(volume=0.4))  # saved where they were read from
    assert json.loads((folders.data / "settings.json").read_bytes())["volume"] == 0.4


def refuse_writes_in(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A read-only folder (the tests run as root, who may write anywhere): the probe fails."""
    real: Callable[..., Any] = storage.tempfile.mkstemp

    def mkstemp(*args: Any, **kwargs: Any) -> Any:
        if Path(kwargs.get("dir", "")) == folder:
            raise OSError(30, "Read-only file system")
        return real(*args, **kwargs)

    monkeypatch.setattr(storage.tempfile, "mkstemp", mkstemp)


def test_a_read_only_config_folder_keeps_the_settings_and_only_them_unsaved(
    tmp_path: Path, folders: Folders, monkeypatch: pytest.MonkeyPatch
) -> None:
    folders.config.mkdir()
    (folders.config / "settings.json").write_bytes(SETTINGS)
    refuse_writes_in(folders.config, monkeypatch)

    store, _hint, settings, problem = start(folders)

    assert settings.volume == 0.25
    assert problem == (
        f"The settings folder {folders.config} cannot be written to (Read-only file system): "
        "your settings were read, but changes to them will not be saved."
    )
    with pytest.raises(WriteRefused) as refused:
        store.save_settings(Settings(volume=0.9))
    assert refused.value.told
    assert store.load_statistics() == ({}, None)  # the data folder is fine and says nothing
    store.record_result("nove", won=True, score=12)  # games are still counted
    assert store.can_write("statistics") and not store.can_write("settings")
    assert (folders.config / "settings.json").read_bytes() == SETTINGS


def test_a_data_folder_that_cannot_be_used_is_told_without_the_settings(
    tmp_path: Path, folders: Folders
) -> None:
    folders.data.parent.mkdir(exist_ok=True)
    folders.data.write_bytes(b"")
    store, _hint, _settings, problem = start(folders)
    assert problem is None  # the settings' folder is fine
    _statistics, problem = store.load_statistics()
    assert problem == (
        f"The data folder {folders.data} cannot be used (it is a file, not a folder): games and "
        "statistics will not be saved."
    )
    store.save_settings(Settings(volume=0.3))
    assert (folders.config / "settings.json").is_file()
