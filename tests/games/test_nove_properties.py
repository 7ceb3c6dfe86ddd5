"""Hypothesis properties of NOVE hand arithmetic and Step-3 scoring
(``games/nove/hand.py``, ``games/nove/scoring.py``; spec shared/rules/nove.md sections 3, 5, 6).

Random "final hands" are drawn from the 40-card deck: 2-6 seats, 3-7 distinct cards each, jokers
sometimes NOVE-locked, an optional NOVE holder. The engine's results are checked against the
spec's rules one by one and against a reference written straight from the pseudo-code of
sections 5.4 (``resolve_jokers``) and 6.2 (``round_points``), working on card ids.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import dataclass

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from nove_desktop.games.nove import hand as H
from nove_desktop.games.nove.cards import (
    DECK,
    JOKERS,
    NUMBER_OPTIONS,
    OPTION_ORDER,
    OPTION_VALUE,
    RANK,
    VALUE,
    is_joker,
)
from nove_desktop.games.nove.scoring import (
    SeatHand,
    SeatScore,
    choosers,
    default_option,
    resolve_all,
    score_round,
)

NATURALS = [c for c in DECK if not is_joker(c)]
RANK_KEYS = sorted(set(RANK.values()))


# -- tables of final hands -------------------------------------------------------------------------
@dataclass(frozen=True)
class Table:
    """Final hands of one round: ``order`` is the precedence order P (spec 2.4)."""

    order: tuple[int, ...]
    cards: dict[int, tuple[str, ...]]
    locked: dict[str, str]
    holder: int | None

    def seat_hands(self) -> dict[int, SeatHand]:
        out = {}
        for seat, cards in self.cards.items():
            fixed, free = H.split(list(cards), self.locked)
            out[seat] = SeatHand(tuple(fixed), free is not None)
        return out

    def resolve(self) -> tuple[dict[int, str], dict[int, SeatScore]]:
        hands = self.seat_hands()
        options = resolve_all(self.order, hands, self.holder)
        return options, score_round(self.order, hands, self.holder, options)


@st.composite
def tables(draw: st.DrawFn, free_jokers: int = 0) -> Table:
    """Random final hands; with ``free_jokers`` (1 or 2) that many jokers, none locked, are
    each in a different hand of at most 5 cards and the others are out of play, so that that
    many seats usually choose at scoring."""
    players = draw(st.integers(2, 6))
    dealer = draw(st.integers(0, players - 1))
    order = tuple((dealer + 1 + i) % players for i in range(players))
    sizes = draw(
        st.lists(st.integers(3, 5 if free_jokers else 7), min_size=players, max_size=players)
    )
    assume(sum(sizes) <= len(DECK))
    cards: dict[int, tuple[str, ...]] = {}
    locked = {}
    if free_jokers:
        deck = list(draw(st.permutations(NATURALS)))
        holders = draw(st.permutations(range(players)))[:free_jokers]
        for joker, seat in zip(JOKERS[:free_jokers], holders, strict=True):
            deck.insert(sum(sizes[:seat]) + draw(st.integers(0, sizes[seat] - 1)), joker)
    else:
        deck = list(draw(st.permutations(DECK)))
        for joker in JOKERS:  # a joker locked by a NOVE declaration stands for a number
            option = draw(st.one_of(st.none(), st.sampled_from(NUMBER_OPTIONS)))
            if option is not None:
                locked[joker] = option
    start = 0
    for seat, size in enumerate(sizes):
        cards[seat] = tuple(deck[start : start + size])
        start += size
    holder = draw(st.one_of(st.none(), st.integers(0, players - 1)))
    return Table(order, cards, locked, holder)


# -- a reference written from the spec, on card ids ------------------------------------------------
def ref_joker_ranks(cards: tuple[str, ...], locked: dict[str, str]) -> tuple[list[str], bool]:
    """Spec 3.2: locked jokers keep their option; holding a locked joker makes any other joker
    forced-7; otherwise the first joker is free and a second one is forced-7."""
    ranks = [RANK[c] for c in cards if not is_joker(c)]
    jokers = [c for c in cards if is_joker(c)]
    any_locked = any(j in locked for j in jokers)
    free = False
    for joker in jokers:
        if joker in locked:
            ranks.append(locked[joker])
        elif not any_locked and not free:
            free = True
        else:
            ranks.append("7")
    return ranks, free


def ref_total(ranks: list[str], option: str | None) -> int:
    return sum(OPTION_VALUE[r] for r in ranks) + (OPTION_VALUE[option] if option else 0)


def ref_busted(cards: tuple[str, ...], locked: dict[str, str]) -> bool:
    """Spec 3.3: busted iff the minimum value (free joker as 1) is above 31."""
    ranks, free = ref_joker_ranks(cards, locked)
    return ref_total(ranks, "1" if free else None) > 31


def ref_round_points(table: Table, options: dict[int, str]) -> dict[int, int]:
    """Spec 6.2 ``round_points``."""
    pts = {s: 0 for s in table.order}
    alive = [s for s in table.order if not ref_busted(table.cards[s], table.locked)]
    for s in table.order:
        if s not in alive:
            pts[s] = -1
    values = {}
    multiplicities = {}
    for s in alive:
        ranks, free = ref_joker_ranks(table.cards[s], table.locked)
        option = options.get(s) if free else None
        values[s] = ref_total(ranks, option)
        multiplicities[s] = Counter(ranks + ([option] if option else []))
    if table.holder in alive:
        pts[table.holder] += 2
    t31 = [s for s in alive if values[s] == 31]
    if t31:
        pts[t31[0]] += 2
    elif alive:
        best = max(values.values())
        pts[next(s for s in alive if values[s] == best)] += 1
    for s in alive:
        for k in multiplicities[s].values():
            pts[s] += {2: 1, 3: 3}.get(k, 0)
    return pts


def ref_resolve(table: Table) -> dict[int, str]:
    """Spec 5.4 ``resolve_jokers``: backward induction in precedence order."""
    seats = [
        s
        for s in table.order
        if not ref_busted(table.cards[s], table.locked)
        and ref_joker_ranks(table.cards[s], table.locked)[1]
    ]

    def solve(i: int, fixed: dict[int, str]) -> dict[int, str]:
        if i == len(seats):
            return fixed
        s = seats[i]
        ranks, _ = ref_joker_ranks(table.cards[s], table.locked)
        best_key: tuple[int, int, int] | None = None
        best_outcome: dict[int, str] = {}
        for opt in OPTION_ORDER:
            total = ref_total(ranks, opt)
            if total > 31:
                continue
            outcome = solve(i + 1, {**fixed, s: opt})
            key = (ref_round_points(table, outcome)[s], total, -OPTION_ORDER.index(opt))
            if best_key is None or key > best_key:
                best_key, best_outcome = key, outcome
        return best_outcome

    return solve(0, {})


# -- Step-3 scoring properties (spec 6.2) ----------------------------------------------------------
@settings(max_examples=300, deadline=None)
@given(st.one_of(tables(), tables(free_jokers=2)))
def test_scoring_matches_the_spec_pseudo_code(table: Table) -> None:
    """5.4 + 6.2: the same joker options and the same points as the spec's own algorithm."""
    options, scores = table.resolve()
    assert options == ref_resolve(table)
    expected = ref_round_points(table, options)
    assert {s: row.points for s, row in scores.items()} == expected


