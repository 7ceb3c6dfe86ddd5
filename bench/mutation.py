"""Mutation testing of each game's scoring and view modules with mutmut 3 (a benchmark, not CI).

    .venv/bin/pip install --group bench        # mutmut 3.x
    .venv/bin/python bench/mutation.py --list
    .venv/bin/python bench/mutation.py kael/scoring nox/view --children 1 --out /tmp/mutation

For each target the tool copies the working tree into a temporary folder (the real tree is never
touched: mutmut writes its ``mutants/`` folder there), adds a ``[tool.mutmut]`` section that
mutates only the target's file and runs only the target's focused tests, runs ``mutmut run``,
and reads ``mutmut results``. Banco has no scoring module: its scoring is the settling and the
end of a hand in ``banco/flow.py``, so only those functions' mutants are run there. It prints
one line per target (killed, survived, timeout, no tests, score) and writes, per target, the
diff of every surviving mutant to ``OUT/<target>.md`` for the review in docs/mutation.md.

The score is killed / (killed + survived + no tests + suspicious); timeouts count as killed, as
mutmut counts them. The run is slow (seconds per mutant): give it a few targets at a time, in
the background, on a shared machine with ``--children 1``.
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
from collections import Counter
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
GAMES = "nove_desktop/games"


@dataclasses.dataclass(frozen=True)
class Target:
    """One module to mutate, the tests that guard it, and (optionally) only these functions."""

    file: str
    tests: tuple[str, ...]
    functions: tuple[str, ...] = ()

    @property
    def module(self) -> str:
        return self.file.removesuffix(".py").replace("/", ".")

    def patterns(self) -> list[str]:
        """mutmut mutant-name globs (empty: every mutant of the file)."""
        return [f"{self.module}.x_{name}__mutmut_*" for name in self.functions]


TARGETS: dict[str, Target] = {
    "nove/scoring": Target(
        f"{GAMES}/nove/scoring.py",
        ("tests/games/test_nove_examples.py", "tests/games/test_nove_scoring_pins.py"),
    ),
    "nove/view": Target(
        f"{GAMES}/nove/view.py",
        (
            "tests/games/test_nove_secrecy_by_hand.py",
            "tests/games/test_nove_examples.py",
            "tests/games/test_nove_observation_pins.py",
            "tests/games/test_nove_determinize_pins.py",
            "tests/games/test_nove_rare_positions.py",
            "tests/games/test_determinize_pins.py",
            "tests/ai/test_fairness.py",
        ),
    ),
    "banco/scoring": Target(
        f"{GAMES}/banco/flow.py",
        ("tests/games/test_banco_examples.py", "tests/games/test_banco_scoring_pins.py"),
        ("settle", "end_of_hand", "ranking", "game_over", "next_solvent"),
    ),
    "banco/view": Target(
        f"{GAMES}/banco/view.py",
        (
            "tests/games/test_banco_secrecy_by_hand.py",
            "tests/games/test_banco_examples.py",
            "tests/games/test_banco_observation_pins.py",
            "tests/games/test_determinize_pins.py",
            "tests/ai/test_fairness.py",
        ),
    ),
    "nox/scoring": Target(
        f"{GAMES}/nox/scoring.py",
        ("tests/games/test_nox_examples.py", "tests/games/test_nox_rules.py"),
    ),
    "nox/view": Target(
        f"{GAMES}/nox/view.py",
        (
            "tests/games/test_nox_secrecy_by_hand.py",
            "tests/games/test_nox_rules.py",
            "tests/games/test_nox_observation_pins.py",
            "tests/games/test_nox_examples.py",
            "tests/games/test_determinize_pins.py",
            "tests/ai/test_fairness.py",
        ),
    ),
    "kael/scoring": Target(
        f"{GAMES}/kael/scoring.py",
        ("tests/games/test_kael_examples.py", "tests/games/test_kael_pins.py"),
    ),
    "kael/view": Target(
        f"{GAMES}/kael/view.py",
        (
            "tests/games/test_kael_secrecy_by_hand.py",
            "tests/games/test_kael_examples.py",
            "tests/games/test_kael_observation_pins.py",
            "tests/games/test_kael_pins.py",
            "tests/games/test_kael_pending_samples.py",
            "tests/games/test_determinize_pins.py",
            "tests/ai/test_fairness.py",
        ),
    ),
    "numx/scoring": Target(
        f"{GAMES}/numx/scoring.py",
        (
            "tests/games/test_numx_examples.py",
            "tests/games/test_numx_rules.py",
            "tests/games/test_numx_scoring_pins.py",
        ),
    ),
    "numx/view": Target(
        f"{GAMES}/numx/view.py",
        (
            "tests/games/test_numx_secrecy_by_hand.py",
            "tests/games/test_numx_observation_pins.py",
            "tests/games/test_numx_determinize_pins.py",
            "tests/games/test_numx_rules.py",
            "tests/games/test_determinize_pins.py",
            "tests/ai/test_fairness.py",
        ),
    ),
}

COUNTED = ("killed", "timeout", "survived", "no tests", "suspicious")


def mutmut_section(target: Target) -> str:
    tests = ", ".join(f'"{t}"' for t in target.tests)
    return (
        "\n[tool.mutmut]\n"
        'source_paths = ["nove_desktop"]\n'
        f'only_mutate = ["{target.file}"]\n'
        'also_copy = ["ai", "assets", "bench", "tools", "babel.cfg"]\n'
        f"pytest_add_cli_args_test_selection = [{tests}]\n"
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-p", "no:xdist", "-o", "addopts="]\n'
        "use_git_change_detection = false\n"
    )


def prepare(folder: Path, target: Target) -> Path:
    tree = folder / "tree"
    shutil.copytree(ROOT, tree, ignore=SKIP)
    pyproject = tree / "pyproject.toml"
    text = pyproject.read_text(encoding="utf-8")
    if "[tool.mutmut]" in text:
        raise SystemExit("pyproject.toml already has a [tool.mutmut] section")
    pyproject.write_text(text + mutmut_section(target), encoding="utf-8")
    return tree


def mutmut(tree: Path, *args: str, log: Path | None = None, timeout: float | None = None) -> str:
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        PYTHONDONTWRITEBYTECODE="1",
    )
    env.pop("PYTHONPATH", None)
    done = subprocess.run(
        [sys.executable, "-m", "mutmut", *args],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    if log is not None:
        with log.open("a", encoding="utf-8") as out:
            out.write(f"$ mutmut {' '.join(args)}\n{done.stdout}\n{done.stderr}\n")
    return done.stdout


def results(tree: Path, target: Target) -> dict[str, str]:
    """mutant name -> status, for the target's mutants only."""
    out = mutmut(tree, "results", "--all", "true")
    found = dict(re.findall(r"^\s+(\S+): (.+)$", out, re.MULTILINE))
    prefix = target.module + "."
    chosen = {name: status.strip() for name, status in found.items() if name.startswith(prefix)}
    if target.functions:
        keep = tuple(f"{prefix}x_{name}__mutmut_" for name in target.functions)
        chosen = {name: s for name, s in chosen.items() if name.startswith(keep)}
    return chosen


