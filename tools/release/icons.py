"""The app icon as PNG files, drawn by ``nove_desktop.ui.icon`` (pygame, no window needed)."""

from __future__ import annotations

import os
from pathlib import Path

from .layout import APP


def hicolor_path(size: int) -> Path:
    """Where the icon of ``size`` pixels goes in a freedesktop icon theme."""
    return Path("hicolor") / f"{size}x{size}" / "apps" / f"{APP}.png"


def write_icons(folder: Path, flat: bool = False) -> list[Path]:
    """Write the icon at every size under ``folder``: in the ``hicolor`` theme's layout, or
    ``flat`` as ``nove-desktop-SIZE.png`` (for making .ico and .icns files)."""
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
    return written
