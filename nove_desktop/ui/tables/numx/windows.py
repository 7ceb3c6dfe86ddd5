"""Facteur X windows at the NUM-X table (spec 9.5): the moment after every play, the solo
countdown bar with Facteur X! and Pass, pass-and-play's neutral countdown with one button per
human seat (the hand-off before the picker), and the claim picker with only legal claims."""

from __future__ import annotations

import functools
from collections.abc import Sequence

import pygame

from ....engine.actions import Action
from ....engine.events import Event
from ....games.numx.actions import Claim, ClaimNumX, Pass
from ....games.numx.cards import ORDER, VALUE
from ....games.numx.events import CombinationPlayed, NumXPlayed
from ....games.numx.state import Phase
from ....i18n import _
from ...table.moments import Moment, OpenMoment
from ...widgets import Widget
from .base import seat_of
from .pickers import NumxPickers, Option, Picker
from .words import combination_words, state_words

POST_PLAY_PAUSE = 0.8  # the same short pause after every play (spec 9.5)
AI_CLAIM_DELAY = (0.8, 2.0)  # spec 9.5
CLAIM_PICKER_SECONDS = 20.0


class NumxWindows(NumxPickers):
    """The Facteur X windows of the NUM-X table (mixed into ``NumxTable``)."""

    def moment_for(self, acting: tuple[int, ...]) -> Moment | None:
        cached_at, cached = self.moment_cache
        if cached_at == self.actions_applied:
            return cached
        obs = self.session.observe(None)
        moment = None
        if obs.phase == Phase.FX_WINDOW:
            key = (obs.round_no, len(obs.discard), len(obs.trick), obs.trick_count, obs.trick_value)
            # Solo: a player with nothing to claim passes at once, and the window ends after
            # the short pause unless an AI claim is on its way (the player's own cards decide,
            # and they know them). Pass-and-play: always the full length.
            minimum = None if self.pass_and_play else POST_PLAY_PAUSE
            moment = Moment(
                "facteur_x",
                self.app.settings.window_seconds,
                Pass(),
                key=key,
                minimum=minimum,
                claim_delay=AI_CLAIM_DELAY,
            )
        self.moment_cache = (self.actions_applied, moment)
        return moment

    def viewer_can_claim(self, acting: Sequence[int]) -> bool:
        seat = self.viewer
        if seat is None or seat not in acting or not self.session.is_human(seat):
            return False
        return any(isinstance(a, Claim | ClaimNumX) for a in self.session.legal(seat))

    def ends_window(self, event: Event) -> bool:
        return isinstance(event, CombinationPlayed | NumXPlayed) and event.out_of_turn

    def post_play_pause(self, event: Event) -> float:
        return POST_PLAY_PAUSE if isinstance(event, CombinationPlayed) else 0.0

    def window_controls(self, moment: OpenMoment, acting: tuple[int, ...]) -> list[Widget]:
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
        claim = self.button(
            _("Facteur X!  (F)"), lambda: self.open_claims(seat), pygame.K_f, primary=True
        )
        let_go = self.button(_("Pass  (P)"), lambda: self.answer_window(seat, Pass()), pygame.K_p)
        return [claim, let_go]

    def shared_window_controls(self, acting: tuple[int, ...]) -> list[Widget]:
        """Pass-and-play: one neutral button per human seat (never a hint of who can claim)."""
        buttons: list[Widget] = []
        for number, seat in enumerate(self.session.human_seats, start=1):
            button = self.button(
                _("Facteur X: {name}  ({n})").format(name=self.names[seat], n=number),
                functools.partial(self.press_claim, seat),
                getattr(pygame, f"K_{number}", None),
            )
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
        options = [
            Option(
                self.claim_label(seat, a),
                functools.partial(self.claim, seat, a),
                getattr(a, "cards", (getattr(a, "card", ""),)),
            )
            for a in legal
        ]
        title = _("Facteur X: more than {state}, higher value").format(
            state=state_words(*self.trick_state)
        )
        cancel = _("Pass (Esc)")
        if not options:
            title = _("You have no Facteur X now")
            cancel = _("OK, pass (Esc)")
        self.picker = Picker(
            "claim",
            title,
            options,
            lambda: self.claim(seat, Pass()),
            seat,
            CLAIM_PICKER_SECONDS,
            cancel,
        )
        self.picker.window_key = moment.moment.key
        self.controls_key = None  # the kit asks window_controls again: the picker's buttons
        self.show_controls(self.picker_widgets())

    def claim_label(self, seat: int, action: Action) -> str:
        if isinstance(action, ClaimNumX):
            return _("Num-X: cut the trick now")
        assert isinstance(action, Claim)  # a window offers claims (Pass is never labelled)
        cards = action.cards
        return _("{cards}{where} \u2192 {state}").format(
            cards=combination_words(cards, None),
            where=self.where_words(seat, cards),
            state=state_words(len(cards), max(_value(c) for c in cards)),
        )

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
        parts = [
            _("{n} of yours").format(n=k)
            if o == seat
            else _("{n} of {name}'s").format(n=k, name=self.names[o])
            for o, k in owners.items()
        ]
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
            if (
                moment is None
                or moment.moment.key != picker.window_key
                or (picker.seat not in self.session.to_act())
            ):
                self.close_picker()
                self.app.notify(
                    _("Too late: the trick was claimed first.")
                    if (moment is not None and moment.claimed)
                    else _("The Facteur X moment is over.")
                )
                self.after_claim(picker.seat)
                return
        if picker.left is not None:
            picker.left -= dt
            if picker.left <= 0:
                picker.on_cancel()


def claim_order(action: Action) -> tuple[int, int, int]:
    """Claims by value, then by count (Num-X last)."""
    if isinstance(action, ClaimNumX):
        return (99, 0, 0)
    assert isinstance(action, Claim)  # only claims are ordered
    cards = action.cards
    return (max(_value(c) for c in cards), len(cards), sum(ORDER[c] for c in cards))


def _value(card: str) -> int:
    value = VALUE.get(card)
    return -99 if value is None else value
