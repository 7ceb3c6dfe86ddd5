"""The NOVE table: seats around an oval, animated from engine events, human and AI seats.

Engine events, filtered for the seat whose cards the screen shows (the viewer), go through a
queue: each one updates the table model and starts its animation, and the next waits until it
has played. A click or key during animations skips them to the end (the input is used for the
skip, never lost into a hidden button). Human decisions are offered only from
``legal_actions``; AI seats think in a worker thread, paced by the settings. Every action is
saved at once.
"""

from __future__ import annotations

import concurrent.futures
from collections import deque
from typing import Any, ClassVar

import pygame

from ...engine.actions import Action
from ...engine.errors import IllegalActionError
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
)
from ...games.nove.cards import OPTION_VALUE, RANK, is_joker, option_name
from ...session import GameSession, SeatConfig
from .. import theme
from ..app import App
from ..cards import chip_stack
from ..scene import Scene
from ..widgets import Button, FocusGroup, Widget, focus_ring
from . import common
from .table_view import (
    ANCHORS,
    DECK_POS,
    DISCARD_POS,
    Banner,
    CardSprite,
    ChipFlight,
    design_to_screen,
    fan_positions,
)

SPEED = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "off": 0.0}
AI_PACE = {"slow": 1.3, "normal": 0.7, "fast": 0.3, "instant": 0.0}
OWN_CARD = (96, 136)
OTHER_CARD = (60, 86)
CALL_COLOUR = (255, 226, 120)


class CardToggle(Widget):
    """A card of one's own hand as a focusable control (the exchange): Space/Enter/click toggle."""

    def __init__(self, scene: NoveTableScene, index: int) -> None:
        super().__init__()
        self.scene = scene
        self.index = index

    def activate(self) -> None:
        self.scene.toggle_card(self.index)

    def draw(self, surface: pygame.Surface, fonts: Any, focused: bool, scale: float) -> None:
        if focused:
            focus_ring(surface, self.rect, scale)


