"""The man page ``nove-desktop(6)``, written at build time from the command line's parser
(``nove_desktop.cli.build_parser``): the options, their help, defaults and choices are written
once, in ``cli.py``, and ``--help`` and this page both show them.

The page has NAME, SYNOPSIS, DESCRIPTION, OPTIONS, COMMANDS (one subsection per sub-command
with its options), EXIT STATUS (``cli.EXIT_STATUSES``), ENVIRONMENT and FILES (the sentences of
the ``--help`` epilog: those naming a variable go to ENVIRONMENT, the others to FILES) and SEE
ALSO. The epilog names the user's folders: the page is built with ``HOME`` set to ``~`` and the
variables it names unset, so it shows ``~/.local/share/...`` and never the builder's own home.

::

    python -m tools.release.manpage [--out FILE]     # then: man -l FILE
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import gzip
import io
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

from .checks import CheckFailed
from .layout import APP, ReleaseError

SECTION = "6"  # games
MANUAL = "Games Manual"
PAGE_NAME = f"{APP}.{SECTION}"
VARIABLE = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b")
"""An environment variable's name as the epilog writes it: ``NOVE_DESKTOP_DATA``."""
FOLDER = re.compile(r"\S[/\\]\S")
"""A folder's path in a sentence: ``~/.config/nove-desktop``, ``%LOCALAPPDATA%\\nove-desktop``."""
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])")

# Characters that roff would not print as themselves: a backslash starts an escape, "-" may
# print as a hyphen (not the minus of an option people copy), "~" and "^" as accents.
_ROFF_CHARACTERS = {"\\": r"\e", "-": r"\-", "~": r"\(ti", "^": r"\(ha"}


# -- roff --------------------------------------------------------------------------------------
def escape(text: str) -> str:
    """``text`` as the body of one roff text line: special characters escaped, non-ASCII as
    ``\\[uXXXX]`` (groff and mandoc read it whatever the input encoding), control characters
    dropped, and a leading ``.`` or ``'`` protected so that the line is not a request."""
    parts = []
    for char in text:
        if char in _ROFF_CHARACTERS:
            parts.append(_ROFF_CHARACTERS[char])
        elif not char.isprintable():
            parts.append(" " if char.isspace() else "")
        elif ord(char) > 0x7F:
            parts.append(f"\\[u{ord(char):04X}]")
        else:
            parts.append(char)
    line = "".join(parts)
    return "\\&" + line if line.startswith((".", "'")) else line


def argument(text: str) -> str:
    """``text`` as one quoted argument of a macro (``.TH``, ``.SH``, ``.SS``)."""
    return '"' + escape(text).replace('"', r"\(dq") + '"'


def bold(text: str) -> str:
    return rf"\fB{escape(text)}\fR"


def italic(text: str) -> str:
    return rf"\fI{escape(text)}\fR"


def one_line(text: str) -> str:
    return " ".join(text.split())


def sentence(text: str) -> str:
    """A help phrase as a sentence: "play a game" -> "Play a game."."""
    text = one_line(text)
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


# -- reading the parser (argparse has no public API for this; these have not moved since 3.2) ------
def formatter(parser: argparse.ArgumentParser) -> argparse.HelpFormatter:
    return parser._get_formatter()


def is_raw(parser: argparse.ArgumentParser) -> bool:
    """Whether ``--help`` prints the description and epilog as written (line by line)."""
    return isinstance(formatter(parser), argparse.RawDescriptionHelpFormatter)


def help_of(parser: argparse.ArgumentParser, action: argparse.Action) -> str:
    """The action's help as ``--help`` prints it (``%(default)s`` and the like expanded)."""
    if not action.help or action.help == argparse.SUPPRESS:
        return ""
    text = formatter(parser)._expand_help(action)
    if isinstance(formatter(parser), argparse.RawTextHelpFormatter):
        return text
    return one_line(text)


