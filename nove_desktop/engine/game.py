"""The contract every game implements, so that the UI, the AI seats, the CLI and the tests can
treat the five games alike."""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from .actions import Action, ActionCodec
from .errors import FormatError, InvalidOptionsError
from .events import Event, EventCodec
from .jsonable import from_plain, to_plain
from .rng import Rng

MAX_ROUND_LIMIT = 10_000
"""The largest ``max_rounds`` a game accepts (NOVE, NOX, Kaël): the cap is a tool for
simulations and short games, and a game of ten thousand rounds is already longer than anyone
plays; a larger number in a file or on the command line is surely a mistake."""


class GameState(Protocol):
    """What the engine needs from a state: a cheap, independent copy, its options, why the game
    ended, and its JSON form (``to_json``, read back by ``from_json(options, data)``)."""

    @property
    def options(self) -> Any: ...

    @property
    def end_reason(self) -> str | None: ...

    def copy(self) -> GameState: ...

    def to_json(self) -> dict[str, Any]: ...

    @classmethod
    def from_json(cls, options: Any, data: Any) -> Self: ...


class Observation(Protocol):
    """What one seat may know, as a JSON-ready object."""

    def to_json(self) -> dict[str, Any]: ...


@dataclasses.dataclass(frozen=True, slots=True)
class Stack:
    """A stacked deck for scenarios and tests.

    ``cards`` are laid on top of the first round's draw pile, top card first; the cards not named
    follow in an order shuffled by the game's own generator. With ``keep_reshuffle_order`` a
    reshuffle of a discard pile keeps the pile's order instead of shuffling it. ``scores``, when
    given, are the seats' scores before the first deal (worked examples start mid-game).
    """

    cards: tuple[str, ...] = ()
    keep_reshuffle_order: bool = False
    scores: tuple[int, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        return to_plain(self)

    @classmethod
    def from_json(cls, data: Any) -> Stack:
        return from_plain(cls, data, "deck")


@dataclasses.dataclass(frozen=True, slots=True)
class GameResult:
    """How a finished (or stopped) game stands."""

    over: bool
    scores: tuple[int, ...]
    winner: int | None
    rounds: int
    reason: str

    def to_json(self) -> dict[str, Any]:
        return to_plain(self)

    @classmethod
    def from_json(cls, data: Any) -> GameResult:
        """The result ``to_json`` wrote; ``FormatError`` naming the field for anything else
        (also a winner that is not one of the seats scored)."""
        result: GameResult = from_plain(cls, data, "result")
        winner = result.winner
        if winner is not None and not 0 <= winner < len(result.scores):
            raise FormatError(f"result.winner: {winner} is not a seat")
        return result


OptionsT = TypeVar("OptionsT")
StateT = TypeVar("StateT", bound=GameState)


class Game(ABC, Generic[OptionsT, StateT]):
    """One registered game. Instances are stateless: every method takes the state it works on.

    ``apply`` changes the state in place and returns the events that happened; it first checks
    the action and raises ``IllegalActionError`` (with a reason a player can read) without
    changing anything. Automatic steps (deals, compulsory calls, scoring) run inside ``new_game``
    and ``apply`` until a seat must decide or the game is over.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    options_type: ClassVar[type]
    state_type: type[StateT]
    """The state class (a class attribute): saves hold ``{"options": ..., "state":
    state.to_json()}``, read back with ``state_type.from_json(options, data["state"])``."""
    observation_type: ClassVar[type]
    """The observation class (a frozen dataclass): ``observe`` returns one, and
    ``observation_from_json`` reads back what its ``to_json`` wrote."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    actions: ClassVar[ActionCodec]
    events: ClassVar[EventCodec]
    """Every kind of event the game emits (reads the JSON ``Event.to_json`` writes)."""
    lower_score_wins: ClassVar[bool] = False
    """True when the lowest total is best (Kaël only: NUM-X's highest total wins, N-A55):
    rankings, summaries and "best score" in statistics follow it."""
    has_reaction_windows: ClassVar[bool] = False
    """True when several seats may be asked at once (``to_act`` lists more than one seat):
    Kaël's cut window, NUM-X's malus choice and Facteur X window."""

    # -- options -------------------------------------------------------------------------------
    def default_options(self, players: int | None = None) -> OptionsT:
        if players is None:
            return self.options_type()
        return self.options_type(players=players)

    def options_to_json(self, options: OptionsT) -> dict[str, Any]:
        return to_plain(options)

    def options_from_json(self, data: Any) -> OptionsT:
        try:
            return from_plain(self.options_type, data, "options")
        except InvalidOptionsError:
            raise
        except FormatError as exc:
            raise InvalidOptionsError(str(exc)) from None

    # -- the rules -----------------------------------------------------------------------------
    @abstractmethod
    def new_game(
        self, options: OptionsT, seed: int, stack: Stack | None = None
    ) -> tuple[StateT, list[Event]]:
        """A new game and the events of its automatic opening (shuffle, deal...)."""

    @abstractmethod
    def to_act(self, state: StateT) -> tuple[int, ...]:
        """Seats that may act now: usually one, several in a reaction window, none at the end."""

    @abstractmethod
    def legal_actions(self, state: StateT, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (empty when it may not act)."""

    @abstractmethod
    def apply(self, state: StateT, seat: int, action: Action) -> list[Event]:
        """Check and apply ``action`` for ``seat``; return what happened."""

    @abstractmethod
    def observe(self, state: StateT, seat: int | None) -> Observation:
        """What ``seat`` may know (``None``: a spectator who sees public information only)."""

    def observation_from_json(self, data: Any) -> Observation:
        """The observation whose ``to_json`` wrote ``data``, typed and equal to it: what a remote
        client rebuilds from what the server sent (``docs/engine.md``, "Observations of ...").
        Anything else raises ``FormatError`` naming the field (wrong type, missing, unknown).
        Each game narrows the return type to its own observation class."""
        return from_plain(self.observation_type, data, "observation")

    def result(self, state: StateT) -> GameResult:
        """Scores and winner so far; ``over`` tells whether the game has ended. Built from the
        typed queries (``is_over``, ``totals``, ``winner``, ``round_number``, ``end_reason``)."""
        return GameResult(
            over=self.is_over(state),
            scores=self.totals(state),
            winner=self.winner(state),
            rounds=self.round_number(state),
            reason=self.end_reason(state),
        )

    @abstractmethod
    def winner(self, state: StateT) -> int | None:
        """The winner once the game is over (the first, when several share the win); before
        that, the seat leading where the game names one (banco), else ``None``."""

    def end_reason(self, state: StateT) -> str:
        """Why the game ended, in English for files and logs ("in progress" until it has)."""
        return state.end_reason or "in progress"

    @abstractmethod
    def round_number(self, state: StateT) -> int:
        """The round being played (in banco, the hand), counted from 1; the last one once the
        game is over."""

    @abstractmethod
    def totals(self, state: StateT) -> tuple[int, ...]:
        """Each seat's running total in seat order: points (chips in banco)."""

    def is_legal(self, state: StateT, seat: int, action: Action) -> bool:
        """Whether ``seat`` may take ``action`` now: ``apply`` accepts exactly these. Asking
        never changes the state, and any seat number or action (even another game's) gets an
        answer rather than an exception."""
        return seat in self.to_act(state) and action in self.legal_actions(state, seat)

    def is_over(self, state: StateT) -> bool:
        return not self.to_act(state)

    def describe_action(self, action: Action) -> str:
        """A short readable description of an action, for messages and logs."""
        return str(action.to_json())

    # -- hidden information --------------------------------------------------------------------
    @abstractmethod
    def hidden_cards(self, state: StateT, seat: int) -> frozenset[str]:
        """Card ids whose identity ``seat`` may not know now (others' hidden cards, the stock)."""

    @abstractmethod
    def determinize(self, state: StateT, seat: int, rng: Rng) -> StateT:
        """A copy of ``state`` whose hidden cards are re-dealt at random, consistent with what
        ``seat`` has observed; chance in the copy is reseeded so it cannot reveal the future."""

    # -- conservation and serialisation --------------------------------------------------------
    @abstractmethod
    def full_deck(self, options: OptionsT) -> list[str]:
        """Every card of the game, once per copy."""

    @abstractmethod
    def cards_in_play(self, state: StateT) -> list[str]:
        """Every card in every zone of ``state`` (hands, piles, table): never created or lost."""

    def state_to_json(self, state: StateT) -> dict[str, Any]:
        """The state as saves and replays hold it: its options and the state's own JSON."""
        return {"options": self.options_to_json(state.options), "state": state.to_json()}

    def state_from_json(self, data: Any) -> StateT:
        """The state ``state_to_json`` wrote; ``FormatError`` (or ``InvalidOptionsError``) with
        a readable message for anything else."""
        options = self.options_from_json(data.get("options") if isinstance(data, dict) else None)
        return self.state_type.from_json(options, data.get("state"))


def validate_player_count(title: str, players: object, least: int, most: int) -> None:
    """Refuse a number of players that is not a whole number from ``least`` to ``most``: every
    game's options check theirs with it ("NOVE is played by 2 to 6 players, not 7")."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise InvalidOptionsError("the number of players must be a whole number")
    if not least <= players <= most:
        raise InvalidOptionsError(f"{title} is played by {least} to {most} players, not {players}")


def check_stack(stack: Stack | None, deck: Sequence[str], players: int) -> None:
    """Refuse a stacked deck that names unknown cards or a card more often than it exists."""
    if stack is None:
        return
    if stack.scores is not None and len(stack.scores) != players:
        raise InvalidOptionsError(f"stacked deck: {len(stack.scores)} scores for {players} seats")
    remaining = list(deck)
    for card in stack.cards:
        if card not in remaining:
            known = card in deck
            why = (
                "appears more often than the deck holds it"
                if known
                else "is not a card of this game"
            )
            raise InvalidOptionsError(f"stacked deck: {card} {why}")
        remaining.remove(card)
