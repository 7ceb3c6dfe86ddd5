"""Shared drivers for table tests: a headless app, sessions, and loops that step frames.

Every table test drives the real scenes through ``App.step`` with posted-like events; nothing
here reaches into a table's private fields beyond what the kit documents (docs/adding-a-game.md).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from nove_desktop import scenarios
from nove_desktop.ai import SEAT_KINDS
from nove_desktop.session import GameSession, SeatConfig
from nove_desktop.sessions import Session
from nove_desktop.storage import Storage
from nove_desktop.ui.app import App
from nove_desktop.ui.table.scene import TableScene
from nove_desktop.ui.widgets import Button

FRAME = 1 / 60
AI = "normal" if "normal" in SEAT_KINDS else "heuristic"  # the default AI seat
NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lu"]

# Options that end each game quickly at a table (a round cap where the game has no early end).
QUICK_OPTIONS: dict[str, dict[str, Any]] = {
    "nove": {"max_rounds": 2},
    "kael": {"max_rounds": 2},
    "nox": {"max_rounds": 1},
    "banco": {"max_hands": 6},
    "numx": {"rounds": 1},
}


def make_app(folder: Any, size: tuple[int, int] = (1280, 720)) -> App:
    app = App(storage=Storage(folder), size=size)
    reset(app)
    return app


def reset(app: App, speed: str = "off", pace: str = "instant") -> None:
    while len(app.stack):
        app.stack.pop()
    app.settings.animation_speed = speed
    app.settings.ai_pace = pace
    app.settings.handoff = True
    app.settings.window_seconds = 3.0
    app.toasts.clear()
    app.stack.push(app.scenes.make("title"))


def session_for(
    app: App,
    game_id: str,
    kinds: Sequence[str],
    seed: int = 7,
    quick: bool = True,
    **options: Any,
) -> GameSession:
    game = app.registry.get(game_id)
    values = {"players": len(kinds), **(QUICK_OPTIONS.get(game_id, {}) if quick else {})}
    values.update(options)
    seats = [SeatConfig(NAMES[i], kind) for i, kind in enumerate(kinds)]
    return GameSession(game, game.options_from_json(values), seed, seats)


def open_table(app: App, session: Session, resumed: bool = False) -> TableScene:
    scene = app.scenes.push("table", session=session, resumed=resumed)
    assert isinstance(scene, TableScene)
    return scene


def key(code: int, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=unicode, scancode=0)


def click(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)


ENTER = key(pygame.K_RETURN, "\r")


def table_of(app: App) -> TableScene | None:
    for scene in reversed(list(app.stack)):
        if isinstance(scene, TableScene):
            return scene
    return None


def step(app: App, events: Sequence[pygame.event.Event] = (), frames: int = 1) -> None:
    for _ in range(frames):
        app.step(list(events), FRAME)
        events = ()


def run_until(
    app: App,
    done: Callable[[App], bool],
    limit: int = 50_000,
    human: Callable[[App, TableScene], None] | None = None,
) -> int:
    """Step frames until ``done``; summaries and hand-offs are confirmed with Enter; when the
    table waits for a human, ``human`` decides (default: the first legal action through
    ``act``). Returns the number of frames."""
    for frame in range(limit):
        if done(app):
            return frame
        top = app.stack.top
        name = getattr(top, "name", "")
        if name in ("round_summary", "handoff"):
            app.step([ENTER], FRAME)
            continue
        if isinstance(top, TableScene) and top.controls and not top.animating:
            (human or first_legal)(app, top)
        app.step([], FRAME)
    raise AssertionError(f"not done after {limit} frames")


def first_legal(app: App, table: TableScene) -> None:
    """A human who always takes the first legal action (answering for the seat on screen)."""
    for seat in table.session.to_act():
        if table.session.is_human(seat) and (seat == table.viewer or table.moment is not None):
            table.act(table.session.legal(seat)[0], seat)
            return


def game_over(app: App) -> bool:
    return getattr(app.stack.top, "name", "") == "game_over"


# -- positions found by playing (nove_desktop/scenarios.py) and resumed through Continue ----------
def found(
    app: App,
    game_id: str,
    kinds: Sequence[str],
    wanted: Callable[[GameSession], bool],
    seeds: Sequence[int] = range(1, 400),
    quick: bool = False,
    **options: Any,
) -> GameSession:
    """The first seeded game (played by stand-in seats) that reaches a position ``wanted``
    accepts; the session holds the actions that lead there."""
    game = app.registry.get(game_id)
    values = {"players": len(kinds), **(QUICK_OPTIONS.get(game_id, {}) if quick else {})}
    values.update(options)
    seats = [SeatConfig(NAMES[i], kind) for i, kind in enumerate(kinds)]
    return scenarios.find(game, game.options_from_json(values), seats, wanted, seeds)


def continue_saved(app: App, session: GameSession) -> TableScene:
    """Save ``session`` as the autosave, then resume it as a player does: Continue on the title
    screen (focused when a game is saved), pressed with Enter."""
    app.storage.save_game(session.to_save())
    reset(app, app.settings.animation_speed, app.settings.ai_pace)
    step(app)
    step(app, [ENTER])
    table = table_of(app)
    assert table is not None and app.stack.top is table, app.stack.top
    return table


def waiting_for(app: App, table: TableScene, seat: int | None = None) -> bool:
    """The table shows a human's controls and nothing plays (``seat``: that seat's)."""
    if app.stack.top is not table or not table.controls or table.animating:
        return False
    return seat is None or (seat in table.session.to_act() and table.viewer == seat)


def settle(app: App, table: TableScene, seat: int | None = None, limit: int = 20_000) -> None:
    """Step until a human must act at ``table`` (summaries and hand-offs confirmed)."""
    run_until(app, lambda a: waiting_for(a, table, seat), limit=limit, human=lambda a, t: None)


def press(app: App, code: int, unicode: str = "", mod: int = 0) -> None:
    event = pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=unicode, scancode=0)
    step(app, [event])


def click_at(app: App, pos: tuple[int, int]) -> None:
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)
    step(app, [click(pos), up])


def labels(table: TableScene) -> list[str]:
    return [getattr(widget, "label", "") for widget in table.controls]


def button(table: TableScene, words: str) -> Button:
    """The decision button whose label contains ``words``."""
    matches = [w for w in table.controls if words in getattr(w, "label", "")]
    assert len(matches) == 1, (words, labels(table))
    assert isinstance(matches[0], Button), matches[0]
    return matches[0]


def toasts(app: App) -> list[str]:
    return [toast.text for toast in app.toasts]


def local(session: Session) -> GameSession:
    """A table's session as the offline ``GameSession`` it is in these tests (the tests read
    the true state and the replay; the table itself may not)."""
    assert isinstance(session, GameSession), type(session)
    return session


def actions_of(session: Session) -> int:
    return session.position


def state_json(session: Session) -> Any:
    inner = local(session)
    return inner.game.state_to_json(inner.state)


def skip_disk_flush(monkeypatch: Any) -> None:
    """Autosaves without waiting for the disk (``fsync``): for tests that play many actions
    and judge the screen, not durability (test_save_resume and test_storage keep the real
    flush). On these machines each flush costs several milliseconds of waiting."""
    import nove_desktop.storage as storage_module

    monkeypatch.setattr(storage_module.os, "fsync", lambda descriptor: None)
