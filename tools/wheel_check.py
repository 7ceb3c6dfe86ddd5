"""Build the sdist and the wheel, check the wheel's files, install it and self-test it.

    python -m tools.wheel_check            # ./dev.sh test runs this after pytest

What a player gets from ``pip install`` or ``pipx``, proven from the outside:

1. PyPA ``build`` makes the sdist, then the wheel *from the sdist* (its default), so a file the
   sdist forgets cannot hide behind the checkout;
2. the wheel holds one top-level package, ``nove_desktop`` (no ``ai``, ``tests``, ``tools`` or
   ``bench`` in site-packages), every module of the source package, the assets with a compiled
   ``nove.mo`` per catalog, and no catalog sources;
3. it is installed into a fresh virtual environment in a temporary folder outside the
   repository, and ``nove-desktop --selftest`` runs from ``/`` with SDL's dummy drivers (every
   asset, all five tables, all four languages): nothing of the checkout can be picked up.

Exit status 0 when all is well; 1 with the problems listed otherwise.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "nove_desktop"
SCRIPT = "nove-desktop"
FORBIDDEN_TOP_LEVEL = ("ai", "tests", "tools", "bench")
"""Folders of the repository that must never become top-level packages in site-packages."""
REQUIRED_ASSETS = ("fonts/DejaVuSans.ttf", "fonts/DejaVuSans-Bold.ttf", "licenses/components.json")


class WheelCheckError(Exception):
    """A step of the check that did not work (its message says which and why)."""


def source_modules(root: Path = ROOT) -> list[str]:
    """Every module of the source package (links followed: ``nove_desktop/ai``), as wheel paths."""
    package = root / PACKAGE
    found = []
    for folder, dirs, files in os.walk(package, followlinks=True):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in files:
            if name.endswith(".py"):
                relative = Path(folder, name).relative_to(root)
                found.append(PurePosixPath(*relative.parts).as_posix())
    return sorted(found)


def catalog_languages(root: Path = ROOT) -> list[str]:
    """The languages with a catalog source (``assets/locale/<lang>/LC_MESSAGES/nove.po``)."""
    return sorted(po.parent.parent.name for po in root.glob("assets/locale/*/LC_MESSAGES/nove.po"))


def wheel_problems(
    names: Iterable[str], modules: Iterable[str], languages: Iterable[str]
) -> list[str]:
    """What is wrong with a wheel holding the files ``names`` (empty when all is well), given
    the source package's ``modules`` and the ``languages`` that have a catalog."""
    names = set(names)
    problems = []
    top_level = {name.split("/", 1)[0] for name in names}
    for folder in sorted(top_level):
        if folder == PACKAGE or (
            folder.startswith(f"{PACKAGE}-") and folder.endswith(".dist-info")
        ):
            continue
        which = "a folder of the repository" if folder in FORBIDDEN_TOP_LEVEL else "not the app"
        problems.append(
            f"top-level {folder!r} in the wheel ({which}): only {PACKAGE} belongs there"
        )
    for module in modules:
        if module not in names:
            problems.append(f"{module} is missing (a package folder without __init__.py?)")
    assets = f"{PACKAGE}/assets"
    for asset in REQUIRED_ASSETS:
        if f"{assets}/{asset}" not in names:
            problems.append(f"{assets}/{asset} is missing")
    for language in languages:
        if f"{assets}/locale/{language}/LC_MESSAGES/nove.mo" not in names:
            problems.append(f"the {language} catalog is not compiled into the wheel (nove.mo)")
    sources = sorted(name for name in names if name.endswith((".po", ".pot")))
    problems.extend(f"{name}: a catalog source, not needed at run time" for name in sources)
    return problems


def _run(
    command: list[str],
    what: str,
    cwd: str | Path | None = None,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(command, capture_output=True, text=True, check=False, cwd=cwd, env=env)
    if result.returncode != 0:
        output = (result.stdout + result.stderr).strip()
        raise WheelCheckError(f"{what} failed (exit {result.returncode}):\n{output}")
    return result


def build(out: Path) -> tuple[Path, Path]:
    """The sdist and the wheel built from it, in ``out``."""
    _run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
        "building (python -m build)",
    )
    sdists, wheels = sorted(out.glob("*.tar.gz")), sorted(out.glob("*.whl"))
    if len(sdists) != 1 or len(wheels) != 1:
        raise WheelCheckError(f"expected one sdist and one wheel in {out}, found {sdists + wheels}")
    return sdists[0], wheels[0]


def clean_environment() -> dict[str, str]:
    """The environment of the installed app: SDL's dummy drivers, and nothing that could point
    Python back at the checkout."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONNOUSERSITE="1")
    return env


def install_and_selftest(wheel: Path, folder: Path) -> str:
    """Install ``wheel`` into a new virtual environment under ``folder`` and run the app's
    self-test from ``/``; its last line."""
    venv = folder / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], "making a virtual environment")
    python = venv / "bin" / "python"
    pip = [str(python), "-m", "pip", "--quiet", "--disable-pip-version-check"]
    _run([*pip, "install", str(wheel)], f"installing {wheel.name}")
    env = clean_environment()
    where = _run(
        [str(python), "-c", f"import {PACKAGE}; print({PACKAGE}.__file__)"],
        "importing the installed package",
        cwd="/",
        env=env,
    ).stdout.strip()
    if not Path(where).is_relative_to(venv):
        raise WheelCheckError(f"{PACKAGE} was imported from {where}, not from the new environment")
    result = _run([str(venv / "bin" / SCRIPT), "--selftest"], "the self-test", cwd="/", env=env)
    lines = result.stdout.strip().splitlines()
    return lines[-1] if lines else ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.wheel_check", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "--keep", action="store_true", help="keep the temporary folder and print it"
    )
    args = parser.parse_args(argv)
    start = time.perf_counter()
    folder = Path(tempfile.mkdtemp(prefix="nove-desktop-wheel-"))
    try:
        sdist, wheel = build(folder / "dist")
        built = time.perf_counter()
        print(f"built {sdist.name} and {wheel.name} in {built - start:.1f} s", flush=True)
        with zipfile.ZipFile(wheel) as archive:
            problems = wheel_problems(archive.namelist(), source_modules(), catalog_languages())
        if problems:
            raise WheelCheckError(
                "the wheel is not right:\n" + "\n".join(f"- {p}" for p in problems)
            )
        languages = ", ".join(catalog_languages())
        print(f"wheel contents: ok ({len(source_modules())} modules, catalogs {languages})")
        summary = install_and_selftest(wheel, folder)
        print(f"installed outside the repository, self-test from /: {summary}")
        print(f"wheel check: ok in {time.perf_counter() - start:.1f} s")
        return 0
    except WheelCheckError as exc:
        print(f"wheel check FAILED: {exc}", file=sys.stderr)
        return 1
    finally:
        if args.keep:
            print(f"kept {folder}")
        else:
            import shutil

            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
