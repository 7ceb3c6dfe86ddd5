"""The Kaël table: what is particular to Kaël on the table kit (spec kael.md 7.5 and 15).

Zones: one hand per seat and the table pile (its top card whole, the chain of equal ranks fanned
beneath it); the deck is a pile. A turn: pick a single, pair or triple (cards of one rank snap
together), then "Draw from deck" or "Take [card]"; the X and squares are one "Lay (no draw)".
The cut window runs a countdown ring round the table pile for its full length whenever a chain
of 2 or 3 appears; the good draw is a private prompt near the hand.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame

from ....engine.actions import Action
from ....engine.events import Event
from ....games.kael.actions import (
    DECK_SOURCE,
    TABLE_SOURCE,
    CallKael,
    ChooseHandSize,
    Cut,
    DrawOnly,
    GoodDraw,
    KeepCard,
    Lay,
    LayPass,
    LaySquare,
    Pass,
    action_reason,
)
from ....games.kael.cards import POINTS, RANK, hand_total
from ....games.kael.state import Phase
from ....i18n import _, ngettext
from ... import theme
from ...people import label, said
from ...refusals import reason_text
from ...setup_options import OptionSpec, seat_option
from ...table import paint
from ...table.layout import Side
from ...table.moments import Moment, OpenMoment
from ...table.scene import OVERLAP, Slot, TableScene, colour_for
from ...table.text import fitted
from ...widgets import Button, Widget
from .words import (
    CASES,
    END_REASONS,
    YOUR_CASES,
    card_words,
    cards_words,
    event_words,
    rank_words,
)

DECK = "deck"
TABLE = "table"
GOOD_DRAW_SECONDS = 4.0
FAN_STEP = 26.0  # design units between the fanned cards of a chain
CUT_RING = 78.0  # the cut window's countdown ring around the pile (radius, design units)
def hand_zone(seat: int) -> str:
    return f"hand:{seat}"


class KaelTable(TableScene):
    game_id = "kael"
    deck = "kael"
    seat_area = (220.0, 118.0)
    own_width = 92.0
    other_width = 54.0
    deck_spot = (540.0, 300.0)
    table_spot = (700.0, 300.0)

    def __init__(self, app: Any, session: Any, resumed: bool = False) -> None:
        self.round_no = 0
        self.totals: list[int] = []
        self.lost_landing: set[int] = set()
        self.out_seats: set[int] = set()
        self.caller: int | None = None
        self.final_queue: tuple[int, ...] = ()
        self.chain = (None, 0)
        self.revealed: dict[int, int] = {}
        self.selected: list[str] = []
        self.history: list[dict[str, Any]] = []
        self.shown_totals: dict[int, float] = {}
        self.window_note = ""
        self.hand_size = 5
        self.preferred: Widget | None = None  # the button the next controls focus first
        super().__init__(app, session, resumed)

    # == setup ===================================================================================
    @classmethod
    def setup_options(cls) -> list[OptionSpec]:
        return [
            OptionSpec("deal_mode", _("Cards per round"), ["dealer_choice", "fixed"],
                       lambda v: _("dealer chooses 2-7") if v == "dealer_choice" else _("fixed"),
                       hint=_("The original rule: each round the dealer picks the hand size.")),
            OptionSpec("hand_size", _("Fixed hand size"), list(range(2, 8)),
                       lambda v: ngettext("{n} card", "{n} cards", v).format(n=v),
                       hint=_("Used only when the cards per round are fixed."),
                       applies=lambda values: values.get("deal_mode") == "fixed"),
            seat_option("first_dealer", _("First dealer"), ["random"], _("drawn at random")),
            OptionSpec("false_kael_allowed", _("False Kaël calls"), [True, False],
                       lambda v: _("allowed (+20)") if v else _("not offered"),
                       hint=_("Not offered: Kaël can only be called with 5 points or less.")),
            OptionSpec("end_rule", _("End of the game"), ["last_survivor", "first_elimination"],
                       lambda v: _("last player standing") if v == "last_survivor" else _(
                           "first elimination"),
                       hint=_("First elimination makes a short game: the lowest total wins.")),
        ]

    def extra_hud_buttons(self) -> list[Button]:
        return [Button(_("History"), self.open_history)]

    # == the model ===============================================================================
    def zones_from(self, obs: Any) -> tuple[dict[str, list[str | None]], dict[str, int]]:
        rows: dict[str, list[str | None]] = {}
        for seat in obs.seats:
            if obs.revealed_hands is not None:
                rows[hand_zone(seat.seat)] = list(obs.revealed_hands[seat.seat])
            elif seat.seat == self.viewer:
                rows[hand_zone(seat.seat)] = sorted(obs.hand, key=sort_key)
            else:
                hidden = seat.card_count - len(seat.known_cards)
                rows[hand_zone(seat.seat)] = [*([None] * hidden), *seat.known_cards]
        rows[TABLE] = [card for card, _who in obs.table]
        return rows, {DECK: obs.deck_count}

    def derive(self, obs: Any) -> None:
        self.round_no = obs.round_no
        self.dealer = obs.dealer
        self.totals = [s.total for s in obs.seats]
        self.scores = list(self.totals)
        self.shown_totals = {}
        self.lost_landing = {s.seat for s in obs.seats if not s.landing_benefit}
        self.out_seats = {s.seat for s in obs.seats if s.eliminated}
        self.caller = obs.caller
        self.final_queue = tuple(obs.final_queue)
        self.current = obs.current
        self.chain = (obs.chain_rank, obs.chain_length)
        if obs.revealed_hands is None:
            self.revealed = {}
        self.status = self.status_from(obs)

    def status_from(self, obs: Any) -> str:
        if obs.phase == Phase.GAME_OVER:
            return _("The game is over")
        if obs.phase == Phase.CHOOSE_HAND_SIZE:
            return self.whose(obs.dealer, _("you choose how many cards to deal"),
                              _("{name} chooses how many cards to deal"))
        if obs.phase == Phase.CUT_WINDOW:
            return self.window_note or _("A chain of {count} {rank}s: cut?").format(
                count=obs.chain_length, rank=rank_words(obs.chain_rank or ""))
        if obs.current is None:
            return ""
        final = _(" (final turn)") if obs.caller is not None else ""
        return self.whose(obs.current, _("your turn") + final, _("{name} to play") + final)

    def whose(self, seat: int, mine: str, other: str) -> str:
        return mine if seat == self.viewer else other.format(name=label(self.names[seat]))

    # == layout ==================================================================================
    def zone_slots(self, zone: str, count: int) -> list[Slot]:
        if zone == TABLE:
            return self.table_slots(count)
        seat = int(zone.split(":")[1])
        spot = self.spot(seat)
        own = spot.side is Side.BOTTOM and seat == self.viewer
        width = self.own_width if own else self.other_width
        spacing = width * (0.82 if own else 0.5)
        room = spot.area.width - width
        if count > 1 and spacing * (count - 1) > room:
            spacing = room / (count - 1)
        x0 = spot.area.centerx - spacing * (count - 1) / 2
        y = spot.area.centery + (6 if own else 0)
        return [Slot(x0 + i * spacing, y, width) for i in range(count)]

    def table_slots(self, count: int) -> list[Slot]:
        """The table pile: older cards stacked, the chain fanned to the right so a run of one
        rank is obvious, the top card whole and last."""
        _rank, length = self.chain_of_model()
        fanned = max(1, min(length, 4))
        x, y = self.table_spot
        slots = []
        for i in range(count):
            from_top = count - 1 - i
            if from_top < fanned:
                slots.append(Slot(x + (fanned - 1 - from_top) * FAN_STEP, y, self.pile_width))
            else:
                slots.append(Slot(x - 4, y - 2, self.pile_width, shown=from_top == fanned))
        return slots

    def chain_of_model(self) -> tuple[str | None, int]:
        """The chain as the table shows it now (from the cards, not the observation, so it
        follows the animation)."""
        refs = self.zones.row(TABLE)
        if not refs or refs[-1].startswith("?"):
            return (None, 0)
        rank = RANK.get(refs[-1])
        count = 0
        for ref in reversed(refs):
            if RANK.get(ref) != rank:
                break
            count += 1
        return (rank, count)

    def pile_spot(self, pile: str) -> tuple[float, float]:
        return self.deck_spot

    def pile_label(self, pile: str, count: int) -> str:
        return _("deck: {n}").format(n=count)

    # == plates and the centre ===================================================================
    def score_text(self, seat: int) -> str:
        shown = self.shown_totals.get(seat)
        return str(round(shown)) if shown is not None else str(self.totals[seat])

    def seat_tags(self, seat: int) -> list[str]:
        tags = []
        if seat in self.out_seats:
            tags.append(_("out"))
        own = self.zones.row(hand_zone(seat)) if seat == self.viewer else []
        if own and seat not in self.out_seats and not self.revealed:  # no "hand 0" before a deal
            tags.append(_("hand {total}").format(total=self.own_total()))
        if seat in self.revealed:
            tags.append(_("hand {total}").format(total=self.revealed[seat]))
        if seat == self.caller:
            tags.append(_("called Kaël"))
        elif seat in self.final_queue:
            tags.append(_("final turn"))
        if seat in self.lost_landing:
            tags.append(_("no landings"))
        return tags

    def own_total(self) -> int:
        if self.viewer is None:
            return 0
        return hand_total([r for r in self.zones.row(hand_zone(self.viewer)) if r in POINTS])

    def draw_centre(self, surface: pygame.Surface) -> None:
        app = self.app
        rank, length = self.chain_of_model()
        if rank is not None and length >= 2:
            badge = _("\u00d7{n}").format(n=length)
            image = fitted(app, badge, app.s(60), app.s(20), theme.ACCENT, bold=True)
            surface.blit(image, image.get_rect(midleft=self.to_screen(self.badge_spot(length))))
        if not self.zones.row(TABLE):
            w, h = self.card_size(self.pile_width)
            outline = pygame.Rect(0, 0, w, h)
            outline.center = self.to_screen(self.table_spot)
            pygame.draw.rect(surface, theme.FELT_DARK, outline, max(1, app.s(2)), app.s(7))
        moment = self.moment
        if moment is not None and moment.moment.public:
            paint.countdown_ring(self, surface, self.ring_centre(length), CUT_RING,
                                 moment.countdown.left)
        elif moment is not None and self.viewer in self.session.to_act():
            paint.countdown_ring(self, surface, (640, 452), 14, moment.countdown.left)

    def ring_centre(self, length: int) -> tuple[float, float]:
        """The centre of the cut window's ring: the middle of the fanned chain."""
        x, y = self.table_spot
        return (x + (min(length, 4) - 1) * FAN_STEP / 2, y)

    def badge_spot(self, length: int) -> tuple[float, float]:
        """The left end of the chain's "\u00d73" badge: right of the pile, outside the cut
        window's ring (which would cut through it), at the same place with or without it."""
        cx, y = self.ring_centre(length)
        return (cx + CUT_RING + 12, y)

    def hud_text(self) -> str:
        return _("Round {round}   Deal number {seed}   H: history   R: rules").format(
            round=self.round_no, seed=self.session.seed)

    # == events -> animations ====================================================================
    def on_round_start(self, data: dict[str, Any]) -> float:
        for seat in range(self.n):
            for ref in list(self.zones.row(hand_zone(seat))):
                self.send_to_pile(ref, DECK)
        for ref in list(self.zones.row(TABLE)):
            self.send_to_pile(ref, DECK)
        if self.pass_and_play:
            self.set_viewer(None)  # the new round is dealt face down until the hand-off
        self.round_no = data["round"]
        self.dealer = data["dealer"]
        self.caller, self.final_queue, self.revealed = None, (), {}
        self.zones.piles = {DECK: 56}
        self.banner(_("Round {round}").format(round=self.round_no), "round", size=36,
                    colour=theme.WHITE, life=1.0)
        return 0.4

    def on_hand_size(self, data: dict[str, Any]) -> float:
        self.hand_size = data["size"]
        size = data["size"]
        words = said(self.names[data["seat"]],
                     ngettext("You deal {n} card", "You deal {n} cards", size),
                     ngettext("{name} deals {n} card", "{name} deals {n} cards", size), n=size)
        self.status = words
        self.banner(words, size=30, colour=theme.WHITE)
        return 0.5

    def on_deal(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        cards = data["cards"] or [None] * self.hand_size
        if seat == self.viewer:
            cards = sorted(cards, key=sort_key)
        place = (seat - self.dealer - 1) % self.n if self.dealer is not None else seat
        for j, card in enumerate(cards):
            self.deal_card(hand_zone(seat), card, delay=(j * self.n + place) * 0.05)
        self.app.sounds.play("deal")
        return OVERLAP

    def on_face_up(self, data: dict[str, Any]) -> float:
        self.deal_card(TABLE, data["card"], delay=0.1)
        return 0.3

    def on_turn(self, data: dict[str, Any]) -> float:
        self.current = data["seat"]
        final = _(" (final turn)") if data.get("final") else ""
        self.status = self.whose(self.current, _("your turn") + final,
                                 _("{name} to play") + final)
        if data.get("final"):
            self.final_queue = self.still_owed(self.current)
        return 0.05

    def still_owed(self, current: int) -> tuple[int, ...]:
        """The seats still owed a final turn while ``current`` plays its own: those after it,
        up to the caller (spec 5.9)."""
        if self.caller is None:
            return ()
        order = [(current + k) % self.n for k in range(1, self.n)]
        owed = order[:order.index(self.caller)] if self.caller in order else order
        return tuple(s for s in owed if s not in self.out_seats)

    def on_lay(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        zone = hand_zone(seat)
        for card in data["cards"]:
            self.zones.move(self.zones.take(zone, card), TABLE)
        self.app.sounds.play("deal")
        if data.get("set") == "square" or len(data["cards"]) == 4:
            self.banner(_("Square!"), f"seat:{seat}", 30)
        return 0.15

    def on_draw(self, data: dict[str, Any]) -> float:
        self.deal_card(hand_zone(data["seat"]), data.get("card"), 0.0)
        self.resort(data["seat"])
        return 0.1

    def on_take(self, data: dict[str, Any]) -> float:
        seat, card = data["seat"], data["card"]
        table = self.zones.row(TABLE)
        ref = card if card in table else (table[-1] if table else self.zones.placeholder())
        if ref in table:
            self.zones.move(ref, hand_zone(seat))
        else:
            self.zones.put(hand_zone(seat), card)
        self.resort(seat)
        self.app.sounds.play("deal")
        return 0.15

    def on_draw_only(self, data: dict[str, Any]) -> float:
        return 0.0  # the draw or take event that follows moves the card

    def on_rebuild(self, data: dict[str, Any]) -> float:
        table = self.zones.row(TABLE)
        for ref in table[:-1]:
            self.send_to_pile(ref, DECK)
        self.banner(_("The deck is rebuilt from the table"), size=26, colour=theme.WHITE)
        return 0.5

    def on_good_draw_window(self, data: dict[str, Any]) -> float:
        return 0.0

    def on_good_draw(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        self.zones.move(self.zones.take(hand_zone(seat), data["card"]), TABLE)
        self.banner(_("Good draw!"), f"seat:{seat}", 30)
        self.app.sounds.play("call")
        return 0.3

    def on_cut_window(self, data: dict[str, Any]) -> float:
        self.window_note = ""
        return 0.0

    def on_cut(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        for card in data["cards"]:
            self.zones.move(self.zones.take(hand_zone(seat), card), TABLE)
        self.banner(_("Cut!"), f"seat:{seat}", 38)
        self.app.sounds.play("call")
        return 0.5

    def ends_window(self, event: Event) -> bool:
        return event.kind == "cut"

    def on_kael(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        self.caller = seat
        self.banner(_("Kaël!"), f"seat:{seat}", 44)
        self.app.sounds.play("call")
        # Nobody is marked "final turn" yet: a false call (over 5 points) is scored at once,
        # with no final turns (spec 5.9, K-A24); the first final turn, if any, marks the rest.
        self.final_queue = ()
        self.status = self.whose(seat, _("you call Kaël"), _("{name} calls Kaël"))
        return 0.9

    def on_reveal(self, data: dict[str, Any]) -> float:
        self.current = None  # the hands are shown and scored: nobody's turn (no plate lit)
        self.final_queue = ()
        self.revealed = {}
        for seat_text, cards in data["hands"].items():
            seat = int(seat_text)
            self.zones.reveal(hand_zone(seat), cards)
            self.revealed[seat] = hand_total(cards)
        self.app.sounds.play("flip")
        return 1.0

    def on_round_scored(self, data: dict[str, Any]) -> float:
        self.history.append(data)
        self.final_queue = ()
        self.status = self.round_title(data)  # what happened, e.g. a false call: +20
        before = list(self.totals)
        points = {int(s): p for s, p in data["points"].items()}
        landed = set(data["landings"])
        for seat, gained in points.items():
            if gained:
                self.tally(seat, before[seat], before[seat] + gained, seat in landed)
        self.totals = list(data["totals"])
        self.scores = list(self.totals)
        for seat in data["eliminated"]:
            self.out_seats.add(seat)
            self.after(1.4, lambda seat=seat: self.banner(_("Out!"), f"seat:{seat}", 36,
                                                           theme.DANGER))
        self.show_summary(self.round_title(data), self.columns(), self.round_rows(data),
                          note=self.round_note(data))
        self.app.sounds.play("chip")
        return 1.6 if landed else 1.0

    def tally(self, seat: int, start: int, end: int, landed: bool) -> None:
        """The total counts up; a landing then slides it down by 25 with a call-out."""
        self.shown_totals[seat] = float(start)
        steps = 12

        def step(k: int) -> None:
            self.shown_totals[seat] = start + (end - start) * k / steps

        for k in range(1, steps + 1):
            self.after(0.05 * k, lambda k=k: step(k))
        if landed:
            def land(k: int) -> None:
                self.shown_totals[seat] = end - 25 * k / steps

            self.after(0.7, lambda: self.banner(
                _("Landing! {a} \u2192 {b}").format(a=end, b=end - 25), f"seat:{seat}", 28))
            for k in range(1, steps + 1):
                self.after(0.8 + 0.05 * k, lambda k=k: land(k))

    def on_game_over(self, data: dict[str, Any]) -> float:
        reason = data.get("reason") or ""
        self.show_game_over(_(END_REASONS[reason]) if reason in END_REASONS else reason)
        return 0.3

    def winners(self) -> list[int]:
        return list(self.observe().winners)

    def ranking(self) -> list[list[int]] | None:
        places = self.observe().ranking
        return [list(place) for place in places] if places else None

    def history_rows(self, events: Any) -> None:
        self.history = [e.data for e in events if e.kind == "round_scored"]

    # == the round summary and the history =======================================================
    def columns(self) -> list[str]:
        return [_("Player"), _("Hand"), _("Points"), _("Landing"), _("Total"), ""]

    def round_title(self, data: dict[str, Any]) -> str:
        case = data["case"]
        what = case
        if case in CASES:
            what = said(self.names[data["caller"]], _(YOUR_CASES[case]), _(CASES[case]))
        return _("Round {round}: {what}").format(round=data["round"], what=what)

    def round_rows(self, data: dict[str, Any]) -> list[list[Any]]:
        rows = []
        for seat_text, total in data["hand_totals"].items():
            seat = int(seat_text)
            gained = data["points"][seat_text]
            landed = seat in data["landings"]
            status = _("eliminated") if seat in data["eliminated"] else ""
            rows.append([
                self.names[seat] + (" \u2605" if seat == data["caller"] else ""),
                str(total),
                (f"+{gained}" if gained else "0", colour_for(-gained)),
                (_("\u221225 landing") if landed else "", theme.OK),
                str(data["totals"][seat]),
                (status, theme.DANGER),
            ])
        return rows

    def round_note(self, data: dict[str, Any]) -> str:
        return _("\u2605 called Kaël.  Landing: a total of exactly 25, 50, 75 or 100 drops by "
                 "25.  Above 100 a player is out.")

    def open_history(self) -> None:
        columns = [_("Round"), *self.names]
        rows: list[list[Any]] = []
        for data in self.history:
            row: list[Any] = [str(data["round"])]
            for seat in range(self.n):
                gained = data["points"].get(str(seat))
                if gained is None:
                    row.append(("\u2013", theme.MUTED))
                    continue
                mark = "\u2605" if seat == data["caller"] else ""
                land = " \u2193" if seat in data["landings"] else ""
                row.append(f"{mark}+{gained}{land} = {data['totals'][seat]}")
            rows.append(row)
        self.app.scenes.push("history", title=_("Game history"), columns=columns, rows=rows)

    def card_words(self, card: str) -> str:
        return card_words(card)

    def action_words(self, action: Action) -> str:
        reason = action_reason(action)
        cards = getattr(action, "cards", ())
        if isinstance(action, Lay) and len(cards) > 1 and len({RANK[c] for c in cards}) == 1:
            # "Lay a pair of 8s", as the log says it (card by card gave "a 8 and a 8")
            reason = dataclasses.replace(
                reason, params={**reason.params, "cards": cards_words(list(cards))})
        words = reason_text(reason, self.names, self.card_words)
        return words[:1].upper() + words[1:]

    def describe_event(self, event: Event) -> str | None:
        if event.kind == "round_scored":
            return self.round_title(event.data) + "."
        return event_words(event, self.names)

    # == decisions ===============================================================================
    def moment_for(self, acting: tuple[int, ...]) -> Moment | None:
        legal = self.session.legal(acting[0])
        if Pass() in legal:
            return Moment("cut", self.app.settings.window_seconds, Pass(), public=True)
        if KeepCard() in legal:
            return Moment("good_draw", GOOD_DRAW_SECONDS, KeepCard(), public=False)
        return None

    def auto_answer(self, seat: int, legal: list[Action]) -> Action | None:
        if GoodDraw() in legal and self.app.settings.always_good_draw:
            return GoodDraw()
        return None

    def window_controls(self, moment: OpenMoment, acting: tuple[int, ...]) -> list[Widget]:
        humans = [s for s in acting if self.session.is_human(s)]
        if not humans:
            return []
        if not self.pass_and_play:
            seat = humans[0]
            buttons: list[Widget] = []
            if Cut() in self.session.legal(seat):
                buttons.append(keyed(Button(_("CUT!  (C)"),
                                            lambda: self.answer_window(seat, Cut()),
                                            primary=True), pygame.K_c))
            buttons.append(Button(_("Go on"), lambda: self.answer_window(seat, Pass())))
            return buttons
        # Pass-and-play: one Cut button per human seat, never a hint of who can cut.
        buttons = [Button(_("Cut: {name}").format(name=self.names[s]),
                          lambda s=s: self.press_cut(s)) for s in humans]
        buttons.append(Button(_("Go on"), self.everyone_passes))
        return buttons

    def press_cut(self, seat: int) -> None:
        if Cut() in self.session.legal(seat):
            self.answer_window(seat, Cut())
        else:
            self.window_note = _("{name}: no cut possible").format(name=self.names[seat])
            self.status = self.window_note

    def everyone_passes(self) -> None:
        for seat in list(self.session.to_act()):
            if self.session.is_human(seat) and Pass() in self.session.legal(seat):
                self.answer_window(seat, Pass())
                if self.moment is None:
                    return

    def build_controls(self, seat: int, legal: list[Action]) -> list[Widget]:
        first = legal[0]
        if isinstance(first, ChooseHandSize):
            # In order 2..7; the usual choice (5, spec 14) is highlighted and has the focus.
            sizes = sorted((a for a in legal if isinstance(a, ChooseHandSize)),
                           key=lambda a: a.size)
            best = next((a for a in sizes if a.size == 5), sizes[0])
            buttons = [self.action_button(
                           ngettext("Deal {n} card", "Deal {n} cards", a.size).format(n=a.size),
                           a, primary=a == best)
                       for a in sizes]
            self.preferred = buttons[sizes.index(best)]
            return buttons
        if isinstance(first, GoodDraw | KeepCard):
            card = self.observe().good_draw
            rank = rank_words(RANK[card]) if card else ""
            self.status = _("Good draw! Lay the {rank} again?").format(rank=rank)
            return [keyed(self.action_button(_("Lay it  (G)"), GoodDraw(), primary=True),
                          pygame.K_g),
                    keyed(self.action_button(_("Keep it  (K)"), KeepCard()), pygame.K_k)]
        return self.turn_controls(seat, legal)

    def turn_controls(self, seat: int, legal: list[Action]) -> list[Widget]:
        buttons: list[Widget] = []
        top = self.zones.row(TABLE)[-1] if self.zones.row(TABLE) else None
        chosen = tuple(sorted(self.selected, key=sort_key))
        if not self.zones.row(hand_zone(seat)):
            for action in legal:
                if isinstance(action, DrawOnly):
                    label = _("Draw from deck  (D)") if action.source == DECK_SOURCE else _(
                        "Take the {rank}  (T)").format(rank=rank_words(RANK[top or "X"]))
                    key = pygame.K_d if action.source == DECK_SOURCE else pygame.K_t
                    buttons.append(keyed(self.action_button(label, action, primary=not buttons),
                                         key))
        elif chosen:
            for action in self.lays_for(chosen, legal):
                key = pygame.K_t if getattr(action, "source", "") == TABLE_SOURCE else pygame.K_d
                buttons.append(keyed(self.action_button(self.lay_label(action, top), action,
                                                        primary=not buttons), key))
            if not buttons:
                buttons.append(Button(_("These cards cannot be laid together"), lambda: None))
                buttons[-1].enabled = False
        else:
            hint = Button(_("Select cards to lay"), lambda: None)
            hint.enabled = False
            buttons.append(hint)
        if CallKael() in legal:
            total = self.own_total()
            call = Button(_("Kaël!  (K)"), self.call_kael, danger=total > 5)
            call.action = CallKael()
            buttons.append(keyed(call, pygame.K_k))
        return buttons

    def lays_for(self, chosen: tuple[str, ...], legal: list[Action]) -> list[Action]:
        """The legal actions that lay exactly the chosen cards, deck draw first."""
        out = [a for a in legal if isinstance(a, Lay | LaySquare) and a.cards == chosen]
        if chosen == ("X",) and LayPass() in legal:
            out.append(LayPass())
        return sorted(out, key=lambda a: 0 if getattr(a, "source", "") == DECK_SOURCE else 1)

    def lay_label(self, action: Action, top: str | None) -> str:
        if isinstance(action, Lay):
            if action.source == DECK_SOURCE:
                return _("Draw from deck  (D)")
            return _("Take the {rank}  (T)").format(rank=rank_words(RANK[top or "X"]))
        return _("Lay (no draw)  (D)")

    def call_kael(self) -> None:
        seat = self.viewer
        if seat is None:
            return
        total = self.own_total()
        if total <= 5:
            self.act(CallKael())
            return
        self.app.scenes.push(
            "confirm",
            question=_("A false Kaël?"),
            detail=_("Your hand is {total}: calling above 5 scores +20 and you lose your "
                     "landings for the rest of the game.").format(total=total),
            on_yes=lambda: self.act(CallKael()),
            yes=_("Call anyway"),
            no=_("Don't call"),
        )

    # -- selecting cards -------------------------------------------------------------------------
    def selectable(self, ref: str) -> bool:
        if self.viewer is None or self.moment is not None:
            return False
        if ref not in self.zones.row(hand_zone(self.viewer)):
            return False
        legal = self.session.legal(self.viewer)
        return any(isinstance(a, Lay | LaySquare | LayPass) for a in legal)

    def card_clicked(self, ref: str) -> None:
        """Cards of one rank go together (spec 15: same-rank groups snap together): a first
        card picks its whole group when the group can be laid as it is; picking a card again
        puts it back (to lay fewer); a card of another rank starts a new choice. Mouse and
        keyboard both come here, so they pick the same cards."""
        if ref in self.selected:
            self.selected.remove(ref)
        elif self.selected and RANK[self.selected[0]] == RANK[ref]:
            self.selected.append(ref)
        else:
            self.selected = self.group_of(ref)
        for sprite in self.sprites.values():
            sprite.selected = sprite.ref in self.selected
        self.app.sounds.play("click")
        seat = self.viewer
        if seat is not None:
            self.refresh_controls(self.turn_controls(seat, self.session.legal(seat)))

    def group_of(self, ref: str) -> list[str]:
        """``ref`` with the other cards of its rank in the viewer's hand, when a legal lay
        takes exactly those; else ``ref`` alone."""
        seat = self.viewer
        if seat is None:
            return [ref]
        group = [r for r in self.zones.row(hand_zone(seat)) if RANK.get(r) == RANK.get(ref)]
        chosen = tuple(sorted(group, key=sort_key))
        if len(group) > 1 and self.lays_for(chosen, self.session.legal(seat)):
            return group
        return [ref]

    def show_controls(self, widgets: list[Widget]) -> None:
        if not widgets:
            self.selected = []
            for sprite in self.sprites.values():
                sprite.selected = False
        super().show_controls(widgets)
        if self.preferred is not None and self.preferred in widgets:
            self.focus.focus(self.preferred)
        self.preferred = None

    def resort(self, seat: int) -> None:
        if seat == self.viewer:
            row = self.zones.row(hand_zone(seat))
            row.sort(key=sort_key)

    def hotkey(self, key: int) -> bool:
        if key == pygame.K_h:
            self.open_history()
            return True
        return False

    def key(self, key: int) -> bool:
        if key == pygame.K_h and not self.controls:
            self.open_history()
            return True
        return super().key(key)


def keyed(button: Button, key: int) -> Button:
    """``button``, pressed by ``key`` too (the letter in its label)."""
    button.hotkey = key
    return button


def sort_key(card: str) -> tuple[int, str]:
    """Own hand order: by points, the X last."""
    return (POINTS.get(card, 99), card)
