"""Saves and statistics in the user data folder, settings in the config folder.

Every file is a JSON object carrying a ``"format"`` and a ``"version"`` marker. Writes are atomic
(temporary file in the same folder, flush, fsync, rename), so a crash leaves either the old file
or the new one. Every field read back is checked (``datafiles.py``). A file that cannot be read,
or holds a value that cannot be used, is never deleted or overwritten: it is moved aside as
``<name>.corrupt-<YYYYmmdd-HHMMSS>[-N].json``, the caller gets a one-line message to show (once
per file), and the app carries on with what could be used. What exactly was wrong goes to
``problems.log`` in the state folder, for developers; the player's message never quotes it.
Where the three folders are: ``folders.py`` (``NOVE_DESKTOP_DATA`` makes them one folder). The
settings and log of a 0.2.0 data folder are moved to their folders once (``migration.py``).

A folder that cannot be written to (a file in its place, no permission to write, a read-only
disk) is told once, by the first ``load_*`` call of a file it holds, as a single problem; what it
holds is still read (a read-only folder keeps the player's settings, saved game and statistics),
and nothing is written there: every write raises :class:`WriteRefused` instead of pretending. A
file written by a newer version of the app (a higher ``"version"``) is never moved or
overwritten: it is told once, read as absent, and writes to it are refused. Writing problems in
a usable folder raise :class:`StorageError`, whose message is fit for the player's eyes.

No pygame here: the UI calls this module, never the other way round.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from datetime import datetime
from pathlib import Path
from typing import Any, cast

from .datafiles import (
    AI_PACES,
    ANIMATION_SPEEDS,
    MAX_GAME_ID_LENGTH,
    MAX_NAME_LENGTH,
    MAX_WINDOW_SIDE,
    SETTING_CHECKS,
    WINDOW_SECONDS,
    is_int,
    save_problems,
    settings_problems,
    statistics_entry_problem,
    valid_game_id,
)
from .engine.jsonable import MAX_BYTES, read_json
from .folders import APP_NAME, DATA_ENV, Folders, default_folders
from .i18n import N_, _
from .migration import migrate

__all__ = [
    "AI_PACES",
    "ANIMATION_SPEEDS",
    "APP_NAME",
    "DATA_ENV",
    "MAX_GAME_ID_LENGTH",
    "MAX_WINDOW_SIDE",
    "WINDOW_SECONDS",
    "Folders",
    "GameStats",
    "LoadResult",
    "SeatResult",
    "Settings",
    "Storage",
    "StorageError",
    "WriteRefused",
    "write_json_atomic",
]

SAVE_FORMAT = "nove-desktop-save"
SETTINGS_FORMAT = "nove-desktop-settings"
STATISTICS_FORMAT = "nove-desktop-statistics"
ONLINE_FORMAT = "nove-desktop-online"
FILE_VERSION = 1
"""The version of every data file this build writes (the autosave's is ``session.SAVE_VERSION``:
a test keeps them in step); a higher one was written by a newer version of the app."""
LOG_NAME = "problems.log"
"""The developers' log, in the state folder."""
MAX_LOG_BYTES = 256 * 1024
"""The log is started afresh (the old one kept as ``problems.log.old``) past this size."""

_SETTING_CHECKS = SETTING_CHECKS  # the name the tests have always used


class StorageError(Exception):
    """A file of the app's folders could not be written or removed.

    ``str(error)`` is a one-line message for the player; ``reason`` is the bare cause
    (e.g. "No space left on device").
    """

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason or message


class WriteRefused(StorageError):
    """A write that was not even tried: the file's folder cannot be written to, or it belongs
    to a newer version of the app. ``told`` is True when the player has already been told why
    (the ``load_*`` call that found it said so), so callers need not say it again."""

    def __init__(self, message: str, told: bool) -> None:
        super().__init__(message)
        self.told = told


@dataclass(frozen=True)
class LoadResult:
    """What reading one data file gave.

    ``data`` is the JSON object, or None when the file is missing, unreadable or of a newer
    version. ``problem`` is None, or a one-line message for the player: the file was unreadable
    and moved aside to ``kept_aside`` (None if even that failed or was not tried), the file comes
    from a newer version (left untouched), and/or the file's folder cannot be written to.
    """

    data: dict[str, Any] | None
    problem: str | None = None
    kept_aside: Path | None = None


@dataclass(frozen=True)
class _Document:
    """One kind of data file: its name (without ``.json``), marker and how players call it."""

    stem: str
    marker: str
    role: str  # the folder it lives in: "data" or "config" (a field name of Folders)
    label: str  # used as "<label> could not be read"
    noun: str  # used as "could not save <noun>"
    newer: str  # what the player is told about a file of a newer version (marked for _())

    @property
    def filename(self) -> str:
        return f"{self.stem}.json"


