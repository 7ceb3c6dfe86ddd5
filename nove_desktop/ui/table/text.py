"""Text that always fits: shrink it, then wrap it, never clip it."""

from __future__ import annotations

import pygame

from .. import theme
from ..app import App

MIN_PIXELS = theme.READABLE_PIXELS  # never smaller: at 1024x640 a smaller text is unreadable
SHRINK_BEFORE_WRAP = 0.75  # a wrappable label shrinks to 75% of its size before it wraps
ELLIPSIS = "\u2026"


def fitted(
    app: App,
    text: str,
    max_width: int,
    pixels: int,
    colour: tuple[int, int, int],
    bold: bool = False,
    max_lines: int = 2,
    shrink: bool = True,
) -> pygame.Surface:
    """``text`` rendered at ``pixels`` or smaller so that it fits ``max_width``; when even the
    smallest size is too wide (for text that may wrap: three quarters of ``pixels``) it wraps
    onto up to ``max_lines`` lines (then keeps shrinking, down to the readable size). Text that
    still does not fit at the readable size is shortened with an ellipsis, never drawn smaller.
    Cached like every label (the cache is bounded and cleared on resize)."""
    key = ("fit", text, max_width, pixels, colour, bold, max_lines, shrink)
    cache = app.art.text_cache
    image = cache.get(key)
    if image is None:
        if len(cache) > 512:
            cache.clear()
        if not shrink:  # one size, shortened if need be (labels of a row share their size)
            pixels = max(pixels, MIN_PIXELS)
            font = app.fonts.get(pixels, bold)
            image = cache[key] = _within(
                font.render(_elided(font, text, max(8, max_width)), True, colour), max_width
            )
            return image
        image = cache[key] = _fit(app, text, max(8, max_width), pixels, colour, bold, max_lines)
    return image


def _fit(
    app: App,
    text: str,
    max_width: int,
    pixels: int,
    colour: tuple[int, int, int],
    bold: bool,
    max_lines: int,
) -> pygame.Surface:
    size = max(pixels, MIN_PIXELS)
    floor = MIN_PIXELS
    if max_lines > 1 and " " in text:
        # Text that may wrap shrinks a little first, then wraps: at a large window a long
        # line must not shrink to the smallest size while there is room below it.
        floor = max(MIN_PIXELS, round(size * SHRINK_BEFORE_WRAP))
    while size > floor and app.fonts.get(size, bold).size(text)[0] > max_width:
        size -= 1
    font = app.fonts.get(size, bold)
    if font.size(text)[0] <= max_width or max_lines <= 1 or " " not in text:
        return _within(font.render(_elided(font, text, max_width), True, colour), max_width)
    size = max(pixels, MIN_PIXELS)
    while True:
        font = app.fonts.get(size, bold)
        lines = wrap(font, text, max_width)
        fits = len(lines) <= max_lines and all(font.size(line)[0] <= max_width for line in lines)
        if fits or size <= MIN_PIXELS:
            break
        size -= 1
    if len(lines) > max_lines:
        lines = [*lines[: max_lines - 1], " ".join(lines[max_lines - 1 :])]
    lines = [_elided(font, line, max_width) for line in lines]
    return _within(font.render("\n".join(lines), True, colour, wraplength=0), max_width)


def _elided(font: pygame.font.Font, text: str, max_width: int) -> str:
    """``text`` cut at a word (or a letter) with an ellipsis so that it fits ``max_width``."""
    if font.size(text)[0] <= max_width:
        return text
    words = text.split(" ")
    while len(words) > 1 and font.size(" ".join(words) + ELLIPSIS)[0] > max_width:
        words.pop()
    cut = " ".join(words)
    while len(cut) > 1 and font.size(cut + ELLIPSIS)[0] > max_width:
        cut = cut[:-1]
    return cut.rstrip(" ,.;:") + ELLIPSIS


def _within(image: pygame.Surface, max_width: int) -> pygame.Surface:
    """The very last resort of "never clip" (a single letter wider than its room): scaled down
    to the width it has."""
    width, height = image.get_size()
    if width <= max_width:
        return image
    return pygame.transform.smoothscale(image, (max_width, max(1, height * max_width // width)))


def wrap(font: pygame.font.Font, text: str, max_width: int) -> list[str]:
    """Greedy word wrap (a word longer than a line stays whole on its own line)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if font.size(candidate)[0] <= max_width or not line:
            line = candidate
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines
