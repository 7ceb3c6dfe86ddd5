"""Undo of a slip (issue 28, part 3), at the level of the session: when a move may be taken back,
that the AI seats answer the same when the player repeats it, and pass-and-play refusals.

The expected answers never come from nove_desktop/undo.py: "revealed" is judged here from the
player's *observation* (the card ids found anywhere in ``observe(state, seat).to_json()``, step
by step), while the code under test reads ``hidden_cards``; the rebuilt states are compared with
sessions that re-apply the kept actions without any undo.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from nove_desktop.ai.search import Budget
from nove_desktop.engine.actions import Action
from nove_desktop.games import default_registry
from nove_desktop.session import GameSession, SeatConfig
from nove_desktop.undo import UndoRefusal, UndoRefused

REGISTRY = default_registry()
QUICK = {
    "nove": {"max_rounds": 2},
    "kael": {"max_rounds": 2},
    "nox": {"max_rounds": 1},
    "banco": {"max_hands": 6},
    "numx": {"rounds": 1},
}
LIMIT = 700  # actions: a safety net (these quick games end well before)
SMALL = {"hard": Budget(None, 24), "hint": Budget(None, 24)}  # quick, deterministic searches


def new_session(game_id: str, kinds: list[str], seed: int, quick: bool = True) -> GameSession:
    game = REGISTRY.get(game_id)
    values = {"players": len(kinds), **(QUICK[game_id] if quick else {})}
    seats = [SeatConfig(f"P{i}", kind) for i, kind in enumerate(kinds)]
    return GameSession(game, game.options_from_json(values), seed, seats, budgets=SMALL)


def stand_in(session: GameSession, seat: int) -> Action:
    """The person's move: what a Normal seat would do in their place (deterministic)."""
    from nove_desktop.ai import decide

    return decide(session.decision_request(seat, "normal"))


def next_move(session: GameSession) -> tuple[int, Action]:
    seat = session.decider()
    assert seat is not None
    if session.is_human(seat):
        return seat, stand_in(session, seat)
    return seat, session.ai_decide(seat)


def card_ids(value: Any, deck: frozenset[str], out: set[str]) -> set[str]:
    """Every card id written anywhere in a JSON value (keys included)."""
    if isinstance(value, str):
        if value in deck:
            out.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            card_ids(key, deck, out)
            card_ids(item, deck, out)
    elif isinstance(value, list | tuple):
        for item in value:
            card_ids(item, deck, out)
    return out


class Watcher:
    """What the one human seat saw after each action, from its observation alone."""

    def __init__(self, session: GameSession, seat: int = 0) -> None:
        self.session = session
        self.seat = seat
        self.deck = frozenset(session.game.full_deck(session.options))
        self.seen = [self.look()]
        self.rounds = [self.round()]

    def look(self) -> set[str]:
        return card_ids(self.session.observe(self.seat).to_json(), self.deck, set())

    def round(self) -> int:
        return self.session.game.result(self.session.state).rounds

    def applied(self) -> None:
        self.seen.append(self.look())
        self.rounds.append(self.round())

    def expected(self) -> UndoRefusal | None:
        """The rule, judged from the observations: None when the last move may be undone."""
        if self.session.over:
            return UndoRefusal.GAME_OVER
        movers = [seat for seat, _action in self.session.replay.actions]
        mine = [i for i, seat in enumerate(movers) if seat == self.seat]
        if not mine:
            return UndoRefusal.NOTHING
        last = mine[-1]
        if len(set(self.rounds[last:])) > 1:
            return UndoRefusal.ROUND_OVER
        if any(self.seen[p] - self.seen[p - 1] for p in range(last + 1, len(self.seen))):
            return UndoRefusal.REVEALED
        return None


def last_human_action(session: GameSession, seat: int = 0) -> dict[str, Any]:
    return next(a for s, a in reversed(session.replay.actions) if s == seat)


def fresh_state(session: GameSession, actions: list[tuple[int, dict[str, Any]]]) -> Any:
    """The state of the same game after ``actions``, built without any undo."""
    game = session.game
    other = GameSession(game, session.options, session.seed, session.seats, budgets=SMALL)
    for seat, data in actions:
        other.apply(seat, game.actions.from_json(data))
    return game.state_to_json(other.state)


# What the player's own last move was when a reveal refused the undo, per game: the reveal each
# game must show (a card drawn by the player in NOVE, Kaël, NUM-X and NOX; a card dealt after
# to the player who asked for one in banco).
REVEALS: dict[str, Callable[[dict[str, Any]], bool]] = {
    "nove": lambda action: action["type"] == "hit",
    "kael": lambda action: action["type"] == "lay" and action.get("source") == "deck",
    "numx": lambda action: action["type"] == "replenish",
    "nox": lambda action: action["type"] == "play",
    "banco": lambda action: action["type"] == "hit",
}


