"""How NUM-X's events animate (spec 16): the deal, the malus reveal, plays sliding to the trick,
the Fusion X merge, Num-X sweeping the trick away, Swipe areas sliding round the table, Malus+
draws, refill flips and the round-end reveal of hands and objectives.

Each handler receives the event as the viewer may see it (another seat's deal or draw has its
cards blanked) and only moves refs between zones; the kit then glides every card to its slot.
Once the queue has played, the table is rebuilt from the viewer's observation anyway.
"""

from __future__ import annotations

import functools

from ....games.numx.actions import ALL, ONE
from ....games.numx.cards import KIND, ORDER, malus_plus_numbers
from ....games.numx.events import (
    AreasMoved,
    CombinationPlayed,
    Drawn,
    FirstLeader,
    FirstOut,
    GameOver,
    GameStarted,
    HandDealt,
    HandsRevealed,
    LeadPasses,
    MalusChosen,
    MalusDrawn,
    MalusRevealed,
    NumXPlayed,
    ObjectiveDealt,
    Passed,
    Replenished,
    RoundEnded,
    RoundScored,
    RoundStarted,
    SpecialPlayed,
    Taken,
    TrickEnded,
    TrickStarted,
)
from ....i18n import _, ngettext
from ... import theme
from ...people import label
from ...table.dispatch import Handlers
from ...table.effects import Task
from ...table.scene import OVERLAP
from . import geometry as G
from .base import DECK, DISCARD, NumxBase, hand_zone, malus_zone, objective_zone, trick_zone
from .summary import columns, round_note, round_rows, round_title
from .words import special_words

DEAL_STEP = 0.018  # seconds between two dealt cards (13 each: the whole deal stays short)
SWEEP_STEP = 0.035


