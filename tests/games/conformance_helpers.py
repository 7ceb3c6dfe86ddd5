"""Generic machinery of the engine-contract conformance suite (``test_conformance.py``).

Everything here goes through the ``Game`` contract only (see ``shared/design.md``, "The engine
contract"), so the same checks run unchanged on every game of ``default_registry()``. Failures
name the game, the player count, the seed and the action index, so that one failing game can be
replayed by hand.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import zlib
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from nove_desktop.engine import Action, Event, FormatError, Game, IllegalActionError, Rng

JsonDict = dict[str, Any]
AnyGame = Game[Any, Any]

ROUND_CAP = 200  # passed as "max_rounds" when a game has one, so that random games always end
# Passed as "max_hands" (Nove banco): at most 20 hands, so five bankers hold a full term of five
# hands. It never binds up to 4 players (4 x 5 hands end the default game), and keeps a random
# 12-seat game near 500 actions instead of ~1,400; full-length banco games, bank rotation and
# every end reason are covered by tests/games/test_banco_properties.py.
HAND_CAP = 20
# Passed as "rounds" (NUM-X, five rounds by default): two rounds keep the passage from one round
# to the next (scores carried, new objectives, next leader) at two fifths of the length; full
# five-round games are played by tests/games/test_numx_rules.py and the AI tests.
ROUNDS_IN_SUITE = 2
ACTION_BOUND = 50_000  # no game capped at ROUND_CAP rounds may need more actions than this
POLICY_SALT = 0xC0FFEE  # the random seat's generator must not share the game's stream
BOGUS_STRINGS = ("", "not-a-card")  # text that names no card and no option of any game


# -- set-up ----------------------------------------------------------------------------------------
def options_for(game: AnyGame, players: int) -> Any:
    """Options for ``players`` seats, with the round or hand cap when the game has one."""
    defaults = game.options_to_json(game.default_options(game.min_players))
    extra: dict[str, int] = {}
    if "max_rounds" in defaults:
        extra["max_rounds"] = ROUND_CAP
    if "max_hands" in defaults:
        extra["max_hands"] = HAND_CAP
    if "rounds" in defaults:
        extra["rounds"] = ROUNDS_IN_SUITE
    return game.options_from_json({"players": players, **extra})


def player_counts(game: AnyGame) -> range:
    return range(game.min_players, game.max_players + 1)


def games_per_count(game: AnyGame, games_per_game: int) -> int:
    """Spread ``games_per_game`` evenly over the allowed player counts (rounded up)."""
    counts = len(player_counts(game))
    return -(-games_per_game // counts)


def seeds(salt: str, game_id: str, players: int, count: int) -> range:
    """Deterministic seeds, different for each (purpose, game, player count)."""
    base = zlib.crc32(f"{salt}:{game_id}:{players}".encode()) & 0xFFFFFF
    return range(base, base + count)


def policy_rng(seed: int) -> Rng:
    """The random seat's generator for the game of ``seed``."""
    return Rng(seed ^ POLICY_SALT)


# -- where a failure happened ----------------------------------------------------------------------
@dataclasses.dataclass(slots=True)
class Where:
    """The coordinates of the check under way, shown with every failure."""

    game: str
    players: int
    seed: int
    action: int = 0  # index of the next action of the game (0 = the opening, before any action)
    note: str = ""

    def __str__(self) -> str:
        extra = f" ({self.note})" if self.note else ""
        return (
            f"game={self.game} players={self.players} seed={self.seed} "
            f"action index={self.action}{extra}"
        )


@contextlib.contextmanager
def reporting(where: Where) -> Iterator[None]:
    """Add ``where`` to any exception raised inside (an engine crash names its game too)."""
    try:
        yield
    except BaseException as exc:
        exc.add_note(f"while checking {where}")
        raise


# -- JSON ------------------------------------------------------------------------------------------
def json_round_trip(value: Any) -> Any:
    """``value`` as it comes back from a file (raises if it is not plain JSON)."""
    return json.loads(json.dumps(value))


def state_json(game: AnyGame, state: Any) -> Any:
    """The state's JSON, normalised (tuples become lists) so that two states compare as JSON."""
    return json_round_trip(game.state_to_json(state))


def strings_in(value: Any) -> set[str]:
    """Every string of a JSON value (values and object keys), as whole tokens."""
    found: set[str] = set()
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            found.update(k for k in item if isinstance(k, str))
            pending.extend(item.values())
        elif isinstance(item, list | tuple):
            pending.extend(item)
    return found


def assert_state_json_round_trip(game: AnyGame, state: Any, where: Where) -> None:
    data = state_json(game, state)
    restored = game.state_from_json(json_round_trip(data))
    assert state_json(game, restored) == data, f"{where}: state JSON round trip differs"


def assert_action_json_round_trip(game: AnyGame, action: Action, where: Where) -> None:
    data = json_round_trip(action.to_json())
    assert game.actions.from_json(data) == action, (
        f"{where}: action {action!r} comes back from its JSON {data} as something else"
    )


