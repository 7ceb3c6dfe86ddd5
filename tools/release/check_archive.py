"""The archive's checks: what it holds, then its install script for a scratch home and into a
scratch prefix, each undone by ``--uninstall`` (see ``checks`` for the list)."""

from __future__ import annotations

import shutil
import tarfile
from pathlib import Path

from nove_desktop.version import APP_ID

from .appstream import DESKTOP_FILE, METAINFO_FILE
from .checks import (
    ICON_SIZES,
    CheckFailed,
    check_launcher,
    clean_env,
    desktop_entry,
    exec_program,
    expect_unchanged,
    outside_repository,
    run,
    snapshot,
    validate_desktop_file,
    validate_metainfo,
)
from .icons import SCALABLE, hicolor_path
from .layout import APP, Release
from .manpage import check_manpage

# Other programs' files that a real home has: an install must leave them alone, and the
# folders that hold them must survive the uninstall.
OTHER_FILES = {
    ".local/bin/other-tool": "#!/bin/sh\n",
    ".local/share/applications/other.desktop": "[Desktop Entry]\nType=Application\n",
    ".local/share/icons/hicolor/48x48/apps/other.png": "not really a picture",
    ".profile": "# the user's own\n",
}
# A prefix whose name needs quoting in a menu entry's Exec line.
ODD_PREFIX = 'odd prefix $HOME "quoted" 100%'


def check_members(archive: Path, release: Release) -> None:
    """Everything lies under one top folder; the program and install.sh are executable; the
    menu entry, the README, the man page and every icon size are there."""
    top = release.top_folder
    with tarfile.open(archive) as tar:
        members = {member.name: member for member in tar.getmembers()}
    outside = [name for name in members if name != top and not name.startswith(f"{top}/")]
    if outside:
        raise CheckFailed(f"{archive.name}: entries outside {top}/: {', '.join(outside[:5])}")
    needed = [f"{APP}/{APP}", "install.sh", DESKTOP_FILE, METAINFO_FILE, "README.txt", f"{APP}.6"]
    needed += [f"icons/{hicolor_path(size).as_posix()}" for size in ICON_SIZES]
    needed.append(f"icons/{SCALABLE.as_posix()}")
    missing = [name for name in needed if f"{top}/{name}" not in members]
    if missing:
        raise CheckFailed(f"{archive.name} lacks {', '.join(missing)}")
    for name in (f"{APP}/{APP}", "install.sh"):
        if not members[f"{top}/{name}"].mode & 0o100:
            raise CheckFailed(f"{archive.name}: {name} is not executable")


def unpack(archive: Path, release: Release, scratch: Path) -> Path:
    folder = scratch / "unpacked"
    with tarfile.open(archive) as tar:
        tar.extractall(folder, filter="data")
    return folder / release.top_folder


def seed_home(home: Path) -> None:
    for name, text in OTHER_FILES.items():
        path = home / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def check_home_install(unpacked: Path, release: Release, scratch: Path) -> str:
    """Install for a scratch user, run, install again, uninstall; returns the self-test line."""
    home = scratch / "home"
    seed_home(home)
    before = snapshot(home)
    bin_dir = home / ".local/bin"
    env = clean_env(home, path=f"{bin_dir}:{clean_env(home)['PATH']}")
    elsewhere = outside_repository(scratch)
    run(["sh", unpacked / "install.sh"], cwd=elsewhere, env=env)
    program = home / ".local/lib" / APP / APP
    launcher = shutil.which(APP, path=env["PATH"])
    if launcher is None or Path(launcher) != bin_dir / APP:
        raise CheckFailed(f"after install.sh, {APP} on PATH is {launcher}, not {bin_dir / APP}")
    if Path(launcher).resolve() != program.resolve():
        raise CheckFailed(f"{launcher} does not lead to {program}")
    share = home / ".local/share"
    for size in ICON_SIZES:
        if not (share / "icons" / hicolor_path(size)).is_file():
            raise CheckFailed(f"install.sh did not install the {size} px icon")
    if not (share / "icons" / SCALABLE).is_file():
        raise CheckFailed("install.sh did not install the scalable icon")
    check_menu_entry(share / "applications" / DESKTOP_FILE, program)
    validate_metainfo(share / "metainfo" / METAINFO_FILE)
    check_manpage(home / ".local/share/man/man6" / f"{APP}.6")
    line = check_launcher(Path(launcher), release, elsewhere, env)
    installed = snapshot(home)
    run(["sh", unpacked / "install.sh"], cwd=elsewhere, env=env)  # again, over itself
    expect_unchanged(installed, snapshot(home), "a home after installing the same version twice")
    run(["sh", program.parent / "install.sh", "--uninstall"], cwd=elsewhere, env=env)
    expect_unchanged(before, snapshot(home), f"the home after install.sh --uninstall ({home})")
    return line


def check_menu_entry(path: Path, program: Path) -> None:
    if not path.is_file():
        raise CheckFailed(f"no menu entry at {path}")
    validate_desktop_file(path)
    entry = desktop_entry(path)
    if Path(exec_program(entry.get("Exec", ""))) != program:
        raise CheckFailed(f"{path}: Exec={entry.get('Exec')} does not start {program}")
    if entry.get("Icon") != APP_ID:
        raise CheckFailed(f"{path}: Icon={entry.get('Icon')}, not {APP_ID}")


def check_prefix_install(unpacked: Path, release: Release, scratch: Path) -> None:
    """``--prefix`` into a folder whose name needs quoting, and a refusal to replace a file
    of someone else's; the parent folder ends as it began."""
    parent = scratch / "prefixes"
    parent.mkdir()
    taken = parent / "taken"
    (taken / "bin").mkdir(parents=True)
    (taken / "bin" / APP).write_text("#!/bin/sh\necho someone else's\n", encoding="utf-8")
    before = snapshot(parent)
    env = clean_env(scratch / "home")
    elsewhere = outside_repository(scratch)
    refused = run(["sh", unpacked / "install.sh", "--prefix", taken], elsewhere, env, ok=False)
    if refused.returncode == 0 or "not installed by this script" not in refused.stderr:
        raise CheckFailed(f"install.sh replaced a file of someone else's: {refused.stderr}")
    expect_unchanged(before, snapshot(parent), "a prefix after a refused install")
    prefix = parent / ODD_PREFIX
    run(["sh", unpacked / "install.sh", f"--prefix={prefix}"], cwd=elsewhere, env=env)
    program = prefix / "lib" / APP / APP
    check_menu_entry(prefix / "share/applications" / DESKTOP_FILE, program)
    validate_metainfo(prefix / "share/metainfo" / METAINFO_FILE)
    check_manpage(prefix / "share/man/man6" / f"{APP}.6")
    check_launcher(prefix / "bin" / APP, release, elsewhere, env, selftest=False)
    run(["sh", unpacked / "install.sh", "--uninstall", "--prefix", prefix], elsewhere, env)
    expect_unchanged(before, snapshot(parent), "the prefixes after install.sh --uninstall")


def check_archive(archive: Path, release: Release, scratch: Path) -> str:
    """Every check of the archive; returns the installed program's self-test line."""
    check_members(archive, release)
    unpacked = unpack(archive, release, scratch)
    validate_desktop_file(unpacked / DESKTOP_FILE)
    validate_metainfo(unpacked / METAINFO_FILE)
    check_manpage(unpacked / f"{APP}.6")
    line = check_home_install(unpacked, release, scratch)
    check_prefix_install(unpacked, release, scratch)
    return line
