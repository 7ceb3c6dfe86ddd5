"""NOX beyond the worked examples: options, invariants (spec 5.9), the legal-action count of
spec 5.3, merges as events, stacked decks, observations, determinization and JSON."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from nove_desktop.engine import FormatError, InvalidOptionsError, Rng, Stack
from nove_desktop.games import default_registry
from nove_desktop.games.nox import NoxGame, NoxOptions, NoxState, Play
from nove_desktop.games.nox.cards import deck, number_of
from nove_desktop.games.nox.events import CardDealt, CardPlayed, Merged, RoundEnded, RoundScored
from nove_desktop.games.nox.state import Phase, refresh_covers

GAME = NoxGame()


# -- options ---------------------------------------------------------------------------------------
def test_defaults_and_targets() -> None:
    options = NoxOptions()
    assert (options.players, options.variant, options.deck_profile) == (4, "standard", "published")
    assert options.target == 150
    assert NoxOptions(players=3, variant="thick_skinned").target == 100
    assert NoxOptions(players=3, variant="thick_skinned", target_score=60).target == 60
    assert GAME.default_options(5) == NoxOptions(players=5)
    assert default_registry().get("nox").title == "NOX"


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"players": 2}, "NOX is played by 3 to 6 players, not 2"),
        ({"players": 7}, "NOX is played by 3 to 6 players, not 7"),
        ({"players": True}, "the number of players must be a whole number"),
        ({"variant": "hard"}, 'the variant must be "standard" or "thick_skinned", not "hard"'),
        ({"target_score": 0}, "the target score must be a whole number from 1 to 10000, not 0"),
        ({"target_score": 2.5}, "the target score must be a whole number from 1 to 10000"),
        ({"target_score": 10_001}, "the target score must be a whole number from 1 to 10000"),
        ({"deck_profile": "x"}, 'the deck profile must be "published" or "uniform", not "x"'),
        ({"first_start_seat": 4}, "the first start player must be a seat from 0 to 3"),
        ({"first_start_seat": -1}, "the first start player must be a seat from 0 to 3"),
        ({"max_rounds": 0}, "the round limit must be a whole number from 1 to 10000, not 0"),
        ({"max_rounds": 10**29}, "the round limit must be a whole number from 1 to 10000, not 1"),
    ],
)
def test_invalid_options_are_refused_readably(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidOptionsError) as info:
        NoxOptions(**{"players": 4, **fields})
    assert message in str(info.value)


def test_options_from_json_are_checked() -> None:
    with pytest.raises(InvalidOptionsError, match="unknown field"):
        GAME.options_from_json({"players": 4, "hand_size": 4})
    with pytest.raises(InvalidOptionsError, match="expected a whole number"):
        GAME.options_from_json({"players": "four"})
    data = {"players": 5, "variant": "thick_skinned", "deck_profile": "uniform", "max_rounds": 3}
    options = GAME.options_from_json(data)
    assert GAME.options_from_json(GAME.options_to_json(options)) == options


def test_first_start_seat_random_or_given() -> None:
    seats = {GAME.new_game(NoxOptions(players=5), seed)[0].start_seat for seed in range(40)}
    assert seats == set(range(5))
    state, _ = GAME.new_game(NoxOptions(players=5, first_start_seat=3), 1)
    assert state.start_seat == 3 and GAME.to_act(state) == (3,)


# -- random games and the invariants of spec 5.9 ---------------------------------------------------
def random_games(count: int) -> Iterator[tuple[NoxOptions, int]]:
    for i in range(count):
        yield (
            NoxOptions(
                players=3 + i % 4,
                variant=("standard", "thick_skinned")[i // 4 % 2],
                deck_profile=("published", "uniform")[i // 8 % 2],
                max_rounds=30,
            ),
            1000 + i,
        )


def tops_numbers(state: NoxState, seat: int) -> list[int]:
    return [number_of(stack[-1]) for stack in state.kitties[seat]]


@pytest.mark.parametrize(("options", "seed"), list(random_games(32)))
def test_invariants_in_random_games(options: NoxOptions, seed: int) -> None:
    state, _ = GAME.new_game(options, seed)
    rng = Rng(seed)
    full = sorted(deck(options.deck_profile))
    n = options.players
    while acting := GAME.to_act(state):
        seat = acting[0]
        assert state.phase == Phase.TURN
        assert all(len(k) <= 5 for k in state.kitties)  # invariant 5
        if state.pile:
            assert len(state.hands[seat]) == 3  # invariant 3
        legal = GAME.legal_actions(state, seat)
        expected = sum(
            n + sum(1 for k in state.kitties for st in k if st[-1][0] == card[0])
            for card in state.hands[seat]
        )
        assert len(legal) == expected  # spec 5.3's count
        action = legal[rng.below(len(legal))]
        assert isinstance(action, Play)
        before = len(state.kitties[action.target])
        colours_before = [{st[-1][0] for st in k} for k in state.kitties]
        round_before = state.round_number
        events = GAME.apply(state, seat, action)
        assert sorted(GAME.cards_in_play(state)) == full  # invariant 4
        kept = state.covers
        refresh_covers(state)
        assert kept == state.covers  # the cover slots kept up to date match a recount
        merges = [e for e in events if isinstance(e, Merged)]
        assert len(merges) <= 1  # invariant 1: never a cascade
        if state.round_number != round_before:
            continue  # the round ended: the kitties were gathered
        after = len(state.kitties[action.target])
        grown = 1 if action.stack is None else 0
        assert after == before + grown - len(merges)  # invariant 6
        for s in range(n):
            numbers = tops_numbers(state, s)
            assert len(numbers) == len(set(numbers))  # invariant 1
        if options.deck_profile == "published":  # invariant 2
            for s, k in enumerate(state.kitties):
                assert all(len({c[0] for c in st}) == 1 for st in k)
                assert colours_before[s] <= {st[-1][0] for st in k}
    result = GAME.result(state)
    assert result.over and result.winner in state.winners
    assert state.winners == [s for s in range(n) if state.totals[s] == max(state.totals)]


def test_rounds_end_only_by_six_stacks_or_exhaustion() -> None:
    reasons: set[str] = set()
    for options, seed in random_games(16):
        state, events = GAME.new_game(options, seed)
        rng = Rng(seed)
        while acting := GAME.to_act(state):
            legal = GAME.legal_actions(state, acting[0])
            events += GAME.apply(state, acting[0], legal[rng.below(len(legal))])
        ended = [e for e in events if isinstance(e, RoundEnded)]
        scored = [e for e in events if isinstance(e, RoundScored)]
        assert len(ended) == len(scored) == state.round_number
        reasons.update(e.reason for e in ended)
        for event, entry in zip(scored, state.round_history, strict=True):
            assert list(event.points) == entry["points"]
            assert list(event.totals) == entry["totals"]
    assert reasons == {"six_stacks", "exhausted"}


# -- merges as events ------------------------------------------------------------------------------
def give(state: NoxState, seat: int, card: str) -> None:
    """Swap ``card`` into ``seat``'s hand (its first card goes where ``card`` was)."""
    if card in state.hands[seat]:
        return
    out = state.hands[seat].pop(0)
    for zone in [*state.hands, state.pile]:
        if card in zone:
            zone[zone.index(card)] = out
            break
    state.hands[seat].insert(0, card)


