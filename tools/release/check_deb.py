"""The .deb's checks: its fields, its files, no maintainer scripts, then ``dpkg --root``
installs it into a scratch root with its own database and purges it again (see ``checks``)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path, PurePosixPath

from .appstream import DESKTOP_FILE, METAINFO_FILE
from .checks import (
    DPKG_ADMIN,
    ICON_SIZES,
    SYSTEM_PATH,
    CheckFailed,
    check_launcher,
    clean_env,
    desktop_entry,
    expect_unchanged,
    outside_repository,
    run,
    snapshot,
    validate_desktop_file,
    validate_metainfo,
)
from .icons import SCALABLE, hicolor_path
from .layout import APP, Release, ReleaseError
from .manpage import check_manpage

LAUNCHER_TARGET = f"../lib/{APP}/{APP}"
OLD_NAMES = {f"{APP}.desktop", f"{APP}.png"}  # the menu entry and icons of 0.2.0


def tool(name: str) -> str:
    found = shutil.which(name, path=f"{os.environ.get('PATH', '')}:{SYSTEM_PATH}")
    if found is None:
        raise ReleaseError(f"{name} is missing: it comes with dpkg (Debian, Ubuntu)")
    return found


def check_fields(deb: Path, release: Release, cwd: Path) -> dict[str, str]:
    text = run([tool("dpkg-deb"), "--field", deb], cwd, dict(os.environ)).stdout
    fields = {}
    for line in text.splitlines():
        if line and not line.startswith(" "):
            key, _colon, value = line.partition(":")
            fields[key] = value.strip()
    expected = {
        "Package": APP,
        "Version": release.deb_version,
        "Architecture": release.deb_architecture,
        "Section": "games",
    }
    wrong = {key: fields.get(key) for key, value in expected.items() if fields.get(key) != value}
    if wrong:
        raise CheckFailed(f"{deb.name}: fields {wrong}, expected {expected}")
    if not fields.get("Depends", "").startswith("libc6 (>= "):
        raise CheckFailed(f"{deb.name}: Depends is {fields.get('Depends')!r}")
    return fields


def check_contents(deb: Path, cwd: Path) -> None:
    """Owned by root, all under /usr, with the launcher link, menu entry, metainfo, icons
    (PNG and SVG), man page and copyright; and none of the older names of the menu entry or
    icons."""
    listing = run([tool("dpkg-deb"), "--contents", deb], cwd, dict(os.environ)).stdout
    paths = {}
    for line in listing.splitlines():
        mode, owner, _size, _date, _time, name, *link = line.split()
        if owner != "root/root":
            raise CheckFailed(f"{deb.name}: {name} belongs to {owner}, not root/root")
        if name != "./" and not name.startswith("./usr/"):
            raise CheckFailed(f"{deb.name}: {name} lies outside /usr")
        paths[name] = link[1] if link else mode
    needed = {
        f"./usr/bin/{APP}": LAUNCHER_TARGET,
        f"./usr/lib/{APP}/{APP}": "-rwxr-xr-x",
        f"./usr/share/applications/{DESKTOP_FILE}": "-rw-r--r--",
        f"./usr/share/metainfo/{METAINFO_FILE}": "-rw-r--r--",
        f"./usr/share/icons/{SCALABLE.as_posix()}": "-rw-r--r--",
        f"./usr/share/doc/{APP}/copyright": "-rw-r--r--",
        f"./usr/share/man/man6/{APP}.6.gz": "-rw-r--r--",
    }
    for size in ICON_SIZES:
        needed[f"./usr/share/icons/{hicolor_path(size).as_posix()}"] = "-rw-r--r--"
    wrong = {name: paths.get(name) for name, want in needed.items() if paths.get(name) != want}
    if wrong:
        raise CheckFailed(f"{deb.name}: unexpected entries {wrong}")
    old = [name for name in paths if PurePosixPath(name).name in OLD_NAMES]
    if old:
        raise CheckFailed(f"{deb.name}: still ships files under their old names: {old}")


def check_no_maintainer_scripts(deb: Path, scratch: Path) -> None:
    """The package runs no script as root: menu and icon caches follow from dpkg triggers."""
    control = scratch / "control"
    run([tool("dpkg-deb"), "--control", deb, control], scratch, dict(os.environ))
    names = sorted(path.name for path in control.iterdir())
    if names != ["control", "md5sums"]:
        raise CheckFailed(f"{deb.name}: control files {names} (no scripts expected)")


def scratch_root(scratch: Path) -> Path:
    root = scratch / "root"
    admin = root / DPKG_ADMIN
    for folder in ("info", "updates", "triggers"):
        (admin / folder).mkdir(parents=True)
    (admin / "status").touch()
    return root


def dpkg(root: Path) -> list[str]:
    """dpkg on a scratch root: its own database, no chroot (no scripts to run), the scratch
    root lacking libc6 is fine, and no root rights are needed."""
    command = [tool("dpkg"), f"--root={root}", "--force-script-chrootless", "--log=/dev/null"]
    if os.geteuid() != 0:
        command.append("--force-not-root")
    return command


def check_deb(deb: Path, release: Release, scratch: Path) -> str:
    """Every check of the .deb; returns the installed program's self-test line."""
    elsewhere = outside_repository(scratch)
    check_fields(deb, release, elsewhere)
    check_contents(deb, elsewhere)
    check_no_maintainer_scripts(deb, scratch)
    root = scratch_root(scratch)

    def not_the_database(path: PurePosixPath) -> bool:
        return path == DPKG_ADMIN or DPKG_ADMIN in path.parents

    before = snapshot(root, skip=not_the_database)
    env = clean_env(scratch / "home")
    (scratch / "home").mkdir(exist_ok=True)
    run([*dpkg(root), "--force-depends", "--install", deb], elsewhere, env)
    entry_path = root / "usr/share/applications" / DESKTOP_FILE
    validate_desktop_file(entry_path)
    validate_metainfo(root / "usr/share/metainfo" / METAINFO_FILE)
    if desktop_entry(entry_path).get("Exec") != APP:
        raise CheckFailed(f"{entry_path}: Exec should start {APP} from PATH")
    check_manpage(root / "usr/share/man/man6" / f"{APP}.6.gz")
    line = check_launcher(root / "usr/bin" / APP, release, elsewhere, env)
    run([*dpkg(root), "--purge", APP], elsewhere, env)
    expect_unchanged(before, snapshot(root, skip=not_the_database), "the root after dpkg --purge")
    return line
