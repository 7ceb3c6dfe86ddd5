"""Events: what happened, typed one class per kind, with who may see which part of it.

Every kind of event is a frozen dataclass deriving from ``Event`` whose ``KIND`` is its name in
JSON (``CardDealt.KIND == "card_dealt"``), declared with the game's other events in
``games/<id>/events.py`` and listed in the game's ``EventCodec``.

An event is public unless ``visible_to`` names the seats that may see it whole. For every other
seat, the event is either censored (the fields named in ``hidden`` are replaced by ``None``:
"seat 2 received a card") or, when ``hidden`` is ``None``, not shown at all. A field that may be
hidden is therefore typed ``X | None``.

The JSON form (``to_json``/``EventCodec.from_json``) is ``{"kind": ..., <fields>...}`` plus
``"visible_to"`` and ``"hidden"`` for a private event; tuples are written as lists. A field
whose JSON name is not a Python name (banco's ``"from"``) says so in its metadata (``json_name``).
``docs/engine.md`` lists every kind of every game: other programs read this format.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable
from typing import Any, ClassVar, TypeVar

from .errors import FormatError
from .jsonable import convert, field_hints, to_plain

JsonDict = dict[str, Any]


class _Owners(dict[int, frozenset[int]]):
    def __missing__(self, seat: int) -> frozenset[int]:
        seen = self[seat] = frozenset((seat,))
        return seen


ONLY: dict[int, frozenset[int]] = _Owners()
"""``ONLY[seat]``: the ``visible_to`` of an event that only ``seat`` sees whole (one shared
frozenset per seat: immutable, so safe to share)."""


def json_name(name: str) -> dict[str, str]:
    """The metadata of a field whose name in JSON is ``name`` (a Python keyword such as
    ``from``): ``from_: int = dataclasses.field(metadata=json_name("from"))``. Written through
    ``dataclasses.field`` itself, so that type checkers see a field without a default."""
    return {"json": name}


OMITTED_WHEN_NONE = {"omit_none": True}
"""The metadata of an optional field left out of the JSON when it is ``None`` (and read back as
``None`` when absent): ``set: str | None = dataclasses.field(default=None,
metadata=OMITTED_WHEN_NONE)``, for a kind whose JSON always had the key only sometimes."""


@dataclasses.dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened in a game, ready for the table scene, the log and the replays.

    Subclasses add the fields; ``visible_to`` and ``hidden`` are keyword-only and come last.
    """

    KIND: ClassVar[str] = ""

    visible_to: frozenset[int] | None = dataclasses.field(default=None, kw_only=True)
    hidden: tuple[str, ...] | None = dataclasses.field(default=(), kw_only=True)

    @property
    def kind(self) -> str:
        return self.KIND

    @property
    def is_public(self) -> bool:
        return self.visible_to is None

    def only_for(self: E, owner: int, hidden: tuple[str, ...] | None) -> E:
        """This event seen whole by ``owner`` alone; the others see it with ``hidden`` blanked
        (or not at all when ``hidden`` is ``None``)."""
        return dataclasses.replace(self, visible_to=ONLY[owner], hidden=hidden)

    def for_seat(self: E, seat: int | None) -> E | None:
        """This event as ``seat`` may see it (``None`` = a spectator who sees public data only)."""
        if self.visible_to is None or (seat is not None and seat in self.visible_to):
            return self
        if self.hidden is None:
            return None
        blanked = {name: None for name in self.hidden}
        return dataclasses.replace(self, visible_to=None, hidden=(), **blanked)

    @property
    def data(self) -> JsonDict:
        """The fields as JSON values under their JSON names (no kind, no visibility): for
        generic code such as fingerprints and dumps. Tables read the typed fields."""
        fields = _fields(type(self))  # type: ignore[arg-type]  # a class is hashable (python/mypy#11470)
        out = {}
        for attr, name, omit_none in fields:
            value = getattr(self, attr)
            if value is not None or not omit_none:
                out[name] = to_plain(value)
        return out

    def to_json(self) -> JsonDict:
        out: JsonDict = {"kind": self.KIND, **self.data}
        if self.visible_to is not None:
            out["visible_to"] = sorted(self.visible_to)
            out["hidden"] = None if self.hidden is None else list(self.hidden)
        return out


E = TypeVar("E", bound=Event)


@functools.cache
def _fields(cls: type[Event]) -> tuple[tuple[str, str, bool], ...]:
    """(attribute, JSON name, omitted when None) of each field of ``cls``, visibility excluded."""
    return tuple(
        (f.name, f.metadata.get("json", f.name), bool(f.metadata.get("omit_none")))
        for f in dataclasses.fields(cls)
        if f.name not in ("visible_to", "hidden")
    )


