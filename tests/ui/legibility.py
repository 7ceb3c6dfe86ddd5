"""A recorder of every text the app draws: its pixel size and the module that drew it.

Every text of the app is rendered by a ``pygame.font.Font`` made by ``theme.Fonts``; the
recorder replaces the class with a subclass whose ``render`` notes the font's pixel size, and
follows the two "never clip" helpers that may scale a rendered text down (its size is then the
font's size times the scale). Card faces (``ui/faces``) are card art, not text to read, and are
left out.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any

import pygame

from nove_desktop.ui import theme, widgets
from nove_desktop.ui.table import text as table_text

READABLE = 11  # the smallest text size allowed at 1024x640
SKIPPED = ("nove_desktop.ui.faces", "nove_desktop.ui.icon")
ART = {("nove_desktop.ui.tables.nox.draw", "pip")}  # a colour pip's letter, part of its shape


@dataclass
class Drawn:
    text: str
    pixels: float
    where: str


@dataclass
class Recorder:
    drawn: list[Drawn] = field(default_factory=list)
    sizes: dict[int, tuple[float, str, str, pygame.Surface]] = field(default_factory=dict)
    outside: list[str] = field(default_factory=list)

    def small(self) -> list[Drawn]:
        return [d for d in self.drawn if d.pixels < READABLE and d.text.strip()]


def install(monkeypatch: Any) -> Recorder:
    recorder = Recorder()
    base = pygame.font.Font

    class RecordingFont(base):  # type: ignore[misc, valid-type]  # the Font class in use
        def __init__(self, path: Any, size: int) -> None:
            super().__init__(path, size)
            self.pixels = size

        def render(self, text: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
            image = super().render(text, *args, **kwargs)
            frame = sys._getframe(1)
            caller = frame.f_globals.get("__name__", "")
            if not caller.startswith(SKIPPED) and (caller, frame.f_code.co_name) not in ART:
                item = Drawn(str(text), self.pixels, caller)
                recorder.drawn.append(item)
                recorder.sizes[id(image)] = (self.pixels, str(text), caller, image)
            return image

    def follow(original: Any) -> Any:
        def scaled(image: pygame.Surface, *args: Any) -> pygame.Surface:
            out = original(image, *args)
            known = recorder.sizes.get(id(image))
            if out is not image and known is not None and image.get_width():
                pixels, words, caller, _image = known
                factor = min(
                    out.get_width() / image.get_width(),
                    out.get_height() / max(1, image.get_height()),
                )
                recorder.drawn.append(Drawn(words, pixels * factor, caller + " (scaled)"))
            return out

        return scaled

    monkeypatch.setattr(pygame.font, "Font", RecordingFont)
    monkeypatch.setattr(widgets, "_shrunk", follow(widgets._shrunk))
    monkeypatch.setattr(table_text, "_within", follow(table_text._within))
    assert theme  # theme.Fonts creates its fonts through pygame.font.Font, patched above
    return recorder


class WatchedScreen(pygame.Surface):
    """A stand-in for the window: notes every recorded text blitted (partly) outside it."""

    recorder: Recorder

    def blit(
        self,
        source: pygame.Surface,
        dest: Any = (0, 0),
        area: Any = None,
        special_flags: int = 0,
    ) -> pygame.Rect:
        known = self.recorder.sizes.get(id(source))
        if known is not None:
            rect = pygame.Rect(dest if len(dest) == 4 else (*dest, *source.get_size()))
            rect.size = source.get_size()
            if not self.get_rect().contains(rect):
                self.recorder.outside.append(f"{known[2]}: {known[1][:60]!r} at {tuple(rect)}")
        return super().blit(source, dest, area, special_flags)


def watch_screen(app: Any, recorder: Recorder) -> None:
    """Draw ``app``'s frames on a watched surface of the window's size."""
    screen = WatchedScreen(app.screen.get_size())
    screen.recorder = recorder
    app.screen = screen
