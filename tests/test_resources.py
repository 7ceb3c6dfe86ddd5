"""Finding assets from source, installed and inside a PyInstaller bundle
(``nove_desktop/resources.py``)."""

from __future__ import annotations

import os
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from nove_desktop import resources
from nove_desktop.resources import asset_path

REPO = Path(__file__).resolve().parents[1]
PACKAGE_ASSETS = REPO / "nove_desktop" / "assets"  # a link to the repository's assets/
FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LICENSE-DejaVu.txt")


@pytest.mark.parametrize("name", FONTS)
def test_the_bundled_fonts_are_found_from_source(name: str) -> None:
    path = asset_path("fonts", name)
    assert path == PACKAGE_ASSETS / "fonts" / name
    # From a checkout, the package's assets are the repository's top-level folder (the source).
    assert path.resolve() == REPO / "assets" / "fonts" / name
    assert path.is_file() and path.stat().st_size > 0


def test_the_package_assets_link_to_the_repository_assets() -> None:
    assert PACKAGE_ASSETS.is_symlink()
    assert os.readlink(PACKAGE_ASSETS) == os.path.join("..", "assets")


def test_parts_may_be_given_as_one_relative_path() -> None:
    assert asset_path("fonts/DejaVuSans.ttf") == asset_path("fonts", "DejaVuSans.ttf")


def test_the_font_licence_is_the_bitstream_vera_licence() -> None:
    text = asset_path("fonts", "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream" in text and "Permission is hereby granted" in text


def test_the_assets_folder_itself() -> None:
    assert asset_path() == PACKAGE_ASSETS


def test_a_missing_asset_names_itself_and_where_it_was_looked_for() -> None:
    with pytest.raises(FileNotFoundError) as caught:
        asset_path("fonts", "Missing.ttf")
    message = str(caught.value)
    assert "'fonts/Missing.ttf'" in message
    assert str(PACKAGE_ASSETS) in message


@pytest.mark.parametrize("parts", [("..", "README.md"), ("fonts", "..", "..", "pyproject.toml")])
def test_paths_leaving_the_assets_folder_are_refused(parts: tuple[str, ...]) -> None:
    with pytest.raises(ValueError, match="relative to the assets folder"):
        asset_path(*parts)


def test_absolute_paths_are_refused() -> None:
    with pytest.raises(ValueError):
        asset_path(str(REPO / "assets" / "fonts" / "DejaVuSans.ttf"))


@pytest.fixture
def installed_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A package ``fake_nove`` with an ``assets`` folder, importable from ``tmp_path`` (as a
    wheel installs it into site-packages); its folder."""
    package = tmp_path / "fake_nove"
    (package / "assets" / "fonts").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "assets" / "fonts" / "DejaVuSans.ttf").write_bytes(b"font")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield package
    sys.modules.pop("fake_nove", None)


def test_an_installed_package_finds_the_assets_inside_itself(installed_package: Path) -> None:
    assert resources.assets_root("fake_nove") == installed_package / "assets"


def test_frozen_makes_no_difference(
    installed_package: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One way for every layout: a PyInstaller bundle's resource reader gives the package's own
    folder too, so ``sys._MEIPASS`` is never read (an ``assets`` folder there is ignored)."""
    (tmp_path / "assets" / "fonts").mkdir(parents=True)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.assets_root("fake_nove") == installed_package / "assets"
    assert asset_path("fonts", "DejaVuSans.ttf") == PACKAGE_ASSETS / "fonts" / "DejaVuSans.ttf"


def test_the_bundle_destination_is_the_package_folder_in_the_bundle() -> None:
    """PyInstaller's resource reader (pyimod02_importers.PyiFrozenResourceReader) answers
    ``files("nove_desktop")`` with ``<bundle>/nove_desktop``: build.spec must put the assets in
    ``nove_desktop/assets`` under the bundle's folder."""
    assert resources.BUNDLE_DESTINATION == "nove_desktop/assets"
    spec = (REPO / "build.spec").read_text(encoding="utf-8")
    assert '(str(ROOT / "assets"), BUNDLE_DESTINATION)' in spec


def test_a_package_imported_from_a_zip_file_is_refused_clearly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    archive = tmp_path / "zipped.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("zipped_nove/__init__.py", "")
        zipped.writestr("zipped_nove/assets/fonts/DejaVuSans.ttf", "font")
    monkeypatch.syspath_prepend(str(archive))
    try:
        with pytest.raises(FileNotFoundError, match=r"not on the file system.*install it unpacked"):
            resources.assets_root("zipped_nove")
    finally:
        sys.modules.pop("zipped_nove", None)


def test_the_module_does_not_import_pygame() -> None:
    source = Path(resources.__file__).read_text(encoding="utf-8")
    assert "pygame" not in source.replace("never imports pygame", "")


def test_the_bundled_font_has_the_suit_symbols_and_accents() -> None:
    """Rendering a character the font lacks gives the same picture as a private-use code
    point (the "missing glyph" box); every character the tables show must differ from it."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    pygame = pytest.importorskip("pygame")
    pygame.font.init()  # not quit afterwards: UI tests in the same run may hold fonts
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        font = pygame.font.Font(str(asset_path("fonts", name)), 24)

        def picture(text: str, font: Any = font) -> tuple[object, bytes]:
            # ``font`` is the loop's pygame Font (pygame comes from importorskip, untyped here).
            surface = font.render(text, True, (255, 255, 255))
            return surface.get_size(), pygame.image.tobytes(surface, "RGBA")

        missing = picture("\ue000")
        for char in "♠♥♦♣★ëËé−◀▶":
            assert picture(char) != missing, f"{name} lacks {char!r}"
