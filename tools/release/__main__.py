"""``python -m tools.release build | check | icons``: see the package's docstring."""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from .appstream import check_newest_release
from .archive import stage_extras, write_archive
from .bundle import glibc_requirement, licence_problems, program
from .check_archive import check_archive
from .check_deb import check_deb
from .checks import check_launcher, clean_env, outside_repository
from .deb import build_deb, stage_deb
from .icons import write_icons
from .layout import ONEDIR, ONEFILE, RELEASE, Release, ReleaseError, current_release
from .sums import verify_sums, write_sums

Result = TypeVar("Result")


class Timer:
    """Named steps and their wall time, printed as they end."""

    def __init__(self) -> None:
        self.steps: list[tuple[str, float]] = []

    def step(self, name: str, work: Callable[[], Result]) -> Result:
        start = time.perf_counter()
        result = work()
        seconds = time.perf_counter() - start
        self.steps.append((name, seconds))
        print(f"  {name}: {seconds:.1f} s", flush=True)
        return result

    @property
    def total(self) -> float:
        return sum(seconds for _name, seconds in self.steps)


def checked_onedir(onedir: Path) -> str:
    """The onedir build, checked (program, licences); returns the glibc it needs, "2.36"."""
    program(onedir)
    problems = licence_problems(onedir)
    if problems:
        raise ReleaseError("the build's licences are incomplete:\n  " + "\n  ".join(problems))
    return ".".join(str(part) for part in glibc_requirement(onedir))


def assemble(
    onedir: Path, release: Release, out: Path, scratch: Path, fast: bool, timer: Timer
) -> list[Path]:
    """Write the archive and the .deb into ``out``. ``fast`` compresses lightly (checks)."""
    check_newest_release(release.version)  # the metainfo's <releases> lists this one first
    glibc = timer.step("the onedir build and its licences", lambda: checked_onedir(onedir))
    extras = timer.step(
        "icons, install.sh, README", lambda: stage_extras(release, glibc, scratch / "extras")
    )
    archive = timer.step(
        "archive",
        lambda: write_archive(onedir, extras, release, out, compresslevel=1 if fast else 6),
    )
    root = timer.step(
        "Debian tree",
        lambda: stage_deb(
            onedir, extras / "icons", release, f"libc6 (>= {glibc})", scratch / "deb-root"
        ),
    )
    deb = timer.step(
        "dpkg-deb", lambda: build_deb(root, release, out, *(("gzip", 1) if fast else ("xz", 6)))
    )
    return [archive, deb]


def build(args: argparse.Namespace) -> int:
    release = current_release()
    out: Path = args.out
    print(f"Release {release.version} ({release.machine}) into {out}")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    timer = Timer()
    with tempfile.TemporaryDirectory(prefix="nove-desktop-release-") as scratch:
        files = assemble(args.onedir, release, out, Path(scratch), False, timer)
    if not args.onefile.is_file():
        raise ReleaseError(f"{args.onefile} is missing: build it first (./dev.sh build)")
    onefile = out / release.onefile_name
    shutil.copyfile(args.onefile, onefile)
    onefile.chmod(0o755)
    sums = write_sums([*files, onefile], out)
    for path in [*files, onefile, sums]:
        print(f"{path.stat().st_size / 2**20:8.1f} MiB  {path.name}")
    return 0


def check(args: argparse.Namespace) -> int:
    release = current_release()
    timer = Timer()
    with tempfile.TemporaryDirectory(prefix="nove-desktop-release-check-") as folder:
        scratch = Path(folder)
        if args.artefacts is None:
            print(f"Release check of {args.onedir} (assembled with light compression)")
            archive, deb = assemble(args.onedir, release, scratch, scratch, True, timer)
            onefile = None
        else:
            print(f"Release check of {args.artefacts}")
            timer.step("SHA256SUMS", lambda: verify_sums(args.artefacts))
            archive = args.artefacts / release.archive_name
            deb = args.artefacts / release.deb_name
            onefile = args.artefacts / release.onefile_name
        line = timer.step(
            "archive: install, run, uninstall",
            lambda: check_archive(archive, release, scratch / "archive"),
        )
        print(f"    {line}")
        line = timer.step(
            ".deb: dpkg --root install, run, purge",
            lambda: check_deb(deb, release, scratch / "deb"),
        )
        print(f"    {line}")
        if onefile is not None:
            here = outside_repository(scratch)
            line = timer.step(
                "single file: run",
                lambda: check_launcher(onefile, release, here, clean_env(scratch)),
            )
            print(f"    {line}")
    print(f"release check ok in {timer.total:.1f} s")
    return 0


def icons(args: argparse.Namespace) -> int:
    for path in write_icons(args.folder, flat=args.flat):
        print(path)
    return 0


def parser() -> argparse.ArgumentParser:
    main = argparse.ArgumentParser(prog="python -m tools.release", description=__doc__)
    commands = main.add_subparsers(dest="command", required=True)
    make = commands.add_parser("build", help="the release files, from dist/ into dist/release")
    make.add_argument("--onedir", type=Path, default=ONEDIR)
    make.add_argument("--onefile", type=Path, default=ONEFILE)
    make.add_argument("--out", type=Path, default=RELEASE)
    make.set_defaults(handler=build)
    test = commands.add_parser("check", help="install, run and uninstall in scratch places")
    test.add_argument("--onedir", type=Path, default=ONEDIR)
    test.add_argument(
        "--artefacts", type=Path, default=None, help="check these release files (dist/release)"
    )
    test.set_defaults(handler=check)
    draw = commands.add_parser("icons", help="write the icon as PNG files (16-512 px)")
    draw.add_argument("folder", type=Path)
    draw.add_argument("--flat", action="store_true", help="nove-desktop-SIZE.png, no hicolor/")
    draw.set_defaults(handler=icons)
    return main


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    for name, value in vars(args).items():  # the checks run programs from other folders
        if isinstance(value, Path):
            setattr(args, name, value.resolve())
    try:
        return int(args.handler(args))
    except ReleaseError as exc:
        print(f"release: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
