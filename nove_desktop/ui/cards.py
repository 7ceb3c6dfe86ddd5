"""Card sprites drawn in code at the window's resolution, cached per size.

Every colour also has a symbol (red heart, yellow star, green club, purple spade), the three
Babatos characters have different silhouettes as well as their letter, and the jokers are
multicoloured 7s. Surfaces are rendered once per (card, size) and blitted afterwards.
"""

from __future__ import annotations

import math

import pygame

from . import theme
from .theme import Fonts

BABATOS_NAMES = {"A": "Arlo", "B": "Bea", "C": "Cosmo"}
JOKER_STRIPES = [theme.SUIT_COLOURS[c] for c in "RYGP"]
CHIP_STYLE = {
    -1: ((196, 52, 46), (250, 210, 200), "\u22121"),
    1: ((236, 236, 228), (40, 120, 80), "+1"),
    6: ((232, 188, 70), (120, 80, 10), "+6"),
}


class CardArt:
    """Rendered card faces, backs and chips, cached per size (bounded; cleared on resize)."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self._cache: dict[tuple[str, int, int], pygame.Surface] = {}
        self.text_cache: dict[tuple[object, ...], pygame.Surface] = {}

    def clear(self) -> None:
        self._cache.clear()
        self.text_cache.clear()

    def _get(self, key: tuple[str, int, int], build) -> pygame.Surface:  # type: ignore[no-untyped-def]
        surface = self._cache.get(key)
        if surface is None:
            if len(self._cache) > 400:
                self._cache.clear()
            surface = self._cache[key] = build()
        return surface

    def face(self, card: str, w: int, h: int, deck: str = "nove") -> pygame.Surface:
        if deck != "nove":  # placeholder faces until every deck has its art
            return self._get((deck + card, w, h), lambda: self._plain(card, w, h))
        return self._get((card, w, h), lambda: self._face(card, w, h))

    def back(self, w: int, h: int, deck: str = "nove") -> pygame.Surface:
        return self._get(("back", w, h), lambda: self._back(w, h))

    def token(self, value: int, d: int) -> pygame.Surface:
        return self.chip(1 if value > 0 else -1, d)

    def _plain(self, card: str, w: int, h: int) -> pygame.Surface:
        surface = self._blank(w, h, theme.PAPER, theme.INK)
        label = self.fonts.get(max(8, int(h * 0.3)), bold=True).render(card, True, theme.INK)
        surface.blit(label, label.get_rect(center=(w // 2, h // 2)))
        return surface

    def shadow(self, w: int, h: int) -> pygame.Surface:
        return self._get(("shadow", w, h), lambda: self._shadow(w, h))

    def chip(self, value: int, d: int) -> pygame.Surface:
        return self._get((f"chip{value}", d, d), lambda: self._chip(value, d))

    # -- drawing ---------------------------------------------------------------------------------
    def _blank(
        self, w: int, h: int, fill: tuple[int, int, int], border: tuple[int, int, int]
    ) -> pygame.Surface:
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(4, w // 9)
        pygame.draw.rect(surface, fill, surface.get_rect(), border_radius=radius)
        pygame.draw.rect(
            surface, border, surface.get_rect(), width=max(1, w // 40), border_radius=radius
        )
        return surface

    def _shadow(self, w: int, h: int) -> pygame.Surface:
        surface = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
        for i, alpha in enumerate((26, 22, 18, 14)):
            rect = pygame.Rect(i, i, w + 8 - 2 * i, h + 8 - 2 * i)
            pygame.draw.rect(surface, (0, 0, 0, alpha), rect, border_radius=max(4, w // 8))
        return surface

    def _face(self, card: str, w: int, h: int) -> pygame.Surface:
        if card in ("JR", "JY"):
            return self._joker(card, w, h)
        colour_key, rank = card[0], card[1]
        ink = theme.SUIT_COLOURS[colour_key]
        symbol = theme.SUIT_SYMBOLS[colour_key]
        surface = self._blank(w, h, theme.PAPER, ink)
        corner = self.fonts.get(max(8, int(h * 0.16)), bold=True)
        small = self.fonts.get(max(7, int(h * 0.12)))
        label = corner.render(rank, True, ink)
        sym = small.render(symbol, True, ink)
        pad = max(2, w // 14)
        surface.blit(label, (pad, pad // 2))
        surface.blit(
            sym,
            (pad + (label.get_width() - sym.get_width()) // 2, pad // 2 + label.get_height() - 2),
        )
        flipped = pygame.Surface((w, h), pygame.SRCALPHA)
        flipped.blit(label, (pad, pad // 2))
        flipped.blit(
            sym,
            (pad + (label.get_width() - sym.get_width()) // 2, pad // 2 + label.get_height() - 2),
        )
        surface.blit(pygame.transform.rotate(flipped, 180), (0, 0))
        center = (w // 2, h // 2)
        if rank.isdigit():
            big = self.fonts.get(max(10, int(h * 0.40)), bold=True)
            number = big.render(rank, True, ink)
            surface.blit(number, number.get_rect(center=(center[0], center[1] - h * 0.05)))
            pip = self.fonts.get(max(8, int(h * 0.17))).render(symbol, True, ink)
            surface.blit(pip, pip.get_rect(center=(center[0], center[1] + h * 0.22)))
        else:
            self._babatos(surface, rank, ink, w, h)
        return surface

    def _babatos(
        self, surface: pygame.Surface, rank: str, ink: tuple[int, int, int], w: int, h: int
    ) -> None:
        """Three characters with different silhouettes: A round with antennae, B tall with a
        square hat, C wide with a crown."""
        cx, cy = w // 2, int(h * 0.50)
        light = tuple(min(255, c + 150) for c in ink)
        pygame.draw.ellipse(
            surface,
            light,
            pygame.Rect(0, 0, int(w * 0.70), int(h * 0.56)).move(
                cx - int(w * 0.35), cy - int(h * 0.28)
            ),
        )
        head_r = max(3, int(w * 0.13))
        body = pygame.Rect(0, 0, int(w * 0.34), int(h * 0.22))
        if rank == "A":
            body.center = (cx, cy + int(h * 0.10))
            pygame.draw.ellipse(surface, ink, body)
            pygame.draw.circle(surface, ink, (cx, cy - int(h * 0.06)), head_r)
            for dx in (-1, 1):
                tip = (cx + dx * int(w * 0.12), cy - int(h * 0.22))
                pygame.draw.line(
                    surface, ink, (cx + dx * head_r // 2, cy - int(h * 0.12)), tip, max(1, w // 40)
                )
                pygame.draw.circle(surface, ink, tip, max(2, w // 30))
        elif rank == "B":
            body.size = (int(w * 0.26), int(h * 0.26))
            body.center = (cx, cy + int(h * 0.10))
            pygame.draw.rect(surface, ink, body, border_radius=max(2, w // 20))
            pygame.draw.circle(surface, ink, (cx, cy - int(h * 0.07)), head_r)
            hat = pygame.Rect(0, 0, int(w * 0.22), int(h * 0.12))
            hat.midbottom = (cx, cy - int(h * 0.07) - head_r + 2)
            pygame.draw.rect(surface, ink, hat)
            pygame.draw.line(
                surface,
                ink,
                (cx - int(w * 0.17), hat.bottom),
                (cx + int(w * 0.17), hat.bottom),
                max(2, w // 25),
            )
        else:
            body.size = (int(w * 0.46), int(h * 0.18))
            body.center = (cx, cy + int(h * 0.11))
            pygame.draw.ellipse(surface, ink, body)
            head = (cx, cy - int(h * 0.05))
            pygame.draw.circle(surface, ink, head, head_r)
            top = head[1] - head_r
            points = [
                (cx - head_r, top + 2),
                (cx - head_r, top - h * 0.08),
                (cx - head_r // 2, top - h * 0.03),
                (cx, top - h * 0.10),
                (cx + head_r // 2, top - h * 0.03),
                (cx + head_r, top - h * 0.08),
                (cx + head_r, top + 2),
            ]
            pygame.draw.polygon(surface, theme.GOLD_DARK, points)
        eye = max(1, w // 45)
        eye_y = cy - int(h * (0.07 if rank != "C" else 0.05))
        for dx in (-1, 1):
            pygame.draw.circle(surface, theme.PAPER, (cx + dx * head_r // 2, eye_y), eye)
        name = self.fonts.get(max(7, int(h * 0.10)), bold=True).render(
            BABATOS_NAMES[rank], True, ink
        )
        surface.blit(name, name.get_rect(center=(cx, int(h * 0.84))))

    def _joker(self, card: str, w: int, h: int) -> pygame.Surface:
        surface = self._blank(w, h, theme.PAPER, (60, 60, 70))
        inner = pygame.Rect(w * 0.12, h * 0.18, w * 0.76, h * 0.64)
        stripe_h = inner.height / len(JOKER_STRIPES)
        clip = pygame.Surface(inner.size, pygame.SRCALPHA)
        for i, colour in enumerate(JOKER_STRIPES):
            pygame.draw.rect(
                clip, colour, pygame.Rect(0, int(i * stripe_h), inner.width, math.ceil(stripe_h))
            )
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(3, w // 10))
        clip.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surface.blit(clip, inner)
        big = self.fonts.get(max(10, int(h * 0.42)), bold=True)
        seven = big.render("7", True, theme.WHITE)
        outline = big.render("7", True, theme.INK)
        c = inner.center
        for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2)):
            surface.blit(outline, outline.get_rect(center=(c[0] + dx, c[1] + dy)))
        surface.blit(seven, seven.get_rect(center=c))
        label = self.fonts.get(max(7, int(h * 0.10)), bold=True).render("JOKER", True, theme.INK)
        surface.blit(label, label.get_rect(center=(w // 2, int(h * 0.09))))
        star = self.fonts.get(max(7, int(h * 0.11))).render("\u2605", True, theme.GOLD_DARK)
        surface.blit(star, star.get_rect(center=(w // 2, int(h * 0.91))))
        return surface

    def _back(self, w: int, h: int) -> pygame.Surface:
        surface = self._blank(w, h, (122, 26, 40), theme.GOLD)
        inner = surface.get_rect().inflate(-w // 7, -w // 7)
        pygame.draw.rect(surface, (150, 36, 52), inner, border_radius=max(3, w // 12))
        step = max(4, w // 7)
        for x in range(inner.left - inner.height, inner.right, step):
            pygame.draw.line(
                surface, (170, 52, 68), (x, inner.bottom), (x + inner.height, inner.top), 1
            )
        pygame.draw.rect(
            surface, theme.GOLD, inner, width=max(1, w // 45), border_radius=max(3, w // 12)
        )
        mono = self.fonts.get(max(8, int(h * 0.20)), bold=True).render("9", True, theme.GOLD)
        pygame.draw.circle(surface, (110, 20, 34), inner.center, int(w * 0.22))
        pygame.draw.circle(surface, theme.GOLD, inner.center, int(w * 0.22), max(1, w // 45))
        surface.blit(mono, mono.get_rect(center=inner.center))
        return surface

    def _chip(self, value: int, d: int) -> pygame.Surface:
        fill, ink, text = CHIP_STYLE[value]
        surface = pygame.Surface((d, d), pygame.SRCALPHA)
        r = d // 2
        pygame.draw.circle(surface, (0, 0, 0, 80), (r, r + max(1, d // 14)), r - 1)
        pygame.draw.circle(surface, fill, (r, r), r - 1)
        for i in range(8):  # edge marks
            a = i * math.pi / 4
            p = (r + math.cos(a) * (r - d * 0.12), r + math.sin(a) * (r - d * 0.12))
            pygame.draw.circle(surface, ink, p, max(1, d // 14))
        pygame.draw.circle(surface, ink, (r, r), int(r * 0.62), max(1, d // 18))
        label = self.fonts.get(max(6, int(d * 0.34)), bold=True).render(text, True, ink)
        surface.blit(label, label.get_rect(center=(r, r)))
        return surface


def chip_stack(score: int) -> list[int]:
    """Chips that show a score (spec 12): for s >= 0, +6s then +1s; for s < 0, -1s."""
    if score < 0:
        return [-1] * min(-score, 12)
    return [6] * (score // 6) + [1] * (score % 6)
