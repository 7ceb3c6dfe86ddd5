"""Text sized by its ink: a "7" asked to be 20 px tall is 20 px of visible glyph, not of line box.

Card indices must be as large as their corner allows, so sizes are chosen from the glyphs'
measured ink box (at a reference size, once per text) rather than from the font's line height.
Images come back cropped to their ink, ready to be centred or aligned exactly.
"""

from __future__ import annotations

import pygame

from ..theme import Fonts

REFERENCE_SIZE = 100
MEASURE_LIMIT = 512  # distinct texts a painter remembers; decks use a few dozen
Colour = tuple[int, int, int]


class TextPainter:
    """Renders text fitted to a box, measuring each text once at a reference size."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self._ratios: dict[tuple[str, bool, bool], tuple[float, float]] = {}

    def fit(
        self,
        text: str,
        colour: Colour,
        max_w: float,
        max_h: float,
        bold: bool = True,
        tight: bool = False,
        squeeze: float = 1.0,
    ) -> pygame.Surface:
        """``text`` as large as fits ``max_w`` x ``max_h`` pixels of ink, cropped to its ink.

        ``tight`` closes the gaps between glyphs (for numbers such as "13" in narrow corners);
        ``squeeze`` below 1 lets the text be narrowed to that fraction of its width rather than
        made smaller (a condensed "13" that stays as tall as a "7").
        """
        ratio_w, ratio_h = self._ratio(text, bold, tight)
        size = max(6, int(min(max_h / ratio_h, max_w / (ratio_w * squeeze))))
        image = self.render(text, colour, size, bold, tight)
        if image.get_width() > max_w >= 1:
            image = pygame.transform.smoothscale(image, (int(max_w), image.get_height()))
        return image

    def size_for(self, text: str, max_w: float, max_h: float, bold: bool = True) -> int:
        """The font size ``fit`` would use for ``text`` in that box."""
        ratio_w, ratio_h = self._ratio(text, bold, False)
        return max(6, int(min(max_h / ratio_h, max_w / ratio_w)))

    def render(
        self, text: str, colour: Colour, size: int, bold: bool = True, tight: bool = False
    ) -> pygame.Surface:
        """``text`` at font size ``size``, cropped to its ink."""
        font = self.fonts.art(size, bold)
        if tight and len(text) > 1:
            image = _tight_line(font, text, colour, gap=max(1, round(size * 0.035)))
        else:
            image = font.render(text, True, colour)
        box = image.get_bounding_rect()
        if box.width == 0:
            return pygame.Surface((1, 1), pygame.SRCALPHA)
        return image.subsurface(box).copy()

    def lines(
        self,
        text: str,
        colour: Colour,
        max_w: float,
        max_h: float,
        bold: bool = True,
    ) -> list[pygame.Surface]:
        """``text`` on one line in ``max_w`` x ``max_h``, or on two balanced lines (each a bit
        under half the height) when that reads larger.

        Every line uses one font size, so a wrapped label does not change size mid-word.
        """
        one = self.size_for(text, max_w, max_h, bold)
        words = text.split()
        if len(words) < 2:
            return [self.render(text, colour, one, bold)]
        best = min(
            range(1, len(words)),
            key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))),
        )
        parts = [" ".join(words[:best]), " ".join(words[best:])]
        two = min(self.size_for(part, max_w, max_h * 0.44, bold) for part in parts)
        if two <= one * 1.05:
            return [self.render(text, colour, one, bold)]
        return [self.render(part, colour, two, bold) for part in parts]

    def _ratio(self, text: str, bold: bool, tight: bool) -> tuple[float, float]:
        key = (text, bold, tight)
        ratio = self._ratios.get(key)
        if ratio is None:
            ink = self.render(text, (0, 0, 0), REFERENCE_SIZE, bold, tight)
            ratio = (ink.get_width() / REFERENCE_SIZE, ink.get_height() / REFERENCE_SIZE)
            if len(self._ratios) >= MEASURE_LIMIT:
                self._ratios.clear()
            self._ratios[key] = ratio
        return ratio


def _tight_line(font: pygame.font.Font, text: str, colour: Colour, gap: int) -> pygame.Surface:
    """Glyphs rendered one by one, each cropped to its ink sideways, ``gap`` px apart.

    Every glyph keeps the font's full line height, so baselines stay aligned.
    """
    glyphs = []
    for char in text:
        image = font.render(char, True, colour)
        box = image.get_bounding_rect()
        if box.width == 0:  # a space: keep its advance
            glyphs.append(pygame.Surface((image.get_width(), image.get_height()), pygame.SRCALPHA))
        else:
            glyphs.append(image.subsurface((box.x, 0, box.width, image.get_height())))
    width = sum(g.get_width() for g in glyphs) + gap * (len(glyphs) - 1)
    line = pygame.Surface((width, font.get_height()), pygame.SRCALPHA)
    x = 0
    for glyph in glyphs:
        line.blit(glyph, (x, 0))
        x += glyph.get_width() + gap
    return line
