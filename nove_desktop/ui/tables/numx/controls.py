"""The NUM-X table's decisions (spec 9.5 and 16): picking cards from the hand and from any malus
area, the Play button that names the result or the engine's reason, pickers for the X-Joker's
value and the Swipe and Malus+ targets, Pass, Draw and Take, the malus choice and the refill,
and the Facteur X windows (solo: a countdown bar with a Facteur X! button; pass-and-play: a
neutral countdown with one button per human seat, the hand-off before the claim picker).

Everything offered comes from ``legal_actions`` (claims) or is tried on a copy of the state
(plays, specials): nothing is offered that the engine would refuse, except the Play button
itself, which then shows the engine's reason.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from ....engine.actions import Action
from ....games.numx.actions import (
    ALL,
    DECK_SOURCE,
    LEFT,
    ONE,
    RIGHT,
    ROTATE,
    SWAP,
    AddSpecial,
    ChooseMalus,
    Claim,
    ClaimNumX,
    Draw,
    Pass,
    Replenish,
)
from ....games.numx.cards import ALL_VALUES, IS_CLASSIC, KIND, ORDER, VALUE, WEIGHT
from ....games.numx.cards import malus_plus_numbers as mp_numbers
from ....games.numx.state import Phase
from ....i18n import _, ngettext
from ... import theme
from ...scenes import common
from ...table import paint
from ...table.controls import FittedButton
from ...table.moments import Moment
from ...table.scene import CardWidget, TableScene
from ...table.text import fitted
from ...widgets import Widget
from . import geometry as G
from .model import hand_zone, malus_zone, seat_of
from .plan import (
    MALUS_PLUS,
    NUMX,
    SWIPE,
    Planned,
    canonical_toggle,
    check,
    final_step,
    lone_joker,
    result_words,
    selected_value,
    sentence,
)
from .words import card_words, combination_words, signed, state_words, value_words

POST_PLAY_PAUSE = 0.8  # the same short pause after every play (spec 9.5)
AI_CLAIM_DELAY = (0.8, 2.0)  # spec 9.5
CLAIM_PICKER_SECONDS = 20.0
PAGE = 6  # picker options per page


@dataclasses.dataclass(frozen=True)
class Option:
    """One choice of a picker; ``cards`` are highlighted while it has the focus."""

    label: str
    choose: Callable[[], None]
    cards: tuple[str, ...] = ()


class Picker:
    """A short list of choices in a panel over the table (paged when long)."""

    def __init__(self, kind: str, title: str, options: list[Option],
                 on_cancel: Callable[[], None], seat: int, seconds: float | None = None,
                 cancel: str = "") -> None:
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
        return self.options[self.page * PAGE:(self.page + 1) * PAGE]


class NumxControls(TableScene):
    """Decisions of the NUM-X table (mixed into ``NumxTable``)."""

    picked: list[str]
    planned: list[Planned]
    picker: Picker | None
    peeking: bool
    phase: str
    trick_state: tuple[int, int]
    choosing: bool
    moment_cache: tuple[object, Any]
    highlight: set[str]

    # == windows =================================================================================
    def moment_for(self, acting: tuple[int, ...]) -> Moment | None:
        cached_at, cached = self.moment_cache
        if cached_at == self.actions_applied:
            return cached  # type: ignore[no-any-return]
        obs = self.session.observe(None)
        moment = None
        if obs.phase == Phase.FX_WINDOW:
            key = (obs.round_no, len(obs.discard), len(obs.trick), obs.trick_count,
                   obs.trick_value)
            # Solo: a player with nothing to claim passes at once, and the window ends after
            # the short pause unless an AI claim is on its way (the player's own cards decide,
            # and they know them). Pass-and-play: always the full length.
            minimum = None if self.pass_and_play else POST_PLAY_PAUSE
            moment = Moment("facteur_x", self.app.settings.window_seconds, Pass(), key=key,
                            minimum=minimum, claim_delay=AI_CLAIM_DELAY)
        self.moment_cache = (self.actions_applied, moment)
        return moment

    def viewer_can_claim(self, acting: Sequence[int]) -> bool:
        seat = self.viewer
        if seat is None or seat not in acting or not self.session.is_human(seat):
            return False
        return any(isinstance(a, Claim | ClaimNumX) for a in self.session.legal(seat))

    def ends_window(self, event: Any) -> bool:
        return event.kind in ("play", "num_x") and bool(event.data.get("out_of_turn"))

    def post_play_pause(self, event: Any) -> float:
        return POST_PLAY_PAUSE if event.kind == "play" else 0.0

    def window_controls(self, moment: Any, acting: tuple[int, ...]) -> list[Widget]:
        if self.picker is not None:
            return self.picker_widgets()
        if self.pass_and_play:
            return self.shared_window_controls(acting)
        seat = self.viewer
        if seat is None or seat not in acting:
            return []
        if not self.viewer_can_claim(acting):
            # Nothing to claim: pass at once; the window still shows for its short pause.
            self.answer_window(seat, Pass())
            return []
        claim = self.button(_("Facteur X!  (F)"), lambda: self.open_claims(seat), pygame.K_f,
                            primary=True)
        let_go = self.button(_("Pass  (P)"), lambda: self.answer_window(seat, Pass()),
                             pygame.K_p)
        return [claim, let_go]

    def shared_window_controls(self, acting: tuple[int, ...]) -> list[Widget]:
        """Pass-and-play: one neutral button per human seat (never a hint of who can claim)."""
        buttons: list[Widget] = []
        for number, seat in enumerate(self.session.human_seats, start=1):
            button = self.button(_("Facteur X: {name}  ({n})").format(name=self.names[seat],
                                                                     n=number),
                                 lambda seat=seat: self.press_claim(seat),
                                 getattr(pygame, f"K_{number}", None))
            button.enabled = seat in acting
            buttons.append(button)
        buttons.append(self.button(_("Go on  (G)"), self.everyone_passes, pygame.K_g))
        return buttons

    def press_claim(self, seat: int) -> None:
        """A human seat wants to claim: the hand-off to that player, then the picker."""
        moment = self.moment
        if moment is None or seat not in self.session.to_act():
            return
        moment.countdown.stop()
        key = moment.moment.key

        def ready() -> None:
            current = self.moment
            if current is None or current.moment.key != key or seat not in self.session.to_act():
                self.app.notify(_("The Facteur X moment is over."))
                self.after_claim(seat)
                return
            self.open_claims(seat)

        self.start_handoff(seat, then=ready)

    def everyone_passes(self) -> None:
        for seat in list(self.session.to_act()):
            if self.session.is_human(seat):
                self.answer_window(seat, Pass())
                if self.moment is None:
                    return
        if self.moment is not None:
            self.moment.release()

    def open_claims(self, seat: int) -> None:
        """The claim picker: every legal Facteur X (and Num-X with the variant), nothing else."""
        moment = self.moment
        if moment is None:
            return
        moment.countdown.stop()
        legal = [a for a in self.session.legal(seat) if isinstance(a, Claim | ClaimNumX)]
        legal.sort(key=claim_order)
        options = [Option(self.claim_label(seat, a), lambda a=a: self.claim(seat, a),
                          getattr(a, "cards", (getattr(a, "card", ""),)))
                   for a in legal]
        title = _("Facteur X: more than {state}, higher value").format(
            state=state_words(*self.trick_state))
        cancel = _("Pass (Esc)")
        if not options:
            title = _("You have no Facteur X now")
            cancel = _("OK, pass (Esc)")
        self.picker = Picker("claim", title, options, lambda: self.claim(seat, Pass()), seat,
                             CLAIM_PICKER_SECONDS, cancel)
        self.picker.window_key = moment.moment.key
        self.controls_key = None  # the kit asks window_controls again: the picker's buttons
        self.show_controls(self.picker_widgets())

    def claim_label(self, seat: int, action: Action) -> str:
        if isinstance(action, ClaimNumX):
            return _("Num-X: cut the trick now")
        cards = action.cards  # type: ignore[attr-defined]
        return _("{cards}{where} \u2192 {state}").format(
            cards=combination_words(cards, None), where=self.where_words(seat, cards),
            state=state_words(len(cards), max(_value(c) for c in cards)))

    def where_words(self, seat: int, cards: Sequence[str]) -> str:
        """ " (2 from Ben's malus)": where the board cards of a combination lie."""
        owners: dict[int, int] = {}
        for card in cards:
            zone = self.zones.where(card)
            owner = seat_of(zone) if zone and zone.startswith("malus:") else None
            if owner is not None:
                owners[owner] = owners.get(owner, 0) + 1
        if not owners:
            return ""
        parts = [_("{n} of yours").format(n=k) if o == seat else _("{n} of {name}'s").format(
            n=k, name=self.names[o]) for o, k in owners.items()]
        return _(" (malus: {list})").format(list=", ".join(parts))

    def claim(self, seat: int, action: Action) -> None:
        self.close_picker()
        if self.moment is not None and seat in self.session.to_act():
            self.answer_window(seat, action)
        self.after_claim(seat)

    def after_claim(self, seat: int) -> None:
        if self.moment is not None:
            self.moment.countdown.resume()
        if self.pass_and_play and self.viewer is not None:
            self.set_viewer(None)  # the window is public again: no hand stays shown
        self.controls_key = None

    def update(self, dt: float) -> None:
        super().update(dt)
        picker = self.picker
        if picker is None or self.modal_open:
            return
        if picker.kind == "claim":
            moment = self.moment
            if moment is None or moment.moment.key != picker.window_key or (
                picker.seat not in self.session.to_act()
            ):
                self.close_picker()
                self.app.notify(_("Too late: the trick was claimed first.") if (
                    moment is not None and moment.claimed) else _(
                    "The Facteur X moment is over."))
                self.after_claim(picker.seat)
                return
        if picker.left is not None:
            picker.left -= dt
            if picker.left <= 0:
                picker.on_cancel()

    # == pickers =================================================================================
    def picker_widgets(self) -> list[Widget]:
        picker = self.picker
        if picker is None:
            return []
        widgets: list[Widget] = []
        for option in picker.shown():
            widget = self.button(option.label, option.choose, None, primary=not widgets)
            widget.cards = option.cards  # type: ignore[attr-defined]
            widgets.append(widget)
        if picker.pages > 1:
            widgets.append(self.button(_("More choices ({page}/{pages})").format(
                page=picker.page + 1, pages=picker.pages), self.next_page, pygame.K_TAB))
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

    def back_to_turn(self) -> None:
        self.close_picker()
        self.refresh_turn()

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
        title = fitted(app, text, box.width - app.s(40), app.s(20), theme.ACCENT, bold=True,
                       max_lines=1)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + app.s(12))))

    # == decisions in turn =======================================================================
    def button(self, label: str, action: Callable[[], Any], key: int | None,
               max_lines: int = 2, **style: Any) -> FittedButton:
        widget = FittedButton(self.app, label, action, max_lines=max_lines, **style)
        widget.key_code = key  # type: ignore[attr-defined]
        return widget

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

    def refresh_turn(self) -> None:
        """The same decision with new buttons (the selection or the plan changed)."""
        seat = self.viewer
        if seat is None or seat not in self.session.to_act():
            return
        self.mark_picked()
        widgets = self.build_controls(seat, self.session.legal(seat))
        if self.picker is None and self.controls and self.card_widgets:
            self.refresh_controls(widgets)
        else:
            self.show_controls(widgets)

    def mark_picked(self) -> None:
        chosen = set(self.picked) | {p.card for p in self.planned}
        for sprite in self.sprites.values():
            sprite.selected = sprite.ref in chosen

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
            column.append(self.button(_("Take {card} from {name}  (T)").format(
                card=card_words(take), name=self.names[owner]),
                lambda: self.act(Draw(take)), pygame.K_t))
        if Draw(DECK_SOURCE) in legal:
            column.append(self.button(_("Draw from the deck  (D)"),
                                      lambda: self.act(Draw(DECK_SOURCE)), pygame.K_d))
        hand = self.zones.row(hand_zone(seat))
        if self.free_specials(hand, SWIPE):
            column.append(self.button(_("Swipe\u2026  (S)"), lambda: self.open_swipe(seat),
                                      pygame.K_s))
        if self.free_specials(hand, MALUS_PLUS):
            column.append(self.button(_("Malus+\u2026  (M)"), lambda: self.open_malus_plus(seat),
                                      pygame.K_m))
        if self.picked or any(not p.staged for p in self.planned):
            column.append(self.button(_("Clear selection  (C)"), self.clear_selection,
                                      pygame.K_c))
        return [main, *column, *self.extras()]

    def free_specials(self, hand: Sequence[str], kind: str) -> list[str]:
        planned = {p.card for p in self.planned}
        return [c for c in hand if KIND.get(c) == kind and c not in planned]

    def take_candidate(self, seat: int) -> str | None:
        """One card of another seat's malus area, picked alone: it may be taken into the hand."""
        if len(self.picked) != 1 or self.planned:
            return None
        zone = self.zones.where(self.picked[0]) or ""
        owner = seat_of(zone)
        if not zone.startswith("malus:") or owner == seat:
            return None
        return self.picked[0]

    def fresh_steps(self) -> list[Action]:
        return [p.step() for p in self.planned if not p.staged]

    def play_verdict(self, seat: int) -> tuple[str, Callable[[], None], bool]:
        """The Play button: its label (the result, or the engine's reason), what it does, and
        whether the play is legal."""
        if not self.picked and not self.planned:
            return (_("Pick cards to play: from your hand or any malus area"), lambda: None,
                    True)
        joker = lone_joker(self.picked)
        if joker is not None:
            values = self.joker_values(seat, joker)
            if not values:
                reason = check(self.game, self.session.state, seat,
                               [*self.fresh_steps(), final_step(self.picked, 0)]) or ""
                return (sentence(reason), lambda: self.refuse(sentence(reason)), False)
            return (_("X-Joker alone: choose its value\u2026"),
                    lambda: self.open_joker(seat, joker, values), True)
        final = final_step(self.picked, None)
        steps = [*self.fresh_steps(), final]
        reason = check(self.game, self.session.state, seat, steps)
        if reason is not None:
            text = sentence(reason)
            return (_("Cannot play: {reason}").format(reason=text), lambda: self.refuse(text),
                    False)
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

    def refuse(self, reason: str) -> None:
        self.app.notify(reason, error=True)

    def commit(self, steps: Sequence[Action]) -> None:
        """The prepared specials, then the play: one turn (each step checked by the engine)."""
        seat = self.viewer
        for step in steps:
            if not self.act(step, seat):
                return

    def joker_values(self, seat: int, joker: str) -> list[int]:
        base = self.fresh_steps()
        return [v for v in ALL_VALUES
                if check(self.game, self.session.state, seat, [*base, final_step([joker], v)])
                is None]

    def open_joker(self, seat: int, joker: str, values: list[int]) -> None:
        steps = self.fresh_steps()
        options = []
        for value in values:
            final = final_step([joker], value)
            words = result_words([joker], value, self.trick_state)
            options.append(Option(_("{value}: {result}").format(value=value_words(value),
                                                                result=words),
                                  lambda final=final: self.commit([*steps, final]), (joker,)))
        self.open_picker(Picker("joker", _("The X-Joker stands for..."), options,
                                self.back_to_turn, seat))

    def open_swipe(self, seat: int) -> None:
        free = sorted(self.free_specials(self.zones.row(hand_zone(seat)), SWIPE),
                      key=ORDER.__getitem__)
        if not free:
            return
        card = free[0]  # Swipe copies are alike: the lowest free one goes first
        uses: list[tuple[str, str, Any, str]] = []
        for other in range(self.n):
            if other != seat:
                uses.append((card, SWAP, other, _(
                    "Swap malus areas with {name} (your weight {mine} for {theirs})").format(
                    name=self.names[other], mine=self.weight_of(seat),
                    theirs=self.weight_of(other))))
        right, left = (seat - 1) % self.n, (seat + 1) % self.n
        uses.append((card, ROTATE, LEFT, _(
            "Every area moves one seat left: you get {name}'s (weight {w})").format(
            name=self.names[right], w=self.weight_of(right))))
        uses.append((card, ROTATE, RIGHT, _(
            "Every area moves one seat right: you get {name}'s (weight {w})").format(
            name=self.names[left], w=self.weight_of(left))))
        self.open_special_picker(seat, uses, _("Swipe: which malus areas move?"))

    def open_malus_plus(self, seat: int, only: str | None = None) -> None:
        """Malus+ targets for every free Malus+ card (or only ``only``): one seat (yourself
        included) or everyone."""
        numbers = mp_numbers(tuple(map(tuple, self.session.options.malus_plus_values)))
        cards = sorted(self.free_specials(self.zones.row(hand_zone(seat)), MALUS_PLUS),
                       key=ORDER.__getitem__)
        uses: list[tuple[str, str, Any, str]] = []
        for card in cards:
            if only is not None and card != only:
                continue
            hand, malus = numbers[card]
            what = _("+{h} in hand, +{m} face up").format(h=hand, m=malus)
            for target in range(self.n):
                name = _("yourself") if target == seat else self.names[target]
                uses.append((card, ONE, target, _("{what} for {name}").format(what=what,
                                                                             name=name)))
            uses.append((card, ALL, None, _("{what} for everyone").format(what=what)))
        self.open_special_picker(seat, uses, _("Malus+: who draws?"))

    def open_special_picker(self, seat: int, uses: list[tuple[str, str, Any, str]],
                            title: str) -> None:
        """The uses of a Swipe or Malus+ that keep a legal play possible (tried by the
        engine on a copy, after the specials already planned)."""
        base = self.fresh_steps()
        options = []
        for card, mode, target, label in uses:
            step = AddSpecial(card, mode, target)
            if check(self.game, self.session.state, seat, [*base, step]) is not None:
                continue
            plan = Planned(card, mode, target)
            options.append(Option(label, lambda plan=plan: self.add_plan(plan), (card,)))
        if not options:
            self.refuse(_("That card cannot be added to this play: the last card left in your "
                          "hand must be a classic card, and a lead needs a combination."))
            return
        self.open_picker(Picker("special", title, options, self.back_to_turn, seat))

    def plan_tag(self, plan: Planned) -> str:
        """The small tag over a planned special card: "\u2194 Ben", "rotate left", "\u2192 all"."""
        if plan.mode == SWAP:
            return _("\u2194 {name}").format(name=self.names[plan.target])  # type: ignore[index]
        if plan.mode == ROTATE:
            return _("rotate left") if plan.target == LEFT else _("rotate right")
        if plan.mode == ALL:
            return _("\u2192 everyone")
        if plan.target == self.viewer:
            return _("\u2192 you")
        return _("\u2192 {name}").format(name=self.names[plan.target])  # type: ignore[index]

    def add_plan(self, plan: Planned) -> None:
        self.planned.append(plan)
        self.back_to_turn()

    def weight_of(self, seat: int) -> str:
        """A malus area's weight, as a player reads it ("\u22121")."""
        return signed(sum(WEIGHT.get(r, 0) for r in self.zones.row(malus_zone(seat))))

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
                a=card_words(picked[0]), b=card_words(picked[1]), w=signed(weight))
        else:
            label = ngettext("Pick {n} more card for your malus area",
                             "Pick {n} more cards for your malus area", 2 - len(picked)).format(
                n=2 - len(picked))
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
            label = ngettext("Refill from the deck (1 card)", "Refill from the deck ({n} cards)",
                             need).format(n=need)
        elif decks:
            label = ngettext("Refill with {cards} and {n} card from the deck",
                             "Refill with {cards} and {n} cards from the deck", decks).format(
                cards=cards, n=decks)
        else:
            label = _("Refill with {cards}").format(cards=cards)
        good = action in legal
        if not good:
            reason = check(self.game, self.session.state, seat, [action]) or ""
            label = _("Cannot refill: {reason}").format(reason=sentence(reason))
        main = self.button(label, lambda: self.act(action), None, max_lines=3, primary=good,
                           danger=not good)
        column: list[Widget] = []
        all_deck = Replenish(tuple([DECK_SOURCE] * need))
        if picked and all_deck in legal:
            column.append(self.button(_("All from the deck  (D)"), lambda: self.act(all_deck),
                                      pygame.K_d))
        if picked:
            column.append(self.button(_("Clear selection  (C)"), self.clear_selection,
                                      pygame.K_c))
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
            limit = 2 if self.phase == Phase.MALUS_CHOICE else max(
                1, self.session.observe(seat).refill_needed)
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
        picked = [c for c in self.picked if IS_CLASSIC.get(c) or (
            KIND.get(c) == "joker" and c in self.zones.row(hand_zone(seat)))]
        value = selected_value(picked)
        if IS_CLASSIC.get(ref) and value is not None and value != _value(ref):
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
        free = sorted((c for c in self.zones.row(hand_zone(seat))
                       if KIND.get(c) == SWIPE and c not in staged), key=ORDER.__getitem__)
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

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.picker:
            self.cancel_picker()
            return
        super().handle_event(event)


def claim_order(action: Action) -> tuple[int, int, int]:
    """Claims by value, then by count (Num-X last)."""
    if isinstance(action, ClaimNumX):
        return (99, 0, 0)
    cards = action.cards  # type: ignore[attr-defined]
    return (max(_value(c) for c in cards), len(cards), sum(ORDER[c] for c in cards))


def _value(card: str) -> int:
    value = VALUE.get(card)
    return -99 if value is None else value
