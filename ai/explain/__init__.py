"""Hints in words: a reason in card terms, then the search's figure.

``explain(game_id, observation, hint, voice)`` is the whole sentence the table shows. The
reason comes from the game's explainer (``ai/explain/<game>.py``), which reads the seat's
observation only (never the search's sample: what it names is what the seat can see) and reuses
the Normal heuristic's reasoning (the cards that bust, the colours a kitty lacks...). The figure
comes from ``figure``: it follows the hint's verdict (``ai.decide``), so it never argues
against the suggestion. Pure: no pygame; the table passes a ``Voice`` that names cards, seats,
actions and values in the player's language with its own helpers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.actions import Action
from ...engine.errors import UnknownGameError
from ...i18n import _, format_number, ngettext
from ...specs import spec_for
from ..decide import CERTAIN, CLEAR, CONFIDENCE, EQUAL, DecisionRequest, Hint, HintOption
from .voice import Voice

__all__ = ["Voice", "explain", "explain_request", "explainer_for", "figure"]


Explainer = Callable[[Any, Action, Voice], "str | None"]


def explainer_for(game_id: str) -> Explainer | None:
    """The game's reason in card terms (``ai/explain/<game>.py``, named in its description,
    ``nove_desktop/specs.py``); ``None`` for a game without one. The reason itself may be
    ``None`` for a move it has nothing to say about."""
    try:
        return spec_for(game_id).explainer()
    except UnknownGameError:
        return None


def explain(game_id: str, observation: Any, found: Hint, voice: Voice) -> str:
    """The hint's sentence: the reason in card terms (or a plain "Stand."), then the figure."""
    explainer = explainer_for(game_id)
    reason = explainer(observation, found.action, voice) if explainer is not None else None
    if not reason:
        reason = _("{action}.").format(action=voice.action(found.action))
    return f"{reason} {figure(found, voice)}".strip()


def explain_request(request: DecisionRequest, found: Hint, voice: Voice) -> str:
    """``explain`` for the hint of ``request``: from the request's observation only, never its
    sample (the sample's hidden cards are one guess, not what the seat knows)."""
    return explain(request.game_id, request.observation, found, voice)


def figure(found: Hint, voice: Voice) -> str:
    """The search's figure, after the reason. One number when the outcome is certain or the
    best moves are equal within the noise (then none: "about equal"); a pair only when the
    suggestion is clearly better, and then the suggestion's number is the better one."""
    options = found.alternatives
    if found.verdict not in (CERTAIN, CLEAR, EQUAL) or len(options) < 2:
        return _("It is the only sensible move.")
    best, other = options[0], options[1]
    deals = ngettext("{n} simulated deal", "{n} simulated deals", found.deals).format(
        n=format_number(found.deals)
    )
    if found.verdict == EQUAL:
        return _equal(found, best, voice, deals)
    values = {
        "value": voice.value(best.mean),
        "other": voice.action(other.action),
        "other_value": voice.value(other.mean),
        "deals": deals,
    }
    if found.fewer_is_better:
        if found.verdict == CERTAIN:
            return _(
                "It adds exactly {value} to your total, against {other_value} for {other} "
                "(fewer points are better)."
            ).format(**values)
        return _(
            "Over {deals}: {value} added to your total on average, against {other_value} "
            "for {other} (fewer points are better)."
        ).format(**values)
    if found.verdict == CERTAIN:
        return _("It gives exactly {value}, against {other_value} for {other}.").format(**values)
    return _("Over {deals}: {value} on average, against {other_value} for {other}.").format(
        **values
    )


def _equal(found: Hint, best: HintOption, voice: Voice, deals: str) -> str:
    """Moves equal within the noise: no pair of numbers, which would look like an argument."""
    tied = [o for o in found.alternatives[1:] if o.gap <= CONFIDENCE * o.gap_error]
    if all(o.error == 0.0 and o.gap == 0.0 for o in tied) and best.error == 0.0:
        if found.fewer_is_better:
            return _("Every such move adds exactly {value} to your total.").format(
                value=voice.value(best.mean)
            )
        return _("Every such move gives exactly {value}.").format(value=voice.value(best.mean))
    if len(tied) == 1:
        return _("{other} is about as good: {deals} cannot tell them apart.").format(
            other=voice.action(tied[0].action), deals=deals
        )
    return ngettext(
        "{n} other move is about as good: {deals} cannot tell them apart.",
        "{n} other moves are about as good: {deals} cannot tell them apart.",
        len(tied),
    ).format(n=len(tied), deals=deals)
