"""The game tables: one module per game on the table kit, and one registry line each."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...session import GameSession
    from ..app import App
    from ..table.scene import TableScene


def table_classes() -> dict[str, type[TableScene]]:
    """Game id -> its table scene, in the order New game lists them."""
    from .banco import BancoTable
    from .kael import KaelTable
    from .nove import NoveTable
    from .nox import NoxTable
    from .numx import NumxTable

    return {
        "nove": NoveTable,
        "kael": KaelTable,
        "nox": NoxTable,
        "banco": BancoTable,
        "numx": NumxTable,
    }


def has_table(game_id: str) -> bool:
    return game_id in table_classes()


def open_table(
    app: App, session: GameSession, resumed: bool = False, replay_last: Any = None
) -> TableScene:
    """The table scene for ``session``'s game; ``replay_last`` (seat, action as JSON): the
    last move of a finished game, played again so that its results show (``session`` stops
    just before it)."""
    table = table_classes()[session.game.id](app, session, resumed)
    if replay_last is not None:
        table.play_last(*replay_last)
    return table
