"""The rules pages in ``assets/rules/``: one per registered game, well formed, in our own words.

Everything here runs everywhere except one comparison: each page against the rulebook it was
written from. The rulebooks are not part of the repository; they live in ``shared/seeds`` beside
it (``../shared/seeds`` from the main checkout, one level higher from a worktree under
``wt/``). Where they are absent only that comparison is skipped.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from nove_desktop.games import default_registry
from nove_desktop.resources import asset_path
from nove_desktop.storage import Storage
from nove_desktop.ui.app import App
from nove_desktop.ui.rules_markup import Block, BlockKind, parse_rules
from nove_desktop.ui.scenes.rules import RulesScene

REPOSITORY = Path(__file__).resolve().parents[2]
GAME_IDS = default_registry().ids()

RULEBOOKS = {
    "nove": "000_1967314a10d3f90f.txt",
    "banco": "001_9d5d21a9722d1170.txt",
    "nox": "002_d615edd142230b64.txt",
    "kael": "003_a3674125a69f4516.txt",
    "numx": "004_6139dfdc1626b5dc.txt",
}
"""Game id -> the rulebook its spec (``shared/rules/*.md``) names as its source."""

NGRAM = 8  # eight words in a row shared with a rulebook is a copied phrase, not a coincidence
MIN_WORDS, MAX_WORDS = 700, 1500  # the brief asks for about 700-1400 words per page

SECTIONS = {
    "nove": ("Goal", "Options at setup", "Quick reference"),
    "kael": ("In 30 seconds", "Options at setup", "At the table", "Tips for beginners"),
    "nox": ("In 30 seconds", "Options at setup", "At the table", "Tips for beginners"),
    "banco": ("In 30 seconds", "Options at setup", "At the table", "Tips for beginners"),
    "numx": ("In 30 seconds", "Options at setup", "At the table", "Tips for beginners"),
}
"""Sections each page must have; a game missing here must at least explain its setup options."""

VOCABULARY = {
    "nove": ("NOVE", "NOVE FINITO", "CAPO", "Babatos"),
    "kael": ("Kaël", "cut", "good draw", "landings"),
    "nox": ("kitty", "merge", "thick-skinned"),
    "banco": ("Banco", "banker", "punter"),
    "numx": ("Num-X", "Facteur X", "Fusion X", "Swipe", "Malus+", "X-Joker"),
}
"""Names each game keeps in every language of the app, spelt exactly so."""


# -- helpers -------------------------------------------------------------------------------------
def rules_text(game_id: str) -> str:
    return asset_path("rules", f"{game_id}.txt").read_text(encoding="utf-8")


def words(text: str) -> list[str]:
    """Lower-case words and numbers; markup, punctuation and apostrophes only separate them."""
    return [word.casefold() for word in re.findall(r"[^\W_]+", text)]


def ngrams(text: str, size: int = NGRAM) -> set[tuple[str, ...]]:
    tokens = words(text)
    return {tuple(tokens[i : i + size]) for i in range(len(tokens) - size + 1)}


def copied_phrases(page: str, rulebook: str) -> list[tuple[int, str]]:
    """(line number, phrase) for every run of ``NGRAM`` or more words that a line of ``page``
    shares with ``rulebook``; overlapping shared runs are reported as one phrase."""
    source = ngrams(rulebook)
    found: list[tuple[int, str]] = []
    for number, line in enumerate(page.splitlines(), start=1):
        tokens = words(line)
        covered = [False] * len(tokens)
        for start in range(len(tokens) - NGRAM + 1):
            if tuple(tokens[start : start + NGRAM]) in source:
                covered[start : start + NGRAM] = [True] * NGRAM
        run: list[str] = []
        for token, shared in zip([*tokens, ""], [*covered, False], strict=True):
            if shared:
                run.append(token)
            elif run:
                found.append((number, " ".join(run)))
                run = []
    return found


def rulebooks_folder() -> Path | None:
    """``shared/seeds`` beside the checkout (main) or beside its parent folder (a worktree)."""
    for folder in REPOSITORY.parents[:2]:
        candidate = folder / "shared" / "seeds"
        if candidate.is_dir():
            return candidate
    return None


def sections(blocks: list[Block]) -> list[str]:
    return [block.text for block in blocks if block.kind is BlockKind.SECTION]


def section_bodies(blocks: list[Block]) -> Iterator[tuple[str, list[Block]]]:
    """Each section heading with the blocks under it."""
    heading: str | None = None
    body: list[Block] = []
    for block in blocks:
        if block.kind is BlockKind.SECTION:
            if heading is not None:
                yield heading, body
            heading, body = block.text, []
        elif heading is not None:
            body.append(block)
    if heading is not None:
        yield heading, body


# -- the checker itself, without any rulebook ----------------------------------------------------
def test_a_copied_sentence_is_found_and_a_reworded_one_is_not():
    rulebook = "Intro.\nEach player must lay down one card and then draw a new card from the deck."
    copied = "Rules\n\nOn your turn **each player must lay down one card and then draw** again."
    reworded = "On your turn, put one card down, then take a replacement from the deck."
    assert copied_phrases(copied, rulebook) == [
        (3, "each player must lay down one card and then draw")
    ]
    assert copied_phrases(reworded, rulebook) == []


def test_words_ignore_markup_case_and_punctuation():
    assert words("**Kaël!** It's 5-card NOVE.") == ["kaël", "it", "s", "5", "card", "nove"]


# -- structure -----------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_a_page_with_a_title_and_sections(game_id):
    blocks = parse_rules(rules_text(game_id))
    title = default_registry().get(game_id).title
    assert blocks[0].kind is BlockKind.TITLE
    assert blocks[0].text.startswith(title), f"the page should open with the title {title!r}"
    assert [b.kind for b in blocks].count(BlockKind.TITLE) == 1
    headings = sections(blocks)
    assert len(headings) >= 6
    assert len(set(headings)) == len(headings), "two sections share a heading"
    missing = set(SECTIONS.get(game_id, ("Options at setup",))) - set(headings)
    assert not missing, f"{game_id}: no section {sorted(missing)}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_empty_blocks_sections_or_stray_markup(game_id):
    blocks = parse_rules(rules_text(game_id))
    for block in blocks:
        assert re.search(r"[^\W_]", block.text), f"{game_id}: an empty {block.kind.value}"
        assert "**" not in block.text, f"{game_id}: unmatched ** in {block.text[:60]!r}"
        assert all(span.text.strip() for span in block.spans if span.bold), block.text[:60]
    for heading, body in section_bodies(blocks):
        assert body, f"{game_id}: the section {heading!r} is empty"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_lines_use_only_the_markup_the_page_understands(game_id):
    """Markdown the parser does not know would show as literal text, and numbered items that
    are not separated by a blank line would be joined into one paragraph."""
    lines = rules_text(game_id).splitlines()
    for number, line in enumerate(lines, start=1):
        where = f"{game_id}.txt line {number}"
        if line.startswith("#"):
            assert re.match(r"#{1,2} \S", line), f"{where}: only '# ' and '## ' headings"
        assert not re.match(r"\s*[*+] ", line), f"{where}: bullets start with '- '"
        assert not re.match(r"\s*(\||```|>)", line), f"{where}: tables, code and quotes"
        if re.match(r"\d+\. ", line):
            assert number == 1 or not lines[number - 2].strip(), f"{where}: blank line first"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_length_and_vocabulary(game_id):
    text = rules_text(game_id)
    count = len(words(text))
    assert MIN_WORDS <= count <= MAX_WORDS, f"{game_id}: {count} words"
    for term in VOCABULARY.get(game_id, ()):
        assert term in text, f"{game_id}: the page never names {term!r}"


# -- our own words -------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_line_repeats_the_rulebook(game_id):
    folder = rulebooks_folder()
    if folder is None:
        pytest.skip(
            "the rulebooks are not in the repository and no shared/seeds folder sits beside it "
            f"(looked beside {REPOSITORY}); only this comparison is skipped"
        )
    assert game_id in RULEBOOKS, f"no rulebook is named for {game_id}"
    rulebook = (folder / RULEBOOKS[game_id]).read_text(encoding="utf-8")
    assert len(ngrams(rulebook)) > 400, "the rulebook should be long enough to compare with"
    copies = copied_phrases(rules_text(game_id), rulebook)
    assert not copies, "\n".join(f"{game_id}.txt line {n}: '{phrase}'" for n, phrase in copies)


# -- on screen -----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = App(storage=Storage(tmp_path_factory.mktemp("data")), size=(1280, 720))
    yield application
    pygame.quit()


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_page_renders_within_its_column(app, game_id, size):
    app._resized(*size)
    scene = RulesScene(app, game_id)
    app.stack.push(scene)
    try:
        app.step([], 1 / 60)
        assert scene.blocks == parse_rules(rules_text(game_id))  # not the "missing file" page
        assert scene.max_scroll > 0
        right = scene.track.left
        for line in scene.lines:
            assert scene.column_x + line.width <= right, f"{line.text[:40]!r} crosses the bar"
    finally:
        app.stack.remove(scene)
