"""Decision points and relabelled twin states for the fairness test (tests/ai/test_fairness.py).

Built without the code under test: no ``determinize``, no ``hidden_cards``. A twin of a true
state is the same state with card names exchanged everywhere (a relabelling), then kept only if
the deciding seat's observation and legal actions are unchanged.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Any

from nove_desktop.ai.factory import normal_seat
from nove_desktop.engine.game import Game
from nove_desktop.engine.rng import Rng
from nove_desktop.games import default_registry

REGISTRY = default_registry()

OPTIONS: dict[str, dict[str, Any]] = {
    "nove": {"players": 4, "max_rounds": 3},
    "kael": {"players": 4, "max_rounds": 2},
    "nox": {"players": 4, "max_rounds": 2},
    "banco": {"players": 4, "max_hands": 8},
    "numx": {"players": 3, "rounds": 1},
}


def _action_name(action: Any) -> str:
    return type(action).__name__


def _nove_kind(state: dict[str, Any], legal: list[Any]) -> str:
    names = {_action_name(a) for a in legal}
    if "AskJokers" in names:
        return "ask_jokers"
    return str(state["phase"])


def _kael_kind(state: dict[str, Any], legal: list[Any]) -> str:
    names = {_action_name(a) for a in legal}
    if "GoodDraw" in names:
        return "good_draw"
    if "Cut" in names:
        return "cut"
    return str(state["phase"])


def _numx_kind(state: dict[str, Any], legal: list[Any]) -> str:
    return str(state["phase"])


def _banco_kind(state: dict[str, Any], legal: list[Any]) -> str:
    return str(state["phase"])


def _nox_kind(state: dict[str, Any], legal: list[Any]) -> str:
    return "turn"


# What kind of decision a point is, read from the state's JSON and the legal actions.
KINDS: dict[str, Callable[[dict[str, Any], list[Any]], str]] = {
    "nove": _nove_kind,
    "kael": _kael_kind,
    "numx": _numx_kind,
    "banco": _banco_kind,
    "nox": _nox_kind,
}


@dataclasses.dataclass
class Point:
    """One decision of a seeded Normal game: the true state (a private copy), who decides, the
    game's seed, the position (actions applied so far) and the kind of decision."""

    game_id: str
    state: Any
    seat: int
    seed: int
    position: int
    kind: str


def scan(game_id: str, seed: int) -> Iterator[Point]:
    """Every decision with a real choice in a game of Normal seats dealt from ``seed`` (in a
    reaction window, every waiting seat with a choice; the first one listed then acts)."""
    game = REGISTRY.get(game_id)
    options = game.options_from_json(OPTIONS[game_id])
    state, _ = game.new_game(options, seed)
    seats = [normal_seat(game_id, i) for i in range(OPTIONS[game_id]["players"])]
    position = 0
    while acting := game.to_act(state):
        for seat in acting:
            legal = game.legal_actions(state, seat)
            if len(legal) > 1:
                kind = KINDS[game_id](game.state_to_json(state)["state"], legal)
                yield Point(game_id, state.copy(), seat, seed, position, kind)
        seat = acting[0]
        action = seats[seat].choose(game.observe(state, seat), game.legal_actions(state, seat))
        game.apply(state, seat, action)
        position += 1


def pick_points(
    game_id: str, seeds: range, plan: dict[str, tuple[int, int]], default: tuple[int, int]
) -> list[Point]:
    """Points of each kind of decision: ``plan[kind]`` (else ``default``) is (how many, stride):
    every stride-th point of that kind is taken until there are enough, so that the points
    spread over games and rounds. Scanning stops once every planned kind has its points."""
    seen: dict[str, int] = {}
    chosen: dict[str, list[Point]] = {}
    for seed in seeds:
        for point in scan(game_id, seed):
            count = seen.get(point.kind, 0)
            seen[point.kind] = count + 1
            wanted, stride = plan.get(point.kind, default)
            taken = chosen.setdefault(point.kind, [])
            if len(taken) < wanted and count % stride == 0:
                taken.append(point)
        if all(len(chosen.get(kind, [])) >= n for kind, (n, _stride) in plan.items()):
            break
    return [p for points in chosen.values() for p in points]


