"""The Python packaging: pyproject.toml's metadata, the catalogs compiled by setup.py, and the
check of the wheel's files (tools/wheel_check.py). The wheel itself is built, installed and
self-tested by ``./dev.sh test`` (``python -m tools.wheel_check``), not here: it takes ~30 s."""

from __future__ import annotations

import gettext
import importlib.util
import re
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

from nove_desktop.version import HOMEPAGE
from tools import wheel_check

REPO = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]


# -- pyproject.toml -------------------------------------------------------------------------------
def test_the_homepage_is_the_one_the_app_names() -> None:
    assert PROJECT["urls"]["Homepage"] == HOMEPAGE
    for name in ("Documentation", "Changelog", "Issues"):
        assert PROJECT["urls"][name].startswith(HOMEPAGE + "/")


def test_the_licence_is_an_spdx_expression_with_its_files() -> None:
    assert PROJECT["license"] == "LicenseRef-Proprietary"
    for pattern in PROJECT["license-files"]:
        assert list(REPO.glob(pattern)), f"license-files names {pattern}, which does not exist"
    assert "All rights reserved" in (REPO / "LICENSE").read_text(encoding="utf-8")
    # An SPDX expression replaces the License :: classifiers (setuptools refuses both).
    assert not [c for c in PROJECT["classifiers"] if c.startswith("License ::")]
    # PEP 639 (license as a string, license-files) needs setuptools 77.
    assert "setuptools>=77" in PYPROJECT["build-system"]["requires"]


def test_a_proprietary_project_cannot_be_uploaded_by_mistake() -> None:
    assert "Private :: Do Not Upload" in PROJECT["classifiers"]


def test_the_developer_tools_are_dependency_groups_not_extras() -> None:
    groups = PYPROJECT["dependency-groups"]
    assert {"test", "lint", "build", "bench", "dev"} <= set(groups)
    included = {item["include-group"] for item in groups["dev"] if isinstance(item, dict)}
    assert included == {"test", "lint", "build"}  # bench (mutmut) stays out of CI
    assert "optional-dependencies" not in PROJECT
    runtime = {re.split(r"[<>=]", requirement)[0] for requirement in PROJECT["dependencies"]}
    assert runtime == {"pygame-ce", "platformdirs", "websockets", "zeroconf"}


def test_dev_sh_installs_the_dev_group_with_a_pip_that_knows_groups() -> None:
    script = (REPO / "dev.sh").read_text(encoding="utf-8")
    assert '--upgrade "pip>=25.1"' in script
    assert "-e . --group dev" in script
    assert "-m tools.wheel_check" in script


# -- setup.py: the catalogs compiled into the build -----------------------------------------------
def load_setup_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("nove_setup_script", REPO / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # setup() runs only as __main__
    return module


def po_translation(language: str, message: str) -> str:
    """The translation of ``message`` read from the .po text itself (not through Babel)."""
    po = (REPO / "assets" / "locale" / language / "LC_MESSAGES" / "nove.po").read_text("utf-8")
    found = re.search(rf'^msgid "{re.escape(message)}"\nmsgstr "(.+)"$', po, re.MULTILINE)
    assert found, f"{message!r} is not translated in the {language} catalog"
    return found.group(1)


def test_setup_compiles_every_catalog_into_the_build(tmp_path: Path) -> None:
    setup_script = load_setup_script()
    source = REPO / "nove_desktop" / "assets" / "locale"
    written = setup_script.compile_catalogs(source, tmp_path)
    assert sorted(path.relative_to(tmp_path).as_posix() for path in written) == [
        f"{language}/LC_MESSAGES/nove.mo" for language in ("de", "fr", "it")
    ]
    for language in ("de", "fr", "it"):
        with (tmp_path / language / "LC_MESSAGES" / "nove.mo").open("rb") as handle:
            catalog = gettext.GNUTranslations(handle)
        for message in ("New game", "Settings"):
            assert catalog.gettext(message) == po_translation(language, message)
    assert not list(source.glob("*/LC_MESSAGES/*.mo.partial"))


def test_setup_refuses_to_build_without_catalogs(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="no translation catalogs"):
        load_setup_script().compile_catalogs(tmp_path / "empty", tmp_path / "out")


# -- tools/wheel_check.py: what the wheel must hold -----------------------------------------------
MODULES = ["nove_desktop/__init__.py", "nove_desktop/ai/__init__.py", "nove_desktop/ui/table/x.py"]
GOOD = [
    *MODULES,
    "nove_desktop/assets/fonts/DejaVuSans.ttf",
    "nove_desktop/assets/fonts/DejaVuSans-Bold.ttf",
    "nove_desktop/assets/licenses/components.json",
    "nove_desktop/assets/locale/fr/LC_MESSAGES/nove.mo",
    "nove_desktop/assets/locale/de/LC_MESSAGES/nove.mo",
    "nove_desktop-0.2.0.dist-info/METADATA",
    "nove_desktop-0.2.0.dist-info/licenses/LICENSE",
]


def problems(names: list[str]) -> list[str]:
    return wheel_check.wheel_problems(names, MODULES, ["de", "fr"])


def test_a_complete_wheel_has_no_problem() -> None:
    assert problems(GOOD) == []


@pytest.mark.parametrize("folder", ["ai", "tests", "tools", "bench", "assets"])
def test_a_top_level_folder_other_than_the_package_is_a_problem(folder: str) -> None:
    assert problems([*GOOD, f"{folder}/__init__.py"]) == [
        f"top-level {folder!r} in the wheel "
        f"({'not the app' if folder == 'assets' else 'a folder of the repository'}): "
        "only nove_desktop belongs there"
    ]


def test_a_missing_module_catalog_or_font_is_a_problem() -> None:
    names = [
        name
        for name in GOOD
        if not name.endswith(("table/x.py", "fr/LC_MESSAGES/nove.mo", "DejaVuSans.ttf"))
    ]
    assert problems(names) == [
        "nove_desktop/ui/table/x.py is missing (a package folder without __init__.py?)",
        "nove_desktop/assets/fonts/DejaVuSans.ttf is missing",
        "the fr catalog is not compiled into the wheel (nove.mo)",
    ]


def test_catalog_sources_are_not_shipped() -> None:
    names = [*GOOD, "nove_desktop/assets/locale/nove.pot"]
    assert problems(names) == [
        "nove_desktop/assets/locale/nove.pot: a catalog source, not needed at run time"
    ]


def test_the_source_modules_include_the_linked_ai_package_and_the_table_kit() -> None:
    modules = wheel_check.source_modules()
    assert "nove_desktop/ai/__init__.py" in modules
    assert "nove_desktop/ui/table/__init__.py" in modules
    assert wheel_check.catalog_languages() == ["de", "fr", "it"]


def test_every_package_folder_is_a_regular_package() -> None:
    """pyproject.toml finds packages with ``namespaces = false``: a folder of modules without
    ``__init__.py`` would be left out of the wheel."""
    folders = {Path(name).parent for name in wheel_check.source_modules()}
    assert [f for f in sorted(folders) if not (REPO / f / "__init__.py").is_file()] == []
