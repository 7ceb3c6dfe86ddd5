"""The guided first game's building blocks: a script of coach steps and the coach that runs it.

Pure Python (no pygame): the table scene, the self-test and the tests all drive the same
:class:`Coach`. A step is data plus two pure functions of what the player may know (their own
observation and legal actions): ``trigger`` says when the step's situation has come, ``accepts``
(optional) keeps the moves the step teaches; another legal move is then refused with the step's
``refusal`` words. Texts are English templates marked for extraction; the UI translates them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from ..engine.actions import Action

Trigger = Callable[[Any, Sequence[Action]], bool]
Accepts = Callable[[Any, Sequence[Action]], list[Action]]


@dataclasses.dataclass(frozen=True)
class Step:
    """One situation the coach explains when it first comes up.

    ``section`` is the index (from 0) of the rules page's section (its ``##`` headings, the
    same in every language) that covers the concept. With ``accepts`` the step requires one of
    the moves it returns (a non-empty subset of the legal ones) at the decision where it shows.
    """

    id: str
    text: str
    trigger: Trigger
    section: int
    accepts: Accepts | None = None
    refusal: str = ""
    optional: bool = False  # shown if its situation arises; a deal need not bring it


@dataclasses.dataclass(frozen=True)
class Script:
    """A guided game: the chosen deal (options, seed, AI level of the other seats) and steps."""

    game_id: str
    options: dict[str, Any]
    seed: int
    ai_kind: str
    welcome: str
    steps: tuple[Step, ...]
    recap: str

    @property
    def core_steps(self) -> list[str]:
        """The steps the chosen deal must bring, in order."""
        return [step.id for step in self.steps if not step.optional]

    @property
    def players(self) -> int:
        return int(self.options["players"])


class Coach:
    """Follows one guided game from the player's seat: which step shows, which moves it takes.

    ``at_decision`` is called whenever the player is asked to decide (``key`` names the decision
    so that a redraw of the same controls changes nothing); it shows the first step not shown
    yet whose trigger holds. The step's requirement lasts for that decision only.
    """

    def __init__(self, script: Script) -> None:
        self.script = script
        self.shown: list[str] = []
        self.current: Step | None = None  # the step on show (stays on show after its decision)
        self.required: list[Action] | None = None  # the taught moves at this decision
        self.key: object = None
        self.finished = False

    def at_decision(self, key: object, observation: Any, legal: Sequence[Action]) -> Step | None:
        """The step newly shown at this decision (None if none is new)."""
        if key == self.key:
            return None
        self.key = key
        self.required = None
        for step in self.script.steps:
            if step.id in self.shown or not step.trigger(observation, legal):
                continue
            self.shown.append(step.id)
            self.current = step
            if step.accepts is not None:
                accepted = step.accepts(observation, legal)
                self.required = [action for action in accepted if action in legal] or None
            return step
        return None

    def refusal(self, action: Action) -> str | None:
        """The coach's words (an English template) if ``action`` is not the taught move now."""
        if self.required is None or self.current is None or action in self.required:
            return None
        return self.current.refusal

    def taught_move(self) -> Action | None:
        """The first of the moves the step on show requires now, if it requires one."""
        return self.required[0] if self.required else None

    def finish(self) -> None:
        """The game is over: the recap replaces the last step."""
        self.finished = True
        self.current = None
        self.required = None

    @property
    def text(self) -> str:
        """What the panel says now (an English template)."""
        if self.finished:
            return self.script.recap
        return self.current.text if self.current is not None else self.script.welcome

    @property
    def section(self) -> int | None:
        """The rules section the panel links to now."""
        return None if self.current is None or self.finished else self.current.section


def types(legal: Sequence[Action]) -> set[str]:
    """The kinds of move on offer."""
    return {action.TYPE for action in legal}


def only(kind: str) -> Accepts:
    """A step's ``accepts``: every legal move of one kind ("hit", "stand"...)."""

    def accepts(observation: Any, legal: Sequence[Action]) -> list[Action]:
        return [action for action in legal if kind == action.TYPE]

    return accepts
