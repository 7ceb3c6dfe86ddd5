"""The man page nove-desktop(6) (``tools/release/manpage.py``): written from the command line's
parser, it names every option of every command with its help, renders without a warning, and
escapes what roff would otherwise read as requests or escapes.

What the page must hold is taken from the parser with argparse's own attributes (not with the
generator's helpers), and the page is judged by what groff prints, not by its source."""

from __future__ import annotations

import argparse
import gzip
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from nove_desktop import cli
from tools.release import manpage
from tools.release.checks import CheckFailed

pytestmark = pytest.mark.skipif(shutil.which("groff") is None, reason="groff missing")
WIDE = 4000  # columns: no line of the page is broken, so every phrase can be found whole


def rendered(source: str, width: int = WIDE) -> tuple[str, str]:
    """groff's plain-text output (hyphens and minus signs as "-") and its warnings."""
    done = subprocess.run(
        ["groff", "-man", "-Tutf8", "-ww", f"-rLL={width}n", "-P-cbou"],
        input=source.encode("ascii"),
        capture_output=True,
        check=True,
    )
    text = done.stdout.decode("utf-8").replace("\u2010", "-").replace("\u2212", "-")
    return text, done.stderr.decode("utf-8")


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def page() -> str:
    return manpage.nove_desktop_page("9.8.7", "2026-12-03")


@pytest.fixture(scope="module")
def text(page: str) -> str:
    out, warnings = rendered(page)
    assert warnings == ""
    return out


def sections(text: str) -> dict[str, str]:
    """The rendered page cut at its headings (sections at column 0, subsections at 3)."""
    found: dict[str, str] = {}
    name = ""
    for line in text.splitlines():
        if re.match(r"^(\S.*|   \S.*)$", line) and not line.startswith("NOVE-DESKTOP(6)"):
            name = line.strip()
            found[name] = ""
        elif line.startswith("nove-desktop 9.8.7"):
            continue  # the footer
        else:
            found[name] = found.get(name, "") + line + "\n"
    return found


def commands_of(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    found = {"": parser}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found.update(action.choices)
    return found


def test_the_page_names_every_option_of_every_command_with_its_help(text: str) -> None:
    parts = sections(text)
    for command, parser in commands_of(cli.build_parser()).items():
        where = "OPTIONS" if not command else f"nove-desktop {command}"
        assert where in parts, sorted(parts)
        body = flat(parts[where])
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction) or (
                command and isinstance(action, argparse._HelpAction)
            ):
                continue
            for name in action.option_strings or [action.dest]:
                assert re.search(rf"(^|[\s,]){re.escape(name)}([\s,]|$)", body), (where, name)
            said = flat(str(action.help) % {**vars(action), "prog": parser.prog})
            assert said[1:] in body, (where, said)  # the first letter is capitalised


def test_the_page_has_the_usual_sections(text: str) -> None:
    headings = [name for name in sections(text) if name.isupper() or name == "EXIT STATUS"]
    assert headings == [
        "NAME",
        "SYNOPSIS",
        "DESCRIPTION",
        "OPTIONS",
        "COMMANDS",
        "EXIT STATUS",
        "ENVIRONMENT",
        "FILES",
        "SEE ALSO",
    ]
    parts = sections(text)
    assert flat(parts["NAME"]) == "nove-desktop - card games at a desktop table"
    assert "nove-desktop simulate [--game GAME]" in flat(parts["SYNOPSIS"])
    assert "NOVE_DESKTOP_DATA" in parts["ENVIRONMENT"]
    for status in cli.EXIT_STATUSES:
        assert re.search(rf"^\s+{status}\s", parts["EXIT STATUS"], re.MULTILINE)


def test_the_page_renders_without_a_warning_at_the_usual_width(page: str) -> None:
    out, warnings = rendered(page, width=78)
    assert warnings == ""
    assert "NOVE-DESKTOP(6)" in out and "Games Manual" in out
    assert "‐" not in out.replace("\u2010", "")  # no word broken across lines


