"""How NUM-X's events animate (spec 16): the deal, the malus reveal, plays sliding to the trick,
the Fusion X merge, Num-X sweeping the trick away, Swipe areas sliding round the table, Malus+
draws, refill flips and the round-end reveal of hands and objectives.

Each handler receives the event as the viewer may see it (another seat's deal or draw has its
cards blanked) and only moves refs between zones; the kit then glides every card to its slot.
Once the queue has played, the table is rebuilt from the viewer's observation anyway.
"""

from __future__ import annotations

from typing import Any

from ....games.numx.actions import ALL, ONE
from ....games.numx.cards import KIND, ORDER, malus_plus_numbers
from ....i18n import _, ngettext
from ... import theme
from ...people import label
from ...table.effects import Task
from ...table.scene import OVERLAP, TableScene
from . import geometry as G
from .model import DECK, DISCARD, hand_zone, malus_zone, objective_zone, trick_zone
from .summary import columns, round_note, round_rows, round_title
from .words import special_words

DEAL_STEP = 0.018  # seconds between two dealt cards (13 each: the whole deal stays short)
SWEEP_STEP = 0.035


class NumxAnimations(TableScene):
    """The ``on_<event>`` handlers of the NUM-X table (mixed into ``NumxTable``)."""

    trick_state: tuple[int, int]
    top_kind: str
    lone_joker: bool
    choosing: bool
    refilling: bool
    revealing: bool
    first_out: set[int]
    totals: list[int]
    shown_totals: dict[int, float]
    history: list[dict[str, Any]]
    pending_hand: dict[int, int]
    glow: Task | None
    round_no: int
    rounds: int
    leader: int | None
    peeking: bool

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
    def on_game_start(self, data: dict[str, Any]) -> float:
        return 0.0

    def on_round_start(self, data: dict[str, Any]) -> float:
        for zone in list(self.zones.rows):
            for ref in list(self.zones.row(zone)):
                self.send_to_pile(ref, DECK)
        if self.pass_and_play:
            self.set_viewer(None)  # the new round is dealt face down until the hand-off
        self.zones.piles = {DECK: 91}
        self.round_no = data["round"]
        self.dealer = data["anchor"]
        self.trick_state = (0, 0)
        self.first_out = set()
        self.choosing, self.refilling, self.revealing = True, False, False
        self.current = None
        self.peeking = False
        self.planned = []
        self.banner(_("Round {round} of {rounds}").format(round=self.round_no, rounds=self.rounds),
                    size=36, colour=theme.WHITE, life=1.0)
        return 0.5

    def on_objective(self, data: dict[str, Any]) -> float:
        card = data.get("objective")
        if card and data["seat"] == self.viewer:
            if self.pass_and_play and not self.peeking:
                self.zones.put(objective_zone(self.viewer), self.zones.placeholder())
            else:
                self.flip_in(objective_zone(self.viewer), card)
            return 0.3
        return 0.0

    def on_deal(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        cards = data["cards"] or [None] * 13
        place = (seat - (self.dealer or 0) - 1) % self.n
        for j, card in enumerate(cards):
            self.deal_card(hand_zone(seat), card, delay=(j * self.n + place) * DEAL_STEP)
        self.app.sounds.play("deal")
        return OVERLAP

    def on_malus_chosen(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        for card in data.get("cards") or [None, None]:  # others' stay face down till the reveal
            self.zones.move(self.from_hand(seat, card), malus_zone(seat))
        return 0.15

    def on_malus_reveal(self, data: dict[str, Any]) -> float:
        for seat, area in enumerate(data["areas"]):
            self.zones.reveal(malus_zone(seat), area)
        self.choosing = False
        self.app.sounds.play("flip")
        return 0.6

    def on_first_leader(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        self.leader = seat
        self.banner(_("Lowest malus: leads"), f"seat:{seat}", 24, theme.WHITE, 1.0)
        return 0.5

    def on_trick_start(self, data: dict[str, Any]) -> float:
        self.leader = data["leader"]
        self.refilling = False
        self.trick_state = (0, 0)
        self.current = data["leader"]
        return 0.1

    def on_lead_passes(self, data: dict[str, Any]) -> float:
        self.leader = self.current = data["seat"]
        self.banner(_("Now leads"), f"seat:{data['seat']}", 22, theme.WHITE, 0.8)
        return 0.3

    # -- plays -----------------------------------------------------------------------------------
    def on_play(self, data: dict[str, Any]) -> float:
        seat, kind = data["seat"], data["kind"]
        board = {card: owner for owner, card in data.get("board") or []}
        groups = self.trick_group_count()
        zone = trick_zone(groups - 1 if kind == "fusion" and groups else groups)
        for card in data["cards"]:
            if card in board and card in self.zones.row(malus_zone(board[card])):
                ref = card
            else:
                ref = self.from_hand(seat, card)
            self.zones.move(ref, zone)
        self.trick_state = (data["trick"][0], data["trick"][1])
        self.top_kind = kind
        self.lone_joker = data.get("joker_value") is not None
        self.current = None
        self.app.sounds.play("deal")
        if data.get("out_of_turn"):
            self.banner(_("Facteur X!"), f"seat:{seat}", 34)
            self.app.sounds.play("call")
        elif kind == "fusion":
            self.banner(_("Fusion X!"), "trick", 32)
            self.glow = Task(0.6 * max(self.speed, 0.3), blocking=False, delay=0.2 * self.speed)
            self.tasks.append(self.glow)
        elif kind == "facteur_x":
            self.banner(_("Facteur X!"), f"seat:{seat}", 30)
        return 0.3

    def on_num_x(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        ref = self.from_hand(seat, data["card"])
        self.zones.move(ref, trick_zone(self.trick_group_count()))
        self.banner(_("Num-X!"), "trick", 38, theme.DANGER)
        self.app.sounds.play("call")
        return 0.5

    def on_trick_end(self, data: dict[str, Any]) -> float:
        refs = [r for z, row in list(self.zones.rows.items()) if z.startswith("trick:")
                for r in row]
        # A Num-X went to the discard pile when it was played, before the trick's cards.
        refs.sort(key=lambda r: KIND.get(r) != "numx")
        for i, ref in enumerate(refs):
            self.zones.move(ref, DISCARD)
            sprite = self.sprites.get(ref)
            if sprite is not None:
                sprite.place(*G.DISCARD_SPOT, G.PILE_CARD, self.speed, delay=i * SWEEP_STEP)
        reason = data.get("reason")
        if reason == "infini_4":
            self.banner(_("Infini 4!"), "trick", 34)
        elif reason == "uncovered":
            self.banner(_("Wins the trick"), f"seat:{data['leader']}", 24, theme.WHITE, 1.0)
        self.trick_state = (0, 0)
        self.leader = data["leader"]
        self.refilling = True
        self.app.sounds.play("deal")
        return 0.45

    def on_pass(self, data: dict[str, Any]) -> float:
        self.banner(_("Pass"), f"seat:{data['seat']}", 22, theme.WHITE, 0.7)
        return 0.25

    def on_special(self, data: dict[str, Any]) -> float:
        seat, card, mode = data["seat"], data["card"], data["mode"]
        self.zones.move(self.from_hand(seat, card), DISCARD)
        numbers = malus_plus_numbers(tuple(map(tuple, self.session.options.malus_plus_values)))
        if mode in (ONE, ALL):
            hand = numbers[card][0]
            targets = [data["target"]] if mode == ONE else [
                (seat + k) % self.n for k in range(self.n)]
            for target in targets:
                self.pending_hand[target] = hand
        words = special_words(card, mode, data["target"], self.names, numbers)
        self.banner(words, f"seat:{seat}", 20, theme.WHITE, 1.6)
        self.app.sounds.play("call")
        return 0.6

    def on_areas(self, data: dict[str, Any]) -> float:
        """A Swipe: whole malus areas slide to their new seats."""
        for seat, area in enumerate(data["areas"]):
            self.zones.rows[malus_zone(seat)] = list(area)
        return 0.5

    def on_draw(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        cards = data.get("cards")
        if cards is None:  # another seat's draw: only the number of cards is known
            count = self.pending_hand.pop(seat, 1)
            cards = [None] * min(count, self.zones.piles.get(DECK, 0))
        else:
            self.pending_hand.pop(seat, None)
        for j, card in enumerate(cards):
            self.deal_card(hand_zone(seat), card, delay=j * 0.1)
        self.sort_own(seat)
        self.app.sounds.play("deal")
        return 0.3

    def on_malus_draw(self, data: dict[str, Any]) -> float:
        for j, card in enumerate(data["cards"]):
            self.deal_card(malus_zone(data["seat"]), card, delay=0.1 + j * 0.12)
        self.app.sounds.play("flip")
        return 0.35

    def on_take(self, data: dict[str, Any]) -> float:
        seat, card = data["seat"], data["card"]
        if card in self.zones.row(malus_zone(data["owner"])):
            self.zones.move(card, hand_zone(seat))
        else:
            self.zones.put(hand_zone(seat), card)
        self.sort_own(seat)
        self.app.sounds.play("deal")
        return 0.3

    def on_first_out(self, data: dict[str, Any]) -> float:
        self.first_out.add(data["seat"])
        self.banner(_("\u2605 First out!"), f"seat:{data['seat']}", 28)
        return 0.6

    # -- refilling and the end of the round ------------------------------------------------------
    def on_replenish(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        from_deck = data.get("from_deck", 0)
        for j, card in enumerate(data["cards"]):
            if j < from_deck:
                self.deal_card(malus_zone(seat), card, delay=j * 0.12)
            else:
                self.zones.move(self.from_hand(seat, card), malus_zone(seat))
        self.app.sounds.play("flip")
        return 0.35

    def on_round_end(self, data: dict[str, Any]) -> float:
        refs = [r for z, row in list(self.zones.rows.items()) if z.startswith("trick:")
                for r in row]
        for ref in refs:
            self.zones.move(ref, DISCARD)
        self.trick_state = (0, 0)
        self.refilling = True
        self.current = None
        self.banner(_("End of the round"), size=34, colour=theme.WHITE, life=1.2)
        return 0.8

    def on_reveal(self, data: dict[str, Any]) -> float:
        self.revealing = True
        self.refilling = False
        for seat, cards in enumerate(data["hands"]):
            self.zones.reveal(hand_zone(seat), cards)
        for seat, card in enumerate(data.get("objectives") or []):
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

    def on_round_scored(self, data: dict[str, Any]) -> float:
        self.history.append(data)
        before = list(self.totals)
        for seat, row in enumerate(data["seats"]):
            self.tally(seat, before[seat], data["totals"][seat])
            if row.get("applied"):
                self.banner(_("Objective {n} \u2713").format(n=row["objective"]),
                            f"seat:{seat}", 22, theme.OK, 1.4)
        self.totals = list(data["totals"])
        self.scores = list(self.totals)
        self.show_summary(round_title(data, self.rounds), columns(),
                          round_rows(data, self.names), note=round_note(data))
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
            self.after(0.05 * k, lambda k=k: step(k))

    def on_game_over(self, data: dict[str, Any]) -> float:
        winners = ", ".join(label(self.names[s]) for s in data["winners"])
        self.show_game_over(ngettext("highest total after {n} round: {names}",
                                     "highest total after {n} rounds: {names}",
                                     self.rounds).format(n=self.rounds, names=winners))
        return 0.3

