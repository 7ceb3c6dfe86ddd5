"""A game being played at the table: engine state, who sits where, and what to save.

Pure Python (no pygame): the table scene drives it, the tests drive it directly. A save is a
replay (game, options, seed, seats, actions, the AI searches' budget) plus a format marker, so
resuming re-executes the actions, the future deals stay exactly the same and the AI seats go on
with the budget the game started with.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from .ai import DecisionRequest, Hint, decide, hint, level_of
from .ai.base import Purpose, SeatError, decision_rng
from .ai.search import Budget, default_budgets
from .engine.actions import Action
from .engine.errors import EngineError, FormatError, IllegalActionError
from .engine.events import Event, events_for_seat
from .engine.game import Game, GameResult, Stack
from .engine.registry import Registry
from .engine.replay import Replay, ReplayError, SeatInfo, parse, run
from .match import decision_request, seat_seed
from .sessions import NOT_POSSIBLE
from .undo import SightLog, UndoRefusal, UndoRefused, replay_with_log, undo_point

SAVE_FORMAT = "nove-desktop-save"
SAVE_VERSION = 1
HUMAN = "human"
REMOTE = "remote"  # a person at another computer (a server's room)


@dataclasses.dataclass(frozen=True, slots=True)
class SeatConfig:
    """One seat of the table: a name and who plays it: ``human`` or an AI level (``random``,
    ``easy``, ``normal``, ``hard``; ``heuristic`` is Normal's older name)."""

    name: str
    kind: str

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    @property
    def is_person(self) -> bool:
        """A person plays the seat, here or at another computer (else an AI level)."""
        return self.kind in (HUMAN, REMOTE)


class GameSession:
    """The engine state of one game plus its seats, its history of actions and the budgets of
    its AI searches (``budgets``: "hard" for a Hard seat's decision, "hint" for a hint)."""

    def __init__(
        self,
        game: Game[Any, Any],
        options: Any,
        seed: int,
        seats: Sequence[SeatConfig],
        stack: Stack | None = None,
        budgets: dict[str, Budget] | None = None,
    ) -> None:
        """``budgets``: "hard" and/or "hint" budgets; the game's fixed iteration budgets of today
        for those not given. They are recorded in the save, so Continue uses them even if the
        defaults change later."""
        self.game = game
        self.options = options
        self.seed = seed
        self.seats = list(seats)
        self.stack = stack
        self.ui: dict[str, Any] = {}  # what the table saved beside the game (who asked hints)
        self.state, self.opening_events = game.new_game(options, seed, stack)
        self.replay = Replay(
            game=game.id,
            options=game.options_to_json(options),
            seats=[SeatInfo(s.name, s.kind) for s in seats],
            seed=seed,
            stack=stack,
        )
        given = budgets or {}
        today = default_budgets(game.id, options)
        self.budgets = {purpose: given.get(purpose, budget) for purpose, budget in today.items()}
        self.replay.budget = budgets_to_json(self.budgets)
        _check_kinds(self.seats)
        self.undos = 0  # moves taken back in this game: an "assisted" game when above 0
        self._sight: SightLog | None = None  # built on the first undo question

    # -- whose turn ------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return not self.game.to_act(self.state)

    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act(self.state)

    def decider(self) -> int | None:
        """The seat whose decision is awaited (the first listed), or None at the end."""
        acting = self.to_act()
        return acting[0] if acting else None

    def is_human(self, seat: int) -> bool:
        return self.seats[seat].is_human

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def legal(self, seat: int) -> list[Action]:
        return self.game.legal_actions(self.state, seat)

    def observe(self, seat: int | None) -> Any:
        return self.game.observe(self.state, seat)

    # -- what a table may offer (see sessions.Session) -----------------------------------------
    @property
    def can_undo(self) -> bool:
        return True  # the rule itself (undo.py) says when: one person, their own move

    @property
    def offers_hints(self) -> bool:
        return True

    @property
    def can_save(self) -> bool:
        return True

    @property
    def runs_game(self) -> bool:
        return True  # offline: the AI seats, windows and timeouts are this computer's

    # -- nothing arrives by itself offline (see sessions.Session) --------------------------------
    def arrived(self) -> list[Event]:
        return []

    def window_seconds_left(self) -> float | None:
        return None

    def seat_status(self, seat: int) -> str:
        return ""

    def final_replay(self) -> dict[str, Any] | None:
        return None  # the autosave is the replay

    # -- the rules' answers about a seat's own decision -------------------------------------------
    def is_legal(self, seat: int, action: Action) -> bool:
        return self.game.is_legal(self.state, seat, action)

    def refusal(self, seat: int, steps: Sequence[Action]) -> IllegalActionError | None:
        """None when every step is legal in turn, else the engine's reason for the first one
        refused. Tried on a copy (taken only when there is more than one step to try): the
        real state never changes."""
        trial = self.state
        for index, step in enumerate(steps):
            if not self.game.is_legal(trial, seat, step):
                try:
                    self.game.apply(trial.copy(), seat, step)  # refused: raises
                except IllegalActionError as exc:
                    return exc
                return IllegalActionError(NOT_POSSIBLE, seat=seat, action=step)
            if index < len(steps) - 1:
                if trial is self.state:
                    trial = trial.copy()
                self.game.apply(trial, seat, step)
        return None

    def sample(self, seat: int) -> Any:
        """``game.determinize`` for ``seat``, from a generator of the seat's seed and the
        position (as an AI search's sample): two states the seat cannot tell apart give the
        same sample."""
        rng = decision_rng(seat_seed(self.seed, seat), self.position, Purpose.SAMPLE)
        return self.game.determinize(self.state, seat, rng)

    def result(self) -> GameResult:
        return self.game.result(self.state)

    def history(self, seat: int | None) -> list[Event]:
        """The game's events so far, censored for ``seat``: its actions re-executed from the
        seed (as a resumed save is)."""
        every = run(self.replay, self._registry(), keep_events=True).events
        return events_for_seat(every, seat)

    def play_again(self) -> GameSession:
        """A new game with the same seats and options; its deal number follows from this
        one's (a fixed step of a linear congruential generator: no clock, no global random)."""
        seed = (self.seed * 6364136223846793005 + 1442695040888963407) % (1 << 62)
        return GameSession(self.game, self.options, seed, self.seats)

    def _registry(self) -> Registry:
        """A registry of this session's one game (a replay names its game by id)."""
        return Registry([self.game])

    # -- acting ----------------------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply and record an action; ``IllegalActionError`` leaves everything unchanged."""
        events = self.game.apply(self.state, seat, action)
        self.replay.record(seat, action)
        if self._sight is not None:
            self._sight.record(self.game, self.state)
        return events

    @property
    def position(self) -> int:
        """The number of actions applied so far: the clock of every AI decision."""
        return len(self.replay.actions)

    def ai_inputs(self, seat: int) -> tuple[Any, list[Action]]:
        """What an AI seat may see and do now (a snapshot: safe to hand to a worker thread)."""
        return self.observe(seat), self.legal(seat)

    def decision_request(
        self,
        seat: int,
        kind: str | None = None,
        seconds: float | None = None,
        iterations: int | None = None,
        purpose: str = "hard",
    ) -> DecisionRequest:
        """Everything ``ai.decide`` (or ``ai.hint``) may use for ``seat``'s decision now, and
        nothing else. ``kind`` defaults to the seat's own (a hint for a human seat asks "hard").
        The budget is ``seconds`` and/or ``iterations``; with neither, this game's recorded
        budget for ``purpose`` ("hard": a Hard seat's decision, "hint": a hint).

        For a search the request carries one sample of the state, determinized for ``seat``
        with a generator derived from the seat's seed and the position: the search never sees
        the true state, and two states the seat cannot tell apart give the same sample.
        """
        kind = self.seats[seat].kind if kind is None else kind
        if kind == HUMAN:
            raise SeatError(f"seat {seat} is played by a person: ask for a kind of AI")
        if seconds is None and iterations is None:
            budget = self.budgets[purpose]
            seconds, iterations = budget.seconds, budget.iterations
        return decision_request(
            self.game,
            self.state,
            self.seed,
            seat,
            kind,
            self.position,
            options=self.options,
            seconds=seconds,
            iterations=iterations,
        )

    def ai_decide(
        self, seat: int, seconds: float | None = None, iterations: int | None = None
    ) -> Action:
        """``decide(decision_request(seat))``: the seat's AI decision now (headless use)."""
        return decide(self.decision_request(seat, seconds=seconds, iterations=iterations))

    def hint_request(self, seat: int) -> DecisionRequest:
        """The request of a hint for ``seat`` at this game's recorded hint budget."""
        return self.decision_request(seat, "hard", purpose="hint")

    def hint(self, seat: int, seconds: float | None = None, iterations: int | None = None) -> Hint:
        """The Hard seat's suggestion for ``seat`` (any seat, a human's included); the budget:
        as ``decision_request``'s, the recorded hint budget when neither is given."""
        return hint(self.decision_request(seat, "hard", seconds, iterations, "hint"))

    def ai_seat(self, seat: int) -> SessionSeat:
        """The AI playing ``seat`` (``KeyError`` for a human seat). Its ``choose`` answers
        from this session's current position: call it before the next action is applied."""
        if self.seats[seat].is_human:
            raise KeyError(seat)
        return SessionSeat(self, seat)

    # -- undo (see nove_desktop/undo.py for the rule) ----------------------------------------------
    def undo_refusal(self) -> UndoRefusal | None:
        """Why the human player's last move cannot be taken back now (None: it can)."""
        try:
            self._undo_point()
        except UndoRefused as exc:
            return exc.why
        return None

    def undo(self) -> int:
        """Take back the human player's last move and every action after it: the action list
        is cut there and the state rebuilt by re-executing it from the seed, as a resumed save
        is. Returns how many actions were taken back; ``UndoRefused`` (nothing changed) when
        the rule does not allow it."""
        point = self._undo_point()
        seat = self.human_seats[0]
        kept = list(self.replay.actions[:point])
        state, sight = replay_with_log(self.game, self.options, self.seed, self.stack, kept, seat)
        taken = len(self.replay.actions) - point
        self.replay.actions = kept
        self.state = state
        self._sight = sight
        self.opening_events = []
        self.undos += 1
        return taken

    @property
    def assisted(self) -> bool:
        """A move was taken back in this game (its statistics count it as helped)."""
        return self.undos > 0

    def _undo_point(self) -> int:
        humans = self.human_seats
        if len(humans) > 1:
            raise UndoRefused(UndoRefusal.PASS_AND_PLAY)
        if not humans:
            raise UndoRefused(UndoRefusal.NO_PLAYER)
        if self._sight is None or self._sight.seat != humans[0]:
            _state, self._sight = replay_with_log(
                self.game, self.options, self.seed, self.stack, self.replay.actions, humans[0]
            )
        movers = [seat for seat, _action in self.replay.actions]
        return undo_point(movers, humans[0], self._sight, self.over)

    # -- saving ----------------------------------------------------------------------------------
    def to_save(self, extra: dict[str, Any] | None = None) -> dict[str, Any]:
        result = self.game.result(self.state)
        data = self.replay.to_json()
        data.pop("result", None)
        save: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "replay": data,
            "finished": result.over,
            "ui": dict(extra or {}),
        }
        if self.undos:  # written only when there were some: saves without undo do not change
            save["undos"] = self.undos
        return save

    @classmethod
    def from_save(cls, data: Any, registry: Registry) -> GameSession:
        """Rebuild a session by re-executing a save's actions; ``SaveError`` if it cannot be."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("this file is not a nove-desktop saved game")
        version = data.get("version")
        if type(version) is not int or version != SAVE_VERSION:  # not true, not 1.0
            raise SaveError(f"saved game version {_short(repr(version))} is not supported")
        finished = data.get("finished")
        if not isinstance(finished, bool):
            raise SaveError("the saved game cannot be resumed: it does not say whether it ended")
        try:
            replay = parse(data.get("replay"))
            outcome = run(replay, registry)
        except (ReplayError, EngineError) as exc:
            raise SaveError(f"the saved game cannot be resumed: {exc}") from None
        if outcome.result.over != finished:
            said = "ended" if finished else "goes on"
            raise SaveError(
                f"the saved game cannot be resumed: it says the game {said}, "
                "but its moves say otherwise"
            )
        game = outcome.game
        try:
            options = game.options_from_json(replay.options)
        except FormatError as exc:  # pragma: no cover - run() validated them already
            raise SaveError(str(exc)) from None
        seats = [SeatConfig(s.name, s.kind) for s in replay.seats]
        try:
            _check_kinds(seats)
        except SeatError as exc:
            raise SaveError(f"the saved game cannot be resumed: {exc}") from None
        session = cls.__new__(cls)
        session.game = game
        session.options = options
        session.seed = replay.seed
        session.seats = seats
        session.stack = replay.stack
        session.budgets = (
            default_budgets(game.id, options)  # a save from before budgets were recorded
            if replay.budget is None
            else {purpose: Budget.from_json(data) for purpose, data in replay.budget.items()}
        )
        replay.budget = budgets_to_json(session.budgets)
        session.state = outcome.state
        session.opening_events = []
        replay.result = None
        session.replay = replay
        session.ui = dict(data.get("ui") or {})
        undos = data.get("undos", 0)
        if type(undos) is not int or undos < 0:
            raise SaveError("the saved game cannot be resumed: its count of undone moves is wrong")
        session.undos = undos
        session._sight = None
        return session


def results_pending(data: dict[str, Any]) -> bool:
    """Whether a save is of a finished game whose results the player has not left yet (the
    process died during the last summary or the game over): Continue shows them again. A save
    from before this was recorded says nothing, and its game is not resumed (it was counted)."""
    ui = data.get("ui")
    return (
        data.get("finished") is True and isinstance(ui, dict) and (ui.get("results_seen") is False)
    )


def before_last(data: dict[str, Any]) -> tuple[dict[str, Any], tuple[int, Any]]:
    """A finished game's save one action earlier, and that last action (seat, action as JSON):
    the table resumes there and plays the last action again, so the last round's events (its
    summary, then the game over) play as they did. Raises ``SaveError`` for a save without
    actions."""
    replay = data.get("replay")
    actions = replay.get("actions") if isinstance(replay, dict) else None
    if (
        not isinstance(replay, dict)
        or not isinstance(actions, list)
        or not actions
        or not (isinstance(actions[-1], dict) and isinstance(actions[-1].get("seat"), int))
    ):
        raise SaveError("the saved game cannot be resumed: it has no last move")
    last = actions[-1]
    earlier = {**data, "finished": False, "replay": {**replay, "actions": actions[:-1]}}
    return earlier, (int(last["seat"]), last.get("action"))


class SessionSeat:
    """An AI seat of a session, for callers that hold (observation, legal actions): it answers
    through ``decide`` with the session's position and, for a search, its sample."""

    def __init__(self, session: GameSession, seat: int) -> None:
        self.session = session
        self.seat = seat
        self.kind = session.seats[seat].kind

    def choose(self, observation: Any, legal: Sequence[Action]) -> Action:
        request = self.session.decision_request(self.seat)
        return decide(dataclasses.replace(request, observation=observation, legal=tuple(legal)))


def budgets_to_json(budgets: dict[str, Budget]) -> dict[str, dict[str, Any]]:
    """The budgets as a replay records them."""
    return {purpose: budget.to_json() for purpose, budget in budgets.items()}


def _check_kinds(seats: Sequence[SeatConfig]) -> None:
    """``SeatError`` for a seat kind that is neither human nor a known AI level."""
    for seat in seats:
        if not seat.is_human:
            level_of(seat.kind)


class SaveError(ValueError):
    """A saved game that cannot be resumed (the message is for the player)."""


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