@settings(max_examples=200, deadline=None)
@given(tables())
def test_busted_seats_get_exactly_minus_one(table: Table) -> None:
    """6.2 step 3 [D25]: busted -> -1 and nothing else (no NOVE, 31, CAPO, pairs or sets)."""
    _options, scores = table.resolve()
    for seat, row in scores.items():
        busted = ref_busted(table.cards[seat], table.locked)
        assert row.busted == busted
        if busted:
            assert row.points == -1
            assert (row.nove, row.thirty_one, row.capo, row.pairs, row.sets) == (0, 0, 0, 0, 0)
            assert row.value is None
        else:
            assert row.points >= 0


@settings(max_examples=300, deadline=None)
@given(st.one_of(tables(), tables(free_jokers=2)))
def test_one_31_bonus_or_one_capo_never_both(table: Table) -> None:
    """6.2 steps 5-6 [D33, D34]: the 31 goes to the first seat of P among the alive seats at
    31; CAPO only when no alive seat has 31, to the first seat of P with the highest value."""
    _options, scores = table.resolve()
    alive = [s for s in table.order if not scores[s].busted]
    thirty_one = [s for s in table.order if scores[s].thirty_one]
    capo = [s for s in table.order if scores[s].capo]
    assert len(thirty_one) <= 1 and len(capo) <= 1
    assert not (thirty_one and capo)
    at_31 = [s for s in alive if scores[s].value == 31]
    if at_31:
        assert thirty_one == [at_31[0]]
        assert scores[at_31[0]].thirty_one == 2
        assert capo == []
    else:
        assert thirty_one == []
        if alive:
            best = max(scores[s].value for s in alive)  # type: ignore[type-var]  # alive: a number
            assert capo == [next(s for s in alive if scores[s].value == best)]
            assert scores[capo[0]].capo == 1
        else:
            assert capo == []


