"""Sheets of every card face and back of every deck, for looking at the art.

Usage::

    python tools/card_gallery.py [--out /tmp] [--decks nove,kael,...]
                                 [--sizes 34x48,60x86,96x136,150x210] [--copies]

Writes ``OUT/gallery-<deck>.png`` per deck: one band per size with the deck's back first and
then every face, at the size a table would draw it (never scaled afterwards), and for NOVE and
the banco decks a band of their chips or tokens. Copies that look the same (the four Kaël 7s)
appear once unless ``--copies`` is given. The sheets in ``docs/screenshots/cards`` are made
with ``--out docs/screenshots/cards``. Runs headless (SDL dummy
drivers) and prints each file written and how long each deck took to render.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the app is imported only once SDL is set up for headless use
    import pygame

    from nove_desktop.ui.cards import CardArt
    from nove_desktop.ui.faces import FaceSet
    from nove_desktop.ui.theme import Fonts

ROOT = Path(__file__).resolve().parent.parent
SIZES = ((34, 48), (60, 86), (96, 136), (150, 210))
MARGIN = 12
GAP = 8
SHEET_WIDTH = 1640
BACKGROUND = (18, 84, 58)
LABEL = (226, 236, 228)


def parse_sizes(text: str) -> list[tuple[int, int]]:
    sizes = []
    for part in text.split(","):
        try:
            w, h = (int(n) for n in part.lower().split("x"))
        except ValueError:
            raise SystemExit(f"a size is WIDTHxHEIGHT, such as 96x136, not {part!r}") from None
        sizes.append((w, h))
    return sizes


def distinct_cards(face_set: FaceSet, copies: bool) -> list[str]:
    """The deck's cards, one per look unless ``copies``."""
    if copies:
        return list(face_set.cards())
    seen: set[str] = set()
    cards = []
    for card in face_set.cards():
        key = face_set.face_key(card)
        if key not in seen:
            seen.add(key)
            cards.append(card)
    return cards


def band(art: CardArt, deck: str, cards: list[str], w: int, h: int, fonts: Fonts) -> pygame.Surface:
    """One size's images (the back, then the faces) laid out in rows, with a caption."""
    import pygame

    per_row = max(1, (SHEET_WIDTH - 2 * MARGIN + GAP) // (w + GAP))
    images = [art.back(w, h, deck)] + [art.face(card, w, h, deck) for card in cards]
    rows = -(-len(images) // per_row)
    caption = fonts.get(16, bold=True).render(f"{deck}  {w}x{h}", True, LABEL)
    height = caption.get_height() + 6 + rows * (h + GAP)
    surface = pygame.Surface((SHEET_WIDTH, height), pygame.SRCALPHA)
    surface.blit(caption, (MARGIN, 0))
    top = caption.get_height() + 6
    for i, image in enumerate(images):
        row, column = divmod(i, per_row)
        surface.blit(image, (MARGIN + column * (w + GAP), top + row * (h + GAP)))
    return surface


PIECE_SIZES = (20, 30, 44, 64)


def pieces_band(art: CardArt, deck: str, fonts: Fonts) -> pygame.Surface | None:
    """NOVE's score chips, or banco's betting tokens, at a few diameters (other decks: none)."""
    import pygame

    values: tuple[int, ...]
    if deck == "nove":
        values, draw, title = (-1, 1, 6), art.chip, "chips"
    elif deck.startswith("banco"):
        values, draw, title = (1, 5, 10, 25), art.token, "tokens"
    else:
        return None
    caption = fonts.get(16, bold=True).render(f"{deck}  {title}", True, LABEL)
    top = caption.get_height() + 6
    surface = pygame.Surface((SHEET_WIDTH, top + max(PIECE_SIZES)), pygame.SRCALPHA)
    surface.blit(caption, (MARGIN, 0))
    x = MARGIN
    for d in PIECE_SIZES:
        for value in values:
            surface.blit(draw(value, d), (x, top + max(PIECE_SIZES) - d))
            x += d + GAP
        x += 3 * GAP
    return surface


def render_deck(
    deck: str, sizes: list[tuple[int, int]], copies: bool, out: Path
) -> tuple[Path, float]:
    import pygame

    from nove_desktop.ui.cards import CardArt
    from nove_desktop.ui.theme import Fonts

    fonts = Fonts()
    art = CardArt(fonts)
    cards = distinct_cards(art.face_set(deck), copies)
    start = time.perf_counter()
    bands = [band(art, deck, cards, w, h, fonts) for w, h in sizes]
    elapsed = time.perf_counter() - start
    pieces = pieces_band(art, deck, fonts)
    if pieces is not None:
        bands.append(pieces)
    height = MARGIN + sum(b.get_height() + MARGIN for b in bands)
    sheet = pygame.Surface((SHEET_WIDTH, height))
    sheet.fill(BACKGROUND)
    y = MARGIN
    for image in bands:
        sheet.blit(image, (0, y))
        y += image.get_height() + MARGIN
    path = out / f"gallery-{deck}.png"
    pygame.image.save(sheet, str(path))
    return path, elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp"))
    parser.add_argument("--decks", default="", help="comma-separated deck ids (default: all)")
    parser.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES))
    parser.add_argument("--copies", action="store_true", help="show copies that look the same")
    args = parser.parse_args(argv)
    for name, value in (
        ("SDL_VIDEODRIVER", "dummy"),
        ("SDL_AUDIODRIVER", "dummy"),
        ("PYGAME_HIDE_SUPPORT_PROMPT", "1"),
    ):
        os.environ.setdefault(name, value)
    sys.path.insert(0, str(ROOT))
    import pygame

    from nove_desktop.ui.faces import DECK_IDS

    decks = [d for d in args.decks.split(",") if d] or list(DECK_IDS)
    unknown = [d for d in decks if d not in DECK_IDS]
    if unknown:
        raise SystemExit(f"unknown deck {unknown[0]!r}: the decks are {', '.join(DECK_IDS)}")
    args.out.mkdir(parents=True, exist_ok=True)
    pygame.init()
    for deck in decks:
        path, elapsed = render_deck(deck, parse_sizes(args.sizes), args.copies, args.out)
        print(f"{path}  ({elapsed * 1000:.0f} ms to render)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
