"""The release files' install and uninstall paths, end to end, around a stand-in program: the
archive's install.sh for a scratch home and into prefixes, and the .deb with dpkg in a scratch
root. The real build goes through the same checks in ``./dev.sh test`` (tools.release check);
here a shell script plays the program, so these run in a second."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from nove_desktop.version import APP_ID
from tools.release import check_archive, check_deb, checks
from tools.release.archive import stage_extras, write_archive
from tools.release.deb import build_deb, stage_deb
from tools.release.layout import Release

RELEASE = Release("9.8.7", "x86_64")
needs_validator = pytest.mark.skipif(
    shutil.which("desktop-file-validate") is None,
    reason="desktop-file-validate missing (./dev.sh installs desktop-file-utils as root)",
)
needs_dpkg = pytest.mark.skipif(shutil.which("dpkg-deb") is None, reason="not a Debian system")

STAND_IN = """#!/bin/sh
case "$1" in
    --version) echo "nove-desktop 9.8.7" ;;
    --selftest) echo "selftest ok: a stand-in program" ;;
    *) exit 2 ;;
esac
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Path]:
    """A stand-in onedir build, its archive and its .deb."""
    folder = tmp_path_factory.mktemp("release")
    onedir = folder / "nove-desktop"
    (onedir / "_internal" / "assets").mkdir(parents=True)
    (onedir / "_internal" / "assets" / "data.txt").write_text("data", encoding="utf-8")
    (onedir / "_internal" / "libthing.so.1").write_bytes(b"\x7fELF")
    (onedir / "_internal" / "libthing.so").symlink_to("libthing.so.1")
    (onedir / "nove-desktop").write_text(STAND_IN, encoding="utf-8")
    (onedir / "nove-desktop").chmod(0o755)
    extras = stage_extras(RELEASE, "2.36", folder / "extras")
    out = folder / "out"
    out.mkdir()
    files = {"onedir": onedir, "archive": write_archive(onedir, extras, RELEASE, out, 1)}
    if shutil.which("dpkg-deb"):
        root = stage_deb(onedir, extras / "icons", RELEASE, "libc6 (>= 2.36)", folder / "root")
        files["deb"] = build_deb(root, RELEASE, out, "gzip", 1)
    return files


def unpacked(built: dict[str, Path], scratch: Path) -> Path:
    return check_archive.unpack(built["archive"], RELEASE, scratch)