@settings(max_examples=300, deadline=None)
@given(tables())
def test_nove_points_go_to_the_holder_only_if_alive(table: Table) -> None:
    """6.2 step 4 [D25]: +2 to the NOVE holder if not busted; nobody else gets NOVE points."""
    _options, scores = table.resolve()
    for seat, row in scores.items():
        expected = 2 if seat == table.holder and not row.busted else 0
        assert row.nove == expected


@settings(max_examples=200, deadline=None)
@given(st.one_of(tables(), tables(free_jokers=2)))
def test_resolved_joker_options_are_legal_and_never_exceed_31(table: Table) -> None:
    """5.4: each alive seat with a free joker picks an option keeping the total at most 31;
    nobody else gets one."""
    hands = table.seat_hands()
    options, scores = table.resolve()
    assert list(options) == choosers(table.order, hands)
    for seat, option in options.items():
        hand = hands[seat]
        assert hand.free and not hand.busted
        assert option in H.legal_scoring_options(list(hand.fixed), True)
        assert hand.total(option) <= 31
        assert scores[seat].value == hand.total(option)
    for row in scores.values():
        if not row.busted:
            assert row.value is not None and row.value <= 31


@settings(max_examples=300, deadline=None)
@given(tables(), st.randoms(use_true_random=False))
def test_points_do_not_depend_on_the_order_of_cards_in_a_hand(
    table: Table, rnd: random.Random
) -> None:
    """A hand is a set of cards: which joker is "the second one" does not matter [spec 3.2]."""
    _options, scores = table.resolve()
    shuffled = {}
    for seat, cards in table.cards.items():
        cards_list = list(cards)
        rnd.shuffle(cards_list)
        shuffled[seat] = tuple(cards_list)
    other = Table(table.order, shuffled, table.locked, table.holder)
    _options2, scores2 = other.resolve()
    assert {s: r.points for s, r in scores.items()} == {s: r.points for s, r in scores2.items()}
    assert {s: r.value for s, r in scores.items()} == {s: r.value for s, r in scores2.items()}


@settings(max_examples=200, deadline=None)
@given(tables())
def test_pairs_and_sets_equal_a_brute_force_grouping_by_rank_key(table: Table) -> None:
    """3.4 [D31]: +1 per rank key held exactly twice, +3 per rank key held exactly three times
    (a set is not also pairs), jokers counting as the rank of their option."""
    options, scores = table.resolve()
    for seat, row in scores.items():
        if row.busted:
            continue
        ranks, free = ref_joker_ranks(table.cards[seat], table.locked)
        keys = ranks + ([options[seat]] if free else [])
        pairs = sum(1 for key in set(keys) if keys.count(key) == 2)
        sets = sum(1 for key in set(keys) if keys.count(key) == 3)
        assert (row.pairs, row.sets) == (pairs, sets)


