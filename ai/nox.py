"""A heuristic NOX seat following the spec's AI notes (``shared/rules/nox.md`` section 11).

It sees only its observation: its own hand, every kitty in full, the hand sizes, the pile size
and the totals. It looks one play ahead: for every legal play it works out every kitty's top
cards after the play (merges included) and scores the position:

* a play that ends the round (a sixth stack) is valued with the real scoring and recording:
  my recorded points against the best opponent's, or the game's outcome when a total reaches the
  target;
* any other play is valued with estimated end-of-round points: a kitty's top-card sum, discounted
  for each colour it still lacks (less for my own kitty when my hand holds the missing colour),
  blended with the points "if the round ended now" when some kitty is left at five stacks for the
  next player to close (the spec's risk term), and weighted towards opponents who are close to
  the target.

So it raises its own kitty (high new stacks in missing colours, high covers on low tops), never
hands an opponent a missing colour, covers opponents' high tops with low cards or merges their
stacks away, and ends the round when that pays.
"""

from __future__ import annotations

from typing import Any

from ..engine.actions import Action
from ..games.nox.actions import Play
from ..games.nox.cards import NUMBER
from ..games.nox.view import NoxObservation
from .base import Seat, own_seat

_BITS = {"B": 1, "G": 2, "O": 4}
ALL_COLOURS = 7
STACKS_TO_END = 6
# Share of a kitty's top-card sum expected to count at the round's end, by missing colours.
OPPONENT_FACTOR = (1.0, 0.5, 0.22, 0.0)
OWN_FACTOR = (1.0, 0.6, 0.3, 0.0)
OWN_FACTOR_IN_HAND = 0.9  # my missing colours are all in my hand: I can complete the kitty
CLOSE_RISK = 0.6  # chance that a kitty left at five stacks is closed before my next turn
HOLDS_COLOUR = 0.6  # chance that an opponent holds the one colour its kitty lacks
AVERAGE_CARD = 8
GAME_WIN = 1000.0  # a round end that finishes the game is worth more than any points


_number = NUMBER.__getitem__
_MISSING = (3, 2, 2, 1, 2, 1, 1, 0)  # colours missing from a kitty, by its colour mask


class Kitty:
    """A kitty reduced to what scoring needs: its top cards."""

    __slots__ = ("mask", "numbers", "raw", "tops")

    def __init__(self, tops: list[str]) -> None:
        self.tops = tops
        self.numbers = [NUMBER[c] for c in tops]
        self.raw = sum(self.numbers)
        mask = 0
        for card in tops:
            mask |= _BITS[card[0]]
        self.mask = mask


def after_play(tops: list[str], card: str, index: int | None) -> list[str]:
    """The kitty's top cards after ``card`` is played (spec 5.4: place, then merge into the other
    stack showing the same number, the played card on top)."""
    new = list(tops)
    if index is None:
        active = len(new)
        new.append(card)
    else:
        active = index
        new[index] = card
    number = NUMBER[card]
    for other, top in enumerate(new):
        if other != active and NUMBER[top] == number:
            new[other] = card
            del new[active]
            break
    return new


def _factor(kitty: Kitty, own: bool, held: int) -> float:
    """The share of a kitty's top-card sum expected to count at the round's end: less for each
    colour it lacks, and for my own kitty (``own``) more when the colours in my hand (``held``,
    a colour mask) complete it."""
    missing = _MISSING[kitty.mask]
    if not own:
        return OPPONENT_FACTOR[missing]
    lacking = ALL_COLOURS & ~kitty.mask
    if missing and lacking & held == lacking:
        return OWN_FACTOR_IN_HAND
    return OWN_FACTOR[missing]


class _Position:
    """The position before my play, in the terms every play is scored in: each kitty's tops,
    size, points if the round ended now and estimated points at the round's end, and the
    opponents' weights."""

    __slots__ = ("estimates", "held", "kitties", "me", "now", "obs", "sizes", "weights")

    def __init__(self, obs: NoxObservation) -> None:
        self.obs = obs
        self.me = me = own_seat(obs)
        self.kitties = [Kitty([stack[-1] for stack in kitty]) for kitty in obs.kitties]
        self.sizes = [len(kitty.tops) for kitty in self.kitties]
        self.now = [k.raw if k.mask == ALL_COLOURS else 0 for k in self.kitties]
        self.weights = _weights(obs)
        self.held: dict[str, int] = {}
        # My own kitty's estimate depends on the hand left after the play: set per play.
        self.estimates = [
            k.raw * _factor(k, False, 0) if seat != me else 0.0
            for seat, k in enumerate(self.kitties)
        ]

    def held_after(self, played: str) -> int:
        """The colours (a mask) left in my hand after playing ``played``."""
        held = self.held.get(played)
        if held is None:
            rest = list(self.obs.hand)
            rest.remove(played)
            held = 0
            for card in rest:
                held |= _BITS[card[0]]
            self.held[played] = held
        return held


