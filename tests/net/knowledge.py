"""What each seat may know, worked out by hand from the rules, to check what clients receive.

The facts come from the true game: the room's actions replayed offline with full information
(every event whole, as the rules engine produced it). Who may see each fact comes from the
rules as written (``../shared/rules/<game>.md``, each game's "Hidden information" table),
copied below as one table per game: an event kind whose cards only its seat may see, or whose
cards everybody sees. Nothing here calls the code under test's visibility helpers
(``observe``, ``hidden_cards``, ``events_for_seat``, ``Event.for_seat``) nor reads the
``visible_to``/``hidden`` fields of an event: an event kind missing from the table stops the
check (a new kind must be classified by reading its rules).

A seat's knowledge only grows (a card once seen is remembered, as a player would), so a card
mention is allowed when the seat has seen that very card by that position. Every physical card
has its own id in every game (NOX's six copies of a face are ``B09-1`` ... ``B09-6``), so
counting copies is counting distinct ids: a frame naming a copy the seat has not seen is a
leak even when it has seen another copy of the same face.

Used by tests/net/test_net_secrecy.py and bench/net.py (``leaks``).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Iterator
from typing import Any

from nove_desktop.engine.registry import Registry

# Event kinds that carry cards, and who may see them (rules, "Hidden information" sections).
OWNER_ONLY: dict[str, frozenset[str]] = {
    # nove.md §7: own hand, hits (face down), own discards only; the exchange's replacements.
    "nove": frozenset({"deal", "redeal", "discard", "hit"}),
    # nove_banco.md §6: a hole card is its owner's from the deal (the banker's too).
    "banco": frozenset({"card_dealt"}),
    # nox.md §6: own hand only; the pile's cards are drawn into a hand.
    "nox": frozenset({"card_dealt", "card_drawn"}),
    # kael.md §11: own hand; a card drawn from the deck and a pending good draw: the drawer.
    "kael": frozenset({"deal", "draw", "good_draw_window"}),
    # numx.md §11: own hand and objective; deck draws into a hand; malus choices until all
    # have chosen; Facteur X claims not yet applied; a special card being prepared.
    "numx": frozenset(
        {"deal", "draw", "objective", "malus_chosen", "fx_answer", "special_prepared"}
    ),
}
EVERYONE: dict[str, frozenset[str]] = {
    # NOVE declarations, reveals (bust, joker query, three/four of a kind), the special case's
    # hands and face-up deals, fixed jokers, the showdown at scoring.
    "nove": frozenset(
        {"nove", "reveal", "showdown", "special_case", "special_deal", "joker_set", "jokers_shown"}
    ),
    # extra cards are public when drawn; hole cards at their reveal (nine, settlement).
    "banco": frozenset({"card_drawn", "hole_revealed", "nine_revealed", "banker_revealed"}),
    # every card played goes face up into a kitty.
    "nox": frozenset({"card_played"}),
    # the table pile (cuts laid on it too), what is taken from it, good draws laid, every
    # hand at RESOLVE.
    "kael": frozenset({"lay", "cut", "take", "face_up", "good_draw", "reveal"}),
    # malus areas, the trick, face-up draws into an area, reveals at the round's end.
    "numx": frozenset(
        {
            "areas",
            "malus_reveal",
            "malus_draw",
            "play",
            "replenish",
            "take",
            "num_x",
            "special",
            "reveal",
        }
    ),
}
SKIPPED_FIELDS = ("kind", "visible_to", "hidden")
ROUND_STARTS = {
    "nove": "round_start",
    "banco": "hand_started",
    "nox": "round_started",
    "kael": "round_start",
    "numx": "round_start",
}
"""The event that begins a new deal (everything reshuffled) in each game."""
HISTORY_FIELDS = frozenset({"last_round", "last_hand", "score_sheet", "round_history"})
"""Observation fields that summarise finished rounds (their cards are history)."""


class KnowledgeError(Exception):
    """The table above does not cover an event of the true game (classify it from the rules)."""


def strings(value: Any) -> Iterator[str]:
    """Every string in a JSON value (dict keys included: a card could hide in a key)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)


