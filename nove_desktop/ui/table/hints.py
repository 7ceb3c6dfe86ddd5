"""Hints: the Hard AI's suggestion for the human seat at the screen, with one line of reason
taken from what the search measured.

The request is the seat's own decision request (its observation, its legal actions and one
sample of what it cannot see, drawn from its observation alone), so a hint never uses anything
the seat may not know. The words come from ``ai.explain`` (a reason in card terms read from the
seat's observation, then the search's figure); the table lends its card, seat and action names.
The search runs in the worker process with the game's recorded hint
budget (a fixed number of simulations, larger than a Hard seat's move: the same hint on every
machine); the answer is shown beside the controls and the suggested button is outlined.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...ai import DecisionRequest, Hint, hint
from ...ai.explain import Voice, explain_request
from ...engine.actions import Action
from ...i18n import _

if TYPE_CHECKING:
    from .scene import TableScene

HINT_KEY = "hint"


class Advisor:
    """The hint of the decision on screen: asked, being searched, or ready."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.asked_at: object = None  # the decision the hint was asked for
        self.hint: Hint | None = None
        self.request: DecisionRequest | None = None  # what the hint was asked with
        self.text = ""

    @property
    def thinking(self) -> bool:
        return self.asked_at is not None and self.hint is None

    def available(self) -> bool:
        """A hint can be asked: a human at the screen has a decision to make, and the session
        offers hints."""
        scene = self.scene
        seat = scene.viewer
        return (
            scene.session.offers_hints
            and seat is not None
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
        self.request = request
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
        self.request = None
        self.text = ""

    def sentence(self, found: Hint) -> str:
        """The hint in words: a reason in card terms from the seat's own observation, then the
        search's figure ("Stand: 6 of the 13 cards you have not seen would bust your 27. Over
        163 simulated deals: +1.3 points on average, against -0.4 for Take a card."). The
        words are ``ai.explain``'s; the table only lends its names for cards, seats and
        actions."""
        scene = self.scene
        request = self.request
        if request is None:
            assert scene.viewer is not None
            request = scene.session.hint_request(scene.viewer)
        voice = Voice(
            card=scene.card_words,
            seat=lambda seat: scene.names[seat],
            action=scene.action_words,
            value=scene.hint_value,
        )
        return explain_request(request, found, voice)


def same_action(a: Action | None, b: Action | None) -> bool:
    return a is not None and b is not None and a == b
