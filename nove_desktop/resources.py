"""Finding the app's data files (fonts, sounds, images) under the top-level ``assets/`` folder.

Run from source, the folder sits beside the package (``<repo>/assets``). Inside a PyInstaller
bundle it is unpacked under ``sys._MEIPASS`` (the build must add it as ``("assets", "assets")``).
This module never imports pygame: the UI opens what :func:`asset_path` finds.
"""

from __future__ import annotations

import sys
from pathlib import Path, PurePath

ASSETS_FOLDER = "assets"


def _assets_root() -> Path:
    """The ``assets`` folder of the running app: the bundle's when frozen, the repo's otherwise."""
    if getattr(sys, "frozen", False):
        bundle = getattr(sys, "_MEIPASS", None)
        if bundle is not None:
            return Path(bundle) / ASSETS_FOLDER
        # A freezer without _MEIPASS (onedir builds of other tools): assets beside the program.
        return Path(sys.executable).resolve().parent / ASSETS_FOLDER
    return Path(__file__).resolve().parent.parent / ASSETS_FOLDER


def _relative_parts(parts: tuple[str | PurePath, ...]) -> PurePath:
    """Join ``parts`` and refuse anything that would leave the assets folder."""
    relative = PurePath(*parts)
    if relative.is_absolute() or relative.anchor or ".." in relative.parts:
        raise ValueError(f"Asset paths are relative to the assets folder, not {relative}")
    return relative


def asset_path(*parts: str | PurePath) -> Path:
    """The path of an asset, e.g. ``asset_path("fonts", "DejaVuSans.ttf")``.

    Works from source and inside a PyInstaller bundle. Raises :class:`FileNotFoundError`
    naming the missing asset and the folder searched, and :class:`ValueError` for absolute
    paths or ``..`` parts.
    """
    relative = _relative_parts(parts)
    root = _assets_root()
    path = root / relative
    if not path.exists():
        name = relative.as_posix() if relative.parts else ASSETS_FOLDER
        raise FileNotFoundError(f"Missing asset {name!r}: {path} does not exist (assets in {root})")
    return path
