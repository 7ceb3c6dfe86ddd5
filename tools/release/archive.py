"""The archive people download: ``nove-desktop-VERSION-linux-MACHINE.tar.gz``.

It unpacks into ``nove-desktop-VERSION/``::

    nove-desktop/             the onedir build (runs from here as it is)
    APP_ID.desktop            the menu entry (install.sh writes the program's path into it)
    APP_ID.metainfo.xml       the AppStream metainfo (what software centres show)
    icons/hicolor/SIZE/apps/APP_ID.png, icons/hicolor/scalable/apps/APP_ID.svg
    nove-desktop.6            the man page (install.sh puts it in share/man/man6/)
    install.sh                installs for the user, without root; --uninstall removes it
    README.txt
"""

from __future__ import annotations

import tarfile
from pathlib import Path

from nove_desktop.version import APP_ID

from .appstream import write_desktop_file, write_metainfo
from .icons import write_icons
from .layout import APP, Release, template
from .manpage import write_page


def _normalised(info: tarfile.TarInfo) -> tarfile.TarInfo:
    """Members owned by nobody in particular, with plain permissions (as a user unpacks them)."""
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    if info.isdir():
        info.mode = 0o755
    elif info.isfile():
        info.mode = 0o755 if info.mode & 0o100 else 0o644
    return info


def stage_extras(release: Release, glibc: str, folder: Path) -> Path:
    """Everything of the archive but the build itself, written under ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    install = folder / "install.sh"
    script = template("install.sh", version=release.version, app_id=APP_ID)
    install.write_text(script, encoding="utf-8")
    install.chmod(0o755)
    readme = template(
        "README-archive.txt", version=release.version, machine=release.machine, glibc=glibc
    )
    (folder / "README.txt").write_text(readme, encoding="utf-8")
    write_desktop_file(folder)
    write_metainfo(folder)
    write_icons(folder / "icons")
    write_page(folder, release.version)  # the man page, written from cli.py's parser
    return folder


def write_archive(
    onedir: Path, extras: Path, release: Release, out: Path, compresslevel: int
) -> Path:
    """Write the archive into the folder ``out``; returns its path."""
    path = out / release.archive_name
    top = release.top_folder
    with tarfile.open(path, "w:gz", compresslevel=compresslevel) as archive:
        archive.add(extras, arcname=top, filter=_normalised)
        archive.add(onedir, arcname=f"{top}/{APP}", filter=_normalised)
    return path
