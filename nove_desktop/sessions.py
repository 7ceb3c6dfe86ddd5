"""The one interface the table talks to: a game being played, local or remote.

The table kit, the five tables, the hints, the coach, undo, the move log, the summaries and
"Play again" use a :class:`Session` and nothing else: no engine state, no replay. What it
offers is what the seats at this screen may know (their observations, the events censored for
them, their legal actions) and questions the rules answer about the seat's own decision
(``is_legal``, ``refusal``). :class:`~nove_desktop.session.GameSession` (offline: the engine
state is here) implements it; a remote session (the state stays on the server) implements it
from what its seat receives. The table cannot tell them apart.

Pure Python (no pygame).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from .engine.actions import Action
from .engine.errors import IllegalActionError
from .engine.events import Event
from .engine.game import Game, GameResult
from .i18n import N_

if TYPE_CHECKING:
    from .ai import DecisionRequest
    from .session import SeatConfig
    from .undo import UndoRefusal

# Said when an action the rules call illegal is accepted by ``apply`` all the same (never
# seen: every game's ``is_legal`` and ``apply`` agree); translated by the table.
NOT_POSSIBLE = N_("that move is not possible now")


class Session(Protocol):
    """A game at the table, as the seats at this screen may know it.

    ``game`` is the rules (stateless: every computer has them): names, options, action and
    card descriptions. ``seats`` are names and kinds (``human`` or an AI level); ``options``,
    ``seed`` and ``position`` (actions applied so far) are public. ``ui`` is what the table
    keeps beside the game in its save. ``opening_events`` are the events of the deal (censored
    by the table as it plays them).

    ``seed`` is what the table prints as the deal number. Offline it is the game's seed; a
    remote session must not hold a room's true seed while the game goes on (with the options
    it rebuilds every deal): it gives a public number there.
    """

    game: Game[Any, Any]
    options: Any
    seats: list[SeatConfig]
    ui: dict[str, Any]
    opening_events: list[Event]

    @property
    def seed(self) -> int | str:
        """What the table prints as the deal number (a remote session: the room code)."""
        ...

    # -- capabilities: what a table may offer with this session ----------------------------------
    @property
    def runs_game(self) -> bool:
        """True: this computer runs the game (offline): its AI seats, its windows' deadlines
        and the passes of a player who let a window run out. False: a server does all that;
        the table shows it and sends only its own seat's decisions."""
        ...

    @property
    def can_undo(self) -> bool:
        """Moves may be taken back (a game alone at this computer; never over the network)."""
        ...

    @property
    def offers_hints(self) -> bool:
        """``hint_request`` answers (the Hard seat's suggestion)."""
        ...

    @property
    def can_save(self) -> bool:
        """``to_save`` gives a save that Continue can resume on this computer."""
        ...

    # -- whose turn ------------------------------------------------------------------------------
    @property
    def over(self) -> bool: ...

    @property
    def position(self) -> int:
        """The number of actions applied so far."""
        ...

    @property
    def human_seats(self) -> list[int]: ...

    @property
    def assisted(self) -> bool:
        """A move was taken back in this game (its statistics count it as helped)."""
        ...

    def to_act(self) -> tuple[int, ...]: ...

    def is_human(self, seat: int) -> bool: ...

    def legal(self, seat: int) -> list[Action]:
        """``seat``'s legal actions now (only asked for a seat of this screen)."""
        ...

    def observe(self, seat: int | None) -> Any:
        """What ``seat`` may know now (None: what everybody may know)."""
        ...

    # -- the rules' answers about one seat's own decision ----------------------------------------
    def is_legal(self, seat: int, action: Action) -> bool:
        """Whether ``seat`` may take ``action`` now."""
        ...

    def refusal(self, seat: int, steps: Sequence[Action]) -> IllegalActionError | None:
        """None when ``seat`` may take ``steps`` one after the other from now (a NUM-X play
        is its specials, then the play), else the rules' reason for refusing the first one
        refused. Nothing is applied."""
        ...

    def sample(self, seat: int) -> Any:
        """A state ``seat`` cannot tell from the true one (every card hidden from it dealt
        again), for the table's look-ahead on the seat's own choices (what a NOVE joker
        option would score). Drawn only from what the seat knows."""
        ...

    # -- acting, and what happened ---------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply ``seat``'s action; the events are whole (the table censors them for its
        viewer as it plays them). ``IllegalActionError`` leaves everything unchanged."""
        ...

    def history(self, seat: int | None) -> list[Event]:
        """Every event of the game so far (the deal included) as ``seat`` may see it (None:
        the public ones): a resumed table rebuilds its move log and score history from it."""
        ...

    def result(self) -> GameResult:
        """How the game stands: scores, winner, rounds played, over or not."""
        ...

    def play_again(self) -> Session | None:
        """A new game with the same seats and options (a new deal); None when the new game
        is not started here (a server's room: the table closes, back to the room's lobby)."""
        ...

    # -- what arrives by itself (a remote session) -----------------------------------------------
    def arrived(self) -> list[Event]:
        """Events that happened since the last call without this table applying anything (the
        other seats' moves on a server), censored for this screen's seat; polled every frame.
        Always empty offline."""
        ...

    def window_seconds_left(self) -> float | None:
        """The seconds left in the open reaction window by the clock that decides it (the
        server's); None: the table times its windows itself (offline)."""
        ...

    def seat_status(self, seat: int) -> str:
        """How the seat is played now: "" (as set up), "away" (its player's connection dropped)
        or "ai_stand_in" (an AI plays it until its player returns). Always "" offline."""
        ...

    def final_replay(self) -> dict[str, Any] | None:
        """The finished game's replay to keep on this computer when it cannot be saved as a
        game (``can_save`` False); None otherwise (the autosave already is the replay)."""
        ...

    # -- AI seats and hints ----------------------------------------------------------------------
    def decision_request(self, seat: int, kind: str | None = None) -> DecisionRequest:
        """What an AI seat's decision may use (its view, and for a search one sample of what
        it cannot see, drawn only from what it knows)."""
        ...

    def hint_request(self, seat: int) -> DecisionRequest:
        """The request of a hint for ``seat`` (when ``offers_hints``)."""
        ...

    # -- undo and saving -------------------------------------------------------------------------
    def undo_refusal(self) -> UndoRefusal | None:
        """Why the player's last move cannot be taken back now (None: it can)."""
        ...

    def undo(self) -> int:
        """Take back the player's last move; how many actions were taken back."""
        ...

    def to_save(self, extra: dict[str, Any] | None = None) -> dict[str, Any]:
        """The save of this game, with ``extra`` as the table's part."""
        ...
