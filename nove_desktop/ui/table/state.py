"""What every part of the table scene shares, declared once.

:class:`~.scene.TableScene` is assembled from parts, one module each (``coach``, ``playback``,
``turns``, ``ending``, ``skip``, ``input``, ``undoing``, the ``hooks`` a game overrides, and
``scene`` itself), and the parts work on one object: the turns queue the events the playback
plays, the ending opens the hand-off the turns ask for, the coach wraps methods of all of them.
:class:`TableState` is the base of every part: the class attributes a game's table sets, the
state the scene's ``__init__`` (and the parts' own setup) creates, and the methods one part
calls on another. So mypy checks each part on its own, and each method's one definition
against its declaration here (docs/decisions.md, "Types: the table kit's shared state").

The methods are declared for the type checker only (``if TYPE_CHECKING``): at run time this class
adds nothing to a table but its class attributes, and every call finds the part that defines
the method, exactly as before. mypy trusts these declarations, so tests/ui/test_table_state.py
checks that each one is defined by the part its comment names.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ..scene import Scene

if TYPE_CHECKING:
    from typing import Self

    import pygame

    from ...engine.actions import Action
    from ...engine.events import Event
    from ...engine.game import Game
    from ...sessions import Session
    from ...tutorial import Coach
    from ..app import App
    from ..widgets import Button, FocusGroup, Widget
    from .ai_runner import AIRunner
    from .basics import CardWidget
    from .drag import Drag
    from .effects import Task
    from .hints import Advisor
    from .layout import SeatSpot
    from .moments import OpenMoment
    from .sprites import CardSprite
    from .undoing import UndoButton
    from .zones import Zones


class TableState(Scene):
    """The state and the shared methods of a table (see the module's docstring)."""

    # -- what a game's table sets (class attributes) ---------------------------------------------
    game_id: ClassVar[str] = ""
    deck: ClassVar[str] = "nove"
    clockwise: ClassVar[bool] = True
    seat_area: ClassVar[tuple[float, float]] = (200.0, 118.0)
    own_width: ClassVar[float] = 96.0  # card widths in design units (height = 1.42 x width)
    other_width: ClassVar[float] = 60.0
    pile_width: ClassVar[float] = 64.0
    deck_spot: ClassVar[tuple[float, float]] = (560.0, 300.0)
    card_ratio: ClassVar[float] = 1.42

    # -- the game and its seats ------------------------------------------------------------------
    session: Session
    game: Game[Any, Any]
    names: list[str]  # one per seat; the viewer's is marked (sentences in the second person)
    n: int  # the number of seats
    pass_and_play: bool  # more than one person at the screen
    viewer: int | None  # whose private cards the screen shows (None: nobody's)
    bottom: int  # the seat drawn at the bottom of the screen
    spots: list[SeatSpot]
    current: int | None
    dealer: int | None
    scores: list[int]
    status: str

    # -- the card model and its sprites ----------------------------------------------------------
    zones: Zones
    sprites: dict[str, CardSprite]
    leaving: list[CardSprite]  # sprites flying into a pile, where they disappear
    buried: set[str]  # refs of cards under the top cards of a pile
    drag: Drag | None

    # -- events -> animations --------------------------------------------------------------------
    queue: deque[Event]
    beat: float  # the pause an event asked for, still to play (scaled by the speed)
    rhythm: float  # a post-play pause still to keep (seconds, not scaled by speed)
    tasks: list[Task]
    synced: bool  # the model equals the viewer's observation
    log: list[str]
    log_open: bool

    # -- decisions -------------------------------------------------------------------------------
    runner: AIRunner
    ui_random: random.Random
    ai_wait: dict[int, float]  # AI seats taking their turn: the pace still to wait
    ai_run: int  # computer turns in a row since a person's
    moment: OpenMoment | None
    actions_applied: int
    controls_key: object  # names the decision the controls were built for
    controls: list[Widget]
    card_widgets: list[CardWidget]
    focus: FocusGroup
    refusals_told: set[str]
    advisor: Advisor
    suggested_refs: set[str]
    hint_rect: pygame.Rect
    hinted: set[int]  # human seats that asked for a hint in this game

    # -- the HUD ---------------------------------------------------------------------------------
    menu_button: Button
    rules_button: Button
    log_button: Button
    hint_button: Button
    undo_button: UndoButton
    hud_buttons: list[Button]
    coach: Coach | None  # a guided game's coach (None in an ordinary game)

    # -- saving, modals, the end -----------------------------------------------------------------
    save_due: bool  # saved at the end of the frame
    pending_modal: Callable[[], None] | None  # opens once the animations have played
    modal_open: bool
    stats_recorded: bool
    game_key: str  # names this game in the statistics
    results_seen: bool
    error_shown: bool
    skipping: bool  # skipping to the results: no round summary opens

    if TYPE_CHECKING:
        # The methods one part calls on another, by the module that defines each one.

        # scene.py
        def __init__(self, app: App, session: Session, resumed: bool = False) -> None: ...
        @property
        def animating(self) -> bool: ...
        @property
        def speed(self) -> float: ...
        def observe(self) -> Any: ...
        def spot(self, seat: int) -> SeatSpot: ...
        def card_size(self, width: float) -> tuple[int, int]: ...
        def reconcile(self) -> None: ...
        def place_sprites(self, snap_new: bool = False) -> None: ...
        def set_viewer(self, seat: int | None) -> None: ...
        def effects_blocking(self) -> bool: ...

        # playback.py
        def enqueue(self, events: Sequence[Event]) -> None: ...
        def banner_spot(self, anchor: str) -> tuple[float, float] | None: ...
        def rebuild_log(self) -> None: ...
        def present(self) -> None: ...
        def skip_animations(self, by_player: bool = True) -> None: ...

        # turns.py
        def act(self, action: Action, seat: int | None = None) -> bool: ...
        def apply(self, seat: int, action: Action) -> None: ...
        def refusal(self, seat: int, action: Action) -> str | None: ...
        def decide_now(self, seat: int) -> Action: ...
        def show_controls(self, widgets: list[Widget]) -> None: ...
        def decision_moment(self) -> object: ...

        # ending.py
        def start_handoff(self, seat: int, then: Callable[[], None] | None = None) -> None: ...
        def autosave(self) -> None: ...
        def show_summary(
            self, title: str, columns: list[str], rows: list[list[Any]], note: str = ""
        ) -> None: ...
        def summary_closed(self) -> None: ...
        def show_game_over(self, reason: str) -> None: ...
        def record_statistics(self) -> None: ...
        def play_again(self) -> None: ...
        def open_menu(self) -> None: ...
        def open_rules(self) -> None: ...
        def toggle_log(self) -> None: ...

        # skip.py
        def humans_out(self) -> bool: ...
        def skip_to_results(self) -> None: ...

        # input.py
        def click_hud(self, pos: tuple[int, int]) -> bool: ...

        # undoing.py
        def judge_undo(self) -> None: ...
        def undo(self) -> None: ...
        def hover_undo(self, pos: tuple[int, int]) -> None: ...
        def rebuilt(self) -> Self: ...
