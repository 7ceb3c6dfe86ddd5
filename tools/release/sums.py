"""``SHA256SUMS``: one line per release file, in the format ``sha256sum --check`` reads."""

from __future__ import annotations

import hashlib
from pathlib import Path

from .layout import SUMS, ReleaseError


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_sums(files: list[Path], folder: Path) -> Path:
    """Write ``folder/SHA256SUMS`` for ``files`` (which lie in ``folder``)."""
    lines = [f"{sha256(path)}  {path.name}\n" for path in sorted(files)]
    target = folder / SUMS
    target.write_text("".join(lines), encoding="utf-8")
    return target


def verify_sums(folder: Path) -> list[Path]:
    """Check every file named in ``folder/SHA256SUMS``; returns them. A missing file or a
    wrong sum raises :class:`ReleaseError`."""
    listed = []
    for number, line in enumerate((folder / SUMS).read_text(encoding="utf-8").splitlines(), 1):
        expected, _spaces, name = line.partition("  ")
        path = folder / name
        if not name or "/" in name or len(expected) != 64:
            raise ReleaseError(f"{SUMS} line {number} is not 'SHA256  NAME': {line!r}")
        if not path.is_file():
            raise ReleaseError(f"{SUMS} names {name}, which is missing")
        if sha256(path) != expected:
            raise ReleaseError(f"{name} does not match its SHA-256 sum in {SUMS}")
        listed.append(path)
    return listed