@pytest.mark.parametrize("game_id", list(QUICK))
def test_the_rule_follows_what_the_player_saw_through_a_whole_game(game_id: str) -> None:
    """After every action of a game (one person, two Normal seats) the session allows or
    refuses the undo exactly as the observations say; each game shows allowed undos and its
    own kind of reveal; an allowed undo rebuilds the state the kept actions give."""
    session = new_session(game_id, ["human", "normal", "normal"], seed=11)
    watcher = Watcher(session)
    assert session.undo_refusal() == UndoRefusal.NOTHING
    outcomes: Counter[UndoRefusal | None] = Counter()
    reveals = 0
    undone = 0
    while not session.over and session.position < LIMIT:
        session.apply(*next_move(session))
        watcher.applied()
        expected = watcher.expected()
        assert session.undo_refusal() == expected, (game_id, session.position)
        outcomes[expected] += 1
        if expected == UndoRefusal.REVEALED and REVEALS[game_id](last_human_action(session)):
            reveals += 1
        if expected is None and undone < 2:  # undo on a copy, compare with a fresh replay
            undone += 1
            copy = GameSession.from_save(session.to_save(), REGISTRY)
            movers = [seat for seat, _action in copy.replay.actions]
            last = max(i for i, seat in enumerate(movers) if seat == 0)
            kept = list(session.replay.actions[:last])
            assert copy.undo() == session.position - last
            assert copy.replay.actions == kept
            assert copy.game.state_to_json(copy.state) == fresh_state(session, kept)
            assert 0 in copy.to_act()
            assert copy.assisted and not session.assisted
    assert session.over
    assert session.undo_refusal() == UndoRefusal.GAME_OVER
    if game_id != "nox":  # every NOX play draws a card: a NOX move is never taken back
        assert outcomes[None] > 0, outcomes
    assert outcomes[UndoRefusal.REVEALED] > 0 and reveals > 0, (outcomes, reveals)
    with pytest.raises(UndoRefused):
        session.undo()


@pytest.mark.parametrize(("game_id", "seed"), [("kael", 3), ("numx", 5), ("banco", 4)])
def test_after_an_undo_the_same_move_brings_the_same_ai_answers(game_id: str, seed: int) -> None:
    """Undo, repeat the same move: the game's action list and every AI answer (a Hard seat's
    search included) are those of the game that was never undone."""
    reference = new_session(game_id, ["human", "hard", "easy"], seed)
    while not reference.over and reference.position < 160:
        reference.apply(*next_move(reference))
    line = list(reference.replay.actions)

    session = new_session(game_id, ["human", "hard", "easy"], seed)
    undo_at = None
    while session.position < len(line):
        seat, data = line[session.position]
        if session.is_human(seat):
            action = session.game.actions.from_json(data)
        else:  # the AI seats answer for themselves, in this session
            action = session.ai_decide(seat)
            assert action.to_json() == data, ("the AI answered otherwise", session.position)
        session.apply(seat, action)
        after_ai = seat != 0 and any(s == 0 for s, _a in line[: session.position])
        if undo_at is None and after_ai and session.undo_refusal() is None:
            undo_at = session.position
            taken = session.undo()
            assert taken >= 2  # the player's move and at least one AI answer after it
            assert session.replay.actions == line[: undo_at - taken]
    assert undo_at is not None, "choose a seed with an undo after an AI answer"
    assert session.replay.actions == line
    assert session.game.state_to_json(session.state) == reference.game.state_to_json(
        reference.state
    )


def test_pass_and_play_never_undoes() -> None:
    session = new_session("nove", ["human", "human", "normal"], seed=2)
    while session.position < 12 and not session.over:
        session.apply(*next_move(session))
    before = list(session.replay.actions)
    assert session.undo_refusal() == UndoRefusal.PASS_AND_PLAY
    with pytest.raises(UndoRefused) as refused:
        session.undo()
    assert refused.value.why == UndoRefusal.PASS_AND_PLAY
    assert session.replay.actions == before and not session.assisted


def test_a_table_of_ai_seats_has_nothing_to_undo() -> None:
    session = new_session("kael", ["normal", "normal", "normal"], seed=2)
    session.apply(*next_move(session))
    assert session.undo_refusal() == UndoRefusal.NO_PLAYER


def test_a_round_that_ended_since_the_move_refuses_the_undo() -> None:
    """A move made before a round ended is never taken back (its results were shown)."""
    session = new_session("nove", ["human", "normal", "normal"], seed=11)
    watcher = Watcher(session)
    while not session.over:
        session.apply(*next_move(session))
        watcher.applied()
        if watcher.rounds[-1] != watcher.rounds[-2]:
            break
    assert not session.over and any(seat == 0 for seat, _a in session.replay.actions)
    assert session.undo_refusal() == UndoRefusal.ROUND_OVER


@pytest.mark.parametrize("bad", [-1, True, 1.0, "1", None])
def test_a_save_with_a_wrong_count_of_undos_is_refused_in_words(bad: Any) -> None:
    from nove_desktop.datafiles import save_problems
    from nove_desktop.session import SaveError

    session = new_session("nove", ["human", "normal", "normal"], seed=2)
    session.apply(*next_move(session))
    data = {**session.to_save(), "undos": bad}
    assert any("undos" in problem for problem in save_problems(data))
    with pytest.raises(SaveError, match="undone moves"):
        GameSession.from_save(data, REGISTRY)
    assert GameSession.from_save(session.to_save(), REGISTRY).undos == 0
