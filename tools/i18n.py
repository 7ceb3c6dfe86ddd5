"""The translation catalogs, with Babel: extract, update, compile, count.

    python -m tools.i18n extract   # every marked string of the app -> assets/locale/nove.pot
    python -m tools.i18n update    # merge the template into each nove.po (new strings untranslated)
    python -m tools.i18n compile   # nove.po -> nove.mo beside it, where older (the setup runs this)
    python -m tools.i18n stats     # translated / fuzzy / untranslated per language; exit 1 if any
                                   # catalog is incomplete

The strings are found under ``nove_desktop/`` and ``ai/`` by the keywords ``_``, ``N_``,
``ngettext`` and ``pgettext`` (see ``babel.cfg``), and the engine's refusals by ``why`` and
``why_n`` (``nove_desktop/engine/text.py``). The texts of the menu entry and of the AppStream
metainfo (``packaging/*.desktop.in``, ``packaging/*.metainfo.xml.in``) join them through gettext's
``xgettext``, the counterpart of the ``msgfmt`` that merges them back at release time
(``tools/release/appstream.py``): both read those files by the same rules.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
DOMAIN = "nove"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
SOURCES = ["nove_desktop", "ai"]
PACKAGING = ROOT / "packaging"
# The menu entry's and the metainfo's templates; xgettext knows them by these endings.
PACKAGING_TEMPLATES = {".desktop.in": ".desktop", ".metainfo.xml.in": ".metainfo.xml"}
KEYWORDS_NOTE = (
    "TRANSLATORS: search words of the menu entry, separated by ';' (keep the final ';'); "
    "keep the games' names as they are"
)


def po_files(folder: Path = LOCALE) -> dict[str, Path]:
    """Language code -> its ``nove.po``."""
    return {
        path.parent.parent.name: path for path in sorted(folder.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    }


def _pybabel(*args: str) -> None:
    command = [sys.executable, "-m", "babel.messages.frontend", "--quiet", *args]
    subprocess.run(command, check=True, cwd=ROOT)


def extract(output: Path | None = None) -> None:
    _pybabel(
        "extract",
        "-F",
        "babel.cfg",
        "-k",
        "N_",
        "-k",
        "NP_:1c,2",
        "-k",
        "pgettext:1c,2",
        "-k",
        "why",
        "-k",
        "why_n:1,2",  # the engine's refusals (nove_desktop/engine/text.py)
        "--no-location",
        "--no-wrap",
        "--sort-output",
        "--add-comments",
        "TRANSLATORS:",
        "--project",
        "nove-desktop",
        "--copyright-holder",
        "the nove-desktop authors",
        "--msgid-bugs-address",
        "https://example.invalid/nove-desktop/issues",
        "-o",
        str(output or TEMPLATE),
        *SOURCES,
    )
    add_packaging_messages(output or TEMPLATE)


def packaging_templates(folder: Path = PACKAGING) -> list[Path]:
    """The menu entry and metainfo templates whose texts are translated."""
    return sorted(
        path for path in folder.iterdir() if path.name.endswith(tuple(PACKAGING_TEMPLATES))
    )


def packaging_messages(folder: Path = PACKAGING) -> Catalog:
    """The translatable texts of the packaging templates, read by ``xgettext`` (from gettext):
    a desktop entry's Name, GenericName, Comment and Keywords; what the metainfo rules of
    AppStream mark translatable (summary, description, captions, keywords)."""
    xgettext = shutil.which("xgettext")
    if xgettext is None:
        raise SystemExit(
            "xgettext is missing: install gettext and appstream (sudo apt-get install gettext "
            "appstream; ./dev.sh does it when run as root)"
        )
    with tempfile.TemporaryDirectory(prefix="nove-i18n-") as scratch:
        copies = []
        for path in packaging_templates(folder):
            # Under the name the file will have: xgettext picks its rules by the ending.
            ending = next(end for end in PACKAGING_TEMPLATES if path.name.endswith(end))
            copy = Path(scratch) / (path.name[: -len(ending)] + PACKAGING_TEMPLATES[ending])
            shutil.copyfile(path, copy)
            copies.append(copy.name)
        pot = Path(scratch) / "packaging.pot"
        command = [xgettext, "--from-code=UTF-8", "--no-wrap", "-o", str(pot), *copies]
        subprocess.run(command, check=True, cwd=scratch)
        with pot.open("rb") as handle:
            return read_po(handle)


def add_packaging_messages(template: Path = TEMPLATE, folder: Path = PACKAGING) -> None:
    """Add the packaging templates' texts to the catalog template written by Babel."""
    with template.open("rb") as handle:
        catalog = read_po(handle)
    for message in packaging_messages(folder):
        if not message.id:
            continue  # the header
        comments = [KEYWORDS_NOTE] if ";" in str(message.id) else []
        found = catalog.get(message.id)
        if found is None:
            catalog.add(message.id, auto_comments=comments)
        else:
            found.auto_comments = [*found.auto_comments, *comments]
    with template.open("wb") as handle:
        write_po(handle, catalog, no_location=True, sort_output=True, width=0)  # no wrap


def update() -> None:
    for language in po_files():
        _pybabel(
            "update",
            "--no-fuzzy-matching",
            "--ignore-obsolete",
            "--no-wrap",
            "-i",
            str(TEMPLATE.relative_to(ROOT)),
            "-d",
            str(LOCALE.relative_to(ROOT)),
            "-D",
            DOMAIN,
            "-l",
            language,
        )


def compile_catalogs(folder: Path = LOCALE, force: bool = False) -> list[Path]:
    """Compile each ``nove.po`` whose ``nove.mo`` is missing or older; returns those written."""
    written = []
    for language, po in po_files(folder).items():
        mo = po.with_suffix(".mo")
        if not force and mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=language, domain=DOMAIN)
        partial = mo.with_suffix(".mo.partial")
        with partial.open("wb") as handle:
            write_mo(handle, catalog, use_fuzzy=False)
        partial.replace(mo)  # a reader never sees half a catalog
        written.append(mo)
    return written


@dataclass(frozen=True)
class Counts:
    translated: int
    fuzzy: int
    untranslated: int

    @property
    def complete(self) -> bool:
        return self.fuzzy == 0 and self.untranslated == 0


def counts(po: Path, language: str) -> Counts:
    with po.open("rb") as handle:
        catalog = read_po(handle, locale=language, domain=DOMAIN)
    translated = fuzzy = untranslated = 0
    for message in catalog:
        if not message.id:
            continue  # the header
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy:
            fuzzy += 1
        elif all(strings):
            translated += 1
        else:
            untranslated += 1
    return Counts(translated, fuzzy, untranslated)


def stats() -> int:
    incomplete = 0
    for language, po in po_files().items():
        c = counts(po, language)
        print(
            f"{language}: {c.translated} translated, {c.fuzzy} fuzzy, {c.untranslated} untranslated"
        )
        incomplete += not c.complete
    return 1 if incomplete else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.i18n",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("command", choices=["extract", "update", "compile", "stats"])
    parser.add_argument("--force", action="store_true", help="compile every catalog")
    args = parser.parse_args(argv)
    if args.command == "extract":
        extract()
    elif args.command == "update":
        update()
    elif args.command == "compile":
        for path in compile_catalogs(force=args.force):
            print(f"compiled {path.relative_to(ROOT)}")
    else:
        return stats()
    return 0


if __name__ == "__main__":
    sys.exit(main())