def score(counts: Counter[str]) -> float | None:
    killed = counts["killed"] + counts["timeout"]
    tested = sum(counts[s] for s in COUNTED)
    return None if tested == 0 else 100.0 * killed / tested


def run_target(name: str, target: Target, children: int, out: Path) -> Counter[str]:
    with tempfile.TemporaryDirectory(prefix="mutation-") as folder:
        tree = prepare(Path(folder), target)
        log = out / f"{name.replace('/', '-')}.log"
        log.write_text("", encoding="utf-8")
        start = time.monotonic()
        mutmut(tree, "run", "--max-children", str(children), *target.patterns(), log=log)
        statuses = results(tree, target)
        counts = Counter(statuses.values())
        if counts["not checked"]:
            raise SystemExit(
                f"{name}: mutmut left {counts['not checked']} mutants unchecked (see {log})"
            )
        survivors = sorted(n for n, s in statuses.items() if s not in ("killed", "timeout"))
        report = [
            f"# {name}: {target.file}",
            "",
            f"tests: {' '.join(target.tests)}",
            f"functions: {', '.join(target.functions) or 'all'}",
            f"counts: {dict(sorted(counts.items()))}",
            f"minutes: {(time.monotonic() - start) / 60:.1f}",
            "",
        ]
        for survivor in survivors:
            report += ["```diff", mutmut(tree, "show", survivor).strip(), "```", ""]
        (out / f"{name.replace('/', '-')}.md").write_text("\n".join(report), encoding="utf-8")
    return counts


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("targets", nargs="*", help="targets to run (default: all)")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--children", type=int, default=1, help="mutmut --max-children")
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "mutation")
    args = parser.parse_args(argv)
    names = args.targets or list(TARGETS)
    unknown = [n for n in names if n not in TARGETS]
    if unknown:
        print(f"unknown targets: {', '.join(unknown)} (see --list)", file=sys.stderr)
        return 2
    if args.list:
        for name in names:
            t = TARGETS[name]
            print(
                f"{name}: {t.file} {'(' + ', '.join(t.functions) + ')' if t.functions else ''}"
                f"\n    tests: {' '.join(t.tests)}"
            )
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    print("target | killed | timeout | survived | no tests | other | score")
    for name in names:
        counts = run_target(name, TARGETS[name], args.children, args.out)
        other = sum(v for k, v in counts.items() if k not in COUNTED[:4])
        value = score(counts)
        shown = "-" if value is None else f"{value:.1f}%"
        print(
            f"{name} | {counts['killed']} | {counts['timeout']} | {counts['survived']} | "
            f"{counts['no tests']} | {other} | {shown}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
