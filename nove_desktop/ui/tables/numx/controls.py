"""The NUM-X table's decisions in turn (spec 16): picking cards from the hand and from any malus
area, the Play button that names the result or the engine's reason (the X-Joker's value and the
Swipe and Malus+ targets are asked by ``pickers.py``), Pass, Draw and Take, the malus choice and
the refill; where the buttons go, and the keys.

Everything offered is tried on a copy of the state by the engine (plays, specials) or comes from
``legal_actions``: nothing is offered that the engine would refuse, except the Play button
itself, which then shows the engine's reason.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

import pygame

from ....engine.actions import Action
from ....games.numx.actions import (
    DECK_SOURCE,
    ChooseMalus,
    Draw,
    Pass,
    Replenish,
)
from ....games.numx.cards import ALL_VALUES, IS_CLASSIC, KIND, ORDER, VALUE, WEIGHT
from ....games.numx.state import Phase
from ....i18n import _, ngettext
from ...table import paint
from ...table.scene import CardWidget
from ...widgets import Widget
from . import geometry as G
from .base import hand_zone, seat_of
from .pickers import NumxPickers
from .plan import (
    MALUS_PLUS,
    NUMX,
    SWIPE,
    canonical_toggle,
    check,
    final_step,
    lone_joker,
    result_words,
    selected_value,
    sentence,
)
from .words import card_words, signed


class NumxControls(NumxPickers):
    """Decisions of the NUM-X table (mixed into ``NumxTable``)."""

    def build_controls(self, seat: int, legal: list[Action]) -> list[Widget]:
        if self.picker is not None:
            return self.picker_widgets()
        if self.phase == Phase.MALUS_CHOICE:
            return self.malus_controls(seat)
        if self.phase in (Phase.REPLENISH, Phase.COMPLETION):
            return self.refill_controls(seat, legal)
        return self.turn_controls(seat, legal)

    def extras(self) -> list[Widget]:
        """Buttons offered at every decision: peeking at the objective in pass-and-play."""
        if not self.pass_and_play or not self.zones.row(f"objective:{self.viewer}"):
            return []
        label = _("Hide objective  (O)") if self.peeking else _("Peek at objective  (O)")
        return [self.button(label, self.toggle_peek, pygame.K_o)]

    def toggle_peek(self) -> None:
        self.peeking = not self.peeking
        self.synced = False  # the model is rebuilt from the observation: the card turns over
        self.refresh_turn()

    def show_controls(self, widgets: list[Widget]) -> None:
        if not widgets:
            self.picked = []
            self.planned = [p for p in self.planned if p.staged]
            if self.picker is not None and self.picker.kind != "claim":
                self.picker = None
            for sprite in self.sprites.values():
                sprite.selected = False
        super().show_controls(widgets)

    def turn_controls(self, seat: int, legal: list[Action]) -> list[Widget]:
        label, action, good = self.play_verdict(seat)
        main = self.button(label, action, None, max_lines=3, primary=good, danger=not good)
        if not self.picked and not self.planned:
            main.enabled = False
        column: list[Widget] = []
        if Pass() in legal:
            column.append(self.button(_("Pass  (P)"), lambda: self.act(Pass()), pygame.K_p))
        take = self.take_candidate(seat)
        if take is not None and Draw(take) in legal:
            owner = seat_of(self.zones.where(take) or "") or 0
            column.append(
                self.button(
                    _("Take {card} from {name}  (T)").format(
                        card=card_words(take), name=self.names[owner]
                    ),
                    lambda: self.act(Draw(take)),
                    pygame.K_t,
                )
            )
        if Draw(DECK_SOURCE) in legal:
            column.append(
                self.button(
                    _("Draw from the deck  (D)"), lambda: self.act(Draw(DECK_SOURCE)), pygame.K_d
                )
            )
        hand = self.zones.row(hand_zone(seat))
        if self.free_specials(hand, SWIPE):
            column.append(
                self.button(_("Swipe\u2026  (S)"), lambda: self.open_swipe(seat), pygame.K_s)
            )
        if self.free_specials(hand, MALUS_PLUS):
            column.append(
                self.button(_("Malus+\u2026  (M)"), lambda: self.open_malus_plus(seat), pygame.K_m)
            )
        if self.picked or any(not p.staged for p in self.planned):
            column.append(self.button(_("Clear selection  (C)"), self.clear_selection, pygame.K_c))
        return [main, *column, *self.extras()]

    def take_candidate(self, seat: int) -> str | None:
        """One card of another seat's malus area, picked alone: it may be taken into the hand."""
        if len(self.picked) != 1 or self.planned:
            return None
        zone = self.zones.where(self.picked[0]) or ""
        owner = seat_of(zone)
        if not zone.startswith("malus:") or owner == seat:
            return None
        return self.picked[0]

    def play_verdict(self, seat: int) -> tuple[str, Callable[[], None], bool]:
        """The Play button: its label (the result, or the engine's reason), what it does, and
        whether the play is legal."""
        if not self.picked and not self.planned:
            return (_("Pick cards to play: from your hand or any malus area"), lambda: None, True)
        joker = lone_joker(self.picked)
        if joker is not None:
            values = self.joker_values(seat, joker)
            if not values:
                reason = (
                    check(
                        self.session,
                        seat,
                        [*self.fresh_steps(), final_step(self.picked, 0)],
                        self.names,
                        self.card_words,
                    )
                    or ""
                )
                return (sentence(reason), lambda: self.refuse(sentence(reason)), False)
            return (
                _("X-Joker alone: choose its value\u2026"),
                lambda: self.open_joker(seat, joker, values),
                True,
            )
        final = final_step(self.picked, None)
        steps = [*self.fresh_steps(), final]
        refusal = check(self.session, seat, steps, self.names, self.card_words)
        if refusal is not None:
            text = sentence(refusal)
            return (
                _("Cannot play: {reason}").format(reason=text),
                lambda: self.refuse(text),
                False,
            )
        return (self.play_words(), lambda: self.commit(steps), True)

    def play_words(self) -> str:
        specials = [card_words(p.card) for p in self.planned]
        extra = " + ".join(specials)
        if not self.picked:
            return _("Play {specials} (no combination)").format(specials=extra)
        if KIND.get(self.picked[0]) == NUMX:
            return _("Num-X: end the trick")
        result = result_words(self.picked, None, self.trick_state)
        if extra:
            return _("Play: {result}, with {specials}").format(result=result, specials=extra)
        return _("Play: {result}").format(result=result)

    def joker_values(self, seat: int, joker: str) -> list[int]:
        base = self.fresh_steps()
        return [
            v
            for v in ALL_VALUES
            if check(self.session, seat, [*base, final_step([joker], v)]) is None
        ]

    def clear_selection(self) -> None:
        self.picked = []
        self.planned = [p for p in self.planned if p.staged]
        self.refresh_turn()

    # == the malus choice and the refill =========================================================
    def malus_controls(self, seat: int) -> list[Widget]:
        picked = self.picked
        if len(picked) == 2:
            weight = sum(WEIGHT[c] for c in picked)
            label = _("Lay {a} and {b} as malus cards (weight {w})").format(
                a=card_words(picked[0]), b=card_words(picked[1]), w=signed(weight)
            )
        else:
            label = ngettext(
                "Pick {n} more card for your malus area",
                "Pick {n} more cards for your malus area",
                2 - len(picked),
            ).format(n=2 - len(picked))
        action = ChooseMalus(tuple(picked))
        main = self.button(label, lambda: self.act(action), None, primary=len(picked) == 2)
        return [main, *self.extras()]

    def refill_controls(self, seat: int, legal: list[Action]) -> list[Widget]:
        need = self.session.observe(seat).refill_needed
        picked = self.picked[:need]
        sources = tuple([DECK_SOURCE] * (need - len(picked)) + picked)
        action = Replenish(sources)
        cards = " ".join(card_words(c) for c in picked)
        decks = need - len(picked)
        if not picked:
            label = ngettext(
                "Refill from the deck (1 card)", "Refill from the deck ({n} cards)", need
            ).format(n=need)
        elif decks:
            label = ngettext(
                "Refill with {cards} and {n} card from the deck",
                "Refill with {cards} and {n} cards from the deck",
                decks,
            ).format(cards=cards, n=decks)
        else:
            label = _("Refill with {cards}").format(cards=cards)
        good = action in legal
        if not good:
            reason = check(self.session, seat, [action], self.names, self.card_words) or ""
            label = _("Cannot refill: {reason}").format(reason=sentence(reason))
        main = self.button(
            label, lambda: self.act(action), None, max_lines=3, primary=good, danger=not good
        )
        column: list[Widget] = []
        all_deck = Replenish(tuple([DECK_SOURCE] * need))
        if picked and all_deck in legal:
            column.append(
                self.button(_("All from the deck  (D)"), lambda: self.act(all_deck), pygame.K_d)
            )
        if picked:
            column.append(self.button(_("Clear selection  (C)"), self.clear_selection, pygame.K_c))
        return [main, *column, *self.extras()]

    # == picking cards ===========================================================================
    def selectable(self, ref: str) -> bool:
        seat = self.viewer
        if seat is None or self.picker is not None or not self.controls:
            return False
        if self.moment is not None and self.moment.moment.public:
            return False
        zone = self.zones.where(ref)
        if zone is None:
            return False
        if zone == hand_zone(seat):
            return True
        if self.phase != Phase.TURN or not zone.startswith("malus:"):
            return False
        return bool(IS_CLASSIC.get(ref)) or seat_of(zone) != seat

    def card_clicked(self, ref: str) -> None:
        seat = self.viewer
        if seat is None:
            return
        zone = self.zones.where(ref) or ""
        row = self.zones.row(zone)
        if self.phase in (Phase.MALUS_CHOICE, Phase.REPLENISH, Phase.COMPLETION):
            limit = (
                2
                if self.phase == Phase.MALUS_CHOICE
                else max(1, self.session.observe(seat).refill_needed)
            )
            picked = canonical_toggle(self.picked, ref, row)
            self.picked = picked[-limit:]
        else:
            self.turn_click(seat, ref, zone, row)
        self.app.sounds.play("click")
        self.refresh_turn()

    def turn_click(self, seat: int, ref: str, zone: str, row: Sequence[str]) -> None:
        kind = KIND.get(ref)
        own_hand = zone == hand_zone(seat)
        if own_hand and kind in (SWIPE, MALUS_PLUS):
            self.special_clicked(seat, ref, kind)
            return
        if own_hand and kind == NUMX:
            self.picked = [] if self.picked == [ref] else [ref]
            return
        if not IS_CLASSIC.get(ref) and not own_hand:  # a special card on the board: take it
            self.picked = [] if ref in self.picked else [ref]
            return
        picked = [
            c
            for c in self.picked
            if IS_CLASSIC.get(c)
            or (KIND.get(c) == "joker" and c in self.zones.row(hand_zone(seat)))
        ]
        value = selected_value(picked)
        if IS_CLASSIC.get(ref) and value is not None and value != VALUE[ref]:
            picked = [c for c in picked if not IS_CLASSIC.get(c)]  # another value: start again
        self.picked = canonical_toggle(picked, ref, row)

    def special_clicked(self, seat: int, ref: str, kind: str) -> None:
        plan = next((p for p in self.planned if p.card == ref), None)
        if plan is not None and plan.staged:
            self.app.notify(_("That card is already part of the play you prepared."))
            return
        if plan is not None:
            self.planned.remove(plan)
            self.renumber_swipes(seat)
            return
        if kind == SWIPE:
            self.open_swipe(seat)
        else:
            self.open_malus_plus(seat, only=ref)

    def renumber_swipes(self, seat: int) -> None:
        """Swipe copies are alike: the planned ones always use the lowest free ids, in order."""
        staged = {p.card for p in self.planned if p.staged}
        free = sorted(
            (
                c
                for c in self.zones.row(hand_zone(seat))
                if KIND.get(c) == SWIPE and c not in staged
            ),
            key=ORDER.__getitem__,
        )
        out = []
        for plan in self.planned:
            if KIND.get(plan.card) == SWIPE and not plan.staged and free:
                plan = dataclasses.replace(plan, card=free.pop(0))
            out.append(plan)
        self.planned = out

    # == placing and keys ========================================================================
    def place_controls(self, widgets: list[Widget]) -> None:
        if not widgets:
            return
        to_screen = paint.rect_to_screen
        if self.picker is not None:
            for widget, rect in zip(widgets, G.picker_layout(len(widgets))[1], strict=True):
                widget.rect = to_screen(self.app, rect)
            return
        if self.moment is not None and self.moment.moment.public and not self.pass_and_play:
            box = G.WINDOW_BUTTONS
            widths = [box.width * 0.62, box.width * 0.38 - 6]
            x = box.left
            for widget, width in zip(widgets, widths, strict=False):
                widget.rect = to_screen(self.app, pygame.FRect(x, box.top, width, box.height))
                x += width + 6
            return
        if self.moment is not None and self.moment.moment.public:
            rest = widgets
        else:
            widgets[0].rect = to_screen(self.app, G.MAIN_BUTTON)
            rest = widgets[1:]
        for widget, rect in zip(rest, G.column(len(rest)), strict=True):
            widget.rect = to_screen(self.app, rect)

    def hotkey(self, key: int) -> bool:
        if key in (pygame.K_UP, pygame.K_DOWN) and self.jump(1 if key == pygame.K_DOWN else -1):
            return True
        for widget in self.controls:
            if getattr(widget, "key_code", None) == key and widget.enabled:
                widget.activate()
                return True
        return False

    def jump(self, step: int) -> bool:
        """Up/Down on a card: to the first card of the next (or previous) place, then to the
        buttons."""
        focused = self.focus.focused
        if not isinstance(focused, CardWidget) or not self.card_widgets:
            return False
        zones = [self.zones.where(w.ref) for w in self.card_widgets]
        starts = [i for i, zone in enumerate(zones) if i == 0 or zones[i - 1] != zone]
        index = self.card_widgets.index(focused)
        group = max(i for i, start in enumerate(starts) if start <= index)
        target = group + step
        self.focus.keyboard = True
        if 0 <= target < len(starts):
            self.focus.focus(self.card_widgets[starts[target]])
        elif self.controls:
            self.focus.focus(self.controls[0] if self.controls[0].enabled else self.controls[-1])
        return True