# -- per-action checks -----------------------------------------------------------------------------
def check_turn(game: AnyGame, state: Any, players: int, where: Where) -> tuple[int, ...]:
    """``to_act`` names distinct seats, each with a non-empty legal list; other seats have none."""
    acting = tuple(game.to_act(state))
    assert len(set(acting)) == len(acting), f"{where}: to_act repeats a seat: {acting}"
    assert all(0 <= s < players for s in acting), f"{where}: to_act names no seat: {acting}"
    assert game.is_over(state) == (not acting), f"{where}: is_over disagrees with to_act"
    for seat in range(players):
        legal = game.legal_actions(state, seat)
        if seat in acting:
            assert legal, f"{where}: seat {seat} is to act but has no legal action"
        else:
            assert legal == [], f"{where}: seat {seat} is not to act but has legal actions {legal}"
    return acting


def assert_conserved(game: AnyGame, state: Any, deck: Sequence[str], where: Where) -> None:
    """``deck`` is ``sorted(game.full_deck(options))``."""
    in_play = sorted(game.cards_in_play(state))
    if in_play != deck:
        missing = sorted(set(deck) - set(in_play))
        extra = [c for c in set(in_play) if in_play.count(c) > deck.count(c)]
        raise AssertionError(
            f"{where}: cards not conserved ({len(in_play)} in play, {len(deck)} in the deck; "
            f"missing {missing}, too many {sorted(extra)})"
        )


def assert_refused(
    game: AnyGame, state: Any, seat: int, action: Action, where: Where, why: str
) -> None:
    """``action`` by ``seat`` raises ``IllegalActionError`` with a readable reason.

    The caller checks once, after a batch of refusals, that the state did not change.
    """
    try:
        game.apply(state, seat, action)
    except IllegalActionError as exc:
        assert isinstance(exc.reason, str) and exc.reason.strip(), (
            f"{where}: refusal of {action.to_json()} by seat {seat} has an empty reason"
        )
        return
    raise AssertionError(f"{where}: {why}: {action.to_json()} by seat {seat} was accepted")


def check_finished(
    game: AnyGame, state: Any, players: int, probes: Sequence[Action], where: Where
) -> None:
    """A finished game: a result with a valid winner, nobody to act, every action refused."""
    result = game.result(state)
    assert result.over, f"{where}: nobody is to act but result().over is False"
    assert isinstance(result.winner, int) and 0 <= result.winner < players, (
        f"{where}: the winner {result.winner!r} is not a seat"
    )
    assert len(result.scores) == players, f"{where}: {len(result.scores)} scores"
    json.dumps(result.to_json())
    before = state_json(game, state)
    for seat in range(players):
        for action in probes:
            assert_refused(game, state, seat, action, where, "the game is over")
    assert state_json(game, state) == before, f"{where}: a refusal changed the finished game"


# -- random play -----------------------------------------------------------------------------------
@dataclasses.dataclass(slots=True)
class Playout:
    """One random game (or the rest of one): what was played and what happened."""

    actions: list[tuple[int, JsonDict]]  # (seat, action JSON), in order
    events: list[Event]  # every event, in order
    snapshots: list[Any]  # with ``snapshot=True``: each event's JSON as it was when emitted
    last_action: Action | None


def play_on(
    game: AnyGame,
    state: Any,
    players: int,
    rng: Rng,
    deck: Sequence[str],
    where: Where,
    *,
    round_trip_every: int = 0,
    snapshot: bool = False,
) -> Playout:
    """Play ``state`` to its end with random legal actions of ``to_act[0]``, with the cheap checks
    after every action: turn structure, conservation, action JSON round trip, the action bound
    and, every ``round_trip_every`` actions, the state JSON round trip."""
    actions: list[tuple[int, JsonDict]] = []
    events: list[Event] = []
    snapshots: list[Any] = []
    last: Action | None = None
    start = where.action
    while True:
        acting = check_turn(game, state, players, where)
        if not acting:
            return Playout(actions, events, snapshots, last)
        assert len(actions) < ACTION_BOUND, f"{where}: no end after {ACTION_BOUND} actions"
        seat = acting[0]
        last = rng.choice(game.legal_actions(state, seat))
        assert_action_json_round_trip(game, last, where)
        new_events = game.apply(state, seat, last)
        events += new_events
        if snapshot:
            snapshots += json_round_trip([e.to_json() for e in new_events])
        actions.append((seat, last.to_json()))
        where.action = start + len(actions)
        assert_conserved(game, state, deck, where)
        if round_trip_every and len(actions) % round_trip_every == 0:
            assert_state_json_round_trip(game, state, where)


