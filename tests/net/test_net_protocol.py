"""protocol.decode: anything a client sends is a checked message or a ProtocolError."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nove_desktop.net.protocol import (
    CLIENT_MESSAGES,
    ERROR_CODES,
    MAX_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    ProtocolError,
    decode,
)

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = sorted({field for schema in CLIENT_MESSAGES.values() for field in schema})


@st.composite
def near_messages(draw: st.DrawFn) -> dict[str, object]:
    """Messages of a known type with fields drawn from every schema's names and any values."""
    kind = draw(st.sampled_from(sorted(CLIENT_MESSAGES)))
    fields = draw(st.dictionaries(st.sampled_from([*FIELDS, "extra"]), JSON, max_size=6))
    return {"type": kind, **fields}


@settings(max_examples=300, deadline=None)
@given(st.one_of(near_messages(), JSON, st.text(max_size=50).map(lambda t: t)))
def test_anything_is_a_checked_message_or_a_protocol_error(value):
    raw = value if isinstance(value, str) else json.dumps(value)
    try:
        message = decode(raw)
    except ProtocolError as exc:
        assert exc.code in ERROR_CODES and exc.message
        return
    schema = CLIENT_MESSAGES[message["type"]]
    assert set(message) <= {"type", *schema}
    assert all(field in message for field, (required, _check) in schema.items() if required)


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("{", "bad_json"),
        ("[]", "bad_json"),
        ('{"type": "act", "position": -1, "action": {"type": "pass"}}', "bad_message"),
        ('{"type": "act", "position": true, "action": {"type": "pass"}}', "bad_message"),
        ('{"type": "ping", "x": 1}', "bad_message"),
        ('{"type": "join", "version": 99, "room": "ABCDE", "name": "Ada"}', "version"),
        ('{"type": "join", "version": 1, "room": "ABCDE", "name": "   "}', "bad_message"),
        ("x" * (MAX_MESSAGE_BYTES + 1), "too_big"),
        ("[" * 100_000 + "]" * 100_000, "too_big"),
    ],
)
def test_refusals_name_their_code(raw, code):
    with pytest.raises(ProtocolError) as refused:
        decode(raw)
    assert refused.value.code == code


def test_a_well_formed_message_passes():
    raw = json.dumps({"type": "join", "version": PROTOCOL_VERSION, "room": "ABCDE", "name": "Ada"})
    assert decode(raw)["room"] == "ABCDE"
    deep = "[" * 5000 + "]" * 5000  # under the size cap, deeper than the parser allows
    with pytest.raises(ProtocolError) as refused:
        decode(deep)
    assert refused.value.code == "bad_json"
