"""The window's class (X11) and app id (Wayland) are the menu entry's StartupWMClass, so
desktops attach the icon and the menu entry to the running window."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from nove_desktop.storage import Storage
from nove_desktop.ui import app as app_module
from tools.release.appstream import DESKTOP_TEMPLATE, filled

VARIABLES = ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS")


def startup_wm_class() -> str:
    """StartupWMClass of the menu entry as the release writes it (read from its template)."""
    lines = filled(DESKTOP_TEMPLATE).splitlines()
    values = [line.split("=", 1)[1] for line in lines if line.startswith("StartupWMClass=")]
    assert len(values) == 1
    return values[0]


def test_the_window_is_named_like_the_menu_entry_before_it_opens(monkeypatch, tmp_path):
    for variable in VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    seen: list[dict[str, str | None]] = []
    set_mode = pygame.display.set_mode

    def record_mode(*args, **kwargs):
        seen.append({variable: os.environ.get(variable) for variable in VARIABLES})
        return set_mode(*args, **kwargs)

    monkeypatch.setattr(pygame.display, "set_mode", record_mode)
    app_module.App(storage=Storage(tmp_path), size=(1024, 640))
    expected = startup_wm_class()
    assert expected.count(".") >= 2  # a reverse-DNS id, not the command's name
    assert seen[0] == {variable: expected for variable in VARIABLES}


def test_a_class_named_by_the_environment_is_kept():
    environ = {"SDL_VIDEO_X11_WMCLASS": "wrapper"}
    app_module.name_the_window(environ)
    assert environ["SDL_VIDEO_X11_WMCLASS"] == "wrapper"
    assert environ["SDL_VIDEO_WAYLAND_WMCLASS"] == startup_wm_class()