def _quicken(cls: type[Event]) -> None:
    """Give the event class ``cls`` a constructor that does what its dataclass ``__init__`` does,
    about twice as fast.

    A frozen dataclass's generated ``__init__`` sets each field through
    ``object.__setattr__``; an engine builds an event at nearly every step of a random playout,
    and that alone made playouts 15-30% slower than the untyped events. The constructor made
    here has the same signature (fields in order, the same defaults, ``visible_to`` and
    ``hidden`` keyword-only) and sets each slot through its descriptor. A class with a
    ``__post_init__``, a default factory or a field outside ``__init__`` keeps its own.
    The dataclass's original stays as ``__dataclass_init__`` (tests compare the two).
    """
    fields = dataclasses.fields(cls)
    if (
        "__dataclass_init__" in cls.__dict__
        or hasattr(cls, "__post_init__")
        or "__slots__" not in cls.__dict__
        or any(not f.init or f.default_factory is not dataclasses.MISSING for f in fields)
    ):
        return
    names: dict[str, Any] = {}
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    setters: list[Any] = []
    for i, field in enumerate(fields):
        param = field.name
        if field.default is not dataclasses.MISSING:
            names[f"_default{i}"] = field.default
            param += f"=_default{i}"
        (keyword if field.kw_only else positional).append(param)
        setters.append(getattr(cls, field.name).__set__)
        body.append(f"        _set{i}(self, {field.name})\n")
    params = ", ".join([*positional, "*", *keyword])
    cells = ", ".join(f"_set{i}" for i in range(len(fields)))
    # The setters are closure cells of a maker function, so the signature is the fields' alone.
    head = f"def make({cells}):\n    def __init__(self, {params}):\n"
    exec(f"{head}{''.join(body)}    return __init__\n", names)  # our own text, from the fields
    names["__init__"] = names["make"](*setters)
    init = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    type.__setattr__(cls, "__dataclass_init__", cls.__init__)
    type.__setattr__(cls, "__init__", init)


class EventCodec:
    """The event kinds of one game, and their reading from JSON with clear errors. Listing a
    class here also gives it its quick constructor (``_quicken``)."""

    def __init__(self, *classes: type[Event]) -> None:
        self._by_kind: dict[str, type[Event]] = {}
        for cls in classes:
            if not cls.KIND or cls.KIND in self._by_kind:
                raise ValueError(f"event class {cls.__name__} has a missing or repeated KIND")
            self._by_kind[cls.KIND] = cls
            _quicken(cls)

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(self._by_kind)

    @property
    def classes(self) -> tuple[type[Event], ...]:
        return tuple(self._by_kind.values())

    def from_json(self, data: Any) -> Event:
        """The event ``to_json`` wrote (a private event keeps its ``visible_to``; the hidden
        fields of a censored copy are already ``None``)."""
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise FormatError('an event must be an object with a "kind"')
        cls = self._by_kind.get(data["kind"])
        if cls is None:
            known = ", ".join(self._by_kind)
            raise FormatError(f'unknown event kind "{data["kind"]}" (known: {known})')
        where = f"event {data['kind']}"
        hints = field_hints(cls)  # type: ignore[arg-type]  # a class is hashable (python/mypy#11470)
        fields = _fields(cls)  # type: ignore[arg-type]  # a class is hashable (python/mypy#11470)
        by_json = {name: attr for attr, name, _omit in fields}
        absent = {name: None for _attr, name, omit_none in fields if omit_none and name not in data}
        data = {**data, **absent}  # an optional field left out reads as None
        unknown = sorted(set(data) - set(by_json) - {"kind", "visible_to", "hidden"})
        if unknown:
            raise FormatError(f"{where}: unknown field(s) {', '.join(unknown)}")
        missing = sorted(set(by_json) - set(data))
        if missing:
            raise FormatError(f"{where}: missing field(s) {', '.join(missing)}")
        kwargs = {
            attr: convert(data[name], hints[attr], f"{where}.{name}")
            for name, attr in by_json.items()
        }
        seen = data.get("visible_to")
        if seen is None:
            return cls(**kwargs)
        seats = convert(seen, tuple[int, ...], f"{where}.visible_to")
        hidden = convert(data.get("hidden", ()), tuple[str, ...] | None, f"{where}.hidden")
        return cls(**kwargs, visible_to=frozenset(seats), hidden=hidden)


def events_for_seat(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The part of ``events`` that ``seat`` may see, censored where needed."""
    out = []
    for event in events:
        seen = event.for_seat(seat)
        if seen is not None:
            out.append(seen)
    return out
