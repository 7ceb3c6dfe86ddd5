"""AI seats (``ai/base.py``, ``ai/nove.py``, ``nove_desktop/match.py``).

Contract (ai/__init__.py, shared/design.md): a seat sees only its observation and the legal
actions, never the game state; seats are deterministic (same seed, observation and legal actions,
same choice). The NOVE heuristic follows the spec's AI notes (shared/rules/nove.md section 11) and
the default choices of sections 5.3 (NOVE declaration) and 5.4 (joker at scoring).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import nove_desktop.match as match_module
from nove_desktop.ai import SEAT_KINDS, DecisionRequest, make_seat
from nove_desktop.ai.base import RandomSeat, Seat, SeatError
from nove_desktop.ai.easy.nove import NoveEasySeat
from nove_desktop.ai.kael import KaelHeuristicSeat
from nove_desktop.ai.nove import NoveHeuristicSeat
from nove_desktop.ai.search import SearchSeat
from nove_desktop.engine import Action, Stack
from nove_desktop.games.nove import NoveGame, NoveOptions, NoveState
from nove_desktop.games.nove import hand as H
from nove_desktop.games.nove.actions import (
    AnnounceNove,
    AskJokers,
    ChooseJoker,
    DeclareNove,
    Discard,
    Hit,
    Stand,
)
from nove_desktop.games.nove.cards import DECK, OPTION_VALUE, RANK, is_joker
from nove_desktop.games.nove.scoring import SeatHand, default_option
from nove_desktop.games.nove.state import Phase
from nove_desktop.games.nove.view import NoveObservation
from nove_desktop.match import play_match

GAME = NoveGame()
KEEP = Discard(())


# -- helpers ---------------------------------------------------------------------------------------
@dataclass
class Decision:
    """One moment where a seat must act, in a real game."""

    state: NoveState
    seat: int
    legal: list[Action]

    @property
    def observation(self) -> NoveObservation:
        return GAME.observe(self.state, self.seat)


def decisions(games: int, first_seed: int) -> Iterator[Decision]:
    """Every decision of ``games`` short games (2-6 players, 3 rounds at most), driven by a mix
    of random and heuristic seats so that both kinds of play reach many situations."""
    for g in range(games):
        players = 2 + g % 5
        seed = first_seed + g
        state, _ = GAME.new_game(NoveOptions(players=players, max_rounds=3), seed)
        drivers: list[Seat] = [
            RandomSeat(seed * 7 + i) if (g + i) % 3 else NoveHeuristicSeat(seed * 7 + i)
            for i in range(players)
        ]
        while acting := GAME.to_act(state):
            seat = acting[0]
            legal = GAME.legal_actions(state, seat)
            yield Decision(state.copy(), seat, legal)
            GAME.apply(state, seat, drivers[seat].choose(GAME.observe(state, seat), legal))


@functools.cache
def sample() -> tuple[Decision, ...]:
    """The decisions of 90 games, computed once for the whole module."""
    return tuple(decisions(90, first_seed=500))


def stacked(players: int, dealer: int, deck: str, scores: tuple[int, ...] | None = None) -> Any:
    """A game whose first cards are ``deck`` (spec notation: top card first)."""
    stack = Stack(cards=tuple(deck.split()), scores=scores)
    state, _ = GAME.new_game(NoveOptions(players=players, first_dealer=dealer), 0, stack)
    return state


def play(state: NoveState, *steps: tuple[int, Action]) -> None:
    for seat, action in steps:
        assert GAME.to_act(state) == (seat,), f"expected seat {seat}, to_act {GAME.to_act(state)}"
        GAME.apply(state, seat, action)


def heuristic_choice(state: NoveState, seat: int, seed: int = 0) -> Action:
    assert GAME.to_act(state) == (seat,)
    legal = GAME.legal_actions(state, seat)
    choice = NoveHeuristicSeat(seed).choose(GAME.observe(state, seat), legal)
    assert choice in legal
    return choice


def true_split(state: NoveState, seat: int) -> tuple[list[str], str | None]:
    """The seat's hand as the rules see it (spec 3.2), from the real state."""
    forced = state.special and state.order.index(seat) >= 2
    return H.split(state.hands[seat], state.locked, forced)


