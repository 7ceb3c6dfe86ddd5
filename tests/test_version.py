"""The version: written once in pyproject.toml, shown by ``nove-desktop --version``."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

import nove_desktop
from nove_desktop import cli, version

REPO = Path(__file__).resolve().parents[1]


def pyproject() -> str:
    return tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "version"
    ]


def test_the_source_checkout_reads_pyproject():
    assert version.source_pyproject() == REPO / "pyproject.toml"
    assert version.app_version() == pyproject()
    assert nove_desktop.__version__ == pyproject()


def test_an_unknown_package_attribute_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no_such_thing"):
        nove_desktop.no_such_thing  # noqa: B018


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('[project]\nname = "nove-desktop"\nversion = "1.2.3"\n', "1.2.3"),
        ('[project]\nname = "other-app"\nversion = "1.2.3"\n', None),
        ('[project]\nname = "nove-desktop"\n', None),
        ('[project]\nname = "nove-desktop"\nversion = 3\n', None),
        ("[project\nname = ", None),
        ("", None),
    ],
)
def test_pyproject_version(tmp_path, text, expected):
    path = tmp_path / "pyproject.toml"
    path.write_text(text, encoding="utf-8")
    assert version.pyproject_version(path) == expected


def test_a_missing_pyproject_gives_none(tmp_path):
    assert version.pyproject_version(tmp_path / "pyproject.toml") is None


def test_installed_reads_the_metadata(monkeypatch, tmp_path):
    monkeypatch.setattr(version, "source_pyproject", lambda: tmp_path / "pyproject.toml")
    monkeypatch.setattr(metadata, "version", lambda name: f"{name} 7.0")
    assert version.app_version() == "nove-desktop 7.0"
    # A source checkout's pyproject.toml comes first.
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "nove-desktop"\nversion = "0.0.1"\n', encoding="utf-8"
    )
    assert version.app_version() == "0.0.1"


def test_no_source_of_the_version_shows_unknown(monkeypatch, tmp_path):
    def missing(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(version, "source_pyproject", lambda: tmp_path / "pyproject.toml")
    monkeypatch.setattr(metadata, "version", missing)
    assert version.app_version() == "unknown"


def write_metadata(bundle: Path, text: str) -> None:
    folder = bundle / "nove_desktop-0.2.0.dist-info"
    folder.mkdir(parents=True)
    (folder / "METADATA").write_text(text, encoding="utf-8")


def test_frozen_reads_the_bundled_metadata_only(monkeypatch, tmp_path):
    bundle = tmp_path / "bundle"
    write_metadata(bundle, "Metadata-Version: 2.1\nName: nove-desktop\nVersion: 3.1.4\n")
    # Beside the bundle, a pyproject.toml is not the app's source: it is ignored.
    (bundle / "pyproject.toml").write_text(
        '[project]\nname = "nove-desktop"\nversion = "0.0.1"\n', encoding="utf-8"
    )
    monkeypatch.setattr(version, "source_pyproject", lambda: bundle / "pyproject.toml")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert version.app_version() == "3.1.4"
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "elsewhere"), raising=False)
    assert version.app_version() == "unknown"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Metadata-Version: 2.1\nName: nove-desktop\nVersion: 0.2.0\n", "0.2.0"),
        ("Name: nove-desktop\nversion:  1.0 \n", "1.0"),
        ("Name: nove-desktop\n\nVersion: 9.9\n", None),  # in the description, not a header
        ("Name: nove-desktop\nVersion:\n", None),
        ("", None),
    ],
)
def test_metadata_version(text, expected):
    assert version.metadata_version(text) == expected


def test_cli_version(capsys):
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out == f"nove-desktop {pyproject()}\n"


def test_cli_version_from_another_folder(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "nove_desktop", "--version"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, f"nove-desktop {pyproject()}\n", "")
