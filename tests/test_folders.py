"""Where the app keeps its files on each platform (``nove_desktop/folders.py``).

The expected folders are written out by hand from platformdirs' documented layout for each
platform, not computed with it: Windows and macOS are checked here on Linux through platformdirs'
own ``Windows`` and ``MacOS`` classes (what a frozen build on those systems runs).
"""

from __future__ import annotations

from pathlib import Path, PureWindowsPath

import platformdirs
import pytest
from platformdirs.macos import MacOS
from platformdirs.unix import Unix
from platformdirs.windows import Windows

from nove_desktop.folders import DATA_ENV, Folders, default_folders, platform_folders
from nove_desktop.storage import Storage

XDG_VARIABLES = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME")


@pytest.fixture
def plain_home(monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home folder and no XDG variables, no override."""
    for name in (*XDG_VARIABLES, DATA_ENV):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", "/home/ada")
    return Path("/home/ada")


def test_linux_uses_the_three_xdg_folders(plain_home: Path) -> None:
    assert platform_folders(Unix) == Folders(
        data=Path("/home/ada/.local/share/nove-desktop"),
        config=Path("/home/ada/.config/nove-desktop"),
        state=Path("/home/ada/.local/state/nove-desktop"),
    )


def test_linux_honours_the_xdg_variables(plain_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", "/d")
    monkeypatch.setenv("XDG_CONFIG_HOME", "/c")
    monkeypatch.setenv("XDG_STATE_HOME", "/s")
    assert platform_folders(Unix) == Folders(
        Path("/d/nove-desktop"), Path("/c/nove-desktop"), Path("/s/nove-desktop")
    )


def test_windows_keeps_all_three_in_local_app_data(
    plain_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # platformdirs' documented override of the Known Folder lookup, which needs Windows itself
    monkeypatch.setenv("WIN_PD_OVERRIDE_LOCAL_APPDATA", r"C:\Users\Ada\AppData\Local")
    found = platform_folders(Windows)
    expected = PureWindowsPath(r"C:\Users\Ada\AppData\Local\nove-desktop")
    assert [PureWindowsPath(str(path)) for path in (found.data, found.config, found.state)] == [
        expected
    ] * 3
    assert not found.separate  # nothing to migrate there: 0.2.0 used the same folder


def test_macos_keeps_all_three_in_application_support(plain_home: Path) -> None:
    support = Path("/home/ada/Library/Application Support/nove-desktop")
    assert platform_folders(MacOS) == Folders(support, support, support)


@pytest.mark.parametrize("dirs", [Unix, Windows, MacOS])
def test_storage_without_the_variable_uses_the_running_platforms_folders(
    plain_home: Path, monkeypatch: pytest.MonkeyPatch, dirs: type[Unix]
) -> None:
    monkeypatch.setenv("WIN_PD_OVERRIDE_LOCAL_APPDATA", r"C:\Users\Ada\AppData\Local")
    monkeypatch.setattr(platformdirs, "PlatformDirs", dirs)  # as on that platform
    store = Storage()  # names only: nothing is created until a file is used
    assert store.folders == platform_folders(dirs)
    assert store.root == store.folders.data


def test_the_variable_puts_every_file_in_one_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATA_ENV, f"  {tmp_path / 'portable'}  ")
    assert default_folders() == Folders.single(tmp_path / "portable")
    monkeypatch.setenv(DATA_ENV, "   ")  # blank: as if unset
    assert default_folders() == platform_folders()


def test_root_and_folders_cannot_both_be_given(tmp_path: Path) -> None:
    with pytest.raises(TypeError):
        Storage(tmp_path, folders=Folders.single(tmp_path))