# -- the seat factory ------------------------------------------------------------------------------
def test_make_seat_builds_the_known_kinds_and_refuses_others() -> None:
    assert SEAT_KINDS == ("random", "easy", "normal", "hard", "heuristic")
    assert isinstance(make_seat("random", "nove", 1), RandomSeat)
    assert isinstance(make_seat("heuristic", "nove", 1), NoveHeuristicSeat)
    assert isinstance(make_seat("normal", "nove", 1), NoveHeuristicSeat)
    assert isinstance(make_seat("easy", "nove", 1), NoveEasySeat)
    assert isinstance(make_seat("hard", "nove", 1), SearchSeat)
    with pytest.raises(SeatError, match='unknown seat kind "genius"'):
        make_seat("genius", "nove", 1)
    assert isinstance(make_seat("heuristic", "kael", 1), KaelHeuristicSeat)
    with pytest.raises(SeatError, match='no heuristic seat for the game "chess"'):
        make_seat("heuristic", "chess", 1)


# -- legality and determinism over many real states ------------------------------------------------
def test_the_sample_of_states_covers_every_decision_phase() -> None:
    phases = {d.state.phase for d in sample()}
    assert phases == {Phase.DECLARE, Phase.EXCHANGE, Phase.TURN, Phase.CHOOSE_JOKER}
    assert len(sample()) > 2000


@pytest.mark.parametrize("kind", [RandomSeat, NoveHeuristicSeat])
def test_seats_always_choose_a_legal_action(kind: type[Seat]) -> None:
    for index, decision in enumerate(sample()):
        choice = kind(index).choose(decision.observation, decision.legal)
        assert choice in decision.legal, (decision.state.phase, decision.legal, choice)


@pytest.mark.parametrize("kind", [RandomSeat, NoveHeuristicSeat])
def test_seats_are_deterministic(kind: type[Seat]) -> None:
    """Same seed, same observation, same legal list: same choice (twice in a row too)."""
    for index, decision in enumerate(sample()[::3]):
        first, second = kind(index), kind(index)
        obs = decision.observation
        assert first.choose(obs, decision.legal) == second.choose(obs, decision.legal)
        assert first.choose(obs, decision.legal) == second.choose(obs, decision.legal)


def test_random_seat_depends_on_its_seed_and_position_and_uses_every_option() -> None:
    legal: list[Action] = [Hit(), Stand(), AskJokers()]
    obs = sample()[0].observation
    picks = [RandomSeat(seed).choose(obs, legal) for seed in range(60)]
    assert set(picks) == set(legal)
    seat = RandomSeat(3)
    by_position = [seat.choose(obs, legal, position) for position in range(50)]
    assert {type(a) for a in by_position} == {Hit, Stand, AskJokers}
    # A decision is a function of (seed, position, observation, legal): asking again, in any
    # order, gives the same answers (nothing is carried from one decision to the next).
    again = [seat.choose(obs, legal, position) for position in reversed(range(50))]
    assert again[::-1] == by_position


def test_seats_never_mutate_the_legal_list_or_the_observation() -> None:
    for decision in sample()[::7]:
        obs = decision.observation
        before = obs.to_json()
        legal = list(decision.legal)
        NoveHeuristicSeat(1).choose(obs, legal)
        RandomSeat(1).choose(obs, legal)
        assert legal == decision.legal
        assert obs.to_json() == before


# -- seats see observations only -------------------------------------------------------------------
class RecordingNove(NoveGame):
    """NOVE that remembers every observation it hands out."""

    def __init__(self) -> None:
        self.handed_out: list[tuple[int | None, object]] = []

    def observe(self, state: NoveState, seat: int | None) -> NoveObservation:
        obs = super().observe(state, seat)
        self.handed_out.append((seat, obs))
        return obs


