"""Checked conversion between plain JSON values and typed frozen dataclasses.

Used for actions and options: a value read from a file is checked against the dataclass field's
type hint, so a replay with ``"players": "four"`` gets a clear message instead of a crash later.
``read_json`` turns the bytes of a file into JSON values with the same kind of message, refusing
what would make a crash later (numbers too long to print, nesting too deep to compare).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import json
import math
import types
import typing
from collections.abc import Collection, Sequence, Sized
from typing import Any, get_args, get_origin

from .errors import FormatError


@functools.cache
def field_hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def to_plain(value: Any) -> Any:
    """A JSON-ready copy: tuples become lists, dataclasses dicts."""
    if isinstance(value, tuple | list):
        return [to_plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {k: to_plain(v) for k, v in value.items()}
    return value


def convert(value: Any, hint: Any, where: str) -> Any:
    """Check ``value`` against ``hint`` and convert JSON lists to tuples."""
    origin = get_origin(hint)
    if hint is Any:
        return value
    if origin in (typing.Union, types.UnionType):
        present = [option for option in get_args(hint) if option is not type(None)]
        if len(present) == 1 and isinstance(value, dict | list):
            # An optional object or list: the error inside it names the field at fault
            # ("observation.window.waiting"), not just the whole value.
            return convert(value, present[0], where)
        errors = []
        for option in get_args(hint):
            try:
                return convert(value, option, where)
            except FormatError as exc:
                errors.append(str(exc))
        raise FormatError(f"{where}: {_describe(value)} is not allowed here")
    if origin is typing.Literal:
        if value in get_args(hint):
            return value
        allowed = ", ".join(repr(a) for a in get_args(hint))
        raise FormatError(f"{where}: {_describe(value)} is not one of {allowed}")
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise FormatError(f"{where}: expected a list, got {_describe(value)}")
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(convert(v, args[0], f"{where}[{i}]") for i, v in enumerate(value))
        if len(args) != len(value):
            raise FormatError(f"{where}: expected {len(args)} items, got {len(value)}")
        pairs = enumerate(zip(args, value, strict=True))
        return tuple(convert(v, a, f"{where}[{i}]") for i, (a, v) in pairs)
    if origin is dict:
        if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
            raise FormatError(f"{where}: expected an object, got {_describe(value)}")
        item = get_args(hint)[1]
        return {k: convert(v, item, f"{where}.{k}") for k, v in value.items()}
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return from_plain(hint, value, where)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _member(hint, value, where)
    if hint is type(None):
        if value is None:
            return None
        raise FormatError(f"{where}: expected nothing (null), got {_describe(value)}")
    if hint is bool:
        if isinstance(value, bool):
            return value
        raise FormatError(f"{where}: expected true or false, got {_describe(value)}")
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise FormatError(f"{where}: expected a whole number, got {_describe(value)}")
    if hint is float:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
        raise FormatError(f"{where}: expected a number, got {_describe(value)}")
    if hint is str:
        if isinstance(value, str):
            return value
        raise FormatError(f"{where}: expected text, got {_describe(value)}")
    raise FormatError(f"{where}: unsupported field type {hint!r}")


def _member(hint: type[enum.Enum], value: Any, where: str) -> enum.Enum:
    """The member of the enum ``hint`` whose value is ``value`` (enums are written as their
    values: a phase is ``"turn"``)."""
    for member in hint:
        if type(value) is type(member.value) and value == member.value:
            return member
    allowed = ", ".join(repr(m.value) for m in hint)
    raise FormatError(f"{where}: {_describe(value)} is not one of {allowed}")


def from_plain(cls: type, data: Any, where: str) -> Any:
    """Build the dataclass ``cls`` from a JSON object, checking every field."""
    if not isinstance(data, dict):
        raise FormatError(f"{where}: expected an object, got {_describe(data)}")
    hints = field_hints(cls)
    names = {f.name for f in dataclasses.fields(cls) if f.init}
    unknown = sorted(set(data) - names)
    if unknown:
        raise FormatError(f"{where}: unknown field(s) {', '.join(unknown)}")
    required = [
        f.name
        for f in dataclasses.fields(cls)
        if f.init and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    ]
    missing = [name for name in required if name not in data]
    if missing:
        raise FormatError(f"{where}: missing field(s) {', '.join(missing)}")
    kwargs = {name: convert(data[name], hints[name], f"{where}.{name}") for name in data}
    return cls(**kwargs)


def _describe(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# -- JSON text read from a file --------------------------------------------------------------------
MAX_BYTES = 32 * 1024 * 1024
"""Largest file read as JSON: a replay of a very long game is well under 1 MB."""
MAX_DIGITS = 20
"""Longest whole number accepted: every seed (0 .. 2**64 - 1) fits, and no number in a file of
ours is longer. Python refuses to print numbers past 4,300 digits, so a longer one would not even
fit in an error message."""
MAX_DEPTH = 32
"""Deepest nesting of lists and objects accepted; our files nest at most 6 levels."""


def read_json(raw: bytes, what: str) -> Any:
    """The JSON value in ``raw``, the bytes of a file, or ``FormatError`` with one readable line
    (``what`` names the file for the message, e.g. "the file").

    A UTF-8 byte order mark is accepted (some editors write one). Refused: text that is not
    UTF-8, malformed JSON, NaN and infinities, numbers of more than ``MAX_DIGITS`` digits, lists
    and objects nested deeper than ``MAX_DEPTH``, files over ``MAX_BYTES``.
    """
    if len(raw) > MAX_BYTES:
        raise FormatError(f"{what} is too large ({len(raw) // (1024 * 1024)} MB)")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FormatError(f"{what} is not UTF-8 text") from None
    try:
        value = json.loads(
            text, parse_int=_whole_number, parse_float=_finite, parse_constant=_constant
        )
    except json.JSONDecodeError as exc:
        raise FormatError(f"{what} is not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except _NumberError as exc:
        raise FormatError(f"{what} {exc}") from None
    except RecursionError:
        raise FormatError(f"{what} is nested too deeply to be one of our files") from None
    if _depth(value) > MAX_DEPTH:
        raise FormatError(f"{what} is nested too deeply to be one of our files")
    return value


class _NumberError(ValueError):
    """A number that no file of ours holds (raised from inside ``json.loads``)."""


def _whole_number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _NumberError(f"holds a number of {len(text.lstrip('-'))} digits")
    return int(text)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NumberError(f"holds a number too large to use ({text[:20]})")
    return value


def _constant(text: str) -> float:
    raise _NumberError(f"holds {text}, which is not a number")


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in ``value`` (0 for a plain value), without recursion."""
    deepest = 0
    pending = [(value, 1)]
    while pending:
        item, level = pending.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, level)
            if level <= MAX_DEPTH:
                pending.extend((child, level + 1) for child in item)
    return deepest


