"""Names and places of a release: the version, the artefacts' file names, the templates."""

from __future__ import annotations

import platform
import re
from dataclasses import dataclass
from pathlib import Path

from nove_desktop.version import pyproject_version

ROOT = Path(__file__).resolve().parents[2]
APP = "nove-desktop"
PACKAGING = ROOT / "packaging"
DIST = ROOT / "dist"
ONEDIR = DIST / APP
ONEFILE = DIST / f"{APP}-onefile"
RELEASE = DIST / "release"
SUMS = "SHA256SUMS"

# Debian's names for the machines PyInstaller builds on.
DEB_ARCHITECTURES = {"x86_64": "amd64", "aarch64": "arm64"}


class ReleaseError(Exception):
    """A release step that cannot go on: the message says what is wrong and what to do."""


def debian_version(version: str) -> str:
    """A Python version as Debian orders it: pre-releases sort before the release
    (``0.3.0rc1`` -> ``0.3.0~rc1``, ``1.0.dev2`` -> ``1.0~dev2``)."""
    return re.sub(r"\.?(a|b|rc|dev)(\d+)", r"~\1\2", version, count=1)


@dataclass(frozen=True)
class Release:
    """One version for one machine, and the names of its files."""

    version: str
    machine: str

    @property
    def deb_architecture(self) -> str:
        try:
            return DEB_ARCHITECTURES[self.machine]
        except KeyError:
            known = ", ".join(DEB_ARCHITECTURES)
            raise ReleaseError(
                f"no Debian architecture for {self.machine} (known: {known})"
            ) from None

    @property
    def deb_version(self) -> str:
        return debian_version(self.version)

    @property
    def top_folder(self) -> str:
        """The folder the archive unpacks into."""
        return f"{APP}-{self.version}"

    @property
    def archive_name(self) -> str:
        return f"{APP}-{self.version}-linux-{self.machine}.tar.gz"

    @property
    def onefile_name(self) -> str:
        return f"{APP}-{self.version}-linux-{self.machine}"

    @property
    def deb_name(self) -> str:
        return f"{APP}_{self.deb_version}_{self.deb_architecture}.deb"


def current_release(machine: str | None = None) -> Release:
    """The release of this checkout (version from pyproject.toml) for this machine."""
    version = pyproject_version(ROOT / "pyproject.toml")
    if version is None:
        raise ReleaseError(f"no version for {APP} in {ROOT / 'pyproject.toml'}")
    return Release(version, machine or platform.machine())


def template(name: str, **values: str) -> str:
    """A file of ``packaging/`` with every ``@KEY@`` replaced by its value; an unknown or
    unused key is an error (a typo would otherwise ship as is)."""
    text = (PACKAGING / name).read_text(encoding="utf-8")
    for key, value in values.items():
        marker = f"@{key.upper()}@"
        if marker not in text:
            raise ReleaseError(f"packaging/{name} has no {marker}")
        text = text.replace(marker, value)
    left = re.findall(r"@[A-Z_]+@", text)
    if left:
        raise ReleaseError(f"packaging/{name} still has {', '.join(sorted(set(left)))}")
    return text
