"""The one build step that pyproject.toml cannot declare: compiling the translation catalogs.

Every ``nove_desktop/assets/locale/<lang>/LC_MESSAGES/nove.po`` becomes ``nove.mo`` in the
build, with Babel (a build requirement), so that a wheel, an sdist built into a wheel and an
editable install (``pip install -e .``) all carry working translations. The ``.po`` sources
stay out of the wheel (``exclude-package-data`` in pyproject.toml).
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

PACKAGE = "nove_desktop"
LOCALE = ("assets", "locale")
DOMAIN = "nove"


def compile_catalogs(source: Path, target: Path) -> list[Path]:
    """Compile each ``<lang>/LC_MESSAGES/nove.po`` under ``source`` into the same place under
    ``target``; the ``.mo`` files written. Fuzzy entries are left out, as at run time."""
    from babel.messages.mofile import write_mo  # a build requirement, not a run-time one
    from babel.messages.pofile import read_po

    written = []
    for po in sorted(source.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        language = po.parent.parent.name
        mo = target / po.relative_to(source).with_suffix(".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=language, domain=DOMAIN)
        with mo.open("wb") as handle:
            write_mo(handle, catalog, use_fuzzy=False)
        written.append(mo)
    if not written:
        raise SystemExit(f"no translation catalogs under {source}: the build would ship none")
    return written


class BuildPyWithCatalogs(build_py):
    """``build_py`` that also compiles the catalogs: into the build folder for a wheel, beside
    their sources for an editable install (which runs from the source tree)."""

    def run(self) -> None:
        super().run()
        source = Path(self.get_package_dir(PACKAGE), *LOCALE)
        target = source if self.editable_mode else Path(self.build_lib, PACKAGE, *LOCALE)
        compile_catalogs(source, target)


if __name__ == "__main__":  # how setuptools' build backend runs it; tests import it
    setup(cmdclass={"build_py": BuildPyWithCatalogs})