@dataclasses.dataclass
class Truth:
    """A whole game replayed with full information: each position's true events."""

    game_id: str
    players: int
    universe: frozenset[str]
    steps: list[list[dict[str, Any]]]  # steps[p]: the events that led to position p


def replay_truth(
    registry: Registry,
    game_id: str,
    options: dict[str, Any],
    seed: int,
    actions: Iterable[tuple[int, dict[str, Any]]],
) -> Truth:
    """The true events of (game, options, seed, actions), position by position."""
    game = registry.get(game_id)
    parsed = game.options_from_json(options)
    state, opening = game.new_game(parsed, seed)
    steps = [[event.to_json() for event in opening]]
    for seat, action in actions:
        events = game.apply(state, seat, game.actions.from_json(action))
        steps.append([event.to_json() for event in events])
    players = int(game.options_to_json(parsed)["players"])
    return Truth(game_id, players, frozenset(game.full_deck(parsed)), steps)


def cards_of(event: dict[str, Any], universe: frozenset[str]) -> set[str]:
    """The cards an event names (in any field but its kind and visibility bookkeeping)."""
    found: set[str] = set()
    for field, value in event.items():
        if field not in SKIPPED_FIELDS:
            found.update(text for text in strings(value) if text in universe)
    return found


def seen_by(truth: Truth, event: dict[str, Any], seat: int) -> set[str]:
    """The cards of one true event that ``seat`` may see, by the rules' tables."""
    cards = cards_of(event, truth.universe)
    if not cards:
        return set()
    kind = event["kind"]
    if kind in EVERYONE[truth.game_id]:
        return cards
    if kind in OWNER_ONLY[truth.game_id]:
        owner = event.get("seat")
        if not isinstance(owner, int):
            raise KnowledgeError(f"{truth.game_id}: {kind} names cards but no seat")
        return cards if owner == seat else set()
    raise KnowledgeError(f"{truth.game_id}: event kind {kind!r} with cards is not classified")


@dataclasses.dataclass(frozen=True)
class Known:
    """What a seat may know at one position: ``ever``, every card it has seen since the game
    began (history: the log, last round's summary); ``now``, the cards it has seen in the
    current round (a new deal reshuffles: what a seat saw of an earlier round says nothing
    of where a card is now), including those seen earlier in the same step (a step may end a
    round and deal the next one)."""

    ever: frozenset[str]
    now: frozenset[str]


def knowledge(truth: Truth, seat: int) -> list[Known]:
    """``knowledge(truth, seat)[p]``: what ``seat`` may know at position ``p``."""
    ever: set[str] = set()
    current: set[str] = set()
    out = []
    for events in truth.steps:
        step = set(current)
        for event in events:
            if event["kind"] == ROUND_STARTS[truth.game_id]:
                current = set()
            seen = seen_by(truth, event, seat)
            ever |= seen
            current |= seen
            step |= seen
        out.append(Known(frozenset(ever), frozenset(step)))
    return out


def timeline(truth: Truth, seat: int) -> list[tuple[dict[str, Any], frozenset[str]]]:
    """Every true event in order, with the cards of its round ``seat`` knows right after it."""
    current: set[str] = set()
    out = []
    for events in truth.steps:
        for event in events:
            if event["kind"] == ROUND_STARTS[truth.game_id]:
                current = set()
            current |= seen_by(truth, event, seat)
            out.append((event, frozenset(current)))
    return out


def log_leaks(
    truth: Truth, line: list[tuple[dict[str, Any], frozenset[str]]], shown: list[Any]
) -> list[str]:
    """A snapshot's log checked event by event: each is matched, in order, to the next true
    event of its kind (and seat), and may name only the cards of that round the seat knew
    right after it (a whole log must not tell where earlier cards went in a later round)."""
    problems = []
    cursor = 0
    for event in shown:
        if not isinstance(event, dict):
            problems.append(f"a log entry that is not an event: {event!r:.40}")
            continue
        while cursor < len(line) and not (
            line[cursor][0]["kind"] == event.get("kind")
            and line[cursor][0].get("seat") == event.get("seat")
        ):
            cursor += 1
        if cursor == len(line):
            problems.append(f"{event.get('kind')} in the log matches no event of the game")
            break
        extra = cards_of(event, truth.universe) - line[cursor][1]
        problems += [f"{card} in the log's {event['kind']}" for card in sorted(extra)]
        cursor += 1
    return problems


