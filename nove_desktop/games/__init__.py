"""The five games, each a pure-rules module on the engine contract, and their registry."""

from __future__ import annotations

from ..engine.game import Game
from ..engine.registry import Registry


def _games() -> list[Game]:
    # One import and one line per game, in the order the app lists them.
    from .banco import BancoGame
    from .kael import KaelGame
    from .nove import NoveGame
    from .nox import NoxGame
    from .numx import NumxGame

    games: list[Game] = [NoveGame()]
    games.append(KaelGame())
    games.append(NoxGame())
    games.append(BancoGame())
    games.append(NumxGame())
    return games


def default_registry() -> Registry:
    """Every game of nove-desktop, by id. Later games are added here explicitly."""
    return Registry(_games())
