"""The app makes no Linux-only assumption (docs/release.md, "Windows and macOS"): it runs no other
program, and it names no fixed system path; files are found through pathlib, the resource
helper and platformdirs. Checked on the source of the app's packages."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PACKAGES = ("nove_desktop", "ai")
SHELL_MODULES = {"subprocess", "pty", "pipes"}
SHELL_CALLS = {
    "system",
    "popen",
    "execv",
    "execve",
    "execvp",
    "execl",
    "spawnv",
    "spawnl",
    "posix_spawn",
    "startfile",
    "fork",
}
SYSTEM_PATHS = ("/usr/", "/home/", "/tmp/", "/opt/", "/etc/", "~/.local", "~/.config", "C:\\")


def sources() -> list[Path]:
    return sorted(path for package in PACKAGES for path in (REPO / package).rglob("*.py"))


def shell_outs(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name in SHELL_MODULES]
        elif isinstance(node, ast.ImportFrom) and node.module in SHELL_MODULES:
            found.append(node.module)
        elif (
            isinstance(node, ast.Attribute)
            and node.attr in SHELL_CALLS
            and isinstance(node.value, ast.Name)
            and node.value.id == "os"
        ):
            found.append(f"os.{node.attr}")
    return found


def system_paths(tree: ast.AST) -> list[str]:
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and any(path in node.value for path in SYSTEM_PATHS)
    ]


@pytest.mark.parametrize("path", sources(), ids=lambda path: str(path.relative_to(REPO)))
def test_no_shell_out_and_no_system_path(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    assert shell_outs(tree) == []
    assert system_paths(tree) == []


def test_the_checks_see_what_they_look_for():
    tree = ast.parse(
        "import subprocess\nfrom pty import spawn\nimport os\nos.system('ls')\n"
        "data = '/home/me/.local/share'\n"
    )
    assert shell_outs(tree) == ["subprocess", "pty", "os.system"]
    assert system_paths(tree) == ["/home/me/.local/share"]
