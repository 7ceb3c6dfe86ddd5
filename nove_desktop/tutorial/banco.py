"""The guided first game of Nove (banco): the bet, the last digit, standing high, ties."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.actions import Action
from ..engine.text import N_
from .core import Script, Step, only, types

CHIPS_AND_BETS, A_HAND = 2, 3
HIT_UP_TO = 5
STAND_FROM = 8


def _score(obs: Any) -> int:
    return -1 if obs.score is None else int(obs.score)


def _first_bet(obs: Any, legal: Sequence[Action]) -> bool:
    return "bet" in types(legal)


def _smallest_bet(obs: Any, legal: Sequence[Action]) -> list[Action]:
    bets = [action for action in legal if action.TYPE == "bet"]
    return sorted(bets, key=lambda action: getattr(action, "amount", 0))[:1]


def _low(obs: Any, legal: Sequence[Action]) -> bool:
    return "hit" in types(legal) and 0 <= _score(obs) <= HIT_UP_TO


def _high(obs: Any, legal: Sequence[Action]) -> bool:
    return "stand" in types(legal) and _score(obs) >= STAND_FROM


def _settled(obs: Any, legal: Sequence[Action]) -> bool:
    return "bet" in types(legal) and obs.last_hand is not None


SCRIPT = Script(
    game_id="banco",
    options={"players": 3, "max_hands": 3, "first_banker": 1},
    seed=93,  # chosen by tools/tutorial_seeds.py
    ai_kind="normal",
    welcome=N_(
        "Welcome to Nove (banco). One player holds the bank; you play against the bank alone, "
        "trying to get as close to 9 as you can. Watch the deal: your first card is face "
        "down and only you see it."
    ),
    steps=(
        Step(
            "bet",
            N_(
                "First, your bet: you win or lose exactly what you bet. The bank has the edge "
                "(it plays last and wins ties), so keep bets small while you learn: choose the "
                "smallest bet and confirm."
            ),
            _first_bet,
            CHIPS_AND_BETS,
            _smallest_bet,
            N_("Keep it small while you learn: bet the smallest amount."),
        ),
        Step(
            "hit",
            N_(
                "Only the last digit of your total counts: 7 and 5 make 12, which scores 2. "
                "Your score is 5 or less, so another card will most likely improve it: Hit."
            ),
            _low,
            A_HAND,
            only("hit"),
            N_("With a score this low, a card is more likely to help than to hurt. Press Hit."),
        ),
        Step(
            "stand",
            N_(
                "A score of 8 or 9 is hard to beat, and almost any card would lower it: Stand. "
                "(A 9 stops your turn by itself.)"
            ),
            _high,
            A_HAND,
            only("stand"),
            N_("Keep that score: almost any card would lower it. Press Stand."),
        ),
        Step(
            "settled",
            N_(
                "The last hand is settled: a score higher than the bank's wins your bet, and a "
                "tie goes to the bank. Now play on your own: hit up to 7, stand at 8 or 9."
            ),
            _settled,
            A_HAND,
        ),
    ),
    recap=N_(
        "That was Nove (banco). Remember: only the last digit counts; bet, then hit while your "
        "score is low and stand at 8 or 9; you must beat the bank, as ties go to it. In a full "
        "game the bank passes around the table and the most chips win."
    ),
)
