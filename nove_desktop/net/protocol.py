"""The network protocol: versioned JSON messages, each checked strictly (docs/network.md).

Every message is one JSON object with a ``"type"``. A client's message is checked against the
schema of its type: a missing or unknown field, a wrong JSON type or a message larger than
``MAX_MESSAGE_BYTES`` raises ``ProtocolError(code, message)``, which the server sends back as
an ``error`` message. Nothing here knows about sockets or rooms (no I/O, no pygame).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

PROTOCOL_VERSION = 1
MAX_MESSAGE_BYTES = 16 * 1024
"""The largest message a client may send (an action is a few hundred bytes)."""
MAX_NAME = 24
MAX_OPTIONS_BYTES = 2048
ROOM_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud easily
ROOM_CODE_LENGTH = 5
SEAT_KINDS = ("remote", "easy", "normal", "hard", "empty")
"""What a seat is in the lobby: a person on another computer, an AI level, or nobody yet."""

# Error codes (docs/network.md lists them with their meaning).
ERROR_CODES = (
    "bad_json",  # not a JSON object
    "too_big",  # larger than MAX_MESSAGE_BYTES
    "bad_message",  # unknown type, missing/unknown field, wrong type
    "version",  # the client speaks another protocol version
    "rate",  # too many messages per second: the message was dropped
    "no_room",  # no room with that code
    "room_full",  # no free remote seat
    "too_many_rooms",  # the server's (or this address's) room limit is reached
    "bad_token",  # the token names no seat of this room
    "not_in_room",  # the message needs a seat: join or rejoin first
    "not_host",  # only the host may do that
    "bad_options",  # the game or its options are refused
    "not_ready",  # start asked while a seat is empty or not ready
    "wrong_phase",  # lobby message during a game, or game message in the lobby
    "stale",  # the action's position is not the server's: the view was out of date
    "illegal",  # the rules refuse the action (the message says why)
    "internal",  # the server failed on this message (a bug): nothing was applied
)


class ProtocolError(Exception):
    """A message refused; ``code`` is one of ``ERROR_CODES``, ``message`` is for a person."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _name(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value.strip()) <= MAX_NAME and value.isprintable()


def _seat_list(value: object) -> bool:
    return (
        isinstance(value, list)
        and 1 <= len(value) <= 12
        and all(isinstance(kind, str) and kind in SEAT_KINDS for kind in value)
    )


def _seed(value: object) -> bool:
    return value is None or (isinstance(value, int) and _is_int(value) and 0 <= value < 1 << 64)


def _seconds(low: float, high: float) -> Any:
    def check(value: object) -> bool:
        if value is None:
            return True
        return (
            isinstance(value, int | float) and not isinstance(value, bool) and low <= value <= high
        )

    return check


def _position(value: object) -> bool:
    return isinstance(value, int) and _is_int(value) and value >= 0


def _action(value: object) -> bool:
    return isinstance(value, dict) and isinstance(value.get("type"), str)


def _token(value: object) -> bool:
    return isinstance(value, str) and 8 <= len(value) <= 64


def _code(value: object) -> bool:
    return isinstance(value, str) and 1 <= len(value) <= 12


def _options(value: object) -> bool:
    return isinstance(value, dict) and len(json.dumps(value)) <= MAX_OPTIONS_BYTES


def _bool(value: object) -> bool:
    return isinstance(value, bool)


def _game(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= 32


# type -> {field: (required, check)}; "type" itself is implied.
CLIENT_MESSAGES: dict[str, dict[str, tuple[bool, Any]]] = {
    "create": {
        "version": (True, _is_int),
        "name": (True, _name),
        "game": (True, _game),
        "options": (False, _options),
        "seats": (True, _seat_list),
        "seed": (False, _seed),
        "window_seconds": (False, _seconds(1.0, 60.0)),
        "ai_pace": (False, _seconds(0.0, 10.0)),
        "away_seconds": (False, _seconds(0.0, 600.0)),
    },
    "join": {"version": (True, _is_int), "room": (True, _code), "name": (True, _name)},
    "rejoin": {"version": (True, _is_int), "room": (True, _code), "token": (True, _token)},
    "ready": {"ready": (True, _bool)},
    "start": {},
    "act": {"position": (True, _position), "action": (True, _action)},
    "again": {},
    "leave": {},
    "ping": {},
}
"""What a client may send (docs/network.md describes each one)."""

SERVER_MESSAGES = ("welcome", "lobby", "update", "snapshot", "over", "error", "pong", "closed")
"""What the server sends (docs/network.md describes each one)."""


def decode(raw: str | bytes) -> dict[str, Any]:
    """A client's message, checked; ``ProtocolError`` for anything else."""
    if len(raw) > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_big", f"messages are limited to {MAX_MESSAGE_BYTES} bytes")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", "the message is not valid JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_json", "a message must be a JSON object")
    return validate(data)


def validate(data: Mapping[str, Any]) -> dict[str, Any]:
    """``data`` if it is a well-formed client message (strictly: no unknown field)."""
    kind = data.get("type")
    schema = CLIENT_MESSAGES.get(kind) if isinstance(kind, str) else None
    if schema is None:
        known = ", ".join(CLIENT_MESSAGES)
        raise ProtocolError("bad_message", f"unknown message type (known: {known})")
    unknown = sorted(set(data) - set(schema) - {"type"})
    if unknown:
        raise ProtocolError("bad_message", f'{kind}: unknown field "{unknown[0][:32]}"')
    for field, (required, check) in schema.items():
        if field not in data:
            if required:
                raise ProtocolError("bad_message", f'{kind}: the field "{field}" is missing')
            continue
        if not check(data[field]):
            raise ProtocolError("bad_message", f'{kind}: the field "{field}" is not valid')
    if "version" in schema and data["version"] != PROTOCOL_VERSION:
        raise ProtocolError(
            "version",
            f"this server speaks protocol version {PROTOCOL_VERSION}, not {data['version']}",
        )
    return dict(data)


def encode(message: Mapping[str, Any]) -> str:
    """A server message as compact JSON text."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def error(code: str, message: str) -> dict[str, Any]:
    """The ``error`` message for ``code``."""
    return {"type": "error", "code": code, "message": message}
