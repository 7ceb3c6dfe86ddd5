"""Dealing a guided game, and walking one to its end headless with the table's coach logic."""

from __future__ import annotations

import dataclasses

from ..ai import decide
from ..engine.actions import Action
from ..engine.registry import Registry
from ..session import HUMAN, GameSession, SeatConfig
from .core import Coach, Script

YOU = 0  # the player sits at seat 0 in every guided game
OTHER_NAMES = ("Ada", "Bruno", "Chiara", "Dario", "Elsa")
MAX_ACTIONS = 5_000


def scripts() -> dict[str, Script]:
    """Every game's guided game, by game id, in the order New game lists the games (each game
    names its script in its description, ``nove_desktop/specs.py``)."""
    from ..specs import SPECS

    found = [spec.tutorial_script() for spec in SPECS]
    return {script.game_id: script for script in found if script is not None}


def script_for(game_id: str) -> Script | None:
    return scripts().get(game_id)


def new_session(script: Script, registry: Registry, you: str = "You") -> GameSession:
    """The chosen deal: you at seat 0, the other seats AI of the script's level."""
    game = registry.get(script.game_id)
    options = game.options_from_json(dict(script.options))
    seats = [SeatConfig(you, HUMAN)] + [
        SeatConfig(OTHER_NAMES[i], script.ai_kind) for i in range(script.players - 1)
    ]
    session = GameSession(game, options, script.seed, seats)
    session.ui["tutorial"] = script.game_id
    return session


@dataclasses.dataclass
class Walk:
    """What a headless walk saw: steps in the order shown, refusals heard, moves made."""

    shown: list[str]
    refusals: dict[str, str]
    taught: dict[str, Action]
    actions: int
    decisions: int
    session: GameSession


def walk(script: Script, registry: Registry) -> Walk:
    """Play the guided game to its end: at each of your decisions the coach looks (as at the
    table); a step that teaches a move gets it (after a wrong move has been tried and refused),
    otherwise you play what a Normal seat would. AI seats play as at the table."""
    session = new_session(script, registry)
    coach = Coach(script)
    refusals: dict[str, str] = {}
    taught_moves: dict[str, Action] = {}
    decisions = 0
    while not session.over:
        if len(session.replay.actions) > MAX_ACTIONS:
            raise RuntimeError(f"the guided game of {script.game_id} did not end")
        seat = session.to_act()[0]
        if seat != YOU:
            session.apply(seat, session.ai_decide(seat))
            continue
        decisions += 1
        legal = session.legal(YOU)
        step = coach.at_decision(session.position, session.observe(YOU), legal)
        taught = coach.taught_move()
        if step is not None and taught is not None:
            wrong = _a_wrong_move(coach, legal)
            if wrong is not None:
                refusals[step.id] = coach.refusal(wrong) or ""
            taught_moves[step.id] = taught
        action = taught if taught is not None else decide(session.decision_request(YOU, "normal"))
        session.apply(YOU, action)
    coach.finish()
    return Walk(coach.shown, refusals, taught_moves, session.position, decisions, session)


def _a_wrong_move(coach: Coach, legal: list[Action]) -> Action | None:
    required = coach.required or []
    return next((action for action in legal if action not in required), None)