def metavar(parser: argparse.ArgumentParser, action: argparse.Action) -> str:
    """What follows the option in ``--help``: ``GAME``, ``DIR``; empty for a flag."""
    if action.nargs == 0:
        return ""
    shape = formatter(parser)
    default = (
        shape._get_default_metavar_for_optional(action)
        if action.option_strings
        else shape._get_default_metavar_for_positional(action)
    )
    return shape._format_args(action, default)


def shown_actions(parser: argparse.ArgumentParser, with_help: bool) -> list[argparse.Action]:
    """The parser's options and arguments as the page lists them (sub-commands apart)."""
    return [
        action
        for action in parser._actions
        if action.help != argparse.SUPPRESS
        and not isinstance(action, argparse._SubParsersAction)
        and (with_help or not isinstance(action, argparse._HelpAction))
    ]


def commands(parser: argparse.ArgumentParser) -> list[tuple[str, str, argparse.ArgumentParser]]:
    """Each sub-command: its name, its one-line help and its parser (aliases once)."""
    found: list[tuple[str, str, argparse.ArgumentParser]] = []
    for action in parser._actions:
        if not isinstance(action, argparse._SubParsersAction):
            continue
        helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
        seen: set[int] = set()
        for name, sub in action.choices.items():
            if id(sub) not in seen:
                seen.add(id(sub))
                found.append((name, helps.get(name, ""), sub))
    return found


# -- the page's parts ----------------------------------------------------------------------------
def invocation(parser: argparse.ArgumentParser, action: argparse.Action) -> str:
    """``\\fB\\-\\-game\\fR \\fIGAME\\fR`` (options bold, values italic)."""
    value = metavar(parser, action)
    if not action.option_strings:
        return italic(value)
    names = ", ".join(bold(name) for name in action.option_strings)
    return f"{names} {italic(value)}" if value else names


def synopsis_line(words: Sequence[str], parser: argparse.ArgumentParser) -> str:
    """One form of the command: the options in brackets, unbreakable inside a bracket."""
    parts = [rf"\fB{escape(' '.join(words))}\fR"]
    for action in shown_actions(parser, with_help=False):
        value = metavar(parser, action)
        if not action.option_strings:
            parts.append(italic(value))
            continue
        shown = bold(action.option_strings[-1])
        if value:
            shown += r"\ " + italic(value)
        parts.append(shown if action.required else f"[{shown}]")
    return " ".join(parts)


def option_items(parser: argparse.ArgumentParser, with_help: bool) -> list[str]:
    lines = []
    for action in shown_actions(parser, with_help):
        lines += [".TP", invocation(parser, action)]
        text = help_of(parser, action)
        lines += text_lines(text, raw=True) if "\n" in text else [escape(sentence(text))]
    return lines


def text_lines(text: str, raw: bool) -> list[str]:
    """Text as roff lines: one filled line, or lines kept as written (``.nf``)."""
    if not text.strip():
        return []
    if not raw:
        return [escape(one_line(text))]
    return [".nf", *(escape(line.rstrip()) for line in text.splitlines()), ".fi"]


def units(text: str, raw: bool) -> list[list[str]]:
    """The epilog's paragraphs, each a list of units: sentences, or lines if kept as written."""
    paragraphs = re.split(r"\n\s*\n", text.strip())
    if raw:
        return [
            [line.rstrip() for line in block.splitlines() if line.strip()] for block in paragraphs
        ]
    return [SENTENCE_END.split(one_line(block)) for block in paragraphs if block.strip()]


