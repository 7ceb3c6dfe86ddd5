"""The NOVE table: what is particular to NOVE on the table kit (spec nove.md section 12).

Zones: one hand per seat (``hand:<seat>``); piles: the draw pile and the face-down discards.
Controls: the exchange (pick up to three cards), the NOVE declaration and the joker's scoring
value (each option with the points it brings, the best one focused), Hit / Stand / Jokers? / NOVE.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...engine.actions import Action
from ...engine.events import Event
from ...games.nove import hand as H
from ...games.nove.actions import (
    AnnounceNove,
    AskJokers,
    ChooseJoker,
    DeclareNove,
    Discard,
    Hit,
    Stand,
    action_reason,
)
from ...games.nove.cards import BABATOS, OPTION_VALUE, RANK, is_joker
from ...i18n import N_, _, ngettext
from .. import theme
from ..cards import chip_stack
from ..people import label, said
from ..refusals import reason_text
from ..setup_options import OptionSpec, none_or, seat_option
from ..table import paint
from ..table.layout import Side
from ..table.scene import OVERLAP, Slot, TableScene, colour_for
from ..table.sprites import CardSprite
from ..table.text import fitted
from ..widgets import Button, Widget

DECK = "deck"
DISCARD = "discard"
END_REASONS = {
    "score": N_("reached 12 points"),
    "max_rounds": N_("the round limit was reached"),
    "four_of_a_kind": N_("FOUR OF A KIND"),
    "nove_ten_points": N_("a NOVE with 10 points or more"),
    "nove_finito": N_("NOVE FINITO (a NOVE with a pair at 9 points)"),
    "three_of_a_kind": N_("THREE OF A KIND"),
}


def hand_zone(seat: int) -> str:
    return f"hand:{seat}"


_COLOUR_CARD = {
    "R": N_("red {rank}"),
    "Y": N_("yellow {rank}"),
    "G": N_("green {rank}"),
    "P": N_("purple {rank}"),
}


def option_name(option: str) -> str:
    """What a joker stands for, in the player's language: "Babatos A" or a number."""
    return _("Babatos {letter}").format(letter=option) if option in BABATOS else option


def card_name(card: str) -> str:
    """A NOVE card in the player's language: "red 5", "green Babatos B", "red joker"."""
    if card == "JR":
        return _("red joker")
    if card == "JY":
        return _("yellow joker")
    if card[:1] not in _COLOUR_CARD or len(card) < 2:
        return card
    return _(_COLOUR_CARD[card[0]]).format(rank=option_name(card[1]))


