"""The app icon drawn by code, and the window that shows it."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from nove_desktop.storage import Storage
from nove_desktop.ui import app as app_module
from nove_desktop.ui.icon import ICON_SIZES, WINDOW_ICON_SIZE, draw_icon


def is_reddish(colour: pygame.Color) -> bool:
    return colour.a > 200 and colour.r > 150 and colour.g < 110 and colour.b < 110


@pytest.mark.parametrize("size", ICON_SIZES)
def test_every_size_is_a_square_tile_with_rounded_corners(size):
    icon = draw_icon(size)
    assert icon.get_size() == (size, size)
    assert icon.get_flags() & pygame.SRCALPHA
    for corner in ((0, 0), (size - 1, 0), (0, size - 1), (size - 1, size - 1)):
        assert icon.get_at(corner).a < 40, corner
    assert icon.get_at((size // 2, size // 2)).a == 255
    assert icon.get_at((size // 2, size - 1 - size // 20)).a == 255  # the tile's bottom edge


@pytest.mark.parametrize("size", [32, 128, 512])
def test_the_front_card_shows_a_red_nine(size):
    icon = draw_icon(size)
    reds = sum(
        is_reddish(icon.get_at((x, y)))
        for x in range(size)
        for y in range(0, size, max(1, size // 64))
    )
    assert reds > 0


def test_the_drawing_is_the_same_every_time():
    first, second = draw_icon(48), draw_icon(48)
    assert pygame.image.tobytes(first, "RGBA") == pygame.image.tobytes(second, "RGBA")


def test_too_small_is_refused():
    with pytest.raises(ValueError, match="at least 8x8"):
        draw_icon(4)


def test_the_window_gets_the_icon_before_it_opens(monkeypatch, tmp_path):
    calls: list[tuple[str, object]] = []
    set_icon, set_mode = pygame.display.set_icon, pygame.display.set_mode

    def record_icon(surface: pygame.Surface) -> None:
        calls.append(("icon", surface.get_size()))
        set_icon(surface)

    def record_mode(*args, **kwargs):
        calls.append(("mode", args[0]))
        return set_mode(*args, **kwargs)

    monkeypatch.setattr(pygame.display, "set_icon", record_icon)
    monkeypatch.setattr(pygame.display, "set_mode", record_mode)
    app_module.App(storage=Storage(tmp_path), size=(1024, 640))
    assert calls[0] == ("icon", (WINDOW_ICON_SIZE, WINDOW_ICON_SIZE))
    assert calls[1] == ("mode", (1024, 640))
