"""Layer boundaries (shared/design.md, "Layers" and "House style" 4 and 7).

* The engine, the games and the AI seats never import pygame (tests mirror the layers: engine and
  games without pygame; ai without pygame).
* Engine and games are pure rules: no files, no clock, no global randomness ("randomness and
  time are passed in"; "The rules engine shared by every game: pure Python, no pygame, no files,
  no clock"). So no ``random``, ``time``, ``datetime``, ``os``, ``pathlib``, ``io``,
  ``tempfile`` and no call to the builtin ``open``.
* AI seats use the engine's seeded ``Rng``, never ``random``.
* Dependencies point down only: the engine imports no game, AI or UI; games import no AI or UI.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
ENGINE = REPO / "nove_desktop" / "engine"
GAMES = REPO / "nove_desktop" / "games"
AI = REPO / "nove_desktop" / "ai"  # the link to the top-level ai/ folder: named nove_desktop.ai.*
NET = REPO / "nove_desktop" / "net"  # network play: no pygame; its rooms take the time as input

PURE_FORBIDDEN = ("random", "time", "datetime", "os", "pathlib", "io", "tempfile")


@dataclass(frozen=True)
class Import:
    file: Path
    line: int
    module: str  # absolute dotted name


def module_name(path: Path, root: Path = REPO) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, root: Path = REPO) -> list[Import]:
    """Every module ``path`` imports, relative imports resolved to absolute names. For
    ``from package import name`` both ``package`` and ``package.name`` are listed (the name may
    be a submodule)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    own = module_name(path, root)
    package = own if path.name == "__init__.py" else own.rpartition(".")[0]
    found: list[Import] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [Import(path, node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")
                base_parts = base_parts[: len(base_parts) - (node.level - 1)]
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            found.append(Import(path, node.lineno, base))
            found += [Import(path, node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return found


def dynamic_imports_of(path: Path) -> list[str]:
    """Calls of ``__import__(...)`` or ``importlib.import_module(...)``: they would dodge the
    static checks, so they are refused outright in the checked packages."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id == "__import__":
                found.append(f"{path.name}:{node.lineno} __import__")
            if isinstance(func, ast.Attribute) and func.attr == "import_module":
                found.append(f"{path.name}:{node.lineno} import_module")
    return found


def python_files(folder: Path) -> list[Path]:
    files = sorted(folder.rglob("*.py"))
    assert files, f"no Python files under {folder}"
    return files


def is_module_or_child(name: str, root: str) -> bool:
    return name == root or name.startswith(root + ".")


def offending(folder: Path, roots: tuple[str, ...]) -> list[str]:
    return [
        f"{imp.file.relative_to(REPO)}:{imp.line} imports {imp.module}"
        for path in python_files(folder)
        for imp in imports_of(path)
        if any(is_module_or_child(imp.module, root) for root in roots)
    ]


# -- the checker itself ----------------------------------------------------------------------------
def test_the_import_checker_sees_every_kind_of_import(tmp_path: Path) -> None:
    """Guard against a checker that passes because it sees nothing."""
    package = tmp_path / "pkg" / "sub"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("from . import mod\n")
    (package / "mod.py").write_text(
        "import os.path, json as j\n"
        "from ..top import thing\n"
        "from . import sibling\n"
        "from pygame import display\n"
        "def f():\n"
        "    import random\n"
    )
    found = {imp.module for imp in imports_of(package / "mod.py", tmp_path)}
    assert {"os.path", "json", "pkg.top", "pkg.top.thing", "pkg.sub", "pkg.sub.sibling"} <= found
    assert {"pygame", "pygame.display", "random"} <= found  # nested imports count too
    init = {imp.module for imp in imports_of(package / "__init__.py", tmp_path)}
    assert init == {"pkg.sub", "pkg.sub.mod"}
    # And on the real code: relative imports of the engine resolve to absolute names.
    real = {imp.module for imp in imports_of(ENGINE / "replay.py")}
    assert "nove_desktop.engine.errors" in real


# -- pygame ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("folder", [ENGINE, GAMES, AI, NET], ids=["engine", "games", "ai", "net"])
def test_rules_and_ai_never_import_pygame(folder: Path) -> None:
    assert offending(folder, ("pygame",)) == []


@pytest.mark.parametrize("folder", [ENGINE, GAMES, AI], ids=["engine", "games", "ai"])
def test_no_dynamic_imports_in_rules_and_ai(folder: Path) -> None:
    assert [d for path in python_files(folder) for d in dynamic_imports_of(path)] == []


def test_importing_the_headless_stack_loads_no_pygame() -> None:
    """A fresh interpreter imports everything the CLI and the tests use: pygame must not be
    pulled in indirectly either."""
    code = (
        "import sys\n"
        "import nove_desktop.engine, nove_desktop.games, nove_desktop.ai, nove_desktop.match\n"
        "import nove_desktop.cli, nove_desktop.games.nove, nove_desktop.ai.nove\n"
        "import nove_desktop.net.server, nove_desktop.net.client, nove_desktop.net.bots\n"
        "bad = sorted(m for m in sys.modules if m == 'pygame' or m.startswith('pygame.'))\n"
        "assert not bad, bad\n"
        "print('ok')\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.run(
        [sys.executable, "-c", code],
        cwd=str(REPO),
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "ok\n"


def test_rooms_read_no_clock() -> None:
    """A room is sans-I/O: the server passes the time in (``now``), so tests drive it by hand
    and a room rebuilt elsewhere behaves the same."""
    sans_io = [NET / name for name in ("protocol.py", "room.py", "views.py", "windows.py")]
    found = [
        f"{imp.file.relative_to(REPO)}:{imp.line} imports {imp.module}"
        for path in sans_io
        for imp in imports_of(path)
        if any(is_module_or_child(imp.module, root) for root in ("time", "asyncio", "websockets"))
    ]
    assert found == []


# -- no files, no clock, no global randomness ------------------------------------------------------
@pytest.mark.parametrize("folder", [ENGINE, GAMES], ids=["engine", "games"])
def test_engine_and_games_import_no_file_clock_or_random_modules(folder: Path) -> None:
    assert offending(folder, PURE_FORBIDDEN) == []


@pytest.mark.parametrize("folder", [ENGINE, GAMES], ids=["engine", "games"])
def test_engine_and_games_never_call_open(folder: Path) -> None:
    calls = []
    for path in python_files(folder):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                func = node.func
                if isinstance(func, ast.Name) and func.id == "open":
                    calls.append(f"{path.relative_to(REPO)}:{node.lineno} open(...)")
                if isinstance(func, ast.Attribute) and func.attr in (
                    "read_text",
                    "write_text",
                    "read_bytes",
                    "write_bytes",
                ):
                    calls.append(f"{path.relative_to(REPO)}:{node.lineno} .{func.attr}(...)")
    assert calls == []


def test_ai_seats_do_not_use_the_random_module() -> None:
    assert offending(AI, ("random",)) == []


# -- layers point down -----------------------------------------------------------------------------
def test_the_engine_imports_no_game_ai_or_ui() -> None:
    roots = (
        "nove_desktop.games",
        "nove_desktop.ai",
        "nove_desktop.ui",
        "nove_desktop.cli",
        "nove_desktop.match",
    )
    assert offending(ENGINE, roots) == []


def test_the_games_import_no_ai_or_ui() -> None:
    roots = ("nove_desktop.ai", "nove_desktop.ui", "nove_desktop.cli", "nove_desktop.match")
    assert offending(GAMES, roots) == []


def test_ai_imports_no_ui_and_no_cli() -> None:
    assert offending(AI, ("nove_desktop.ui", "nove_desktop.cli", "nove_desktop.match")) == []


@pytest.mark.parametrize("folder", [ENGINE, GAMES], ids=["engine", "games"])
def test_engine_and_games_load_no_catalog(folder: Path) -> None:
    """Refusals are marked (``engine/text.py``: ``why``) and translated by the UI: the rules
    never load a gettext catalog nor the app's translations."""
    assert offending(folder, ("gettext", "locale", "nove_desktop.i18n", "babel")) == []
    assert (ENGINE / "text.py").exists()
