"""Checked conversion between plain JSON values and typed frozen dataclasses.

Used for actions and options: a value read from a file is checked against the dataclass field's
type hint, so a replay with ``"players": "four"`` gets a clear message instead of a crash later.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
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
    if hint is str:
        if isinstance(value, str):
            return value
        raise FormatError(f"{where}: expected text, got {_describe(value)}")
    raise FormatError(f"{where}: unsupported field type {hint!r}")


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
