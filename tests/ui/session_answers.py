"""The table's questions about a seat's own decision, answered three ways over seeded random
positions of every game, and compared:

1. the reference: the code the table ran before the ``Session`` protocol (kept here verbatim in
   substance: ``is_legal`` on the true state, the reason from ``apply`` on a copy; a NUM-X plan
   tried step by step on a copy; NOVE's joker preview scored on a copy of the true state,
   read from the state's last summary);
2. ``GameSession.refusal`` (what the offline table now asks);
3. the same questions asked of a sample determinized for the seat (what a view-only or remote
   session can answer: it depends only on what the seat knows); NOVE's preview now reads
   this round's scoring event (``ui/tables/nove/preview.py``), on the sample and on the
   true state.

Used by tests/ui/test_session_answers.py (a few seeds) and runnable for many:
``PYTHONPATH=. python tests/ui/session_answers.py 200`` prints the counts compared per game.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import Any

from nove_desktop.engine.actions import Action
from nove_desktop.engine.errors import IllegalActionError
from nove_desktop.games import default_registry
from nove_desktop.games.nove.actions import ChooseJoker
from nove_desktop.games.nove.state import Phase as NovePhase
from nove_desktop.games.numx.actions import AddSpecial, Play, PlayNumX
from nove_desktop.session import GameSession, SeatConfig
from nove_desktop.ui.tables.nove.preview import joker_points

Verdict = tuple[str, Any] | None  # ("refused", the reason) / ("odd", None) / None: legal

PLAYERS = {"nove": 4, "banco": 4, "nox": 4, "kael": 4, "numx": 4}


def reference(game: Any, state: Any, seat: int, steps: Sequence[Action]) -> Verdict:
    """The table's check before the protocol: every step in turn on a copy of the true state."""
    trial = state.copy()
    for step in steps:
        if not game.is_legal(trial, seat, step):
            try:
                game.apply(trial, seat, step)
            except IllegalActionError as exc:
                return ("refused", exc.why)
            return ("odd", None)
        game.apply(trial, seat, step)
    return None


def verdict(refused: IllegalActionError | None) -> Verdict:
    if refused is None:
        return None
    if refused.reason == "that move is not possible now":
        return ("odd", None)
    return ("refused", refused.why)


def on_sample(game: Any, sample: Any, seat: int, steps: Sequence[Action]) -> Verdict:
    """The same check on a sample the seat cannot tell from the true state."""
    return reference(game, sample, seat, steps)


def joker_preview(
    game: Any, state: Any, seat: int, legal: Sequence[Any]
) -> tuple[dict[str, int], bool]:
    """NOVE's joker preview as the table computed it before (later choosers take their first
    option; the points read from the state's summary of the last round), and whether that
    summary was replaced by a later one (an instant win in the next deal)."""
    out: dict[str, int] = {}
    replaced = False
    for action in legal:
        trial = state.copy()
        game.apply(trial, seat, action)
        while trial.phase == NovePhase.CHOOSE_JOKER:
            other = game.to_act(trial)[0]
            game.apply(trial, other, game.legal_actions(trial, other)[0])
        replaced |= (trial.last_round or {}).get("kind") != "scoring"
        rows = (trial.last_round or {}).get("rows", [])
        out[action.option] = next((r["points"] for r in rows if r["seat"] == seat), 0)
    return out, replaced


def numx_plans(session: GameSession, seat: int, rng: random.Random) -> list[list[Action]]:
    """Plans a NUM-X player may prepare: 0-2 specials chosen among the legal ones in turn, then
    a play (a legal one, or picked cards of the hand and the malus areas, or a Num-X)."""
    game, state = session.game, session.state
    plans: list[list[Action]] = []
    for _ in range(6):
        trial = state.copy()
        steps: list[Action] = []
        for _ in range(rng.randrange(3)):
            specials = [a for a in game.legal_actions(trial, seat) if isinstance(a, AddSpecial)]
            if not specials:
                break
            step = rng.choice(specials)
            steps.append(step)
            game.apply(trial, seat, step)
        legal = game.legal_actions(trial, seat)
        plays = [a for a in legal if isinstance(a, Play | PlayNumX)]
        pool = list(state.hands[seat]) + [c for area in state.malus for c in area]
        picked = tuple(rng.sample(pool, min(len(pool), rng.randrange(1, 4)))) if pool else ()
        finals: list[Action] = [Play(picked, rng.choice([None, 0, 5, 9]))] if picked else []
        if plays:
            finals.append(rng.choice(plays))
        if picked:
            finals.append(PlayNumX(picked[0]))
        plans += [[*steps, final] for final in finals]
    return plans


def compare(game_id: str, seeds: Sequence[int], moves: int = 400) -> dict[str, int]:
    """Play random games; at every position ask the acting seats' questions three ways.
    Returns counts; raises AssertionError with the position on the first disagreement."""
    registry = default_registry()
    game = registry.get(game_id)
    counts = dict.fromkeys(("positions", "questions", "refused", "previews", "previews_fixed"), 0)
    for seed in seeds:
        rng = random.Random(seed)
        options = game.options_from_json({"players": PLAYERS[game_id]})
        seats = [SeatConfig(f"P{i}", "human") for i in range(PLAYERS[game_id])]
        session = GameSession(game, options, seed, seats)
        seen: list[Action] = []  # actions met elsewhere: illegal candidates here, mostly
        for _ in range(moves):
            acting = session.to_act()
            if not acting:
                break
            counts["positions"] += 1
            for seat in acting:
                legal = session.legal(seat)
                sample = session.sample(seat)
                plans = [[a] for a in rng.sample(legal, min(4, len(legal)))]
                plans += [[a] for a in rng.sample(seen, min(6, len(seen)))]
                if game_id == "numx" and session.state.phase == "TURN":
                    plans += numx_plans(session, seat, rng)
                for plan in plans:
                    expected = reference(game, session.state, seat, plan)
                    got = verdict(session.refusal(seat, plan))
                    viewed = on_sample(game, sample.copy(), seat, plan)
                    where = (game_id, seed, session.position, seat, plan)
                    assert got == expected, (where, got, expected)
                    assert viewed == expected, (where, viewed, expected)
                    assert session.is_legal(seat, plan[0]) == game.is_legal(
                        sample, seat, plan[0]
                    ), where
                    counts["questions"] += 1
                    counts["refused"] += expected is not None
                if game_id == "nove" and session.state.phase == NovePhase.CHOOSE_JOKER:
                    jokers = [a for a in legal if isinstance(a, ChooseJoker)]
                    truth = joker_points(game, session.state, seat, jokers)
                    assert joker_points(game, sample, seat, jokers) == truth, (seed, seat)
                    before, replaced = joker_preview(game, session.state, seat, legal)
                    assert before == truth or replaced, (seed, seat, before, truth)
                    counts["previews"] += 1
                    counts["previews_fixed"] += before != truth
                seen = (seen + legal)[-60:]
            seat = acting[0]
            session.apply(seat, rng.choice(session.legal(seat)))
    return counts


if __name__ == "__main__":  # a one-off run over many seeds
    many = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    for gid in PLAYERS:
        print(gid, compare(gid, range(many)))
