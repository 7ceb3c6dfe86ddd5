"""What a play would do to a kitty, for the hover preview: the stacks after it, the merge it
causes, the points before and after, and whether it ends the round (spec 5.4, 5.6).

Pure functions of public things (a kitty and the card the viewer holds): a preview never reads
the engine state, so it cannot tell anything the viewer may not know.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ....games.nox.cards import COLOURS, NUMBER
from ....games.nox.options import STACKS_TO_END
from ....games.nox.scoring import kitty_points, top_colours

Kitty = Sequence[Sequence[str]]


@dataclasses.dataclass(frozen=True)
class Outcome:
    """A kitty after a play. ``merged`` is (the stack that moved, the stack it joined), as the
    row stood before the merge; ``index`` is where the played card lies afterwards."""

    stacks: tuple[tuple[str, ...], ...]
    index: int
    merged: tuple[int, int] | None
    before: int
    after: int
    ends_round: bool
    stacks_before: int


def play_outcome(kitty: Kitty, card: str, stack: int | None) -> Outcome:
    """The kitty after ``card`` is laid as a new stack (``stack`` None) or on stack ``stack``:
    placed, then merged with the stack showing the same number (at most once: spec 5.9)."""
    stacks = [tuple(s) for s in kitty]
    if stack is None:
        stacks.append((card,))
        index = len(stacks) - 1
    else:
        stacks[index := stack] = (*stacks[stack], card)
    merged = None
    number = NUMBER[card]
    other = next((i for i, s in enumerate(stacks) if i != index and NUMBER[s[-1]] == number), None)
    if other is not None:
        moving = stacks.pop(index)
        into = other if other < index else other - 1
        stacks[into] = stacks[into] + moving
        merged = (index, other)
        index = into
    return Outcome(
        stacks=tuple(stacks),
        index=index,
        merged=merged,
        before=kitty_points(list(map(tuple, kitty))),
        after=kitty_points(stacks),
        ends_round=len(stacks) >= STACKS_TO_END,
        stacks_before=len(kitty),
    )


def missing_colours(kitty: Kitty) -> list[str]:
    """The colours (letters, in B, G, O order) absent from the kitty's top cards."""
    shown = top_colours([tuple(s) for s in kitty if s])
    return [colour for colour in COLOURS if colour not in shown]
