"""The five games, each a pure-rules module on the engine contract, and their registry."""

from __future__ import annotations

from ..engine.registry import Registry


def default_registry() -> Registry:
    """Every game of nove-desktop, by id, in the order New game lists them: built from the
    games' descriptions (``nove_desktop/specs.py``), where a new game is added."""
    # Imported here: the descriptions import every game's package, which imports this one.
    from ..specs import SPECS

    return Registry(spec.make_game() for spec in SPECS)
