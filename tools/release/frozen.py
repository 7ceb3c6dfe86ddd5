"""What ``build.spec`` chooses per system, as a function of the system's name: importable and
tested on Linux (``tests/test_frozen_platforms.py``) for Windows and macOS builds that can only
be made there (PyInstaller does not cross-build; see docs/release.md, "Windows and macOS").

It imports nothing heavy (``nove_desktop.version``, ``layout``): ``build.spec`` imports it
inside PyInstaller.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nove_desktop.version import APP_ID

from .layout import APP, ONEDIR, ONEFILE

ONEDIR_NAME = ONEDIR.name
ONEFILE_NAME = ONEFILE.name  # not APP: both builds share dist/, one would replace the other
WINDOWED_PLATFORMS = ("win32", "darwin")
ICON_PNG = Path("build") / "icons" / f"{APP}-512.png"
"""Written by ``python -m tools.release icons build/icons --flat``; PyInstaller turns it into
an ``.ico`` or ``.icns`` (with Pillow installed)."""
DISPLAY_NAME = "NOVE"  # the name under the icon in Finder and the Dock


@dataclass(frozen=True)
class BuildOptions:
    """The platform-dependent arguments of ``EXE`` and ``BUNDLE`` in ``build.spec``."""

    console: bool
    """False on Windows and macOS: no console window opens beside the game."""
    icon: str | None
    """The program's icon (Windows, macOS); None: Linux takes it from the menu entry."""
    bundle: dict[str, Any] | None = field(default=None)
    """``BUNDLE``'s arguments (macOS only): the ``.app`` around the onedir build."""
    onedir_name: str = ONEDIR_NAME
    onefile_name: str = ONEFILE_NAME


def build_options(platform: str, root: Path, version: str) -> BuildOptions:
    """The options for ``platform`` (``sys.platform``: ``linux``, ``win32``, ``darwin``) of the
    checkout at ``root``, whose version is ``version``."""
    windowed = platform in WINDOWED_PLATFORMS
    png = root / ICON_PNG
    icon = str(png) if windowed and png.is_file() else None
    bundle = None
    if platform == "darwin":
        bundle = {
            "name": f"{APP}.app",
            "icon": icon,
            "bundle_identifier": APP_ID,  # the reverse-DNS id signing and notarisation use
            "version": version,
            "info_plist": {
                "CFBundleDisplayName": DISPLAY_NAME,
                "CFBundleShortVersionString": version,
                "LSApplicationCategoryType": "public.app-category.card-games",
                "NSHighResolutionCapable": True,  # sharp text on Retina screens
            },
        }
    return BuildOptions(console=not windowed, icon=icon, bundle=bundle)
