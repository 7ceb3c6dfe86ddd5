"""The app's version, written in one place: ``version`` in ``pyproject.toml``.

Where it is read from depends on how the app runs:

* from a source checkout (``pyproject.toml`` of nove-desktop beside the package): that file,
  so a bump shows at once, even when the installed metadata of an editable install is older;
* installed (pip, a wheel) or frozen (PyInstaller): the distribution's metadata through
  :mod:`importlib.metadata`; ``build.spec`` writes that metadata into the bundle from
  ``pyproject.toml`` at build time.
"""

from __future__ import annotations

import sys
import tomllib
from importlib import metadata
from pathlib import Path

DISTRIBUTION = "nove-desktop"
UNKNOWN = "unknown"


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


def source_pyproject() -> Path:
    """Where ``pyproject.toml`` sits when the app runs from a source checkout."""
    return Path(__file__).resolve().parent.parent / "pyproject.toml"


def app_version() -> str:
    """The running app's version, e.g. ``"0.2.0"``; ``"unknown"`` if no source of it is found
    (a damaged install): the version is shown to players, never worth a crash."""
    if not getattr(sys, "frozen", False):
        from_source = pyproject_version(source_pyproject())
        if from_source is not None:
            return from_source
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return UNKNOWN
