"""The Debian package: ``nove-desktop_VERSION_ARCH.deb``, built with ``dpkg-deb``.

It installs the onedir build in ``/usr/lib/nove-desktop`` (Debian keeps a program's private
files there, and a package must not write to ``/opt``), a relative link
``/usr/bin/nove-desktop``, the menu entry, the icon in the hicolor theme and the AppStream
metainfo (all three named by the app's id, ``APP_ID``), the man page
``/usr/share/man/man6/nove-desktop.6.gz`` and ``/usr/share/doc/nove-desktop/copyright``. Files
of an older version that this one no longer has (the menu entry and icons of 0.2.0 were
``nove-desktop.desktop`` and ``nove-desktop.png``) are removed by dpkg itself on upgrade. It has
no maintainer scripts: the menu and icon caches are refreshed by the triggers of
desktop-file-utils and the icon theme packages.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

from .appstream import write_desktop_file, write_metainfo
from .bundle import tree_size_kib
from .layout import APP, PACKAGING, Release, ReleaseError, template
from .manpage import write_gzipped_page

LIB = Path("usr/lib") / APP


def _plain_modes(root: Path) -> None:
    """Folders 755, files 644 or 755: what Debian expects, whatever the builder's umask."""
    for folder, dirs, files in os.walk(root):
        for name in dirs:
            path = Path(folder, name)
            if not path.is_symlink():
                path.chmod(0o755)
        for name in files:
            path = Path(folder, name)
            if not path.is_symlink():
                path.chmod(0o755 if path.stat().st_mode & 0o100 else 0o644)


def _md5sums(root: Path) -> str:
    lines = []
    for path in sorted(root.rglob("*")):
        if path.is_file() and not path.is_symlink() and "DEBIAN" not in path.parts:
            digest = hashlib.md5(path.read_bytes(), usedforsecurity=False).hexdigest()
            lines.append(f"{digest}  {path.relative_to(root).as_posix()}\n")
    return "".join(lines)


def stage_deb(onedir: Path, icons: Path, release: Release, depends: str, root: Path) -> Path:
    """The package's file tree under ``root`` (which must not exist yet), control files
    included. ``icons`` is a folder holding ``hicolor/``."""
    shutil.copytree(onedir, root / LIB, symlinks=True)
    bin_dir = root / "usr/bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / APP).symlink_to(Path("..") / "lib" / APP / APP)
    share = root / "usr/share"
    write_desktop_file(share / "applications")
    write_metainfo(share / "metainfo")
    shutil.copytree(icons / "hicolor", share / "icons" / "hicolor")
    write_gzipped_page(share / "man" / "man6", release.version)  # written from cli.py's parser
    (share / "doc" / APP).mkdir(parents=True)
    shutil.copyfile(PACKAGING / "deb" / "copyright", share / "doc" / APP / "copyright")
    _plain_modes(root)
    control = template(
        "deb/control",
        version=release.deb_version,
        architecture=release.deb_architecture,
        installed_size=str(tree_size_kib(root / "usr")),
        depends=depends,
    )
    (root / "DEBIAN").mkdir(mode=0o755)
    (root / "DEBIAN" / "control").write_text(control, encoding="utf-8")
    (root / "DEBIAN" / "md5sums").write_text(_md5sums(root), encoding="utf-8")
    for name in ("control", "md5sums"):
        (root / "DEBIAN" / name).chmod(0o644)
    return root


def build_deb(root: Path, release: Release, out: Path, compression: str, level: int) -> Path:
    """``dpkg-deb --build`` the staged tree into the folder ``out``. Owners are root's whoever
    builds it (``--root-owner-group``), so no fakeroot is needed."""
    dpkg_deb = shutil.which("dpkg-deb")
    if dpkg_deb is None:
        raise ReleaseError("dpkg-deb is missing: it comes with dpkg (Debian, Ubuntu)")
    path = out / release.deb_name
    command = [dpkg_deb, "--root-owner-group", f"-Z{compression}", f"-z{level}", "--build"]
    done = subprocess.run(
        [*command, str(root), str(path)], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise ReleaseError(f"dpkg-deb failed: {done.stderr.strip() or done.stdout.strip()}")
    return path
