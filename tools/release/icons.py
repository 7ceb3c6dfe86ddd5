"""The app icon as PNG files, drawn by ``nove_desktop.ui.icon`` (pygame, no window needed),
and as a scalable SVG (``packaging/icon.svg``, the same drawing by hand). In the hicolor theme
they are named by the app's id, as the menu entry and the metainfo name them."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from nove_desktop.version import APP_ID

from .layout import APP, PACKAGING

SVG_SOURCE = PACKAGING / "icon.svg"
SCALABLE = Path("hicolor") / "scalable" / "apps" / f"{APP_ID}.svg"
"""Where the scalable icon goes in a freedesktop icon theme."""


def hicolor_path(size: int) -> Path:
    """Where the icon of ``size`` pixels goes in a freedesktop icon theme."""
    return Path("hicolor") / f"{size}x{size}" / "apps" / f"{APP_ID}.png"


def write_icons(folder: Path, flat: bool = False) -> list[Path]:
    """Write the icon at every size under ``folder``: in the ``hicolor`` theme's layout (with
    the scalable SVG), or ``flat`` as ``nove-desktop-SIZE.png`` (for making .ico and .icns
    files)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from nove_desktop.ui.icon import ICON_SIZES, draw_icon

    pygame.font.init()
    written = []
    for size in ICON_SIZES:
        path = folder / (f"{APP}-{size}.png" if flat else hicolor_path(size))
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(draw_icon(size), str(path))
        written.append(path)
    if not flat:
        svg = folder / SCALABLE
        svg.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(SVG_SOURCE, svg)
        written.append(svg)
    return written
