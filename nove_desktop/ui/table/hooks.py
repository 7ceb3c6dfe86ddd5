"""The hooks a game's table overrides: its zones, texts, controls, windows, drag and drop, summary
notes and setup rows. The defaults suit a game that needs nothing particular; the kit calls these
and nothing else of the game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeAlias, TypeVar

import pygame

from ...engine.actions import Action
from ...engine.events import Event
from ...i18n import _, format_signed, ngettext
from ..setup_options import OptionSpec
from ..widgets import Button, Widget
from . import hud, paint
from .basics import (
    Slot,
)
from .dispatch import Handlers
from .moments import Moment, OpenMoment
from .sprites import CardSprite
from .state import TableState

ObsT = TypeVar("ObsT")
"""The observation type of a game's table (``KaelObservation``...): ``TableScene[ObsT]``."""


class TableHooks(TableState, Generic[ObsT]):
    """A part of :class:`~.scene.TableScene`: its methods work on the scene's state."""

    def event_handlers(self) -> Handlers:
        """The table's event handlers by event class (see :mod:`.dispatch`); asked once."""
        return Handlers()

    def zones_from(self, obs: ObsT) -> tuple[dict[str, list[str | None]], dict[str, int]]:
        """The rows and piles the viewer's observation shows (``None`` = face down)."""
        raise NotImplementedError(f"{type(self).__name__} must lay out its zones")

    def derive(self, obs: ObsT) -> None:
        """Set the game's display fields (scores, tags, status...) from the observation."""

    def zone_slots(self, zone: str, count: int) -> list[Slot]:
        """Where the ``count`` cards of ``zone`` rest."""
        return []

    def pile_spot(self, pile: str) -> tuple[float, float]:
        return self.deck_spot

    def seat_tags(self, seat: int) -> list[str]:
        """Short status words under a seat's name ("stood", "final turn")."""
        return []

    def score_text(self, seat: int) -> str:
        return str(self.scores[seat])

    def played_for(self, rounds: int) -> str:
        """How long the game lasted, under the game-over headline: "after 3 rounds"."""
        return ngettext("after {n} round", "after {n} rounds", rounds).format(n=rounds)

    def describe_event(self, event: Event) -> str | None:
        """One line of the move log for a public event ("Ada laid a pair of 7s")."""
        return None

    def build_controls(self, seat: int, legal: list[Action]) -> list[Widget]:
        """Buttons for ``seat``'s decision; the first one gets the focus."""
        return []

    def moment_for(self, acting: tuple[int, ...]) -> Moment | None:
        """A reaction window or private prompt open now, if any."""
        return None

    def window_controls(self, moment: OpenMoment, acting: tuple[int, ...]) -> list[Widget]:
        """Buttons while a public window is open (the viewer's own, or one per human seat)."""
        return []

    def auto_answer(self, seat: int, legal: list[Action]) -> Action | None:
        """An answer a setting gives for the player (e.g. "always take good draws")."""
        return None

    def selectable(self, ref: str) -> bool:
        """Whether the player may pick this card now (it lifts on hover, and can be clicked)."""
        return False

    def card_clicked(self, ref: str) -> None:
        """The player clicked (or pressed Enter on) a selectable card."""

    def hotkey(self, key: int) -> bool:
        """A key pressed while the player may act; True if the game used it."""
        return False

    def draw_centre(self, surface: pygame.Surface) -> None:
        """Game-specific things on the table (badges, the countdown ring...)."""

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Game-specific things over the cards, under the buttons (a picker's panel)."""

    def history_rows(self, events: Sequence[Event]) -> None:
        """Called with every event of a resumed game, so a table can rebuild its history."""

    def action_words(self, action: Action) -> str:
        """An action in a few words, for hints ("Stand", "Lay a pair of 7s")."""
        words = self.game.describe_action(action)
        return words[:1].upper() + words[1:]

    def card_words(self, card: str) -> str:
        """A card named in a sentence, in the player's language ("the red 5")."""
        return card

    def hint_value(self, mean: float) -> str:
        """A hint's expected round result in the game's units ("+1.3 points")."""
        return _("{value} points").format(value=format_signed(mean))

    def hinted_refs(self, action: Action) -> list[str]:
        """The cards a suggested action plays (outlined with the suggestion)."""
        cards = list(getattr(action, "cards", ()) or ())
        card = getattr(action, "card", None)
        return cards + ([card] if isinstance(card, str) else [])

    def action_button(self, label: str, action: Action, **style: Any) -> Button:
        """A button that takes ``action`` (a hint can then outline it)."""
        button = Button(label, lambda: self.act(action), **style)
        button.action = action
        return button

    def extra_hud_buttons(self) -> list[Button]:
        """More buttons beside Menu, Rules and Log (a game's history...)."""
        return []

    def private_zones(self, seat: int) -> list[str]:
        """Zones whose faces only ``seat`` may see (turned down when another viewer comes)."""
        return [f"hand:{seat}"]

    def place_controls(self, widgets: list[Widget]) -> None:
        """Where the decision buttons go (default: a column at the bottom right)."""
        hud.place_controls(self, widgets)

    def focus_order(self, widgets: list[Widget]) -> list[Widget]:
        """The keyboard's order: by default the likeliest button, then the cards, then the other
        buttons (a game whose decision starts with a card puts the cards first)."""
        return [*widgets[:1], *self.card_widgets, *widgets[1:]]

    def draggable(self, ref: str) -> bool:
        """Whether the player may carry this card to a place with the mouse (see ``drag.py``);
        its click then comes on release, when the mouse has not carried it away."""
        return False

    def drag_started(self, ref: str) -> None:
        """A card was picked up by the mouse (e.g. select it, so its targets light up)."""

    def drop_target(self, ref: str, pos: tuple[int, int]) -> object | None:
        """The place under ``pos`` (window pixels) where the carried card would land, if any."""
        return None

    def card_dropped(self, ref: str, target: object) -> None:
        """The carried card was released on ``target`` (one of ``drop_target``'s answers)."""

    def table_clicked(self, pos: tuple[int, int]) -> bool:
        """A click that hit no control and no card the player may pick (a stack to look
        through, a place refused with its reason...). True if the game used it."""
        return False

    def draw_over(self, surface: pygame.Surface) -> None:
        """Things drawn over the cards and the controls (a stack opened for a look...)."""

    def decorate(self, surface: pygame.Surface, sprite: CardSprite, rect: pygame.Rect) -> None:
        """Extra marks on a drawn card (a joker's value, a stack's depth...)."""

    def pile_label(self, pile: str, count: int) -> str:
        """The words under a pile."""
        return str(count)

    def banner_point(self, anchor: str) -> tuple[float, float]:
        """Where a call-out with this anchor sits (design units): the centre band, or over a
        seat's cards. A table whose centre holds moving things (banco's bank) moves it."""
        return paint.banner_point(self, anchor)

    def status_point(self) -> tuple[float, float]:
        """The top centre of the status line (design units)."""
        return (640.0, paint.STATUS_Y)

    def ranking_details(self) -> list[str] | None:
        """A short note per seat beside its name on the game-over ranking (None: no notes)."""
        return None

    def hud_text(self) -> str:
        """The line at the top right."""
        return _("{deal}   R: rules   L: log   Esc: menu").format(deal=self.deal_words())

    def deal_words(self, short: bool = False) -> str:
        """What names this game on the info line: its deal number offline ("Deal number 42",
        ``short``: "Deal 42"), its room's code online ("Room K7P2Q": the seed stays on the
        server)."""
        seed = self.session.seed
        if isinstance(seed, str):
            return _("Room {code}").format(code=seed)
        if short:
            return _("Deal {seed}").format(seed=seed)
        return _("Deal number {seed}").format(seed=seed)

    @classmethod
    def setup_options(cls) -> list[OptionSpec]:
        """The game's options as rows of the Setup screen."""
        return []


TablePart: TypeAlias = TableHooks[Any]
"""What each part of the table (``turns``, ``ending``...) stands on and sees: the shared state,
the methods the parts call on one another and the hooks, whatever the game's observation type."""