class NoxHeuristicSeat(Seat):
    """Plays NOX from its observation only, one play ahead."""

    kind = "normal"

    def choose(
        self,
        observation: NoxObservation,
        legal: list[Action],
        position: int = 0,
        sample: Any = None,
    ) -> Action:
        if len(legal) == 1:
            return legal[0]
        best: Action = legal[0]
        best_value = float("-inf")
        for value, action in self.values(observation, legal):
            if value > best_value:
                best, best_value = action, value
        return best

    def values(
        self, observation: NoxObservation, legal: list[Action]
    ) -> list[tuple[float, Action]]:
        """The estimated worth of each legal play, in the order of ``legal``. A play changes one
        kitty and my hand, so what the other kitties are worth is worked out once (``_Position``)
        and each play re-scores only the kitty it changes, and mine."""
        position = _Position(observation)
        out: list[tuple[float, Action]] = []
        cache: dict[tuple[int, tuple[str, ...], str], float] = {}
        for action in legal:
            if not isinstance(action, Play):
                continue
            target = action.target
            tops = after_play(position.kitties[target].tops, action.card, action.stack)
            key = (target, tuple(tops), action.card)
            value = cache.get(key)
            if value is None:
                value = cache[key] = self._value(position, target, Kitty(tops), action.card)
            out.append((value, action))
        return out

    # -- evaluation --------------------------------------------------------------------------
    def _value(self, position: _Position, target: int, changed: Kitty, played: str) -> float:
        """The worth of the position after ``played`` turned kitty ``target`` into ``changed``."""
        obs = position.obs
        me = position.me
        kitties = list(position.kitties)
        kitties[target] = changed
        sizes = list(position.sizes)
        sizes[target] = len(changed.tops)
        now = list(position.now)
        now[target] = changed.raw if changed.mask == ALL_COLOURS else 0
        if max(sizes) >= STACKS_TO_END:
            return self._final(obs, now, position.weights)
        held = position.held_after(played)
        estimate = list(position.estimates)
        estimate[target] = changed.raw * _factor(changed, target == me, held)
        estimate[me] = kitties[me].raw * _factor(kitties[me], True, held)
        value = _compare(me, estimate, position.weights)
        if STACKS_TO_END - 1 in sizes:
            closed = self._final(obs, self._closing_points(obs, kitties, now), position.weights)
            value = (1 - CLOSE_RISK) * value + CLOSE_RISK * closed
        # Tie-break: keep high cards for later; play low cards where they change nothing.
        return value - 0.01 * _number(played)

    @staticmethod
    def _closing_points(obs: NoxObservation, kitties: list[Kitty], now: list[int]) -> list[float]:
        """Points if the next player closes a five-stack kitty: an opponent whose own
        five-stack kitty lacks one colour may close it with that colour (an average card)."""
        out: list[float] = [float(p) for p in now]
        for seat, kitty in enumerate(kitties):
            if (
                seat != obs.seat
                and len(kitty.tops) == STACKS_TO_END - 1
                and _MISSING[kitty.mask] == 1
            ):
                out[seat] = HOLDS_COLOUR * (kitty.raw + AVERAGE_CARD)
        return out

    def _final(
        self,
        obs: NoxObservation,
        points: list[float] | list[int],
        weights: list[tuple[int, float]],
    ) -> float:
        """The value of the round ending with these points: recording, then the game's end."""
        me = obs.seat
        assert me is not None
        if obs.variant == "standard":
            recorded = [float(p) for p in points]
        else:
            top = max(points)
            recorded = [float(p) if top > 0 and p == top else 0.0 for p in points]
        totals = [t + r for t, r in zip(obs.totals, recorded, strict=True)]
        if max(totals) >= obs.target_score:
            best = max(totals)
            if totals[me] == best:
                return GAME_WIN + totals[me] - max(t for s, t in enumerate(totals) if s != me)
            return -GAME_WIN - (best - totals[me])
        return _compare(me, recorded, weights)


def _weights(obs: NoxObservation) -> list[tuple[int, float]]:
    """Each opponent and how much its points weigh against mine: more when it is ahead of me
    or close to the target."""
    me = obs.seat
    assert me is not None
    target = obs.target_score
    totals = obs.totals
    out = []
    for seat in range(len(totals)):
        if seat == me:
            continue
        lead = totals[seat] - totals[me]
        out.append((seat, 1.0 + max(0.0, min(1.0, lead / target)) + 0.5 * totals[seat] / target))
    return out


def _compare(me: int, points: list[float], weights: list[tuple[int, float]]) -> float:
    """My points against the opponents', mostly the most dangerous one (``weights``)."""
    weighted = [points[seat] * weight for seat, weight in weights]
    threat = 0.7 * max(weighted) + 0.3 * sum(weighted) / len(weighted)
    return points[me] - threat