def test_play_match_gives_seats_observations_never_the_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every decision of a match goes through ``decide`` with the acting seat's observation,
    its legal actions and its position; a search gets a determinized sample, a copy that is
    never the game's own state; the other levels get no sample at all."""
    game = RecordingNove()
    requests: list[DecisionRequest] = []
    states: list[NoveState] = []
    real_new_game = game.new_game

    def keep_state(*args: Any, **kwargs: Any) -> Any:
        state, events = real_new_game(*args, **kwargs)
        states.append(state)
        return state, events

    monkeypatch.setattr(game, "new_game", keep_state)
    real_decide = match_module.decide

    def spying_decide(request: DecisionRequest) -> Action:
        requests.append(request)
        return real_decide(request)

    monkeypatch.setattr(match_module, "decide", spying_decide)
    kinds = ["heuristic", "random", "easy", "hard"]
    result = play_match(game, NoveOptions(players=4), 3, kinds, iterations=8)
    assert result.actions == len(requests) > 20
    (state,) = states
    for position, request in enumerate(requests):
        observation = request.observation
        assert request.position == position
        assert request.kind == kinds[request.seat]
        assert request.seed == match_module.seat_seed(3, request.seat)
        assert isinstance(observation, NoveObservation)
        assert observation.seat == request.seat  # the acting seat's own view, not another's
        assert all(not isinstance(x, NoveState) for x in request.legal)
        if request.kind == "hard":
            assert isinstance(request.sample, NoveState) and request.sample is not state
        else:
            assert request.sample is None
    assert {r.kind for r in requests} == set(kinds)
    # Each observation is exactly the object the game's ``observe`` produced for that seat.
    observed = {id(obs): seat for seat, obs in game.handed_out}
    assert all(observed.get(id(r.observation)) == r.seat for r in requests)


def test_seat_seeds_are_derived_from_the_game_seed_not_its_generator() -> None:
    seeds = {match_module.seat_seed(10, seat) for seat in range(6)}
    assert len(seeds) == 6
    assert match_module.seat_seed(10, 2) == match_module.seat_seed(10, 2)


# -- strength --------------------------------------------------------------------------------------
def test_heuristic_beats_three_random_seats() -> None:
    """300 four-player games, heuristic at seat 0: chance is 0.25, measured about 0.75."""
    options = NoveOptions(players=4)
    wins = 0
    for seed in range(300):
        result = play_match(GAME, options, seed, ["heuristic", "random", "random", "random"])
        assert result.result.over
        wins += result.result.winner == 0
    assert wins / 300 >= 0.45


# -- spec section 11: hit or stand -----------------------------------------------------------------
def test_heuristic_hits_at_21_without_a_joker() -> None:
    """Spec 11: with room >= 10 (value <= 21) a hit can never bust: always hit."""
    # P = [1, 2, 0]. Seat 1: R5 G6 YA (21); seat 2: G4 P4 RA (18); seat 0: Y6 GC R3 (19).
    state = stacked(3, 0, "R5 G4 Y6 G6 P4 GC YA RA R3 R2 G2")
    play(state, (1, KEEP), (2, KEEP), (0, KEEP))
    assert state.phase == Phase.TURN
    assert heuristic_choice(state, 1) == Hit()


def test_heuristic_hits_with_a_nove_locked_joker() -> None:
    """W15: seat 1 declares NOVE with JR as 1 (value 4); the locked joker is not free, so at 4
    the seat hits."""
    state = stacked(3, 0, "R1 Y5 R6 G2 P6 YB JR YC P4 RA GA P5 PC")
    assert heuristic_choice(state, 1) == DeclareNove("1")  # 5.3: the lowest total
    play(state, (1, DeclareNove("1")))
    assert heuristic_choice(state, 1) == Hit()


def test_heuristic_never_stands_below_22_without_a_free_joker_in_real_games() -> None:
    checked = 0
    for decision in sample():
        if decision.state.phase != Phase.TURN or Hit() not in decision.legal:
            continue
        fixed, free = true_split(decision.state, decision.seat)
        if free is not None or H.base_value(fixed) > 21:
            continue
        choice = NoveHeuristicSeat(0).choose(decision.observation, decision.legal)
        checked += 1
        assert choice != Stand()
        if AskJokers() not in decision.legal and not any(
            isinstance(a, AnnounceNove) for a in decision.legal
        ):
            assert choice == Hit()
    assert checked > 200


