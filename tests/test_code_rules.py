"""Two rules of the code base that nothing else checks (issue 29):

- every ``# type: ignore`` in nove_desktop, ai, tools, bench and tests names its error code(s) and
  says why, after it: ``# type: ignore[arg-type]  # argparse gives str; checked above``;
- no module under nove_desktop/ui has more than 500 lines (split it along a seam instead).

Comments are read with ``tokenize``, so a string that merely mentions an ignore (as here) is not
taken for one."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CHECKED = ("nove_desktop", "ai", "tools", "bench", "tests")
UI = REPO / "nove_desktop" / "ui"
MAX_UI_LINES = 500

IGNORE = re.compile(r"type:\s*ignore")
# The codes in brackets, then at least one space and a comment that says something.
EXPLAINED = re.compile(r"type:\s*ignore\[[a-z-]+(?:, ?[a-z-]+)*\]\s+#\s*\S")


def python_files(*roots: Path) -> list[Path]:
    return sorted(path for root in roots for path in root.rglob("*.py"))


def unexplained_ignores(path: Path) -> list[str]:
    """``path:line`` of each ``type: ignore`` comment without a code or a reason."""
    source = path.read_text(encoding="utf-8")
    found: list[str] = []
    if not IGNORE.search(source):
        return found  # most files: no need to tokenize
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type != tokenize.COMMENT or not IGNORE.search(token.string):
            continue
        if not EXPLAINED.search(token.string):
            found.append(f"{path.relative_to(REPO)}:{token.start[0]}: {token.string}")
    return found


def test_every_type_ignore_names_its_code_and_a_reason() -> None:
    files = python_files(*(REPO / name for name in CHECKED))
    assert len(files) > 300  # the tree was read
    bad = [line for path in files for line in unexplained_ignores(path)]
    assert bad == [], "write `# type: ignore[code]  # why` (or type the code):\n" + "\n".join(bad)


def test_the_explained_form_is_recognised() -> None:
    """The pattern itself: what passes and what does not (so the test above can fail)."""
    assert EXPLAINED.search("# type: ignore[arg-type]  # argparse gives str")
    assert EXPLAINED.search("# type: ignore[misc, valid-type]  # the Font class in use")
    for bare in (
        "# type: ignore",
        "# type: ignore[arg-type]",
        "# type: ignore[arg-type]  #",
        "# type: ignore  # no code",
    ):
        assert not EXPLAINED.search(bare), bare


def test_no_ui_module_is_over_500_lines() -> None:
    files = python_files(UI)
    assert len(files) > 50  # the tree was read
    long = {}
    for path in files:
        with path.open(encoding="utf-8") as handle:
            count = sum(1 for _ in handle)
        if count > MAX_UI_LINES:
            long[str(path.relative_to(REPO))] = count
    assert long == {}, "split these along a seam (one module per part)"
