"""Finding the app's data files (fonts, rules texts, catalogs, licences) in ``nove_desktop/assets``.

The folder is package data, found with :mod:`importlib.resources` the same way wherever the app
runs: from a source checkout (``nove_desktop/assets`` is a link to the repository's top-level
``assets/`` folder, the source of truth), from an installed wheel (the build copies the folder
into the package, with the compiled catalogs) and from a PyInstaller bundle (``build.spec`` puts
it at :data:`BUNDLE_DESTINATION`, where PyInstaller's resource reader looks for the package's
files). This module never imports pygame: the UI opens what :func:`asset_path` finds.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path, PurePath, PurePosixPath

PACKAGE = __name__.rpartition(".")[0]
"""The package that owns the assets (``nove_desktop``)."""
ASSETS_FOLDER = "assets"
BUNDLE_DESTINATION = PurePosixPath(*PACKAGE.split("."), ASSETS_FOLDER).as_posix()
"""Where a PyInstaller build must put the assets, relative to the bundle's folder."""


def assets_root(package: str = PACKAGE) -> Path:
    """The ``assets`` folder of the running app, as a path of the file system.

    Raises :class:`FileNotFoundError` if the package is not on the file system (imported from
    a zip file): fonts and catalogs are opened by path, so the app needs an unpacked install.
    """
    folder = files(package) / ASSETS_FOLDER
    if not isinstance(folder, Path):
        raise FileNotFoundError(
            f"The {package} package is not on the file system ({folder}): "
            "install it unpacked (pip and pipx do)"
        )
    return folder


def _relative_parts(parts: tuple[str | PurePath, ...]) -> PurePath:
    """Join ``parts`` and refuse anything that would leave the assets folder."""
    relative = PurePath(*parts)
    if relative.is_absolute() or relative.anchor or ".." in relative.parts:
        raise ValueError(f"Asset paths are relative to the assets folder, not {relative}")
    return relative


def asset_path(*parts: str | PurePath) -> Path:
    """The path of an asset, e.g. ``asset_path("fonts", "DejaVuSans.ttf")``.

    Works from source, from a wheel and inside a PyInstaller bundle. Raises
    :class:`FileNotFoundError` naming the missing asset and the folder searched, and
    :class:`ValueError` for absolute paths or ``..`` parts.
    """
    relative = _relative_parts(parts)
    root = assets_root()
    path = root / relative
    if not path.exists():
        name = relative.as_posix() if relative.parts else ASSETS_FOLDER
        raise FileNotFoundError(f"Missing asset {name!r}: {path} does not exist (assets in {root})")
    return path
