"""The window's class (X11) and app id (Wayland) are the menu entry's StartupWMClass, so
desktops attach the icon and the menu entry to the running window."""

import os
import subprocess
import sys
from pathlib import Path

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


def test_the_class_pygame_gives_at_import_is_replaced():
    """pygame, imported while DISPLAY is set, names the X11 class after the script
    (``__main__.py`` under ``python -m nove_desktop``) before the app can set it: the app still
    names the window by its id. Run in a fresh interpreter, as the app starts."""
    code = (
        "import os, sys\n"
        "sys.argv[0] = '/somewhere/__main__.py'\n"
        "import pygame\n"
        "before = os.environ.get('SDL_VIDEO_X11_WMCLASS')\n"
        "from nove_desktop.ui.app import name_the_window\n"
        "name_the_window()\n"
        "names = [os.environ[f'SDL_VIDEO_{kind}_WMCLASS'] for kind in ('X11', 'WAYLAND')]\n"
        "print(before, *names)\n"
    )
    env = {key: value for key, value in os.environ.items() if key not in VARIABLES}
    env.update(DISPLAY=":99", SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    repo = Path(__file__).resolve().parents[2]
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=repo, env=env, capture_output=True, text=True, check=True
    )
    expected = startup_wm_class()
    assert result.stdout.split() == ["__main__.py", expected, expected]