# Seat 1 holds YA GB JR (free joker, min 21); the other seats: seat 2 G4 P4 Y5, seat 0 Y6 GC R3.
JOKER_DECK = "YA G4 Y6 GB P4 GC JR Y5 R3"


@pytest.mark.parametrize(
    ("card", "base"), [("R1", 21), ("R4", 24), ("G5", 25), ("R6", 26), ("G7", 27)]
)
def test_heuristic_stands_when_its_free_joker_makes_31(card: str, base: int) -> None:
    """Spec 11: a free joker turns a raw total of 21 or 24-30 into exactly 31 (+2): stand."""
    state = stacked(3, 0, f"{JOKER_DECK} {card} R2")
    play(state, (1, KEEP), (2, KEEP), (0, KEEP), (1, Hit()))
    fixed, free = true_split(state, 1)
    assert (H.base_value(fixed), free) == (base, "JR")
    assert heuristic_choice(state, 1) == Stand()


def test_heuristic_hits_at_20_with_a_free_joker() -> None:
    """Base 20 + free joker: no card can bust it and 31 is still reachable, so it hits."""
    state = stacked(3, 0, f"{JOKER_DECK} R1")
    play(state, (1, KEEP), (2, KEEP), (0, KEEP))
    assert heuristic_choice(state, 1) == Hit()


def test_at_31_the_engine_stands_without_asking() -> None:
    """Spec 4.8 [D64]: at a minimum value of 31 the turn ends by itself, for a natural 31 and
    for base 30 plus a free joker."""
    for card, seat_hand in (("R6", "YA GB R5"), ("YC", "YA GB JR")):
        a, b, c = seat_hand.split()
        state = stacked(3, 0, f"{a} G4 Y6 {b} P4 GC {c} Y5 R3 {card} R2")
        play(state, (1, KEEP), (2, KEEP), (0, KEEP), (1, Hit()))
        assert GAME.to_act(state) == (2,)


# -- spec section 11: the exchange -----------------------------------------------------------------
OTHERS = {"seat2": ("YB", "PC", "G6"), "seat0": ("RB", "GA", "P6")}
FREE_CARDS = [c for c in DECK if c not in OTHERS["seat2"] + OTHERS["seat0"]]


def exchange_state(hand: list[str]) -> NoveState | None:
    """A 3-player game at the exchange with seat 1 (first in P) holding ``hand``; ``None`` if
    that hand would not reach the exchange (NOVE or three of a kind)."""
    s2, s0 = OTHERS["seat2"], OTHERS["seat0"]
    deck = [hand[0], s2[0], s0[0], hand[1], s2[1], s0[1], hand[2], s2[2], s0[2]]
    state = stacked(3, 0, " ".join(deck))
    if state.phase != Phase.EXCHANGE or GAME.to_act(state) != (1,):
        return None
    return state


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.lists(st.sampled_from(FREE_CARDS), min_size=3, max_size=3, unique=True))
def test_heuristic_never_discards_a_joker_and_keeps_a_pair(hand: list[str]) -> None:
    """Spec 11: never discard a joker; holding a pair, discard the third card."""
    state = exchange_state(hand)
    assume(state is not None)
    assert state is not None
    choice = heuristic_choice(state, 1)
    assert isinstance(choice, Discard)
    assert not any(is_joker(c) for c in choice.cards)
    naturals = [c for c in hand if not is_joker(c)]
    ranks = [RANK[c] for c in naturals]
    pair = [r for r in set(ranks) if ranks.count(r) == 2]
    if pair and len(naturals) == 3:
        (odd,) = [c for c in naturals if RANK[c] != pair[0]]
        assert choice == Discard((odd,))


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("R5 G5 PA", ("PA",)),  # a pair of 5s: chase the three of a kind
        ("RA YA Y5", ("Y5",)),  # a pair of Babatos A
        ("R6 Y6 Y1", ("Y1",)),  # even a low odd card goes
        ("JR R5 Y6", ("R5",)),  # the joker stays
        ("JR Y3 PA", ("PA",)),  # joker + low card: chase a NOVE
        ("JR JY G2", ()),  # both jokers and a low card: keep all
    ],
)
def test_heuristic_exchange_examples(hand: str, expected: tuple[str, ...]) -> None:
    state = exchange_state(hand.split())
    assert state is not None
    assert heuristic_choice(state, 1) == Discard(expected)