# -- secrecy ---------------------------------------------------------------------------------------
def assert_observations_secret(
    game: AnyGame, state: Any, hidden: Sequence[frozenset[str]], where: Where
) -> None:
    """No seat's observation names a card hidden from it; the spectator's names no card hidden
    from every seat. Tokens are whole strings, so "R1" never matches inside "R10"."""
    for seat, secret in enumerate(hidden):
        data = game.observe(state, seat).to_json()
        json.dumps(data)
        leaked = strings_in(data) & secret
        assert not leaked, f"{where}: seat {seat}'s observation shows its hidden cards {leaked}"
    spectator = game.observe(state, None).to_json()
    json.dumps(spectator)
    leaked = strings_in(spectator) & frozenset.intersection(*hidden)
    assert not leaked, f"{where}: the spectator's observation shows hidden cards {sorted(leaked)}"


def assert_events_secret(
    events: Sequence[Event],
    hidden_before: Sequence[frozenset[str]],
    hidden_after: Sequence[frozenset[str]],
    new_round: bool,
    where: Where,
) -> None:
    """No event, as a seat (or a spectator) sees it, names a card hidden from that seat.

    A card counts as hidden when it was hidden from the seat both before and after the batch of
    events: cards a seat learns or forgets during the batch may be named. When the batch ends a
    round and deals the next one (``new_round``), cards shown during the old round (a showdown, a
    seat's own deal) are legitimately named and then shuffled away again, so only the censored
    views (events meant for other seats) are checked in such a batch; leaks in whole views are
    caught in the batches that stay within one round.
    """
    for seat, (before, after) in enumerate(zip(hidden_before, hidden_after, strict=True)):
        secret = before & after
        for event in events:
            censored = event.visible_to is not None and seat not in event.visible_to
            if new_round and not censored:
                continue
            view = event.for_seat(seat)
            if view is None:
                continue
            data = view.to_json()
            json.dumps(data)
            leaked = strings_in(data) & secret
            assert not leaked, (
                f"{where}: seat {seat} sees hidden cards {sorted(leaked)} in event {data}"
            )
    everybody = frozenset.intersection(*hidden_before) & frozenset.intersection(*hidden_after)
    for event in events:
        if new_round and event.visible_to is None:
            continue
        view = event.for_seat(None)
        if view is not None:
            leaked = strings_in(view.to_json()) & everybody
            assert not leaked, f"{where}: a spectator sees hidden cards {leaked} in {view!r}"


# -- actions outside the legal list ----------------------------------------------------------------
class CandidateSource:
    """Actions that are probably illegal now: the actions seen earlier in the game (of every type
    of the game's codec) and variants with one field changed (other card ids of the deck, other
    option strings, bogus text, null, shorter / longer / empty lists)."""

    TEMPLATES_PER_TYPE = 3

    def __init__(self, game: AnyGame, deck: Sequence[str]) -> None:
        self.codec = game.actions
        self.deck = sorted(set(deck))
        self.templates: dict[str, list[JsonDict]] = {}
        self.words: set[str] = set(BOGUS_STRINGS)  # non-card strings seen in action fields

    def learn(self, actions: Iterable[Action]) -> None:
        cards = set(self.deck)
        for action in actions:
            data = action.to_json()
            kept = self.templates.setdefault(data["type"], [])
            if data not in kept:
                kept.append(data)
                if len(kept) > self.TEMPLATES_PER_TYPE:
                    kept.pop(0)
            self.words.update(s for s in strings_in(_fields(data)) if s not in cards)

    def candidates(self, rng: Rng, limit: int) -> list[Action]:
        """Up to ``limit`` distinct decodable actions, picked with ``rng``."""
        pool: list[Any] = [*sorted(self.words), None]
        pool += [self.deck[rng.below(len(self.deck))] for _ in range(3)]
        variants: list[JsonDict] = []
        for kept in self.templates.values():
            for data in kept:
                variants.append(data)
                variants += _mutations(data, pool)
                variants += [{**data, "type": other} for other in self.codec.types]
        picked: list[Action] = []
        while variants and len(picked) < limit:
            data = variants.pop(rng.below(len(variants)))
            try:
                action = self.codec.from_json(data)
            except FormatError:
                continue  # not an action of this game at all: nothing to refuse
            if action not in picked:
                picked.append(action)
        return picked


def _fields(data: JsonDict) -> JsonDict:
    return {k: v for k, v in data.items() if k != "type"}


def _mutations(data: JsonDict, pool: Sequence[Any]) -> list[JsonDict]:
    out: list[JsonDict] = []
    for key, value in _fields(data).items():
        if value is None or isinstance(value, str):
            out += [{**data, key: x} for x in pool if x != value]
        elif isinstance(value, bool):
            out.append({**data, key: not value})
        elif isinstance(value, int):
            out += [{**data, key: value + 1}, {**data, key: -1}]
        elif isinstance(value, list):
            out.append({**data, key: []})
            if value:
                out.append({**data, key: value[:-1]})
                out.append({**data, key: [*value, value[0]]})  # a duplicate
                out += [{**data, key: [x, *value[1:]]} for x in pool if x is not None]
            out += [{**data, key: [*value, x]} for x in pool if x is not None]
    return out
