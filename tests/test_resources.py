"""Finding assets from source and inside a PyInstaller bundle (``nove_desktop/resources.py``)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

from nove_desktop import resources
from nove_desktop.resources import asset_path

REPO = Path(__file__).resolve().parents[1]
FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LICENSE-DejaVu.txt")


@pytest.mark.parametrize("name", FONTS)
def test_the_bundled_fonts_are_found_from_source(name: str) -> None:
    path = asset_path("fonts", name)
    assert path == REPO / "assets" / "fonts" / name
    assert path.is_file() and path.stat().st_size > 0


def test_parts_may_be_given_as_one_relative_path() -> None:
    assert asset_path("fonts/DejaVuSans.ttf") == asset_path("fonts", "DejaVuSans.ttf")


def test_the_font_licence_is_the_bitstream_vera_licence() -> None:
    text = asset_path("fonts", "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream" in text and "Permission is hereby granted" in text


def test_the_assets_folder_itself() -> None:
    assert asset_path() == REPO / "assets"


def test_a_missing_asset_names_itself_and_where_it_was_looked_for() -> None:
    with pytest.raises(FileNotFoundError) as caught:
        asset_path("fonts", "Missing.ttf")
    message = str(caught.value)
    assert "'fonts/Missing.ttf'" in message
    assert str(REPO / "assets") in message


@pytest.mark.parametrize("parts", [("..", "README.md"), ("fonts", "..", "..", "pyproject.toml")])
def test_paths_leaving_the_assets_folder_are_refused(parts: tuple[str, ...]) -> None:
    with pytest.raises(ValueError, match="relative to the assets folder"):
        asset_path(*parts)


def test_absolute_paths_are_refused() -> None:
    with pytest.raises(ValueError):
        asset_path(str(REPO / "assets" / "fonts" / "DejaVuSans.ttf"))


def test_frozen_the_bundle_folder_is_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    font = tmp_path / "assets" / "fonts" / "DejaVuSans.ttf"
    font.parent.mkdir(parents=True)
    font.write_bytes(b"font")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert asset_path("fonts", "DejaVuSans.ttf") == font


def test_frozen_a_missing_asset_names_the_bundle_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    with pytest.raises(FileNotFoundError, match=r"fonts/DejaVuSans-Bold\.ttf") as caught:
        asset_path("fonts", "DejaVuSans-Bold.ttf")
    assert str(tmp_path / "assets") in str(caught.value)


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
