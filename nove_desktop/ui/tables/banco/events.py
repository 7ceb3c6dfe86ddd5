"""The banco table's events -> animations: one handler per kind of ``games.banco.events``, each
taking its typed event and returning the pause kept after it (or ``OVERLAP``)."""

from __future__ import annotations

from collections.abc import Sequence

from ....engine.events import Event
from ....games.banco.events import (
    BankerRevealed,
    BankPassed,
    BetPlaced,
    CardDealt,
    CardDrawn,
    Eliminated,
    GameOver,
    GameStarted,
    HandStarted,
    HoleRevealed,
    NineRevealed,
    SatOut,
    Settled,
    Stood,
)
from ....i18n import _
from ... import theme
from ...people import said
from ...table import paint
from ...table.dispatch import Handlers
from ...table.effects import Task
from ...table.scene import OVERLAP
from . import chips, geometry, summary, words
from .base import DECK, BancoBase, hand_zone

DEAL_GAP = 0.06  # seconds between two cards of the deal cascade
RESULTS_HOLD = 1.2  # the settled hand stays on the table this long before the next deal
BANK_SLIDE = 0.9  # the bank sliding to the next banker
PAY_TIME = 0.45  # chips slide this long; the counts change when they land


class BancoEvents(BancoBase):
    """A part of :class:`~.table.BancoTable`: how each event moves the table."""

    def event_handlers(self) -> Handlers:
        return (
            Handlers()
            .on(GameStarted, self.on_game_started)
            .on(HandStarted, self.on_hand_started)
            .on(CardDealt, self.on_card_dealt)
            .on(BetPlaced, self.on_bet_placed)
            .on(SatOut, self.on_sat_out)
            .on(CardDrawn, self.on_card_drawn)
            .on(NineRevealed, self.on_nine_revealed)
            .on(Stood, self.on_stood)
            .on(BankerRevealed, self.on_banker_revealed)
            .on(HoleRevealed, self.on_hole_revealed)
            .on(Settled, self.on_settled)
            .on(Eliminated, self.on_eliminated)
            .on(BankPassed, self.on_bank_passed)
            .on(GameOver, self.on_game_over)
        )

    def on_game_started(self, event: GameStarted) -> float:
        for zone, refs in self.zones.rows.items():  # the first deal is played from the deck
            for ref in refs:
                self.sprites.pop(ref, None)
            self.zones.rows[zone] = []
        self.zones.piles[DECK] = self.deck_size
        self.scores = list(event.chips)
        self.term_start = list(event.chips)
        self.outcomes, self.stakes, self.revealed = {}, [0] * self.n, set()
        self.set_banker(event.banker)
        self.banks_held = [1 if s == self.banker else 0 for s in range(self.n)]
        self.centre_call(
            said(self.names[self.banker], _("You hold the bank"), _("{name} holds the bank")),
            30,
            1.2,
        )
        return 0.6

    def on_hand_started(self, event: HandStarted) -> float:
        self.order = event.punter_order

        def start() -> None:
            self.collect()
            self.hand_number = event.hand
            self.hands_in_term = event.hands_in_term
            self.stakes, self.outcomes, self.revealed = [0] * self.n, {}, set()
            self.punter_status = ["waiting" if s in self.order else "" for s in range(self.n)]
            if self.pass_and_play:
                self.set_viewer(None)  # the new hand is dealt face down until the hand-off
            self.centre_call(
                said(
                    self.names[self.banker],
                    _("Hand {k} of {per}: you bank"),
                    _("Hand {k} of {per}: {name} banks"),
                    k=self.hands_in_term + 1,
                    per=self.hands_per_bank,
                ),
                26,
                1.0,
            )

        if any(self.zones.rows.values()):
            self.after(RESULTS_HOLD, start)  # the players read the results first
            return 0.0
        start()
        return 0.3

    def collect(self) -> None:
        for seat in range(self.n):
            for ref in list(self.zones.row(hand_zone(seat))):
                self.send_to_pile(ref, DECK)
        self.zones.piles[DECK] = self.deck_size

    def on_card_dealt(self, event: CardDealt) -> float:
        seat = event.seat
        order = [*self.order, self.banker]
        place = order.index(seat) if seat in order else 0
        self.deal_card(hand_zone(seat), event.card, delay=place * DEAL_GAP)
        if place == 0:
            self.app.sounds.play("deal")
        return OVERLAP

    def on_bet_placed(self, event: BetPlaced) -> float:
        seat, amount = event.seat, event.amount
        self.last_bet[seat] = amount
        self.punter_status[seat] = "drawing"
        self.fly_tokens(
            chips.flight(amount), self.plate_point(seat), self.hole_point(seat), kind="token"
        )
        self.after(PAY_TIME, lambda: self.set_stake(seat, amount))
        self.app.sounds.play("chip")
        return 0.1

    def set_stake(self, seat: int, amount: int) -> None:
        self.stakes[seat] = amount

    def on_sat_out(self, event: SatOut) -> float:
        seat = event.seat
        self.punter_status[seat] = "sat_out"
        self.banner(_("bank full"), f"seat:{seat}", 22, theme.MUTED, 1.0)
        return 0.5

    def on_card_drawn(self, event: CardDrawn) -> float:
        self.deal_card(hand_zone(event.seat), event.card, 0.0)
        self.app.sounds.play("deal")
        return 0.3

    def on_nine_revealed(self, event: NineRevealed) -> float:
        seat = event.seat
        self.reveal_hole(seat, event.hole_card)
        self.punter_status[seat] = "nine"
        self.banner(_("9!"), f"seat:{seat}", 44, paint.CALL_COLOUR, 1.2)
        self.app.sounds.play("call")
        return 0.9

    def reveal_hole(self, seat: int, card: str) -> None:
        """The hole card turns face up where it lies (the owner's too: it loses its peek)."""
        zone = hand_zone(seat)
        self.revealed.add(seat)
        sprite = self.sprites.get(card)
        if card in self.zones.row(zone) and sprite is not None:
            sprite.set_face(None, self.speed)
            sprite.set_face(card, self.speed)
        else:
            self.zones.reveal(zone, [card])

    def on_stood(self, event: Stood) -> float:
        seat = event.seat
        if seat != self.banker:
            self.punter_status[seat] = "stood"
        if not event.auto:
            self.banner(_("stands"), f"seat:{seat}", 22, theme.WHITE, 0.7)
        return 0.25

    def on_banker_revealed(self, event: BankerRevealed) -> float:
        seat = event.seat
        self.reveal_hole(seat, event.hole_card)
        self.banner(
            _("Bank: {score}").format(score=event.score), f"seat:{seat}", 34, paint.CALL_COLOUR, 1.3
        )
        self.status = _("Settlement: the bank has {score}").format(score=event.score)
        self.app.sounds.play("flip")
        return 0.9

    def on_hole_revealed(self, event: HoleRevealed) -> float:
        self.reveal_hole(event.seat, event.hole_card)
        self.app.sounds.play("flip")
        return 0.18

    def on_settled(self, event: Settled) -> float:
        """The stake slides to the bank, or the bank pays it and both go to the player."""
        seat, amount = event.seat, event.amount
        mine, bank = event.punter_score, event.banker_score
        self.outcomes[seat] = (event.outcome, amount, mine, bank)
        self.stakes[seat] = 0
        tokens = chips.flight(amount)
        hole = self.hole_point(seat)
        bank_point = geometry.chips_point(self.bank_position())
        if event.outcome == "win":
            self.fly_tokens(tokens, bank_point, self.plate_point(seat), "token")
            self.fly_tokens(tokens, hole, self.plate_point(seat), "token")
            delta = amount
            self.banner(f"+{amount}", f"seat:{seat}", 30, theme.OK, 1.0)
        else:
            self.fly_tokens(tokens, hole, bank_point, "token")
            delta = -amount
            text = _("\u2212{n} tie").format(n=amount) if mine == bank else f"\u2212{amount}"
            self.banner(text, f"seat:{seat}", 30, theme.DANGER, 1.0)
        self.after(PAY_TIME, lambda: self.pay(seat, delta))
        self.app.sounds.play("chip")
        return 0.1

    def pay(self, seat: int, delta: int) -> None:
        self.scores[seat] += delta
        self.scores[self.banker] -= delta

    def on_eliminated(self, event: Eliminated) -> float:
        seat = event.seat
        self.out_seats.add(seat)
        self.banner(_("out of chips"), f"seat:{seat}", 24, theme.DANGER, 1.2)
        return 0.6

    def on_bank_passed(self, event: BankPassed) -> float:
        old, new = event.from_, event.to
        why = words.pass_reason(event.reason, self.hands_per_bank)
        self.show_summary(
            said(
                self.names[old],
                _("Your bank is over: {why}"),
                _("{name}'s bank is over: {why}"),
                why=why,
            ),
            summary.term_columns(),
            summary.term_rows(self, old),
            note=said(
                self.names[new], _("Next: you hold the bank."), _("Next: {name} holds the bank.")
            ),
        )
        self.banks_held[new] += 1
        self.slide_bank(new)
        self.hands_in_term = 0
        self.status = said(
            self.names[new],
            _("The bank passes to you: {why}"),
            _("The bank passes to {name}: {why}"),
            why=why,
        )
        self.banner(_("Banco!"), f"seat:{new}", 34, paint.CALL_COLOUR, 1.4)
        self.term_start = list(self.scores)
        self.app.sounds.play("call")
        return 0.5

    def slide_bank(self, banker: int) -> None:
        start = self.bank_position()
        task = Task(BANK_SLIDE * self.speed)
        self.tasks.append(task)
        self.banker = banker
        self.bank_at = self.bank_centre_for(banker)
        self.bank_slide = (start, self.bank_at, task)

    def on_game_over(self, event: GameOver) -> float:
        self.show_game_over(words.end_reason(event.reason))
        return 0.3

    # == a resumed game ==========================================================================
    def history_rows(self, events: Sequence[Event]) -> None:
        """A resumed game: the previous bets (the slider's presets) and the chips at the start
        of the current bank term, read back from the game's events."""
        chips_now = list(self.term_start)
        banker = 0
        for event in events:
            if isinstance(event, GameStarted):
                chips_now = list(event.chips)
                self.term_start = list(chips_now)
            elif isinstance(event, HandStarted):
                banker = event.banker
            elif isinstance(event, BetPlaced):
                self.last_bet[event.seat] = event.amount
            elif isinstance(event, Settled):
                delta = event.amount if event.outcome == "win" else -event.amount
                chips_now[event.seat] += delta
                chips_now[banker] -= delta
            elif isinstance(event, BankPassed):
                self.term_start = list(chips_now)
