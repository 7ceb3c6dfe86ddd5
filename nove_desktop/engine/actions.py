"""Actions: frozen value types that a seat asks the engine to apply."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from .errors import FormatError
from .jsonable import from_plain, to_plain


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base of every game action. ``TYPE`` is the action's name in JSON."""

    TYPE: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        return {"type": self.TYPE, **to_plain_fields(self)}


def to_plain_fields(action: Action) -> dict[str, Any]:
    return {f.name: to_plain(getattr(action, f.name)) for f in dataclasses.fields(action)}


class ActionCodec:
    """Turns JSON objects into the actions of one game, with clear errors for bad input."""

    def __init__(self, *classes: type[Action]) -> None:
        self._by_type = {cls.TYPE: cls for cls in classes}

    @property
    def types(self) -> tuple[str, ...]:
        return tuple(self._by_type)

    def from_json(self, data: Any) -> Action:
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise FormatError('an action must be an object with a "type"')
        cls = self._by_type.get(data["type"])
        if cls is None:
            known = ", ".join(self._by_type)
            raise FormatError(f'unknown action type "{data["type"]}" (known: {known})')
        fields = {k: v for k, v in data.items() if k != "type"}
        return from_plain(cls, fields, f"action {data['type']}")
