"""The five games, each a pure-rules module on the engine contract, and their registry."""

from __future__ import annotations

from ..engine.registry import Registry
from .kael import KaelGame
from .nove import NoveGame


def default_registry() -> Registry:
    """Every game of nove-desktop, by id. Later games are added here explicitly."""
    return Registry([NoveGame(), KaelGame()])
