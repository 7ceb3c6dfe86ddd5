"""How Kaël's events animate: the deal, lays sliding to the table, draws and takes, the good draw,
the cut, the call, the reveal and the totals counting up (with a landing's slide down by 25).

Each handler receives the event as the viewer may see it (another seat's deal or draw has its
cards blanked) and only moves refs between zones; the kit then glides every card to its slot.
Once the queue has played, the table is rebuilt from the viewer's observation anyway.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from ....engine.events import Event
from ....games.kael.cards import hand_total
from ....games.kael.events import (
    CardDrawn,
    CardsLaid,
    CardTaken,
    ChainCut,
    CutWindowOpened,
    DeckRebuilt,
    DrewOnly,
    FaceUpTurned,
    GameOver,
    GoodDrawLaid,
    GoodDrawOffered,
    HandDealt,
    HandSizeChosen,
    HandsRevealed,
    KaelCalled,
    RoundScored,
    RoundStarted,
    TurnBegan,
)
from ....i18n import _, ngettext
from ... import theme
from ...people import said
from ...table.dispatch import Handlers
from ...table.scene import OVERLAP
from .base import KaelBase
from .geometry import DECK, TABLE, hand_zone, sort_key
from .summary import columns, round_note, round_rows
from .words import END_REASONS, round_title


class KaelEvents(KaelBase):
    """The event handlers of the Kaël table (mixed into ``KaelTable``)."""

    def event_handlers(self) -> Handlers:
        return (
            Handlers()
            .on(RoundStarted, self.on_round_start)
            .on(HandSizeChosen, self.on_hand_size)
            .on(HandDealt, self.on_deal)
            .on(FaceUpTurned, self.on_face_up)
            .on(TurnBegan, self.on_turn)
            .on(CardsLaid, self.on_lay)
            .on(CardDrawn, self.on_draw)
            .on(CardTaken, self.on_take)
            .on(DrewOnly, self.on_draw_only)
            .on(DeckRebuilt, self.on_rebuild)
            .on(GoodDrawOffered, self.on_good_draw_window)
            .on(GoodDrawLaid, self.on_good_draw)
            .on(CutWindowOpened, self.on_cut_window)
            .on(ChainCut, self.on_cut)
            .on(KaelCalled, self.on_kael)
            .on(HandsRevealed, self.on_reveal)
            .on(RoundScored, self.on_round_scored)
            .on(GameOver, self.on_game_over)
        )

    def on_round_start(self, event: RoundStarted) -> float:
        for seat in range(self.n):
            for ref in list(self.zones.row(hand_zone(seat))):
                self.send_to_pile(ref, DECK)
        for ref in list(self.zones.row(TABLE)):
            self.send_to_pile(ref, DECK)
        if self.pass_and_play:
            self.set_viewer(None)  # the new round is dealt face down until the hand-off
        self.round_no = event.round
        self.dealer = event.dealer
        self.caller, self.final_queue, self.revealed = None, (), {}
        self.zones.piles = {DECK: 56}
        self.banner(
            _("Round {round}").format(round=self.round_no),
            "round",
            size=36,
            colour=theme.WHITE,
            life=1.0,
        )
        return 0.4

    def on_hand_size(self, event: HandSizeChosen) -> float:
        size = self.hand_size = event.size
        words = said(
            self.names[event.seat],
            ngettext("You deal {n} card", "You deal {n} cards", size),
            ngettext("{name} deals {n} card", "{name} deals {n} cards", size),
            n=size,
        )
        self.status = words
        self.banner(words, size=30, colour=theme.WHITE)
        return 0.5

    def on_deal(self, event: HandDealt) -> float:
        seat = event.seat
        cards: list[str | None] = list(event.cards or [None] * self.hand_size)
        if seat == self.viewer and event.cards:
            mine = sorted(event.cards, key=sort_key)
            cards = list(mine)
        place = (seat - self.dealer - 1) % self.n if self.dealer is not None else seat
        for j, card in enumerate(cards):
            self.deal_card(hand_zone(seat), card, delay=(j * self.n + place) * 0.05)
        self.app.sounds.play("deal")
        return OVERLAP

    def on_face_up(self, event: FaceUpTurned) -> float:
        self.deal_card(TABLE, event.card, delay=0.1)
        return 0.3

    def on_turn(self, event: TurnBegan) -> float:
        self.current = event.seat
        final = _(" (final turn)") if event.final else ""
        self.status = self.whose(event.seat, _("your turn") + final, _("{name} to play") + final)
        if event.final:
            self.final_queue = self.still_owed(event.seat)
        return 0.05

    def still_owed(self, current: int) -> tuple[int, ...]:
        """The seats still owed a final turn while ``current`` plays its own: those after it,
        up to the caller (spec 5.9)."""
        if self.caller is None:
            return ()
        order = [(current + k) % self.n for k in range(1, self.n)]
        owed = order[: order.index(self.caller)] if self.caller in order else order
        return tuple(s for s in owed if s not in self.out_seats)

    def on_lay(self, event: CardsLaid) -> float:
        zone = hand_zone(event.seat)
        for card in event.cards:
            self.zones.move(self.zones.take(zone, card), TABLE)
        self.app.sounds.play("deal")
        if event.set == "square" or len(event.cards) == 4:
            self.banner(_("Square!"), f"seat:{event.seat}", 30)
        return 0.15

    def on_draw(self, event: CardDrawn) -> float:
        self.deal_card(hand_zone(event.seat), event.card, 0.0)
        self.resort(event.seat)
        return 0.1

    def on_take(self, event: CardTaken) -> float:
        seat, card = event.seat, event.card
        table = self.zones.row(TABLE)
        ref = card if card in table else (table[-1] if table else self.zones.placeholder())
        if ref in table:
            self.zones.move(ref, hand_zone(seat))
        else:
            self.zones.put(hand_zone(seat), card)
        self.resort(seat)
        self.app.sounds.play("deal")
        return 0.15

    def on_draw_only(self, event: DrewOnly) -> float:
        return 0.0  # the draw or take event that follows moves the card

    def on_rebuild(self, event: DeckRebuilt) -> float:
        table = self.zones.row(TABLE)
        for ref in table[:-1]:
            self.send_to_pile(ref, DECK)
        self.banner(_("The deck is rebuilt from the table"), size=26, colour=theme.WHITE)
        return 0.5

    def on_good_draw_window(self, event: GoodDrawOffered) -> float:
        return 0.0

    def on_good_draw(self, event: GoodDrawLaid) -> float:
        seat = event.seat
        self.zones.move(self.zones.take(hand_zone(seat), event.card), TABLE)
        self.banner(_("Good draw!"), f"seat:{seat}", 30)
        self.app.sounds.play("call")
        return 0.3

    def on_cut_window(self, event: CutWindowOpened) -> float:
        self.window_note = ""
        return 0.0

    def on_cut(self, event: ChainCut) -> float:
        seat = event.seat
        for card in event.cards:
            self.zones.move(self.zones.take(hand_zone(seat), card), TABLE)
        self.banner(_("Cut!"), f"seat:{seat}", 38)
        self.app.sounds.play("call")
        return 0.5

    def ends_window(self, event: Event) -> bool:
        return isinstance(event, ChainCut)

    def on_kael(self, event: KaelCalled) -> float:
        seat = event.seat
        self.caller = seat
        self.banner(_("Kaël!"), f"seat:{seat}", 44)
        self.app.sounds.play("call")
        # Nobody is marked "final turn" yet: a false call (over 5 points) is scored at once,
        # with no final turns (spec 5.9, K-A24); the first final turn, if any, marks the rest.
        self.final_queue = ()
        self.status = self.whose(seat, _("you call Kaël"), _("{name} calls Kaël"))
        return 0.9

    def on_reveal(self, event: HandsRevealed) -> float:
        self.current = None  # the hands are shown and scored: nobody's turn (no plate lit)
        self.final_queue = ()
        self.revealed = {}
        for seat_text, cards in event.hands.items():
            seat = int(seat_text)
            self.zones.reveal(hand_zone(seat), list(cards))
            self.revealed[seat] = hand_total(cards)
        self.app.sounds.play("flip")
        return 1.0

    def on_round_scored(self, event: RoundScored) -> float:
        self.history.append(event)
        self.final_queue = ()
        title = round_title(event, self.names)
        self.status = title  # what happened, e.g. a false call: +20
        before = list(self.totals)
        landed = set(event.landings)
        for seat_text, gained in event.points.items():
            seat = int(seat_text)
            if gained:
                self.tally(seat, before[seat], before[seat] + gained, seat in landed)
        self.totals = list(event.totals)
        self.scores = list(self.totals)
        for seat in event.eliminated:
            self.out_seats.add(seat)
            self.after(
                1.4, functools.partial(self.banner, _("Out!"), f"seat:{seat}", 36, theme.DANGER)
            )
        self.show_summary(title, columns(), round_rows(event, self.names), note=round_note())
        self.app.sounds.play("chip")
        return 1.6 if landed else 1.0

    def tally(self, seat: int, start: int, end: int, landed: bool) -> None:
        """The total counts up; a landing then slides it down by 25 with a call-out."""
        self.shown_totals[seat] = float(start)
        steps = 12

        def step(k: int) -> None:
            self.shown_totals[seat] = start + (end - start) * k / steps

        for k in range(1, steps + 1):
            self.after(0.05 * k, functools.partial(step, k))
        if landed:

            def land(k: int) -> None:
                self.shown_totals[seat] = end - 25 * k / steps

            self.after(
                0.7,
                lambda: self.banner(
                    _("Landing! {a} \u2192 {b}").format(a=end, b=end - 25), f"seat:{seat}", 28
                ),
            )
            for k in range(1, steps + 1):
                self.after(0.8 + 0.05 * k, functools.partial(land, k))

    def on_game_over(self, event: GameOver) -> float:
        reason = event.reason
        self.show_game_over(_(END_REASONS[reason]) if reason in END_REASONS else reason)
        return 0.3

    def history_rows(self, events: Sequence[Event]) -> None:
        self.history = [e for e in events if isinstance(e, RoundScored)]
