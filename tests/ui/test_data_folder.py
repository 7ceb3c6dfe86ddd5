"""A data folder that cannot be used (``NOVE_DESKTOP_DATA`` naming a file): the app says so once,
in the player's words, and plays on; nothing is written and no other message follows (issue 19,
6c: before, every load and every autosave said something else, each contradicting the last)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import time

import pygame

from nove_desktop.session import GameSession, SeatConfig
from nove_desktop.storage import DATA_ENV
from nove_desktop.ui.app import App
from nove_desktop.ui.scenes.summary import RoundSummaryScene

FRAME = 1 / 60


def test_an_unusable_data_folder_is_told_once_and_the_game_plays_on(tmp_path, monkeypatch):
    blocker = tmp_path / "data"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv(DATA_ENV, str(blocker))
    app = App(size=(1024, 640))  # the storage comes from the environment, as for a player
    try:
        app.settings.animation_speed = "off"
        app.settings.ai_pace = "instant"
        said = set()

        def step(events=()):
            app.step(list(events), FRAME)
            said.update(toast.text for toast in app.toasts)

        title = app.scenes.push("title")
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