def install(folder: Path, *options: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["sh", str(folder / "install.sh"), *options],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_archive_holds_what_it_should(built):
    check_archive.check_members(built["archive"], RELEASE)


@needs_validator
def test_the_archive_passes_every_check(built, tmp_path):
    assert check_archive.check_archive(built["archive"], RELEASE, tmp_path).startswith(
        "selftest ok"
    )


@needs_validator
def test_an_uninstall_that_leaves_folders_behind_is_caught(built, tmp_path):
    folder = unpacked(built, tmp_path)
    script = folder / "install.sh"
    text = script.read_text(encoding="utf-8")
    assert 'rmdir -- "$dir"' in text
    script.write_text(text.replace('rmdir -- "$dir"', "true"), encoding="utf-8")
    with pytest.raises(checks.CheckFailed, match=r"left behind: \.local/lib \(folder\)"):
        check_archive.check_home_install(folder, RELEASE, tmp_path)


def test_xdg_data_home_gets_the_menu_entry_and_icons(built, tmp_path):
    folder = unpacked(built, tmp_path)
    home, data = tmp_path / "home", tmp_path / "data"
    home.mkdir()
    env = {**checks.clean_env(home), "XDG_DATA_HOME": str(data)}
    done = install(folder, env=env)
    assert done.returncode == 0, done.stderr
    assert (data / "applications" / f"{APP_ID}.desktop").is_file()
    assert (data / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    assert (data / f"icons/hicolor/16x16/apps/{APP_ID}.png").is_file()
    assert (data / f"icons/hicolor/scalable/apps/{APP_ID}.svg").is_file()
    assert (home / ".local/bin/nove-desktop").is_symlink()
    assert "not on your PATH" in done.stdout
    done = install(folder, "--uninstall", env=env)
    assert done.returncode == 0, done.stderr
    assert not data.exists() and list(home.iterdir()) == []
    said = " ".join(done.stdout.split())
    assert f"saves and statistics stay in {data}/nove-desktop," in said
    assert f"settings in {home}/.config/nove-desktop and" in said
    assert f"log in {home}/.local/state/nove-desktop (delete" in said


def test_uninstalling_what_is_not_there_says_so(built, tmp_path):
    folder = unpacked(built, tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    done = install(folder, "--uninstall", env=checks.clean_env(home))
    assert done.returncode == 1
    assert "nove-desktop is not installed under" in done.stderr
    (home / ".local/lib/nove-desktop").mkdir(parents=True)  # someone else's folder
    done = install(folder, "--uninstall", env=checks.clean_env(home))
    assert done.returncode == 1 and "was not installed by this script" in done.stderr
    assert (home / ".local/lib/nove-desktop").is_dir()
    done = install(folder, env=checks.clean_env(home))
    assert done.returncode == 1 and "move it away first" in done.stderr


def test_bad_options_are_explained(built, tmp_path):
    folder = unpacked(built, tmp_path)
    env = checks.clean_env(tmp_path)
    done = install(folder, "--frobnicate", env=env)
    assert done.returncode == 1
    assert "unknown option: --frobnicate" in done.stderr
    assert "usage: ./install.sh" in done.stderr
    done = install(folder, "--help", env=env)
    assert done.returncode == 0 and done.stdout.startswith("usage: ./install.sh")
    env.pop("HOME")
    done = install(folder, env=env)
    assert done.returncode == 1 and "HOME is not set" in done.stderr


@needs_dpkg
@needs_validator
def test_the_deb_passes_every_check(built, tmp_path):
    assert check_deb.check_deb(built["deb"], RELEASE, tmp_path).startswith("selftest ok")


@needs_dpkg
def test_the_deb_has_no_maintainer_scripts_and_plain_modes(built, tmp_path):
    check_deb.check_no_maintainer_scripts(built["deb"], tmp_path)
    check_deb.check_contents(built["deb"], tmp_path)
    fields = check_deb.check_fields(built["deb"], RELEASE, tmp_path)
    assert fields["Depends"] == "libc6 (>= 2.36)"
    assert int(fields["Installed-Size"]) > 0


@needs_dpkg
def test_a_deb_with_a_maintainer_script_is_caught(built, tmp_path):
    root = tmp_path / "root"
    subprocess.run(["dpkg-deb", "--raw-extract", str(built["deb"]), str(root)], check=True)
    (root / "DEBIAN" / "postinst").write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    (root / "DEBIAN" / "postinst").chmod(0o755)
    out = tmp_path / "out"
    out.mkdir()
    deb = build_deb(root, RELEASE, out, "gzip", 1)
    with pytest.raises(
        checks.CheckFailed, match=r"control files \['control', 'md5sums', 'postinst'\]"
    ):
        check_deb.check_no_maintainer_scripts(deb, tmp_path)


def test_checks_refuse_a_scratch_folder_inside_the_repository():
    repo = Path(__file__).resolve().parents[1]
    with pytest.raises(checks.ReleaseError, match="inside the repository"):
        checks.outside_repository(repo / "build" / "scratch-test")
    assert not (repo / "build" / "scratch-test").exists()  # refused before making anything


@pytest.mark.skipif(shutil.which("man") is None, reason="man-db missing")
def test_man_finds_the_installed_page_from_path(built, tmp_path):
    """``man nove-desktop`` works after install.sh with ~/.local/bin on PATH (man-db looks in
    ../share/man of each folder on PATH), and --uninstall takes the page away again."""
    folder = unpacked(built, tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    env = checks.clean_env(home, path=f"{home / '.local/bin'}:{checks.SYSTEM_PATH}")
    assert install(folder, env=env).returncode == 0

    def where() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["man", "-w", "nove-desktop"], env=env, capture_output=True, text=True, check=False
        )

    assert where().stdout.strip() == str(home / ".local/share/man/man6/nove-desktop.6")
    assert install(folder, "--uninstall", env=env).returncode == 0
    assert where().returncode != 0


# -- upgrading from 0.2.0, whose menu entry and icons were named nove-desktop.* ------------------
OLD_ID = "nove-desktop"


def with_old_names(folder: Path, scratch: Path) -> Path:
    """A copy of the unpacked archive that installs its menu entry, metainfo and icons under
    the command's name, as 0.2.0 did."""
    old = scratch / "old"
    shutil.copytree(folder, old, symlinks=True)
    for path in [old / f"{APP_ID}.desktop", old / f"{APP_ID}.metainfo.xml"]:
        path.rename(path.with_name(path.name.replace(APP_ID, OLD_ID)))
    for icon in old.glob(f"icons/hicolor/*/apps/{APP_ID}.*"):
        icon.rename(icon.with_name(OLD_ID + icon.suffix))
    script = old / "install.sh"
    text = script.read_text(encoding="utf-8")
    assert f"APP_ID={APP_ID}\n" in text
    script.write_text(text.replace(f"APP_ID={APP_ID}\n", f"APP_ID={OLD_ID}\n"), encoding="utf-8")
    return old


def old_named_files(folder: Path) -> list[str]:
    return sorted(
        path.relative_to(folder).as_posix()
        for path in folder.rglob(f"{OLD_ID}.*")
        if path.suffix in (".desktop", ".png", ".svg", ".xml")
    )


def test_installing_over_an_install_with_the_old_names_leaves_none_of_them(built, tmp_path):
    folder = unpacked(built, tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    env = checks.clean_env(home)
    done = install(with_old_names(folder, tmp_path), env=env)
    assert done.returncode == 0, done.stderr
    share = home / ".local/share"
    assert f".local/share/applications/{OLD_ID}.desktop" in old_named_files(home)
    assert f".local/share/icons/hicolor/48x48/apps/{OLD_ID}.png" in old_named_files(home)
    done = install(folder, env=env)
    assert done.returncode == 0, done.stderr
    assert old_named_files(home) == []
    assert (share / "applications" / f"{APP_ID}.desktop").is_file()
    assert (share / f"icons/hicolor/48x48/apps/{APP_ID}.png").is_file()
    done = install(home / ".local/lib/nove-desktop", "--uninstall", env=env)
    assert done.returncode == 0, done.stderr
    assert list(home.iterdir()) == []


def test_the_new_uninstall_removes_an_install_with_the_old_names(built, tmp_path):
    folder = unpacked(built, tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    env = checks.clean_env(home)
    assert install(with_old_names(folder, tmp_path), env=env).returncode == 0
    done = install(folder, "--uninstall", env=env)
    assert done.returncode == 0, done.stderr
    assert list(home.iterdir()) == []


@needs_dpkg
def test_upgrading_the_deb_removes_the_old_names(built, tmp_path):
    tree = tmp_path / "old-tree"
    subprocess.run(["dpkg-deb", "--raw-extract", str(built["deb"]), str(tree)], check=True)
    share = tree / "usr/share"
    entry = share / "applications" / f"{APP_ID}.desktop"
    entry.rename(entry.with_name(f"{OLD_ID}.desktop"))
    for icon in share.glob(f"icons/hicolor/*/apps/{APP_ID}.*"):
        icon.rename(icon.with_name(OLD_ID + icon.suffix))
    shutil.rmtree(share / "metainfo")
    (tree / "DEBIAN/md5sums").unlink()  # it names the new files; dpkg does not need it
    control = tree / "DEBIAN/control"
    control.write_text(
        control.read_text(encoding="utf-8").replace("Version: 9.8.7", "Version: 9.8.6"),
        encoding="utf-8",
    )
    out = tmp_path / "out"
    out.mkdir()
    old_deb = build_deb(tree, Release("9.8.6", "x86_64"), out, "gzip", 1)
    scratch = tmp_path / "scratch"
    root = check_deb.scratch_root(scratch)
    env = checks.clean_env(scratch)
    checks.run([*check_deb.dpkg(root), "--force-depends", "--install", old_deb], scratch, env)
    assert f"usr/share/applications/{OLD_ID}.desktop" in old_named_files(root)
    checks.run([*check_deb.dpkg(root), "--force-depends", "--install", built["deb"]], scratch, env)
    assert old_named_files(root) == []
    assert (root / "usr/share/applications" / f"{APP_ID}.desktop").is_file()
    assert (root / "usr/share/metainfo" / f"{APP_ID}.metainfo.xml").is_file()


@needs_validator
@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstreamcli missing")
def test_an_invalid_metainfo_fails_the_archives_check(built, tmp_path):
    folder = unpacked(built, tmp_path)
    metainfo = folder / f"{APP_ID}.metainfo.xml"
    text = metainfo.read_text(encoding="utf-8")
    assert '<launchable type="desktop-id">' in text
    metainfo.write_text(text.replace('type="desktop-id"', 'type="desktop"'), encoding="utf-8")
    with pytest.raises(checks.CheckFailed, match=r"(?s)appstreamcli validate .*launchable-unknown"):
        check_archive.check_home_install(folder, RELEASE, tmp_path)
