"""Installing the release files into scratch places, and checking what that did.

* The archive: unpacked, its ``install.sh`` run for a scratch home (that already holds other
  programs' files) and again into a scratch ``--prefix`` whose name needs quoting; the installed
  ``nove-desktop`` command, found on PATH, runs ``--version`` and ``--selftest`` from a folder
  outside the repository; the installed menu entry passes ``desktop-file-validate``; a second
  install over the first works; a file of someone else's is never replaced; ``--uninstall``
  leaves the home and the prefix exactly as they were (same files, same contents).
* The .deb: its fields and file list, no maintainer scripts, then ``dpkg --root`` installs it
  into a scratch root with its own database (no root rights needed), the installed launcher
  runs, and ``dpkg --purge`` leaves nothing but dpkg's own database behind.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path, PurePosixPath

from .layout import APP, ROOT, Release, ReleaseError

ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)  # nove_desktop.ui.icon.ICON_SIZES, no pygame
DPKG_ADMIN = PurePosixPath("var/lib/dpkg")
SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


class CheckFailed(ReleaseError):
    """A release file does not install, run or uninstall as it should."""


# -- running things -------------------------------------------------------------------------------
def run(
    command: Sequence[str | Path], cwd: Path, env: dict[str, str], ok: bool = True
) -> subprocess.CompletedProcess[str]:
    """Run ``command``; unless ``ok`` is False, a failure raises :class:`CheckFailed` with
    what it printed."""
    done = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if ok and done.returncode != 0:
        output = (done.stdout + done.stderr).strip()
        shown = " ".join(str(part) for part in command)
        raise CheckFailed(f"{shown} failed (status {done.returncode}):\n{output}")
    return done


def clean_env(home: Path, path: str = SYSTEM_PATH) -> dict[str, str]:
    """The environment of a user whose home is ``home``, headless (SDL dummy drivers), with
    none of this machine's XDG or nove-desktop settings."""
    keep = {key: value for key, value in os.environ.items() if key in ("LANG", "LC_ALL", "TZ")}
    return {
        **keep,
        "HOME": str(home),
        "PATH": path,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }


# -- comparing folders ---------------------------------------------------------------------------
def snapshot(
    folder: Path, skip: Callable[[PurePosixPath], bool] = lambda path: False
) -> dict[str, str]:
    """Every entry under ``folder``: folders, links (with their targets) and files (with a
    hash of their contents and their mode)."""
    found: dict[str, str] = {}
    for path in sorted(folder.rglob("*")):
        relative = PurePosixPath(path.relative_to(folder).as_posix())
        if skip(relative):
            continue
        if path.is_symlink():
            found[str(relative)] = f"link to {os.readlink(path)}"
        elif path.is_dir():
            found[str(relative)] = "folder"
        else:
            digest = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
            found[str(relative)] = f"file {digest} mode {path.stat().st_mode & 0o777:o}"
    return found


def changes(before: dict[str, str], after: dict[str, str]) -> list[str]:
    """What differs between two snapshots, one line each."""
    lines = [f"left behind: {name} ({after[name]})" for name in after if name not in before]
    lines += [f"removed: {name}" for name in before if name not in after]
    lines += [
        f"changed: {name} ({before[name]} -> {after[name]})"
        for name in before
        if name in after and before[name] != after[name]
    ]
    return lines


def expect_unchanged(before: dict[str, str], after: dict[str, str], where: str) -> None:
    found = changes(before, after)
    if found:
        raise CheckFailed(f"{where} is not as it was:\n  " + "\n  ".join(found))


# -- menu entries and launchers -----------------------------------------------------------------
def validate_desktop_file(path: Path) -> None:
    """``desktop-file-validate`` must print nothing (no error, no warning) about ``path``."""
    validator = shutil.which("desktop-file-validate")
    if validator is None:
        raise ReleaseError(
            "desktop-file-validate is missing: install desktop-file-utils "
            "(sudo apt-get install desktop-file-utils; ./dev.sh does it when run as root)"
        )
    done = run([validator, "--no-hints", path], cwd=path.parent, env=dict(os.environ), ok=False)
    output = (done.stdout + done.stderr).strip()
    if done.returncode != 0 or output:
        raise CheckFailed(f"desktop-file-validate {path}:\n{output}")


def desktop_entry(path: Path) -> dict[str, str]:
    """The keys of the ``[Desktop Entry]`` group of a menu entry."""
    entry: dict[str, str] = {}
    group = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("["):
            group = line.strip()
        elif group == "[Desktop Entry]" and "=" in line and not line.startswith("#"):
            key, _equals, value = line.partition("=")
            entry[key.strip()] = value.strip()
    return entry


_STRING_ESCAPES = {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}


def exec_program(value: str) -> str:
    """The program of a menu entry's ``Exec`` value, unescaped as the Desktop Entry
    specification says: string escapes first (``\\\\`` is one backslash), then the quoting of
    the first argument (a backslash before ``"``, backquote, ``$`` or backslash), then ``%%``."""
    text, index = [], 0
    while index < len(value):
        if value[index] == "\\" and index + 1 < len(value):
            following = value[index + 1]
            text.append(_STRING_ESCAPES.get(following, "\\" + following))
            index += 2
        else:
            text.append(value[index])
            index += 1
    unescaped = "".join(text)
    if not unescaped.startswith('"'):
        return unescaped.split(" ", 1)[0].replace("%%", "%")
    program, index = [], 1
    while index < len(unescaped) and unescaped[index] != '"':
        if unescaped[index] == "\\" and index + 1 < len(unescaped):
            index += 1
        program.append(unescaped[index])
        index += 1
    return "".join(program).replace("%%", "%")


def check_launcher(
    launcher: Path, release: Release, cwd: Path, env: dict[str, str], selftest: bool = True
) -> str:
    """``launcher --version`` names this release; ``launcher --selftest`` passes. Returns the
    self-test's line."""
    expected = f"{APP} {release.version}"
    version = run([launcher, "--version"], cwd=cwd, env=env).stdout.strip()
    if version != expected:
        raise CheckFailed(f"{launcher} --version printed {version!r}, not {expected!r}")
    if not selftest:
        return version
    lines = run([launcher, "--selftest"], cwd=cwd, env=env).stdout.strip().splitlines()
    line = lines[-1] if lines else ""  # the summary comes last, after a line per step
    if not line.startswith("selftest ok"):
        raise CheckFailed(f"{launcher} --selftest printed {line!r}")
    return line


def outside_repository(scratch: Path) -> Path:
    """A folder to run installed programs from, checked not to be inside the repository
    (a program that works only from the source tree must fail the check)."""
    folder = scratch / "elsewhere"
    if folder.resolve().is_relative_to(ROOT.resolve()):
        raise ReleaseError(f"the scratch folder {folder} is inside the repository: set TMPDIR")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


# -- AppStream metainfo ---------------------------------------------------------------------------
def validate_metainfo(path: Path) -> None:
    """``appstreamcli validate --no-net`` must find no error and no warning in ``path`` (its
    informational notes are printed but allowed: with AppStream 0.16, the ``<developer>`` tag of
    AppStream 1.0 is one)."""
    validator = shutil.which("appstreamcli")
    if validator is None:
        raise ReleaseError(
            "appstreamcli is missing: install appstream "
            "(sudo apt-get install appstream; ./dev.sh does it when run as root)"
        )
    done = run(
        [validator, "validate", "--no-net", path], cwd=path.parent, env=dict(os.environ), ok=False
    )
    if done.returncode != 0:
        output = (done.stdout + done.stderr).strip()
        raise CheckFailed(f"appstreamcli validate {path}:\n{output}")
