"""Text that always fits: shrink it, then wrap it, never clip it."""

from __future__ import annotations

import pygame

from ..app import App

MIN_PIXELS = 9


def fitted(
    app: App,
    text: str,
    max_width: int,
    pixels: int,
    colour: tuple[int, int, int],
    bold: bool = False,
    max_lines: int = 2,
) -> pygame.Surface:
    """``text`` rendered at ``pixels`` or smaller so that it fits ``max_width``; when even the
    smallest size is too wide it wraps onto up to ``max_lines`` lines (then keeps shrinking).
    Cached like every label (the cache is bounded and cleared on resize)."""
    key = ("fit", text, max_width, pixels, colour, bold, max_lines)
    cache = app.art.text_cache
    image = cache.get(key)
    if image is None:
        if len(cache) > 512:
            cache.clear()
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
    floor = min(MIN_PIXELS, size)
    while size > floor and app.fonts.get(size, bold).size(text)[0] > max_width:
        size -= 1
    font = app.fonts.get(size, bold)
    if font.size(text)[0] <= max_width or max_lines <= 1 or " " not in text:
        return font.render(text, True, colour)
    size = max(pixels, MIN_PIXELS)
    while True:
        font = app.fonts.get(size, bold)
        lines = wrap(font, text, max_width)
        fits = len(lines) <= max_lines and all(font.size(line)[0] <= max_width for line in lines)
        if fits or size <= MIN_PIXELS:
            break
        size -= 1
    return font.render("\n".join(lines), True, colour, wraplength=0)


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
