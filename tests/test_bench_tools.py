"""The speed-work tools of bench/: the fingerprint (a speed change must leave seeded play alone),
the paired timing (which loads two copies of the package in one process) and the AI ladder. Nothing
here needs a git checkout or depends on a real clock: timings are faked or not compared, copies
come from the working tree, the ladder runs on a tiny iteration budget."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

from bench import ai as ladder
from bench import ai_speed, mutation, paired, planted_bugs
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
    # nove_desktop inside it would silently mix the copies. The AI is part of the package
    # (nove_desktop/ai links to the top-level ai/ folder, which rglob does not enter).
    absolute = re.compile(r"^\s*(from|import)\s+nove_desktop\b", re.MULTILINE)
    files = [
        *Path(paired.ROOT, paired.PACKAGE).rglob("*.py"),
        *Path(paired.ROOT, "ai").rglob("*.py"),
    ]
    assert Path(paired.ROOT, "ai", "factory.py") in files
    offenders = [str(path) for path in files if absolute.search(path.read_text(encoding="utf-8"))]
    assert offenders == []


def test_paired_timing_times_both_sides_on_the_same_games_in_alternating_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``compare`` warms both sides up on the same games, then times each chunk of fresh games
    on both sides, first one side and then the other in turn, and reports base time / new time
    per chunk. A fake ``play`` stands in for the playouts: base takes 3 s, new 2 s."""
    calls: list[tuple[str, int, int]] = []

    def fake_play(side: tuple[str, None, None], games: int, seed: int) -> float:
        calls.append((side[0], games, seed))
        return {"base": 3.0, "new": 2.0}[side[0]]

    monkeypatch.setattr(paired, "play", fake_play)
    ratios = paired.compare(("base", None, None), ("new", None, None), 3, 4, 5)
    assert ratios == [1.5, 1.5, 1.5]
    warm = 777_777
    assert calls == [
        ("base", 5, warm),
        ("new", 5, warm),
        ("base", 4, 1_000_000),
        ("new", 4, 1_000_000),
        ("new", 4, 1_000_004),  # the second chunk starts with the other side
        ("base", 4, 1_000_004),
        ("base", 4, 1_000_008),
        ("new", 4, 1_000_008),
    ]


def test_paired_loads_two_independent_copies_that_play_alike(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two exports of the working tree load under the two side names as separate modules (a
    class of one copy is not the other's) and play the same seeded games move for move."""
    monkeypatch.setattr(sys, "path", list(sys.path))  # load() adds the copies' folder
    for name in paired.SIDES:
        paired.export("WORKTREE", tmp_path / name)
    try:
        base, new = (paired.load(tmp_path, name, "banco", 2) for name in paired.SIDES)
        assert type(base[0]).__module__.startswith("paired_base.")
        assert type(new[0]).__module__.startswith("paired_new.")
        assert type(base[0]) is not type(new[0]) and base[1] is not new[1]
        assert playout(base, 31) == playout(new, 31)
        assert playout(base, 31) != playout(base, 32)
    finally:  # forget the copies (their folder goes away)
        for name in [m for m in sys.modules if m.split(".")[0] in paired.SIDES]:
            del sys.modules[name]


def playout(side: tuple[Any, Any, Any], seed: int) -> list[Any]:
    """Every action of one seeded random game played by a loaded copy, as JSON."""
    game, rng_type, options = side
    chooser = rng_type(seed)
    state, _ = game.new_game(options, seed)
    actions = []
    while acting := game.to_act(state):
        action = chooser.choice(game.legal_actions(state, acting[0]))
        actions.append(action.to_json())
        game.apply(state, acting[0], action)
    return actions


def test_the_ladder_runs_every_pair_at_the_usual_seats_on_a_tiny_budget(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert ladder.main(["--quick", "--games", "nox,banco"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith(("| nox ", "| banco "))]
    pairs = [(row.split(" | ")[0][2:], row.split(" | ")[1], row.split(" | ")[2]) for row in rows]
    assert pairs[:6] == [
        ("nox", "3", "easy:random"),
        ("nox", "3", "normal:easy"),
        ("nox", "3", "hard:normal"),
        ("banco", "4", "easy:random"),
        ("banco", "4", "normal:easy"),
        ("banco", "4", "hard:normal"),
    ]
    assert pairs[6:] == [("nox", "3", "2"), ("banco", "4", "2")]  # the speed table
    assert "| nox | 3 | hard:normal | 2 | " in out  # --quick: two Hard games


def test_percentiles_are_nearest_rank() -> None:
    values = tuple(range(1, 21))
    assert ai_speed.percentile(values, 0.5) == 10
    assert ai_speed.percentile(values, 0.95) == 19
    assert ai_speed.percentile((7,), 0.95) == 7


def test_every_planted_bug_is_one_exact_change_with_tests_that_exist() -> None:
    """bench/planted_bugs.py: each bug's old text occurs exactly once in its file (so the plant
    is the change described, and a drift of the code is noticed), names are unique, and its
    test selection exists."""
    assert planted_bugs.check_bug_list(planted_bugs.ROOT) == []
    assert len(planted_bugs.BUGS) >= 20
    areas = {bug.area for bug in planted_bugs.BUGS}
    assert {
        "scoring",
        "secrecy",
        "hand-off",
        "autosave",
        "resume",
        "statistics",
        "replay",
        "settings",
    } <= areas


def test_the_planted_bug_list_check_reports_drift(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("x = 1\nx = 1\n", encoding="utf-8")
    bug = planted_bugs.Bug("twice", "scoring", "a.py", "x = 1\n", "x = 2\n", "", ("t.py",))
    problems = planted_bugs.check_bug_list(tmp_path, [bug, bug])
    assert "duplicate name twice" in problems
    assert "twice: the old text occurs 2 times in a.py" in problems
    assert "twice: no test file t.py" in problems


def test_every_mutation_target_names_a_module_and_its_tests() -> None:
    for name, target in mutation.TARGETS.items():
        assert (mutation.ROOT / target.file).is_file(), name
        for selection in target.tests:
            assert (mutation.ROOT / selection.split("::")[0]).is_file(), (name, selection)
        source = (mutation.ROOT / target.file).read_text(encoding="utf-8")
        for function in target.functions:
            assert f"def {function}(" in source, (name, function)
