"""The menu entry and the AppStream metainfo, translated from the app's own catalogs.

Their sources are ``packaging/APP_ID.desktop.in`` and ``packaging/APP_ID.metainfo.xml.in``:
``@MARKERS@`` are filled from ``nove_desktop.version``, then gettext's ``msgfmt --desktop`` and
``msgfmt --xml`` merge the translations of ``assets/locale/LANG/LC_MESSAGES/nove.po`` (the same
catalogs the app uses; ``python -m tools.i18n extract`` puts these texts into them with
``xgettext``). The metainfo's newest release must be ``pyproject.toml``'s version.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

from nove_desktop.version import APP_ID, HOMEPAGE

from .layout import PACKAGING, ROOT, ReleaseError, template

DESKTOP_FILE = f"{APP_ID}.desktop"
METAINFO_FILE = f"{APP_ID}.metainfo.xml"
DESKTOP_TEMPLATE = PACKAGING / f"{DESKTOP_FILE}.in"
METAINFO_TEMPLATE = PACKAGING / f"{METAINFO_FILE}.in"
LOCALE = ROOT / "assets" / "locale"
DOMAIN = "nove"


def gettext_tool(name: str) -> str:
    """The path of ``msgfmt`` or ``xgettext``; a clear error when gettext is missing."""
    found = shutil.which(name)
    if found is None:
        raise ReleaseError(
            f"{name} is missing: install gettext (sudo apt-get install gettext; "
            "./dev.sh does it when run as root)"
        )
    return found


def filled(source: Path) -> str:
    """A template of ``packaging/`` with the app's id, home page and developer id in it."""
    values = {"app_id": APP_ID}
    text = source.read_text(encoding="utf-8")
    if "@HOMEPAGE@" in text:
        values["homepage"] = HOMEPAGE
    if "@DEVELOPER_ID@" in text:
        values["developer_id"] = APP_ID.rsplit(".", 1)[0]  # the maintainers' reversed domain
    return template(source.relative_to(PACKAGING).as_posix(), **values)


def newest_release(metainfo: str) -> str:
    """The version of the first ``<release>`` of a metainfo text (AppStream lists the newest
    first)."""
    release = ET.fromstring(metainfo).find("releases/release")
    if release is None or not release.get("version"):
        raise ReleaseError("the metainfo lists no release")
    return str(release.get("version"))


def po_folder(folder: Path, locale: Path = LOCALE) -> Path:
    """The catalogs as msgfmt's ``-d`` wants them: ``LANG.po`` files and a ``LINGUAS`` list."""
    folder.mkdir(parents=True, exist_ok=True)
    languages = []
    for po in sorted(locale.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        language = po.parent.parent.name
        shutil.copyfile(po, folder / f"{language}.po")
        languages.append(language)
    if not languages:
        raise ReleaseError(f"no catalogs in {locale}")
    (folder / "LINGUAS").write_text("\n".join(languages) + "\n", encoding="utf-8")
    return folder


def _msgfmt(mode: str, source: str, name: str, out: Path, locale: Path) -> Path:
    """Run ``msgfmt --desktop`` or ``--xml`` on the filled template ``source``; the result is
    ``out/name``."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="nove-desktop-msgfmt-") as scratch:
        # The template keeps the output's name: msgfmt --xml finds its rules by that name.
        filled_template = Path(scratch) / name
        filled_template.write_text(source, encoding="utf-8")
        catalogs = po_folder(Path(scratch) / "po", locale)
        path = out / name
        command = [gettext_tool("msgfmt"), mode, f"--template={filled_template}"]
        done = subprocess.run(
            [*command, "-d", str(catalogs), "-o", str(path)],
            capture_output=True,
            text=True,
            check=False,
        )
    if done.returncode != 0:
        said = (done.stderr or done.stdout).strip()
        if "ITS rules" in said:  # msgfmt --xml reads the metainfo rules that appstream installs
            said += " (install appstream: sudo apt-get install appstream)"
        raise ReleaseError(f"msgfmt {mode} {name} failed: {said}")
    return path


def write_desktop_file(out: Path, locale: Path = LOCALE) -> Path:
    """The translated menu entry ``out/APP_ID.desktop``."""
    return _msgfmt("--desktop", filled(DESKTOP_TEMPLATE), DESKTOP_FILE, out, locale)


def check_newest_release(version: str) -> None:
    """Refuse a release whose version the metainfo does not list first: software centres
    would show the previous one as the newest."""
    newest = newest_release(filled(METAINFO_TEMPLATE))
    if newest != version:
        raise ReleaseError(
            f"the newest release in packaging/{METAINFO_TEMPLATE.name} is {newest}, not "
            f'{version}: add <release version="{version}" date="YYYY-MM-DD"> at the top of '
            "its <releases>"
        )


def write_metainfo(out: Path, locale: Path = LOCALE) -> Path:
    """The translated metainfo ``out/APP_ID.metainfo.xml``."""
    return _msgfmt("--xml", filled(METAINFO_TEMPLATE), METAINFO_FILE, out, locale)