def set_kitty(state: NoxState, seat: int, stacks: list[tuple[str, ...]]) -> None:
    """Move the cards of ``stacks`` into ``seat``'s kitty; hands that gave one draw from the
    pile, so every card stays in play exactly once."""
    wanted = {c for stack in stacks for c in stack}
    state.pile = [c for c in state.pile if c not in wanted]
    for hand in state.hands:
        for i, card in enumerate(hand):
            if card in wanted:
                hand[i] = state.pile.pop()
    state.kitties[seat] = list(stacks)
    refresh_covers(state)
    assert sorted(GAME.cards_in_play(state)) == sorted(deck(state.options.deck_profile))


def test_merge_events_name_the_stacks_in_resolution_order() -> None:
    state, _ = GAME.new_game(NoxOptions(players=3, first_start_seat=0), 5)
    give(state, 0, "O06-3")
    set_kitty(state, 1, [("O06-1",), ("B04-1",), ("G05-1",)])
    events = GAME.apply(state, 0, Play("O06-3", 1, None))
    kinds = [e.kind for e in events]
    assert kinds == ["card_played", "merged", "card_drawn"]
    played, merged = events[0], events[1]
    assert isinstance(played, CardPlayed)
    assert played.stack == 3 and played.placement == "new_stack"
    assert merged == Merged(
        target=1, from_index=3, into_index=0, new_index=0, new_depth=2, stacks=3
    )
    assert state.kitties[1] == [("O06-1", "O06-3"), ("B04-1",), ("G05-1",)]


def test_a_merge_to_the_right_shifts_the_receiving_stack_left() -> None:
    """The covered stack moves onto its twin, which keeps its place in the row: shifted one
    place left because the removed stack lay to its left."""
    state, _ = GAME.new_game(NoxOptions(players=3, first_start_seat=0), 5)
    give(state, 0, "B04-3")
    set_kitty(state, 2, [("B09-1",), ("G07-1",), ("B04-1",)])
    events = GAME.apply(state, 0, Play("B04-3", 2, 0))
    merged = [e for e in events if isinstance(e, Merged)]
    assert merged == [
        Merged(target=2, from_index=0, into_index=2, new_index=1, new_depth=3, stacks=2)
    ]
    assert state.kitties[2] == [("G07-1",), ("B04-1", "B09-1", "B04-3")]


# -- stacked decks, observations, determinization, JSON --------------------------------------------
def test_keep_reshuffle_order_deals_later_rounds_in_canonical_order() -> None:
    options = NoxOptions(players=3, first_start_seat=0, target_score=10_000, max_rounds=3)
    stack = Stack(cards=("O13-1",), keep_reshuffle_order=True, scores=(5, 6, 7))
    state, events = GAME.new_game(options, 2, stack)
    assert state.hands[0][0] == "O13-1" and state.totals == [5, 6, 7]
    while GAME.to_act(state) and state.round_number == 1:
        seat = GAME.to_act(state)[0]
        events += GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    canonical = deck("published")
    assert state.round_number == 2 and state.start_seat == 1
    assert state.hands[1] == [canonical[0], canonical[3], canonical[6]]
    assert state.pile[-1] == canonical[9]


