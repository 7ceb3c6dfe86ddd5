"""The licences of the shipped software (assets/licenses/components.json) and how a build's
shared libraries are matched to them."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

import pytest

from nove_desktop.licenses import (
    Component,
    LicenceManifestError,
    bundled_components,
    is_shared_library,
    licence_folder,
    parse_components,
    unaccounted,
)

REPO = Path(__file__).resolve().parents[1]
ASSETS = REPO / "assets"


def test_every_component_has_readable_licence_texts():
    components = bundled_components()
    names = [c.name for c in components]
    assert len(names) == len(set(names))
    for component in components:
        for file in component.files:
            text = (ASSETS / file).read_text(encoding="utf-8")
            assert len(text) > 300, file


def test_the_brief_minimum_is_listed():
    licences = {c.name: c.licence for c in bundled_components()}
    assert licences["pygame-ce"] == "LGPL 2.1"
    assert licences["SDL 2"] == "zlib"
    assert licences["FreeType"].startswith("FreeType License")
    assert licences["platformdirs"] == "MIT"
    # Network play (issue 31): websockets, zeroconf and zeroconf's ifaddr.
    assert licences["websockets"] == "BSD 3-clause"
    assert licences["python-zeroconf"] == "LGPL 2.1 or later"
    assert licences["ifaddr"] == "MIT"
    assert licences["Python 3"].startswith("PSF")
    assert "DejaVu Sans fonts" in licences


def test_no_licence_text_is_left_unlisted():
    listed = {file for c in bundled_components() for file in c.files}
    present = {
        f"licenses/{path.name}"
        for path in (ASSETS / "licenses").iterdir()
        if path.name != "components.json"
    }
    assert present <= listed


def test_licence_folder_is_the_assets_folder():
    # The package's assets folder: from a checkout, a link to the repository's assets/.
    assert Path(licence_folder()) == REPO / "nove_desktop" / "assets" / "licenses"
    assert Path(licence_folder()).resolve() == ASSETS / "licenses"


@pytest.mark.parametrize(
    ("path", "owner"),
    [
        ("pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10", "SDL 2"),
        ("libSDL2_ttf-2-e69aa315.0.so.0.2400.0", "SDL_ttf"),
        ("libopus-ddd6afb9.so.0.11.1", "Opus"),
        ("libopusfile-96d7a9c0.so.0.4.5", "opusfile"),
        ("python3.11/lib-dynload/_struct.cpython-311-x86_64-linux-gnu.so", "Python 3"),
        ("libpython3.11.so.1.0", "Python 3"),
        ("pygame/_sdl2/video.cpython-311-x86_64-linux-gnu.so", "pygame-ce"),
        ("libz.so.1", "zlib"),
        ("libstdc++.so.6", "GCC runtime (libgcc, libstdc++)"),
    ],
)
def test_each_library_has_exactly_one_owner(path, owner):
    owners = [c.name for c in bundled_components() if c.accounts_for(PurePosixPath(path))]
    assert owners == [owner]


def test_unaccounted_lists_only_unknown_shared_libraries():
    components = bundled_components()
    paths = [
        PurePosixPath(p)
        for p in (
            "libSDL2-2-1.0.so.0",
            "libmystery.so.3",
            "assets/fonts/DejaVuSans.ttf",
            "base_library.zip",
            "extra/thing.cpython-311-x86_64-linux-gnu.so",
        )
    ]
    assert unaccounted(paths, components) == [
        PurePosixPath("extra/thing.cpython-311-x86_64-linux-gnu.so"),
        PurePosixPath("libmystery.so.3"),
    ]


@pytest.mark.parametrize(
    ("name", "shared"),
    [
        ("libz.so.1", True),
        ("libSDL2-2-50d19f93.0.so.0.3200.10", True),
        ("base.cpython-311-x86_64-linux-gnu.so", True),
        ("SDL2.dll", True),
        ("_struct.pyd", True),
        ("libSDL2.dylib", True),
        ("LICENSE.txt", False),
        ("libsomething.so.txt", False),
        ("nove-desktop", False),
    ],
)
def test_is_shared_library(name, shared):
    assert is_shared_library(name) is shared


def test_a_pattern_with_a_slash_matches_the_path():
    component = Component("X", "MIT", ("licenses/x.txt",), ("pkg/*",))
    assert component.accounts_for(PurePosixPath("pkg/sub/a.so"))
    assert not component.accounts_for(PurePosixPath("other/pkg/a.so"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON"),
        ('{"components": []}', "no 'components' list"),
        ('{"components": [3]}', "component 1 is not an object"),
        ('{"components": [{"licence": "MIT", "files": [], "binaries": []}]}', "needs a 'name'"),
        (
            '{"components": [{"name": "A", "licence": "MIT", "files": "a", "binaries": []}]}',
            "'files' must be a list",
        ),
        (
            '{"components": [{"name": "A", "licence": "MIT", "files": [], "binaries": []}]}',
            "names no licence file",
        ),
        (
            '{"components": [{"name": "A", "licence": "MIT", "files": ["a"]}]}',
            "'binaries' must be a list",
        ),
    ],
)
def test_a_damaged_manifest_is_refused_with_a_reason(text, message):
    with pytest.raises(LicenceManifestError, match=message):
        parse_components(text)


def test_a_missing_licence_file_names_the_component(monkeypatch):
    import nove_desktop.licenses as licenses

    text = '{"components": [{"name": "Ghost", "licence": "MIT", "files": ["licenses/none.txt"],'
    text += ' "binaries": []}]}'

    class Manifest:
        def read_text(self, encoding: str) -> str:
            return text

    real = licenses.asset_path
    monkeypatch.setattr(
        licenses,
        "asset_path",
        lambda *parts: Manifest() if parts == licenses.MANIFEST else real(*parts),
    )
    with pytest.raises(LicenceManifestError, match=r"Ghost: Missing asset 'licenses/none.txt'"):
        licenses.bundled_components()
