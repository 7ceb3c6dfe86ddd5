"""The developer pages say what the code has, and render as written.

``docs/adding-a-game.md`` documents every hook of ``TableHooks`` (``nove_desktop/ui/table/
hooks.py``) in its text, not only inside a code block. Every page renders: its code fences are
balanced, no block outside a fence and a list is indented four spaces (Markdown would make it a
code block; a stray fence once swallowed the fairness rules that way), and the sections a reader
looks for are headings outside any code block. A simple line scanner is enough: the pages use
fences, tables, lists and headings only.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PAGE = REPO / "docs" / "adding-a-game.md"
HOOKS = REPO / "nove_desktop" / "ui" / "table" / "hooks.py"
PAGES = [*sorted((REPO / "docs").glob("*.md")), REPO / "README.md"]
FENCE = re.compile(r"^ {0,3}(```|~~~)")
LIST_ITEM = re.compile(r"^ *([-*+]|\d+\.) ")


@dataclass
class Page:
    """A Markdown page as it renders: its prose (outside code), headings and problems."""

    prose: list[str] = field(default_factory=list)
    headings: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def scan(text: str) -> Page:
    page = Page()
    fence: str | None = None
    opened = 0
    in_list = False  # indented lines after a list item continue it (nested items)
    previous = ""
    for number, line in enumerate(text.splitlines(), start=1):
        match = FENCE.match(line)
        if fence is None and match:
            fence, opened = match.group(1), number
        elif fence is not None:
            if line.strip().startswith(fence) and line.strip().strip(fence[0]) == "":
                fence = None
            elif line.lstrip().startswith("## "):
                page.problems.append(f"line {number}: a heading inside a code block")
        elif line.startswith("    ") and line.strip() and not previous.strip() and not in_list:
            page.problems.append(f"line {number}: indented 4 spaces (an accidental code block)")
        else:
            if LIST_ITEM.match(line):
                in_list = True
            elif line.strip() and not line.startswith(" "):
                in_list = False
            if line.startswith("#"):
                page.headings.append(line.lstrip("#").strip())
            page.prose.append(line)
        previous = line
    if fence is not None:
        page.problems.append(f"line {opened}: a code fence that never closes")
    return page


def hook_names() -> list[str]:
    tree = ast.parse(HOOKS.read_text(encoding="utf-8"))
    (hooks,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "TableHooks"]
    return [n.name for n in hooks.body if isinstance(n, ast.FunctionDef)]


def undocumented(text: str) -> list[str]:
    prose = "\n".join(scan(text).prose)
    return [name for name in hook_names() if not re.search(rf"`{name}[`(]", prose)]


# -- the page of a sixth game ---------------------------------------------------------------------
def test_every_hook_of_the_table_kit_is_documented() -> None:
    assert len(hook_names()) >= 40  # the checker reads the real class
    assert undocumented(PAGE.read_text(encoding="utf-8")) == []


def test_the_page_has_its_sections_outside_any_code_block() -> None:
    headings = scan(PAGE.read_text(encoding="utf-8")).headings
    for wanted in (
        "What a sixth game needs",
        "What the kit does",
        "Every hook",
        "Fairness rules the kit keeps",
    ):
        assert any(h.startswith(wanted) for h in headings), wanted


@pytest.mark.parametrize("path", PAGES, ids=[p.name for p in PAGES])
def test_every_page_renders(path: Path) -> None:
    assert scan(path.read_text(encoding="utf-8")).problems == []


# -- the checks find what they look for ----------------------------------------------------------
def test_the_checks_find_a_stray_fence_an_indented_block_and_a_missing_hook() -> None:
    text = PAGE.read_text(encoding="utf-8")
    stray = text.replace("\n## What the kit does", "\n```\n## What the kit does", 1)
    assert any("a heading inside a code block" in p for p in scan(stray).problems)
    assert not any(h.startswith("What the kit does") for h in scan(stray).headings)
    unclosed = text.replace("\n## Fairness", "\n```\n## Fairness", 1)
    assert any("never closes" in p for p in scan(unclosed).problems)
    assert not any(h.startswith("Fairness") for h in scan(unclosed).headings)
    indented = text.replace("\nWidgets for decisions", "\n    def draw_overlay(self)\n", 1)
    assert any("indented 4 spaces" in p for p in scan(indented).problems)
    row = next(line for line in text.splitlines() if line.startswith("| `hud_text()`"))
    assert undocumented(text.replace(row + "\n", "")) == ["hud_text"]
    in_code = text.replace(row + "\n", "") + "\n```python\ndef hud_text(self) -> str\n```\n"
    assert undocumented(in_code) == ["hud_text"]  # a code block alone does not document it