def epilog_sections(text: str, raw: bool) -> list[str]:
    """ENVIRONMENT and FILES from the epilog's sentences (or lines, if kept as written): one
    that names variables is told under those variables, one that names a folder (or no
    variable) under FILES; a sentence doing both is in both, so that each section reads whole."""
    variables: dict[tuple[str, ...], list[str]] = {}
    files: list[list[str]] = []
    for paragraph in units(text, raw):
        kept = []
        for unit in paragraph:
            named = tuple(dict.fromkeys(VARIABLE.findall(unit)))
            if named:
                variables.setdefault(named, []).append(unit)
            if not named or FOLDER.search(unit):
                kept.append(unit)
        if kept:
            files.append(kept)
    lines = []
    if variables:
        lines.append(".SH ENVIRONMENT")
        for names, said in variables.items():
            lines += [".TP", ", ".join(bold(name) for name in names)]
            lines += text_lines("\n".join(said), raw)
    if files:
        lines.append(".SH FILES")
        for paragraph in files:
            lines += [".PP", *text_lines("\n".join(paragraph), raw)]
    return lines


def manpage(
    parser: argparse.ArgumentParser,
    version: str,
    date: str,
    exit_statuses: Mapping[int, str] | None = None,
    see_also: Sequence[str] = (),
) -> str:
    """The page of ``parser`` (a program and its sub-commands) as roff source."""
    program = parser.prog
    description = parser.description or ""
    # NAME's summary: the description's first sentence, up to a colon ("card games: ...").
    summary = SENTENCE_END.split(one_line(description))[0].split(":")[0].rstrip(".")
    summary = summary[:1].lower() + summary[1:]
    lines = [
        f'.\\" The man page of {program}: written by tools/release/manpage.py from the parser of',
        '.\\" nove_desktop/cli.py at build time. Do not edit: change the help in cli.py.',
        f".TH {argument(program.upper())} {SECTION} {argument(date)} "
        f"{argument(f'{program} {version}')} {argument(MANUAL)}",
        ".nh",  # no hyphenation: an option split as "--save-re-plays" cannot be copied
        ".ad l",  # ragged right: justified, long folder names leave wide gaps between words
        ".SH NAME",
        f"{escape(program)} \\- {escape(summary)}",
        ".SH SYNOPSIS",
        synopsis_line([program], parser),
    ]
    for name, _help, sub in commands(parser):
        lines += [".br", synopsis_line([program, name], sub)]
    lines += [".SH DESCRIPTION", *text_lines(description, is_raw(parser))]
    lines += [".SH OPTIONS", *option_items(parser, with_help=True)]
    if commands(parser):
        lines += [".SH COMMANDS", "Each command also takes " + bold("--help") + "."]
    for name, summary_of_command, sub in commands(parser):
        lines += [f".SS {argument(f'{program} {name}')}", escape(sentence(summary_of_command))]
        if sub.description:
            lines += [".PP", *text_lines(sub.description, is_raw(sub))]
        lines += option_items(sub, with_help=False)
        if sub.epilog and one_line(sub.epilog) != one_line(parser.epilog or ""):
            lines += [".PP", *text_lines(sub.epilog, is_raw(sub))]
    if exit_statuses:
        lines.append('.SH "EXIT STATUS"')
        for status, meaning in sorted(exit_statuses.items()):
            lines += [".TP", bold(str(status)), escape(sentence(meaning))]
    lines += epilog_sections(parser.epilog or "", is_raw(parser))
    if see_also:
        lines += ['.SH "SEE ALSO"', *(escape(line) for line in see_also)]
    return "\n".join(lines) + "\n"


# -- nove-desktop's page -------------------------------------------------------------------------
HOME_MARK = "/home/the-reader-of-the-man-page"
"""The home folder the page is written for: shown as ``~`` (platformdirs needs an absolute
``HOME``, so ``~`` itself cannot stand in)."""


@contextlib.contextmanager
def neutral_home(variables: Sequence[str]) -> Iterator[None]:
    """``HOME`` set to :data:`HOME_MARK` and ``variables`` and the XDG folder variables unset,
    for the block's duration: the folders the help names are any user's defaults, never the
    builder's own."""
    saved = dict(os.environ)
    try:
        for name in [*variables, *(key for key in saved if key.startswith("XDG_"))]:
            os.environ.pop(name, None)
        os.environ["HOME"] = HOME_MARK
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


