"""The app: one window, one loop (events, update(dt), draw, 60 fps cap), a scene stack."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterable, MutableMapping
from dataclasses import replace

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from .. import i18n
from ..games import default_registry
from ..i18n import _
from ..storage import Settings, Storage, WriteRefused
from ..version import APP_ID
from . import theme
from .cards import CardArt
from .icon import window_icon
from .scene import Scene, SceneStack
from .scene_registry import Scenes
from .sound import SoundBoard
from .theme import Fonts

MIN_W, MIN_H = 1024, 640
FPS = 60
IDLE_POLL_S = 0.02
TITLE = "nove-desktop"
# SDL 2 names the window after these (the X11 WM_CLASS, the Wayland app id) when it creates
# it: the app's id, the menu entry's StartupWMClass, lets desktops attach the icon and the
# menu entry to the window.
WINDOW_CLASS_VARIABLES = ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS")


def name_the_window(
    environ: MutableMapping[str, str] = os.environ, script: str = sys.argv[0]
) -> None:
    """Give the window the app's id as its class, unless the environment names one (a
    packaging wrapper may). Importing pygame with a display sets ``SDL_VIDEO_X11_WMCLASS`` to
    the script's file name (``__main__.py`` for ``python -m nove_desktop``) when it is unset:
    that default is pygame's, not a choice, and is replaced too."""
    pygames_default = os.path.basename(script)
    for variable in WINDOW_CLASS_VARIABLES:
        if environ.get(variable, "") in ("", pygames_default):
            environ[variable] = APP_ID


class Toast:
    """A short message at the top of the window (errors, notices)."""

    def __init__(self, text: str, seconds: float, error: bool) -> None:
        self.text = text
        self.left = seconds
        self.error = error


