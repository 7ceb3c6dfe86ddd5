"""The menu screens."""

from __future__ import annotations

from typing import Any


def title(shot: Any) -> None:
    shot.clear()
    shot.app.scenes.push("title")
    shot.settle(10)


def choose_game(shot: Any) -> None:
    title(shot)
    shot.app.scenes.push("choose_game")
    shot.settle(5)


def setup(shot: Any) -> None:
    title(shot)
    shot.app.scenes.push("setup", game_id="kael")
    shot.settle(5)


def settings(shot: Any) -> None:
    title(shot)
    shot.app.scenes.push("settings")
    shot.settle(5)


def rules(shot: Any) -> None:
    title(shot)
    shot.app.scenes.push("rules", game_id="kael", choose=True)
    shot.settle(5)


STAGES = [
    ("title", title),
    ("choose-game", choose_game),
    ("setup", setup),
    ("settings", settings),
    ("rules", rules),
]
