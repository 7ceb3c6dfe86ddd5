"""What a onedir build holds: its program, its shared libraries and their licences, the newest
C library it needs, its size."""

from __future__ import annotations

import os
import re
from pathlib import Path, PurePosixPath

from nove_desktop.licenses import MANIFEST, parse_components, unaccounted
from nove_desktop.resources import BUNDLE_DESTINATION

from .layout import APP, ReleaseError

INTERNAL = "_internal"  # PyInstaller 6 puts everything but the program here
ELF_MAGIC = b"\x7fELF"
_GLIBC_VERSION = re.compile(rb"GLIBC_(\d+)\.(\d+)(?:\.(\d+))?")


def program(onedir: Path) -> Path:
    """The onedir build's program, checked to be there and executable."""
    path = onedir / APP
    if not path.is_file() or not os.access(path, os.X_OK):
        raise ReleaseError(f"{path} is missing: build it first (./dev.sh build)")
    if not (onedir / INTERNAL).is_dir():
        raise ReleaseError(f"{onedir / INTERNAL} is missing: is {onedir} a PyInstaller 6 build?")
    return path


def bundled_files(onedir: Path) -> list[PurePosixPath]:
    """Every file and link under the build's ``_internal`` folder, relative to it."""
    internal = onedir / INTERNAL
    found = []
    for folder, dirs, files in os.walk(internal):
        for name in files + [d for d in dirs if Path(folder, d).is_symlink()]:
            found.append(PurePosixPath(Path(folder, name).relative_to(internal).as_posix()))
    return sorted(found)


def licence_problems(onedir: Path) -> list[str]:
    """What is wrong with the licences the build ships (empty when all is well): a shared
    library no component accounts for, a component with libraries but none in the build, a
    licence file missing from the build's assets."""
    assets = onedir / INTERNAL / BUNDLE_DESTINATION
    components = parse_components(assets.joinpath(*MANIFEST).read_text(encoding="utf-8"))
    files = bundled_files(onedir)
    problems = [
        f"{path}: no licence entry accounts for it (add one to assets/licenses/components.json)"
        for path in unaccounted(files, components)
    ]
    for component in components:
        if component.binaries and not any(component.accounts_for(path) for path in files):
            problems.append(f"{component.name}: listed with libraries, but none is in the build")
        for name in component.files:
            if not (assets / name).is_file():
                problems.append(f"{component.name}: its licence text {name} is not in the build")
    return problems


def glibc_requirement(onedir: Path) -> tuple[int, ...]:
    """The newest ``GLIBC_x.y`` symbol version named by the build's ELF files: the C library
    it needs at least. Read from the raw bytes, so it can only err on the safe side."""
    newest: tuple[int, ...] = (2, 17)  # what any x86_64 Linux of the last decade has
    for path in onedir.rglob("*"):
        if path.is_symlink() or not path.is_file():
            continue
        with path.open("rb") as file:
            if file.read(4) != ELF_MAGIC:
                continue
            data = file.read()
        for match in _GLIBC_VERSION.finditer(data):
            version = tuple(int(part) for part in match.groups() if part is not None)
            newest = max(newest, version)
    return newest


def tree_size_kib(folder: Path) -> int:
    """Disk use of the files under ``folder`` in KiB, as Debian's ``Installed-Size`` counts it
    (each file rounded up to a KiB, links as one)."""
    total = 0
    for path in folder.rglob("*"):
        if path.is_symlink() or path.is_dir():
            total += 1
        else:
            total += -(-path.stat().st_size // 1024)
    return total