SAVE_DOCUMENT = _Document(
    "autosave",
    SAVE_FORMAT,
    "data",
    "The saved game",
    "the game",
    N_(
        "Your saved game comes from a newer version of nove-desktop: it is kept as it is for "
        "that version, and this version does not save games over it."
    ),
)
SETTINGS_DOCUMENT = _Document(
    "settings",
    SETTINGS_FORMAT,
    "config",
    "The settings file",
    "the settings",
    N_(
        "Your settings come from a newer version of nove-desktop: they are kept as they are for "
        "that version, and this version plays with its default settings without saving them."
    ),
)
STATISTICS_DOCUMENT = _Document(
    "statistics",
    STATISTICS_FORMAT,
    "data",
    "The statistics file",
    "the statistics",
    N_(
        "Your statistics come from a newer version of nove-desktop: they are kept as they are "
        "for that version, and games played in this version are not counted."
    ),
)
ONLINE_DOCUMENT = _Document(
    "online",
    ONLINE_FORMAT,
    "data",
    "The online game file",
    "the online game",
    N_(
        "Your online game was kept by a newer version of nove-desktop: rejoin it from that version."
    ),
)
ONLINE_FIELDS = ("address", "room", "token", "game")
"""The text fields an online seat's file must hold (``name`` is optional)."""
_DOCUMENTS = {
    doc.stem: doc
    for doc in (SAVE_DOCUMENT, SETTINGS_DOCUMENT, STATISTICS_DOCUMENT, ONLINE_DOCUMENT)
}


# -- plain values ----------------------------------------------------------------------------------
def _has_markers(data: Mapping[str, Any], marker: str) -> bool:
    version = data.get("version")
    return data.get("format") == marker and is_int(version) and version == FILE_VERSION


def _is_newer(data: Mapping[str, Any], marker: str) -> bool:
    """A file of ours written by a newer version of the app (which this one cannot judge)."""
    version = data.get("version")
    return data.get("format") == marker and is_int(version) and version > FILE_VERSION


@dataclass
class Settings:
    """The player's preferences. ``handoff`` is the pass-and-play hand-off screen."""

    animation_speed: str = "normal"
    ai_pace: str = "normal"
    volume: float = 0.7
    muted: bool = False
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 720)
    handoff: bool = True
    last_game: str = "nove"
    window_seconds: float | None = 3.0  # reaction windows (cut, Facteur X); None = untimed
    always_good_draw: bool = True  # Kael: lay a good draw again without being asked
    language: str = ""  # "" follows the system's language; else "en", "fr", "de" or "it"

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Settings:
        """Settings from a JSON object: unknown keys are ignored, invalid values fall back to
        their defaults."""
        values: dict[str, Any] = {}
        for name, is_valid in SETTING_CHECKS.items():
            if name in raw and is_valid(raw[name]):
                values[name] = raw[name]
        if "volume" in values:
            values["volume"] = float(values["volume"])
        if "window_size" in values:
            values["window_size"] = tuple(values["window_size"])
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        """The settings as a JSON object (without the file markers)."""
        data = {item.name: getattr(self, item.name) for item in fields(self)}
        data["window_size"] = list(self.window_size)
        return data


@dataclass(frozen=True)
class GameStats:
    """Results of one game kind (of one player, or of everybody who played at this computer).
    ``best_score`` is None until a game has been recorded; ``hinted_*`` count the assisted
    games: a hint was asked or a move undone (the file keeps its older key, "hinted");
    ``players`` holds each player's own results, by name."""

    played: int = 0
    won: int = 0
    best_score: int | None = None
    hinted_played: int = 0
    hinted_won: int = 0
    players: tuple[tuple[str, GameStats], ...] = ()

    def with_result(
        self, won: bool, score: int, lower_is_better: bool = False, hinted: bool = False
    ) -> GameStats:
        """These statistics after one more finished game."""
        best = self.best_score
        if best is None or (score < best if lower_is_better else score > best):
            best = score
        return GameStats(
            self.played + 1,
            self.won + int(won),
            best,
            self.hinted_played + int(hinted),
            self.hinted_won + int(hinted and won),
            self.players,
        )

    def player(self, name: str) -> GameStats:
        return dict(self.players).get(name, GameStats())

    def with_player(self, name: str, stats: GameStats) -> GameStats:
        players = dict(self.players)
        players[name] = stats
        return GameStats(
            self.played,
            self.won,
            self.best_score,
            self.hinted_played,
            self.hinted_won,
            tuple(sorted(players.items())),
        )

    def to_dict(self) -> dict[str, Any]:
        """As a JSON object."""
        data: dict[str, Any] = {
            "played": self.played,
            "won": self.won,
            "best_score": self.best_score,
            "hinted": {"played": self.hinted_played, "won": self.hinted_won},
        }
        if self.players:
            data["players"] = {name: stats.to_dict() for name, stats in self.players}
        return data

    @classmethod
    def from_dict(cls, game_id: str, raw: object) -> GameStats:
        """Parse the entry of ``game_id`` in the statistics file; ValueError (saying what is
        wrong, for the log) if it does not add up."""
        problem = statistics_entry_problem(game_id, raw)
        if problem is not None:
            raise ValueError(problem)
        entry = cast(Mapping[str, Any], raw)  # (a mapping: checked above)
        players = tuple(
            sorted(
                (name, cls._results(results))
                for name, results in cast(Mapping[str, Any], entry.get("players", {})).items()
            )
        )
        return dataclasses.replace(cls._results(entry), players=players)

    @classmethod
    def _results(cls, entry: Mapping[str, Any]) -> GameStats:
        hinted = entry.get("hinted", {"played": 0, "won": 0})
        return cls(
            entry["played"], entry["won"], entry.get("best_score"), hinted["played"], hinted["won"]
        )