class NumxEvents(NumxBase):
    """The event handlers of the NUM-X table (mixed into ``NumxTable``)."""

    def event_handlers(self) -> Handlers:
        return (
            Handlers()
            .on(GameStarted, self.on_game_start)
            .on(RoundStarted, self.on_round_start)
            .on(ObjectiveDealt, self.on_objective)
            .on(HandDealt, self.on_deal)
            .on(MalusChosen, self.on_malus_chosen)
            .on(MalusRevealed, self.on_malus_reveal)
            .on(FirstLeader, self.on_first_leader)
            .on(TrickStarted, self.on_trick_start)
            .on(LeadPasses, self.on_lead_passes)
            .on(CombinationPlayed, self.on_play)
            .on(NumXPlayed, self.on_num_x)
            .on(TrickEnded, self.on_trick_end)
            .on(Passed, self.on_pass)
            .on(SpecialPlayed, self.on_special)
            .on(AreasMoved, self.on_areas)
            .on(Drawn, self.on_draw)
            .on(MalusDrawn, self.on_malus_draw)
            .on(Taken, self.on_take)
            .on(FirstOut, self.on_first_out)
            .on(Replenished, self.on_replenish)
            .on(RoundEnded, self.on_round_end)
            .on(HandsRevealed, self.on_reveal)
            .on(RoundScored, self.on_round_scored)
            .on(GameOver, self.on_game_over)
        )

    # -- helpers ---------------------------------------------------------------------------------
    def sort_own(self, seat: int) -> None:
        """The viewer's hand stays sorted by value, the special cards apart."""
        if seat == self.viewer:
            self.zones.row(hand_zone(seat)).sort(key=lambda r: ORDER.get(r, len(ORDER)))

    def from_hand(self, seat: int, card: str | None) -> str:
        """The ref of a card leaving ``seat``'s hand (a face-down card turns into it)."""
        return self.zones.take(hand_zone(seat), card)

    def trick_group_count(self) -> int:
        return len([z for z, refs in self.zones.rows.items() if z.startswith("trick:") and refs])

    def flip_in(self, zone: str, card: str) -> None:
        """A card appears face down where it belongs and turns over there."""
        ref = self.zones.placeholder()
        self.zones.put(zone, ref)
        self.place_sprites(snap_new=True)
        self.zones.reveal(zone, [card])

    # -- the round -------------------------------------------------------------------------------
    def on_game_start(self, event: GameStarted) -> float:
        return 0.0

    def on_round_start(self, event: RoundStarted) -> float:
        for zone in list(self.zones.rows):
            for ref in list(self.zones.row(zone)):
                self.send_to_pile(ref, DECK)
        if self.pass_and_play:
            self.set_viewer(None)  # the new round is dealt face down until the hand-off
        self.zones.piles = {DECK: 91}
        self.round_no = event.round
        self.dealer = event.anchor
        self.trick_state = (0, 0)
        self.first_out = set()
        self.choosing, self.refilling, self.revealing = True, False, False
        self.current = None
        self.peeking = False
        self.planned = []
        self.banner(
            _("Round {round} of {rounds}").format(round=self.round_no, rounds=self.rounds),
            size=36,
            colour=theme.WHITE,
            life=1.0,
        )
        return 0.5

    def on_objective(self, event: ObjectiveDealt) -> float:
        card = event.objective
        if card and event.seat == self.viewer:
            if self.pass_and_play and not self.peeking:
                self.zones.put(objective_zone(self.viewer), self.zones.placeholder())
            else:
                self.flip_in(objective_zone(self.viewer), card)
            return 0.3
        return 0.0

    def on_deal(self, event: HandDealt) -> float:
        seat = event.seat
        cards: tuple[str | None, ...] = event.cards or (None,) * 13
        place = (seat - (self.dealer or 0) - 1) % self.n
        for j, card in enumerate(cards):
            self.deal_card(hand_zone(seat), card, delay=(j * self.n + place) * DEAL_STEP)
        self.app.sounds.play("deal")
        return OVERLAP

    def on_malus_chosen(self, event: MalusChosen) -> float:
        seat = event.seat
        cards: tuple[str | None, ...] = event.cards or (None, None)
        for card in cards:  # others' stay face down till the reveal
            self.zones.move(self.from_hand(seat, card), malus_zone(seat))
        return 0.15

    def on_malus_reveal(self, event: MalusRevealed) -> float:
        for seat, area in enumerate(event.areas):
            self.zones.reveal(malus_zone(seat), list(area))
        self.choosing = False
        self.app.sounds.play("flip")
        return 0.6

    def on_first_leader(self, event: FirstLeader) -> float:
        seat = event.seat
        self.leader = seat
        self.banner(_("Lowest malus: leads"), f"seat:{seat}", 24, theme.WHITE, 1.0)
        return 0.5

    def on_trick_start(self, event: TrickStarted) -> float:
        self.leader = event.leader
        self.refilling = False
        self.trick_state = (0, 0)
        self.current = event.leader
        return 0.1

    def on_lead_passes(self, event: LeadPasses) -> float:
        self.leader = self.current = event.seat
        self.banner(_("Now leads"), f"seat:{event.seat}", 22, theme.WHITE, 0.8)
        return 0.3

    # -- plays -----------------------------------------------------------------------------------
    def on_play(self, event: CombinationPlayed) -> float:
        seat, kind = event.seat, event.play_kind
        board = {card: owner for owner, card in event.board}
        groups = self.trick_group_count()
        zone = trick_zone(groups - 1 if kind == "fusion" and groups else groups)
        for card in event.cards:
            if card in board and card in self.zones.row(malus_zone(board[card])):
                ref = card
            else:
                ref = self.from_hand(seat, card)
            self.zones.move(ref, zone)
        self.trick_state = event.trick
        self.top_kind = kind
        self.lone_joker = event.joker_value is not None
        self.current = None
        self.app.sounds.play("deal")
        if event.out_of_turn:
            self.banner(_("Facteur X!"), f"seat:{seat}", 34)
            self.app.sounds.play("call")
        elif kind == "fusion":
            self.banner(_("Fusion X!"), "trick", 32)
            self.glow = Task(0.6 * max(self.speed, 0.3), blocking=False, delay=0.2 * self.speed)
            self.tasks.append(self.glow)
        elif kind == "facteur_x":
            self.banner(_("Facteur X!"), f"seat:{seat}", 30)
        return 0.3

    def on_num_x(self, event: NumXPlayed) -> float:
        ref = self.from_hand(event.seat, event.card)
        self.zones.move(ref, trick_zone(self.trick_group_count()))
        self.banner(_("Num-X!"), "trick", 38, theme.DANGER)
        self.app.sounds.play("call")
        return 0.5

    def on_trick_end(self, event: TrickEnded) -> float:
        refs = [
            r for z, row in list(self.zones.rows.items()) if z.startswith("trick:") for r in row
        ]
        # A Num-X went to the discard pile when it was played, before the trick's cards.
        refs.sort(key=lambda r: KIND.get(r) != "numx")
        for i, ref in enumerate(refs):
            self.zones.move(ref, DISCARD)
            sprite = self.sprites.get(ref)
            if sprite is not None:
                sprite.place(*G.DISCARD_SPOT, G.PILE_CARD, self.speed, delay=i * SWEEP_STEP)
        if event.reason == "infini_4":
            self.banner(_("Infini 4!"), "trick", 34)
        elif event.reason == "uncovered":
            self.banner(_("Wins the trick"), f"seat:{event.leader}", 24, theme.WHITE, 1.0)
        self.trick_state = (0, 0)
        self.leader = event.leader
        self.refilling = True
        self.app.sounds.play("deal")
        return 0.45

    def on_pass(self, event: Passed) -> float:
        self.banner(_("Pass"), f"seat:{event.seat}", 22, theme.WHITE, 0.7)
        return 0.25

    def on_special(self, event: SpecialPlayed) -> float:
        seat, card, mode, target = event.seat, event.card, event.mode, event.target
        self.zones.move(self.from_hand(seat, card), DISCARD)
        numbers = malus_plus_numbers(tuple(map(tuple, self.session.options.malus_plus_values)))
        if mode in (ONE, ALL):
            hand = numbers[card][0]
            if mode == ONE:
                assert isinstance(target, int)
                targets = [target]
            else:
                targets = [(seat + k) % self.n for k in range(self.n)]
            for target in targets:
                self.pending_hand[target] = hand
        words = special_words(card, mode, target, self.names, numbers)
        self.banner(words, f"seat:{seat}", 20, theme.WHITE, 1.6)
        self.app.sounds.play("call")
        return 0.6

    def on_areas(self, event: AreasMoved) -> float:
        """A Swipe: whole malus areas slide to their new seats."""
        for seat, area in enumerate(event.areas):
            self.zones.rows[malus_zone(seat)] = list(area)
        return 0.5

    def on_draw(self, event: Drawn) -> float:
        seat = event.seat
        cards: tuple[str | None, ...]
        if event.cards is None:  # another seat's draw: only the number of cards is known
            count = self.pending_hand.pop(seat, 1)
            cards = (None,) * min(count, self.zones.piles.get(DECK, 0))
        else:
            cards = event.cards
            self.pending_hand.pop(seat, None)
        for j, card in enumerate(cards):
            self.deal_card(hand_zone(seat), card, delay=j * 0.1)
        self.sort_own(seat)
        self.app.sounds.play("deal")
        return 0.3

    def on_malus_draw(self, event: MalusDrawn) -> float:
        for j, card in enumerate(event.cards):
            self.deal_card(malus_zone(event.seat), card, delay=0.1 + j * 0.12)
        self.app.sounds.play("flip")
        return 0.35

    def on_take(self, event: Taken) -> float:
        seat, card = event.seat, event.card
        if card in self.zones.row(malus_zone(event.owner)):
            self.zones.move(card, hand_zone(seat))
        else:
            self.zones.put(hand_zone(seat), card)
        self.sort_own(seat)
        self.app.sounds.play("deal")
        return 0.3

    def on_first_out(self, event: FirstOut) -> float:
        self.first_out.add(event.seat)
        self.banner(_("\u2605 First out!"), f"seat:{event.seat}", 28)
        return 0.6

    # -- refilling and the end of the round ------------------------------------------------------
    def on_replenish(self, event: Replenished) -> float:
        seat = event.seat
        from_deck = event.from_deck
        for j, card in enumerate(event.cards):
            if j < from_deck:
                self.deal_card(malus_zone(seat), card, delay=j * 0.12)
            else:
                self.zones.move(self.from_hand(seat, card), malus_zone(seat))
        self.app.sounds.play("flip")
        return 0.35

    def on_round_end(self, event: RoundEnded) -> float:
        refs = [
            r for z, row in list(self.zones.rows.items()) if z.startswith("trick:") for r in row
        ]
        for ref in refs:
            self.zones.move(ref, DISCARD)
        self.trick_state = (0, 0)
        self.refilling = True
        self.current = None
        self.banner(_("End of the round"), size=34, colour=theme.WHITE, life=1.2)
        return 0.8

    def on_reveal(self, event: HandsRevealed) -> float:
        self.revealing = True
        self.refilling = False
        for seat, cards in enumerate(event.hands):
            self.zones.reveal(hand_zone(seat), list(cards))
        for seat, card in enumerate(event.objectives):
            if not card:
                continue
            zone = objective_zone(seat)
            if card in self.zones.row(zone):
                continue
            if self.zones.row(zone):
                self.zones.reveal(zone, [card])
            else:
                self.flip_in(zone, card)
        self.app.sounds.play("flip")
        return 1.2

    def on_round_scored(self, event: RoundScored) -> float:
        self.history.append(event)
        before = list(self.totals)
        for seat, row in enumerate(event.seats):
            self.tally(seat, before[seat], event.totals[seat])
            if row.applied:
                self.banner(
                    _("Objective {n} \u2713").format(n=row.objective),
                    f"seat:{seat}",
                    22,
                    theme.OK,
                    1.4,
                )
        self.totals = list(event.totals)
        self.scores = list(self.totals)
        self.show_summary(
            round_title(event, self.rounds),
            columns(),
            round_rows(event, self.names),
            note=round_note(event),
        )
        self.app.sounds.play("chip")
        return 1.2

    def tally(self, seat: int, start: int, end: int) -> None:
        """The total on the plate counts to its new value."""
        if start == end:
            return
        self.shown_totals[seat] = float(start)
        steps = 12

        def step(k: int) -> None:
            self.shown_totals[seat] = start + (end - start) * k / steps

        for k in range(1, steps + 1):
            self.after(0.05 * k, functools.partial(step, k))

    def on_game_over(self, event: GameOver) -> float:
        winners = ", ".join(label(self.names[s]) for s in event.winners)
        self.show_game_over(
            ngettext(
                "highest total after {n} round: {names}",
                "highest total after {n} rounds: {names}",
                self.rounds,
            ).format(n=self.rounds, names=winners)
        )
        return 0.3
