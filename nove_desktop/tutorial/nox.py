"""The guided first game of NOX: your own kitty, covering, the three colours, spoiling, six
stacks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.actions import Action
from ..engine.text import N_
from ..games.nox.cards import colour_of, number_of
from .core import Script, Step

YOUR_TURN, MERGING, END_OF_ROUND, SCORING = 3, 4, 5, 6
COLOURS = 3


def _plays(legal: Sequence[Action]) -> list[Any]:
    return [action for action in legal if action.TYPE == "play"]


def _tops(obs: Any, seat: int) -> list[str]:
    return [stack[-1] for stack in obs.kitties[seat] if stack]


def _empty_kitty(obs: Any, legal: Sequence[Action]) -> bool:
    return bool(_plays(legal)) and not obs.kitties[obs.seat]


def _new_own_stack(obs: Any, legal: Sequence[Action]) -> list[Any]:
    return [a for a in _plays(legal) if a.target == obs.seat and a.stack is None]


def _raises(obs: Any, legal: Sequence[Action]) -> list[Action]:
    """Covers of one of your own stacks with a higher card of its colour."""
    kitty = obs.kitties[obs.seat]
    return [
        a
        for a in _plays(legal)
        if a.target == obs.seat
        and a.stack is not None
        and number_of(a.card) > number_of(kitty[a.stack][-1])
    ]


def _can_raise(obs: Any, legal: Sequence[Action]) -> bool:
    return bool(_raises(obs, legal))


def _adds_colour(obs: Any, legal: Sequence[Action]) -> list[Action]:
    shown = {colour_of(t) for t in _tops(obs, obs.seat)}
    return [a for a in _new_own_stack(obs, legal) if colour_of(a.card) not in shown]


def _one_colour_short(obs: Any, legal: Sequence[Action]) -> bool:
    shown = {colour_of(t) for t in _tops(obs, obs.seat)}
    return len(shown) == COLOURS - 1 and bool(_adds_colour(obs, legal))


def _rival_scores(obs: Any, legal: Sequence[Action]) -> bool:
    return bool(_plays(legal)) and any(
        len({colour_of(t) for t in _tops(obs, seat)}) == COLOURS
        for seat in range(obs.players)
        if seat != obs.seat
    )


def _merge_on_offer(obs: Any, legal: Sequence[Action]) -> bool:
    for a in _plays(legal):
        kitty = obs.kitties[a.target]
        others = [s[-1] for i, s in enumerate(kitty) if s and i != a.stack]
        if any(number_of(top) == number_of(a.card) for top in others):
            return True
    return False


def _five_stacks(obs: Any, legal: Sequence[Action]) -> bool:
    return bool(_plays(legal)) and any(len(kitty) == 5 for kitty in obs.kitties)


SCRIPT = Script(
    game_id="nox",
    options={"players": 3, "max_rounds": 1, "first_start_seat": 0},
    seed=45,  # chosen by tools/tutorial_seeds.py
    ai_kind="normal",
    welcome=N_(
        "Welcome to NOX. Everyone has a kitty, a row of card stacks in front of them, and "
        "only the top card of each stack counts. You hold three cards and play one each turn."
    ),
    steps=(
        Step(
            "start",
            N_(
                "Your kitty is empty. Start it: pick a card and lay it in your own kitty as a "
                "new stack. (Later you may also play into anyone else's kitty.)"
            ),
            _empty_kitty,
            YOUR_TURN,
            _new_own_stack,
            N_("Start your own kitty first: lay a card there as a new stack."),
        ),
        Step(
            "colours",
            N_(
                "At the end, a kitty scores the sum of its top cards only if they show all "
                "three colours (blue, green, orange). Yours lacks one: lay a card of the "
                "missing colour as a new stack in your kitty."
            ),
            _one_colour_short,
            SCORING,
            _adds_colour,
            N_("Your kitty scores nothing without all three colours: add the missing one."),
        ),
        Step(
            "cover",
            N_(
                "You can cover a stack with a card of the same colour: only the new top counts. "
                "Cover one of your own stacks with a higher card of its colour to raise it."
            ),
            _can_raise,
            YOUR_TURN,
            _raises,
            N_("Raise your own kitty: cover one of your stacks with a higher card of its colour."),
        ),
        Step(
            "spoil",
            N_(
                "Another kitty shows all three colours and would score now. You may play into "
                "it: covering a high top with a low card of the same colour takes points away. "
                "From now on you choose your plays."
            ),
            _rival_scores,
            YOUR_TURN,
        ),
        Step(
            "merge",
            N_(
                "A kitty never shows the same number twice on top: a play that makes two equal "
                "tops merges those stacks, so the kitty loses a stack and one of the numbers."
            ),
            _merge_on_offer,
            MERGING,
        ),
        Step(
            "six",
            N_(
                "A kitty has five stacks: a sixth stack in it ends the round at once. End it "
                "when you lead, or keep it from happening when you are behind."
            ),
            _five_stacks,
            END_OF_ROUND,
        ),
    ),
    recap=N_(
        "That was a round of NOX. Remember: only top cards count; a kitty scores only with all "
        "three colours on top; cover to raise your stacks or to spoil someone else's; equal "
        "tops merge; six stacks end the round. A full game goes on until someone has 150 points."
    ),
)
