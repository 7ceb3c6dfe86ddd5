"""Screenshot stages of the NOX table (issue 20): mid-round with a selected card, its legal
places lit and a merge previewed; a stack opened for a look; a round summary.

Each stage finds its position with ``nove_desktop.scenarios.find`` (seeded games played by
stand-in seats until the position holds), opens the table on it and drives it with real input
events until the moment to photograph is on the screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from nove_desktop.games.nox.actions import Play
from nove_desktop.i18n import _ as translated
from nove_desktop.scenarios import find
from nove_desktop.session import GameSession, SeatConfig
from nove_desktop.ui.app import App
from nove_desktop.ui.tables.nox import NoxTable
from nove_desktop.ui.tables.nox.controls import TargetWidget
from nove_desktop.ui.tables.nox.preview import play_outcome

FRAME = 1 / 60
SEATS = [
    SeatConfig("You", "human"),
    SeatConfig("Ada", "heuristic"),
    SeatConfig("Ben", "heuristic"),
    SeatConfig("Cleo", "heuristic"),
]


def _session(app: App, wanted: Callable[[GameSession], bool]) -> GameSession:
    game = app.registry.get("nox")
    options = game.options_from_json({"players": len(SEATS)})
    seats = [SeatConfig(translated("You"), "human"), *SEATS[1:]]  # the name in their language
    return find(game, options, seats, wanted)


def _merging_plays(session: GameSession) -> list[Play]:
    """Seat 0's legal plays that merge two stacks, when it is seat 0's turn."""
    if session.to_act() != (0,):
        return []
    kitties = session.state.kitties
    return [
        a
        for a in session.legal(0)
        if isinstance(a, Play)
        and play_outcome(kitties[a.target], a.card, a.stack).merged is not None
    ]


def _cover_merge(session: GameSession) -> Play | None:
    """A cover of another player's stack that merges two of their stacks."""
    return next((a for a in _merging_plays(session) if a.target != 0 and a.stack is not None), None)


def _busy_merge(session: GameSession) -> bool:
    stacks = sum(len(k) for k in session.state.kitties)
    return stacks >= 12 and _cover_merge(session) is not None


def _round_end(session: GameSession) -> bool:
    if session.to_act() != (0,):
        return False
    kitties = session.state.kitties
    return (
        any(
            len(kitties[a.target]) == 5 and a.stack is None
            for a in session.legal(0)
            if isinstance(a, Play)
        )
        and sum(len(k) for k in kitties) >= 16
    )


def _open(app: App, session: GameSession) -> NoxTable:
    app.settings.animation_speed = "normal"
    app.settings.ai_pace = "fast"
    table = app.scenes.push("table", session=session, resumed=True)  # its log rebuilt
    assert isinstance(table, NoxTable)
    for _ in range(60 * 30):
        app.step([], FRAME)
        if table.controls and not table.animating and table.viewer in session.to_act():
            break
    for _ in range(30):  # lifts and flips settle
        app.step([], FRAME)
    return table


def _key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def _motion(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def _settle(app: App, frames: int = 30) -> None:
    for _ in range(frames):
        app.step([], FRAME)


def target_preview(app: App) -> Any:
    """Mid-round: a card picked with its key, its places lit, a merge previewed by hovering."""
    session = _session(app, _busy_merge)
    table = _open(app, session)
    play = _cover_merge(session)
    assert play is not None
    hand = table.zones.row("hand:0")
    app.step([_key(pygame.K_1 + hand.index(play.card))], FRAME)
    widget = next(w for w in table.controls if isinstance(w, TargetWidget) and w.action == play)
    app.step([_motion(widget.rect.center)], FRAME)
    _settle(app)
    return table


def stack_look(app: App) -> Any:
    """A deep stack opened by a click: every card of it, bottom to top."""
    session = _session(
        app,
        lambda s: (
            s.to_act() == (0,)
            and any(len(stack) >= 3 for kitty in s.state.kitties for stack in kitty)
        ),
    )
    table = _open(app, session)
    seat, index = next(
        (s, i)
        for s in range(table.n)
        for i, stack in enumerate(table.kitty_rows(s))
        if len(stack) >= 3
    )
    centre = table.place_rect(seat, index).center
    app.step(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=centre),
            pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=centre),
        ],
        FRAME,
    )
    _settle(app)
    return table


def round_summary(app: App) -> Any:
    """The round summary over the table, after a sixth stack ended the round."""
    session = _session(app, _round_end)
    table = _open(app, session)
    kitties = session.state.kitties
    play = next(
        a
        for a in session.legal(0)
        if isinstance(a, Play)
        and a.stack is None
        and len(kitties[a.target]) == 5
        and not play_outcome(kitties[a.target], a.card, None).merged
    )
    table.act(play)
    for _ in range(60 * 20):
        app.step([], FRAME)
        if getattr(app.stack.top, "name", "") == "round_summary":
            break
    _settle(app, 40)
    return app.stack.top


STAGES: list[tuple[str, Callable[[App], Any]]] = [
    ("nox-target", target_preview),
    ("nox-stack", stack_look),
    ("nox-summary", round_summary),
]
