"""Events: what happened, with who may see which part of it.

An event is public unless ``visible_to`` names the seats that may see it whole. For every other
seat, the event is either censored (the keys in ``hidden`` are replaced by ``None``: "seat 2
received a card") or, when ``hidden`` is ``None``, not shown at all.
"""

from __future__ import annotations

from typing import Any

JsonDict = dict[str, Any]


class _Owners(dict[int, frozenset[int]]):
    def __missing__(self, seat: int) -> frozenset[int]:
        seen = self[seat] = frozenset((seat,))
        return seen


ONLY: dict[int, frozenset[int]] = _Owners()
"""``ONLY[seat]``: the ``visible_to`` of an event that only ``seat`` sees whole (one shared
frozenset per seat: immutable, so safe to share)."""


class Event:
    """One thing that happened in a game, ready for the table scene, the log and the replays."""

    __slots__ = ("data", "hidden", "kind", "visible_to")

    def __init__(
        self,
        kind: str,
        data: JsonDict,
        visible_to: frozenset[int] | None = None,
        hidden: tuple[str, ...] | None = (),
    ) -> None:
        self.kind = kind
        self.data = data
        self.visible_to = visible_to
        self.hidden = hidden

    @classmethod
    def public(cls, kind: str, **data: Any) -> Event:
        return cls(kind, data)

    @classmethod
    def private(cls, kind: str, owner: int, hidden: tuple[str, ...], **data: Any) -> Event:
        """Seen whole by ``owner``; the other seats see it with the ``hidden`` keys blanked."""
        return cls(kind, data, ONLY[owner], hidden)

    @property
    def is_public(self) -> bool:
        return self.visible_to is None

    def for_seat(self, seat: int | None) -> Event | None:
        """This event as ``seat`` may see it (``None`` = a spectator who sees public data only)."""
        if self.visible_to is None or (seat is not None and seat in self.visible_to):
            return self
        if self.hidden is None:
            return None
        data = dict(self.data)
        for key in self.hidden:
            data[key] = None
        return Event(self.kind, data)

    def to_json(self) -> JsonDict:
        out: JsonDict = {"kind": self.kind, **self.data}
        if self.visible_to is not None:
            out["visible_to"] = sorted(self.visible_to)
        return out

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.data!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and (
            self.kind,
            self.data,
            self.visible_to,
            self.hidden,
        ) == (other.kind, other.data, other.visible_to, other.hidden)

    __hash__ = None  # type: ignore[assignment]  # data is a mutable dict: never hashed


def events_for_seat(events: list[Event], seat: int | None) -> list[Event]:
    """The part of ``events`` that ``seat`` may see, censored where needed."""
    out = []
    for event in events:
        seen = event.for_seat(seat)
        if seen is not None:
            out.append(seen)
    return out