@settings(max_examples=200, deadline=None)
@given(st.one_of(tables(), tables(free_jokers=1)))
def test_the_default_is_optimal_for_a_single_chooser(table: Table) -> None:
    """5.4: with one free joker the default gives the most points; among equally good
    options, the higher value, then the earlier option."""
    hands = table.seat_hands()
    seats = choosers(table.order, hands)
    assume(len(seats) == 1)
    (seat,) = seats
    options, scores = table.resolve()
    chosen = options[seat]
    legal = H.legal_scoring_options(list(hands[seat].fixed), True)
    by_option = {
        o: score_round(table.order, hands, table.holder, {seat: o})[seat].points for o in legal
    }
    best = max(by_option.values())
    assert scores[seat].points == by_option[chosen] == best
    ties = [o for o in legal if by_option[o] == best]
    expected = max(ties, key=lambda o: (hands[seat].total(o), -OPTION_ORDER.index(o)))
    assert chosen == expected


@settings(max_examples=200, deadline=None)
@given(tables(free_jokers=2))
def test_the_default_of_the_first_of_two_choosers_anticipates_the_second(table: Table) -> None:
    """5.4 backward induction: no option of the first chooser gives it more points once the
    second chooser answers with its own default."""
    hands = table.seat_hands()
    seats = choosers(table.order, hands)
    assume(len(seats) == 2)
    first, second = seats
    _options, scores = table.resolve()
    for option in H.legal_scoring_options(list(hands[first].fixed), True):
        reply = default_option(table.order, hands, table.holder, {first: option}, second)
        outcome = score_round(table.order, hands, table.holder, {first: option, second: reply})
        assert outcome[first].points <= scores[first].points


# -- hand arithmetic (spec 3.3, 3.4) ---------------------------------------------------------------
@st.composite
def grouped_hands(draw: st.DrawFn, min_size: int = 3, max_size: int = 7) -> tuple[str, ...]:
    """Hands biased towards identical cards: copies of one rank key, maybe jokers, then any
    other cards, in a random order."""
    size = draw(st.integers(min_size, max_size))
    rank = draw(st.sampled_from(RANK_KEYS))
    same = [c for c in NATURALS if RANK[c] == rank]
    cards = list(draw(st.permutations(same)))[: draw(st.integers(0, min(len(same), size)))]
    for joker in JOKERS:
        if len(cards) < size and draw(st.booleans()):
            cards.append(joker)
    rest = [c for c in DECK if c not in cards]
    cards += list(draw(st.permutations(rest)))[: size - len(cards)]
    return tuple(draw(st.permutations(cards)))


@dataclass(frozen=True)
class JokerSetting:
    """A hand with its jokers' situation: NOVE locks, and the special case (spec 4.10)."""

    cards: tuple[str, ...]
    locked: dict[str, str]
    forced_all: bool

    def split(self) -> tuple[list[str], bool]:
        fixed, free = H.split(list(self.cards), self.locked, self.forced_all)
        return fixed, free is not None


@st.composite
def joker_settings(draw: st.DrawFn, min_size: int = 3, max_size: int = 7) -> JokerSetting:
    cards = draw(grouped_hands(min_size, max_size))
    locked = {}
    for joker in JOKERS:
        option = draw(st.one_of(st.none(), st.sampled_from(NUMBER_OPTIONS)))
        if option is not None:
            locked[joker] = option
    return JokerSetting(cards, locked, draw(st.booleans()))


def assignments(fixed: list[str], free: bool) -> list[list[str]]:
    """Every assignment of a hand (spec 3.3): the free joker takes any of the ten options."""
    if not free:
        return [list(fixed)]
    return [[*fixed, option] for option in OPTION_ORDER]


@settings(max_examples=300, deadline=None)
@given(joker_settings())
def test_min_value_is_the_smallest_assignment_total(setting: JokerSetting) -> None:
    """3.3 [D26]: the minimum value is the smallest total over all assignments."""
    fixed, free = setting.split()
    totals = [sum(OPTION_VALUE[r] for r in ranks) for ranks in assignments(fixed, free)]
    assert all(H.min_value(fixed, free) <= t for t in totals)
    assert H.min_value(fixed, free) == min(totals)
    assert H.is_busted(fixed, free) == (min(totals) > 31)


