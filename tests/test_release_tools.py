"""The release tools' parts that need no build: names, templates, what a onedir build holds,
SHA-256 sums, menu entry parsing and folder snapshots."""

from __future__ import annotations

import hashlib
from pathlib import Path, PurePosixPath

import pytest

from tools.release import bundle, checks, layout
from tools.release.layout import Release, ReleaseError
from tools.release.sums import verify_sums, write_sums


@pytest.mark.parametrize(
    ("version", "debian"),
    [("0.2.0", "0.2.0"), ("0.3.0rc1", "0.3.0~rc1"), ("1.0b2", "1.0~b2"), ("1.0.dev3", "1.0~dev3")],
)
def test_debian_version_sorts_pre_releases_first(version, debian):
    assert layout.debian_version(version) == debian


def test_release_file_names():
    release = Release("0.2.0", "x86_64")
    assert release.archive_name == "nove-desktop-0.2.0-linux-x86_64.tar.gz"
    assert release.onefile_name == "nove-desktop-0.2.0-linux-x86_64"
    assert release.deb_name == "nove-desktop_0.2.0_amd64.deb"
    assert release.top_folder == "nove-desktop-0.2.0"
    assert Release("1.0", "aarch64").deb_name == "nove-desktop_1.0_arm64.deb"
    with pytest.raises(ReleaseError, match="no Debian architecture for riscv64"):
        Release("1.0", "riscv64").deb_name  # noqa: B018


def test_the_current_release_is_pyprojects():
    from nove_desktop.version import app_version

    assert layout.current_release("x86_64").version == app_version()


def test_templates_fill_every_marker_and_refuse_typos():
    text = layout.template("install.sh", version="9.8.7", app_id="org.example.Id")
    assert "VERSION=9.8.7" in text and "APP_ID=org.example.Id" in text
    assert "@VERSION@" not in text
    with pytest.raises(ReleaseError, match="has no @COLOUR@"):
        layout.template("install.sh", version="1", app_id="a.b", colour="red")
    with pytest.raises(ReleaseError, match="still has @VERSION@"):
        layout.template("install.sh", app_id="a.b")


def test_the_icon_sizes_of_the_checks_are_the_icons():
    from nove_desktop.ui.icon import ICON_SIZES

    assert checks.ICON_SIZES == ICON_SIZES


# -- what a build holds ---------------------------------------------------------------------------
LICENCES = """{"components": [
  {"name": "SDL 2", "licence": "zlib", "files": ["licenses/SDL2.txt"], "binaries": ["libSDL2-2*"]},
  {"name": "Opus", "licence": "BSD", "files": ["licenses/Opus.txt"], "binaries": ["libopus-*"]},
  {"name": "Font", "licence": "free", "files": ["fonts/LICENSE.txt"], "binaries": []}
]}"""


def fake_onedir(folder: Path, libraries: list[str], licence_files: list[str]) -> Path:
    onedir = folder / "nove-desktop"
    assets = onedir / "_internal" / "nove_desktop" / "assets"  # where build.spec puts them
    (assets / "licenses").mkdir(parents=True)
    (assets / "licenses" / "components.json").write_text(LICENCES, encoding="utf-8")
    for name in licence_files:
        (assets / name).parent.mkdir(parents=True, exist_ok=True)
        (assets / name).write_text("licence text", encoding="utf-8")
    for name in libraries:
        (onedir / "_internal" / name).parent.mkdir(parents=True, exist_ok=True)
        (onedir / "_internal" / name).write_bytes(b"\x7fELF" + b"\0" * 60)
    program = onedir / "nove-desktop"
    program.write_bytes(b"\x7fELF needs GLIBC_2.28 and GLIBC_2.34 and GLIBC_2.3.4")
    program.chmod(0o755)
    return onedir


def test_a_complete_build_has_no_licence_problem(tmp_path):
    onedir = fake_onedir(
        tmp_path,
        ["libSDL2-2-abc.so.0.32", "sub/libopus-def.so.0"],
        ["licenses/SDL2.txt", "licenses/Opus.txt", "fonts/LICENSE.txt"],
    )
    assert bundle.licence_problems(onedir) == []
    assert bundle.program(onedir) == onedir / "nove-desktop"


def test_licence_problems_name_what_is_wrong(tmp_path):
    onedir = fake_onedir(
        tmp_path, ["libSDL2-2-abc.so.0.32", "libmystery.so.1"], ["licenses/SDL2.txt"]
    )
    problems = bundle.licence_problems(onedir)
    assert problems == [
        "libmystery.so.1: no licence entry accounts for it "
        "(add one to assets/licenses/components.json)",
        "Opus: listed with libraries, but none is in the build",
        "Opus: its licence text licenses/Opus.txt is not in the build",
        "Font: its licence text fonts/LICENSE.txt is not in the build",
    ]


