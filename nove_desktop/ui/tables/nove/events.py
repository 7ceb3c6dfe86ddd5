"""How NOVE's events animate: one handler per kind, each taking its typed event and returning
the pause the table keeps after it (seconds, before the animation speed) or ``OVERLAP``."""

from __future__ import annotations

from collections.abc import Sequence

from ....games.nove import events as ev
from ....games.nove import hand as H
from ....i18n import _
from ... import theme
from ...people import label, said
from ...table.dispatch import Handlers
from ...table.scene import OVERLAP
from .base import CARDS_IN_DECK, DECK, DISCARD, NoveBase, hand_zone
from .summary import columns, plain_row, score_row
from .words import end_reason, option_name, turn_words


class NoveEvents(NoveBase):
    def event_handlers(self) -> Handlers:
        return (
            Handlers()
            .on(ev.RoundStarted, self.on_round_start)
            .on(ev.Dealt, self.on_deal)
            .on(ev.Revealed, self.on_reveal)
            .on(ev.ThreeOfAKind, self.on_three_of_a_kind)
            .on(ev.ThreeOfAKindWon, self.on_three_of_a_kind_win)
            .on(ev.NoveCalled, self.on_nove)
            .on(ev.NoveHolder, self.on_nove_holder)
            .on(ev.NoveTenPoints, self.on_nove_ten_points)
            .on(ev.NoveFinito, self.on_nove_finito)
            .on(ev.FourOfAKind, self.on_four_of_a_kind)
            .on(ev.ExchangeStarted, self.on_exchange_start)
            .on(ev.Discarded, self.on_discard)
            .on(ev.Redealt, self.on_redeal)
            .on(ev.Reshuffled, self.on_reshuffle)
            .on(ev.Step2Started, self.on_step2_start)
            .on(ev.TurnStarted, self.on_turn)
            .on(ev.HitTaken, self.on_hit)
            .on(ev.Stood, self.on_stand)
            .on(ev.Bust, self.on_bust)
            .on(ev.SpecialCase, self.on_special_case)
            .on(ev.SpecialDeal, self.on_special_deal)
            .on(ev.JokersShown, self.on_jokers_shown)
            .on(ev.Showdown, self.on_showdown)
            .on(ev.JokerSet, self.on_joker_set)
            .on(ev.RoundScored, self.on_round_scored)
            .on(ev.GameOver, self.on_game_over)
        )  # game_start moves nothing

    # -- the round's frame -----------------------------------------------------------------------
    def on_round_start(self, event: ev.RoundStarted) -> float:
        for seat in range(self.n):
            for ref in list(self.zones.row(hand_zone(seat))):
                self.send_to_pile(ref, DECK)
        if self.pass_and_play:
            self.set_viewer(None)  # the new round is dealt face down until the hand-off
        self.round_no = event.round
        self.dealer = event.dealer
        self.order = event.order
        self.busted, self.stood, self.exchanged = set(), set(), {}
        self.announcements = []
        self.jokers = {}
        self.zones.piles = {DECK: CARDS_IN_DECK, DISCARD: 0}
        self.current = None
        self.status = said(
            self.names[event.dealer],
            _("Round {round}: you deal"),
            _("Round {round}, dealer: {name}"),
            round=self.round_no,
        )
        self.banner(
            _("Round {round}").format(round=self.round_no),
            "round",
            size=38,
            colour=theme.WHITE,
            life=1.0,
        )
        return 0.4

    def on_deal(self, event: ev.Dealt) -> float:
        seat = event.seat
        cards: Sequence[str | None] = event.cards or (None, None, None)
        place = self.order.index(seat) if seat in self.order else seat
        for j, card in enumerate(cards):
            self.deal_card(hand_zone(seat), card, delay=(j * self.n + place) * 0.07)
        self.app.sounds.play("deal")
        return OVERLAP  # the next seat's cards leave the deck while these fly

    def on_reveal(self, event: ev.Revealed) -> float:
        self.zones.reveal(hand_zone(event.seat), list(event.cards))
        self.app.sounds.play("flip")
        return 0.3

    def on_reshuffle(self, event: ev.Reshuffled) -> float:
        self.zones.piles[DECK] = event.count
        self.zones.piles[DISCARD] = 0
        self.banner(_("Reshuffle"), size=32, colour=theme.WHITE)
        return 0.6

    # -- Step 1 and the exchange -----------------------------------------------------------------
    def on_three_of_a_kind(self, event: ev.ThreeOfAKind) -> float:
        self.banner(_("THREE OF A KIND!"), f"seat:{event.seat}", 32)
        return 0.8

    def on_three_of_a_kind_win(self, event: ev.ThreeOfAKindWon) -> float:
        seat, scores = event.seat, event.scores
        self.banner(_("{name} +6").format(name=label(self.names[seat])), size=46)
        self.app.sounds.play("call")
        self.score_change({seat: 6}, scores)
        rows = [
            plain_row(
                self.names,
                s,
                6 if s == seat else 0,
                _("THREE OF A KIND +6") if s == seat else "",
                scores,
            )
            for s in self.order
        ]
        self.show_summary(_("THREE OF A KIND ends the round"), columns(), rows)
        return 1.0

    def on_nove(self, event: ev.NoveCalled) -> float:
        seat = event.seat
        self.zones.reveal(hand_zone(seat), list(event.cards))
        self.announcements.append((seat, event.value, event.pair, event.step))
        self.banner(_("NOVE! ({value})").format(value=event.value), f"seat:{seat}", 38)
        self.app.sounds.play("call")
        return 1.0

    def on_nove_holder(self, event: ev.NoveHolder) -> float:
        self.status = said(
            self.names[event.seat],
            _("NOVE: you, with {value}"),
            _("NOVE: {name} with {value}"),
            value=event.value,
        )
        return 0.3

    def instant_win(self, seat: int, points: int, scores: Sequence[int], title: str) -> float:
        """A round that wins the game at once: the banner, the chips and the summary."""
        self.banner(title, size=52)
        self.app.sounds.play("win")
        self.score_change({seat: points}, scores)
        rows = [
            plain_row(self.names, s, points if s == seat else 0, title if s == seat else "", scores)
            for s in self.order
        ]
        self.show_summary(title, columns(), rows)
        return 1.4

    def on_nove_ten_points(self, event: ev.NoveTenPoints) -> float:
        return self.instant_win(event.seat, event.points, event.scores, _("NOVE at 10 points!"))

    def on_nove_finito(self, event: ev.NoveFinito) -> float:
        return self.instant_win(event.seat, event.points, event.scores, _("NOVE FINITO!"))

    def on_exchange_start(self, event: ev.ExchangeStarted) -> float:
        self.status = _("Exchange: give back up to 3 cards")
        return 0.2

    def on_discard(self, event: ev.Discarded) -> float:
        seat, count = event.seat, event.count
        zone = hand_zone(seat)
        known: Sequence[str | None] = event.cards or [None] * count
        for card in known:
            self.send_to_pile(self.zones.take(zone, card), DISCARD)
        self.exchanged[seat] = count
        if count:
            self.app.sounds.play("deal")
        return 0.15

    def on_redeal(self, event: ev.Redealt) -> float:
        seat = event.seat
        cards: Sequence[str | None] = event.cards or [None] * self.exchanged.get(seat, 0)
        for j, card in enumerate(cards):
            self.deal_card(hand_zone(seat), card, delay=j * 0.08)
        return 0.0

    # -- Step 2 ----------------------------------------------------------------------------------
    def on_step2_start(self, event: ev.Step2Started) -> float:
        self.status = _("Step 2: hit or stand")
        return 0.2

    def on_turn(self, event: ev.TurnStarted) -> float:
        self.current = event.seat
        self.status = turn_words(self.names, self.viewer, self.current, _("Step 2: hit or stand"))
        return 0.1

    def on_hit(self, event: ev.HitTaken) -> float:
        self.deal_card(hand_zone(event.seat), event.card, 0.0)
        self.app.sounds.play("deal")
        return 0.1

    def on_stand(self, event: ev.Stood) -> float:
        self.stood.add(event.seat)
        self.banner(_("STOP"), f"seat:{event.seat}", 26, theme.WHITE, 0.8)
        return 0.3

    def on_bust(self, event: ev.Bust) -> float:
        self.busted.add(event.seat)
        self.banner(
            _("BUST! ({value})").format(value=event.value), f"seat:{event.seat}", 32, theme.DANGER
        )
        self.app.sounds.play("bust")
        return 0.7

    def on_four_of_a_kind(self, event: ev.FourOfAKind) -> float:
        return self.instant_win(event.seat, event.points, event.scores, _("FOUR OF A KIND!"))

    def on_special_case(self, event: ev.SpecialCase) -> float:
        for seat, cards in event.hands.items():
            self.zones.reveal(hand_zone(int(seat)), list(cards))
        self.banner(
            _("First two players bust: cards face up"), size=28, colour=theme.WHITE, life=1.8
        )
        return 1.2

    def on_special_deal(self, event: ev.SpecialDeal) -> float:
        self.deal_card(hand_zone(event.seat), event.card, 0.0)
        return 0.2

    def on_jokers_shown(self, event: ev.JokersShown) -> float:
        self.banner(_("Who hit the jokers?"), f"seat:{event.seat}", 26)
        for item in event.jokers:
            self.jokers[item.joker] = (item.state, "7" if item.state == H.FORCED else None)
            self.zones.reveal(hand_zone(item.seat), [item.joker])
        if not event.jokers:
            self.banner(_("No joker was hit"), size=28, colour=theme.WHITE)
        return 1.0

    # -- Step 3: scoring -------------------------------------------------------------------------
    def on_showdown(self, event: ev.Showdown) -> float:
        for seat, cards in event.hands.items():
            self.zones.reveal(hand_zone(int(seat)), list(cards))
        self.status = _("Step 3: scoring")
        self.app.sounds.play("flip")
        return 0.7

    def on_joker_set(self, event: ev.JokerSet) -> float:
        if event.joker:
            self.jokers[event.joker] = (H.FREE, event.option)
        self.banner(
            _("joker = {value}").format(value=option_name(event.option)),
            f"seat:{event.seat}",
            24,
            theme.WHITE,
            0.9,
        )
        return 0.4

    def on_round_scored(self, event: ev.RoundScored) -> float:
        self.score_change({row.seat: row.points for row in event.rows}, event.scores)
        for row in event.rows:
            if row.thirty_one:
                self.banner(_("31!"), f"seat:{row.seat}", 38)
            elif row.capo:
                self.banner(_("CAPO!"), f"seat:{row.seat}", 38)
        rows = [score_row(self.names, row, event.rows, event.scores) for row in event.rows]
        self.show_summary(_("Round {round}").format(round=self.round_no), columns(), rows)
        self.app.sounds.play("chip")
        return 0.9

    def on_game_over(self, event: ev.GameOver) -> float:
        self.show_game_over(end_reason(event.reason))
        return 0.3
