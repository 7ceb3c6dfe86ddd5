"""The software shipped in the builds and its licences, as listed by
``assets/licenses/components.json``.

The About panel shows the list; ``tools/release.py`` checks that every shared library of a build
is accounted for by one entry, so a new dependency cannot ship without its licence text.
This module never imports pygame.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import PurePosixPath

from .resources import asset_path

MANIFEST = ("licenses", "components.json")

# .so, .so.6, .so.0.3200.10 (Linux); .dll and .pyd (Windows); .dylib (macOS).
_SHARED_LIBRARY = re.compile(r"\.(so(\.\d+)*|dll|pyd|dylib)$", re.IGNORECASE)


class LicenceManifestError(ValueError):
    """``components.json`` is missing a field or names a licence file that does not exist."""


@dataclass(frozen=True)
class Component:
    """One piece of shipped software: its name, licence and where the licence texts are."""

    name: str
    licence: str
    files: tuple[str, ...]
    """Licence texts, relative to the assets folder (e.g. ``licenses/SDL2.txt``)."""
    binaries: tuple[str, ...]
    """Name patterns of the shared libraries it accounts for (a pattern with a ``/`` matches
    the path inside the bundle, any other the file name)."""

    def accounts_for(self, path: PurePosixPath) -> bool:
        """True if the bundled file at ``path`` (relative to the bundle) is part of this."""
        return any(
            fnmatchcase(str(path) if "/" in pattern else path.name, pattern)
            for pattern in self.binaries
        )


def _strings(entry: dict[str, object], key: str, where: str) -> tuple[str, ...]:
    value = entry.get(key)
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise LicenceManifestError(f"{where}: {key!r} must be a list of strings")
    return tuple(value)


def parse_components(text: str) -> tuple[Component, ...]:
    """The components listed by the text of a ``components.json`` file, in its order."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LicenceManifestError(f"not valid JSON (line {exc.lineno}: {exc.msg})") from None
    entries = data.get("components") if isinstance(data, dict) else None
    if not isinstance(entries, list) or not entries:
        raise LicenceManifestError("no 'components' list")
    components = []
    for number, entry in enumerate(entries, start=1):
        where = f"component {number}"
        if not isinstance(entry, dict):
            raise LicenceManifestError(f"{where} is not an object")
        name, licence = entry.get("name"), entry.get("licence")
        if not isinstance(name, str) or not name or not isinstance(licence, str) or not licence:
            raise LicenceManifestError(f"{where} needs a 'name' and a 'licence'")
        files = _strings(entry, "files", f"{where} ({name})")
        if not files:
            raise LicenceManifestError(f"{where} ({name}) names no licence file")
        binaries = _strings(entry, "binaries", f"{where} ({name})")
        components.append(Component(name, licence, files, binaries))
    return tuple(components)


def bundled_components() -> tuple[Component, ...]:
    """The components of the running app, each licence file checked to exist.

    Raises :class:`LicenceManifestError` (or :class:`FileNotFoundError` for the manifest
    itself) with a readable reason.
    """
    components = parse_components(asset_path(*MANIFEST).read_text(encoding="utf-8"))
    for component in components:
        for file in component.files:
            try:
                asset_path(*PurePosixPath(file).parts)
            except (FileNotFoundError, ValueError) as exc:
                raise LicenceManifestError(f"{component.name}: {exc}") from None
    return components


def licence_folder() -> str:
    """The folder of the licence texts, to show players where to read them."""
    return str(asset_path("licenses"))


def is_shared_library(name: str) -> bool:
    """True for the file name of a shared library or a compiled extension module."""
    return _SHARED_LIBRARY.search(name) is not None


def unaccounted(
    paths: Iterable[PurePosixPath], components: Iterable[Component]
) -> list[PurePosixPath]:
    """The shared libraries among ``paths`` that no component accounts for, sorted."""
    known = tuple(components)
    return sorted(
        path
        for path in paths
        if is_shared_library(path.name) and not any(c.accounts_for(path) for c in known)
    )