def page_date() -> str:
    """``SOURCE_DATE_EPOCH``'s day if set (reproducible builds), else today's (UTC)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    moment = (
        datetime.datetime.fromtimestamp(int(epoch), datetime.UTC)
        if epoch.isdigit()
        else datetime.datetime.now(datetime.UTC)
    )
    return moment.date().isoformat()


def nove_desktop_page(version: str, date: str | None = None) -> str:
    """nove-desktop(6) for ``version``, from the parser of ``nove_desktop.cli``."""
    from nove_desktop import cli
    from nove_desktop.version import HOMEPAGE

    named = VARIABLE.findall(cli.build_parser().epilog or "")
    with neutral_home(named):
        parser = cli.build_parser()
    see_also = [f"The home page: {HOMEPAGE}"]
    page = manpage(parser, version, date or page_date(), cli.EXIT_STATUSES, see_also)
    return page.replace(escape(HOME_MARK), escape("~"))


def write_page(folder: Path, version: str) -> Path:
    """``folder/nove-desktop.6`` (the archive's: install.sh copies it as it is)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / PAGE_NAME
    path.write_text(nove_desktop_page(version), encoding="ascii")
    return path


def write_gzipped_page(folder: Path, version: str) -> Path:
    """``folder/nove-desktop.6.gz`` as ``gzip -9n`` writes it (no name, no time stamp: the
    same bytes at every build), as Debian installs man pages."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{PAGE_NAME}.gz"
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, compresslevel=9, mtime=0) as zipped:
        zipped.write(nove_desktop_page(version).encode("ascii"))
    path.write_bytes(buffer.getvalue())
    return path


# -- checking a page -----------------------------------------------------------------------------
def groff() -> str:
    found = shutil.which("groff")
    if found is None:
        raise ReleaseError(
            "groff is missing: install groff-base (sudo apt-get install groff-base; "
            "./dev.sh does it when run as root)"
        )
    return found


def read_page(path: Path) -> str:
    data = path.read_bytes()
    if path.suffix == ".gz":
        if data[3] & 0x08 or data[4:8] != b"\0\0\0\0":  # FNAME flag, MTIME
            raise CheckFailed(f"{path}: gzipped with a file name or a time stamp (use gzip -n)")
        data = gzip.decompress(data)
    return data.decode("ascii")


def render(source: str, width: int = 80) -> tuple[str, str]:
    """The page as plain text (``width`` columns) and what groff warned about it."""
    command = [groff(), "-man", "-Tutf8", "-ww", f"-rLL={width}n", "-P-cbou"]
    done = subprocess.run(
        command, input=source, capture_output=True, text=True, check=False, encoding="utf-8"
    )
    if done.returncode != 0 and not done.stderr:
        raise CheckFailed(f"groff failed (status {done.returncode})")
    return done.stdout, done.stderr.strip()


def check_manpage(path: Path) -> None:
    """The installed page exists, is plain ASCII roff, and renders without a single warning."""
    if not path.is_file():
        raise CheckFailed(f"no man page at {path}")
    try:
        source = read_page(path)
    except (OSError, EOFError, UnicodeDecodeError, gzip.BadGzipFile) as exc:
        raise CheckFailed(f"{path}: not a readable man page ({exc})") from None
    text, warnings = render(source)
    if warnings:
        raise CheckFailed(f"{path} renders with warnings:\n{warnings}")
    if f"{APP.upper()}({SECTION})" not in text:
        raise CheckFailed(f"{path} does not render as {APP}({SECTION})")


def main(argv: list[str] | None = None) -> int:
    from nove_desktop.version import app_version

    parser = argparse.ArgumentParser(prog="python -m tools.release.manpage", description=__doc__)
    parser.add_argument("--out", type=Path, default=None, help="write here (default: stdout)")
    args = parser.parse_args(argv)
    page = nove_desktop_page(app_version())
    if args.out is None:
        sys.stdout.write(page)
    else:
        args.out.write_text(page, encoding="ascii")
    return 0


if __name__ == "__main__":
    sys.exit(main())
