"""Scenes and the scene stack.

The top scene gets input and updates; scenes marked ``overlay`` are drawn over the scene below
them (dialogs, the round summary, the hand-off screen). Lifecycle hooks: ``enter`` when pushed,
``exit`` when removed, ``pause`` when another scene covers it, ``resume`` when it is on top again.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar

import pygame

if TYPE_CHECKING:
    from .app import App


class Scene:
    """Base class of every scene. Subclasses override what they need."""

    overlay = False  # draw the scene below first
    name = "scene"

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Pushed onto the stack."""

    def exit(self) -> None:
        """Removed from the stack."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def resume(self) -> None:
        """This scene is on top again."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """One input event (only the top scene gets them)."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds (only the top scene is updated)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene (or, for an overlay, what lies over the scene below)."""

    def layout(self) -> None:
        """The window changed size: recompute positions and sizes."""

    def language_changed(self) -> None:
        """The app switched language: rebuild every text this scene made (labels are translated
        when widgets are built). The default lays the scene out again, for scenes that look
        their words up while drawing."""
        self.layout()

    toast_y = 52
    """Where messages appear (design units from the top): clear of this scene's own text."""
    toast_corner: ClassVar[tuple[float, float, float] | None] = None
    """Or a free corner for them: (left, bottom, width) in design units (the table's)."""

    @property
    def wake_ms(self) -> int | None:
        """While idle, redraw after this many milliseconds even without input (None: only on
        input). A text field's blinking caret needs it."""
        return None

    @property
    def busy(self) -> bool:
        """Whether frames are needed now (animations, timers): else the app sleeps until the
        next input."""
        return False


class SceneStack:
    """Scenes on a stack; the top one is active."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self) -> Iterator[Scene]:
        return iter(list(self._scenes))

    def push(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes[-1].pause()
        self._scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.exit()
        if self._scenes:
            self._scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene`` (the one below is not resumed in between)."""
        if self._scenes:
            self._scenes.pop().exit()
        self._scenes.append(scene)
        scene.enter()

    def clear_to(self, scene: Scene) -> None:
        """Remove every scene and start again from ``scene``."""
        while self._scenes:
            self._scenes.pop().exit()
        self.push(scene)

    def remove(self, scene: Scene) -> None:
        """Remove ``scene`` wherever it is (the new top is resumed if ``scene`` was on top)."""
        if scene not in self._scenes:
            return
        if scene is self._scenes[-1]:
            self.pop()
            return
        self._scenes.remove(scene)
        scene.exit()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and the overlays' backgrounds."""
        out: list[Scene] = []
        for scene in reversed(self._scenes):
            out.append(scene)
            if not scene.overlay:
                break
        return list(reversed(out))
