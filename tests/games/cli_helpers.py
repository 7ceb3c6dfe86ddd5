"""Calling the command line in-process, for ``tests/test_cli.py`` and the per-game CLI tests."""

from __future__ import annotations

import json
from typing import Any

import pytest

from nove_desktop import cli


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def one_json_object(out: str) -> dict[str, Any]:
    """stdout must hold exactly one JSON object (one line) and nothing else."""
    lines = out.splitlines()
    assert len(lines) == 1, out
    data = json.loads(lines[0])
    assert isinstance(data, dict)
    return data