# -- spec 5.3: the NOVE declaration ----------------------------------------------------------------
W13_DECK = "R5 G6 Y2 R6 GA Y5 G4 PB P2 R4 JY G7"


def test_w13_heuristic_declares_the_nove_finito_option() -> None:
    """W13: seat 3 at 9 points, options 1 (7), 2 (8, pair of 2s), 3 (9): the 5.3 default picks
    "2", the only option giving an immediate win."""
    state = stacked(4, 0, W13_DECK, scores=(3, 5, 0, 9))
    assert GAME.legal_actions(state, 3) == [DeclareNove("1"), DeclareNove("2"), DeclareNove("3")]
    assert heuristic_choice(state, 3) == DeclareNove("2")
    play(state, (3, DeclareNove("2")))
    assert GAME.result(state).winner == 3


def test_w13_without_a_win_the_lowest_total_is_declared() -> None:
    """5.3 rule 3: seat 3 at 5 points cannot win at once, so it picks the lowest total."""
    state = stacked(4, 0, W13_DECK, scores=(3, 5, 0, 5))
    assert heuristic_choice(state, 3) == DeclareNove("1")


def test_beating_an_earlier_nove_comes_before_an_immediate_win() -> None:
    """5.3 rule 1 before rule 2: seat 1 declared 8 first (R1 G2 P5, automatic); seat 3 at 9
    points could tie at 8 with a pair (an equal value loses to the earlier declarer), so it
    declares "1" (7), which beats 8."""
    state = stacked(4, 0, "R1 G6 Y2 R6 G2 Y5 G4 PB P5 R4 JY G7", scores=(3, 5, 0, 9))
    assert [a[:2] for a in state.announcements] == [(1, 8)]
    assert heuristic_choice(state, 3) == DeclareNove("1")


def test_heuristic_declarations_follow_the_5_3_default_in_real_games() -> None:
    checked = 0
    for decision in sample():
        if decision.state.phase != Phase.DECLARE:
            continue
        state, seat = decision.state, decision.seat
        fixed, _free = true_split(state, seat)
        best = min((a[1] for a in state.announcements), default=None)
        score = state.scores[seat]

        def key(
            option: str, fixed: list[str] = fixed, best: int | None = best, score: int = score
        ) -> tuple[bool, bool, int]:
            total = H.base_value(fixed) + OPTION_VALUE[option]
            pair = 2 in H.groups(fixed, option).values()
            wins = score >= 10 or (score >= 9 and pair)
            return (not (best is None or total < best), not wins, total)

        options = [a.option for a in decision.legal]  # type: ignore[attr-defined]  # ChooseJokers
        expected = min(options, key=key)
        assert NoveHeuristicSeat(0).choose(decision.observation, decision.legal) == DeclareNove(
            expected
        )
        checked += 1
    assert checked >= 10


# -- spec 5.4: the joker at scoring ----------------------------------------------------------------
def test_heuristic_joker_choice_is_the_5_4_default_of_the_true_hands() -> None:
    """From its observation alone the seat finds the same option as the default computed from
    the real state (every hand is shown at scoring)."""
    checked = 0
    for decision in sample():
        if decision.state.phase != Phase.CHOOSE_JOKER:
            continue
        state = decision.state
        hands = {}
        for seat in state.order:
            fixed, free = true_split(state, seat)
            hands[seat] = SeatHand(tuple(fixed), free is not None)
        expected = default_option(
            state.order, hands, state.nove_holder, dict(state.joker_options), decision.seat
        )
        choice = NoveHeuristicSeat(0).choose(decision.observation, decision.legal)
        assert choice == ChooseJoker(expected)
        checked += 1
    assert checked >= 10
