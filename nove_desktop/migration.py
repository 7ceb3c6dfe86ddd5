"""Moving the files of version 0.2.0's one data folder to their own folders, once.

Version 0.2.0 kept the settings and the problems log in the data folder; they now belong in the
config and the state folder (``folders.py``). On the first start of a newer version each such file
is moved to its new folder. Nothing is ever deleted, except a copy whose bytes are identical to
the file already in place (left behind by a move interrupted between copying and removing):

- nothing in the new place: the file is moved there (renamed; copied, synced and then removed when
  the two folders are on different disks);
- the new place already has a file: the one modified last stays in use at the new place, and the
  other is kept beside it as ``<name>.older-<YYYYmmdd-HHMMSS>[-N].<ext>``.

Once moved, the old folder no longer holds these files, so a second start changes nothing. A file
that cannot be moved stays where it was, and the report says why (``Storage`` then keeps using it
there and tells the player once).
"""

from __future__ import annotations

import contextlib
import errno
import filecmp
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from .folders import Folders

__all__ = ["LEGACY_FILES", "MigrationReport", "migrate"]

LEGACY_FILES: tuple[tuple[str, str], ...] = (
    ("config", "settings.json"),
    ("config", "settings.corrupt-*.json"),  # damaged settings kept aside: the player's still
    ("state", "problems.log"),
    ("state", "problems.log.old"),
)
"""(folder, file name or pattern) of every file of the 0.2.0 data folder that moves elsewhere."""


@dataclass
class MigrationReport:
    """What one migration did: ``done`` and ``failed`` are lines for the developers' log
    (``failed`` also names the cause); ``left`` names the files that stayed in the old folder."""

    done: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    left: list[str] = field(default_factory=list)
    first_reason: str = ""


def migrate(folders: Folders, clock: datetime) -> MigrationReport:
    """Move 0.2.0's settings and log out of ``folders.data`` to the config and state folders
    (nothing to do when they are the same folder). ``clock`` dates the names of files kept
    aside. Never raises for a file or folder problem: the report says what failed."""
    report = MigrationReport()
    for role, pattern in LEGACY_FILES:
        target_folder: Path = getattr(folders, role)
        if target_folder == folders.data:
            continue
        try:
            sources = sorted(folders.data.glob(pattern))
        except OSError as error:  # an unreadable old folder: nothing can be moved from it
            _fail(report, f"{folders.data}: {_reason(error)}", _reason(error), pattern)
            continue
        for source in sources:
            if source.is_file():
                _migrate_file(source, target_folder / source.name, clock, report)
    return report


def _migrate_file(source: Path, target: Path, clock: datetime, report: MigrationReport) -> None:
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        if not os.path.lexists(target):
            _transfer(source, target)
            report.done.append(f"moved {source} to {target}")
        elif target.is_file() and filecmp.cmp(source, target, shallow=False):
            source.unlink()  # the same bytes are in place: an earlier move was interrupted
            report.done.append(f"removed {source}: the same as {target}")
        elif source.stat().st_mtime > target.stat().st_mtime:
            aside = _aside_name(target, clock)
            os.rename(target, aside)  # same folder: never crosses disks
            _transfer(source, target)
            report.done.append(f"moved {source} to {target}, newer; the other kept as {aside.name}")
        else:
            aside = _aside_name(target, clock)
            _transfer(source, aside)
            report.done.append(f"moved {source} to {aside}: {target.name} there is newer")
    except OSError as error:
        _fail(
            report,
            f"{source} not moved to {target.parent}: {_reason(error)}",
            _reason(error),
            source.name,
        )


def _fail(report: MigrationReport, line: str, reason: str, name: str) -> None:
    report.failed.append(line)
    report.left.append(name)
    report.first_reason = report.first_reason or reason


def _transfer(source: Path, target: Path) -> None:
    """Move ``source`` to the free name ``target``: a rename, or across disks a synced copy and
    then the removal of ``source`` (a crash in between leaves two identical files, which the
    next start recognises)."""
    try:
        os.rename(source, target)
        return
    except OSError as error:
        if error.errno != errno.EXDEV:
            raise
    handle, temporary = tempfile.mkstemp(
        prefix=f".{target.name}.", suffix=".tmp", dir=target.parent
    )
    try:
        with os.fdopen(handle, "wb") as stream, source.open("rb") as original:
            shutil.copyfileobj(original, stream)
            stream.flush()
            os.fsync(stream.fileno())
        shutil.copystat(source, temporary)  # keeps the time that says which file is newer
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    source.unlink()


def _aside_name(target: Path, clock: datetime) -> Path:
    """A free ``<base>.older-<stamp>[-N]<rest>`` beside ``target`` (``settings.json`` gives
    ``settings.older-20270102-030405.json``)."""
    base, dot, rest = target.name.partition(".")
    stamp = clock.strftime("%Y%m%d-%H%M%S")
    tail = f"{dot}{rest}"
    candidate = target.with_name(f"{base}.older-{stamp}{tail}")
    number = 1
    while os.path.lexists(candidate):
        number += 1
        candidate = target.with_name(f"{base}.older-{stamp}-{number}{tail}")
    return candidate


def _reason(error: OSError) -> str:
    return error.strerror or str(error) or type(error).__name__
