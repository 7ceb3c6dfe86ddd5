"""The game tables: one package per game on the table kit, listed by the games' descriptions
(``nove_desktop/specs.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...sessions import Session
    from ..app import App
    from ..table.scene import TableScene


def table_classes() -> dict[str, type[TableScene[Any]]]:
    """Game id -> its table scene, in the order New game lists them (``nove_desktop/specs.py``)."""
    from ...specs import SPECS

    return {spec.id: spec.table_class() for spec in SPECS}


def has_table(game_id: str) -> bool:
    return game_id in table_classes()


def open_table(
    app: App, session: Session, resumed: bool = False, replay_last: Any = None
) -> TableScene:
    """The table scene for ``session``'s game; ``replay_last`` (seat, action as JSON): the
    last move of a finished game, played again so that its results show (``session`` stops
    just before it)."""
    table = table_classes()[session.game.id](app, session, resumed)
    if replay_last is not None:
        table.play_last(*replay_last)
    return table
