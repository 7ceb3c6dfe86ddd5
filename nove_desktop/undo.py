"""Undo of a slip: which of the one human player's moves may be taken back, and the log of what
each action showed that player.

The rule (docs/decisions.md, "Undo"): in a game with exactly one human seat, the player may take
back their last move (and every AI move made after it) as long as, since the position just
before that move, no action has *revealed* a card to them and no round has ended, and the game
is not over. An action reveals a card when, after it, the player may know the identity of a card
they could not know just before it: ``game.hidden_cards(state, seat)`` shrank by a card. That is
the engine's own statement of what a seat may not know (the one the AI's determinization obeys),
so "revealed" covers a card drawn by the player, a card turned face up, a card dealt face up and
a card shown to them; a card they already knew that moves (a card played from their hand) is not
a reveal. Checking each action against the one before it, not only against the position before
the move, also catches a card known once, hidden again (reshuffled) and then drawn.

Pure Python: no pygame, no clock, no files.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from typing import Any

from .engine.game import Game, Stack


class UndoRefusal(enum.Enum):
    """Why a move cannot be taken back (the table words each one for the player)."""

    PASS_AND_PLAY = "pass_and_play"
    NO_PLAYER = "no_player"
    NOTHING = "nothing"
    GAME_OVER = "game_over"
    ROUND_OVER = "round_over"
    REVEALED = "revealed"


MESSAGES = {
    UndoRefusal.PASS_AND_PLAY: "undo is not offered when several people share the table",
    UndoRefusal.NO_PLAYER: "no person plays at this table",
    UndoRefusal.NOTHING: "you have no move to take back",
    UndoRefusal.GAME_OVER: "the game is over",
    UndoRefusal.ROUND_OVER: "the round has ended since your last move",
    UndoRefusal.REVEALED: "a card has been revealed to you since your last move",
}


class UndoRefused(ValueError):
    """An undo the rule does not allow; ``why`` says which case (the message is English)."""

    def __init__(self, why: UndoRefusal) -> None:
        super().__init__(MESSAGES[why])
        self.why = why


@dataclasses.dataclass(slots=True)
class SightLog:
    """What each action showed one seat: ``revealed[i]`` is True when action ``i`` made a card
    known to the seat that it could not know just before; ``rounds[p]`` is the game's round
    number at position ``p`` (after ``p`` actions: one more entry than ``revealed``)."""

    seat: int
    deck: frozenset[str]
    known: frozenset[str]
    revealed: list[bool]
    rounds: list[int]

    @classmethod
    def start(cls, game: Game[Any, Any], options: Any, state: Any, seat: int) -> SightLog:
        """The log of a game at its first position."""
        deck = frozenset(game.full_deck(options))
        known = deck - game.hidden_cards(state, seat)
        return cls(seat, deck, known, [], [game.result(state).rounds])

    def record(self, game: Game[Any, Any], state: Any) -> None:
        """One more action was applied; ``state`` is the position after it."""
        known = self.deck - game.hidden_cards(state, self.seat)
        self.revealed.append(bool(known - self.known))
        self.rounds.append(game.result(state).rounds)
        self.known = known


def replay_with_log(
    game: Game[Any, Any],
    options: Any,
    seed: int,
    stack: Stack | None,
    actions: Sequence[tuple[int, dict[str, Any]]],
    seat: int,
) -> tuple[Any, SightLog]:
    """The state after ``actions`` (re-executed from the seed, as a save is resumed) and the
    sight log of ``seat`` along the way."""
    state, _events = game.new_game(options, seed, stack)
    log = SightLog.start(game, options, state, seat)
    for who, data in actions:
        game.apply(state, who, game.actions.from_json(data))
        log.record(game, state)
    return state, log


def undo_point(movers: Sequence[int], seat: int, log: SightLog, over: bool) -> int:
    """The position to go back to (the number of actions kept) to take back ``seat``'s last
    move, given ``movers`` (the seat of each action so far) and the seat's sight log; raises
    ``UndoRefused`` when the rule does not allow it."""
    if over:
        raise UndoRefused(UndoRefusal.GAME_OVER)
    last = next((i for i in range(len(movers) - 1, -1, -1) if movers[i] == seat), None)
    if last is None:
        raise UndoRefused(UndoRefusal.NOTHING)
    if any(number != log.rounds[last] for number in log.rounds[last:]):
        raise UndoRefused(UndoRefusal.ROUND_OVER)
    if any(log.revealed[last:]):
        raise UndoRefused(UndoRefusal.REVEALED)
    return last
