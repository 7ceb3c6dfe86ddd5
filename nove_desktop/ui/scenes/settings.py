"""The settings page: every change applies (and is saved) at once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame

from ...datafiles import LANGUAGE_SETTINGS
from ...i18n import LANGUAGES, SYSTEM, _, system_language
from ...storage import AI_PACES, ANIMATION_SPEEDS, WINDOW_SECONDS
from .. import theme
from ..app import App
from ..widgets import Button, Choice, FocusGroup, Widget
from . import common

VOLUMES = tuple(round(step / 10, 1) for step in range(11))


def _on_off(value: bool) -> str:
    return _("On") if value else _("Off")


def _percent(value: float) -> str:
    return f"{round(value * 100)}%"


def _nearest_volume(volume: float) -> int:
    return min(range(len(VOLUMES)), key=lambda index: abs(VOLUMES[index] - volume))


def _speed(value: str) -> str:
    return {
        "slow": _("Slow"),
        "normal": _("Normal"),
        "fast": _("Fast"),
        "off": _("Off"),
        "instant": _("Instant"),
    }.get(value, value)


def _language(value: str) -> str:
    """A language in its own name (a reader of it finds it whatever the app shows now)."""
    if value == SYSTEM:
        return _("System ({language})").format(language=LANGUAGES[system_language()])
    return LANGUAGES[value]


def _window(value: float | None) -> str:
    if value is None:
        return _("untimed: wait for me")
    return _("{seconds} seconds").format(seconds=f"{value:g}")


class ChoosesSettings:
    """A page of settings' choices (Settings, the table's menu): a choice changes one field of
    the settings at once, through the page's ``_apply``."""

    _apply: Callable[..., None]  # the page's: change these settings fields, save, apply

    def _choice(
        self, label: str, values: Any, current: Any, field: str, describe: Callable[[Any], str]
    ) -> Choice:
        values = list(values)
        index = values.index(current) if current in values else 0
        return Choice(label, values, index, lambda value: self._apply(**{field: value}), describe)


class SettingsScene(ChoosesSettings, common.MenuScene):
    """Animation speed, computer pace, reaction windows, sound, full screen, hand-off."""

    name = "settings"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._build()

    def _build(self) -> None:
        app = self.app
        settings = app.settings
        self.fullscreen = Choice(
            _("Full screen"), (False, True), int(app.fullscreen), self._set_fullscreen, _on_off
        )
        self.back_button = Button(_("Back"), self.close)
        rows: list[tuple[Widget, str]] = [
            (
                self._choice(
                    _("Animation speed"),
                    ANIMATION_SPEEDS,
                    settings.animation_speed,
                    "animation_speed",
                    _speed,
                ),
                _("How fast cards move. Off shows every change at once."),
            ),
            (
                self._choice(
                    _("Computer players' pace"), AI_PACES, settings.ai_pace, "ai_pace", _speed
                ),
                _("How long computer players take for a move, thinking included."),
            ),
            (
                self._choice(
                    _("Reaction windows"),
                    WINDOW_SECONDS,
                    settings.window_seconds,
                    "window_seconds",
                    _window,
                ),
                _(
                    "How long you have to cut (Kaël) or call Facteur X (NUM-X). Untimed waits for "
                    "every player to answer."
                ),
            ),
            (
                self._choice(
                    _("Always take good draws"),
                    (True, False),
                    settings.always_good_draw,
                    "always_good_draw",
                    _on_off,
                ),
                _("Kaël: when you draw another card of the rank you just laid, lay it at once."),
            ),
            (
                self._choice(
                    _("Volume"),
                    VOLUMES,
                    VOLUMES[_nearest_volume(settings.volume)],
                    "volume",
                    _percent,
                ),
                _("Loudness of the sound effects."),
            ),
            (
                Choice(
                    _("Sound"),
                    (True, False),
                    0 if not settings.muted else 1,
                    lambda value: self._apply(muted=not value),
                    _on_off,
                ),
                _("Turn every sound on or off."),
            ),
            (self.fullscreen, _("Use the whole screen (F11 switches at any time).")),
            (
                self._choice(
                    _("Pass-and-play hand-off screen"),
                    (True, False),
                    settings.handoff,
                    "handoff",
                    _on_off,
                ),
                _(
                    "Between two people at one screen, hide the cards until the next player is "
                    "ready."
                ),
            ),
            (
                self._choice(
                    _("Language"), LANGUAGE_SETTINGS, settings.language, "language", _language
                ),
                _("The language of the whole app. System follows your computer's language."),
            ),
            (self.back_button, _("Back to where you were. Changes are already saved.")),
        ]
        self.widgets = [widget for widget, _text in rows]
        (
            self.animation,
            self.ai_pace,
            self.window,
            self.good_draw,
            self.volume,
            self.sound,
            _fullscreen,
            self.handoff,
            self.language,
            _back,
        ) = self.widgets
        for widget, text in rows:
            widget.hint = text
        self.focus = FocusGroup(self.widgets)
        self.focus.keyboard = True  # visible from the start: arrows change what the ring marks

    # -- lifecycle -------------------------------------------------------------------------------
    def enter(self) -> None:
        self.layout()

    def rebuild(self) -> None:
        self._build()

    def resume(self) -> None:
        self.layout()

    def layout(self) -> None:
        # F11 may have switched full screen while this page was open.
        self.fullscreen.set_value(self.app.fullscreen)
        rows = len(self.widgets) - 1
        common.column(self.app, self.widgets[:-1], top=108, width=680, height=42, gap=6)
        common.column(self.app, [self.back_button], top=108 + rows * 48 + 6, width=240, height=48)

    def close(self) -> None:
        self.app.stack.remove(self)

    # -- changes ---------------------------------------------------------------------------------
    def _apply(self, **changes: Any) -> None:
        self.app.sounds.play("click")
        if "language" in changes:
            self.app.set_language(changes["language"])  # this page is rebuilt in it at once
            return
        self.app.apply_settings(replace(self.app.settings, **changes))

    def _set_fullscreen(self, value: bool) -> None:
        if value != self.app.fullscreen:
            self.app.toggle_fullscreen()  # re-lays out every scene, this one included
        self.fullscreen.set_value(self.app.fullscreen)
        if value and not self.app.fullscreen:
            self.app.notify(_("Full screen is not available here."), error=True)
        self._apply(fullscreen=self.app.fullscreen)

    # -- frame -----------------------------------------------------------------------------------
    def on_escape(self) -> None:
        self.close()

    def draw(self, surface: pygame.Surface) -> None:
        from ..table.text import fitted

        app = self.app
        common.felt(surface, app)
        common.heading(surface, app, _("Settings"), 26, size=48)
        self.focus.draw(surface, app.fonts, app.scale)
        w, h = surface.get_size()
        focused = self.focus.focused  # the help follows the focus, not the mouse
        if focused is not None and focused.hint:
            image = fitted(app, focused.hint, app.s(900), app.s(17), (210, 230, 215))
            surface.blit(
                image, image.get_rect(midtop=(w // 2, self.back_button.rect.bottom + app.s(14)))
            )
        hint = _("\u2191 \u2193 or Tab to move, \u2190 \u2192 to change, Esc to go back")
        common.text(
            surface, app, hint, (w // 2, h - app.s(30)), 15, colour=theme.MUTED, anchor="midtop"
        )