class NoveTableScene(Scene):
    name = "table"

    def __init__(self, app: App, session: GameSession, resumed: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.names = [s.name for s in session.seats]
        self.n = len(self.names)
        humans = session.human_seats
        # Solo: the human's cards are shown. Pass-and-play: every hand stays face down (a
        # spectator's view) until a player confirms the first hand-off. All AI: spectator.
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.needs_handoff = len(humans) > 1
        self.queue: deque[Event] = deque()
        self.hold = 0.0
        self.hands: dict[int, list[CardSprite]] = {s: [] for s in range(self.n)}
        self.flying: list[CardSprite] = []
        self.banners: list[Banner] = []
        self.chips: list[ChipFlight] = []
        self.pending_modal: Any = None
        self.modal_open = False
        self.over_shown = False
        self.stats_recorded = False
        self.executor = concurrent.futures.ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="ai"
        )
        self.ai_future: concurrent.futures.Future[Action] | None = None
        self.ai_seat: int | None = None
        self.ai_wait = 0.0
        self.dirty = True  # the model must be synced and the controls rebuilt when idle
        self.selected: set[int] = set()
        self.focus = FocusGroup()
        self.buttons: list[Widget] = []
        self.joker_preview: dict[str, int] = {}
        self.menu_button = Button("Menu", self.ask_leave)
        self.rules_button = Button("Rules", self.open_rules)
        self.status = ""
        self.sync()
        if not resumed:
            self.enqueue(session.opening_events)

    # -- lifecycle -------------------------------------------------------------------------------
    def enter(self) -> None:
        self.layout()
        self.autosave()
        self.app.sounds.preload()  # ~36 ms once here, instead of a frame spike at the first call

    def exit(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)

    def resume(self) -> None:
        self.layout()

    def layout(self) -> None:
        app = self.app
        self.menu_button.rect = pygame.Rect(app.s(14), app.s(12), app.s(100), app.s(38))
        self.rules_button.rect = pygame.Rect(app.s(122), app.s(12), app.s(100), app.s(38))
        self.dirty = True

    @property
    def speed(self) -> float:
        return SPEED.get(self.app.settings.animation_speed, 1.0)

    # -- the model -------------------------------------------------------------------------------
    def sync(self) -> None:
        """Rebuild the table model from the viewer's observation (after animations, hand-offs)."""
        obs = self.session.observe(self.viewer)
        self.obs = obs
        self.scores = list(s.score for s in obs.seats)
        self.dealer = obs.dealer
        self.order = tuple(obs.order)
        self.round_no = obs.round_no
        self.draw_count = obs.draw_count
        self.discard_count = obs.discard_count
        self.busted = {s.seat for s in obs.seats if s.busted}
        self.exchanged = {s.seat: s.exchanged for s in obs.seats if s.exchanged is not None}
        self.current = obs.current
        self.announcements = list(obs.announcements)
        self.jokers: dict[str, tuple[str, str | None]] = {}
        for seat in obs.seats:
            for joker, state, option in seat.shown_jokers:
                self.jokers[joker] = (state, option)
        for joker, state, option in obs.jokers:
            self.jokers[joker] = (state, option)
        for seat_index, option in obs.joker_options:
            for card in list(obs.seats[seat_index].shown) + (
                list(obs.hand) if seat_index == self.viewer else []
            ):
                if is_joker(card) and self.jokers.get(card, ("", None))[0] == H.FREE:
                    self.jokers[card] = (H.FREE, option)
        for seat in obs.seats:
            if seat.seat == self.viewer:
                cards: list[str | None] = list(obs.hand)
            else:
                cards = list(seat.shown) + [None] * (seat.hand_size - len(seat.shown))
            self._set_hand(seat.seat, cards)
        self.stood: set[int] = set()

    def _set_hand(self, seat: int, cards: list[str | None]) -> None:
        old = self.hands[seat]
        new = []
        for i, card in enumerate(cards):
            if i < len(old):
                sprite = old[i]
                sprite.card = card
                sprite.face_up = card is not None
            else:
                sprite = CardSprite(card, *DECK_POS)
            new.append(sprite)
        self.hands[seat] = new

    def enqueue(self, events: list[Event]) -> None:
        for event in events:
            seen = event.for_seat(self.viewer)
            if seen is not None:
                self.queue.append(seen)

    # -- positions -------------------------------------------------------------------------------
    def seat_index(self, seat: int) -> int:
        """Place of ``seat`` around the table: 0 is the bottom (the viewer), then clockwise."""
        base = self.viewer if self.viewer is not None else 0
        return (seat - base) % self.n

    def anchor(self, seat: int) -> tuple[float, float]:
        return ANCHORS[self.n][self.seat_index(seat)]

    def card_size(self, seat: int) -> tuple[int, int]:
        return OWN_CARD if self.seat_index(seat) == 0 and self.viewer is not None else OTHER_CARD

    def hand_slots(self, seat: int) -> list[tuple[float, float]]:
        count = len(self.hands[seat])
        w, _h = self.card_size(seat)
        spacing = w * (0.78 if self.card_size(seat) == OWN_CARD else 0.5)
        if count > 6:
            spacing *= 6 / count
        return fan_positions(self.anchor(seat), count, spacing, vertical=False)

    def plate_pos(self, seat: int) -> tuple[float, float]:
        x, y = self.anchor(seat)
        _w, h = self.card_size(seat)
        if self.card_size(seat) == OWN_CARD:
            return (300, y + 30)  # the viewer's plate sits left of the hand, clear of the cards
        return (x, y + h / 2 + 30)

    def to_screen(self, point: tuple[float, float]) -> tuple[int, int]:
        off = design_to_screen(self.app.screen, self.app.scale)
        return (int(off[0] + point[0] * self.app.scale), int(off[1] + point[1] * self.app.scale))

    # -- events -> animations --------------------------------------------------------------------
    def banner(
        self,
        text: str,
        seat: int | None = None,
        size: float = 44,
        colour: tuple[int, int, int] = CALL_COLOUR,
        life: float = 1.3,
    ) -> None:
        if seat is None:
            pos = (640, 300)
        else:
            ax, ay = self.anchor(seat)
            pos = (ax, ay - 98) if self.card_size(seat) == OWN_CARD else (ax, ay + 6)
        self.banners.append(Banner(text, pos, size, colour, life * max(self.speed, 0.4)))

    def new_card(self, seat: int, card: str | None, delay: float = 0.0) -> None:
        sprite = CardSprite(card if card is not None else None, *DECK_POS, delay=delay * self.speed)
        if card is None:
            sprite.face_up = False
        self.hands[seat].append(sprite)

    def process(self, event: Event) -> float:
        """Apply one event to the model and start its animation; return how long to wait."""
        handler = getattr(self, f"on_{event.kind}", None)
        return handler(event.data) if handler else 0.0

    def on_game_start(self, data: dict[str, Any]) -> float:
        return 0.0

    def on_round_start(self, data: dict[str, Any]) -> float:
        for seat in range(self.n):
            for sprite in self.hands[seat]:
                sprite.move_to(*DECK_POS)
                self.flying.append(sprite)
            self.hands[seat] = []
        self.round_no = data["round"]
        self.dealer = data["dealer"]
        self.order = tuple(data["order"])
        self.busted, self.stood, self.exchanged = set(), set(), {}
        self.announcements = []
        self.jokers = {}
        self.draw_count, self.discard_count = 40, 0
        self.current = None
        self.status = f"Round {self.round_no}, dealer: {self.names[self.dealer]}"
        self.banner(f"Round {self.round_no}", None, 40, theme.WHITE, 1.0)
        return 0.5

    def on_deal(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        cards = data["cards"] or [None, None, None]
        place = self.order.index(seat)
        for j, card in enumerate(cards):
            self.new_card(seat, card, delay=(j * self.n + place) * 0.07)
        self.draw_count -= len(cards)
        self.app.sounds.play("deal")
        last = not self.queue or self.queue[0].kind != "deal"
        return (3 * self.n * 0.07 + 0.45) if last else 0.0

    def _reveal(self, seat: int, cards: list[str]) -> None:
        sprites = self.hands[seat]
        while len(sprites) < len(cards):
            sprites.append(CardSprite(None, *DECK_POS))
        del sprites[len(cards) :]
        for sprite, card in zip(sprites, cards, strict=True):
            sprite.reveal(card, self.speed > 0)

    def on_reveal(self, data: dict[str, Any]) -> float:
        self._reveal(data["seat"], data["cards"])
        self.app.sounds.play("flip")
        return 0.35

    def on_three_of_a_kind(self, data: dict[str, Any]) -> float:
        self.banner("THREE OF A KIND!", data["seat"], 34)
        return 0.8

    def on_three_of_a_kind_win(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        self.banner(f"{self.names[seat]} +6", None, 48)
        self.app.sounds.play("call")
        self._score_change({seat: 6}, data["scores"])
        rows = [
            self._plain_row(s, 6 if s == seat else 0, "THREE OF A KIND +6" if s == seat else "")
            for s in self.order
        ]
        self.pending_modal = ("summary", "THREE OF A KIND ends the round", rows, data["scores"])
        return 1.0

    def on_nove(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        self._reveal(seat, data["cards"])
        self.announcements.append((seat, data["value"], data["pair"], data["step"]))
        self.banner(f"NOVE! ({data['value']})", seat, 40)
        self.app.sounds.play("call")
        return 1.0

    def on_nove_holder(self, data: dict[str, Any]) -> float:
        self.status = f"NOVE: {self.names[data['seat']]} with {data['value']}"
        return 0.3

    def _instant_win(self, data: dict[str, Any], title: str) -> float:
        seat = data["seat"]
        self.banner(title, None, 56)
        self.app.sounds.play("win")
        self._score_change({seat: data["points"]}, data["scores"])
        rows = [
            self._plain_row(
                s, data["points"] if s == seat else 0, title.title() if s == seat else ""
            )
            for s in self.order
        ]
        self.pending_modal = ("summary", title, rows, data["scores"])
        return 1.6

    def on_nove_ten_points(self, data: dict[str, Any]) -> float:
        return self._instant_win(data, "NOVE at 10 points!")

    def on_nove_finito(self, data: dict[str, Any]) -> float:
        return self._instant_win(data, "NOVE FINITO!")

    def on_exchange_start(self, data: dict[str, Any]) -> float:
        self.status = "Exchange: give back up to 3 cards"
        return 0.2

    def on_discard(self, data: dict[str, Any]) -> float:
        seat, count = data["seat"], data["count"]
        hand = self.hands[seat]
        if data.get("cards"):
            leaving = [s for s in hand if s.card in data["cards"]]
        else:
            leaving = hand[len(hand) - count :] if count else []
        for sprite in leaving:
            hand.remove(sprite)
            sprite.face_up = False
            sprite.move_to(*DISCARD_POS)
            self.flying.append(sprite)
        self.exchanged[seat] = count
        self.discard_count += count
        if count:
            self.app.sounds.play("deal")
        return 0.35 if count else 0.15

    def on_redeal(self, data: dict[str, Any]) -> float:
        cards = data["cards"] or [None] * 3
        for j, card in enumerate(cards[: len(cards)]):
            self.new_card(data["seat"], card, delay=j * 0.08)
        self.draw_count -= len(cards)
        return 0.45

    def on_reshuffle(self, data: dict[str, Any]) -> float:
        self.draw_count = data["count"]
        self.discard_count = 0
        self.banner("Reshuffle", None, 34, theme.WHITE)
        return 0.7

    def on_step2_start(self, data: dict[str, Any]) -> float:
        self.status = "Step 2: hit or stand"
        return 0.2

    def on_turn(self, data: dict[str, Any]) -> float:
        self.current = data["seat"]
        mine = self.current == self.viewer and self.session.is_human(self.current)
        self.status = "Your turn" if mine else f"{self.names[self.current]}'s turn"
        return 0.15

    def on_hit(self, data: dict[str, Any]) -> float:
        self.new_card(data["seat"], data.get("card"))
        self.draw_count -= 1
        self.app.sounds.play("deal")
        return 0.4

    def on_stand(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        self.stood.add(seat)
        self.banner("STOP", seat, 26, theme.WHITE, 0.9)
        return 0.35

    def on_bust(self, data: dict[str, Any]) -> float:
        seat = data["seat"]
        self.busted.add(seat)
        self.banner(f"BUST! ({data['value']})", seat, 34, theme.DANGER)
        self.app.sounds.play("bust")
        return 0.8

    def on_four_of_a_kind(self, data: dict[str, Any]) -> float:
        return self._instant_win(data, "FOUR OF A KIND!")

    def on_special_case(self, data: dict[str, Any]) -> float:
        for seat, cards in data["hands"].items():
            self._reveal(int(seat), cards)
        self.banner("First two players bust: cards face up", None, 30, theme.WHITE, 1.8)
        return 1.2

    def on_special_deal(self, data: dict[str, Any]) -> float:
        self.new_card(data["seat"], data["card"])
        self.draw_count -= 1
        return 0.35

    def on_jokers_shown(self, data: dict[str, Any]) -> float:
        self.banner("Who hit the jokers?", data["seat"], 28)
        for item in data["jokers"]:
            seat, joker = item["seat"], item["joker"]
            self.jokers[joker] = (item["state"], "7" if item["state"] == H.FORCED else None)
            hidden = [s for s in self.hands[seat] if s.card is None or s.card == joker]
            if hidden:
                hidden[-1].reveal(joker, self.speed > 0)
        if not data["jokers"]:
            self.banner("No joker was hit", None, 28, theme.WHITE)
        return 1.0

    def on_showdown(self, data: dict[str, Any]) -> float:
        for seat, cards in data["hands"].items():
            self._reveal(int(seat), cards)
        self.status = "Step 3: scoring"
        self.app.sounds.play("flip")
        return 0.8

    def on_joker_set(self, data: dict[str, Any]) -> float:
        if data.get("joker"):
            self.jokers[data["joker"]] = (H.FREE, data["option"])
        self.banner(f"joker = {option_name(data['option'])}", data["seat"], 24, theme.WHITE, 0.9)
        return 0.45

    def on_round_scored(self, data: dict[str, Any]) -> float:
        deltas = {row["seat"]: row["points"] for row in data["rows"]}
        self._score_change(deltas, data["scores"])
        for row in data["rows"]:
            if row["thirty_one"]:
                self.banner("31!", row["seat"], 40)
            elif row["capo"]:
                self.banner("CAPO!", row["seat"], 40)
        self.pending_modal = ("summary", f"Round {self.round_no}", data["rows"], data["scores"])
        self.app.sounds.play("chip")
        return 1.0

    def on_game_over(self, data: dict[str, Any]) -> float:
        self.pending_modal = ("over", data)
        return 0.3

    def _plain_row(self, seat: int, points: int, why: str) -> dict[str, Any]:
        return {
            "seat": seat,
            "busted": False,
            "value": None,
            "nove": 0,
            "thirty_one": 0,
            "capo": 0,
            "pairs": 0,
            "sets": 0,
            "points": points,
            "why": why or "-",
        }

    def _score_change(self, deltas: dict[int, int], scores: list[int]) -> None:
        delay = 0.0
        for seat, points in deltas.items():
            if not points:
                continue
            plate = self.plate_pos(seat)
            for chip in chip_stack(abs(points))[:6] if points > 0 else [-1] * min(-points, 3):
                start, end = ((640, 330), plate) if points > 0 else (plate, (640, 330))
                self.chips.append(ChipFlight(chip, start, end, delay * self.speed))
                delay += 0.06
        self.scores = list(scores)

    # -- the frame loop --------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return bool(self.queue) or self.hold > 0 or self.pending_modal is not None

    def update(self, dt: float) -> None:
        self._update_sprites(dt)
        if self.modal_open:
            return
        if self.speed == 0:
            self.fast_forward()
        if self.hold > 0:
            self.hold -= dt
            return
        if self.pending_modal is not None:
            self.open_modal()
            return
        if self.queue:
            self.hold = self.process(self.queue.popleft()) * self.speed
            return
        self.idle(dt)

    def _update_sprites(self, dt: float) -> None:
        slots_by_seat = {seat: self.hand_slots(seat) for seat in range(self.n)}
        for seat, sprites in self.hands.items():
            for sprite, slot in zip(sprites, slots_by_seat[seat], strict=True):
                sprite.move_to(*slot)
                sprite.update(dt)
        for sprite in self.flying:
            sprite.update(dt)
        self.flying = [s for s in self.flying if s.moving]
        for item in self.banners:
            item.update(dt)
        self.banners = [b for b in self.banners if not b.done]
        for chip in self.chips:
            chip.update(dt)
        self.chips = [c for c in self.chips if not c.done]
        if self.speed == 0:
            for sprites in self.hands.values():
                for sprite in sprites:
                    sprite.finish()

    def fast_forward(self) -> None:
        """Skip every pending animation to its end (stops at a summary, which needs a click)."""
        self.hold = 0.0
        while self.queue and self.pending_modal is None:
            self.process(self.queue.popleft())
        for sprites in self.hands.values():
            for sprite in sprites:
                sprite.finish()
        self.flying = []
        for chip in self.chips:
            chip.finish()
        self.chips = []
        self.banners = [b for b in self.banners if b.age < 0.2]

    def open_modal(self) -> None:
        from .summary import GameOverScene, RoundSummaryScene

        modal, self.pending_modal = self.pending_modal, None
        self.banners = []  # nothing stays frozen behind the summary
        for chip in self.chips:
            chip.finish()
        self.chips = []
        if modal[0] == "summary":
            _kind, title, rows, scores = modal
            self.modal_open = True
            self.app.stack.push(
                RoundSummaryScene(self.app, title, self.names, rows, scores, self.modal_closed)
            )
            return
        data = modal[1]
        self.record_statistics(data)
        self.app.stack.push(
            GameOverScene(
                self.app,
                self.names,
                data["scores"],
                data["winner"],
                data["reason"],
                data["rounds"],
                self.play_again,
            )
        )

    def modal_closed(self) -> None:
        self.modal_open = False

    def idle(self, dt: float) -> None:
        """No animation is pending: bring the model in line and wait for the next decision."""
        if self.dirty:
            self.dirty = False
            self.sync()
            self.build_controls()
        decider = self.session.decider()
        if decider is None:
            return
        if self.session.is_human(decider):
            self.human_turn(decider)
        else:
            self.ai_turn(decider, dt)

    # -- humans ----------------------------------------------------------------------------------
    def human_turn(self, seat: int) -> None:
        if seat != self.viewer or self.needs_handoff:
            if self.app.settings.handoff and len(self.session.human_seats) > 1:
                self.start_handoff(seat)
                return
            self.viewer = seat
            self.dirty = True

    def start_handoff(self, seat: int) -> None:
        from .handoff import HandoffScene

        self.needs_handoff = False

        def ready() -> None:
            self.viewer = seat
            self.hands = {s: [] for s in range(self.n)}
            self.dirty = True

        self.app.stack.push(HandoffScene(self.app, self.names[seat], ready))

    def my_turn(self) -> bool:
        decider = self.session.decider()
        return (
            decider is not None
            and decider == self.viewer
            and self.session.is_human(decider)
            and not self.animating
        )

    def build_controls(self) -> None:
        self.selected = set()
        self.buttons = []
        self.joker_preview = {}
        if not self.my_turn():
            self.focus.set([self.menu_button, self.rules_button])
            return
        seat = self.viewer
        assert seat is not None
        legal = self.session.legal(seat)
        first = legal[0]
        if isinstance(first, Discard):
            toggles: list[Widget] = [CardToggle(self, i) for i in range(len(self.hands[seat]))]
            self.exchange_button = Button("Keep all 3 cards", self.confirm_exchange, primary=True)
            self.buttons = [*toggles, self.exchange_button]
        elif isinstance(first, DeclareNove | ChooseJoker):
            self.buttons = [
                Button(self.option_label(a), lambda a=a: self.act(a), primary=True) for a in legal
            ]
            if isinstance(first, ChooseJoker):
                self.joker_preview = self.preview_jokers(seat, legal)
                best = max(
                    legal,
                    key=lambda a: (self.joker_preview.get(a.option, -99), OPTION_VALUE[a.option]),
                )
                self.buttons = [
                    Button(self.option_label(a), lambda a=a: self.act(a), primary=a == best)
                    for a in legal
                ]
        else:
            for action in legal:
                if isinstance(action, Hit):
                    self.buttons.append(Button("Hit  (H)", lambda: self.act(Hit()), primary=True))
                elif isinstance(action, Stand):
                    self.buttons.append(Button("Stand  (S)", lambda: self.act(Stand())))
                elif isinstance(action, AskJokers):
                    self.buttons.append(Button("Jokers?  (J)", lambda: self.act(AskJokers())))
                elif isinstance(action, AnnounceNove):
                    label = (
                        "NOVE!  (N)"
                        if action.option is None
                        else f"NOVE, joker = {option_name(action.option)}"
                    )
                    self.buttons.append(Button(label, lambda a=action: self.act(a)))
        self.focus.set([*self.buttons, self.menu_button, self.rules_button], keep=False)
        self.layout_controls()

    def option_label(self, action: Action) -> str:
        option = action.option  # type: ignore[attr-defined]
        if isinstance(action, DeclareNove):
            return f"NOVE with the joker as {option_name(option)}"
        points = self.joker_preview.get(option)
        value = self.hand_total(option)
        extra = f"  ({points:+d} points)" if points is not None else ""
        return f"Joker = {option_name(option)}: {value}{extra}"

    def hand_total(self, option: str | None) -> int:
        fixed, free = self._own_split()
        return H.base_value(fixed) + (OPTION_VALUE[option] if (free and option) else 0)

    def _own_split(self) -> tuple[list[str], bool]:
        """The viewer's hand as shown on the table now (cards dealt by events included)."""
        fixed: list[str] = []
        free = False
        seat = self.viewer
        cards = [sprite.card for sprite in self.hands[seat]] if seat is not None else []
        for card in cards:
            if card is None:
                continue
            if card in RANK:
                fixed.append(RANK[card])
                continue
            state, option = self.jokers.get(card, (H.FREE, None))
            if state == H.FREE and not free:
                free = True
            else:
                fixed.append(option or "7")  # locked, forced, or the second joker
        return fixed, free

    def preview_jokers(self, seat: int, legal: list[Action]) -> dict[str, int]:
        """Points each joker option would bring this round (the engine scores a copy; later
        choosers are assumed to take the default of spec 5.4)."""
        from ai.nove import NoveHeuristicSeat

        helper = NoveHeuristicSeat(0)
        out: dict[str, int] = {}
        for action in legal:
            state = self.session.state.copy()
            game = self.session.game
            game.apply(state, seat, action)
            while state.phase == "choose_joker":
                other = game.to_act(state)[0]
                game.apply(
                    state,
                    other,
                    helper.choose(game.observe(state, other), game.legal_actions(state, other)),
                )
            rows = (state.last_round or {}).get("rows", [])
            out[action.option] = next((r["points"] for r in rows if r["seat"] == seat), 0)  # type: ignore[attr-defined]
        return out

    def layout_controls(self) -> None:
        app = self.app
        off = design_to_screen(app.screen, app.scale)
        toggles = [b for b in self.buttons if isinstance(b, CardToggle)]
        others = [b for b in self.buttons if not isinstance(b, CardToggle)]
        columns = 2 if len(others) > 5 else 1
        bw, bh = (250, 42) if columns == 2 else (300, 48)
        for i, button in enumerate(others):
            col, row = (i % columns, i // columns) if columns == 2 else (0, i)
            x = 1265 - (columns - col) * (bw + 10)
            rows = (len(others) + columns - 1) // columns
            y = 700 - (rows - row) * (bh + 8)
            button.rect = pygame.Rect(off[0] + app.s(x), off[1] + app.s(y), app.s(bw), app.s(bh))
        for toggle in toggles:
            self._place_toggle(toggle)

    def _place_toggle(self, toggle: CardToggle) -> None:
        seat = self.viewer
        if seat is None or toggle.index >= len(self.hands[seat]):
            return
        slots = self.hand_slots(seat)
        w, h = self.card_size(seat)
        x, y = slots[toggle.index]
        centre = self.to_screen((x, y - (18 if toggle.index in self.selected else 0)))
        toggle.rect = pygame.Rect(0, 0, self.app.s(w), self.app.s(h))
        toggle.rect.center = centre

    def toggle_card(self, index: int) -> None:
        if index in self.selected:
            self.selected.remove(index)
        else:
            self.selected.add(index)
        count = len(self.selected)
        self.exchange_button.label = (
            "Keep all 3 cards" if count == 0 else f"Exchange {count} card{'s' if count > 1 else ''}"
        )
        self.app.sounds.play("click")

    def confirm_exchange(self) -> None:
        seat = self.viewer
        assert seat is not None
        cards = tuple(self.hands[seat][i].card for i in sorted(self.selected))
        self.act(Discard(tuple(c for c in cards if c is not None)))

    def act(self, action: Action) -> None:
        """A human decision: applied by the engine, or refused with its reason on screen."""
        seat = self.session.decider()
        if seat is None or seat != self.viewer or not self.session.is_human(seat):
            self.app.notify("Wait for your turn.", error=True)
            return
        try:
            events = self.session.apply(seat, action)
        except IllegalActionError as exc:
            self.app.notify(exc.reason[:1].upper() + exc.reason[1:] + ".", error=True)
            return
        self.app.sounds.play("click")
        self.after_action(events)

    def after_action(self, events: list[Event]) -> None:
        self.enqueue(events)
        self.autosave()
        self.dirty = True  # controls come back once the animations have played
        self.focus.set([self.menu_button, self.rules_button])
        self.buttons = []

    # -- AI seats --------------------------------------------------------------------------------
    def ai_turn(self, seat: int, dt: float) -> None:
        if self.ai_future is None or self.ai_seat != seat:
            observation, legal = self.session.ai_inputs(seat)
            brain = self.session.ai_seat(seat)
            self.ai_future = self.executor.submit(brain.choose, observation, legal)
            self.ai_seat = seat
            self.ai_wait = AI_PACE.get(self.app.settings.ai_pace, 0.7)
            if not self.session.human_seats:
                self.ai_wait *= 0.6
            # Let the worker have the interpreter for at most 2 ms: a heuristic answers in well
            # under that, and a loop that never sleeps (tests, the self-test) would starve it.
            # The answer is applied on a later frame, never in the frame that asked for it.
            concurrent.futures.wait([self.ai_future], timeout=0.002)
            return
        self.ai_wait -= dt
        if not self.ai_future.done():
            concurrent.futures.wait([self.ai_future], timeout=0.002)
        if self.ai_wait > 0 or not self.ai_future.done():
            return
        action = self.ai_future.result()
        self.ai_future = None
        self.ai_seat = None
        events = self.session.apply(seat, action)
        self.after_action(events)

    # -- saving and statistics -------------------------------------------------------------------
    def autosave(self) -> None:
        try:
            self.app.storage.save_game(self.session.to_save({"viewer": self.viewer}))
        except Exception as exc:  # a full disk must not stop the game
            self.app.notify(str(exc), error=True)

    def record_statistics(self, data: dict[str, Any]) -> None:
        if self.stats_recorded or not self.session.human_seats:
            return
        self.stats_recorded = True
        humans = self.session.human_seats
        won = data["winner"] in humans
        best = max(data["scores"][s] for s in humans)
        try:
            self.app.storage.record_result(self.session.game.id, won, best)
        except Exception as exc:
            self.app.notify(str(exc), error=True)

    def play_again(self) -> None:
        session = self.session
        options = session.game.options_to_json(session.options)
        winner = session.game.result(session.state).winner
        options["first_dealer"] = winner  # the winner deals the next game's first round
        new_options = session.game.options_from_json(options)
        seed = (session.seed * 6364136223846793005 + 1442695040888963407) % (1 << 62)
        seats = [SeatConfig(s.name, s.kind) for s in session.seats]
        from .title import TitleScene

        self.app.stack.clear_to(TitleScene(self.app))
        self.app.stack.push(
            NoveTableScene(self.app, GameSession(session.game, new_options, seed, seats))
        )

    # -- input -----------------------------------------------------------------------------------
    def ask_leave(self) -> None:
        from .dialog import ConfirmDialog
        from .title import TitleScene

        def leave() -> None:
            self.autosave()
            self.app.stack.clear_to(TitleScene(self.app))

        self.app.stack.push(
            ConfirmDialog(
                self.app,
                "Leave the table?",
                "The game is saved: Continue on the title screen resumes it.",
                leave,
                yes="Leave",
                no="Stay",
            )
        )

    def open_rules(self) -> None:
        from .rules import RulesScene

        self.app.stack.push(RulesScene(self.app, "nove"))

    HOTKEYS: ClassVar[dict[int, Action]] = {
        pygame.K_h: Hit(),
        pygame.K_s: Stand(),
        pygame.K_j: AskJokers(),
    }

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ask_leave()
            return
        if self.animating and (
            event.type == pygame.KEYDOWN
            or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)
        ):
            if event.type == pygame.MOUSEBUTTONDOWN and self.menu_button.rect.collidepoint(
                event.pos
            ):
                self.ask_leave()
                return
            self.fast_forward()  # the input skips the animations; it is not lost elsewhere
            return
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        if event.type == pygame.KEYDOWN and not self.animating:
            if event.key == pygame.K_r:
                self.open_rules()
                return
            if event.key in self.HOTKEYS and self.my_turn():
                self.act(self.HOTKEYS[event.key])
                return
            if event.key == pygame.K_n and self.my_turn():
                announce = [
                    a for a in self.session.legal(self.viewer) if isinstance(a, AnnounceNove)
                ]  # type: ignore[arg-type]
                self.act(announce[0] if announce else AnnounceNove(None))
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.animating:
            if self.menu_button.rect.collidepoint(event.pos):
                self.ask_leave()
                return
            if self.rules_button.rect.collidepoint(event.pos):
                self.open_rules()
                return
        self.focus.handle(event)

    def _hover(self, pos: tuple[int, int]) -> None:
        if self.viewer is None:
            return
        w, h = self.card_size(self.viewer)
        for sprite in self.hands[self.viewer]:
            rect = pygame.Rect(0, 0, self.app.s(w), self.app.s(h))
            rect.center = self.to_screen((sprite.x.value, sprite.y.value))
            sprite.hover = rect.collidepoint(pos)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        self.draw_table(surface)
        self.draw_piles(surface)
        for seat in range(self.n):
            self.draw_plate(surface, seat)
        for seat in range(self.n):
            self.draw_hand(surface, seat)
        for sprite in self.flying:
            self.draw_card(surface, sprite, OTHER_CARD)
        for chip in self.chips:
            if chip.x.started:
                image = app.art.chip(chip.value, app.s(30))
                surface.blit(
                    image, image.get_rect(center=self.to_screen((chip.x.value, chip.y.value)))
                )
        self.draw_hud(surface)
        for banner in self.banners:
            self.draw_banner(surface, banner)
        if self.buttons:
            for toggle in self.buttons:
                if isinstance(toggle, CardToggle):
                    self._place_toggle(toggle)
        self.focus.draw(surface, app.fonts, app.scale)

    def draw_table(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        image = self.app.art._get(("table", *size), lambda: self._table_image(size))
        surface.blit(image, (0, 0))

    def _table_image(self, size: tuple[int, int]) -> pygame.Surface:
        """Felt, vignette and the oval table, drawn once per window size."""
        surface = pygame.Surface(size)
        common.felt(surface, self.app)
        rect = pygame.Rect(0, 0, self.app.s(1080), self.app.s(560))
        rect.center = self.to_screen((640, 345))
        pygame.draw.ellipse(surface, theme.GOLD_DARK, rect.inflate(self.app.s(14), self.app.s(14)))
        pygame.draw.ellipse(surface, theme.FELT_LIGHT, rect)
        pygame.draw.ellipse(surface, theme.FELT, rect.inflate(-self.app.s(40), -self.app.s(40)))
        return surface

    def draw_piles(self, surface: pygame.Surface) -> None:
        app = self.app
        w, h = OTHER_CARD
        for pos, count, label in (
            (DECK_POS, self.draw_count, "draw"),
            (DISCARD_POS, self.discard_count, "discards"),
        ):
            centre = self.to_screen(pos)
            if count > 0:
                back = app.art.back(app.s(w), app.s(h))
                for i in range(min(4, max(1, count // 8))):
                    surface.blit(back, back.get_rect(center=(centre[0] - i * 2, centre[1] - i * 2)))
            else:
                outline = pygame.Rect(0, 0, app.s(w), app.s(h))
                outline.center = centre
                pygame.draw.rect(
                    surface,
                    theme.FELT_DARK,
                    outline,
                    width=max(1, app.s(2)),
                    border_radius=app.s(7),
                )
            common.text(
                surface,
                app,
                f"{label}: {count}",
                (centre[0], centre[1] + app.s(h // 2 + 6)),
                14,
                colour=(215, 230, 215),
                anchor="midtop",
            )
        common.text(
            surface,
            app,
            self.status,
            self.to_screen((640, 412)),
            20,
            colour=theme.WHITE,
            bold=True,
            anchor="midtop",
        )
        best = min(self.announcements, key=lambda a: a[1]) if self.announcements else None
        if best is not None:
            common.text(
                surface,
                app,
                f"best NOVE: {self.names[best[0]]} ({best[1]})",
                self.to_screen((640, 440)),
                16,
                colour=CALL_COLOUR,
                anchor="midtop",
            )

    def draw_plate(self, surface: pygame.Surface, seat: int) -> None:
        app = self.app
        centre = self.to_screen(self.plate_pos(seat))
        wide = seat == self.viewer and self.card_size(seat) == OWN_CARD
        plate = pygame.Rect(0, 0, app.s(270 if wide else 210), app.s(46))
        plate.center = centre
        turn = seat == self.current and self.session.decider() is not None
        fill = (46, 60, 70) if not turn else (92, 78, 30)
        pygame.draw.rect(surface, fill, plate, border_radius=app.s(12))
        pygame.draw.rect(
            surface,
            theme.ACCENT if turn else (90, 110, 120),
            plate,
            width=max(1, app.s(3 if turn else 1)),
            border_radius=app.s(12),
        )
        name = self.names[seat] + ("" if self.session.is_human(seat) else "  (AI)")
        common.text(surface, app, name, (plate.x + app.s(12), plate.y + app.s(4)), 16, bold=True)
        tags = []
        if seat in self.busted:
            tags.append("BUST")
        elif seat in self.stood:
            tags.append("stood")
        if seat in self.exchanged:
            tags.append(f"exchanged {self.exchanged[seat]}")
        nove = [a for a in self.announcements if a[0] == seat]
        if nove:
            tags.append(f"NOVE {nove[0][1]}")
        if (
            seat == self.session.decider()
            and not self.session.is_human(seat)
            and not self.animating
        ):
            tags.insert(0, "thinking...")
        if wide and self.hands[seat]:
            tags.insert(0, self.hand_value_text())
        common.text(
            surface,
            app,
            "  ".join(tags),
            (plate.x + app.s(12), plate.y + app.s(25)),
            13,
            colour=theme.DANGER if seat in self.busted else (200, 214, 205),
        )
        score = self.scores[seat] if seat < len(self.scores) else 0
        common.text(
            surface,
            app,
            str(score),
            (plate.right - app.s(12), plate.centery),
            24,
            colour=theme.ACCENT,
            bold=True,
            anchor="midright",
        )
        chips = chip_stack(score)
        d = app.s(22)
        x = plate.right + app.s(6)
        for i, value in enumerate(chips[:8]):
            image = app.art.chip(value, d)
            surface.blit(image, (x + (i // 4) * (d + 2), plate.bottom - d - (i % 4) * app.s(5)))
        if len(chips) > 8:
            common.text(
                surface,
                app,
                f"+{len(chips) - 8}",
                (x + 2 * (d + 2), plate.centery),
                12,
                anchor="midleft",
            )
        if seat == self.dealer:
            dealer = (plate.x - app.s(16), plate.centery)
            pygame.draw.circle(surface, theme.WHITE, dealer, app.s(13))
            pygame.draw.circle(surface, theme.INK, dealer, app.s(13), max(1, app.s(2)))
            common.text(surface, app, "D", dealer, 15, colour=theme.INK, bold=True, anchor="center")
        if seat in self.order:
            badge = (plate.right - app.s(4), plate.y - app.s(4))
            pygame.draw.circle(surface, theme.PANEL, badge, app.s(10))
            common.text(
                surface,
                app,
                str(self.order.index(seat) + 1),
                badge,
                12,
                colour=theme.ACCENT,
                bold=True,
                anchor="center",
            )

    def draw_hand(self, surface: pygame.Surface, seat: int) -> None:
        size = self.card_size(seat)
        own = size == OWN_CARD
        choosing = own and any(isinstance(b, CardToggle) for b in self.buttons)
        for index, sprite in enumerate(self.hands[seat]):
            if sprite.delay > 0:
                continue
            sprite.selected = bool(choosing and index in self.selected)
            lift = 0.0
            if own and self.my_turn():
                lift = 22.0 if sprite.selected else (10.0 if sprite.hover else 0.0)
            sprite.set_lift(lift)
            self.draw_card(surface, sprite, size)

    def hand_value_text(self) -> str:
        fixed, free = self._own_split()
        base = H.base_value(fixed)
        if not free:
            return f"hand {base}" + (" (bust)" if base > 31 else "")
        values = sorted(
            {base + OPTION_VALUE[o] for o in H.OPTION_VALUE if base + OPTION_VALUE[o] <= 31}
        )
        if not values:
            return f"hand {base + 1} (bust)"
        run = [v for v in values if v <= base + 7]
        text = f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0])
        if base + 10 <= 31:
            text += f" or {base + 10}"
        return f"hand {text} (joker)"

    def draw_card(self, surface: pygame.Surface, sprite: CardSprite, size: tuple[int, int]) -> None:
        app = self.app
        w, h = app.s(size[0]), app.s(size[1])
        x, y = self.to_screen((sprite.x.value, sprite.y.value - sprite.lift.value))
        if sprite.showing_face:
            image = app.art.face(sprite.card, w, h)  # type: ignore[arg-type]
        else:
            image = app.art.back(w, h)
        squash = sprite.width_factor
        if squash < 0.999:
            image = pygame.transform.scale(image, (max(1, int(w * squash)), h))
        shadow = app.art.shadow(w, h)
        surface.blit(shadow, shadow.get_rect(center=(x + app.s(3), y + app.s(4))))
        rect = image.get_rect(center=(x, y))
        surface.blit(image, rect)
        if sprite.selected:
            pygame.draw.rect(
                surface,
                theme.ACCENT,
                rect.inflate(app.s(6), app.s(6)),
                width=max(2, app.s(4)),
                border_radius=app.s(10),
            )
        if sprite.showing_face and sprite.card in self.jokers and squash > 0.9:
            self.draw_joker_badge(surface, sprite.card, rect)  # type: ignore[arg-type]

    def draw_joker_badge(self, surface: pygame.Surface, joker: str, rect: pygame.Rect) -> None:
        """The joker's value on the card's left strip, which stays visible in a fan: "=4" when
        chosen, "=7" when forced, a gold ring when locked by a NOVE, "?" while still free."""
        app = self.app
        state, option = self.jokers[joker]
        label = "=7" if state == H.FORCED else (f"={option}" if option else "?")
        badge = (rect.x + app.s(15), rect.centery + app.s(6))
        pygame.draw.circle(surface, theme.INK, badge, app.s(13))
        if state == H.LOCKED:
            pygame.draw.circle(surface, theme.ACCENT, badge, app.s(13), max(1, app.s(2)))
        common.text(surface, app, label, badge, 12, colour=theme.ACCENT, bold=True, anchor="center")

    def draw_hud(self, surface: pygame.Surface) -> None:
        app = self.app
        w, _h = surface.get_size()
        info = f"Round {self.round_no}   Deal number {self.session.seed}   R: rules   Esc: menu"
        common.text(
            surface,
            app,
            info,
            (w - app.s(16), app.s(20)),
            14,
            colour=(205, 220, 210),
            anchor="topright",
        )
        self.menu_button.draw(surface, app.fonts, False, app.scale)
        self.rules_button.draw(surface, app.fonts, False, app.scale)

    def draw_banner(self, surface: pygame.Surface, banner: Banner) -> None:
        app = self.app
        font = app.fonts.get(app.s(banner.size * max(banner.scale.value, 0.1)), bold=True)
        image = theme.render_text(font, banner.text, banner.colour, shadow=True)
        centre = self.to_screen(banner.pos)
        pill = image.get_rect(center=centre).inflate(app.s(30), app.s(10))
        back = pygame.Surface(pill.size, pygame.SRCALPHA)
        pygame.draw.rect(
            back,
            (10, 16, 20, int(190 * banner.alpha / 255)),
            back.get_rect(),
            border_radius=pill.height // 2,
        )
        surface.blit(back, pill)
        image.set_alpha(banner.alpha)
        surface.blit(image, image.get_rect(center=centre))