@settings(max_examples=300, deadline=None)
@given(joker_settings())
def test_split_follows_the_joker_states(setting: JokerSetting) -> None:
    """3.2: locked jokers keep their option; a hand holds at most one free joker, and none once
    it holds a locked joker or in the special case (every other joker is a forced 7)."""
    fixed, free = setting.split()
    cards = setting.cards
    assert len(fixed) + free == len(cards)
    naturals = Counter(RANK[c] for c in cards if not is_joker(c))
    jokers = [c for c in cards if is_joker(c)]
    locked_here = [setting.locked[j] for j in jokers if j in setting.locked]
    unlocked = len(jokers) - len(locked_here)
    expect_free = unlocked > 0 and not locked_here and not setting.forced_all
    assert free == expect_free
    sevens = unlocked - (1 if expect_free else 0)
    assert Counter(fixed) == naturals + Counter(locked_here) + Counter({"7": sevens})


@settings(max_examples=300, deadline=None)
@given(grouped_hands(3, 3), st.sampled_from([None, *NUMBER_OPTIONS]), st.booleans())
def test_three_of_a_kind_agrees_with_a_brute_force(
    cards: tuple[str, ...], lock: str | None, forced_all: bool
) -> None:
    """3.4 / 4.5: a 3-card hand is a THREE OF A KIND if some assignment makes the three cards
    identical; its value is their total."""
    locked = {"JR": lock} if lock is not None else {}
    fixed, free = H.split(list(cards), locked, forced_all)
    expected = None
    for ranks in assignments(fixed, free is not None):
        if len(set(ranks)) == 1:
            expected = sum(OPTION_VALUE[r] for r in ranks)
    assert H.three_of_a_kind(fixed, free is not None) == expected


@settings(max_examples=500, deadline=None)
@given(grouped_hands(3, 7), st.sampled_from([None, *NUMBER_OPTIONS]), st.booleans())
def test_four_of_a_kind_agrees_with_a_brute_force(
    cards: tuple[str, ...], lock: str | None, forced_all: bool
) -> None:
    """4.8 [D32]: FOUR OF A KIND when some assignment has 4 identical cards and a total of at
    most 31; the engine reports the first such option in OPTION_ORDER ("" without a free
    joker)."""
    locked = {"JY": lock} if lock is not None else {}
    fixed, free = H.split(list(cards), locked, forced_all)
    expected: str | None = None
    if free is None:
        if max(Counter(fixed).values()) >= 4 and sum(OPTION_VALUE[r] for r in fixed) <= 31:
            expected = ""
    else:
        for option in OPTION_ORDER:
            ranks = [*fixed, option]
            if max(Counter(ranks).values()) >= 4 and sum(OPTION_VALUE[r] for r in ranks) <= 31:
                expected = option
                break
    assert H.four_of_a_kind(fixed, free is not None) == expected


def test_the_biased_hands_do_reach_fours_and_threes() -> None:
    """The brute-force properties above are only worth something if four and three of a kind
    actually occur: enumerate every 4-card hand of 1s and 7s with jokers to be sure the engine
    finds them."""
    sevens = ["G7", "P7", "JR", "JY"]
    fixed, free = H.split(sevens, {})
    assert (sorted(fixed), free) == (["7", "7", "7"], "JR")
    assert H.four_of_a_kind(fixed, True) == "7"  # 28 <= 31
    ones = ["R1", "Y1", "G1", "P1"]
    assert H.four_of_a_kind([RANK[c] for c in ones], False) == ""
    babatos = ["RA", "YA", "GA"]
    assert H.four_of_a_kind([RANK[c] for c in babatos], True) is None  # 40 > 31
    assert H.three_of_a_kind(["A", "A"], True) == 30
    found = 0
    for combo in itertools.combinations([*ones, "R2", "JR", "JY"], 4):
        fixed, free = H.split(list(combo), {})
        found += H.four_of_a_kind(fixed, free is not None) is not None
    assert found > 0


def test_values_and_rank_keys_of_the_deck() -> None:
    """Spec 1.1 / 3.1: 40 cards, values 1-7 and 10 for Babatos, two jokers."""
    assert len(DECK) == 40 == len(set(DECK))
    assert sum(1 for c in DECK if is_joker(c)) == 2
    assert Counter(VALUE.values()) == Counter({**{v: 4 for v in range(1, 7)}, 7: 2, 10: 12})
