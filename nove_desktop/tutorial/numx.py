"""The guided first game of NUM-X: malus cards, leading, beating a trick, Facteur X, drawing,
refilling."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.actions import Action
from ..engine.text import N_
from ..games.numx.cards import WEIGHT
from .core import Script, Step, types

SETTING_UP, COMBINATIONS, THE_TRICK, FACTEUR_X, SWIPE_AND_MALUS, REFILLING, SCORING = (
    2,
    3,
    4,
    5,
    6,
    8,
    9,
)


def _choosing(obs: Any, legal: Sequence[Action]) -> bool:
    return "choose_malus" in types(legal)


def _lightest(obs: Any, legal: Sequence[Action]) -> list[Action]:
    """The malus pairs of the least weight."""
    pairs: list[Any] = [a for a in legal if a.TYPE == "choose_malus"]
    least = min((sum(WEIGHT[c] for c in a.cards) for a in pairs), default=0)
    return [a for a in pairs if sum(WEIGHT[c] for c in a.cards) == least]


def _lead(obs: Any, legal: Sequence[Action]) -> bool:
    return "play" in types(legal) and not obs.trick and obs.window is None


def _beat(obs: Any, legal: Sequence[Action]) -> bool:
    return "play" in types(legal) and bool(obs.trick) and obs.window is None


def _window(obs: Any, legal: Sequence[Action]) -> bool:
    return obs.window is not None


def _stuck(obs: Any, legal: Sequence[Action]) -> bool:
    return "draw" in types(legal) and "play" not in types(legal) and obs.window is None


def _refill(obs: Any, legal: Sequence[Action]) -> bool:
    return "replenish" in types(legal)


def _specials(obs: Any, legal: Sequence[Action]) -> bool:
    return "add_special" in types(legal)


def _objective(obs: Any, legal: Sequence[Action]) -> bool:
    return obs.objective is not None and "play" in types(legal) and obs.window is None


SCRIPT = Script(
    game_id="numx",
    options={"players": 3, "rounds": 1},
    seed=66,  # chosen by tools/tutorial_seeds.py
    ai_kind="normal",
    welcome=N_(
        "Welcome to NUM-X. A round is a series of climbing tricks; it ends when a hand is "
        "empty after a trick. At the end your malus cards cost their value and each card left "
        "in your hand costs 2, so the art is to lose as little as you can."
    ),
    steps=(
        Step(
            "malus",
            N_(
                "Choose 2 cards to lay face up as your malus cards. At the end they count "
                "against you by their value (∞ and special cards weigh 20), though anyone may "
                "play them. Pick your two lightest cards."
            ),
            _choosing,
            SETTING_UP,
            _lightest,
            N_("Those would cost you more: choose your two lightest cards as malus."),
        ),
        Step(
            "lead",
            N_(
                "You lead this trick: play any combination, one or more cards of one value, "
                "from your hand and from the classic cards of any malus row."
            ),
            _lead,
            COMBINATIONS,
        ),
        Step(
            "facteur",
            N_(
                "After every play a short Facteur X moment opens for everyone: with more cards "
                "and a higher value you could jump in out of turn. The table lets it pass when "
                "you cannot."
            ),
            _window,
            FACTEUR_X,
        ),
        Step(
            "beat",
            N_(
                "To beat the trick, play as many cards of a higher value, or exactly one card "
                "more of any other value. You may also pass and play again when your turn "
                "comes back; the last player to lay cards wins the trick and leads."
            ),
            _beat,
            THE_TRICK,
        ),
        Step(
            "draw",
            N_(
                "You cannot beat the trick. Pass, or draw one card: from the deck (only you "
                "see it) or from someone's malus row (a card taken from a malus row lightens it)."
            ),
            _stuck,
            THE_TRICK,
        ),
        Step(
            "refill",
            N_(
                "After a trick every malus row is topped up to 2 cards, from the deck or from "
                "your hand: give a light card if you can."
            ),
            _refill,
            REFILLING,
        ),
        Step(
            "specials",
            N_(
                "You may add a Swipe or a Malus+ to your turn: Swipe moves malus rows around "
                "the table, Malus+ makes players draw into their hand and malus row. Each one "
                "still in your hand at the end costs 20, so use them."
            ),
            _specials,
            SWIPE_AND_MALUS,
            optional=True,
        ),
        Step(
            "objective",
            N_(
                "Your secret objective sits in the corner. If your malus row meets it at the "
                "end of the round, it pays a bonus: think of it when you pick, take or refill "
                "malus cards."
            ),
            _objective,
            SCORING,
            optional=True,
        ),
    ),
    recap=N_(
        "That was a round of NUM-X. Remember: light malus cards; beat a trick with the same "
        "number of higher cards or one card more; Facteur X jumps in out of turn; every card "
        "left in hand costs 2 and objectives pay bonuses. A full game has five rounds."
    ),
)
