"""A data folder that cannot be used (``NOVE_DESKTOP_DATA`` naming a file): the app says so once,
in the player's words, and plays on; nothing is written and no other message follows (issue 19,
6c: before, every load and every autosave said something else, each contradicting the last).

A read-only data folder is read all the same, and a file of a newer version of the app is named
as such and never touched (issue 27, item 5). Planted bugs these tests were shown to catch:
``Storage.load_json`` returning no data when the folder cannot be written to (the settings reset,
no Continue, empty statistics); ``ending.autosave`` reporting a refused write that was already
told (a second message); ``Storage._load`` treating a newer version as unreadable (moved aside).
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import json
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from nove_desktop import storage
from nove_desktop.games import default_registry
from nove_desktop.session import GameSession, SeatConfig
from nove_desktop.storage import DATA_ENV, GameStats, Storage
from nove_desktop.ui.app import App
from nove_desktop.ui.scenes.dialog import ConfirmDialog
from nove_desktop.ui.scenes.statistics import StatisticsScene
from nove_desktop.ui.scenes.summary import RoundSummaryScene
from nove_desktop.ui.scenes.title import TitleScene
from nove_desktop.ui.table.scene import TableScene

FRAME = 1 / 60


def test_an_unusable_data_folder_is_told_once_and_the_game_plays_on(tmp_path, monkeypatch):
    blocker = tmp_path / "data"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv(DATA_ENV, str(blocker))
    app = App(size=(1024, 640))  # the storage comes from the environment, as for a player
    try:
        app.settings.animation_speed = "off"
        app.settings.ai_pace = "instant"
        said: set[str] = set()

        def step(events=()):
            app.step(list(events), FRAME)
            said.update(toast.text for toast in app.toasts)

        title = app.scenes.push("title")
        assert isinstance(title, TitleScene)
        step()
        assert not title.continue_button.enabled
        game = app.registry.get("nove")
        seats = [SeatConfig(f"Bot {i}", "heuristic") for i in range(3)]
        session = GameSession(game, game.options_from_json({"players": 3}), 5, seats)
        app.scenes.push("table", session=session)
        for _ in range(600):  # AI seats play and the table autosaves after every action
            if len(session.replay.actions) >= 12:
                break
            if isinstance(app.stack.top, RoundSummaryScene):
                step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)])
            else:
                step()
            time.sleep(0.001)
        assert len(session.replay.actions) >= 12, "the game went on"
        app.save_settings()
        assert len(said) == 1, said
        (message,) = said
        assert message == (
            f"The data folder {blocker} cannot be used (it is a file, not a folder): "
            "games, settings and statistics will not be saved."
        )
        assert blocker.read_text(encoding="utf-8") == "not a folder"
        assert sorted(p.name for p in tmp_path.iterdir()) == ["data"]
    finally:
        while len(app.stack):
            app.stack.pop()
        pygame.quit()


def play_a_few_ai_actions(app: App, said: set[str], actions: int = 12) -> GameSession:
    """Three AI seats play ``actions`` actions; the table autosaves after each one."""
    game = app.registry.get("nove")
    seats = [SeatConfig(f"Bot {i}", "heuristic") for i in range(3)]
    session = GameSession(game, game.options_from_json({"players": 3}), 5, seats)
    app.scenes.push("table", session=session)
    for _ in range(600):
        if len(session.replay.actions) >= actions:
            break
        if isinstance(app.stack.top, RoundSummaryScene):
            app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)], FRAME)
        else:
            app.step([], FRAME)
        said.update(toast.text for toast in app.toasts)
        time.sleep(0.001)
    assert len(session.replay.actions) >= actions, "the game went on"
    return session


def snapshot(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def a_save() -> dict[str, Any]:
    game = default_registry().get("nove")
    seats = [SeatConfig("Ada", "human"), SeatConfig("Bot", "heuristic")]
    return GameSession(game, game.options_from_json({"players": 2}), 3, seats).to_save({})


def test_a_read_only_data_folder_is_read_told_once_and_never_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    settings = {
        "format": "nove-desktop-settings",
        "version": 1,
        "animation_speed": "off",
        "ai_pace": "instant",
        "volume": 0.25,
        "language": "fr",
    }
    (folder / "settings.json").write_text(json.dumps(settings))
    (folder / "autosave.json").write_text(json.dumps(a_save()))
    counts = {
        "format": "nove-desktop-statistics",
        "version": 1,
        "games": {"kael": {"played": 4, "won": 2, "best_score": 3}},
    }
    (folder / "statistics.json").write_text(json.dumps(counts))
    before = snapshot(folder)

    def read_only(*_args: object, **_kwargs: object) -> None:
        raise OSError(30, "Read-only file system")  # root may write anywhere: the disk says no

    monkeypatch.setattr(storage.tempfile, "mkstemp", read_only)
    app = App(storage=Storage(folder), size=(1024, 640))
    try:
        said: set[str] = set()
        assert (app.settings.animation_speed, app.settings.volume) == ("off", 0.25)  # not reset
        title = app.scenes.push("title")
        assert isinstance(title, TitleScene)
        app.step([], FRAME)
        assert title.continue_button.enabled  # the saved game is offered
        shown = app.scenes.push("statistics")
        assert isinstance(shown, StatisticsScene)
        assert shown.statistics == {"kael": GameStats(4, 2, 3)}
        app.stack.pop()
        said.update(toast.text for toast in app.toasts)
        play_a_few_ai_actions(app, said)
        table = next(scene for scene in app.stack if isinstance(scene, TableScene))
        table.ask_leave()  # no promise that Continue will resume it
        dialog = app.stack.top
        assert isinstance(dialog, ConfirmDialog) and dialog.detail == (
            "Rien ne peut être enregistré ici\u00a0: la partie se termine quand tu quittes la "
            "table."
        )
        app.save_settings()
        said.update(toast.text for toast in app.toasts)
        assert said == {  # once, in the language of the settings it could read
            f"Impossible d’écrire dans le dossier de données {folder} (Read-only file system)"
            "\u00a0: son contenu a été lu, mais parties, réglages et statistiques ne seront pas "
            "enregistrés."
        }
        assert snapshot(folder) == before
    finally:
        while len(app.stack):
            app.stack.pop()
        pygame.quit()


def test_a_save_that_cannot_resume_in_a_read_only_folder_is_not_said_to_be_put_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    broken = a_save()
    broken["replay"]["actions"] = [{"seat": 1, "action": {"type": "stand"}}]  # not seat 1's turn
    (folder / "autosave.json").write_text(json.dumps(broken))
    before = snapshot(folder)

    def read_only(*_args: object, **_kwargs: object) -> None:
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(storage.tempfile, "mkstemp", read_only)
    app = App(storage=Storage(folder), size=(1024, 640))
    try:
        title = app.scenes.push("title")
        assert isinstance(title, TitleScene)
        assert title.continue_button.enabled
        title.resume_game()
        texts = [toast.text for toast in app.toasts]
        assert texts[-1] == "Your saved game could not be opened. You can start a new game."
        assert not title.continue_button.enabled  # not offered again and again
        assert app.stack.top is title
        assert snapshot(folder) == before
    finally:
        while len(app.stack):
            app.stack.pop()
        pygame.quit()


def test_files_of_a_newer_version_are_named_and_left_untouched(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    newer_save = {"format": "nove-desktop-save", "version": 2, "replay": {"game": "nove"}}
    (folder / "autosave.json").write_text(json.dumps(newer_save))
    newer_settings = {"format": "nove-desktop-settings", "version": 3, "volume": 0.1}
    (folder / "settings.json").write_text(json.dumps(newer_settings))
    before = snapshot(folder)
    app = App(storage=Storage(folder), size=(1024, 640))
    try:
        app.settings.animation_speed = "off"
        app.settings.ai_pace = "instant"
        said = {toast.text for toast in app.toasts}
        title = app.scenes.push("title")
        assert isinstance(title, TitleScene)
        app.step([], FRAME)
        said.update(toast.text for toast in app.toasts)
        assert not title.continue_button.enabled  # no Continue for a save it cannot judge
        play_a_few_ai_actions(app, said)
        app.save_settings()
        said.update(toast.text for toast in app.toasts)
        assert said == {
            "Your settings come from a newer version of nove-desktop: they are kept as they are "
            "for that version, and this version plays with its default settings without saving "
            "them.",
            "Your saved game comes from a newer version of nove-desktop: it is kept as it is for "
            "that version, and this version does not save games over it.",
        }
        assert snapshot(folder) == before  # not moved aside, not overwritten, nothing logged
    finally:
        while len(app.stack):
            app.stack.pop()
        pygame.quit()


@pytest.mark.parametrize("config_blocked", [False, True])
def test_a_0_2_0_data_folder_starts_the_app_in_its_language_and_a_failed_move_is_told_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, config_blocked: bool
) -> None:
    """The player's path: no NOVE_DESKTOP_DATA, the XDG folders, 0.2.0's settings in the data
    folder. They are moved (or, if the config folder cannot be made, used where they are, with
    one message) and the app opens in the language they chose."""
    monkeypatch.delenv(DATA_ENV, raising=False)
    for variable, name in [("XDG_DATA_HOME", "share"), ("XDG_CONFIG_HOME", "config")]:
        monkeypatch.setenv(variable, str(tmp_path / name))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    old = tmp_path / "share" / "nove-desktop"
    old.mkdir(parents=True)
    raw = b'{"format": "nove-desktop-settings", "version": 1, "language": "it", "volume": 0.3}'
    (old / "settings.json").write_bytes(raw)
    if config_blocked:
        (tmp_path / "config").write_bytes(b"")
    app = App(size=(1024, 640))
    try:
        said = [toast.text for toast in app.toasts]
        app.scenes.push("title")
        app.step([], FRAME)
        said += [toast.text for toast in app.toasts if toast.text not in said]
        assert app.settings.language == "it" and app.settings.volume == 0.3
        if config_blocked:
            assert (old / "settings.json").read_bytes() == raw
            assert len(said) == 1 and str(old) in said[0], said  # in Italian
            assert said[0].startswith("Alcuni file di una versione precedente"), said
        else:
            assert (tmp_path / "config" / "nove-desktop" / "settings.json").read_bytes() == raw
            assert not (old / "settings.json").exists() and said == []
    finally:
        while len(app.stack):
            app.stack.pop()
        pygame.quit()
