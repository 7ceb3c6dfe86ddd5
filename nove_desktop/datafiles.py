"""What a well-formed file of the data folder holds: the type and range of every field of the
settings, the statistics and the autosave.

Each check returns what it found wrong, in words for the developers' log (an empty list: all
is well); ``storage.py`` decides what the player is told. Unknown keys are not checked: a later
version may add settings or statistics, and this one simply does not read them. No pygame and no
files here.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from typing import Any, TypeGuard

from .engine.replay import ReplayError, parse

ANIMATION_SPEEDS = ("slow", "normal", "fast", "off")
AI_PACES = ("slow", "normal", "fast", "instant")
WINDOW_SECONDS = (1.5, 2.0, 3.0, 5.0, 10.0, None)  # None: untimed, the window waits for players
LANGUAGE_SETTINGS = ("", "en", "fr", "de", "it")  # "": the system's language (i18n.SYSTEM)
MAX_WINDOW_SIDE = 16384
MAX_GAME_ID_LENGTH = 64
MAX_NAME_LENGTH = 64
MAX_COUNT = 10**9
"""Largest count or score believed: nobody plays a billion games, and a NOVE four of a kind
(+99) is the largest single gain of any game."""
_GAME_ID = re.compile(r"[a-z0-9_-]+")


def is_int(value: object) -> TypeGuard[int]:
    """An int that is not a bool (JSON ``true`` must not count as 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def valid_volume(value: object) -> bool:
    if not (is_int(value) or isinstance(value, float)):
        return False
    number = float(value)  # (an int or a float: checked above)
    return math.isfinite(number) and 0.0 <= number <= 1.0


def valid_window_size(value: object) -> bool:
    return (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(is_int(side) and 1 <= side <= MAX_WINDOW_SIDE for side in value)
    )


def valid_game_id(value: object) -> bool:
    """A game id as the registry spells them: lower-case letters, digits, ``_`` and ``-``."""
    return (
        isinstance(value, str)
        and 0 < len(value) <= MAX_GAME_ID_LENGTH
        and _GAME_ID.fullmatch(value) is not None
    )


def _is_bool(value: object) -> bool:
    return isinstance(value, bool)


SETTING_CHECKS: dict[str, Callable[[object], bool]] = {
    "animation_speed": lambda value: value in ANIMATION_SPEEDS,
    "ai_pace": lambda value: value in AI_PACES,
    "volume": valid_volume,
    "muted": _is_bool,
    "fullscreen": _is_bool,
    "window_size": valid_window_size,
    "handoff": _is_bool,
    "last_game": valid_game_id,
    "window_seconds": lambda value: value in WINDOW_SECONDS and not isinstance(value, bool),
    "always_good_draw": _is_bool,
    "language": lambda value: value in LANGUAGE_SETTINGS,
}
"""One check per setting (``Settings`` has exactly these fields; a test keeps them in step)."""


def show(value: object, limit: int = 40) -> str:
    """A short printable rendering of a value read from a file, for the log."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def settings_problems(raw: Mapping[str, Any]) -> list[str]:
    """The settings present in ``raw`` whose values cannot be used (missing ones are fine:
    they take their defaults)."""
    return [
        f"{name} is {show(raw[name])}, which is not a valid value"
        for name, check in SETTING_CHECKS.items()
        if name in raw and not check(raw[name])
    ]


def statistics_entry_problem(game_id: object, entry: object) -> str | None:
    """What is wrong with one game's statistics, or None: ``played`` and ``won`` are counts with
    ``won <= played``; ``best_score`` is a whole number once a game was played, null before;
    ``hinted`` (optional) counts the games where a hint was asked (``played``, ``won``, within
    the totals); ``players`` (optional) holds the same per player name."""
    if not valid_game_id(game_id):
        return f"{show(game_id)} is not a game id"
    problem = _results_problem(str(game_id), entry)
    if problem is not None:
        return problem
    assert isinstance(entry, Mapping)
    players = entry.get("players", {})
    if not isinstance(players, Mapping):
        return f"{game_id}: players is {show(players)}, not an object"
    for name, results in players.items():
        if not (isinstance(name, str) and 0 < len(name) <= MAX_NAME_LENGTH):
            return f"{game_id}: {show(name)} is not a player's name"
        problem = _results_problem(f"{game_id}, {name}", results)
        if problem is not None:
            return problem
    return None


def _results_problem(where: str, entry: object) -> str | None:
    if not isinstance(entry, Mapping):
        return f"{where}: the entry is not an object"
    played, won, best = entry.get("played"), entry.get("won"), entry.get("best_score")
    if not (is_int(played) and is_int(won) and 0 <= won <= played <= MAX_COUNT):
        return f"{where}: played {show(played)} and won {show(won)} are not counts, won <= played"
    hinted = entry.get("hinted", {"played": 0, "won": 0})
    if not isinstance(hinted, Mapping):
        return f"{where}: hinted is {show(hinted)}, not an object"
    h_played, h_won = hinted.get("played"), hinted.get("won")
    if not (
        is_int(h_played) and is_int(h_won) and 0 <= h_won <= h_played <= played and h_won <= won
    ):
        return f"{where}: the games with hints ({show(h_played)}, {show(h_won)}) do not add up"
    if played == 0:
        return None if best is None else f"{where}: a best score {show(best)} with no game"
    if not (is_int(best) and -MAX_COUNT <= best <= MAX_COUNT):
        return f"{where}: best_score {show(best)} is not a whole number"
    return None


def save_problems(data: Mapping[str, Any]) -> list[str]:
    """What is wrong with an autosave whose markers are right: its ``replay`` must be a replay
    (its shape; whether it re-executes is known only when resumed), ``finished`` true or false,
    ``ui`` an object, ``undos`` (when present) a whole number of moves taken back."""
    problems = []
    try:
        parse(data.get("replay"))
    except ReplayError as exc:
        problems.append(f"replay: {exc}")
    if not isinstance(data.get("finished"), bool):
        problems.append(f"finished is {show(data.get('finished'))}, not true or false")
    if not isinstance(data.get("ui", {}), dict):
        problems.append(f"ui is {show(data.get('ui'))}, not an object")
    undos = data.get("undos", 0)
    if type(undos) is not int or undos < 0:
        problems.append(f"undos is {show(undos)}, not a whole number")
    return problems
