"""The app's version, written in one place: ``version`` in ``pyproject.toml``.

Where it is read from depends on how the app runs:

* from a source checkout (``pyproject.toml`` of nove-desktop beside the package): that file,
  so a bump shows at once, even when the metadata of an editable install is older;
* installed (pip, a wheel): the distribution's metadata, through :mod:`importlib.metadata`;
* frozen (PyInstaller): the ``nove_desktop-VERSION.dist-info/METADATA`` file that
  ``build.spec`` writes into the bundle from ``pyproject.toml`` at every build. It is read
  directly: :mod:`importlib.metadata` needs the ``email`` package, which the build leaves out.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

DISTRIBUTION = "nove-desktop"
UNKNOWN = "unknown"
DIST_INFO_GLOB = "nove_desktop-*.dist-info"


def pyproject_version(path: Path) -> str | None:
    """The version of nove-desktop in the ``pyproject.toml`` at ``path``; None when the file is
    missing, unreadable, another project's, or has no version."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    project = data.get("project")
    if not isinstance(project, dict) or project.get("name") != DISTRIBUTION:
        return None
    version = project.get("version")
    return version if isinstance(version, str) and version else None


def metadata_version(text: str) -> str | None:
    """The ``Version`` header of a core metadata file (``METADATA``); None if it has none."""
    for line in text.splitlines():
        if not line.strip():
            break  # the headers end at the first blank line; the description follows
        name, _colon, value = line.partition(":")
        if name.strip().lower() == "version" and value.strip():
            return value.strip()
    return None


def bundled_version(bundle: Path) -> str | None:
    """The version in the metadata that ``build.spec`` writes into a bundle's folder."""
    for path in sorted(bundle.glob(f"{DIST_INFO_GLOB}/METADATA")):
        try:
            found = metadata_version(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            continue
        if found is not None:
            return found
    return None


def installed_version() -> str | None:
    """The version pip recorded for the installed distribution, if any."""
    from importlib import metadata  # not at import time: it is slow to load, and frozen-unsafe

    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return None


def source_pyproject() -> Path:
    """Where ``pyproject.toml`` sits when the app runs from a source checkout."""
    return Path(__file__).resolve().parent.parent / "pyproject.toml"


def app_version() -> str:
    """The running app's version, e.g. ``"0.2.0"``; ``"unknown"`` if no source of it is found
    (a damaged install): the version is shown to players, never worth a crash."""
    if getattr(sys, "frozen", False):
        bundle = getattr(sys, "_MEIPASS", None)
        found = bundled_version(Path(bundle)) if bundle is not None else None
    else:
        found = pyproject_version(source_pyproject()) or installed_version()
    return found or UNKNOWN


APP_ID = "example.a_seed_076d778b.NoveDesktop"
"""The app's reverse-DNS id (AppStream, the desktop entry, the icons, the window's class), built
from the maintainers' domain ``a-seed-076d778b.example`` (a hyphen is not allowed in an id's
parts, hence the underscores)."""
HOMEPAGE = "https://a-seed-076d778b.example/nove-desktop"
"""The project's home page (pyproject.toml's URLs and the AppStream metainfo name it too)."""