# -- consistency of a value read from JSON ---------------------------------------------------------
class Consistency:
    """Checks that a value read with ``from_plain`` hangs together, for values whose reader would
    otherwise crash later (a table indexing a list by seat): every by-seat list has one item per
    seat, every seat number names a seat, every card id is a card of the game. Each check raises
    ``FormatError`` naming the field ("observation.chips: 3 items for 4 seats")."""

    def __init__(self, where: str, players: int, cards: Collection[str]) -> None:
        if players < 1:
            raise FormatError(f"{where}: no seats")
        self.where = where
        self.players = players
        self.known_cards = cards

    def by_seat(self, name: str, items: Sized | None) -> None:
        """``items`` (unless ``None``) has one item per seat."""
        if items is not None and len(items) != self.players:
            raise FormatError(f"{self.where}.{name}: {len(items)} items for {self.players} seats")

    def seats(self, name: str, *numbers: int | None) -> None:
        """Every one of ``numbers`` (``None`` aside) is a seat."""
        for number in numbers:
            if number is not None and not 0 <= number < self.players:
                raise FormatError(f"{self.where}.{name}: {number} is not a seat")

    def cards(self, name: str, *ids: str | None) -> None:
        """Every one of ``ids`` (``None`` aside: a face-down card) is a card of the game."""
        for card in ids:
            if card is not None and card not in self.known_cards:
                raise FormatError(f"{self.where}.{name}: {_describe(card)} is not a card")

    def numbered(self, name: str, views: Sequence[Any]) -> None:
        """``views`` has one item per seat, each naming its own seat (``.seat``) in order."""
        self.by_seat(name, views)
        for index, view in enumerate(views):
            if view.seat != index:
                raise FormatError(f"{self.where}.{name}[{index}].seat: {view.seat}, not {index}")
