"""The guided first game of NOVE: the exchange, hitting, a pair, standing near 31."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..engine.actions import Action
from ..engine.text import N_
from .core import Script, Step, only, types

# Sections of the rules page (its "##" headings, from 0).
STEP_1, STEP_2, SCORING, JOKERS = 3, 4, 5, 6
SAFE_HIT = 21  # no card is worth more than 10: from 21 or less one more card cannot pass 31
STAND_FROM = 26


def _value(obs: Any) -> int:
    return int(obs.min_value or 0)


def _exchange(obs: Any, legal: Sequence[Action]) -> bool:
    return "discard" in types(legal)


def _safe_hit(obs: Any, legal: Sequence[Action]) -> bool:
    return "hit" in types(legal) and _value(obs) <= SAFE_HIT


def _pair(obs: Any, legal: Sequence[Action]) -> bool:
    ranks = Counter(card[1:] for card in obs.hand if not card.startswith("J"))
    return "hit" in types(legal) and 2 in ranks.values()


def _near_31(obs: Any, legal: Sequence[Action]) -> bool:
    return "stand" in types(legal) and _value(obs) >= STAND_FROM


def _may_announce(obs: Any, legal: Sequence[Action]) -> bool:
    return "announce_nove" in types(legal)


def _joker(obs: Any, legal: Sequence[Action]) -> bool:
    return bool(types(legal) & {"choose_joker", "declare_nove"})


SCRIPT = Script(
    game_id="nove",
    options={"players": 3, "max_rounds": 1, "first_dealer": 2},
    seed=53,  # chosen by tools/tutorial_seeds.py
    ai_kind="normal",
    welcome=N_(
        "Welcome to NOVE. Each card counts its number; the Babatos A, B and C count 10. "
        "Over the rounds, points come from a low hand of 9 or less (NOVE), a total of "
        "exactly 31 or the highest total, and pairs. Watch the deal."
    ),
    steps=(
        Step(
            "exchange",
            N_(
                "Nobody has 9 or less, so there is no NOVE this round and you may swap up to "
                "three cards for new ones. Later you will want a high total close to 31, and "
                "matching cards score. Pick the cards to give back (or none) and confirm."
            ),
            _exchange,
            STEP_1,
        ),
        Step(
            "hit",
            N_(
                "Step 2: take cards one at a time (Hit) or stop (Stand). Above 31 you bust and "
                "lose a point. Your hand is worth 21 or less and no card is worth more than 10, "
                "so one more card cannot bust you: Hit."
            ),
            _safe_hit,
            STEP_2,
            only("hit"),
            N_("Not yet: at 21 or less one more card cannot take you over 31. Press Hit."),
        ),
        Step(
            "pair",
            N_(
                "You hold two identical cards (same number or same Babatos letter, any "
                "colours): that pair scores +1 at the end of the round, three of them +3. "
                "From here on you decide when to stop."
            ),
            _pair,
            SCORING,
        ),
        Step(
            "stand",
            N_(
                "You are close to 31 now: most cards would bust you. Stand. The highest total "
                "that did not bust scores +1 (CAPO), and exactly 31 scores +2."
            ),
            _near_31,
            SCORING,
            only("stand"),
            N_("Careful: so close to 31, most cards would bust you. Press Stand."),
        ),
        Step(
            "announce",
            N_(
                "Your hand is worth 9 or less: before your first hit you may announce NOVE. "
                "Your hand is shown, and when Step 2 ends the lowest announced hand scores +2. "
                "You may still hit afterwards."
            ),
            _may_announce,
            STEP_2,
            optional=True,
        ),
        Step(
            "joker",
            N_(
                "You hold a joker: you say what it stands for, any number from 1 to 7 or a "
                "Babatos. It matches cards of that kind, so choose what scores the most."
            ),
            _joker,
            JOKERS,
            optional=True,
        ),
    ),
    recap=N_(
        "That was one round of NOVE. Remember: a hand of 9 or less is a NOVE (+2); swap cards "
        "when nobody has one; hit while one card cannot bust you; stand near 31 (31 gives +2, "
        "the best total +1); pairs +1, sets +3; a bust costs a point. A full game goes on until "
        "someone reaches 12 points."
    ),
)
