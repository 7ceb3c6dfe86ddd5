"""The Nove banco table: what is particular to banco on the table kit (spec nove_banco.md 11).

Zones: one row per seat (``hand:<seat>``): the hole card first, alone, with the stake on it as
tokens; the extra cards fanned face up to its right. The viewer's own hole card shows its corner
(a peek) until it is turned up for everyone. The bank stands in front of the banker: the BANCO
plaque with "hand k of 5", the stock and the banker's chips; it slides to the next banker when the
bank passes. Controls: a bet slider limited to the legal range with the reason when it is capped,
preset to the player's previous bet (Enter bets), then Hit and Stand. A term summary opens when
the bank passes; the game-over ranking shows the chips and how often each player banked.
"""

from __future__ import annotations

from typing import Any

import pygame

from ....engine.actions import Action
from ....engine.events import Event
from ....games.banco.actions import HIT, STAND, Bet, bet
from ....games.banco.cards import DECKS, ITALIAN40
from ....games.banco.state import Phase
from ....i18n import _, format_signed, ngettext
from ... import theme
from ...people import said
from ...setup_options import OptionSpec
from ...table import paint
from ...table.effects import Task
from ...table.layout import Side
from ...table.scene import OVERLAP, Slot, TableScene, colour_for
from ...table.sprites import CardSprite
from ...tween import in_out_cubic
from ...widgets import Button, Slider, Widget
from . import chips, drawing, geometry, words
from .geometry import Row

DECK = "deck"
DEAL_GAP = 0.06  # seconds between two cards of the deal cascade
RESULTS_HOLD = 1.2  # the settled hand stays on the table this long before the next deal
BANK_SLIDE = 0.9  # the bank sliding to the next banker
PAY_TIME = 0.45  # chips slide this long; the counts change when they land


def hand_zone(seat: int) -> str:
    return f"hand:{seat}"


def seat_of(zone: str) -> int:
    return int(zone.split(":")[1])


