"""Painting the NUM-X table's own things over and beside the kit's sprites: the trick's badge and
empty outlines, the discard caption, the Facteur X countdown bar, each malus area's weight and
"needs" marker, the viewer's objective caption, the Fusion X glow, rings round fitting cards and
the tags of planned specials."""

from __future__ import annotations

import pygame

from ....games.numx.cards import IS_CLASSIC, VALUE, WEIGHT
from ....games.numx.scoring import OBJECTIVE_TABLE, SeatFacts
from ....games.numx.state import Phase
from ....i18n import _, ngettext
from ... import theme
from ...table import paint
from ...table.layout import Side
from ...table.sprites import CardSprite
from ...table.text import fitted
from . import geometry as G
from .base import DISCARD, NumxBase, hand_zone, malus_zone, objective_zone
from .plan import selected_value
from .words import OBJECTIVES, badge, objective_row, plan_tag, signed


class NumxDrawing(NumxBase):
    """What the NUM-X table paints itself (mixed into ``NumxTable``)."""

    def lift_for(self, sprite: CardSprite) -> float:
        """Only the viewer's hand lifts; a picked board card gets a ring instead (a lifted card
        would cover its seat's name plate)."""
        if sprite.ref not in self.lifting:
            return 0.0
        return super().lift_for(sprite)

    def draw_centre(self, surface: pygame.Surface) -> None:
        self.draw_trick_marks(surface)
        self.draw_window_bar(surface)
        for seat in range(self.n):
            self.draw_seat_marks(surface, seat)
        self.draw_objective_caption(surface)

    def label(
        self,
        surface: pygame.Surface,
        text: str,
        point: tuple[float, float],
        width: float,
        pixels: float = 14,
        colour: tuple[int, int, int] = paint.TAG_COLOUR,
        anchor: str = "midtop",
        bold: bool = False,
        lines: int = 2,
    ) -> pygame.Rect:
        app = self.app
        image = fitted(app, text, app.s(width), app.s(pixels), colour, bold=bold, max_lines=lines)
        rect = image.get_rect(**{anchor: self.to_screen(point)})
        # A caption near the edge keeps a margin from the window's edge.
        margin = app.s(10)
        rect.x = max(margin, min(rect.x, surface.get_width() - margin - rect.width))
        surface.blit(image, rect)
        return rect

    def draw_trick_marks(self, surface: pygame.Surface) -> None:
        app = self.app
        count, value = self.trick_state
        if not self.trick_groups_model():
            w, h = self.card_size(G.TRICK_CARD)
            outline = pygame.Rect(0, 0, w, h)
            outline.center = self.to_screen(G.TRICK_CENTRE)
            pygame.draw.rect(surface, theme.FELT_DARK, outline, max(1, app.s(2)), app.s(8))
        elif count:
            text = badge(count, value, self.top_kind, self.lone_joker)
            image = fitted(app, text, app.s(280), app.s(18), theme.INK, bold=True)
            pill = image.get_rect(center=self.to_screen((G.TRICK_CENTRE[0], G.BADGE_Y)))
            pill = pill.inflate(app.s(22), app.s(8))
            pygame.draw.rect(surface, theme.ACCENT, pill, border_radius=pill.height // 2)
            surface.blit(image, image.get_rect(center=pill.center))
        discards = len(self.zones.row(DISCARD))
        w, h = self.card_size(G.PILE_CARD)
        x, y = G.DISCARD_SPOT
        if not discards:
            outline = pygame.Rect(0, 0, w, h)
            outline.center = self.to_screen(G.DISCARD_SPOT)
            pygame.draw.rect(surface, theme.FELT_DARK, outline, max(1, app.s(2)), app.s(7))
        self.label(
            surface,
            _("discard: {n} (B)").format(n=discards),
            (x, y + G.PILE_CARD * G.CARD_RATIO / 2 + 5),
            G.PILE_CARD + 40,
            colour=(215, 230, 215),
        )

    def draw_window_bar(self, surface: pygame.Surface) -> None:
        moment = self.moment
        if moment is None or not moment.moment.public or not moment.engine_open:
            return
        paint.countdown_bar(self, surface, G.COUNTDOWN, moment.countdown.left)
        self.label(
            surface,
            _("Facteur X?"),
            (G.COUNTDOWN_LABEL_RIGHT, G.COUNTDOWN.centery),
            110,
            15,
            theme.WHITE,
            "midright",
            bold=True,
        )

    def draw_seat_marks(self, surface: pygame.Surface, seat: int) -> None:
        spot = self.spot(seat)
        refs = self.zones.row(malus_zone(seat))
        known = [r for r in refs if r in WEIGHT]
        words = [
            _("weight {w}").format(w=signed(sum(WEIGHT[r] for r in known)))
            if len(known) == len(refs) and refs
            else _("weight ?")
            if refs
            else _("no malus card")
        ]
        need = self.needs(seat)
        colour = paint.TAG_COLOUR
        if need:
            words.append(ngettext("needs {n}", "needs {n}", need).format(n=need))
            colour = theme.ACCENT
        text = "  \u00b7  ".join(words)
        if spot.side is Side.BOTTOM:
            box = G.OWN_MALUS_BOX
            self.label(surface, text, (box.centerx, box.bottom + 2), box.width + 20, 14, colour)
            return
        if self.revealing:
            return
        area = spot.area
        self.label(
            surface,
            text,
            (area.left + 66 + (area.width - 70) / 2, area.top + 78),
            area.width - 70,
            13,
            colour,
        )

    def needs(self, seat: int) -> int:
        """The "needs 1"/"needs 2" marker at the end of a trick (seats short of 2 cards)."""
        if not self.refilling or self.choosing:
            return 0
        if self.phase == Phase.COMPLETION and not self.zones.row(hand_zone(seat)):
            return 0
        return max(0, 2 - len(self.zones.row(malus_zone(seat))))

    def draw_objective_caption(self, surface: pygame.Surface) -> None:
        refs = self.zones.row(objective_zone(self.bottom))
        if not refs:
            return
        x, y = G.OBJECTIVE_SPOT
        half = G.OBJECTIVE_CARD * G.CARD_RATIO / 2
        self.label(surface, _("Your objective"), (x, y - half - 20), 124, 13)
        row = objective_row(refs[0])
        if row is None:
            if self.viewer == self.bottom:
                self.label(
                    surface, _("face down: O to peek"), (x, y + half + 4), 124, 12, theme.WHITE
                )
            return
        title, bonus = OBJECTIVES[row]
        rect = self.label(
            surface,
            f"{row} \u00b7 {_(title)}",
            (x, y + half + 4),
            124,
            13,
            theme.WHITE,
            bold=True,
            lines=3,
        )
        below = self.app.s(2) + rect.bottom
        line = _(bonus) + self.objective_now(row)
        image = fitted(self.app, line, self.app.s(124), self.app.s(12), paint.TAG_COLOUR)
        surface.blit(image, image.get_rect(midtop=(rect.centerx, below)))

    def objective_now(self, row: int) -> str:
        """Whether the viewer's objective is met by its malus area right now (public facts)."""
        if row == 10:
            return ""
        area = tuple(r for r in self.zones.row(malus_zone(self.bottom)) if r in WEIGHT)
        objective = OBJECTIVE_TABLE[f"OB{row:02d}"]
        if objective.condition is None:
            return ""
        met = objective.condition(SeatFacts(area, self.bottom in self.first_out))
        return "  " + _("\u2713 met now") if met else ""

    def draw_glow(self, surface: pygame.Surface) -> None:
        """The Fusion X merge: a ring swells round the merged group and fades."""
        glow = self.glow
        if glow is None or glow.done or not glow.started:
            return
        groups = self.trick_groups_model()
        if not groups:
            return
        rects = [
            paint.card_rect(self, self.sprites[r])
            for r in self.zones.row(f"trick:{groups[-1]}")
            if r in self.sprites
        ]
        if not rects:
            return
        box = rects[0].unionall(rects[1:])
        t = glow.progress
        grow = self.app.s(6 + 22 * t)
        colour = tuple(
            int(c * (1 - t) + f * t) for c, f in zip(theme.ACCENT, theme.FELT, strict=True)
        )
        pygame.draw.rect(
            surface,
            colour,
            box.inflate(grow, grow),
            max(2, self.app.s(5 - 3 * t)),
            border_radius=self.app.s(12),
        )

    def decorate(self, surface: pygame.Surface, sprite: CardSprite, rect: pygame.Rect) -> None:
        app = self.app
        ref = sprite.ref
        if ref in self.highlight or (ref in self.fitting and not sprite.selected):
            pygame.draw.rect(
                surface,
                (120, 220, 255),
                rect.inflate(app.s(4), app.s(4)),
                width=max(2, app.s(3)),
                border_radius=app.s(9),
            )
        plan = next((p for p in self.planned if p.card == ref), None)
        if plan is not None:
            tag = plan_tag(plan.mode, plan.target, self.viewer, self.names)
            image = fitted(
                app, tag, rect.width + app.s(30), app.s(12), theme.INK, bold=True, max_lines=1
            )
            pill = image.get_rect(midbottom=(rect.centerx, rect.top - app.s(3)))
            pygame.draw.rect(
                surface, theme.ACCENT, pill.inflate(app.s(8), app.s(4)), border_radius=app.s(8)
            )
            surface.blit(image, pill)

    def fitting_cards(self) -> set[str]:
        """Board cards that fit the value of the picked cards (highlighted)."""
        if not self.picked or not self.controls:
            return set()
        value = selected_value(self.picked)
        if value is None:
            return set()
        return {
            ref
            for seat in range(self.n)
            for ref in self.zones.row(malus_zone(seat))
            if IS_CLASSIC.get(ref) and VALUE[ref] == value and ref not in self.picked
        }