class NoveTable(TableScene):
    game_id = "nove"
    deck = "nove"
    seat_area = (220.0, 118.0)
    deck_spot = (560.0, 296.0)
    discard_spot = (720.0, 296.0)

    def __init__(self, app: Any, session: Any, resumed: bool = False) -> None:
        self.busted: set[int] = set()
        self.stood: set[int] = set()
        self.exchanged: dict[int, int] = {}
        self.announcements: list[tuple[int, int, bool, int]] = []
        self.jokers: dict[str, tuple[str, str | None]] = {}
        self.order: tuple[int, ...] = ()
        self.round_no = 0
        self.selected: set[str] = set()
        self.joker_points: dict[str, int] = {}
        self.exchange_button: Button | None = None
        self.grid_bottom = 0.0  # where the option grid ends (design units; 0: no grid)
        super().__init__(app, session, resumed)

    @classmethod
    def setup_options(cls) -> list[OptionSpec]:
        return [
            seat_option("first_dealer", _("First dealer"), [None], _("drawn at random")),
            OptionSpec("max_rounds", _("Round limit"), [None, 5, 10, 20, 30],
                       none_or(_("none: play to 12 points"),
                               lambda v: ngettext("{n} round", "{n} rounds", v).format(n=v)),
                       hint=_("With a limit, the highest score after the last round wins.")),
        ]

    # == the model ===============================================================================
    def zones_from(self, obs: Any) -> tuple[dict[str, list[str | None]], dict[str, int]]:
        rows: dict[str, list[str | None]] = {}
        for seat in obs.seats:
            if seat.seat == self.viewer:
                rows[hand_zone(seat.seat)] = list(obs.hand)
            else:
                hidden = seat.hand_size - len(seat.shown)
                rows[hand_zone(seat.seat)] = [*seat.shown, *([None] * hidden)]
        return rows, {DECK: obs.draw_count, DISCARD: obs.discard_count}

    def derive(self, obs: Any) -> None:
        self.scores = [seat.score for seat in obs.seats]
        self.dealer = obs.dealer
        self.order = tuple(obs.order)
        self.round_no = obs.round_no
        self.current = obs.current if obs.phase == "turn" or obs.phase == "exchange" else None
        self.busted = {s.seat for s in obs.seats if s.busted}
        self.exchanged = {s.seat: s.exchanged for s in obs.seats if s.exchanged is not None}
        self.announcements = list(obs.announcements)
        self.stood = set()
        if obs.phase == "turn" and obs.current in self.order:
            done = self.order[: self.order.index(obs.current)]
            self.stood = {s for s in done if s not in self.busted}
        elif obs.phase in ("choose_joker", "over", "auto") and obs.last_round is None:
            self.stood = {s for s in self.order if s not in self.busted}
        self.jokers = {}
        for seat in obs.seats:
            for joker, state, option in seat.shown_jokers:
                self.jokers[joker] = (state, option)
        for joker, state, option in obs.jokers:
            self.jokers[joker] = (state, option)
        for seat_index, option in obs.joker_options:
            cards = list(obs.seats[seat_index].shown)
            if seat_index == self.viewer:
                cards += list(obs.hand)
            for card in cards:
                if is_joker(card) and self.jokers.get(card, ("", None))[0] == H.FREE:
                    self.jokers[card] = (H.FREE, option)
        self.status = self.status_from(obs)

    def status_from(self, obs: Any) -> str:
        if obs.phase == "over":
            return _("The game is over")
        if obs.phase == "exchange":
            return self.turn_words(obs.current, _("Exchange: give back up to 3 cards"))
        if obs.phase == "turn":
            return self.turn_words(obs.current, _("Step 2: hit or stand"))
        if obs.phase in ("declare", "choose_joker"):
            return _("Step 3: scoring") if obs.phase == "choose_joker" else _("Step 1: NOVE")
        return ""

    def turn_words(self, seat: int | None, step: str) -> str:
        if seat is None:
            return step
        if seat == self.viewer:
            return _("{step} \u2014 your turn").format(step=step)
        return _("{step} \u2014 {name} to play").format(step=step, name=label(self.names[seat]))

    # == layout ==================================================================================
    def zone_slots(self, zone: str, count: int) -> list[Slot]:
        seat = int(zone.split(":")[1])
        spot = self.spot(seat)
        own = spot.side is Side.BOTTOM and seat == self.viewer
        width = self.own_width if own else self.other_width
        spacing = width * (0.8 if own else 0.52)
        room = spot.area.width - width
        if count > 1 and spacing * (count - 1) > room:
            spacing = room / (count - 1)
        total = spacing * (count - 1)
        x0 = spot.area.centerx - total / 2
        y = spot.area.centery + (6 if own else 0)
        return [Slot(x0 + i * spacing, y, width) for i in range(count)]

    def pile_spot(self, pile: str) -> tuple[float, float]:
        return self.discard_spot if pile == DISCARD else self.deck_spot

    def pile_label(self, pile: str, count: int) -> str:
        if pile == DISCARD:
            return _("discards: {n}").format(n=count)
        return _("draw: {n}").format(n=count)

    # == plates ==================================================================================
    def seat_tags(self, seat: int) -> list[str]:
        tags = []
        if seat == self.viewer and self.sprites_of(seat):
            tags.append(self.hand_value_text())
        if seat in self.busted:
            tags.append(_("BUST"))
        elif seat in self.stood:
            tags.append(_("stood"))
        if seat in self.exchanged:
            tags.append(_("exchanged {n}").format(n=self.exchanged[seat]))
        nove = [a for a in self.announcements if a[0] == seat]
        if nove:
            tags.append(_("NOVE {value}").format(value=nove[0][1]))
        return tags

    def sprites_of(self, seat: int) -> list[CardSprite]:
        return [self.sprites[r] for r in self.zones.row(hand_zone(seat)) if r in self.sprites]

    def hand_value_text(self) -> str:
        fixed, free = self.own_split()
        base = H.base_value(fixed)
        if not free:
            if base > 31:
                return _("hand {value} (bust)").format(value=base)
            return _("hand {value}").format(value=base)
        values = sorted({base + v for v in OPTION_VALUE.values() if base + v <= 31})
        if not values:
            return _("hand {value} (bust)").format(value=base + 1)
        run = [v for v in values if v <= base + 7]
        text = f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0])
        if base + 10 <= 31:
            text = _("{low} or {high}").format(low=text, high=base + 10)
        return _("hand {value} (joker)").format(value=text)

    def own_split(self) -> tuple[list[str], bool]:
        """The viewer's hand as the table shows it now (cards dealt by events included)."""
        fixed: list[str] = []
        free = False
        if self.viewer is None:
            return fixed, free
        for ref in self.zones.row(hand_zone(self.viewer)):
            if ref.startswith("?"):
                continue
            if ref in RANK:
                fixed.append(RANK[ref])
                continue
            state, option = self.jokers.get(ref, (H.FREE, None))
            if state == H.FREE and not free:
                free = True
            else:
                fixed.append(option or "7")  # locked, forced, or the second joker
        return fixed, free

    def decorate(self, surface: pygame.Surface, sprite: CardSprite, rect: pygame.Rect) -> None:
        """A joker's value on the card's left strip (visible in a fan): "=4" when chosen,
        "=7" when forced, a gold ring when locked by a NOVE, "?" while still free."""
        if not sprite.showing_face or sprite.card not in self.jokers or sprite.squash < 0.9:
            return
        app = self.app
        state, option = self.jokers[sprite.card]  # type: ignore[index]
        label = "=7" if state == H.FORCED else (f"={option}" if option else "?")
        badge = (rect.x + app.s(15), rect.centery + app.s(6))
        pygame.draw.circle(surface, theme.INK, badge, app.s(13))
        if state == H.LOCKED:
            pygame.draw.circle(surface, theme.ACCENT, badge, app.s(13), max(1, app.s(2)))
        image = fitted(app, label, app.s(24), app.s(12), theme.ACCENT, bold=True, max_lines=1)
        surface.blit(image, image.get_rect(center=badge))

    def draw_centre(self, surface: pygame.Surface) -> None:
        """The best NOVE so far, and each seat's score as chips (spec 12)."""
        app = self.app
        best = min(self.announcements, key=lambda a: a[1]) if self.announcements else None
        if best is not None and not self.grid_over_status():
            text = said(self.names[best[0]], _("best NOVE: yours ({value})"),
                        _("best NOVE: {name} ({value})"), value=best[1])
            image = fitted(app, text, app.s(400), app.s(16), paint.CALL_COLOUR)
            surface.blit(image, image.get_rect(midtop=self.to_screen((640, 428))))
        for seat in range(self.n):
            self.draw_chips(surface, seat)

    def draw_chips(self, surface: pygame.Surface, seat: int) -> None:
        app = self.app
        chips = chip_stack(self.scores[seat])
        if not chips:
            return
        plate = self.spot(seat).plate
        d = app.s(20)
        left, bottom = self.to_screen((plate.right + 6, plate.bottom))
        for i, value in enumerate(chips[:8]):
            image = app.art.chip(value, d)
            surface.blit(image, (left + (i // 4) * (d + 2), bottom - d - (i % 4) * app.s(5)))

    def hud_text(self) -> str:
        return _("Round {round}   Deal number {seed}   R: rules   L: log   Esc: menu").format(
            round=self.round_no, seed=self.session.seed)

    # == events -> animations ====================================================================
    def on_round_start(self, data: dict[str, Any]) -> float:
        for seat in range(self.n):
            for ref in list(self.zones.row(hand_zone(seat))):
                self.send_to_pile(ref, DECK)
        if self.pass_and_play:
            self.set_viewer(None)  # the new round is dealt face down until the hand-off
        self.round_no = data["round"]
        self.dealer = data["dealer"]
        self.order = tuple(data["order"])
        self.busted, self.stood, self.exchanged = set(), set(), {}
        self.announcements = []
        self.jokers = {}
        self.zones.piles = {DECK: 40, DISCARD: 0}
        self.current = None
        self.status = said(self.names[self.dealer], _("Round {round}: you deal"),
                           _("Round {round}, dealer: {name}"), round=self.round_no)
        self.banner(_("Round {round}").format(round=self.round_no), "round", size=38,
                    colour=theme.WHITE, life=1.0)
        return 0.4

    def on_deal(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        cards = data["cards"] or [None, None, None]
        place = self.order.index(seat) if seat in self.order else seat
        for j, card in enumerate(cards):
            self.deal_card(hand_zone(seat), card, delay=(j * self.n + place) * 0.07)
        self.app.sounds.play("deal")
        return OVERLAP  # the next seat's cards leave the deck while these fly

    def on_reveal(self, data: dict[str, Any]) -> float:
        self.zones.reveal(hand_zone(data["seat"]), data["cards"])
        self.app.sounds.play("flip")
        return 0.3

    def on_three_of_a_kind(self, data: dict[str, Any]) -> float:
        self.banner(_("THREE OF A KIND!"), f"seat:{data['seat']}", 32)
        return 0.8

    def on_three_of_a_kind_win(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        self.banner(_("{name} +6").format(name=label(self.names[seat])), size=46)
        self.app.sounds.play("call")
        self.score_change({seat: 6}, data["scores"])
        rows = [self.plain_row(s, 6 if s == seat else 0,
                               _("THREE OF A KIND +6") if s == seat else "", data["scores"])
                for s in self.order]
        self.show_summary(_("THREE OF A KIND ends the round"), self.columns(), rows)
        return 1.0

    def on_nove(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        self.zones.reveal(hand_zone(seat), data["cards"])
        self.announcements.append((seat, data["value"], data["pair"], data["step"]))
        self.banner(_("NOVE! ({value})").format(value=data["value"]), f"seat:{seat}", 38)
        self.app.sounds.play("call")
        return 1.0

    def on_nove_holder(self, data: dict[str, Any]) -> float:
        self.status = said(self.names[data["seat"]], _("NOVE: you, with {value}"),
                           _("NOVE: {name} with {value}"), value=data["value"])
        return 0.3

    def instant_win(self, data: dict[str, Any], title: str) -> float:
        seat = data["seat"]
        self.banner(title, size=52)
        self.app.sounds.play("win")
        self.score_change({seat: data["points"]}, data["scores"])
        rows = [self.plain_row(s, data["points"] if s == seat else 0,
                               title if s == seat else "", data["scores"]) for s in self.order]
        self.show_summary(title, self.columns(), rows)
        return 1.4

    def on_nove_ten_points(self, data: dict[str, Any]) -> float:
        return self.instant_win(data, _("NOVE at 10 points!"))

    def on_nove_finito(self, data: dict[str, Any]) -> float:
        return self.instant_win(data, _("NOVE FINITO!"))

    def on_four_of_a_kind(self, data: dict[str, Any]) -> float:
        return self.instant_win(data, _("FOUR OF A KIND!"))

    def on_exchange_start(self, data: dict[str, Any]) -> float:
        self.status = _("Exchange: give back up to 3 cards")
        return 0.2

    def on_discard(self, data: dict[str, Any]) -> float:
        seat, count = data["seat"], data["count"]
        zone = hand_zone(seat)
        known = data.get("cards") or [None] * count
        for card in known:
            self.send_to_pile(self.zones.take(zone, card), DISCARD)
        self.exchanged[seat] = count
        if count:
            self.app.sounds.play("deal")
        return 0.15

    def on_redeal(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        cards = data["cards"] or [None] * self.exchanged.get(seat, 0)
        for j, card in enumerate(cards):
            self.deal_card(hand_zone(data["seat"]), card, delay=j * 0.08)
        return 0.0

    def on_reshuffle(self, data: dict[str, Any]) -> float:
        self.zones.piles[DECK] = data["count"]
        self.zones.piles[DISCARD] = 0
        self.banner(_("Reshuffle"), size=32, colour=theme.WHITE)
        return 0.6

    def on_step2_start(self, data: dict[str, Any]) -> float:
        self.status = _("Step 2: hit or stand")
        return 0.2

    def on_turn(self, data: dict[str, Any]) -> float:
        self.current = data["seat"]
        self.status = self.turn_words(self.current, _("Step 2: hit or stand"))
        return 0.1

    def on_hit(self, data: dict[str, Any]) -> float:
        self.deal_card(hand_zone(data["seat"]), data.get("card"), 0.0)
        self.app.sounds.play("deal")
        return 0.1

    def on_stand(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        self.stood.add(seat)
        self.banner(_("STOP"), f"seat:{seat}", 26, theme.WHITE, 0.8)
        return 0.3

    def on_bust(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        self.busted.add(seat)
        self.banner(_("BUST! ({value})").format(value=data["value"]), f"seat:{seat}", 32,
                    theme.DANGER)
        self.app.sounds.play("bust")
        return 0.7

    def on_special_case(self, data: dict[str, Any]) -> float:
        for seat, cards in data["hands"].items():
            self.zones.reveal(hand_zone(int(seat)), cards)
        self.banner(_("First two players bust: cards face up"), size=28, colour=theme.WHITE,
                    life=1.8)
        return 1.2

    def on_special_deal(self, data: dict[str, Any]) -> float:
        self.deal_card(hand_zone(data["seat"]), data["card"], 0.0)
        return 0.2

    def on_jokers_shown(self, data: dict[str, Any]) -> float:
        self.banner(_("Who hit the jokers?"), f"seat:{data['seat']}", 26)
        for item in data["jokers"]:
            seat, joker = item["seat"], item["joker"]
            self.jokers[joker] = (item["state"], "7" if item["state"] == H.FORCED else None)
            self.zones.reveal(hand_zone(seat), [joker])
        if not data["jokers"]:
            self.banner(_("No joker was hit"), size=28, colour=theme.WHITE)
        return 1.0

    def on_showdown(self, data: dict[str, Any]) -> float:
        for seat, cards in data["hands"].items():
            self.zones.reveal(hand_zone(int(seat)), cards)
        self.status = _("Step 3: scoring")
        self.app.sounds.play("flip")
        return 0.7

    def on_joker_set(self, data: dict[str, Any]) -> float:
        if data.get("joker"):
            self.jokers[data["joker"]] = (H.FREE, data["option"])
        self.banner(_("joker = {value}").format(value=option_name(data["option"])),
                    f"seat:{data['seat']}", 24, theme.WHITE, 0.9)
        return 0.4

    def on_round_scored(self, data: dict[str, Any]) -> float:
        deltas = {row["seat"]: row["points"] for row in data["rows"]}
        self.score_change(deltas, data["scores"])
        for row in data["rows"]:
            if row["thirty_one"]:
                self.banner(_("31!"), f"seat:{row['seat']}", 38)
            elif row["capo"]:
                self.banner(_("CAPO!"), f"seat:{row['seat']}", 38)
        rows = [self.score_row(row, data["rows"], data["scores"]) for row in data["rows"]]
        self.show_summary(_("Round {round}").format(round=self.round_no), self.columns(), rows)
        self.app.sounds.play("chip")
        return 0.9

    def on_game_over(self, data: dict[str, Any]) -> float:
        reason = data.get("reason") or ""
        self.show_game_over(_(END_REASONS[reason]) if reason in END_REASONS else reason)
        return 0.3

    def score_change(self, deltas: dict[int, int], scores: list[int]) -> None:
        for seat, points in deltas.items():
            if not points:
                continue
            plate = self.spot(seat).plate.center
            chips = chip_stack(abs(points))[:6] if points > 0 else [-1] * min(-points, 3)
            start, end = (paint.TABLE_CENTRE, plate) if points > 0 else (plate, paint.TABLE_CENTRE)
            self.fly_tokens(chips, start, end)
        self.scores = list(scores)

    # == the round summary =======================================================================
    def columns(self) -> list[str]:
        return [_("Player"), _("Hand"), _("Why"), _("Round"), _("Total")]

    def plain_row(self, seat: int, points: int, why: str, scores: list[int]) -> list[Any]:
        return [self.names[seat], "", why or "\u2013", (f"{points:+d}", colour_for(points)),
                str(scores[seat])]

    def score_row(self, row: dict[str, Any], rows: list[dict[str, Any]],
                  scores: list[int]) -> list[Any]:
        seat = row["seat"]
        value = _("bust") if row["busted"] else (
            "" if row["value"] is None else str(row["value"]))
        points = row["points"]
        return [self.names[seat], value, self.reason(row, rows),
                (f"{points:+d}", colour_for(points)), str(scores[seat])]

    def reason(self, row: dict[str, Any], rows: list[dict[str, Any]]) -> str:
        """Why a seat scored what it did, in words: "31 +2, pair +1", or why a 31 or the
        highest hand scored nothing (another seat came first in the playing order)."""
        if row["busted"]:
            return _("bust")
        parts = []
        if row["nove"]:
            parts.append(_("NOVE +2"))
        if row["thirty_one"]:
            parts.append(_("31 +2"))
        if row["capo"]:
            parts.append(_("CAPO +1"))
        if row["pairs"]:
            parts.append(ngettext("{n} pair +{n}", "{n} pairs +{n}", row["pairs"]).format(
                n=row["pairs"]))
        if row["sets"]:
            parts.append(ngettext("{n} set +{points}", "{n} sets +{points}", row["sets"]).format(
                n=row["sets"], points=3 * row["sets"]))
        first_31 = next((r for r in rows if r["thirty_one"]), None)
        if row["value"] == 31 and not row["thirty_one"] and first_31 is not None:
            parts.append(said(self.names[first_31["seat"]], _("31, but you had 31 first"),
                              _("31, but {name} had 31 first")))
        capo = next((r for r in rows if r["capo"]), None)
        if capo is not None and capo is not row and row["value"] == capo["value"]:
            parts.append(said(self.names[capo["seat"]], _("as high as yours, which comes first"),
                              _("as high as {name}, who plays first")))
        return ", ".join(parts) or _("nothing")

    def card_words(self, card: str) -> str:
        return card_name(card)

    def action_words(self, action: Action) -> str:
        words = reason_text(action_reason(action), self.names, self.card_words)
        return words[:1].upper() + words[1:]

    def describe_event(self, event: Event) -> str | None:
        data = event.data
        name = self.names[data["seat"]] if isinstance(data.get("seat"), int) else ""
        kind = event.kind
        if kind == "round_start":
            return said(self.names[data["dealer"]], _("Round {round} \u2014 you deal."),
                        _("Round {round} \u2014 dealer: {name}."), round=data["round"])
        if kind == "discard":
            count = data["count"]
            return said(name, ngettext("You exchanged {n} card.", "You exchanged {n} cards.",
                                       count),
                        ngettext("{name} exchanged {n} card.", "{name} exchanged {n} cards.",
                                 count), n=count)
        if kind == "hit":
            return said(name, _("You hit."), _("{name} hit."))
        if kind == "stand":
            count = data["cards"]
            return said(name, ngettext("You stood with {n} card.", "You stood with {n} cards.",
                                       count),
                        ngettext("{name} stood with {n} card.", "{name} stood with {n} cards.",
                                 count), n=count)
        if kind == "bust":
            return said(name, _("You went bust ({value})."), _("{name} went bust ({value})."),
                        value=data["value"])
        if kind == "nove":
            return said(name, _("You called NOVE ({value})."), _("{name} called NOVE ({value})."),
                        value=data["value"])
        if kind == "jokers_shown":
            return said(name, _("You asked who hit the jokers."),
                        _("{name} asked who hit the jokers."))
        if kind == "joker_set":
            return said(name, _("You set the joker to {value}."),
                        _("{name} set the joker to {value}."), value=option_name(data["option"]))
        if kind == "reveal" and data.get("cards"):
            shown = ", ".join(card_name(c) for c in data["cards"])
            return said(name, _("You showed {cards}."), _("{name} showed {cards}."), cards=shown)
        if kind == "round_scored":
            scored = [f"{label(self.names[r['seat']])} {r['points']:+d}" for r in data["rows"]
                      if r["points"]]
            return _("Round scored: {list}.").format(list=", ".join(scored) or _("no points"))
        if kind == "game_over":
            return said(self.names[data["winner"]], _("You win the game."),
                        _("{name} wins the game."))
        return None

    # == decisions ===============================================================================
    def build_controls(self, seat: int, legal: list[Action]) -> list[Widget]:
        self.selected = set()
        self.joker_points = {}
        self.exchange_button = None
        first = legal[0]
        if isinstance(first, Discard):
            self.exchange_button = Button(_("Keep all 3 cards"), self.confirm_exchange,
                                          primary=True)
            return [self.exchange_button]
        if isinstance(first, ChooseJoker):
            self.joker_points = self.preview_jokers(seat, legal)
            best = max(legal, key=lambda a: (self.joker_points.get(a.option, -99),  # type: ignore[attr-defined]
                                             OPTION_VALUE[a.option]))  # type: ignore[attr-defined]
            ordered = [best, *[a for a in legal if a != best]]
            return [self.action_button(self.option_label(a), a, primary=a == best)
                    for a in ordered]
        if isinstance(first, DeclareNove):
            return [self.action_button(self.option_label(a), a, primary=True) for a in legal]
        buttons: list[Widget] = []
        for action in legal:
            if isinstance(action, Hit):
                buttons.insert(0, self.action_button(_("Hit  (H)"), action, primary=True))
            elif isinstance(action, Stand):
                buttons.append(self.action_button(_("Stand  (S)"), action))
            elif isinstance(action, AskJokers):
                buttons.append(self.action_button(_("Jokers?  (J)"), action))
            elif isinstance(action, AnnounceNove):
                label = _("NOVE!  (N)") if action.option is None else self.nove_label(
                    action.option)
                buttons.append(self.action_button(label, action))
        return buttons

    def nove_label(self, option: str) -> str:
        """A NOVE with a free joker, as the player weighs it: the hand's value it announces
        and what the joker then stands for ("NOVE at 8: the joker counts as 1")."""
        fixed, _free = self.own_split()
        return _("NOVE at {total}: the joker counts as {value}").format(
            total=H.base_value([*fixed, option]), value=option_name(option))

    def option_label(self, action: Action) -> str:
        option = action.option  # type: ignore[attr-defined]
        if isinstance(action, DeclareNove):
            return self.nove_label(option)
        value = self.hand_total(option)
        points = self.joker_points.get(option)
        if points is None:
            return _("Joker = {value}: {total}").format(value=option_name(option), total=value)
        return ngettext("Joker = {value}: {total} ({points:+d} point)",
                        "Joker = {value}: {total} ({points:+d} points)", abs(points)).format(
            value=option_name(option), total=value, points=points)

    def hand_total(self, option: str | None) -> int:
        fixed, free = self.own_split()
        return H.base_value(fixed) + (OPTION_VALUE[option] if (free and option) else 0)

    def preview_jokers(self, seat: int, legal: list[Action]) -> dict[str, int]:
        """Points each joker option would bring this round: the engine scores a copy of the
        state (all hands are face up at this point, so nothing hidden is used); later choosers
        are assumed to take the default of spec 5.4."""
        out: dict[str, int] = {}
        game = self.session.game
        for action in legal:
            state = self.session.state.copy()
            game.apply(state, seat, action)
            while state.phase == "choose_joker":
                other = game.to_act(state)[0]
                game.apply(state, other, game.legal_actions(state, other)[0])
            rows = (state.last_round or {}).get("rows", [])
            out[action.option] = next(  # type: ignore[attr-defined]
                (r["points"] for r in rows if r["seat"] == seat), 0)
        return out

    def place_controls(self, widgets: list[Widget]) -> None:
        """The NOVE and joker options in two columns over the table's centre, where only the
        piles lie (they do not matter at that moment): below the cards of the seats across
        the table, between those at the sides, above the player's hand. Every hand stays in
        view (the joker's best value depends on them). Other decisions as usual."""
        self.grid_bottom = 0.0
        if len(widgets) <= 4:
            super().place_controls(widgets)
            return
        band = self.centre_band()
        rows = (len(widgets) + 1) // 2
        gap = 8.0
        width = min(300.0, (band.width - gap) / 2)
        height = min(40.0, (band.height + gap) / rows - gap)
        for i, widget in enumerate(widgets):
            x = band.centerx - width - gap / 2 + (i % 2) * (width + gap)
            y = band.top + (i // 2) * (height + gap)
            widget.rect = paint.rect_to_screen(self.app, pygame.FRect(x, y, width, height))
        self.grid_bottom = band.top + rows * (height + gap)

    def grid_over_status(self) -> bool:
        """The option grid reaches down over the status lines (their words would peek out
        between its buttons: the buttons say what to do, and the plates show each NOVE)."""
        return bool(self.controls) and self.grid_bottom > paint.STATUS_Y

    def draw(self, surface: pygame.Surface) -> None:
        status = self.status
        if self.grid_over_status():
            self.status = ""
        try:
            super().draw(surface)
        finally:
            self.status = status

    def centre_band(self) -> pygame.FRect:
        """The room in the table's centre that no seat's cards or plate take (design units)."""
        margin = 10.0
        top, bottom, left, right = 120.0, 500.0, 230.0, 1050.0
        for spot in self.spots:
            for rect in (spot.area, spot.plate):
                if spot.side is Side.TOP:
                    top = max(top, rect.bottom + margin)
                elif spot.side is Side.BOTTOM:
                    bottom = min(bottom, rect.top - margin)
                elif spot.side is Side.LEFT:
                    left = max(left, rect.right + margin)
                else:
                    right = min(right, rect.left - margin)
        return pygame.FRect(left, top, max(0.0, right - left), max(0.0, bottom - top))

    # -- the exchange ----------------------------------------------------------------------------
    def exchanging(self) -> bool:
        return self.exchange_button is not None and bool(self.controls)

    def selectable(self, ref: str) -> bool:
        return (
            self.exchanging()
            and self.viewer is not None
            and ref in self.zones.row(hand_zone(self.viewer))
        )

    def card_clicked(self, ref: str) -> None:
        if ref in self.selected:
            self.selected.remove(ref)
        else:
            self.selected.add(ref)
        for sprite in self.sprites.values():
            sprite.selected = sprite.ref in self.selected
        count = len(self.selected)
        if self.exchange_button is not None:
            self.exchange_button.label = _("Keep all 3 cards") if count == 0 else ngettext(
                "Exchange {n} card", "Exchange {n} cards", count).format(n=count)
        self.app.sounds.play("click")

    def confirm_exchange(self) -> None:
        self.act(Discard(tuple(sorted(self.selected))))

    def show_controls(self, widgets: list[Widget]) -> None:
        if not widgets:
            self.selected = set()
            for sprite in self.sprites.values():
                sprite.selected = False
        super().show_controls(widgets)

    def hotkey(self, key: int) -> bool:
        seat = self.viewer
        if seat is None:
            return False
        # A move key at the wrong moment is still the player's move: ``act`` refuses it with
        # the engine's reason ("you cannot hit now: choose 0 to 3 cards to exchange").
        moves: dict[int, Action] = {pygame.K_h: Hit(), pygame.K_s: Stand(),
                                    pygame.K_j: AskJokers(), pygame.K_n: AnnounceNove(None)}
        action = moves.get(key)
        if action is None:
            return False
        if isinstance(action, AnnounceNove):
            announce = [a for a in self.session.legal(seat) if isinstance(a, AnnounceNove)]
            action = announce[0] if announce else action
        self.act(action)
        return True
