"""The speed-work tools of bench/: the fingerprint (a speed change must leave seeded play alone)
and the paired timing (which loads two copies of the package in one process)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from bench import paired
from bench.fingerprint import fingerprint
from nove_desktop.games import default_registry


@pytest.mark.parametrize("game_id", ["numx", "kael"])
def test_the_fingerprint_is_a_function_of_the_seeded_games(game_id: str) -> None:
    game = default_registry().get(game_id)
    first = fingerprint(game, [2, 4], 2, 100)
    assert fingerprint(game, [2, 4], 2, 100) == first  # same games, same hash
    assert fingerprint(game, [2, 4], 2, 101) != first  # other seeds, other games
    assert fingerprint(game, [4, 2], 2, 100) != first  # the player counts are part of it


def test_the_package_imports_itself_only_relatively() -> None:
    # paired.py imports two copies of the package under other names: an absolute import of
    # nove_desktop inside it would silently mix the copies.
    absolute = re.compile(r"^\s*(from|import)\s+nove_desktop\b", re.MULTILINE)
    offenders = [
        str(path)
        for path in Path(paired.ROOT, paired.PACKAGE).rglob("*.py")
        if absolute.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_paired_timing_compares_two_loaded_copies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))  # load() adds the copies' folder
    paired.export("HEAD", tmp_path / "paired_base")
    paired.export("WORKTREE", tmp_path / "paired_new")
    try:
        base, new = (paired.load(tmp_path, name, "banco", 2) for name in paired.SIDES)
        assert type(base[0]).__module__.startswith("paired_base.")
        assert type(new[0]).__module__.startswith("paired_new.")
        ratios = paired.compare(base, new, chunks=2, per_chunk=1, warm_up=1)
        assert len(ratios) == 2 and all(r > 0 for r in ratios)
    finally:  # forget the copies (their folder goes away)
        for name in [m for m in sys.modules if m.split(".")[0] in paired.SIDES]:
            del sys.modules[name]
