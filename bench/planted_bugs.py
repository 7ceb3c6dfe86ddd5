"""Planted-bug audit: does the test suite catch a one-line bug in each promise it guards?

    .venv/bin/python bench/planted_bugs.py            # every bug, a table, exit 1 if one survives
    .venv/bin/python bench/planted_bugs.py --list     # the bugs and their test selections
    .venv/bin/python bench/planted_bugs.py --only kael-ranking-higher-first --only handoff-overlay

Each bug is one exact text replacement in one file, with the tests that ought to catch it. The
tool copies the working tree once into a temporary folder (never touching the real tree), checks
that the unplanted copy passes every selection, then for each bug plants it, runs its selection
(``pytest -x -q -p no:cacheprovider``, SDL dummy drivers) and puts the file back. "caught" means
the selection failed with the bug in place; the table names the first failing test.

A bench tool, not part of the suite (tests/test_bench_tools.py only checks that every bug's old
text occurs exactly once in its file). Keep each selection focused: the whole audit should run in
a few minutes on two cores.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIP = shutil.ignore_patterns(
    ".git",
    "__pycache__",
    ".venv",
    ".pytest_cache",
    ".hypothesis",
    ".mypy_cache",
    ".ruff_cache",
    "mutants",
    "build",
    "dist",
    "*.pyc",
)


@dataclasses.dataclass(frozen=True)
class Bug:
    """One planted bug: replace ``old`` (exactly once in ``file``) with ``new``."""

    name: str
    area: str
    file: str
    old: str
    new: str
    description: str
    tests: tuple[str, ...]


KAEL_PINS = "tests/games/test_kael_pins.py"
STATS = ("tests/test_storage.py", "tests/ui/test_table_statistics_pins.py")

BUGS: tuple[Bug, ...] = (
    # -- scoring, one or more per game -------------------------------------------------------
    Bug(
        "nove-capo-tie",
        "scoring",
        "nove_desktop/games/nove/scoring.py",
        "        if value > best:\n",
        "        if value >= best:\n",
        "NOVE: a tie for the highest value gives capo to the later seat, not the earlier",
        ("tests/games/test_nove_examples.py",),
    ),
    Bug(
        "nove-31-bonus",
        "scoring",
        "nove_desktop/games/nove/scoring.py",
        "            2 if s == winner31 else 0,\n",
        "            3 if s == winner31 else 0,\n",
        "NOVE: 31 scores 3 points instead of 2",
        ("tests/games/test_nove_examples.py",),
    ),
    Bug(
        "banco-tie-to-punter",
        "scoring",
        "nove_desktop/games/banco/flow.py",
        "        if score > bank_score:\n",
        "        if score >= bank_score:\n",
        "banco: a tie with the bank is won by the punter (ties go to the bank)",
        ("tests/games/test_banco_examples.py",),
    ),
    Bug(
        "nox-two-colours",
        "scoring",
        "nove_desktop/games/nox/scoring.py",
        "    return len(top_colours(kitty)) == len(COLOURS)\n",
        "    return len(top_colours(kitty)) >= len(COLOURS) - 1\n",
        "NOX: a kitty with two colours on top scores",
        ("tests/games/test_nox_examples.py", "tests/games/test_nox_rules.py"),
    ),
    Bug(
        "nox-thick-records-all",
        "scoring",
        "nove_desktop/games/nox/scoring.py",
        "    return [p if p == best else 0 for p in points]\n",
        "    return list(points)\n",
        "NOX thick-skinned: every seat's points are recorded, not only the round's highest",
        ("tests/games/test_nox_examples.py", "tests/games/test_nox_rules.py"),
    ),
    Bug(
        "numx-ob10-left",
        "scoring",
        "nove_desktop/games/numx/scoring.py",
        "            met[s] = met[(s - 1) % n]\n",
        "            met[s] = met[(s + 1) % n]\n",
        "NUM-X: OB10 looks at the left neighbour instead of the right",
        ("tests/games/test_numx_examples.py", "tests/games/test_numx_rules.py"),
    ),
    Bug(
        "numx-objective-lowers",
        "scoring",
        "nove_desktop/games/numx/scoring.py",
        "            if alt > base:\n",
        "            if alt > base - 10:\n",
        "NUM-X: a met objective is applied even when it lowers the score",
        ("tests/games/test_numx_examples.py", "tests/games/test_numx_rules.py"),
    ),
    Bug(
        "kael-false-call-flow",
        "scoring",
        "nove_desktop/games/kael/flow.py",
        "    false_call = hand_total(state.hands[seat]) > 5\n",
        "    false_call = hand_total(state.hands[seat]) > 6\n",
        "Kaël: a call with 6 points is treated as a real call (threshold moved by one)",
        (KAEL_PINS,),
    ),
    Bug(
        "kael-false-call-scoring",
        "scoring",
        "nove_desktop/games/kael/scoring.py",
        "    if mine > 5:\n",
        "    if mine > 4:\n",
        "Kaël: a real call with 5 points is scored as a false Kaël",
        (KAEL_PINS,),
    ),
    Bug(
        "kael-assisted-threshold",
        "scoring",
        "nove_desktop/games/kael/rules.py",
        "hand_total(state.hands[seat]) <= 5)",
        "hand_total(state.hands[seat]) <= 6)",
        "Kaël assisted mode: a call with 6 points is legal",
        (KAEL_PINS,),
    ),
    Bug(
        "kael-table-confirm-threshold",
        "scoring",
        "nove_desktop/ui/tables/kael/controls.py",
        "        if total <= 5:\n            self.act(CallKael())\n",
        "        if total <= 6:\n            self.act(CallKael())\n",
        "Kaël table: a call with 6 points is made without the false-Kaël confirmation",
        ("tests/ui/test_table_input.py::test_a_false_kael_call_asks_first",),
    ),
    Bug(
        "kael-ranking-higher-first",
        "scoring",
        "nove_desktop/games/kael/scoring.py",
        "    places += grouped(standing, lambda s: state.totals[s])\n",
        "    places += grouped(standing, lambda s: -state.totals[s])\n",
        "Kaël: the final ranking puts the higher total first",
        (KAEL_PINS,),
    ),
    Bug(
        "kael-highest-wins",
        "scoring",
        "nove_desktop/games/kael/flow.py",
        "    best = min(state.totals[s] for s in seats)\n",
        "    best = max(state.totals[s] for s in seats)\n",
        "Kaël: first elimination / round limit: the highest total wins",
        (KAEL_PINS,),
    ),
    # -- secrecy: observations, events, determinize --------------------------------------------
    Bug(
        "kael-observe-hands",
        "secrecy",
        "nove_desktop/games/kael/view.py",
        "            known_cards=tuple(c for c in state.hands[s] if c in state.public),\n",
        "            known_cards=tuple(state.hands[s]),\n",
        "Kaël: observe shows every card of the other hands",
        ("tests/games/test_kael_secrecy_by_hand.py",),
    ),
    Bug(
        "nox-observe-hand",
        "secrecy",
        "nove_desktop/games/nox/view.py",
        "        hand=tuple(state.hands[me]) if me is not None else (),\n",
        "        hand=tuple(state.hands[me]) if me is not None else tuple(state.hands[0]),\n",
        "NOX: a spectator's observation shows seat 0's hand",
        ("tests/games/test_nox_secrecy_by_hand.py",),
    ),
    Bug(
        "nove-deal-event-public",
        "secrecy",
        "nove_desktop/games/nove/flow.py",
        "events.append(ev.Dealt(seat, tuple(cards), visible_to=ONLY[seat], hidden=_CARDS))",
        "events.append(ev.Dealt(seat, tuple(cards)))",
        "NOVE: the deal event shows every hand to everyone",
        ("tests/games/test_nove_secrecy_by_hand.py",),
    ),
    Bug(
        "numx-draw-event-public",
        "secrecy",
        "nove_desktop/games/numx/flow.py",
        "Drawn(seat, DECK_SOURCE, (card,), visible_to=ONLY[seat], hidden=_CARDS)",
        "Drawn(seat, DECK_SOURCE, (card,), visible_to=None, hidden=_CARDS)",
        "NUM-X: a deck draw shows its card to everyone",
        ("tests/games/test_numx_secrecy.py", "tests/games/test_numx_secrecy_by_hand.py"),
    ),
    Bug(
        "nox-determinize-keeps-seat0",
        "secrecy",
        "nove_desktop/games/nox/view.py",
        "    others = [s for s in range(state.players) if s != seat]\n",
        "    others = [s for s in range(state.players) if s not in (seat, 0)]\n",
        "NOX: determinize never deals seat 0's hand again (the sample keeps the true hand)",
        ("tests/games/test_determinize_pins.py",),
    ),
    Bug(
        "numx-determinize-keeps-seat0",
        "secrecy",
        "nove_desktop/games/numx/view.py",
        "            if other == seat:\n                continue\n"
        "            groups.append(sample.hands[other])\n",
        "            if other in (seat, 0):\n                continue\n"
        "            groups.append(sample.hands[other])\n",
        "NUM-X: determinize never deals seat 0's hidden cards again",
        ("tests/games/test_determinize_pins.py",),
    ),
    # -- the table: hand-off, autosave, asking every seat ------------------------------------------
    Bug(
        "handoff-skipped",
        "hand-off",
        "nove_desktop/ui/table/turns.py",
        "            if self.pass_and_play and self.app.settings.handoff:\n",
        "            if self.pass_and_play and not self.app.settings.handoff:\n",
        "pass-and-play: the next player's hand is shown without the hand-off screen",
        ("tests/ui/test_handoff_privacy.py::test_no_frame_shows_a_private_card_to_the_wrong_eyes",),
    ),
    Bug(
        "autosave-off",
        "autosave",
        "nove_desktop/ui/table/turns.py",
        "        self.save_due = True  # saved at the end of this frame",
        "        self.save_due = False  # saved at the end of this frame",
        "an applied action is not autosaved",
        ("tests/ui/test_save_resume.py::test_every_action_is_saved_at_once",),
    ),
    Bug(
        "resume-seed-shifted",
        "resume",
        "nove_desktop/session.py",
        "        session.seed = replay.seed\n",
        "        session.seed = replay.seed + 1\n",
        "Continue: the resumed session's seed (and so its AI seats' seeds) is not the saved one",
        (
            "tests/ui/test_save_resume.py::test_continue_resumes_the_exact_state_with_the_same_future",
            "tests/test_session.py",
        ),
    ),
    Bug(
        "resume-wrong-end-accepted",
        "resume",
        "nove_desktop/session.py",
        "        if outcome.result.over != finished:\n",
        "        if outcome.result.over != finished and False:\n",
        "a save whose 'finished' flag contradicts its moves is resumed anyway",
        ("tests/test_save_validation.py",),
    ),
    Bug(
        "table-asks-first-seat-only",
        "windows",
        "nove_desktop/ui/table/turns.py",
        "        for seat in acting:\n            if self.session.is_human(seat) or not",
        "        for seat in acting[:1]:\n            if self.session.is_human(seat) or not",
        "a reaction window asks only the first seat of to_act (the others one after another)",
        ("tests/ui/test_table_asks_every_seat.py",),
    ),
    # -- statistics, replay validation, settings ---------------------------------------------------
    Bug(
        "statistics-best-direction",
        "statistics",
        "nove_desktop/storage.py",
        "        if best is None or (score < best if lower_is_better else score > best):\n",
        "        if best is None or (score > best if lower_is_better else score > best):\n",
        "statistics: Kaël's best is the highest total",
        STATS,
    ),
    Bug(
        "statistics-won-top-score",
        "statistics",
        "nove_desktop/ui/tables/kael/table.py",
        "        return list(self.observe().winners)\n",
        "        return [max(range(len(self.observe().seats)), key=lambda s: "
        "self.observe().seats[s].total)]\n",
        "statistics: a Kaël game counts as won for the seat with the top (worst) total",
        STATS,
    ),
    Bug(
        "replay-winner-unchecked",
        "replay",
        "nove_desktop/engine/replay.py",
        '        for key in ("scores", "winner"):\n',
        '        for key in ("scores",):\n',
        "replay validation: a recorded winner that differs from the re-run is accepted",
        ("tests/engine/test_replay.py",),
    ),
    Bug(
        "settings-unchecked",
        "settings",
        "nove_desktop/storage.py",
        "            if name in raw and is_valid(raw[name]):\n",
        "            if name in raw:\n",
        "settings: invalid values read from the file are used instead of the defaults",
        ("tests/test_storage.py",),
    ),
    # -- issue 27: fair samples, the same game on every machine, bad input ------------------------
    Bug(
        "nove-determinize-hit-copied",
        "secrecy",
        "nove_desktop/games/nove/view.py",
        "    sample.hit = {sample.hands[who][index] for who, index in _hit_slots(state)}\n",
        "    sample.hit = set(state.hit)\n",
        "NOVE: the sample keeps the true ids of the cards other seats drew by hitting",
        (
            "tests/ai/test_fairness.py::test_decisions_and_hints_are_the_same_in_states_the_seat"
            "_cannot_tell_apart[nove]",
        ),
    ),
    Bug(
        "kael-determinize-pending-kept",
        "secrecy",
        "nove_desktop/games/kael/view.py",
        "        sample.pending = pool.pop(matching[rng.below(len(matching))])\n",
        "        sample.pending = state.pending\n",
        "Kaël: the sample keeps the true card of a good draw that is waiting",
        (
            "tests/ai/test_fairness.py::test_decisions_and_hints_are_the_same_in_states_the_seat"
            "_cannot_tell_apart[kael]",
        ),
    ),
    Bug(
        "hard-searches-a-time",
        "same game",
        "ai/search/budget.py",
        "Budget(iterations=_look_up(HARD_ITERATIONS, game_id, players, OTHER_GAME[0]))\n",
        "Budget(seconds=0.3)\n",
        "a Hard seat searches for 0.3 s instead of its fixed iteration budget",
        ("tests/test_same_game.py",),
    ),
    Bug(
        "resume-ignores-recorded-budget",
        "resume",
        "nove_desktop/session.py",
        "            if replay.budget is None\n",
        "            if True\n",
        "Continue: the resumed game searches today's budget, not the one it was started with",
        ("tests/test_same_game.py::test_a_resumed_game_uses_the_budget_it_started_with",),
    ),
    Bug(
        "newer-file-treated-as-damaged",
        "data folder",
        "nove_desktop/storage.py",
        "and is_int(version) and version > FILE_VERSION\n",
        "and is_int(version) and version > FILE_VERSION + 100\n",
        "a file written by a newer version is called unreadable and moved aside",
        ("tests/test_storage.py",),
    ),
    Bug(
        "cli-games-unbounded",
        "command line",
        "nove_desktop/cli.py",
        "    if not 1 <= args.games <= MAX_GAMES:\n",
        "    if not 1 <= args.games:\n",
        "simulate accepts --games 10**23 (a run that never ends)",
        ("tests/test_cli.py",),
    ),
)


@dataclasses.dataclass
class Outcome:
    bug: Bug
    caught: bool
    by: str
    seconds: float


def check_bug_list(root: Path, bugs: Sequence[Bug] = BUGS) -> list[str]:
    """Problems with the list itself: unknown files, ``old`` not found exactly once, no-op
    replacements, duplicate names, missing test files."""
    problems = []
    names = [bug.name for bug in bugs]
    problems += [f"duplicate name {n}" for n in sorted({n for n in names if names.count(n) > 1})]
    for bug in bugs:
        path = root / bug.file
        if not path.is_file():
            problems.append(f"{bug.name}: no file {bug.file}")
            continue
        count = path.read_text(encoding="utf-8").count(bug.old)
        if count != 1:
            problems.append(f"{bug.name}: the old text occurs {count} times in {bug.file}")
        if bug.old == bug.new:
            problems.append(f"{bug.name}: the new text is the old text")
        for selection in bug.tests:
            if not (root / selection.split("::")[0]).is_file():
                problems.append(f"{bug.name}: no test file {selection}")
    return problems


def copy_tree(destination: Path) -> Path:
    """A copy of the working tree (with uncommitted changes and compiled catalogs, not .git)."""
    target = destination / "tree"
    shutil.copytree(ROOT, target, ignore=SKIP)
    return target


def run_tests(tree: Path, selection: Sequence[str], timeout: float) -> tuple[bool, str]:
    """``(passed, first failing test or a short reason)`` for ``selection`` run in ``tree``."""
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        PYTHONDONTWRITEBYTECODE="1",
    )
    env.pop("PYTHONPATH", None)
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-x",
        "-q",
        "-p",
        "no:cacheprovider",
        "-o",
        "addopts=",
        *selection,
    ]
    try:
        done = subprocess.run(
            command, cwd=tree, env=env, capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        return False, f"timed out after {timeout:.0f} s"
    if done.returncode == 0:
        return True, ""
    failed = re.findall(r"^(?:FAILED|ERROR) (\S+)", done.stdout, re.MULTILINE)
    if failed:
        return False, failed[0]
    tail = (done.stdout + done.stderr).strip().splitlines()[-1:] or ["pytest failed"]
    return False, f"exit {done.returncode}: {tail[0][:80]}"


def audit(bugs: Sequence[Bug], tree: Path, timeout: float, baseline: bool) -> list[Outcome]:
    if baseline:
        selections = sorted({t for bug in bugs for t in bug.tests})
        passed, why = run_tests(tree, selections, timeout * 4)
        if not passed:
            raise SystemExit(f"the unplanted tree fails its own selections: {why}")
    outcomes = []
    for bug in bugs:
        path = tree / bug.file
        original = path.read_text(encoding="utf-8")
        path.write_text(original.replace(bug.old, bug.new, 1), encoding="utf-8")
        start = time.monotonic()
        try:
            passed, why = run_tests(tree, bug.tests, timeout)
        finally:
            path.write_text(original, encoding="utf-8")
        outcome = Outcome(bug, not passed, why, time.monotonic() - start)
        print(
            f"  {bug.name}: {'caught' if outcome.caught else 'SURVIVED'} "
            f"({outcome.seconds:.0f} s) {why}",
            file=sys.stderr,
            flush=True,
        )
        outcomes.append(outcome)
    return outcomes


def table(outcomes: Sequence[Outcome]) -> str:
    rows = [("bug", "area", "caught", "by")]
    rows += [(o.bug.name, o.bug.area, "yes" if o.caught else "NO", o.by or "-") for o in outcomes]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    lines = [" | ".join([*(row[i].ljust(widths[i]) for i in range(3)), row[3]]) for row in rows]
    lines.insert(1, "-+-".join(["-" * w for w in widths] + ["-" * 20]))
    caught = sum(o.caught for o in outcomes)
    lines.append(f"{caught} of {len(outcomes)} planted bugs caught")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", action="append", default=[], help="run this bug (repeatable)")
    parser.add_argument("--list", action="store_true", help="print the bugs and stop")
    parser.add_argument(
        "--no-baseline",
        action="store_true",
        help="skip the check that the unplanted copy passes the selections",
    )
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per bug")
    args = parser.parse_args(argv)
    problems = check_bug_list(ROOT)
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 2
    chosen = [bug for bug in BUGS if not args.only or bug.name in args.only]
    unknown = set(args.only) - {bug.name for bug in BUGS}
    if unknown:
        print(f"unknown bug names: {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    if args.list:
        for bug in chosen:
            print(
                f"{bug.name} [{bug.area}] {bug.file}: {bug.description}\n"
                f"    tests: {' '.join(bug.tests)}"
            )
        return 0
    with tempfile.TemporaryDirectory(prefix="planted-") as folder:
        tree = copy_tree(Path(folder))
        outcomes = audit(chosen, tree, args.timeout, not args.no_baseline)
    print(table(outcomes))
    return 0 if all(o.caught for o in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
