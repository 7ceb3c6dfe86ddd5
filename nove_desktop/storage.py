"""Saves, settings and statistics in the user data folder.

Every file is a JSON object carrying a ``"format"`` and a ``"version"`` marker. Writes are atomic
(temporary file in the same folder, flush, fsync, rename), so a crash leaves either the old file
or the new one. A file that cannot be read is never deleted or overwritten: it is moved aside as
``<name>.corrupt-<YYYYmmdd-HHMMSS>[-N].json`` and the caller gets a one-line message to show,
while the app carries on with defaults. Writing problems raise :class:`StorageError`, whose
message is fit for the player's eyes.

No pygame here: the UI calls this module, never the other way round.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from datetime import datetime
from pathlib import Path
from typing import Any

import platformdirs

APP_NAME = "nove-desktop"
DATA_ENV = "NOVE_DESKTOP_DATA"
"""Environment variable naming the data folder; it overrides the platform default."""

SAVE_FORMAT = "nove-desktop-save"
SETTINGS_FORMAT = "nove-desktop-settings"
STATISTICS_FORMAT = "nove-desktop-statistics"
FILE_VERSION = 1

ANIMATION_SPEEDS = ("slow", "normal", "fast", "off")
AI_PACES = ("slow", "normal", "fast", "instant")
WINDOW_SECONDS = (1.5, 2.0, 3.0, 5.0, 10.0, None)  # None: untimed, the window waits for players
MAX_WINDOW_SIDE = 16384
MAX_GAME_ID_LENGTH = 64


class StorageError(Exception):
    """A file in the data folder could not be written or removed.

    ``str(error)`` is a one-line message for the player; ``reason`` is the bare cause
    (e.g. "No space left on device").
    """

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason or message


@dataclass(frozen=True)
class LoadResult:
    """What reading one data file gave.

    ``data`` is the JSON object, or None when the file is missing or unreadable. ``problem`` is
    None, or a one-line message for the player when the file was unreadable and moved aside to
    ``kept_aside`` (None if even that failed).
    """

    data: dict[str, Any] | None
    problem: str | None = None
    kept_aside: Path | None = None


@dataclass(frozen=True)
class _Document:
    """One kind of data file: its name (without ``.json``), marker and how players call it."""

    stem: str
    marker: str
    label: str  # used as "<label> could not be read"
    noun: str  # used as "could not save <noun>"

    @property
    def filename(self) -> str:
        return f"{self.stem}.json"


SAVE_DOCUMENT = _Document("autosave", SAVE_FORMAT, "The saved game", "the game")
SETTINGS_DOCUMENT = _Document("settings", SETTINGS_FORMAT, "The settings file", "the settings")
STATISTICS_DOCUMENT = _Document(
    "statistics", STATISTICS_FORMAT, "The statistics file", "the statistics"
)
_DOCUMENTS = {doc.stem: doc for doc in (SAVE_DOCUMENT, SETTINGS_DOCUMENT, STATISTICS_DOCUMENT)}


# -- plain values ----------------------------------------------------------------------------------
def _is_int(value: object) -> bool:
    """An int that is not a bool (JSON ``true`` must not count as 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _has_markers(data: Mapping[str, Any], marker: str) -> bool:
    version = data.get("version")
    return data.get("format") == marker and _is_int(version) and version == FILE_VERSION


def _valid_volume(value: object) -> bool:
    number = _is_int(value) or isinstance(value, float)
    return number and math.isfinite(value) and 0.0 <= value <= 1.0  # type: ignore[arg-type]


def _valid_window_size(value: object) -> bool:
    return (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(_is_int(side) and 1 <= side <= MAX_WINDOW_SIDE for side in value)
    )


def _valid_game_id(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_GAME_ID_LENGTH


_SETTING_CHECKS: dict[str, Callable[[object], bool]] = {
    "animation_speed": lambda value: value in ANIMATION_SPEEDS,
    "ai_pace": lambda value: value in AI_PACES,
    "volume": _valid_volume,
    "muted": lambda value: isinstance(value, bool),
    "fullscreen": lambda value: isinstance(value, bool),
    "window_size": _valid_window_size,
    "handoff": lambda value: isinstance(value, bool),
    "last_game": _valid_game_id,
    "window_seconds": lambda value: value in WINDOW_SECONDS and not isinstance(value, bool),
    "always_good_draw": lambda value: isinstance(value, bool),
}


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

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Settings:
        """Settings from a JSON object: unknown keys are ignored, invalid values fall back to
        their defaults."""
        values: dict[str, Any] = {}
        for name, is_valid in _SETTING_CHECKS.items():
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
    """Results of one game kind. ``best_score`` is None until a game has been recorded."""

    played: int = 0
    won: int = 0
    best_score: int | None = None

    def with_result(self, won: bool, score: int, lower_is_better: bool = False) -> GameStats:
        """These statistics after one more finished game."""
        best = self.best_score
        if best is None or (score < best if lower_is_better else score > best):
            best = score
        return GameStats(self.played + 1, self.won + int(won), best)

    def to_dict(self) -> dict[str, Any]:
        """As a JSON object."""
        return {"played": self.played, "won": self.won, "best_score": self.best_score}

    @classmethod
    def from_dict(cls, raw: object) -> GameStats:
        """Parse one entry of the statistics file; ValueError if it does not add up."""
        if not isinstance(raw, Mapping):
            raise ValueError("an entry is not an object")
        played, won, best = raw.get("played"), raw.get("won"), raw.get("best_score")
        if not (_is_int(played) and _is_int(won) and 0 <= won <= played):
            raise ValueError("played/won are not counts with won <= played")
        if best is not None and not _is_int(best):
            raise ValueError("best_score is not an integer")
        return cls(played, won, best)


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
    """The JSON object in ``path``. FileNotFoundError if missing; any other exception means the
    file is unreadable."""
    text = path.read_bytes().decode("utf-8")
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("the file does not hold a JSON object")
    return data


def _default_root() -> Path:
    override = os.environ.get(DATA_ENV, "").strip()
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


LOG_FILE = "nove-desktop.log"


class Storage:
    """The app's data folder: the autosave, the settings and the statistics.

    ``root`` defaults to the ``NOVE_DESKTOP_DATA`` environment variable if set, else the
    platform's user data folder. ``clock`` gives the time used to name files moved aside.
    """

    def __init__(
        self, root: Path | None = None, *, clock: Callable[[], datetime] = datetime.now
    ) -> None:
        self.root = Path(root) if root is not None else _default_root()
        self._clock = clock

    # -- generic ----------------------------------------------------------------------------------
    def log_problem(self, text: str) -> None:
        """Append one line for developers to the log file in the data folder. Best effort: a
        data folder that cannot be written has already been reported to the player."""
        stamp = self._clock().isoformat(timespec="seconds")
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            with open(self.root / LOG_FILE, "a", encoding="utf-8") as log:
                log.write(f"{stamp} {text}\n")
        except OSError:
            pass

    def path_of(self, name: str) -> Path:
        """The file behind a data file name (``"autosave"``, ``"settings"``, ``"statistics"``)."""
        return self.root / self._document(name).filename

    def load_json(self, name: str) -> LoadResult:
        """Read one data file (``"autosave"``, ``"settings"`` or ``"statistics"``).

        Missing file: no data, no problem. Unreadable file (not UTF-8 JSON, not an object,
        wrong markers, an OS error): moved aside, no data, and a problem message. Never raises
        for a bad file.
        """
        document = self._document(name)
        try:
            data = _read_object(self.root / document.filename)
        except FileNotFoundError:
            return LoadResult(None)
        except (OSError, ValueError, RecursionError):
            # JSONDecodeError and UnicodeDecodeError are ValueErrors.
            return self._set_aside(document)
        if not _has_markers(data, document.marker):
            return self._set_aside(document)
        return LoadResult(data)

    # -- saved game -------------------------------------------------------------------------------
    def save_game(self, data: dict[str, Any]) -> None:
        """Replace the autosave with ``data``, a save object made elsewhere (it must carry
        ``"format": "nove-desktop-save"`` and ``"version": 1``; it is written as is)."""
        if not isinstance(data, dict) or not _has_markers(data, SAVE_FORMAT):
            raise ValueError(
                f'A saved game must be a dict with "format": "{SAVE_FORMAT}" '
                f'and "version": {FILE_VERSION}'
            )
        self._write(SAVE_DOCUMENT, data)

    def load_game(self) -> LoadResult:
        """The autosave, if there is a readable one."""
        return self.load_json(SAVE_DOCUMENT.stem)

    def has_saved_game(self) -> bool:
        """Whether an autosave file exists (cheap; it may still turn out unreadable)."""
        return (self.root / SAVE_DOCUMENT.filename).exists()

    def set_aside_game(self) -> LoadResult:
        """Move the autosave aside (kept, never deleted), e.g. when it reads as JSON but cannot be
        resumed. ``problem`` says where it went; no data. Missing file: nothing happens."""
        if not os.path.lexists(self.root / SAVE_DOCUMENT.filename):
            return LoadResult(None)
        return self._set_aside(SAVE_DOCUMENT)

    def delete_game(self) -> None:
        """Remove the autosave (nothing happens if there is none)."""
        path = self.root / SAVE_DOCUMENT.filename
        try:
            path.unlink(missing_ok=True)
        except OSError as error:
            reason = _reason(error)
            raise StorageError(
                f"Could not delete the saved game {path}: {reason}", reason
            ) from error

    # -- settings ---------------------------------------------------------------------------------
    def load_settings(self) -> tuple[Settings, str | None]:
        """The settings (defaults for anything missing or invalid) and a problem message if the
        file was unreadable."""
        result = self.load_json(SETTINGS_DOCUMENT.stem)
        if result.data is None:
            return Settings(), result.problem
        return Settings.from_dict(result.data), None

    def save_settings(self, settings: Settings) -> None:
        """Write the settings."""
        data = {"format": SETTINGS_FORMAT, "version": FILE_VERSION, **settings.to_dict()}
        self._write(SETTINGS_DOCUMENT, data)

    # -- statistics -------------------------------------------------------------------------------
    def load_statistics(self) -> tuple[dict[str, GameStats], str | None]:
        """Statistics per game id, and a problem message if the file was unreadable (then it
        is moved aside and the statistics start afresh)."""
        result = self.load_json(STATISTICS_DOCUMENT.stem)
        if result.data is None:
            return {}, result.problem
        try:
            return _parse_statistics(result.data), None
        except ValueError:
            return {}, self._set_aside(STATISTICS_DOCUMENT).problem

    def record_result(
        self, game_id: str, won: bool, score: int, *, lower_is_better: bool = False
    ) -> tuple[GameStats, str | None]:
        """Count one finished game and write the statistics.

        ``lower_is_better`` is for games where the lowest score is the best (Kaël). Returns the
        game's updated statistics and the problem message of an unreadable statistics file, if
        any. Raises :class:`StorageError` if the file cannot be written.
        """
        if not _valid_game_id(game_id):
            raise ValueError(f"Not a game id: {game_id!r}")
        if not _is_int(score):
            raise TypeError(f"A score is an int, not {score!r}")
        statistics, problem = self.load_statistics()
        updated = statistics.get(game_id, GameStats()).with_result(won, score, lower_is_better)
        statistics[game_id] = updated
        self._write(STATISTICS_DOCUMENT, _statistics_to_dict(statistics))
        return updated, problem

    # -- internals --------------------------------------------------------------------------------
    @staticmethod
    def _document(name: str) -> _Document:
        try:
            return _DOCUMENTS[name]
        except KeyError:
            known = ", ".join(sorted(_DOCUMENTS))
            raise ValueError(f"Unknown data file {name!r} (known: {known})") from None

    def _write(self, document: _Document, data: dict[str, Any]) -> None:
        path = self.root / document.filename
        try:
            write_json_atomic(path, data)
        except StorageError as error:
            message = f"Could not save {document.noun} to {path}: {error.reason}"
            raise StorageError(message, error.reason) from error

    def _aside_path(self, document: _Document) -> Path:
        """A free ``<stem>.corrupt-<timestamp>[-N].json`` name in the data folder."""
        stamp = self._clock().strftime("%Y%m%d-%H%M%S")
        base = f"{document.stem}.corrupt-{stamp}"
        candidate = self.root / f"{base}.json"
        number = 1
        while os.path.lexists(candidate):
            number += 1
            candidate = self.root / f"{base}-{number}.json"
        return candidate

    def _set_aside(self, document: _Document) -> LoadResult:
        """Move an unreadable file out of the way, never over another file."""
        source = self.root / document.filename
        for _attempt in range(100):
            target = self._aside_path(document)
            try:
                os.rename(source, target)  # raises on Windows if target appeared meanwhile
            except FileExistsError:
                continue
            except OSError as error:
                return LoadResult(
                    None,
                    f"{document.label} could not be read and could not be moved aside "
                    f"({_reason(error)}); it was left as {source.name}.",
                )
            return LoadResult(
                None,
                f"{document.label} could not be read and was kept aside as {target.name}.",
                target,
            )
        return LoadResult(
            None, f"{document.label} could not be read; it was left as {source.name}."
        )


def _parse_statistics(data: Mapping[str, Any]) -> dict[str, GameStats]:
    games = data.get("games", {})
    if not isinstance(games, Mapping):
        raise ValueError("games is not an object")
    parsed = {}
    for game_id, entry in games.items():
        if not _valid_game_id(game_id):
            raise ValueError(f"bad game id {game_id!r}")
        parsed[game_id] = GameStats.from_dict(entry)
    return parsed


def _statistics_to_dict(statistics: Mapping[str, GameStats]) -> dict[str, Any]:
    games = {game_id: stats.to_dict() for game_id, stats in sorted(statistics.items())}
    return {"format": STATISTICS_FORMAT, "version": FILE_VERSION, "games": games}