@dataclass(frozen=True)
class SeatResult:
    """One human seat's result in a finished game (``Storage.record_game``)."""

    player: str
    won: bool
    score: int
    hinted: bool = False


MAX_COUNTED_KEYS = 50
"""How many keys of counted games the statistics file remembers (a game is resumed at its
results at most once after a crash: the last few are plenty)."""


# -- files -----------------------------------------------------------------------------------------
def _reason(error: BaseException) -> str:
    """A short cause for a player: the OS's words when there are some."""
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error) or type(error).__name__


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it (not on Windows)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def write_json_atomic(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path`` so that readers see the old file or the new one, never
    a half-written one. Creates the folder if needed. Raises :class:`StorageError` (nothing is
    left behind) when the data is not JSON or the disk refuses."""
    path = Path(path)
    try:
        text = json.dumps(data, ensure_ascii=False, allow_nan=False, indent=2) + "\n"
    except (TypeError, ValueError, RecursionError) as error:
        raise StorageError(f"Could not write {path.name}: {error}", str(error)) from error
    temporary: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(
            prefix=f".{path.name}.", suffix=".tmp", dir=path.parent
        )
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
        temporary = None
    except OSError as error:
        raise StorageError(f"Could not write {path}: {_reason(error)}", _reason(error)) from error
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
    _fsync_folder(path.parent)


def _read_object(path: Path) -> dict[str, Any]:
    """The JSON object in ``path``. FileNotFoundError if missing; OSError or ValueError (with
    what is wrong, for the log) if it is unreadable."""
    with path.open("rb") as stream:
        raw = stream.read(MAX_BYTES + 1)
    data = read_json(raw, path.name)  # FormatError is a ValueError
    if not isinstance(data, dict):
        raise ValueError(f"{path.name} does not hold a JSON object")
    return data


def default_root() -> Path:
    """The data folder: ``NOVE_DESKTOP_DATA`` if set, else the platform's user data folder."""
    return default_folders().data


_TOLD_ROLES = ("data", "config")
"""The folders a player is told about: those of their saved files (the log is best effort)."""


class _Folder:
    """One folder and its fitness for our files: checked once (created if missing, a probe file
    written and removed), told to the player once. ``roles`` are the Folders fields it serves
    (several when they are one folder, which is then checked and told once)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.roles: set[str] = set()
        self.told = False
        self._checked = False
        self._problem: str | None = None  # why it cannot be written to
        self._readable = True

    @property
    def usable(self) -> bool:
        if not self._checked:
            self._checked = True
            self._problem = _folder_problem(self.path)
            self._readable = self.path.is_dir()
        return self._problem is None

    @property
    def readable(self) -> bool:
        return self.usable or self._readable

    def message(self) -> str | None:
        """What the player is told about this folder when it is not usable, in the active
        language (None when it holds none of the player's files: the state folder alone)."""
        reason = self._problem
        if {"data", "config"} <= self.roles:  # one folder for everything (NOVE_DESKTOP_DATA)
            if self.readable:
                return _(
                    "The data folder {folder} cannot be written to ({reason}): what it holds "
                    "was read, but games, settings and statistics will not be saved."
                ).format(folder=self.path, reason=reason)
            return _(
                "The data folder {folder} cannot be used ({reason}): games, settings and "
                "statistics will not be saved."
            ).format(folder=self.path, reason=reason)
        if "data" in self.roles:
            if self.readable:
                return _(
                    "The data folder {folder} cannot be written to ({reason}): what it holds "
                    "was read, but games and statistics will not be saved."
                ).format(folder=self.path, reason=reason)
            return _(
                "The data folder {folder} cannot be used ({reason}): games and statistics "
                "will not be saved."
            ).format(folder=self.path, reason=reason)
        if "config" in self.roles:
            if self.readable:
                return _(
                    "The settings folder {folder} cannot be written to ({reason}): your "
                    "settings were read, but changes to them will not be saved."
                ).format(folder=self.path, reason=reason)
            return _(
                "The settings folder {folder} cannot be used ({reason}): the default settings "
                "are used, and changes to them will not be saved."
            ).format(folder=self.path, reason=reason)
        return None


class Storage:
    """The app's files: the autosave and the statistics in the data folder, the settings in the
    config folder, the problems log in the state folder.

    ``root`` puts every file in that one folder (as ``NOVE_DESKTOP_DATA`` does); ``folders``
    names the three folders. With neither, ``NOVE_DESKTOP_DATA`` if set, else the platform's
    folders (``folders.default_folders``). When the folders differ, the settings and log a
    0.2.0 data folder holds are moved to theirs the first time a file is used (``migration``).
    ``clock`` gives the time used to name files moved aside and to date the log.
    """

    def __init__(
        self,
        root: str | os.PathLike[str] | None = None,
        *,
        folders: Folders | None = None,
        clock: Callable[[], datetime] = datetime.now,
    ) -> None:
        if root is not None and folders is not None:
            raise TypeError("Storage takes one root folder or the three folders, not both")
        if folders is None:
            folders = Folders.single(root) if root is not None else default_folders()
        self.folders = folders
        self.root = folders.data
        self._clock = clock
        self._places: dict[str, _Folder] | None = None  # by role, once settled
        self._migration_failed: str | None = None  # why; told by the first load_* call
        self._told: set[str] = set()  # files whose problem was reported but that stayed
        self._newer: set[str] = set()  # files of a newer version: never moved or overwritten
        self._peeked: set[str] = set()  # files whose version is known
        self.settings_reset = False  # the last load_settings set a damaged file aside

    # -- the folders ------------------------------------------------------------------------------
    def _place(self, role: str) -> _Folder:
        """The folder of ``role`` ("data", "config" or "state"), after 0.2.0's files were moved."""
        if self._places is None:
            self._settle()
        assert self._places is not None
        return self._places[role]

    def _settle(self) -> None:
        """Move the files of a 0.2.0 data folder (once, when the folders differ), then give each
        role its folder: one object per distinct folder, so that it is checked and told once. A
        settings file or log that could not be moved is used where it is, this session."""
        paths = {role: getattr(self.folders, role) for role in ("data", "config", "state")}
        report = migrate(self.folders, self._clock()) if self.folders.separate else None
        if report is not None and report.left:
            for role, name in (("config", SETTINGS_DOCUMENT.filename), ("state", LOG_NAME)):
                if name in report.left and not os.path.lexists(paths[role] / name):
                    paths[role] = self.folders.data
            self._migration_failed = report.first_reason
        by_path: dict[Path, _Folder] = {}
        self._places = {}
        for role, path in paths.items():
            self._places[role] = by_path.setdefault(path, _Folder(path))
            self._places[role].roles.add(role)
        if report is not None:  # the log's own folder is known only now; a move that worked
            for line in report.failed:  # is no problem (and leaves the log's bytes as they were)
                self._log(f"moving 0.2.0's files: {line}")

    def _migration_problem(self) -> str | None:
        """The message about 0.2.0's files that could not be moved, once, in the language
        active when it is told (the move happens before the settings choose it)."""
        reason, self._migration_failed = self._migration_failed, None
        if reason is None:
            return None
        return _(
            "Some files of an earlier version could not be moved to their new folder "
            "({reason}): they were left in {folder}, and nothing was lost."
        ).format(reason=reason, folder=self.folders.data)

    @property
    def usable(self) -> bool:
        """Whether files can be written in the folders of the player's files (checked once: each
        created if missing, a probe file written and removed). A folder that is not usable may
        still be read."""
        return all(self._place(role).usable for role in _TOLD_ROLES)

    writable = usable

    @property
    def readable(self) -> bool:
        """Whether the folders of the player's files can be read (even if not written)."""
        return all(self._place(role).readable for role in _TOLD_ROLES)

    def can_write(self, name: str) -> bool:
        """Whether a write of data file ``name`` would be tried: its folder can be written to
        and the file does not belong to a newer version of the app."""
        document = self._document(name)
        return self._place(document.role).usable and not self._of_newer_version(document)

    def folder_problem(self) -> str | None:
        """The messages for the player about the folders that cannot be written to, the first
        time each is asked (a ``load_*`` call asks for its file's folder); None afterwards and
        when the folders are fine. They are in the active language."""
        places = {id(place): place for place in map(self._place, _TOLD_ROLES)}
        return _both(*(self._tell(place) for place in places.values()))

    def _tell(self, place: _Folder) -> str | None:
        if place.usable or place.told:
            return None
        place.told = True
        return place.message()

    def _path(self, document: _Document) -> Path:
        return self._place(document.role).path / document.filename

    # -- generic ----------------------------------------------------------------------------------
    def path_of(self, name: str) -> Path:
        """The file behind a data file name (``"autosave"``, ``"settings"``, ``"statistics"``)."""
        return self._path(self._document(name))

    def load_json(self, name: str) -> LoadResult:
        """Read one data file (``"autosave"``, ``"settings"`` or ``"statistics"``).

        Missing file: no data, no problem. Unreadable file (not UTF-8 JSON, not an object,
        wrong markers, an OS error): moved aside, no data, and a problem message (once). A file
        of a newer version: left untouched, no data, and a message saying so (once). A data
        folder that cannot be written to: its files are read all the same, and the first call
        also carries the folder's problem. Never raises for a bad file or folder.
        """
        document = self._document(name)
        place = self._place(document.role)
        told = _both(self._migration_problem(), self._tell(place))
        if not place.readable:
            return LoadResult(None, told)
        result = self._load(document)
        return dataclasses.replace(result, problem=_both(told, result.problem))

    def _load(self, document: _Document) -> LoadResult:
        try:
            data = _read_object(self._path(document))
        except FileNotFoundError:
            self._peeked.add(document.stem)
            return LoadResult(None)
        except (OSError, ValueError) as error:
            return self._set_aside(document, _reason(error))
        self._peeked.add(document.stem)
        if _is_newer(data, document.marker):
            self._newer.add(document.stem)
            return self._once(document, _(document.newer))
        self._newer.discard(document.stem)
        if not _has_markers(data, document.marker):
            marks = f"format {_show(data.get('format'))}, version {_show(data.get('version'))}"
            return self._set_aside(document, f"not a {document.marker} file ({marks})")
        return LoadResult(data)

    # -- saved game -------------------------------------------------------------------------------
    def save_game(self, data: dict[str, Any]) -> None:
        """Replace the autosave with ``data``, a save object made elsewhere (``GameSession.
        to_save``): it must carry ``"format": "nove-desktop-save"`` and ``"version": 1`` and
        have the shape ``load_game`` checks (ValueError otherwise: a bug, never the player's)."""
        if not isinstance(data, dict) or not _has_markers(data, SAVE_FORMAT):
            raise ValueError(
                f'A saved game must be a dict with "format": "{SAVE_FORMAT}" '
                f'and "version": {FILE_VERSION}'
            )
        problems = save_problems(data)
        if problems:
            raise ValueError(f"A saved game of the wrong shape: {'; '.join(problems)}")
        self._write(SAVE_DOCUMENT, data)

    def load_game(self) -> LoadResult:
        """The autosave, if there is a readable one whose every field has the right type (the
        replay's shape included; whether it re-executes is known when it is resumed)."""
        result = self.load_json(SAVE_DOCUMENT.stem)
        if result.data is None:
            return result
        problems = save_problems(result.data)
        if problems:
            aside = self._set_aside(SAVE_DOCUMENT, "; ".join(problems))
            return dataclasses.replace(aside, problem=_both(result.problem, aside.problem))
        return result

    def has_saved_game(self) -> bool:
        """Whether an autosave file exists (cheap; it may still turn out unreadable)."""
        return self._place(SAVE_DOCUMENT.role).readable and self._path(SAVE_DOCUMENT).exists()

    def set_aside_game(self, why: str = "it could not be resumed") -> LoadResult:
        """Move the autosave aside (kept, never deleted), e.g. when it reads as JSON but cannot be
        resumed (``why`` goes to the log). ``problem`` says where it went; no data. Missing
        file, a folder that cannot be written to or a save of a newer version: nothing happens
        (``kept_aside`` is None)."""
        if not self.can_write(SAVE_DOCUMENT.stem) or not os.path.lexists(self._path(SAVE_DOCUMENT)):
            return LoadResult(None)
        return self._set_aside(SAVE_DOCUMENT, why)

    def delete_game(self) -> None:
        """Remove the autosave (nothing happens if there is none). Raises :class:`WriteRefused`
        if the folder cannot be written to or the save belongs to a newer version."""
        self._refuse_if_unwritable(SAVE_DOCUMENT)
        path = self._path(SAVE_DOCUMENT)
        try:
            path.unlink(missing_ok=True)
        except OSError as error:
            reason = _reason(error)
            raise StorageError(
                f"Could not delete the saved game {path}: {reason}", reason
            ) from error

    # -- replays of online games -----------------------------------------------------------------
    def save_replay(self, data: dict[str, Any], name: str) -> Path:
        """Keep a finished online game's replay as ``replays/<name>.json`` in the data folder
        (an offline game's replay is its autosave; an online game has none on this computer).
        ``name`` is made of letters, digits and dashes. Raises :class:`WriteRefused` if the
        data folder cannot be written to, :class:`StorageError` if the write fails."""
        if not name or not all(c.isalnum() or c == "-" for c in name):
            raise ValueError(f"a replay name of letters, digits and dashes, not {name!r}")
        place = self._place("data")
        if not place.usable:
            raise WriteRefused(place.message() or "", told=place.told)
        path = place.path / "replays" / f"{name}.json"
        write_json_atomic(path, data)  # creates the folder
        return path

    # -- online seat ------------------------------------------------------------------------------
    def save_online(self, address: str, room: str, token: str, game: str, name: str = "") -> None:
        """Keep the seat of an online game (its server, room code and secret token) so that a
        killed app can take it back at the next start. Raises :class:`StorageError`."""
        data = {"format": ONLINE_FORMAT, "version": FILE_VERSION}
        data.update(address=address, room=room, token=token, game=game, name=name)
        self._write(ONLINE_DOCUMENT, data)

    def load_online(self) -> LoadResult:
        """The kept online seat, if there is a readable one; a damaged file is kept aside (with
        a problem message), like the other data files."""
        result = self.load_json(ONLINE_DOCUMENT.stem)
        data = result.data
        if data is None:
            return result
        wrong = [f for f in ONLINE_FIELDS if not isinstance(data.get(f), str) or not data[f]]
        if wrong or not isinstance(data.get("name", ""), str):
            aside = self._set_aside(ONLINE_DOCUMENT, f"fields missing or wrong: {wrong}")
            return dataclasses.replace(aside, problem=_both(result.problem, aside.problem))
        return result

    def forget_online(self) -> None:
        """Remove the kept online seat (the game is over, left, or its room is gone). A failure
        is only logged: at worst "Rejoin" is offered once more and says the room is gone."""
        with contextlib.suppress(WriteRefused):
            self._refuse_if_unwritable(ONLINE_DOCUMENT)
            try:
                self._path(ONLINE_DOCUMENT).unlink(missing_ok=True)
            except OSError as error:
                self._log(f"online.json: could not be removed: {_reason(error)}")

    # -- settings ---------------------------------------------------------------------------------
    def load_settings(self) -> tuple[Settings, str | None]:
        """The settings (defaults for anything missing or invalid) and a problem message if the
        file was unreadable or held values that cannot be used: it is then kept aside, and the
        values that could be used are kept."""
        result = self.load_json(SETTINGS_DOCUMENT.stem)
        self.settings_reset = result.kept_aside is not None
        if result.data is None:
            return Settings(), result.problem
        settings = Settings.from_dict(result.data)
        problems = settings_problems(result.data)
        if not problems:
            return settings, result.problem
        aside = self._set_aside(SETTINGS_DOCUMENT, "; ".join(problems), partly=True)
        self.settings_reset = aside.kept_aside is not None
        if aside.kept_aside is not None:  # what could be used is written back at once
            self._write_back(SETTINGS_DOCUMENT, self._settings_data(settings))
        return settings, _both(result.problem, aside.problem)

    def language_hint(self) -> str:
        """The language setting of a readable settings file, else "" (the system's): read
        quietly (no damaged file moved, nothing told), so that what ``load_settings`` then says
        about the folders and the files is in the language the player chose. Being the app's
        first call, it is the one that moves a 0.2.0 data folder's files (told by the next
        ``load_*`` call)."""
        with contextlib.suppress(OSError, ValueError):
            data = _read_object(self._path(SETTINGS_DOCUMENT))
            language = data.get("language")
            if _has_markers(data, SETTINGS_FORMAT) and SETTING_CHECKS["language"](language):
                return str(language)
        return ""

    def save_settings(self, settings: Settings) -> None:
        """Write the settings."""
        self._write(SETTINGS_DOCUMENT, self._settings_data(settings))

    @staticmethod
    def _settings_data(settings: Settings) -> dict[str, Any]:
        return {"format": SETTINGS_FORMAT, "version": FILE_VERSION, **settings.to_dict()}

    # -- statistics -------------------------------------------------------------------------------
    def load_statistics(self) -> tuple[dict[str, GameStats], str | None]:
        """Statistics per game id, and a problem message if the file was unreadable or held an
        entry that does not add up: it is then kept aside, and the entries that do are kept."""
        result = self.load_json(STATISTICS_DOCUMENT.stem)
        if result.data is None:
            return {}, result.problem
        statistics, problems = _parse_statistics(result.data)
        if not problems:
            return statistics, result.problem
        partly = bool(statistics)
        aside = self._set_aside(STATISTICS_DOCUMENT, "; ".join(problems), partly=partly)
        if partly and aside.kept_aside is not None:  # the entries that add up stay counted
            self._write_back(STATISTICS_DOCUMENT, _statistics_to_dict(statistics))
        return statistics, _both(result.problem, aside.problem)

    def record_game(
        self,
        game_id: str,
        seats: list[SeatResult],
        *,
        lower_is_better: bool = False,
        game_key: str | None = None,
    ) -> tuple[GameStats | None, str | None]:
        """Count one finished game in one write: each human seat under its own name, and
        "everybody" once (one game, however many people played it: won if one of them won,
        the best of their scores, with hints if one of them asked).

        ``game_key`` names the game: a game whose key was already counted is not counted again
        (a game resumed at its results after a crash), and the key is written in the same
        atomic write as the counts, so a crash leaves the game counted with its key, or
        neither. Returns the game's statistics after the write (None if it was already counted:
        nothing written) and the problem message of an unreadable file, if any. Raises as
        ``record_result`` does."""
        if not valid_game_id(game_id):
            raise ValueError(f"Not a game id: {game_id!r}")
        if not seats or any(not is_int(seat.score) for seat in seats):
            raise TypeError(f"A game's seats with whole-number scores, not {seats!r}")
        self._refuse_if_unwritable(STATISTICS_DOCUMENT)  # before a load that would tell it
        statistics, counted, problem = self._statistics_and_counted()
        if game_key is not None and game_key in counted:
            return None, problem
        scores = [seat.score for seat in seats]
        best = min(scores) if lower_is_better else max(scores)
        won = any(seat.won for seat in seats)
        hinted = any(seat.hinted for seat in seats)
        before = statistics.get(game_id, GameStats())
        updated = dataclasses.replace(  # "won with help": a seat that asked for help won
            before.with_result(won, best, lower_is_better, hinted),
            hinted_won=before.hinted_won + int(any(seat.hinted and seat.won for seat in seats)),
        )
        for seat in seats:
            name = seat.player[:MAX_NAME_LENGTH]
            own = updated.player(name).with_result(
                seat.won, seat.score, lower_is_better, seat.hinted
            )
            updated = updated.with_player(name, own)
        statistics[game_id] = updated
        if game_key is not None:
            counted = [*counted, game_key][-MAX_COUNTED_KEYS:]
        self._write(STATISTICS_DOCUMENT, _statistics_to_dict(statistics, counted))
        return updated, problem

    def record_result(
        self,
        game_id: str,
        won: bool,
        score: int,
        *,
        lower_is_better: bool = False,
        player: str | None = None,
        hinted: bool = False,
    ) -> tuple[GameStats, str | None]:
        """Count one finished game of one human seat and write the statistics.

        ``lower_is_better`` is for games where the lowest score is the best (Kaël); ``player``
        is the seat's name (its own results are kept apart from everybody's); ``hinted`` says
        whether that player was helped during the game (asked for a hint or undid a move).
        Returns the game's updated statistics and the problem message of an unreadable
        statistics file, if any. Raises
        :class:`StorageError` if the file cannot be written (:class:`WriteRefused` if the folder
        cannot be written to or the file belongs to a newer version): a result is never
        reported as counted when it was not written.
        """
        if not valid_game_id(game_id):
            raise ValueError(f"Not a game id: {game_id!r}")
        if not is_int(score):
            raise TypeError(f"A score is an int, not {score!r}")
        self._refuse_if_unwritable(STATISTICS_DOCUMENT)  # before a load that would tell it
        statistics, counted, problem = self._statistics_and_counted()
        updated = statistics.get(game_id, GameStats()).with_result(
            won, score, lower_is_better, hinted
        )
        if player:
            own = updated.player(player).with_result(won, score, lower_is_better, hinted)
            updated = updated.with_player(player[:MAX_NAME_LENGTH], own)
        statistics[game_id] = updated
        self._write(STATISTICS_DOCUMENT, _statistics_to_dict(statistics, counted))
        return updated, problem

    def _statistics_and_counted(self) -> tuple[dict[str, GameStats], list[str], str | None]:
        """The statistics, the keys of the games counted last (see ``record_game``) and the
        problem message of an unreadable file."""
        statistics, problem = self.load_statistics()
        counted: list[str] = []
        if statistics or not problem:
            with contextlib.suppress(OSError, ValueError):
                raw = _read_object(self._path(STATISTICS_DOCUMENT)).get("counted")
                if isinstance(raw, list):
                    counted = [key for key in raw if isinstance(key, str)][-MAX_COUNTED_KEYS:]
        return statistics, counted, problem

    # -- internals --------------------------------------------------------------------------------
    @staticmethod
    def _document(name: str) -> _Document:
        try:
            return _DOCUMENTS[name]
        except KeyError:
            known = ", ".join(sorted(_DOCUMENTS))
            raise ValueError(f"Unknown data file {name!r} (known: {known})") from None

    def _refuse_if_unwritable(self, document: _Document) -> None:
        """Raise :class:`WriteRefused` rather than write where we must not."""
        place = self._place(document.role)
        if not place.usable:
            raise WriteRefused(place.message() or "", told=place.told)
        if self._of_newer_version(document):
            raise WriteRefused(_(document.newer), told=document.stem in self._told)

    def _of_newer_version(self, document: _Document) -> bool:
        """Whether the file was written by a newer version (read once if not loaded yet, so that
        a write never replaces a newer file this session has not looked at)."""
        if document.stem not in self._peeked:
            self._peeked.add(document.stem)
            with contextlib.suppress(OSError, ValueError):
                if _is_newer(_read_object(self._path(document)), document.marker):
                    self._newer.add(document.stem)
        return document.stem in self._newer

    def _write(self, document: _Document, data: dict[str, Any]) -> None:
        self._refuse_if_unwritable(document)
        path = self._path(document)
        try:
            write_json_atomic(path, data)
        except StorageError as error:
            message = f"Could not save {document.noun} to {path}: {error.reason}"
            raise StorageError(message, error.reason) from error

    def _write_back(self, document: _Document, data: dict[str, Any]) -> None:
        """Write what could be used of a file just kept aside. A failure is only logged: the
        player was just told about this file, and the next save reports its own failure."""
        try:
            self._write(document, data)
        except StorageError as error:
            self._log(f"{document.filename}: could not write back what was kept: {error.reason}")

    def _aside_path(self, document: _Document) -> Path:
        """A free ``<stem>.corrupt-<timestamp>[-N].json`` name in the file's folder."""
        stamp = self._clock().strftime("%Y%m%d-%H%M%S")
        base = f"{document.stem}.corrupt-{stamp}"
        folder = self._place(document.role).path
        candidate = folder / f"{base}.json"
        number = 1
        while os.path.lexists(candidate):
            number += 1
            candidate = folder / f"{base}-{number}.json"
        return candidate

    def _set_aside(self, document: _Document, detail: str, partly: bool = False) -> LoadResult:
        """Move a bad file out of the way, never over another file; log ``detail``. ``partly``:
        what could be used of it is used (the message says so). A file that cannot be moved is
        reported the first time only; in a folder that cannot be written to, nothing is tried."""
        source = self._path(document)
        what = (
            f"{document.label} had values that could not be used (the others were kept)"
            if partly
            else f"{document.label} could not be read"
        )
        if not self._place(document.role).usable:
            return self._once(document, f"{what}; it was left as {source.name}.")
        for _attempt in range(100):
            target = self._aside_path(document)
            try:
                os.rename(source, target)  # raises on Windows if target appeared meanwhile
            except FileExistsError:
                continue
            except OSError as error:
                self._log(f"{document.filename}: {detail}; not moved aside: {_reason(error)}")
                return self._once(
                    document,
                    f"{what} and could not be moved aside ({_reason(error)}); "
                    f"it was left as {source.name}.",
                )
            self._log(f"{document.filename}: {detail}; kept aside as {target.name}")
            return LoadResult(None, f"{what} and was kept aside as {target.name}.", target)
        self._log(f"{document.filename}: {detail}; no free name to move it aside")
        return self._once(document, f"{what}; it was left as {source.name}.")

    def _once(self, document: _Document, problem: str) -> LoadResult:
        """A problem about a file that stayed in place: told the first time only."""
        if document.stem in self._told:
            return LoadResult(None)
        self._told.add(document.stem)
        return LoadResult(None, problem)

    def log_problem(self, line: str) -> None:
        """Technical details of a problem the player was told about in their words."""
        self._log(line)

    def _log(self, line: str) -> None:
        """Append a dated line to the developers' log in the state folder (best effort: a log
        that cannot be written never stops the app)."""
        place = self._place("state")
        if not place.usable:
            return
        path = place.path / LOG_NAME
        stamp = self._clock().strftime("%Y-%m-%d %H:%M:%S")
        flat = "".join(c if c.isprintable() else " " for c in line)
        with contextlib.suppress(OSError):
            if path.exists() and path.stat().st_size > MAX_LOG_BYTES:
                os.replace(path, path.with_name(LOG_NAME + ".old"))
            with path.open("a", encoding="utf-8") as stream:
                stream.write(f"{stamp} {flat}\n")


def _folder_problem(root: Path) -> str | None:
    """Why ``root`` cannot hold our files (None: it can). It is created if missing, and a probe
    file is written and removed, which is the only sure test of writing."""
    try:
        root.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        return "it is a file, not a folder"
    except OSError as error:
        return _reason(error)
    try:
        handle, probe = tempfile.mkstemp(prefix=".write-test-", dir=root)
    except OSError as error:
        return _reason(error)
    os.close(handle)
    with contextlib.suppress(OSError):
        os.unlink(probe)
    return None


def _both(*messages: str | None) -> str | None:
    """Messages for the player as one (any may be None)."""
    return " ".join(text for text in messages if text) or None


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _parse_statistics(data: Mapping[str, Any]) -> tuple[dict[str, GameStats], list[str]]:
    """The entries that add up, and what is wrong with the others."""
    games = data.get("games", {})
    if not isinstance(games, Mapping):
        return {}, [f"games is {_show(games)}, not an object"]
    parsed: dict[str, GameStats] = {}
    problems: list[str] = []
    for game_id, entry in games.items():
        try:
            parsed[game_id] = GameStats.from_dict(game_id, entry)
        except ValueError as error:
            problems.append(str(error))
    return parsed, problems


def _statistics_to_dict(
    statistics: Mapping[str, GameStats], counted: list[str] | None = None
) -> dict[str, Any]:
    games = {game_id: stats.to_dict() for game_id, stats in sorted(statistics.items())}
    data: dict[str, Any] = {"format": STATISTICS_FORMAT, "version": FILE_VERSION, "games": games}
    if counted:
        data["counted"] = list(counted)
    return data
