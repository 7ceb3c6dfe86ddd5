"""Scenes by name: a scene opens another through ``app.scenes.push("setup", ...)`` instead of
importing its module, so scene modules never import each other (no circle of imports).

The factories import their modules inside a function: nothing is loaded at start-up that is not
needed, and PyInstaller still sees every import (no folder scanning, no import by string).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .scene import Scene

if TYPE_CHECKING:
    from .app import App

Factory = Callable[..., Scene]


def _factories() -> dict[str, Factory]:
    from .scenes.about import AboutScene
    from .scenes.choose_game import ChooseGameScene
    from .scenes.dialog import ConfirmDialog
    from .scenes.handoff import HandoffScene
    from .scenes.join import JoinScene
    from .scenes.lobby import LobbyScene
    from .scenes.online import HostScene, OnlineScene
    from .scenes.rules import RulesScene
    from .scenes.settings import SettingsScene
    from .scenes.setup import SetupScene
    from .scenes.statistics import StatisticsScene
    from .scenes.summary import GameOverScene, HistoryScene, RoundSummaryScene
    from .scenes.table_menu import TableMenuScene
    from .scenes.title import TitleScene
    from .tables import open_table

    return {
        "title": TitleScene,
        "choose_game": ChooseGameScene,
        "setup": SetupScene,
        "table": open_table,
        "round_summary": RoundSummaryScene,
        "game_over": GameOverScene,
        "history": HistoryScene,
        "handoff": HandoffScene,
        "table_menu": TableMenuScene,
        "confirm": ConfirmDialog,
        "rules": RulesScene,
        "settings": SettingsScene,
        "statistics": StatisticsScene,
        "about": AboutScene,
        "online": OnlineScene,
        "host": HostScene,
        "join": JoinScene,
        "lobby": LobbyScene,
    }


class Scenes:
    """The app's scene stack, driven by scene names."""

    def __init__(self, app: App) -> None:
        self.app = app
        self._known: dict[str, Factory] | None = None

    def make(self, name: str, **options: Any) -> Scene:
        if self._known is None:
            self._known = _factories()
        try:
            factory = self._known[name]
        except KeyError:
            raise KeyError(f"no scene is registered as {name!r}") from None
        return factory(self.app, **options)

    def push(self, name: str, **options: Any) -> Scene:
        scene = self.make(name, **options)
        self.app.stack.push(scene)
        return scene

    def replace(self, name: str, **options: Any) -> Scene:
        scene = self.make(name, **options)
        self.app.stack.replace(scene)
        return scene

    def clear_to(self, name: str, **options: Any) -> Scene:
        scene = self.make(name, **options)
        self.app.stack.clear_to(scene)
        return scene