# -- relabelling ---------------------------------------------------------------------------------
def _relabel(value: Any, swap: dict[str, str]) -> Any:
    """``value`` (plain JSON) with every string that names a swapped card renamed, dict keys
    included."""
    if isinstance(value, str):
        return swap.get(value, value)
    if isinstance(value, list):
        return [_relabel(item, swap) for item in value]
    if isinstance(value, dict):
        return {swap.get(k, k): _relabel(v, swap) for k, v in value.items()}
    return value


def _cards_of_places(data: Any) -> set[str]:
    """Every string found in the state's JSON (card names among them)."""
    found: set[str] = set()
    if isinstance(data, str):
        found.add(data)
    elif isinstance(data, list):
        for item in data:
            found |= _cards_of_places(item)
    elif isinstance(data, dict):
        for key, item in data.items():
            found.add(key)
            found |= _cards_of_places(item)
    return found


def _others_hand_cards(data: dict[str, Any], seat: int) -> list[str]:
    """Cards in the other seats' hands (the JSON field ``hands`` of every game), in order."""
    cards: list[str] = []
    for other, hand in enumerate(data["state"]["hands"]):
        if other != seat:
            cards += [c for c in hand if isinstance(c, str)]
    return cards


def _normalise(game_id: str, data: dict[str, Any]) -> None:
    """Keep the games' own invariants after a relabelling: NUM-X holds its hands sorted in
    canonical card order (only the hands of other seats can change, and their order is not
    seen); Nove banco keeps each hand's score (sum of the values mod 10) in ``totals``."""
    if game_id == "banco":
        from nove_desktop.games.banco.cards import VALUE

        state = data["state"]
        state["totals"] = [sum(VALUE[c] for c in hand) % 10 for hand in state["hands"]]
    if game_id == "numx":
        from nove_desktop.games.numx.cards import ORDER

        state = data["state"]
        state["hands"] = [sorted(hand, key=ORDER.__getitem__) for hand in state["hands"]]
        state["chosen"] = [
            None if chosen is None else sorted(chosen, key=ORDER.__getitem__)
            for chosen in state["chosen"]
        ]


@dataclasses.dataclass
class Twin:
    """A true state the deciding seat cannot tell apart from the original, and the card swaps
    that made it (each swap exchanged two card names everywhere in the state)."""

    state: Any
    swaps: list[tuple[str, str]]


def relabelled_twin(
    game: Game[Any, Any], state: Any, seat: int, rng: Rng, wanted: int = 4, tries: int = 60
) -> Twin:
    """Exchange card names two at a time (each swap applied everywhere in the state: hands,
    piles, sets of hit or known cards, pending cards...), keeping a swap only if the seat's
    observation and legal actions stay equal; stop after ``wanted`` kept swaps. Half of the
    tries take one card from another seat's hand, so that hands are relabelled, not only the
    deck. The twin also gets another generator state (future shuffles are hidden too)."""
    deck = set(game.full_deck(_options(game, state)))
    seen = game.observe(state, seat).to_json()
    legal = game.legal_actions(state, seat)
    data = game.state_to_json(state)
    swaps: list[tuple[str, str]] = []
    for attempt in range(tries):
        if len(swaps) >= wanted:
            break
        present = sorted(deck & _cards_of_places(data["state"]))
        others = [c for c in _others_hand_cards(data, seat) if c in deck]
        first = rng.choice(others) if others and attempt % 2 == 0 else rng.choice(present)
        second = rng.choice(present)
        if first == second or _family(first) != _family(second):
            continue
        candidate = _relabel(data, {first: second, second: first})
        _normalise(game.id, candidate)
        twin = game.state_from_json(candidate)
        if game.observe(twin, seat).to_json() != seen or game.legal_actions(twin, seat) != legal:
            continue
        data = candidate
        swaps.append((first, second))
    data["state"]["rng"] = Rng(rng.next_u64()).state
    return Twin(game.state_from_json(data), swaps)


def _family(card: str) -> bool:
    """Cards that may trade names: NUM-X's objective cards (``OB01``...) only with each other."""
    return card.startswith("OB")


def _options(game: Game[Any, Any], state: Any) -> Any:
    return game.options_from_json(game.state_to_json(state)["options"])


def round_trip(game: Game[Any, Any], state: Any) -> Any:
    """``state`` rebuilt from its JSON, as the twin is (so both are built the same way)."""
    return game.state_from_json(game.state_to_json(state))