def test_observation_shows_own_hand_counts_and_public_kitties() -> None:
    state, _ = GAME.new_game(NoxOptions(players=4, first_start_seat=0), 8)
    GAME.apply(state, 0, Play(state.hands[0][0], 2))
    obs = GAME.observe(state, 1)
    assert obs.hand == tuple(state.hands[1]) and obs.current == 1
    assert obs.hand_sizes == (3, 3, 3, 3) and obs.pile_count == 90 - 12 - 1
    assert obs.kitties[2] == tuple(state.kitties[2])
    data = obs.to_json()
    text = repr(data)
    for seat in (0, 2, 3):
        assert not any(card in text for card in state.hands[seat])
    assert GAME.observe(state, None).hand == ()
    hidden = GAME.hidden_cards(state, 1)
    assert hidden == frozenset(
        c for c in deck("published") if c not in state.hands[1] and c != state.kitties[2][0][0]
    )


def test_determinize_keeps_what_the_seat_knows() -> None:
    state, _ = GAME.new_game(NoxOptions(players=4), 8)
    for _ in range(5):
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[-1])
    seat = GAME.to_act(state)[0]
    sample = GAME.determinize(state, seat, Rng(3))
    assert sample.hands[seat] == state.hands[seat] and sample.kitties == state.kitties
    assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]
    assert len(sample.pile) == len(state.pile)
    assert sample.hands != state.hands or sample.pile != state.pile
    assert sorted(GAME.cards_in_play(sample)) == sorted(GAME.cards_in_play(state))
    assert GAME.legal_actions(sample, seat) == GAME.legal_actions(state, seat)


def test_state_json_round_trip_and_damage() -> None:
    state, _ = GAME.new_game(NoxOptions(players=3, deck_profile="uniform"), 4)
    for _ in range(7):
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    data = GAME.state_to_json(state)
    restored = GAME.state_from_json(data)
    assert GAME.state_to_json(restored) == data
    assert restored.kitties == state.kitties
    broken = {"options": data["options"], "state": {**data["state"], "kitties": 5}}
    with pytest.raises(Exception, match="damaged"):
        GAME.state_from_json(broken)


def test_describe_action() -> None:
    assert GAME.describe_action(Play("B04-1", 2)) == (
        "play blue 4 (B04-1) as a new stack in seat 2's kitty"
    )
    assert GAME.describe_action(Play("G14-2", 0, 1)) == (
        "play green 14 (G14-2) on stack 1 of seat 0's kitty"
    )


def test_events_of_the_opening_hide_other_hands() -> None:
    state, events = GAME.new_game(NoxOptions(players=3, first_start_seat=0), 11)
    assert [e.kind for e in events[:2]] == ["game_started", "round_started"]
    dealt = [e for e in events if isinstance(e, CardDealt)]
    assert len(dealt) == 9
    for event in dealt:
        owner = event.seat
        seen, unseen = event.for_seat(owner), event.for_seat((owner + 1) % 3)
        assert seen is not None and seen.card in state.hands[owner]
        assert unseen is not None and unseen.card is None and unseen.seat == owner


def test_hand_written_json_matches_the_generic_conversion() -> None:
    """``Play.to_json``, the play codec's direct path and ``NoxObservation.to_json`` are written
    out for speed: they must give exactly what the engine's generic conversion gives."""
    from nove_desktop.engine.actions import ActionCodec, to_plain_fields
    from nove_desktop.engine.jsonable import to_plain

    generic = ActionCodec(Play)
    state, _ = GAME.new_game(NoxOptions(players=3, max_rounds=4), 21)
    while acting := GAME.to_act(state):
        for seat in (*range(3), None):
            obs = GAME.observe(state, seat)
            assert obs.to_json() == to_plain(obs)
        legal = GAME.legal_actions(state, acting[0])
        for action in legal:
            data = action.to_json()
            assert data == {"type": "play", **to_plain_fields(action)}
            assert GAME.actions.from_json(data) == generic.from_json(data) == action
        GAME.apply(state, acting[0], legal[len(legal) // 2])
    assert GAME.observe(state, 0).to_json() == to_plain(GAME.observe(state, 0))
    for bad in (
        {"type": "play", "card": "B04-1", "target": True},
        {"type": "play", "card": "B04-1", "target": 1, "stack": "x"},
        {"type": "play", "card": "B04-1", "target": 1, "extra": 3},
        {"type": "play", "card": "B04-1"},
        {"type": "play", "card": 4, "target": 1},
    ):
        with pytest.raises(FormatError) as mine:
            GAME.actions.from_json(bad)
        with pytest.raises(FormatError) as theirs:
            generic.from_json(bad)
        assert str(mine.value) == str(theirs.value)