class BancoTable(TableScene):
    game_id = "banco"
    clockwise = False  # the next seat sits on the viewer's right (spec 3)
    pile_width = geometry.PILE_WIDTH

    def __init__(self, app: Any, session: Any, resumed: bool = False) -> None:
        options = session.options
        count = len(session.seats)
        self.deck = "banco-italian" if options.deck_style == ITALIAN40 else "banco-french"
        self.deck_size = len(DECKS[options.deck_style])
        self.hands_per_bank = options.hands_per_bank
        self.sizes = geometry.sizes_for(count)
        self.rows: dict[int, Row] = {}
        self.banker = 0
        self.bank_at: tuple[float, float] = geometry.TABLE_CENTRE
        self.bank_slide: tuple[tuple[float, float], tuple[float, float], Task] | None = None
        self.bank_spots: dict[int, tuple[float, float]] = {}
        self.banner_spots: dict[int, tuple[float, float]] = {}
        self.stakes = [0] * count
        self.punter_status = [""] * count
        self.revealed: set[int] = set()
        self.outcomes: dict[int, tuple[str, int, int, int]] = {}
        self.banks_held = [0] * count
        self.hands_in_term = 0
        self.hand_number = 0
        self.order: tuple[int, ...] = ()
        self.out_seats: set[int] = set()
        self.last_bet: dict[int, int] = {}
        self.term_start = [options.starting_chips] * count
        self.hole_refs: dict[str, int] = {}
        self.slider: Slider | None = None
        self.bet_button: Button | None = None
        self.preferred: Widget | None = None
        super().__init__(app, session, resumed)

    @classmethod
    def setup_options(cls) -> list[OptionSpec]:
        return words.setup_rows()

    # == geometry ================================================================================
    @classmethod
    def seat_area_for(cls, count: int) -> tuple[float, float]:
        return geometry.sizes_for(count).area

    def layout_seats(self) -> None:
        super().layout_seats()
        self.rows = {spot.seat: geometry.row_for(spot, self.card_width(spot.seat))
                     for spot in self.spots}
        self.bank_spots = {}
        self.banner_spots = {}
        self.bank_slide = None
        self.bank_at = self.bank_centre_for(self.banker)

    def card_width(self, seat: int) -> float:
        return self.sizes.own if self.spot(seat).side is Side.BOTTOM else self.sizes.other

    def bank_centre_for(self, banker: int) -> tuple[float, float]:
        if banker not in self.bank_spots:
            self.bank_spots[banker] = geometry.bank_centre(self.spots, banker, self.rows)
        return self.bank_spots[banker]

    def bank_position(self) -> tuple[float, float]:
        """The bank's centre now (between two bankers while it slides)."""
        slide = self.bank_slide
        if slide is None:
            return self.bank_at
        start, end, task = slide
        if task.done:
            self.bank_slide = None
            return self.bank_at
        t = in_out_cubic(task.progress)
        return (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)

    @property
    def deck_spot(self) -> tuple[float, float]:  # type: ignore[override]
        return geometry.deck_point(self.bank_position())

    def pile_spot(self, pile: str) -> tuple[float, float]:
        return self.deck_spot

    def pile_label(self, pile: str, count: int) -> str:
        return ngettext("{n} card", "{n} cards", count).format(n=count)

    def zone_slots(self, zone: str, count: int) -> list[Slot]:
        seat = seat_of(zone)
        row = self.rows[seat]
        slots = []
        for index in range(count):
            x = row.xs[min(index, len(row.xs) - 1)]
            raised = index == 0 and self.peeking(seat)
            slots.append(Slot(x, row.y - (6 if raised else 0), row.width))
        return slots

    def hole_point(self, seat: int) -> tuple[float, float]:
        row = self.rows[seat]
        return (row.xs[0], row.y)

    def plate_point(self, seat: int) -> tuple[float, float]:
        return self.spot(seat).plate.center

    def banner_point(self, anchor: str) -> tuple[float, float]:
        """Seat call-outs over the seat's cards; centre call-outs where the bank is not."""
        if anchor.startswith("seat:"):
            row = self.rows[int(anchor.split(":")[1])]
            box = row.cards_box
            return (box.centerx, row.y)
        if self.banker not in self.banner_spots:
            bank = geometry.bank_rect(self.bank_centre_for(self.banker))
            self.banner_spots[self.banker] = geometry.centre_banner_point(
                bank, self.spots, self.rows)
        return self.banner_spots[self.banker]

    def status_point(self) -> tuple[float, float]:
        return (640.0, geometry.STATUS_Y)

    # == the model ===============================================================================
    def zones_from(self, obs: Any) -> tuple[dict[str, list[str | None]], dict[str, int]]:
        rows = {hand_zone(seat): list(cards) for seat, cards in enumerate(obs.cards)}
        return rows, {DECK: obs.stock_count}

    def derive(self, obs: Any) -> None:
        over = obs.phase == Phase.GAME_OVER
        self.scores = list(obs.chips)
        if obs.banker != self.banker or self.bank_slide is not None:
            self.banker = obs.banker
            self.bank_slide = None
            self.bank_at = self.bank_centre_for(self.banker)
        self.hand_number = obs.hand_number
        # A finished hand is already counted in the term: at the end it is the last one shown.
        self.hands_in_term = obs.hands_in_term - 1 if over else obs.hands_in_term
        self.banks_held = list(obs.banks_held)
        self.out_seats = {s for s, out in enumerate(obs.eliminated) if out}
        self.revealed = {s for s, up in enumerate(obs.hole_face_up) if up}
        self.order = tuple(obs.punter_order)
        self.punter_status = list(obs.status)
        self.stakes = [0] * self.n if over else list(obs.bets)
        self.outcomes = self.final_outcomes(obs) if over else {}
        self.current = obs.current
        self.status = self.status_from(obs)

    def final_outcomes(self, obs: Any) -> dict[int, tuple[str, int, int, int]]:
        """The last hand's results, shown on the table once the game is over."""
        last = obs.last_hand
        if last is None:
            return {}
        out = {}
        for seat, outcome in enumerate(last["outcomes"]):
            if outcome in ("win", "lose"):
                out[seat] = (outcome, obs.bets[seat], last["scores"][seat], last["banker_score"])
        return out

    def status_from(self, obs: Any) -> str:
        if obs.phase == Phase.GAME_OVER:
            return _("The game is over")
        seat = obs.current
        mine = seat == self.viewer
        name = self.names[seat]
        if obs.phase == Phase.BET:
            return _("Your bet") if mine else _("{name} is betting").format(name=name)
        if obs.phase == Phase.BANKER_DRAW:
            if mine:
                return _("You hold the bank: hit or stand (score {score})").format(
                    score=obs.score)
            return _("{name} (bank) is drawing").format(name=name)
        if mine:
            return _("Hit or stand: your score is {score}").format(score=obs.score)
        return _("{name} is drawing").format(name=name)

    def peeking(self, seat: int) -> bool:
        """The viewer's own hole card, still face down for the others."""
        return seat == self.viewer and seat not in self.revealed

    # == plates, labels and the bank =============================================================
    def score_text(self, seat: int) -> str:
        return str(self.scores[seat])

    def seat_tags(self, seat: int) -> list[str]:
        if seat in self.out_seats:
            return [_("out")]
        tags = [_("bank")] if seat == self.banker else []
        outcome = self.outcomes.get(seat)
        status = self.punter_status[seat]
        if outcome is not None:
            sign = "+" if outcome[0] == "win" else "\u2212"
            tags.append(f"{sign}{outcome[1]}")
        elif self.stakes[seat]:
            tags.append(_("bet {n}").format(n=self.stakes[seat]))
        elif status == "betting":
            tags.append(_("betting"))
        elif status == "sat_out":
            tags.append(_("bank full"))
        return tags

    def label_image(self, seat: int) -> tuple[pygame.Surface, pygame.Rect, bool] | None:
        """The seat's words as drawn (image, place in window pixels, badge), or None."""
        return drawing.label_image(self, seat)

    def draw_centre(self, surface: pygame.Surface) -> None:
        drawing.draw_centre(self, surface)

    def decorate(self, surface: pygame.Surface, sprite: CardSprite, rect: pygame.Rect) -> None:
        drawing.decorate(self, surface, sprite, rect)

    def draw(self, surface: pygame.Surface) -> None:
        self.hole_refs = {}
        for seat in range(self.n):
            row = self.zones.rows.get(hand_zone(seat))
            if row:
                self.hole_refs[row[0]] = seat
        super().draw(surface)

    def hud_text(self) -> str:
        return _("Hand {hand}   Deal number {seed}   R: rules   L: log   Esc: menu").format(
            hand=self.hand_number, seed=self.session.seed)

    # == events -> animations ====================================================================
    def on_game_started(self, data: dict[str, Any]) -> float:
        for zone, refs in self.zones.rows.items():  # the first deal is played from the deck
            for ref in refs:
                self.sprites.pop(ref, None)
            self.zones.rows[zone] = []
        self.zones.piles[DECK] = self.deck_size
        self.scores = list(data["chips"])
        self.term_start = list(data["chips"])
        self.outcomes, self.stakes, self.revealed = {}, [0] * self.n, set()
        self.set_banker(data["banker"])
        self.banks_held = [1 if s == self.banker else 0 for s in range(self.n)]
        self.centre_call(said(self.names[self.banker], _("You hold the bank"),
                              _("{name} holds the bank")), 30, 1.2)
        return 0.6

    def centre_call(self, text: str, size: float, life: float) -> None:
        """A call-out in the free middle of the table, its size lowered until it fits the room
        kept for it (``geometry.BANNER_SIZE``, the pill's margin included)."""
        room = geometry.BANNER_SIZE[0] - 34
        font = self.app.fonts
        while size > 14 and font.get(round(size * 4), bold=True).size(text)[0] > room * 4:
            size -= 1
        self.banner(text, "centre", size, theme.WHITE, life)

    def set_banker(self, banker: int) -> None:
        self.banker = banker
        self.bank_slide = None
        self.bank_at = self.bank_centre_for(banker)

    def on_hand_started(self, data: dict[str, Any]) -> float:
        self.order = tuple(data["punter_order"])

        def start() -> None:
            self.collect()
            self.hand_number = data["hand"]
            self.hands_in_term = data["hands_in_term"]
            self.stakes, self.outcomes, self.revealed = [0] * self.n, {}, set()
            self.punter_status = ["waiting" if s in self.order else "" for s in range(self.n)]
            if self.pass_and_play:
                self.set_viewer(None)  # the new hand is dealt face down until the hand-off
            self.centre_call(said(self.names[self.banker], _("Hand {k} of {per}: you bank"),
                                  _("Hand {k} of {per}: {name} banks"),
                                  k=self.hands_in_term + 1, per=self.hands_per_bank), 26, 1.0)

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

    def on_card_dealt(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        order = [*self.order, self.banker]
        place = order.index(seat) if seat in order else 0
        self.deal_card(hand_zone(seat), data["card"], delay=place * DEAL_GAP)
        if place == 0:
            self.app.sounds.play("deal")
        return OVERLAP

    def on_bet_placed(self, data: dict[str, Any]) -> float:
        seat, amount = data["seat"], data["amount"]
        self.last_bet[seat] = amount
        self.punter_status[seat] = "drawing"
        self.fly_tokens(chips.flight(amount), self.plate_point(seat), self.hole_point(seat),
                        kind="token")
        self.after(PAY_TIME, lambda: self.set_stake(seat, amount))
        self.app.sounds.play("chip")
        return 0.1

    def set_stake(self, seat: int, amount: int) -> None:
        self.stakes[seat] = amount

    def on_sat_out(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        self.punter_status[seat] = "sat_out"
        self.banner(_("bank full"), f"seat:{seat}", 22, theme.MUTED, 1.0)
        return 0.5

    def on_card_drawn(self, data: dict[str, Any]) -> float:
        self.deal_card(hand_zone(data["seat"]), data["card"], 0.0)
        self.app.sounds.play("deal")
        return 0.3

    def on_nine_revealed(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        self.reveal_hole(seat, data["hole_card"])
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

    def on_stood(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        if seat != self.banker:
            self.punter_status[seat] = "stood"
        if not data["auto"]:
            self.banner(_("stands"), f"seat:{seat}", 22, theme.WHITE, 0.7)
        return 0.25

    def on_banker_revealed(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        self.reveal_hole(seat, data["hole_card"])
        self.banner(_("Bank: {score}").format(score=data["score"]), f"seat:{seat}", 34,
                    paint.CALL_COLOUR, 1.3)
        self.status = _("Settlement: the bank has {score}").format(score=data["score"])
        self.app.sounds.play("flip")
        return 0.9

    def on_hole_revealed(self, data: dict[str, Any]) -> float:
        self.reveal_hole(data["seat"], data["hole_card"])
        self.app.sounds.play("flip")
        return 0.18

    def on_settled(self, data: dict[str, Any]) -> float:
        """The stake slides to the bank, or the bank pays it and both go to the player."""
        seat, amount = data["seat"], data["amount"]
        mine, bank = data["punter_score"], data["banker_score"]
        self.outcomes[seat] = (data["outcome"], amount, mine, bank)
        self.stakes[seat] = 0
        tokens = chips.flight(amount)
        hole = self.hole_point(seat)
        bank_point = geometry.chips_point(self.bank_position())
        if data["outcome"] == "win":
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

    def on_eliminated(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        self.out_seats.add(seat)
        self.banner(_("out of chips"), f"seat:{seat}", 24, theme.DANGER, 1.2)
        return 0.6

    def on_bank_passed(self, data: dict[str, Any]) -> float:
        old, new = data["from"], data["to"]
        why = words.pass_reason(data["reason"], self.hands_per_bank)
        self.show_summary(
            said(self.names[old], _("Your bank is over: {why}"), _("{name}'s bank is over: {why}"),
                 why=why),
            self.term_columns(), self.term_rows(old),
            note=said(self.names[new], _("Next: you hold the bank."),
                      _("Next: {name} holds the bank.")))
        self.banks_held[new] += 1
        self.slide_bank(new)
        self.hands_in_term = 0
        self.status = said(self.names[new], _("The bank passes to you: {why}"),
                           _("The bank passes to {name}: {why}"), why=why)
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

    def played_for(self, rounds: int) -> str:
        return ngettext("after {n} hand", "after {n} hands", rounds).format(n=rounds)

    def on_game_over(self, data: dict[str, Any]) -> float:
        self.show_game_over(words.end_reason(data["reason"]))
        return 0.3

    # == results =================================================================================
    def term_columns(self) -> list[str]:
        return [_("Player"), _("At the start"), _("Change"), _("Chips"), _("Banked")]

    def term_rows(self, banker: int) -> list[list[Any]]:
        rows: list[list[Any]] = []
        for seat in range(self.n):
            change = self.scores[seat] - self.term_start[seat]
            name = self.names[seat] + (_(" (bank)") if seat == banker else "")
            chips_now = str(self.scores[seat])
            if seat in self.out_seats:
                chips_now = _("{n} (out)").format(n=self.scores[seat])
            rows.append([name, str(self.term_start[seat]),
                         (f"{change:+d}" if change else "0", colour_for(change)),
                         chips_now, words.times_words(self.banks_held[seat])])
        return rows

    def winners(self) -> list[int]:
        return list(self.observe().winners)

    def ranking(self) -> list[list[int]] | None:
        """Places by chips, most first; equal chips share a place (spec 5.8)."""
        scores = self.observe().chips
        places: list[list[int]] = []
        for seat in sorted(range(self.n), key=lambda s: (-scores[s], s)):
            if places and scores[places[-1][0]] == scores[seat]:
                places[-1].append(seat)
            else:
                places.append([seat])
        return places

    def ranking_details(self) -> list[str] | None:
        obs = self.observe()
        out = []
        for seat in range(self.n):
            held = obs.banks_held[seat]
            text = _("banked {times}").format(times=words.times_words(held)) if held else _(
                "never banked")
            if obs.eliminated[seat]:
                text = _("{text}, out").format(text=text)
            out.append(text)
        return out

    def history_rows(self, events: Any) -> None:
        """A resumed game: the previous bets (the slider's presets) and the chips at the start
        of the current bank term, read back from the game's events."""
        chips_now = list(self.term_start)
        banker = 0
        for event in events:
            data = event.data
            if event.kind == "game_started":
                chips_now = list(data["chips"])
                self.term_start = list(chips_now)
            elif event.kind == "hand_started":
                banker = data["banker"]
            elif event.kind == "bet_placed":
                self.last_bet[data["seat"]] = data["amount"]
            elif event.kind == "settled":
                delta = data["amount"] if data["outcome"] == "win" else -data["amount"]
                chips_now[data["seat"]] += delta
                chips_now[banker] -= delta
            elif event.kind == "bank_passed":
                self.term_start = list(chips_now)

    def card_words(self, card: str) -> str:
        return words.card_words(card)

    def action_words(self, action: Action) -> str:
        if isinstance(action, Bet):
            return ngettext("Bet {n} chip", "Bet {n} chips", action.amount).format(n=action.amount)
        if action == HIT:
            return _("Take a card")
        if action == STAND:
            return _("Stand")
        return super().action_words(action)

    def hint_value(self, mean: float) -> str:
        return _("{value} chips").format(value=format_signed(mean))

    def describe_event(self, event: Event) -> str | None:
        return words.describe(event, self.names, self.hands_per_bank)

    # == decisions ===============================================================================
    def build_controls(self, seat: int, legal: list[Action]) -> list[Widget]:
        self.slider = self.bet_button = self.preferred = None
        amounts = [a.amount for a in legal if isinstance(a, Bet)]
        if amounts:
            return self.bet_controls(seat, min(amounts), max(amounts))
        buttons: list[Widget] = []
        if HIT in legal:
            buttons.append(Button(_("Hit  (H)"), lambda: self.act(HIT), primary=True))
        if STAND in legal:
            buttons.append(Button(_("Stand  (S)"), lambda: self.act(STAND)))
        score = self.observe().score
        if score is not None and score >= 8 and len(buttons) == 2:
            self.preferred = buttons[1]  # the likelier move gets the focus, not the first
        return buttons

    def bet_controls(self, seat: int, low: int, high: int) -> list[Widget]:
        """The slider over the legal range (preset to this player's previous bet), and the
        Bet button the focus starts on: a routine bet is one click or Enter."""
        obs = self.observe()
        caption = words.cap_words(low, high, obs.bet_cap, obs.max_bet)
        preset = min(high, max(low, self.last_bet.get(seat, low)))
        self.slider = Slider(caption, low, high, preset, self.bet_changed)
        self.slider.hint = _("Left and right arrows change the bet")
        self.bet_button = Button(self.bet_label(preset), self.place_bet, primary=True)
        return [self.bet_button, self.slider]

    def bet_label(self, amount: int) -> str:
        return _("Bet {n}  (Enter)").format(n=amount)

    def bet_changed(self, amount: int) -> None:
        if self.bet_button is not None:
            self.bet_button.label = self.bet_label(amount)

    def place_bet(self) -> None:
        if self.slider is not None:
            self.act(bet(self.slider.value))

    def betting(self) -> bool:
        return self.slider is not None and self.slider in self.controls

    def show_controls(self, widgets: list[Widget]) -> None:
        super().show_controls(widgets)
        if self.preferred is not None and self.preferred in widgets:
            self.focus.focus(self.preferred)

    def place_controls(self, widgets: list[Widget]) -> None:
        """The slider above the Bet button at the bottom right; Hit and Stand as usual."""
        if self.slider is None or self.slider not in widgets:
            super().place_controls(widgets)
            return
        to_screen = paint.rect_to_screen
        # Wide enough for a translated caption ("Mise de 1 à 10 : plafond de la table : 10").
        self.slider.rect = to_screen(self.app, pygame.FRect(900, 578, 366, 74))
        if self.bet_button is not None:
            self.bet_button.rect = to_screen(self.app, pygame.FRect(900, 660, 366, 46))

    def hotkey(self, key: int) -> bool:
        """H and S hit and stand, B or Enter bets (the engine explains a refusal); while
        betting the arrows, +/- and Home/End/PageUp/PageDown move the slider."""
        if key == pygame.K_h:
            self.act(HIT)
            return True
        if key == pygame.K_s:
            self.act(STAND)
            return True
        if not self.betting():
            if key == pygame.K_b and self.viewer is not None:
                self.act(bet(self.last_bet.get(self.viewer, 1)))
                return True
            return False
        slider = self.slider
        assert slider is not None
        steps = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_MINUS: -1,
                 pygame.K_KP_MINUS: -1, pygame.K_PLUS: 1, pygame.K_EQUALS: 1,
                 pygame.K_KP_PLUS: 1}
        if key in steps:
            slider.adjust(steps[key])
            return True
        if key in (pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            return slider.key(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
        if key in (pygame.K_b, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.place_bet()
            return True
        return False
