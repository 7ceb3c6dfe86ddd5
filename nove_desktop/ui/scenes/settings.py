"""The settings page: every change applies (and is saved) at once."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from ...storage import AI_PACES, ANIMATION_SPEEDS
from .. import theme
from ..app import App
from ..widgets import Button, Choice, FocusGroup, Widget
from . import common

VOLUMES = tuple(round(step / 10, 1) for step in range(11))


def _on_off(value: bool) -> str:
    return "On" if value else "Off"


def _percent(value: float) -> str:
    return f"{round(value * 100)}%"


def _nearest_volume(volume: float) -> int:
    return min(range(len(VOLUMES)), key=lambda index: abs(VOLUMES[index] - volume))


class SettingsScene(common.MenuScene):
    """Animation speed, computer pace, volume, sound, full screen and the hand-off screen."""

    name = "settings"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        settings = app.settings
        self.animation = Choice(
            "Animation speed",
            ANIMATION_SPEEDS,
            ANIMATION_SPEEDS.index(settings.animation_speed),
            lambda value: self._apply(animation_speed=value),
            str.capitalize,
        )
        self.ai_pace = Choice(
            "Computer players' pace",
            AI_PACES,
            AI_PACES.index(settings.ai_pace),
            lambda value: self._apply(ai_pace=value),
            str.capitalize,
        )
        self.volume = Choice(
            "Volume",
            VOLUMES,
            _nearest_volume(settings.volume),
            lambda value: self._apply(volume=value),
            _percent,
        )
        self.sound = Choice(
            "Sound",
            (True, False),
            0 if not settings.muted else 1,
            lambda value: self._apply(muted=not value),
            _on_off,
        )
        self.fullscreen = Choice(
            "Full screen", (False, True), int(app.fullscreen), self._set_fullscreen, _on_off
        )
        self.handoff = Choice(
            "Pass-and-play hand-off screen",
            (True, False),
            0 if settings.handoff else 1,
            lambda value: self._apply(handoff=value),
            _on_off,
        )
        self.back_button = Button("Back", self.close)
        self.widgets: list[Widget] = [
            self.animation,
            self.ai_pace,
            self.volume,
            self.sound,
            self.fullscreen,
            self.handoff,
            self.back_button,
        ]
        self.help: dict[Widget, str] = {
            self.animation: "How fast cards move. Off shows every change at once.",
            self.ai_pace: "How long computer players think before they act.",
            self.volume: "Loudness of the sound effects.",
            self.sound: "Turn every sound on or off.",
            self.fullscreen: "Use the whole screen (F11 switches at any time).",
            self.handoff: "Between two people at one screen, hide the cards until the next "
            "player is ready.",
            self.back_button: "Back to where you were. Changes are already saved.",
        }
        self.focus = FocusGroup(self.widgets)

    # -- lifecycle -------------------------------------------------------------------------------
    def enter(self) -> None:
        self.layout()

    def resume(self) -> None:
        self.layout()

    def layout(self) -> None:
        # F11 may have switched full screen while this page was open.
        self.fullscreen.set_value(self.app.fullscreen)
        common.column(self.app, self.widgets[:-1], top=132, width=640, height=54, gap=12)
        common.column(self.app, [self.back_button], top=132 + 6 * 66 + 10, width=240, height=52)

    def close(self) -> None:
        self.app.stack.remove(self)

    # -- changes ---------------------------------------------------------------------------------
    def _apply(self, **changes: Any) -> None:
        self.app.apply_settings(replace(self.app.settings, **changes))
        self.app.sounds.play("click")

    def _set_fullscreen(self, value: bool) -> None:
        if value != self.app.fullscreen:
            self.app.toggle_fullscreen()  # re-lays out every scene, this one included
        self.fullscreen.set_value(self.app.fullscreen)
        if value and not self.app.fullscreen:
            self.app.notify("Full screen is not available here.", error=True)
        self._apply(fullscreen=self.app.fullscreen)

    # -- frame -----------------------------------------------------------------------------------
    def on_escape(self) -> None:
        self.close()

    def draw(self, surface: pygame.Surface) -> None:
        common.felt(surface, self.app)
        common.heading(surface, self.app, "Settings", 34, size=54)
        self.focus.draw(surface, self.app.fonts, self.app.scale)
        w, h = surface.get_size()
        shown = self.focus.focused if self.focus.keyboard else None
        shown = next((w for w in self.widgets if w.hovered), shown)
        if shown is not None:
            common.text(
                surface,
                self.app,
                self.help.get(shown, ""),
                (w // 2, self.back_button.rect.bottom + self.app.s(22)),
                17,
                colour=(210, 230, 215),
                anchor="midtop",
            )
        hint = "\u2191 \u2193 or Tab to move, \u2190 \u2192 to change, Esc to go back"
        common.text(
            surface,
            self.app,
            hint,
            (w // 2, h - self.app.s(34)),
            15,
            colour=theme.MUTED,
            anchor="midtop",
        )
