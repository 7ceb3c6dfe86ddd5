"""The game tables: one module per game on the table kit, and one registry line each."""

from __future__ import annotations

from typing import TYPE_CHECKING

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


def open_table(app: App, session: GameSession, resumed: bool = False) -> TableScene:
    """The table scene for ``session``'s game."""
    return table_classes()[session.game.id](app, session, resumed)
