"""docs/network.md describes every message type and error code protocol.py has, each message
with a JSON example of its own type."""

from __future__ import annotations

import json
import re
from pathlib import Path

from nove_desktop.net.protocol import CLIENT_MESSAGES, ERROR_CODES, SERVER_MESSAGES

PAGE = Path(__file__).resolve().parents[2] / "docs" / "network.md"


def sections() -> dict[str, str]:
    text = PAGE.read_text(encoding="utf-8")
    parts = re.split(r"^### `([a-z_]+)`\s*$", text, flags=re.MULTILINE)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts), 2)}


def test_every_message_type_has_a_section_with_an_example():
    found = sections()
    expected = [*CLIENT_MESSAGES, *SERVER_MESSAGES]
    assert sorted(set(expected) - set(found)) == []
    for kind in expected:
        body = found[kind]
        if kind in ("snapshot",):  # described as update's fields
            assert "update" in body
            continue
        blocks = re.findall(r"```json\n(.*?)```", body, flags=re.DOTALL)
        assert blocks, kind
        assert any(json.loads(block)["type"] == kind for block in blocks), kind


def test_every_client_field_and_error_code_is_named():
    text = PAGE.read_text(encoding="utf-8")
    for kind, fields in CLIENT_MESSAGES.items():
        for field in fields:
            assert f"`{field}`" in text or f'"{field}"' in text, (kind, field)
    for code in ERROR_CODES:
        assert f"| `{code}` |" in text, code
