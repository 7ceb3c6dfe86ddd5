"""An explicit registry of games by id (no folder scanning: it must work inside a bundle)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from .errors import UnknownGameError
from .game import Game


class Registry:
    """Games by id, in the order they were registered."""

    def __init__(self, games: Iterable[Game[Any, Any]] = ()) -> None:
        self._games: dict[str, Game[Any, Any]] = {}
        for game in games:
            self.register(game)

    def register(self, game: Game[Any, Any]) -> None:
        if game.id in self._games:
            raise ValueError(f"game id {game.id!r} is registered twice")
        self._games[game.id] = game

    def get(self, game_id: str) -> Game[Any, Any]:
        try:
            return self._games[game_id]
        except (KeyError, TypeError):
            known = ", ".join(self._games) or "none"
            raise UnknownGameError(f'unknown game "{game_id}" (known games: {known})') from None

    def ids(self) -> tuple[str, ...]:
        return tuple(self._games)

    def __iter__(self) -> Iterator[Game[Any, Any]]:
        return iter(self._games.values())

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._games
