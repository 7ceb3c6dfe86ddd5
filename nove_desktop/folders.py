"""Where the app keeps its files: the data, config and state folders.

Saves and statistics go to the user data folder, the settings to the user config folder and the
developers' problems log to the user state folder, each as ``platformdirs`` gives it for the
platform (on Linux the XDG folders, honouring ``XDG_DATA_HOME``, ``XDG_CONFIG_HOME`` and
``XDG_STATE_HOME``; on Windows and macOS the three are one folder). ``NOVE_DESKTOP_DATA``
overrides them all with one folder that holds every file, as version 0.2.0 kept them: tests, the
self-test and portable installs rely on that (see docs/decisions.md).

Nothing here touches the disk: these are names only (``storage.py`` creates and checks folders).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import platformdirs
from platformdirs.api import PlatformDirsABC

__all__ = ["APP_NAME", "DATA_ENV", "Folders", "default_folders", "override", "platform_folders"]

APP_NAME = "nove-desktop"
DATA_ENV = "NOVE_DESKTOP_DATA"
"""Environment variable naming one folder for every file; it overrides the platform folders."""


@dataclass(frozen=True)
class Folders:
    """The three folders: ``data`` (autosave, statistics), ``config`` (settings) and ``state``
    (the problems log). They may be one and the same folder."""

    data: Path
    config: Path
    state: Path

    @classmethod
    def single(cls, root: str | os.PathLike[str]) -> Folders:
        """Every file in ``root`` (``NOVE_DESKTOP_DATA``, tests, version 0.2.0's layout)."""
        folder = Path(root)
        return cls(folder, folder, folder)

    @property
    def separate(self) -> bool:
        """Whether the settings or the log live elsewhere than the data folder."""
        return self.config != self.data or self.state != self.data


def platform_folders(dirs: type[PlatformDirsABC] | None = None) -> Folders:
    """The platform's user folders for the app. ``dirs`` is a platformdirs class (``Unix``,
    ``Windows``, ``MacOS``); None takes ``platformdirs.PlatformDirs``, the running platform's."""
    found = (dirs or platformdirs.PlatformDirs)(APP_NAME, appauthor=False)
    return Folders(
        Path(found.user_data_dir), Path(found.user_config_dir), Path(found.user_state_dir)
    )


def override(environ: Mapping[str, str] | None = None) -> Path | None:
    """The folder ``NOVE_DESKTOP_DATA`` names (``~`` expanded), or None when it is unset or
    blank."""
    value = (os.environ if environ is None else environ).get(DATA_ENV, "").strip()
    return Path(value).expanduser() if value else None


def default_folders(environ: Mapping[str, str] | None = None) -> Folders:
    """``NOVE_DESKTOP_DATA`` as the one folder if set, else the platform's three folders."""
    folder = override(environ)
    return Folders.single(folder) if folder is not None else platform_folders()