class App:
    """Owns the window, the shared services (fonts, card art, sounds, storage) and the loop."""

    def __init__(self, storage: Storage | None = None, size: tuple[int, int] | None = None) -> None:
        name_the_window()  # before the window exists: SDL reads it when it creates one
        pygame.init()
        pygame.key.set_repeat(350, 40)
        self.storage = storage or Storage()
        self.toasts: list[Toast] = []
        self.reported: set[str] = set()
        # The language first, read quietly: what is said about the data folder and the files
        # in it is then in the player's language (the system's when there are no settings).
        self._switch_language(self.storage.language_hint())
        self.settings, problem = self.storage.load_settings()
        self._switch_language(self.settings.language)
        if problem:
            if self.storage.settings_reset:  # say what it means for the player, and for long
                problem += " " + _(
                    "The settings that could not be used are back to their "
                    "defaults: change them in Settings."
                )
            self.notify(problem, error=True, seconds=12)
        self.registry = default_registry()
        w, h = size or self.settings.window_size
        self.windowed_size = (max(MIN_W, w), max(MIN_H, h))
        self.fullscreen = False
        pygame.display.set_icon(window_icon())  # before the window opens: some systems read it once
        self.screen = self._open_window(self.windowed_size, self.settings.fullscreen)
        pygame.display.set_caption(TITLE)
        self.fonts = Fonts()
        self.art = CardArt(self.fonts)
        self.sounds = SoundBoard(self.settings.volume, self.settings.muted)
        self.stack = SceneStack()
        self.scenes = Scenes(self)
        self.clock = pygame.time.Clock()
        self.running = True
        self.frame_ms: list[float] = []
        self.frames_drawn = 0
        self.last_draw_ms = 0

    # -- window ----------------------------------------------------------------------------------
    def _open_window(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            try:
                surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
                self.fullscreen = True
                return surface
            except pygame.error:
                self.fullscreen = False
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def scale(self) -> float:
        w, h = self.size
        return min(w / theme.BASE_W, h / theme.BASE_H)

    def s(self, value: float) -> int:
        """A length of the 1280x720 design, in window pixels."""
        return max(1, round(value * self.scale))

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.fullscreen = False
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        else:
            self.windowed_size = self.size
            self.screen = self._open_window(self.windowed_size, True)
        self.settings.fullscreen = self.fullscreen
        self.save_settings()
        self._relayout()

    def _resized(self, w: int, h: int) -> None:
        if self.fullscreen:
            return
        w, h = max(MIN_W, w), max(MIN_H, h)
        if (w, h) != self.size:
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self.windowed_size = (w, h)
        self.settings.window_size = (w, h)
        self._relayout()

    def _relayout(self) -> None:
        self.art.clear()
        for scene in self.stack:
            scene.layout()

    # -- services --------------------------------------------------------------------------------
    def notify(self, text: str, error: bool = False, seconds: float = 4.0) -> None:
        """A message for a few seconds; at most three at once (the newest replace the oldest)."""
        self.toasts = [t for t in self.toasts if t.text != text][-2:]
        self.toasts.append(Toast(text, seconds, error))

    def report_problem(self, text: str, error: BaseException | None = None) -> None:
        """Tell the player once, in their words, what went wrong and what the app did; the
        technical details go to the log file in the state folder."""
        if text not in self.reported:
            self.reported.add(text)
            self.notify(text, error=True, seconds=6)
        if error is not None:
            self.storage.log_problem(f"{text} {type(error).__name__}: {error}")

    def save_settings(self) -> None:
        try:
            self.storage.save_settings(self.settings)
        except WriteRefused as exc:  # a read-only folder or a newer version's file: said once
            if not exc.told:
                self.report_problem(str(exc), exc)
        except Exception as exc:  # a full disk must not close the app
            self.notify(str(exc), error=True)

    def apply_settings(self, settings: Settings) -> None:
        self.settings = settings
        self.sounds.set_volume(settings.volume)
        self.sounds.set_muted(settings.muted)
        self.save_settings()

    def set_language(self, setting: str) -> None:
        """Switch the whole app to ``setting`` (a language code, or "" for the system's) at once:
        saved, then every scene on the stack rebuilds its text."""
        self.settings = replace(self.settings, language=setting)
        self.save_settings()
        self._switch_language(setting)
        self.art.clear()  # card faces and plates may carry words
        for scene in self.stack:
            scene.language_changed()

    def _switch_language(self, setting: str) -> None:
        try:
            i18n.set_language(setting)
        except i18n.CatalogMissing as exc:
            name = i18n.LANGUAGES.get(i18n.resolve(setting), setting)
            self.report_problem(
                _("{language} is not installed: the app stays in English.").format(language=name),
                exc,
            )

    def quit(self) -> None:
        self.running = False

    # -- the loop --------------------------------------------------------------------------------
    def run(self, first: Scene) -> None:
        self.stack.push(first)
        self.loop()

    def loop(self) -> None:
        """Run frames until the app quits or the stack empties, then close the window."""
        # For the start-up benchmark: announce the first drawn frame on stdout and stop.
        exit_after_first = bool(os.environ.get("NOVE_DESKTOP_FIRST_FRAME_EXIT"))
        while self.running and len(self.stack):
            if self.idle:
                # Nothing moves: look for input 50 times a second and draw only when something
                # arrived (or the scene's own timer is due, such as a text caret's blink).
                # SDL's event wait polls far more often than that (about 3% of a core here);
                # a short sleep costs about 0.6%, and 20 ms of input delay is not felt.
                time.sleep(IDLE_POLL_S)
                events = pygame.event.get()
                wake = self.stack.top.wake_ms if self.stack.top is not None else None
                now = pygame.time.get_ticks()
                if not events and (wake is None or now - self.last_draw_ms < wake):
                    continue
            else:
                events = pygame.event.get()
            dt = self.clock.tick(FPS) / 1000.0
            self.step(events, min(dt, 0.1))
            if exit_after_first:
                print("first frame", flush=True)
                self.running = False
        self.save_settings()
        while len(self.stack):
            self.stack.pop()
        pygame.quit()

    @property
    def idle(self) -> bool:
        """True when no frame is needed until something happens."""
        top = self.stack.top
        return not self.toasts and (top is None or not top.busy)

    def step(self, events: Iterable[pygame.event.Event], dt: float) -> None:
        """One frame: events, update, draw. Tests call it directly with posted events."""
        for event in events:
            self.handle(event)
            if not self.running:
                return
        top = self.stack.top
        if top is not None:
            top.update(dt)
        for toast in self.toasts:
            toast.left -= dt
        self.toasts = [t for t in self.toasts if t.left > 0]
        self.draw()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self._resized(event.w, event.h)
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            self._resized(event.x, event.y)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        top = self.stack.top
        if top is not None:
            top.handle_event(event)

    def draw(self) -> None:
        self.frames_drawn += 1
        self.last_draw_ms = pygame.time.get_ticks()
        self.screen.fill(theme.FELT_DARK)
        for scene in self.stack.visible():
            scene.draw(self.screen)
        self._draw_toasts()
        pygame.display.flip()

    def _draw_toasts(self) -> None:
        """Messages at the top centre, newest last; long ones shrink and wrap, never clipped."""
        from .table.text import fitted

        top = self.stack.top
        corner = top.toast_corner if top is not None else None
        if corner is not None:  # stacked upwards from a free corner (the table's bottom left)
            self._draw_corner_toasts(corner)
            return
        y = self.s(top.toast_y if top is not None else 52)
        for toast in self.toasts:
            text = fitted(
                self, toast.text, self.size[0] - self.s(120), self.s(18), theme.WHITE, bold=True
            )
            box = text.get_rect(midtop=(self.size[0] // 2, y)).inflate(self.s(28), self.s(14))
            panel = pygame.Surface(box.size, pygame.SRCALPHA)
            colour = (150, 40, 36, 235) if toast.error else (20, 30, 38, 235)
            pygame.draw.rect(panel, colour, panel.get_rect(), border_radius=self.s(10))
            self.screen.blit(panel, box)
            self.screen.blit(text, text.get_rect(center=box.center))
            y = box.bottom + self.s(6)

    def _draw_corner_toasts(self, corner: tuple[float, float, float]) -> None:
        """Messages wrapped into ``corner`` = (left, bottom, width) in design units, newest at
        the bottom, each box above the previous one."""
        from .table.text import fitted

        left, bottom = self.s(corner[0]), self.s(corner[1])
        for toast in reversed(self.toasts):
            text = fitted(
                self,
                toast.text,
                self.s(corner[2]) - self.s(28),
                self.s(17),
                theme.WHITE,
                bold=True,
                max_lines=4,
            )
            box = text.get_rect(bottomleft=(left, bottom)).inflate(self.s(28), self.s(14))
            box.bottomleft = (left, bottom)
            panel = pygame.Surface(box.size, pygame.SRCALPHA)
            colour = (150, 40, 36, 235) if toast.error else (20, 30, 38, 235)
            pygame.draw.rect(panel, colour, panel.get_rect(), border_radius=self.s(10))
            self.screen.blit(panel, box)
            self.screen.blit(text, text.get_rect(center=box.center))
            bottom = box.top - self.s(6)
