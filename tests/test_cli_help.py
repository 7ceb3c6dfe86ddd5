"""Every option of every command explains itself in ``--help`` (and so in the man page, written
from the same parser): a help text, the default when it takes a value, and its choices.

The parser is walked here with argparse's own attributes, not with the man page generator's
helpers, and the expectations come from the games' registry and the seat kinds directly."""

from __future__ import annotations

import argparse
import re

import pytest

from nove_desktop import cli
from nove_desktop.ai import SEAT_KINDS
from nove_desktop.games import default_registry

# Options whose value is checked after parsing (clear one-line errors instead of argparse's
# usage dump): their closed set of values must still be named in the help.
VALUE_SETS = {"--game": tuple(default_registry().ids()), "--seats": SEAT_KINDS}


def every_parser(parser: argparse.ArgumentParser) -> list[tuple[str, argparse.ArgumentParser]]:
    found = [("", parser)]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found += [(name, sub) for name, sub in action.choices.items()]
    return found


def flat(text: str) -> str:
    return " ".join(text.split())


def expanded(parser: argparse.ArgumentParser, action: argparse.Action) -> str:
    values = {key: value for key, value in vars(action).items() if value is not None}
    return flat(str(action.help) % {**values, "prog": parser.prog})


def problems(parser: argparse.ArgumentParser) -> list[str]:
    """Each option (of each command) that fails to explain itself, and why."""
    found = []
    for command, sub in every_parser(parser):
        shown = flat(sub.format_help())
        for action in sub._actions:
            if isinstance(action, argparse._SubParsersAction):
                found += [
                    f"command {choice.dest}: no help"
                    for choice in action._choices_actions
                    if not (choice.help or "").strip()
                ]
                continue
            name = f"{command or 'nove-desktop'} {'/'.join(action.option_strings) or action.dest}"
            if not action.help or not action.help.strip() or action.help == argparse.SUPPRESS:
                found.append(f"{name}: no help")
                continue
            text = expanded(sub, action)
            if text not in shown:
                found.append(f"{name}: its help is not in --help")
            if action.nargs == 0 or not action.option_strings:
                continue  # a flag or a positional argument has no default to state
            if action.default is None:
                if not re.search(r"\bdefault\b", text):
                    found.append(f"{name}: does not say what happens without it")
            elif not re.search(rf"\bdefault:? {re.escape(str(action.default))}\b", text):
                found.append(f"{name}: does not state its default {action.default!r}")
            choices = list(action.choices or ())
            choices += [
                value for option in action.option_strings for value in VALUE_SETS.get(option, ())
            ]
            missing = [str(choice) for choice in choices if str(choice) not in text]
            if missing:
                found.append(f"{name}: does not name {', '.join(missing)}")
    return found


def test_every_option_of_every_command_has_help_default_and_choices() -> None:
    assert problems(cli.build_parser()) == []


def test_the_walk_covers_every_command() -> None:
    names = [command for command, _parser in every_parser(cli.build_parser())]
    assert names == ["", "demo", "replay", "simulate", "serve"]


@pytest.mark.parametrize(
    ("option", "help_text", "expected"),
    [
        ("--colour", None, "nove-desktop --colour: no help"),
        ("--colour", "the table's colour", "does not state its default 'green'"),
        ("--colour", "the table's colour (default green)", "does not name red"),
        ("--size", "the card size (default 5)", "does not state its default 3"),
    ],
)
def test_the_walk_catches_an_option_that_does_not_explain_itself(
    option: str, help_text: str | None, expected: str
) -> None:
    parser = argparse.ArgumentParser(prog="nove-desktop")
    if option == "--colour":
        parser.add_argument(option, default="green", choices=["red", "green"], help=help_text)
    else:
        parser.add_argument(option, type=int, default=3, help=help_text)
    assert any(expected in line for line in problems(parser)), problems(parser)


def test_a_value_set_checked_after_parsing_must_be_named() -> None:
    parser = argparse.ArgumentParser(prog="nove-desktop")
    parser.add_argument("--game", default="nove", help="the game to play (default nove)")
    assert problems(parser) == ["nove-desktop --game: does not name kael, nox, banco, numx"]
