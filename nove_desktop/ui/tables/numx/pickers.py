"""Pickers of the NUM-X table: a short list of choices in a panel over the trick (the X-Joker's
value, Swipe and Malus+ targets, Facteur X claims), paged when long, with the cards of the
focused choice outlined; Esc cancels. The X-Joker, Swipe and Malus+ pickers are made here; the
claim picker in ``windows.py``."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Sequence

import pygame

from ....games.numx.actions import ALL, LEFT, ONE, RIGHT, ROTATE, SWAP, AddSpecial
from ....games.numx.cards import ORDER, WEIGHT
from ....games.numx.cards import malus_plus_numbers as mp_numbers
from ....games.numx.flow import moved_areas
from ....i18n import _
from ... import theme
from ...scenes import common
from ...table import paint
from ...table.text import fitted
from ...widgets import Widget
from . import geometry as G
from .base import NumxBase, hand_zone, malus_zone
from .plan import MALUS_PLUS, SWIPE, Planned, check, final_step, result_words
from .words import signed, value_words

PAGE = 6  # picker options per page


@dataclasses.dataclass(frozen=True)
class Option:
    """One choice of a picker; ``cards`` are highlighted while it has the focus."""

    label: str
    choose: Callable[[], None]
    cards: tuple[str, ...] = ()


class Picker:
    """A short list of choices in a panel over the table (paged when long)."""

    def __init__(
        self,
        kind: str,
        title: str,
        options: list[Option],
        on_cancel: Callable[[], None],
        seat: int,
        seconds: float | None = None,
        cancel: str = "",
    ) -> None:
        self.kind = kind
        self.title = title
        self.options = options
        self.on_cancel = on_cancel
        self.seat = seat
        self.left = seconds
        self.seconds = seconds
        self.cancel = cancel or _("Cancel (Esc)")
        self.page = 0
        self.window_key: object = None

    @property
    def pages(self) -> int:
        return max(1, (len(self.options) + PAGE - 1) // PAGE)

    def shown(self) -> list[Option]:
        return self.options[self.page * PAGE : (self.page + 1) * PAGE]


class NumxPickers(NumxBase):
    """Buttons and pickers of the NUM-X table (mixed into ``NumxTable``)."""

    def picker_widgets(self) -> list[Widget]:
        picker = self.picker
        if picker is None:
            return []
        widgets: list[Widget] = []
        for option in picker.shown():
            widget = self.button(option.label, option.choose, None, primary=not widgets)
            widget.cards = option.cards  # type: ignore[attr-defined]  # highlighted_cards reads it
            widgets.append(widget)
        if picker.pages > 1:
            widgets.append(
                self.button(
                    _("More choices ({page}/{pages})").format(
                        page=picker.page + 1, pages=picker.pages
                    ),
                    self.next_page,
                    pygame.K_TAB,
                )
            )
        widgets.append(self.button(picker.cancel, picker.on_cancel, None))
        return widgets

    def next_page(self) -> None:
        if self.picker is not None:
            self.picker.page = (self.picker.page + 1) % self.picker.pages
            self.show_controls(self.picker_widgets())

    def open_picker(self, picker: Picker) -> None:
        self.picker = picker
        self.show_controls(self.picker_widgets())

    def close_picker(self) -> None:
        self.picker = None

    def cancel_picker(self) -> None:
        picker = self.picker
        if picker is not None:
            picker.on_cancel()

    def highlighted_cards(self) -> set[str]:
        """The cards of the picker option that has the focus (or the mouse)."""
        if self.picker is None:
            return set()
        focused = self.focus.focused
        hovered = next((w for w in self.controls if w.hovered), None)
        widget = hovered or focused
        return set(getattr(widget, "cards", ()) or ())

    def draw_picker(self, surface: pygame.Surface) -> None:
        picker = self.picker
        if picker is None or not self.controls:
            return
        app = self.app
        box = paint.rect_to_screen(app, G.picker_layout(len(self.controls))[0])
        common.panel(surface, box, app, 238)
        text = picker.title
        if picker.left is not None:
            text += "  " + _("({s} s)").format(s=max(0, int(picker.left + 0.99)))
        title = fitted(
            app, text, box.width - app.s(40), app.s(20), theme.ACCENT, bold=True, max_lines=1
        )
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + app.s(12))))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.picker:
            self.cancel_picker()
            return
        super().handle_event(event)

    # == the X-Joker, Swipe and Malus+ pickers ====================================================
    def back_to_turn(self) -> None:
        self.close_picker()
        self.refresh_turn()

    def open_joker(self, seat: int, joker: str, values: list[int]) -> None:
        steps = self.fresh_steps()
        options = []
        for value in values:
            final = final_step([joker], value)
            words = result_words([joker], value, self.trick_state)
            options.append(
                Option(
                    _("{value}: {result}").format(value=value_words(value), result=words),
                    functools.partial(self.commit, [*steps, final]),
                    (joker,),
                )
            )
        self.open_picker(
            Picker("joker", _("The X-Joker stands for..."), options, self.back_to_turn, seat)
        )

    def open_swipe(self, seat: int) -> None:
        free = sorted(
            self.free_specials(self.zones.row(hand_zone(seat)), SWIPE), key=ORDER.__getitem__
        )
        if not free:
            return
        card = free[0]  # Swipe copies are alike: the lowest free one goes first
        # The weights are those after the play: the combination leaves the areas first, then the
        # Swipes already planned move them (spec 7.5), then this one.
        areas = self.areas_after_plan(seat)
        mine = weight_words(areas[seat])

        def after(mode: str, target: int | str) -> str:
            return weight_words(moved_areas(areas, seat, mode, target)[seat])

        uses: list[tuple[str, str, int | str | None, str]] = []
        for other in range(self.n):
            if other != seat:
                uses.append(
                    (
                        card,
                        SWAP,
                        other,
                        _("Swap malus areas with {name} (your weight {mine} for {theirs})").format(
                            name=self.names[other], mine=mine, theirs=after(SWAP, other)
                        ),
                    )
                )
        right, left = (seat - 1) % self.n, (seat + 1) % self.n
        uses.append(
            (
                card,
                ROTATE,
                LEFT,
                _("Every area moves one seat left: you get {name}'s (weight {w})").format(
                    name=self.names[right], w=after(ROTATE, LEFT)
                ),
            )
        )
        uses.append(
            (
                card,
                ROTATE,
                RIGHT,
                _("Every area moves one seat right: you get {name}'s (weight {w})").format(
                    name=self.names[left], w=after(ROTATE, RIGHT)
                ),
            )
        )
        self.open_special_picker(seat, uses, _("Swipe: which malus areas move?"))

    def areas_after_plan(self, seat: int) -> list[list[str]]:
        """Every malus area as it will be when a Swipe added now resolves: without the picked
        cards (the combination is laid first) and after the Swipes already planned. Malus+
        cards add unknown deck cards, so they change nothing here."""
        picked = set(self.picked)
        areas = [
            [r for r in self.zones.row(malus_zone(s)) if r not in picked] for s in range(self.n)
        ]
        for plan in self.planned:
            if plan.mode in (SWAP, ROTATE) and plan.target is not None:
                areas = moved_areas(areas, seat, plan.mode, plan.target)
        return areas

    def open_malus_plus(self, seat: int, only: str | None = None) -> None:
        """Malus+ targets for every free Malus+ card (or only ``only``): one seat (yourself
        included) or everyone."""
        numbers = mp_numbers(tuple(map(tuple, self.session.options.malus_plus_values)))
        cards = sorted(
            self.free_specials(self.zones.row(hand_zone(seat)), MALUS_PLUS), key=ORDER.__getitem__
        )
        uses: list[tuple[str, str, int | str | None, str]] = []
        for card in cards:
            if only is not None and card != only:
                continue
            hand, malus = numbers[card]
            what = _("+{h} in hand, +{m} face up").format(h=hand, m=malus)
            for target in range(self.n):
                name = _("yourself") if target == seat else self.names[target]
                uses.append(
                    (card, ONE, target, _("{what} for {name}").format(what=what, name=name))
                )
            uses.append((card, ALL, None, _("{what} for everyone").format(what=what)))
        self.open_special_picker(seat, uses, _("Malus+: who draws?"))

    def open_special_picker(
        self, seat: int, uses: list[tuple[str, str, int | str | None, str]], title: str
    ) -> None:
        """The uses of a Swipe or Malus+ that keep a legal play possible (tried by the
        engine on a copy, after the specials already planned)."""
        base = self.fresh_steps()
        options = []
        for card, mode, target, label in uses:
            step = AddSpecial(card, mode, target)
            if check(self.session, seat, [*base, step]) is not None:
                continue
            plan = Planned(card, mode, target)
            options.append(Option(label, functools.partial(self.add_plan, plan), (card,)))
        if not options:
            self.refuse(
                _(
                    "That card cannot be added to this play: the last card left in your "
                    "hand must be a classic card, and a lead needs a combination."
                )
            )
            return
        self.open_picker(Picker("special", title, options, self.back_to_turn, seat))

    def add_plan(self, plan: Planned) -> None:
        self.planned.append(plan)
        self.back_to_turn()


def weight_words(area: Sequence[str]) -> str:
    """A malus area's weight, as a player reads it ("\u22121")."""
    return signed(sum(WEIGHT.get(r, 0) for r in area))
