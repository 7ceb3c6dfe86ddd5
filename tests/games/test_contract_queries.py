"""What the table asks the engine besides the rules themselves (``docs/engine.md``, "Questions
the table asks"): ``is_legal``, the score direction and whether a game has reaction windows.

Every registered game is checked through the ``Game`` contract only, on seeded random games:

* ``is_legal(state, seat, action)`` is True for every listed action of an acting seat and False
  for a seat that is not asked, for actions outside the list (the conformance suite's mutated
  candidates) and for actions of another game; ``apply`` accepts exactly what it accepts; asking
  never changes the state.
* ``lower_score_wins`` is what each rulebook says, and every finished game's ``result().winner``
  holds the best total in that direction.
* ``has_reaction_windows`` is True exactly when ``to_act`` lists several seats at some point.
"""

from __future__ import annotations

from typing import Any

import pytest
from conformance_helpers import (
    AnyGame,
    CandidateSource,
    options_for,
    policy_rng,
    seeds,
    state_json,
)

from nove_desktop.engine import Action, IllegalActionError, Rng
from nove_desktop.games import default_registry

REGISTRY = default_registry()
GAME_IDS = REGISTRY.ids()

# From the rulebooks, not from the code: Kaël counts penalty points (spec kael.md 3: "the lowest
# hand total"; above 100 a seat is out); NUM-X's highest total wins (numx.md 10.4, N-A55); NOVE,
# NOX and Nove banco count points or chips won.
LOWEST_WINS = {"nove": False, "banco": False, "nox": False, "kael": True, "numx": False}
# Kaël's cut and good draw, NUM-X's malus choice and Facteur X ask several seats at once.
WINDOWS = {"nove": False, "banco": False, "nox": False, "kael": True, "numx": True}

CHECKED_ACTIONS = 120  # per game: the is_legal checks stop here, the game is then played out
CANDIDATES = 12  # probably-illegal actions tried per state
GAMES_PER_COUNT = 3  # score direction and windows: finished games per player count


def counts(game: AnyGame) -> tuple[int, ...]:
    return tuple(sorted({game.min_players, game.max_players}))


def foreign_action(game: AnyGame) -> Action:
    """A legal action of another game's opening: never legal here."""
    other = next(g for g in REGISTRY if g.id != game.id)
    state, _ = other.new_game(options_for(other, other.min_players), 1)
    return other.legal_actions(state, other.to_act(state)[0])[0]


def check_is_legal(
    game: AnyGame,
    state: Any,
    players: int,
    source: CandidateSource,
    rng: Rng,
    foreign: Action,
    where: str,
) -> None:
    """Both answers of ``is_legal`` at one state, confirmed by ``apply`` on copies."""
    before = state_json(game, state)
    acting = game.to_act(state)
    listed = {seat: game.legal_actions(state, seat) for seat in acting}
    source.learn(a for actions in listed.values() for a in actions)
    for seat, actions in listed.items():
        for action in actions:
            assert game.is_legal(state, seat, action), f"{where}: listed {action} said illegal"
        for action in actions[:: max(1, len(actions) // 3)]:
            game.apply(state.copy(), seat, action)  # accepted, as is_legal said
        for action in source.candidates(rng, CANDIDATES):
            legal = game.is_legal(state, seat, action)
            assert legal == (action in actions), f"{where}: is_legal({seat}, {action}) is {legal}"
            if not legal:
                with pytest.raises(IllegalActionError):
                    game.apply(state.copy(), seat, action)
    some = next(iter(listed.values()))[0]
    for seat in range(players):
        if seat not in acting:
            assert not game.is_legal(state, seat, some), f"{where}: seat {seat} is not asked"
    assert not game.is_legal(state, players, some), f"{where}: seat {players} does not exist"
    assert not game.is_legal(state, acting[0], foreign), f"{where}: another game's action"
    assert state_json(game, state) == before, f"{where}: is_legal changed the state"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_is_legal_answers_both_ways_and_changes_nothing(game_id: str) -> None:
    game = REGISTRY.get(game_id)
    for players in counts(game):
        options = options_for(game, players)
        deck = sorted(game.full_deck(options))
        for seed in seeds("is_legal", game_id, players, 1):
            state, _ = game.new_game(options, seed)
            last: Action | None = None
            rng, probes = policy_rng(seed), Rng(seed ^ 0x5EED)
            source = CandidateSource(game, deck)
            foreign = foreign_action(game)
            for index in range(CHECKED_ACTIONS):
                acting = game.to_act(state)
                if not acting:
                    break
                where = f"{game_id} players={players} seed={seed} action={index}"
                check_is_legal(game, state, players, source, probes, foreign, where)
                last = rng.choice(game.legal_actions(state, acting[0]))
                game.apply(state, acting[0], last)
            while acting := game.to_act(state):
                last = rng.choice(game.legal_actions(state, acting[0]))
                game.apply(state, acting[0], last)
            assert last is not None
            before = state_json(game, state)
            assert not any(game.is_legal(state, s, last) for s in range(players)), "game over"
            assert state_json(game, state) == before


def play_out(game: AnyGame, state: Any, rng: Rng) -> int:
    """Play ``state`` to its end at random; the most seats ever asked at once."""
    widest = 0
    while acting := game.to_act(state):
        widest = max(widest, len(acting))
        game.apply(state, acting[0], rng.choice(game.legal_actions(state, acting[0])))
    return widest


def test_every_game_declares_a_direction_and_windows() -> None:
    assert set(GAME_IDS) == set(LOWEST_WINS) == set(WINDOWS), "a new game needs its entries"
    for game in REGISTRY:
        assert game.lower_score_wins is LOWEST_WINS[game.id], game.id
        assert game.has_reaction_windows is WINDOWS[game.id], game.id


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_winner_has_the_best_total_in_the_declared_direction(game_id: str) -> None:
    game = REGISTRY.get(game_id)
    best = min if game.lower_score_wins else max
    widest = 0
    for players in counts(game):
        options = options_for(game, players)
        for seed in seeds("direction", game_id, players, GAMES_PER_COUNT):
            state, _ = game.new_game(options, seed)
            widest = max(widest, len(game.to_act(state)), play_out(game, state, policy_rng(seed)))
            result = game.result(state)
            assert result.over and result.winner is not None
            scores = result.scores
            assert scores[result.winner] == best(scores), (
                f"{game_id} players={players} seed={seed}: winner {result.winner} has "
                f"{scores[result.winner]} of {scores}, lower_score_wins={game.lower_score_wins}"
            )
    # The same games tell whether several seats are ever asked at once.
    assert (widest > 1) is game.has_reaction_windows, (
        f"{game_id}: at most {widest} seat(s) asked at once, but has_reaction_windows is "
        f"{game.has_reaction_windows}"
    )