def mentions(message: dict[str, Any], universe: frozenset[str]) -> tuple[set[str], set[str]]:
    """The cards a view names about the current round, and those it names as history (the
    observation's summaries of finished rounds); a snapshot's log is left to ``log_leaks``."""
    current: set[str] = set()
    history: set[str] = set()
    for key, value in message.items():
        found = {text for text in strings(value) if text in universe}
        if key == "events" and message.get("type") == "snapshot":
            continue  # the whole log: checked event by event (log_leaks)
        if key == "observation" and isinstance(value, dict):
            for field, part in value.items():
                named = {text for text in strings(part) if text in universe}
                (history if field in HISTORY_FIELDS else current).update(named)
        else:
            current |= found
    return current, history


@dataclasses.dataclass(frozen=True)
class Leak:
    """Something a client received that its seat may not know."""

    seat: int
    frame: int  # the frame's index among those this client received
    what: str


def check_frames(
    truth: Truth, seat: int, frames: list[str], seed: int, other_tokens: Iterable[str]
) -> list[Leak]:
    """Every leak in the raw text frames one client received, in order.

    Before the ``over`` message, every card named must be one the seat may know at the
    frame's position (the last position a frame named; 0 before the first view), and no frame
    may hold the seed (as a key, or its decimal text when it is long enough not to occur by
    chance: 12 digits or more) or a replay. Another seat's token is never allowed. After
    ``over`` every card is public (the replay holds the whole deal).
    """
    known = knowledge(truth, seat)
    line = timeline(truth, seat)
    tokens = [token for token in other_tokens if token]
    leaks: list[Leak] = []
    position = 0
    over = False
    for index, raw in enumerate(frames):
        leaks += [Leak(seat, index, "another seat's token") for token in tokens if token in raw]
        message = json.loads(raw)
        if message.get("type") == "over":
            over = True
        if over:
            continue
        seed_text = len(str(seed)) >= 12 and str(seed) in raw
        if seed_text or "seed" in message or "replay" in message:
            leaks.append(Leak(seat, index, "the seed or the replay before the game is over"))
        if isinstance(message.get("position"), int):
            position = message["position"]
        if position >= len(known):
            leaks.append(Leak(seat, index, f"position {position} beyond the game"))
            continue
        current, history = mentions(message, truth.universe)
        kind = message.get("type")
        for card in sorted(current - known[position].now):
            leaks.append(Leak(seat, index, f"{card} in {kind} at position {position}"))
        for card in sorted(history - known[position].ever):
            leaks.append(Leak(seat, index, f"{card} (history) in {kind} at position {position}"))
        if kind == "snapshot":
            shown = message.get("events")
            shown = shown if isinstance(shown, list) else [shown]
            leaks += [Leak(seat, index, what) for what in log_leaks(truth, line, shown)]
    return leaks


def leaks_in_game(
    registry: Registry,
    replay: dict[str, Any],
    frames: dict[int, list[str]],
    tokens: dict[int, str],
) -> list[Leak]:
    """Every leak in a whole game: ``replay`` is the game's replay as JSON (the server's
    record, or the ``over`` message's once checked against it: game, options, seed, actions),
    ``frames[seat]`` the raw frames that seat's client received (across its connections, in
    order), ``tokens[seat]`` each seat's token (``""`` for AI seats). For bench/net.py."""
    seed = int(replay["seed"])
    truth = replay_truth(
        registry,
        str(replay["game"]),
        dict(replay["options"]),
        seed,
        [(int(a["seat"]), a["action"]) for a in replay["actions"]],
    )
    found: list[Leak] = []
    for seat, received in sorted(frames.items()):
        others = [token for other, token in tokens.items() if other != seat]
        found += check_frames(truth, seat, received, seed, others)
    return found
