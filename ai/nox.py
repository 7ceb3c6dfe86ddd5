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

from nove_desktop.engine.actions import Action
from nove_desktop.games.nox.actions import Play
from nove_desktop.games.nox.cards import NUMBER
from nove_desktop.games.nox.view import NoxObservation

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


class _Kitty:
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


def _missing(mask: int) -> int:
    return _MISSING[mask]


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
        """The estimated worth of each legal play, in the order of ``legal``."""
        obs = observation
        base = [_Kitty([stack[-1] for stack in kitty]) for kitty in obs.kitties]
        weights = _weights(obs)
        out: list[tuple[float, Action]] = []
        cache: dict[tuple[int, tuple[str, ...], str], float] = {}
        for action in legal:
            if not isinstance(action, Play):
                continue
            tops = after_play(base[action.target].tops, action.card, action.stack)
            key = (action.target, tuple(tops), action.card)
            value = cache.get(key)
            if value is None:
                kitties = list(base)
                kitties[action.target] = _Kitty(tops)
                rest = list(obs.hand)
                rest.remove(action.card)
                value = self._value(obs, kitties, rest, action.card, weights)
                cache[key] = value
            out.append((value, action))
        return out

    # -- evaluation --------------------------------------------------------------------------
    def _value(
        self,
        obs: NoxObservation,
        kitties: list[_Kitty],
        rest: list[str],
        played: str,
        weights: list[tuple[int, float]],
    ) -> float:
        ended = any(len(k.tops) >= STACKS_TO_END for k in kitties)
        now = [k.raw if k.mask == ALL_COLOURS else 0 for k in kitties]
        if ended:
            return self._final(obs, now, weights)
        estimate = self._estimates(obs, kitties, rest)
        value = _compare(own_seat(obs), estimate, weights)
        if any(len(k.tops) == STACKS_TO_END - 1 for k in kitties):
            closed = self._final(obs, self._closing_points(obs, kitties, now), weights)
            value = (1 - CLOSE_RISK) * value + CLOSE_RISK * closed
        # Tie-break: keep high cards for later; play low cards where they change nothing.
        return value - 0.01 * _number(played)

    def _estimates(
        self, obs: NoxObservation, kitties: list[_Kitty], rest: list[str]
    ) -> list[float]:
        me = obs.seat
        held = 0
        for card in rest:
            held |= _BITS[card[0]]
        out = []
        for seat, kitty in enumerate(kitties):
            missing = _missing(kitty.mask)
            if seat == me:
                lacking = ALL_COLOURS & ~kitty.mask
                if missing and lacking & held == lacking:
                    factor = OWN_FACTOR_IN_HAND
                else:
                    factor = OWN_FACTOR[missing]
            else:
                factor = OPPONENT_FACTOR[missing]
            out.append(kitty.raw * factor)
        return out

    @staticmethod
    def _closing_points(obs: NoxObservation, kitties: list[_Kitty], now: list[int]) -> list[float]:
        """Points if the next player closes a five-stack kitty: an opponent whose own
        five-stack kitty lacks one colour may close it with that colour (an average card)."""
        out: list[float] = [float(p) for p in now]
        for seat, kitty in enumerate(kitties):
            if (
                seat != obs.seat
                and len(kitty.tops) == STACKS_TO_END - 1
                and _missing(kitty.mask) == 1
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
