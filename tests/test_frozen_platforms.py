"""The frozen build's code paths for Windows and macOS, on Linux: PyInstaller cannot cross-build,
so ``sys.platform``, ``sys.frozen`` and ``sys._MEIPASS`` are faked (docs/release.md, "Windows
and macOS"). ``build.spec`` itself is run with stand-ins for PyInstaller's build classes that
record what they are given; the version is read from a fake bundle; the entry script calls
``freeze_support`` before the app (the AI's worker processes need it in a frozen build)."""

from __future__ import annotations

import multiprocessing
import runpy
import sys
from pathlib import Path
from typing import Any

import pytest

import nove_desktop.specs  # noqa: F401  (imported before sys.platform is faked)
import tools.i18n
from nove_desktop import cli, version
from tools.release import frozen

REPO = Path(__file__).resolve().parents[1]
APP_ID = "example.a_seed_076d778b.NoveDesktop"  # written out: the id signing uses must not drift


def run_spec(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, platform: str, which: str = "both"
) -> list[tuple[str, dict[str, Any]]]:
    """Run build.spec as PyInstaller would on ``platform``; returns each build step called
    (``EXE``, ``COLLECT``, ``BUNDLE``...) with its keyword arguments."""
    calls: list[tuple[str, dict[str, Any]]] = []

    class Step:
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            calls.append((type(self).__name__, kwargs))
            self.scripts: list[Any] = []
            self.binaries: list[Any] = []
            self.datas: list[Any] = []
            self.pure: list[Any] = []

    steps = {name: type(name, (Step,), {}) for name in ("Analysis", "PYZ", "EXE", "COLLECT")}
    steps["BUNDLE"] = type("BUNDLE", (Step,), {})
    namespace = {"SPECPATH": str(REPO), "workpath": str(tmp_path), "__name__": "__main__"}
    monkeypatch.setattr(tools.i18n, "compile_catalogs", lambda: None)
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setenv("NOVE_BUILD", which)
    monkeypatch.setattr(sys, "platform", platform)
    source = (REPO / "build.spec").read_text(encoding="utf-8")
    exec(compile(source, str(REPO / "build.spec"), "exec"), {**namespace, **steps})
    return calls


def named(calls: list[tuple[str, dict[str, Any]]], step: str) -> list[dict[str, Any]]:
    return [kwargs for name, kwargs in calls if name == step]


@pytest.mark.parametrize(
    ("platform", "console"), [("linux", True), ("win32", False), ("darwin", False)]
)
def test_build_spec_per_platform(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, platform: str, console: bool
) -> None:
    calls = run_spec(monkeypatch, tmp_path, platform)
    programs = named(calls, "EXE")
    assert [exe["name"] for exe in programs] == ["nove-desktop", "nove-desktop-onefile"]
    assert [exe["console"] for exe in programs] == [console, console]
    assert [kwargs["name"] for kwargs in named(calls, "COLLECT")] == ["nove-desktop"]
    bundles = named(calls, "BUNDLE")
    if platform != "darwin":
        assert bundles == []
        return
    (bundle,) = bundles
    assert bundle["name"] == "nove-desktop.app"
    assert bundle["bundle_identifier"] == APP_ID
    assert bundle["version"] == version.app_version()
    assert bundle["info_plist"]["CFBundleShortVersionString"] == version.app_version()


def test_build_spec_onedir_only_for_ci(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    calls = run_spec(monkeypatch, tmp_path, "win32", which="onedir")
    assert [kwargs["name"] for kwargs in named(calls, "EXE")] == ["nove-desktop"]
    metadata = tmp_path / f"nove_desktop-{version.app_version()}.dist-info" / "METADATA"
    assert f"Version: {version.app_version()}" in metadata.read_text(encoding="utf-8")


@pytest.mark.parametrize("platform", ["linux", "win32", "darwin"])
def test_the_icon_only_where_the_program_carries_one(tmp_path: Path, platform: str) -> None:
    png = tmp_path / "build" / "icons" / "nove-desktop-512.png"
    assert frozen.build_options(platform, tmp_path, "1.0").icon is None  # not written yet
    png.parent.mkdir(parents=True)
    png.write_bytes(b"\x89PNG")
    options = frozen.build_options(platform, tmp_path, "1.0")
    assert options.icon == (None if platform == "linux" else str(png))
    if platform == "darwin":
        assert options.bundle is not None and options.bundle["icon"] == str(png)


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_the_frozen_version_on_other_systems(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, platform: str
) -> None:
    """The bundle's metadata gives the version whatever the system; a source checkout's
    pyproject.toml next to it is ignored."""
    bundle = tmp_path / "_internal"
    (bundle / "nove_desktop-4.5.6.dist-info").mkdir(parents=True)
    (bundle / "nove_desktop-4.5.6.dist-info" / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: nove-desktop\nVersion: 4.5.6\n", encoding="utf-8"
    )
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert version.app_version() == "4.5.6"
    monkeypatch.delattr(sys, "_MEIPASS")  # a freezer without it: no version, no crash
    assert version.app_version() == "unknown"


def test_the_entry_script_calls_freeze_support_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a frozen Windows or macOS build, the AI's "spawn" workers start the program again:
    freeze_support must run before the command line, or each worker opens the game."""
    order: list[str] = []
    monkeypatch.setattr(multiprocessing, "freeze_support", lambda: order.append("freeze"))

    def main(argv: list[str] | None = None) -> int:
        order.append("main")
        return 0

    monkeypatch.setattr(cli, "main", main)
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    with pytest.raises(SystemExit) as stop:
        runpy.run_path(str(REPO / "tools" / "pyinstaller_entry.py"), run_name="__main__")
    assert (stop.value.code, order) == (0, ["freeze", "main"])
