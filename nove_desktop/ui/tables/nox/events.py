"""How NOX's events animate on the table: the deal, a play, a merge, a draw, the end of a round
and its summary, the end of the game. Each handler returns the pause the table keeps after it
(``OVERLAP``: the next event starts at once)."""

from __future__ import annotations

from ....games.nox.events import (
    CardDealt,
    CardDrawn,
    CardPlayed,
    GameOver,
    Merged,
    RoundEnded,
    RoundScored,
    RoundStarted,
)
from ....i18n import _
from ... import theme
from ...people import said
from ...table.dispatch import Handlers
from ...table.effects import Task
from ...table.scene import OVERLAP
from .base import DECK, NoxBase, hand_order, hand_zone, kitty_zone
from .summary import end_words, summary_columns, summary_note, summary_rows, summary_title
from .words import not_eligible_words

MERGE_FLASH = 0.9  # seconds a merged stack rings


class NoxEvents(NoxBase):
    """The NOX table's event handlers."""

    def event_handlers(self) -> Handlers:
        return (
            Handlers()
            .on(RoundStarted, self.on_round_started)
            .on(CardDealt, self.on_card_dealt)
            .on(CardPlayed, self.on_card_played)
            .on(Merged, self.on_merged)
            .on(CardDrawn, self.on_card_drawn)
            .on(RoundEnded, self.on_round_ended)
            .on(RoundScored, self.on_round_scored)
            .on(GameOver, self.on_game_over)
        )

    def on_round_started(self, event: RoundStarted) -> float:
        for _zone, ref in list(self.zones.all_refs()):
            self.send_to_pile(ref, DECK)
        for seat in range(self.n):
            self.set_kitty(seat, [])
        if self.pass_and_play:
            self.set_viewer(None)  # the new round is dealt face down until the hand-off
        self.zones.piles = {DECK: len(self.game.full_deck(self.session.options))}
        self.round_no = event.round
        self.start_seat = event.start_seat
        self.deal_index = 0
        self.ended = None
        self.status = said(
            self.names[event.start_seat],
            _("Round {round} \u2014 you start"),
            _("Round {round} \u2014 {name} starts"),
            round=self.round_no,
        )
        self.banner(
            _("Round {round}").format(round=self.round_no), size=36, colour=theme.WHITE, life=1.0
        )
        return 0.4

    def on_card_dealt(self, event: CardDealt) -> float:
        self.deal_card(hand_zone(event.seat), event.card, delay=self.deal_index * 0.05)
        self.deal_index += 1
        if self.deal_index == 1:
            self.app.sounds.play("deal")
        return OVERLAP  # the next card leaves the pile while this one flies

    def on_card_played(self, event: CardPlayed) -> float:
        ref = self.zones.take(hand_zone(event.seat), event.card)
        self.zones.move(ref, kitty_zone(event.target, event.stack))
        self.last_target = event.target
        self.app.sounds.play("deal")
        return 0.3

    def on_merged(self, event: Merged) -> float:
        target = event.target
        stacks = self.kitty_rows(target)
        moving = stacks.pop(event.from_index)
        stacks[event.new_index] = [*stacks[event.new_index], *moving]
        self.set_kitty(target, stacks)
        flash = Task(MERGE_FLASH * max(self.speed, 0.3), blocking=False)
        self.flashes = [(target, event.new_index, flash)]
        self.tasks.append(flash)  # the joined stack rings once the slide is under way
        self.app.sounds.play("flip")
        return 0.5

    def on_card_drawn(self, event: CardDrawn) -> float:
        seat = event.seat
        self.deal_card(hand_zone(seat), event.card, 0.0)
        if seat == self.viewer:
            row = self.zones.row(hand_zone(seat))
            if not any(ref.startswith("?") for ref in row):
                row.sort(key=hand_order)
        return 0.12

    def on_round_ended(self, event: RoundEnded) -> float:
        self.ended = event
        if event.reason == "six_stacks" and self.last_target is not None:
            self.banner(_("Six stacks!"), f"seat:{self.last_target}", 32)
        else:
            self.banner(_("No cards left"), size=34)
        self.app.sounds.play("call")
        return 0.9

    def on_round_scored(self, event: RoundScored) -> float:
        self.rounds.append(event)
        kitties = [self.kitty_rows(seat) for seat in range(self.n)]
        for seat, points in enumerate(event.points):
            if event.eligible[seat]:
                text, colour = f"{points}", theme.OK
            else:
                text, colour = (
                    _("0 \u2014 {why}").format(why=not_eligible_words(kitties[seat])),
                    theme.DANGER,
                )
            self.banner(text, f"seat:{seat}", 26, colour, 1.8)
        self.totals = list(event.totals)
        self.scores = list(self.totals)
        self.show_summary(
            summary_title(self.names, event, self.ended, self.last_target),
            summary_columns(self.variant),
            summary_rows(self.names, kitties, event, self.variant),
            note=summary_note(self.names, event, self.variant, self.target),
        )
        self.app.sounds.play("chip")
        return 1.0

    def on_game_over(self, event: GameOver) -> float:
        self.show_game_over(end_words(event.reason, self.target))
        return 0.3
