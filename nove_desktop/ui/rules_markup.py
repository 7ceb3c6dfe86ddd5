"""The markup of the rules texts (``assets/rules/<id>.txt``): parsed into blocks of spans and
word-wrapped to a width, by plain functions without pygame (a ``Measure`` gives the widths).

``# `` page heading, ``## `` section heading, ``- `` bullet, a blank line between paragraphs and
``**bold**`` spans inside a line. Used by the rules page (:mod:`.scenes.rules`) and the coach of
a guided game (which finds its sections).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum


# -- the markup ----------------------------------------------------------------------------------
class BlockKind(Enum):
    TITLE = "title"
    SECTION = "section"
    PARAGRAPH = "paragraph"
    BULLET = "bullet"


@dataclass(frozen=True)
class Span:
    """A run of text, bold or not."""

    text: str
    bold: bool = False


@dataclass(frozen=True)
class Block:
    """One heading, paragraph or bullet of the page."""

    kind: BlockKind
    spans: tuple[Span, ...]

    @property
    def text(self) -> str:
        return "".join(span.text for span in self.spans)


def parse_spans(line: str) -> tuple[Span, ...]:
    """``**bold**`` spans of one line; an unmatched ``**`` is kept as it is."""
    parts = line.split("**")
    if len(parts) % 2 == 0:  # an odd number of markers: the last one opens nothing
        parts[-2:] = [parts[-2] + "**" + parts[-1]]
    return tuple(Span(part, bold=index % 2 == 1) for index, part in enumerate(parts) if part)


def parse_rules(text: str) -> list[Block]:
    """The blocks of a rules text. Lines of one paragraph (or bullet) are joined by a space."""
    blocks: list[Block] = []
    kind: BlockKind | None = None
    lines: list[str] = []

    def flush() -> None:
        nonlocal kind, lines
        if kind is not None and lines:
            blocks.append(Block(kind, parse_spans(" ".join(lines))))
        kind, lines = None, []

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("## "):
            flush()
            blocks.append(Block(BlockKind.SECTION, parse_spans(line[3:].strip())))
        elif line.startswith("# "):
            flush()
            blocks.append(Block(BlockKind.TITLE, parse_spans(line[2:].strip())))
        elif line.startswith("- "):
            flush()
            kind, lines = BlockKind.BULLET, [line[2:].strip()]
        else:
            if kind is None:
                kind = BlockKind.PARAGRAPH
            lines.append(line)
    flush()
    return blocks


# -- wrapping ------------------------------------------------------------------------------------
Measure = Callable[[str, bool], int]
"""Width in pixels of a text, bold or not."""

Word = list[Span]


def _words(spans: tuple[Span, ...]) -> list[Word]:
    """Words split at white space; a word may mix bold and plain pieces ("**12**.")."""
    words: list[Word] = []
    current: Word = []
    for span in spans:
        # No-break spaces (French puts one before : ; ! ?) bind, so a line never starts
        # with the punctuation.
        for part in re.split(r"([^\S\u00a0\u202f]+)", span.text):
            if not part:
                continue
            if part.isspace():
                if current:
                    words.append(current)
                current = []
            else:
                current.append(Span(part, span.bold))
    if current:
        words.append(current)
    return words


def _split_long(word: Word, width: int, measure: Measure) -> list[Word]:
    """A word wider than a line, cut into pieces that fit (at least one character each)."""
    chunks: list[Word] = []
    chunk: Word = []
    used = 0
    for piece in word:
        for char in piece.text:
            char_w = measure(char, piece.bold)
            if chunk and used + char_w > width:
                chunks.append(chunk)
                chunk, used = [], 0
            if chunk and chunk[-1].bold == piece.bold:
                chunk[-1] = Span(chunk[-1].text + char, piece.bold)
            else:
                chunk.append(Span(char, piece.bold))
            used += char_w
    if chunk:
        chunks.append(chunk)
    return chunks


def _join(words: list[Word]) -> list[Span]:
    """The words of one line as runs of one style. A space is bold only between two bold
    pieces; otherwise it joins the plain side."""
    runs: list[Span] = []
    for word in words:
        for index, piece in enumerate(word):
            if index == 0 and runs:
                space_bold = runs[-1].bold and piece.bold
                if runs[-1].bold == space_bold:
                    runs[-1] = Span(runs[-1].text + " ", space_bold)
                else:
                    piece = Span(" " + piece.text, piece.bold)
            if runs and runs[-1].bold == piece.bold:
                runs[-1] = Span(runs[-1].text + piece.text, piece.bold)
            else:
                runs.append(piece)
    return runs


def wrap_spans(spans: tuple[Span, ...], width: int, measure: Measure) -> list[list[Span]]:
    """Greedy word wrap of styled text to ``width`` pixels; each line is a list of runs."""
    lines: list[list[Word]] = []
    line: list[Word] = []
    used = 0
    for word in _words(spans):
        word_w = sum(measure(piece.text, piece.bold) for piece in word)
        if line:
            space_w = measure(" ", line[-1][-1].bold and word[0].bold)
            if used + space_w + word_w <= width:
                line.append(word)
                used += space_w + word_w
                continue
            lines.append(line)
            line, used = [], 0
        if word_w > width:
            *full, word = _split_long(word, width, measure)
            lines.extend([chunk] for chunk in full)
            word_w = sum(measure(piece.text, piece.bold) for piece in word)
        line, used = [word], word_w
    if line:
        lines.append(line)
    return [_join(words) for words in lines]