def test_a_missing_build_says_how_to_make_it(tmp_path):
    with pytest.raises(ReleaseError, match=r"missing: build it first \(./dev.sh build\)"):
        bundle.program(tmp_path / "nove-desktop")


def test_glibc_requirement_is_the_newest_symbol_version(tmp_path):
    onedir = fake_onedir(tmp_path, [], [])
    assert bundle.glibc_requirement(onedir) == (2, 34)
    (onedir / "_internal" / "notes.txt").write_text("GLIBC_2.99 in plain text", encoding="utf-8")
    assert bundle.glibc_requirement(onedir) == (2, 34)  # only ELF files count


def test_tree_size_counts_kibibytes_rounded_up(tmp_path):
    (tmp_path / "a").write_bytes(b"x" * 1025)  # 2 KiB
    (tmp_path / "d").mkdir()  # 1
    (tmp_path / "d" / "b").write_bytes(b"")  # 0
    (tmp_path / "link").symlink_to("a")  # 1
    assert bundle.tree_size_kib(tmp_path) == 4


# -- sums -----------------------------------------------------------------------------------------
def test_sums_are_written_and_verified(tmp_path):
    files = []
    for name, data in (("b.deb", b"deb"), ("a.tar.gz", b"archive")):
        (tmp_path / name).write_bytes(data)
        files.append(tmp_path / name)
    sums = write_sums(files, tmp_path)
    lines = sums.read_text(encoding="utf-8").splitlines()
    assert [line.split("  ")[1] for line in lines] == ["a.tar.gz", "b.deb"]
    assert lines[1].split("  ")[0] == hashlib.sha256(b"deb").hexdigest()
    assert verify_sums(tmp_path) == [tmp_path / "a.tar.gz", tmp_path / "b.deb"]
    (tmp_path / "b.deb").write_bytes(b"tampered")
    with pytest.raises(ReleaseError, match=r"b\.deb does not match its SHA-256 sum"):
        verify_sums(tmp_path)
    (tmp_path / "b.deb").unlink()
    with pytest.raises(ReleaseError, match=r"names b\.deb, which is missing"):
        verify_sums(tmp_path)


# -- menu entries and snapshots -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("value", "program"),
    [
        ("nove-desktop", "nove-desktop"),
        ("nove-desktop %U", "nove-desktop"),
        (
            '"/home/a b/.local/lib/nove-desktop/nove-desktop"',
            "/home/a b/.local/lib/nove-desktop/nove-desktop",
        ),
        (
            r'"/tmp/p \\$x \\"q\\" \\`b\\` \\\\z 100%%/nove-desktop"',
            '/tmp/p $x "q" `b` \\z 100%/nove-desktop',
        ),
    ],
)
def test_exec_program_undoes_the_desktop_entry_escapes(value, program):
    assert checks.exec_program(value) == program


def test_desktop_entry_reads_only_its_group(tmp_path):
    path = tmp_path / "x.desktop"
    path.write_text(
        "# comment\n[Desktop Entry]\nName=NOVE\nExec=a b\n[Desktop Action x]\nExec=other\n",
        encoding="utf-8",
    )
    assert checks.desktop_entry(path) == {"Name": "NOVE", "Exec": "a b"}


def test_snapshots_see_added_removed_and_changed_entries(tmp_path):
    (tmp_path / "keep").write_text("same", encoding="utf-8")
    (tmp_path / "edit").write_text("before", encoding="utf-8")
    (tmp_path / "gone").mkdir()
    before = checks.snapshot(tmp_path)
    (tmp_path / "edit").write_text("after", encoding="utf-8")
    (tmp_path / "gone").rmdir()
    (tmp_path / "new").symlink_to("keep")
    found = checks.changes(before, checks.snapshot(tmp_path))
    assert [line.split(":")[0] for line in found] == ["left behind", "removed", "changed"]
    assert "new (link to keep)" in found[0] and "gone" in found[1] and "edit" in found[2]
    with pytest.raises(checks.CheckFailed, match="is not as it was"):
        checks.expect_unchanged(before, checks.snapshot(tmp_path), "here")
    skip_new = checks.snapshot(tmp_path, skip=lambda path: path == PurePosixPath("new"))
    assert "new" not in skip_new
