"""Reaction windows seen from outside the UI: is one open, who answers in which order, and what
answering "no" is. Shared by the server's rooms (the table scene has its own timing per game).

A window is open when the state holds an undecided ``ReactionWindow`` (Kaël's cut, NUM-X's
Facteur X) and the seats asked are among its listed seats. Its precedence order is the
window's own ``order`` (fixed by the rules, never by who answers first); the default answer of
a seat whose time runs out is the game's ``pass`` action.
"""

from __future__ import annotations

from typing import Any

from ..engine.actions import Action
from ..engine.game import Game
from ..engine.windows import ReactionWindow

PASS_TYPE = "pass"


def open_window(game: Game[Any, Any], state: Any) -> ReactionWindow[Any] | None:
    """The reaction window the seats to act are answering, or ``None`` (an ordinary turn)."""
    window = getattr(state, "window", None)
    if not isinstance(window, ReactionWindow) or window.outcome().decided:
        return None
    acting = game.to_act(state)
    if not acting or not set(acting) <= set(window.order):
        return None
    return window


def pass_action(game: Game[Any, Any], state: Any, seat: int) -> Action | None:
    """``seat``'s "pass" among its legal actions now (``None`` if passing is not offered)."""
    for action in game.legal_actions(state, seat):
        if action.TYPE == PASS_TYPE:
            return action
    return None
