"""The guided first game of Kaël: shedding big cards, chains and cuts, a good draw, the call."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.actions import Action
from ..engine.text import N_
from ..games.kael.cards import PASS_CARD, hand_total
from .core import Script, Step, only, types

YOUR_TURN, CHAINS, GOOD_DRAW, CALLING = 3, 4, 5, 7
CALL_LIMIT = 5


def _lays(legal: Sequence[Action]) -> list[Any]:
    return [a for a in legal if a.TYPE in ("lay", "lay_square")]


def _first_lay(obs: Any, legal: Sequence[Action]) -> bool:
    return bool(_lays(legal))


def _heaviest(obs: Any, legal: Sequence[Action]) -> list[Action]:
    """The lays that shed the most points (from the deck or the table alike)."""
    lays = _lays(legal)
    most = max((hand_total(a.cards) for a in lays), default=0)
    return [a for a in lays if hand_total(a.cards) == most]


def _chain(obs: Any, legal: Sequence[Action]) -> bool:
    return types(legal) <= {"pass", "cut"} and "pass" in types(legal) and obs.chain_length >= 2


def _good_draw(obs: Any, legal: Sequence[Action]) -> bool:
    return "good_draw" in types(legal)


def _can_call(obs: Any, legal: Sequence[Action]) -> bool:
    return "call_kael" in types(legal) and (obs.hand_total or 0) <= CALL_LIMIT


def _last_turn(obs: Any, legal: Sequence[Action]) -> bool:
    return obs.caller is not None and obs.caller != obs.seat and bool(_lays(legal))


def _holds_x(obs: Any, legal: Sequence[Action]) -> bool:
    return PASS_CARD in obs.hand and bool(_lays(legal))


def _can_cut(obs: Any, legal: Sequence[Action]) -> bool:
    return "cut" in types(legal)


SCRIPT = Script(
    game_id="kael",
    options={"players": 3, "max_rounds": 1, "first_dealer": 2},
    seed=220,  # chosen by tools/tutorial_seeds.py
    ai_kind="normal",
    welcome=N_(
        "Welcome to Kaël, where low is good: points are bad, and each round you try to end "
        "with the smallest hand. Cards count their number, the zeros nothing, the -1 takes a "
        "point off, and the X costs 15 if you still hold it at the end."
    ),
    steps=(
        Step(
            "lay",
            N_(
                "Your turn: put down one card, or two or three of the same number, then pick "
                "one up, from the deck (unseen) or the top of the table. Shed your biggest "
                "points first: select the cards worth the most and lay them."
            ),
            _first_lay,
            YOUR_TURN,
            _heaviest,
            N_("Shed the most points you can: lay the cards worth the most."),
        ),
        Step(
            "chain",
            N_(
                "Two or three cards of one number lie on top of the table: a chain. Anyone "
                "holding every missing copy may cut now, out of turn, to finish the square and "
                "shed them for free. The pause comes after every chain, whoever can cut."
            ),
            _chain,
            CHAINS,
        ),
        Step(
            "good_draw",
            N_(
                "Good draw: the card you drew from the deck has the number you just laid, so "
                "it may go straight down too: one card less, for free. Always take it."
            ),
            _good_draw,
            GOOD_DRAW,
            only("good_draw"),
            N_("Lay it at once: a good draw sheds a card for free."),
        ),
        Step(
            "final",
            N_(
                "Someone called Kaël: this is your final turn. Lower your hand as far as you "
                "can; if you end at or below the caller, the caller takes 20 instead."
            ),
            _last_turn,
            CALLING,
            optional=True,
        ),
        Step(
            "call",
            N_(
                "Your hand is worth 5 or less: call Kaël. Everyone else gets one final turn; if "
                "your hand is then strictly the lowest, they all score what they hold and you "
                "score nothing."
            ),
            _can_call,
            CALLING,
            only("call_kael"),
            N_("Your hand is low enough: call Kaël now."),
        ),
        Step(
            "x_card",
            N_(
                "You hold the X: laying it is a whole turn with nothing to pick up, and it "
                "costs 15 if it is still in your hand at the end. Lay it early."
            ),
            _holds_x,
            YOUR_TURN,
            optional=True,
        ),
        Step(
            "cut",
            N_(
                "You hold every missing copy of the chain's number: cut now. Your cards "
                "finish the square out of turn and you shed them for free."
            ),
            _can_cut,
            CHAINS,
            optional=True,
        ),
    ),
    recap=N_(
        "That was a round of Kaël. Remember: shed big cards first, pick up only what helps; "
        "cut a chain when you hold the missing copies; lay a good draw at once; call Kaël at 5 "
        "or less when you are surely the lowest. Above 100 points you are out; the last player "
        "left wins."
    ),
)
