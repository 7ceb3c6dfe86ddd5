"""Hints: the Hard AI's suggestion for the human seat at the screen, with one line of reason
taken from what the search measured.

The request is the seat's own decision request (its observation, its legal actions and one
sample of what it cannot see, drawn from its observation alone), so a hint never uses anything
the seat may not know. The search runs in the worker process with the game's recorded hint
budget (a fixed number of simulations, larger than a Hard seat's move: the same hint on every
machine); the answer is shown beside the controls and the suggested button is outlined.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ai import Hint, hint

from ...engine.actions import Action
from ...i18n import _, format_number, ngettext

if TYPE_CHECKING:
    from .scene import TableScene

HINT_KEY = "hint"


class Advisor:
    """The hint of the decision on screen: asked, being searched, or ready."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.asked_at: object = None  # the decision the hint was asked for
        self.hint: Hint | None = None
        self.text = ""

    @property
    def thinking(self) -> bool:
        return self.asked_at is not None and self.hint is None

    def available(self) -> bool:
        """A hint can be asked: a human at the screen has a decision to make."""
        scene = self.scene
        seat = scene.viewer
        return (
            seat is not None
            and bool(scene.controls)
            and seat in scene.session.to_act()
            and scene.session.is_human(seat)
        )

    def ask(self) -> None:
        scene = self.scene
        if not self.available():
            return
        seat = scene.viewer
        assert seat is not None
        moment = scene.decision_moment()
        if self.asked_at == moment:
            return  # already asked (or shown) for this decision
        self.asked_at = moment
        self.hint = None
        self.text = _("Thinking about a hint...")
        scene.hinted.add(seat)
        request = scene.session.hint_request(seat)
        scene.runner.submit(HINT_KEY, moment, hint, request, heavy=True)

    def update(self) -> None:
        """Pick up a finished search; forget a hint whose decision has passed."""
        scene = self.scene
        if self.asked_at is None:
            return
        if self.asked_at != scene.decision_moment():
            self.forget()
            return
        if self.hint is None and scene.runner.ready(HINT_KEY):
            answer = scene.runner.answer(HINT_KEY)
            if isinstance(answer, Hint):
                self.hint = answer
                self.text = self.sentence(answer)
                scene.suggest(answer.action)

    def forget(self) -> None:
        self.scene.runner.forget(HINT_KEY)
        self.asked_at = None
        self.hint = None
        self.text = ""

    def sentence(self, found: Hint) -> str:
        """ "Stand: best in 71% of 2,000 simulated deals; expected +1.3 points against +0.4 for
        Hit" (the numbers are the search's own)."""
        words = self.scene.action_words
        best = found.alternatives[0] if found.alternatives else None
        if best is None or len(found.alternatives) == 1:
            return _("{action}: it is the only sensible move.").format(
                action=words(found.action))
        other = found.alternatives[1]
        deals = ngettext("{n} simulated deal", "{n} simulated deals", found.deals).format(
            n=format_number(found.deals))
        values = {
            "action": words(found.action),
            "share": round(100 * best.share),
            "deals": deals,
            "mean": self.scene.hint_value(best.mean),
            "other_mean": self.scene.hint_value(other.mean),
            "other": words(other.action),
        }
        lower = self.scene.game.lower_score_wins
        clearly = best.mean < other.mean if lower else best.mean > other.mean
        if clearly:
            return _(
                "{action}: best in {share}% of {deals}; expected {mean} against {other_mean} "
                "for {other}."
            ).format(**values)
        # The search kept a move whose average is no better: the moves are about as good.
        return _(
            "{action}: about as good as any here ({deals}: expected {mean}; {other}: "
            "{other_mean})."
        ).format(**values)


def same_action(a: Action | None, b: Action | None) -> bool:
    return a is not None and b is not None and a == b