def test_the_folders_are_any_users_not_the_builders(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "builder"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("NOVE_DESKTOP_DATA", str(tmp_path / "moved"))
    out, _warnings = rendered(manpage.nove_desktop_page("1.0", "2026-12-03"))
    assert str(tmp_path) not in out
    assert "~/.local/share/nove-desktop" in flat(sections(out)["FILES"])
    assert flat(cli.build_parser().epilog or "").count(str(tmp_path)) == 1  # the env is back


def planted_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="planted",
        description="A test of escaping.",
        epilog=".so /etc/passwd is not read. 'Quoted start. Set PLANTED_HOME to C:\\new\\temp.",
    )
    parser.add_argument("--dot", action="store_true", help=".TH looks like a request")
    parser.add_argument("--quote", action="store_true", help="'br looks like one too")
    parser.add_argument(
        "--path", default="C:\\new\\temp", help="a folder (default C:\\new\\temp; \\fB stays)"
    )
    parser.add_argument("--name", action="store_true", help='Kaël, ~user, x^2, -1 and "quotes"')
    return parser


def test_escaping_of_planted_help_texts() -> None:
    source = manpage.manpage(planted_parser(), "1.0", "2026-12-03", {0: "fine"}, ["see"])
    out, warnings = rendered(source)
    assert warnings == ""
    body = flat(out)
    for said in (
        ".TH looks like a request",
        "'br looks like one too",
        "A folder (default C:\\new\\temp; \\fB stays).",
        'Kaël, ~user, x^2, -1 and "quotes".',
        ".so /etc/passwd is not read.",
        "'Quoted start.",
        "Set PLANTED_HOME to C:\\new\\temp.",
    ):
        assert said in body, said
    assert "planted [--dot] [--quote] [--path PATH] [--name]" in body  # the synopsis
    assert source.isascii()


def test_the_gzipped_page_is_as_gzip_n_writes_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1780000000")
    first = manpage.write_gzipped_page(tmp_path / "a", "1.0").read_bytes()
    second = manpage.write_gzipped_page(tmp_path / "b", "1.0").read_bytes()
    assert first == second  # reproducible
    assert first[:4] == b"\x1f\x8b\x08\x00"  # deflate, no flags: no file name
    assert first[4:8] == b"\0\0\0\0"  # no time stamp
    source = gzip.decompress(first).decode("ascii")
    assert '"2026\\-05\\-28"' in source  # SOURCE_DATE_EPOCH's day
    manpage.check_manpage(tmp_path / "a" / "nove-desktop.6.gz")


def test_the_check_refuses_a_page_with_warnings_or_a_stamp(tmp_path: Path) -> None:
    good = manpage.write_page(tmp_path, "1.0")
    manpage.check_manpage(good)
    bad = tmp_path / "bad.6"
    bad.write_text(good.read_text(encoding="ascii") + ".XX not a macro\n", encoding="ascii")
    with pytest.raises(CheckFailed, match="renders with warnings"):
        manpage.check_manpage(bad)
    stamped = tmp_path / "stamped.6.gz"
    stamped.write_bytes(gzip.compress(good.read_bytes(), mtime=1))
    with pytest.raises(CheckFailed, match="time stamp"):
        manpage.check_manpage(stamped)
    with pytest.raises(CheckFailed, match="no man page"):
        manpage.check_manpage(tmp_path / "missing.6")


def test_an_epilog_naming_folders_and_variables_fills_both_sections() -> None:
    """The sentence that names the folders is under FILES even when it names the variables
    that move them too (then under ENVIRONMENT as well); one naming a variable alone is not."""
    parser = argparse.ArgumentParser(
        prog="planted",
        description="Folders.",
        epilog="Files: data in ~/.local/share/planted, settings in ~/.config/planted (on "
        "Linux XDG_DATA_HOME and XDG_CONFIG_HOME move them). Set PLANTED_DATA to a folder "
        "to keep all of them there instead.",
    )
    out, warnings = rendered(manpage.manpage(parser, "1.0", "2026-12-03"))
    assert warnings == ""
    parts = {name: flat(body) for name, body in sections(out).items()}
    assert parts["FILES"].startswith("Files: data in ~/.local/share/planted, settings in")
    assert "PLANTED_DATA" not in parts["FILES"]
    environment = parts["ENVIRONMENT"]
    assert environment.startswith("XDG_DATA_HOME, XDG_CONFIG_HOME Files: data in")
    assert "PLANTED_DATA Set PLANTED_DATA to a folder" in environment
