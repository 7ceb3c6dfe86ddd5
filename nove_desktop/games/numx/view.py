"""What one seat may know (spec section 11): observations, hidden cards and determinization."""

from __future__ import annotations

import dataclasses
from typing import Any

from ...engine.errors import FormatError
from ...engine.jsonable import Consistency, from_plain
from ...engine.rng import Rng
from ...engine.windows import ReactionWindow
from .cards import FULL_DECK, ORDER
from .events import CODEC, RoundScored
from .flow import sources_needed
from .rules import table_for
from .state import COMPLETION, FX_WINDOW, REPLENISH, TURN, NumxState, Phase, StagedSpecial

_SORT = ORDER.__getitem__
_CARDS = frozenset(FULL_DECK)


@dataclasses.dataclass(frozen=True, slots=True)
class WindowView:
    """An open Facteur X window: public facts, plus the observer's own answer and eligibility
    (spec 9.4). Other seats' answers are never shown."""

    waiting: tuple[int, ...]
    precedence: tuple[int, ...]
    answered: bool  # the observer has answered
    my_claim: tuple[str, ...] | None  # the observer's own pending claim
    can_claim: bool  # the observer holds a legal claim (only ever shown to itself)


@dataclasses.dataclass(frozen=True, slots=True)
class NumxObservation:
    """Everything ``seat`` may know now (``seat`` None: a spectator). Trick plays are
    ``(seat, cards, count, value)`` with ∞ = 14; ``staged`` is the observer's own prepared
    specials; ``objective`` its own secret objective; every hand and objective is shown only
    once the game is over (each round's reveal is in the events)."""

    seat: int | None
    phase: Phase
    to_act: tuple[int, ...]
    round_no: int
    rounds: int
    anchor: int
    current: int | None
    hand: tuple[str, ...]
    objective: str | None
    chosen: tuple[str, ...] | None
    staged: tuple[StagedSpecial, ...]
    malus: tuple[tuple[str, ...], ...]
    hand_counts: tuple[int, ...]
    known_cards: tuple[tuple[str, ...], ...]  # hand cards everybody knows (taken from the board)
    chosen_by: tuple[bool, ...]  # who has chosen malus cards (setup)
    deck_count: int
    discard: tuple[str, ...]
    trick: tuple[tuple[int, tuple[str, ...], int, int], ...]
    trick_count: int
    trick_value: int
    last_player: int | None
    leader: int
    lead_fails: int
    window: WindowView | None
    refill_needed: int  # sources the observer must give now (replenish / completion)
    first_out: tuple[int, ...]
    totals: tuple[int, ...]
    last_round: dict[str, Any] | None
    revealed_hands: tuple[tuple[str, ...], ...] | None
    revealed_objectives: tuple[str | None, ...] | None
    winners: tuple[int, ...]
    objectives_on: bool
    infini_4: bool
    numx_interrupt: bool
    malus_plus_values: tuple[tuple[int, int], ...]

    def to_json(self) -> dict[str, Any]:
        """Plain JSON, written out by hand (observations are built at every decision)."""
        window = self.window
        return {
            "seat": self.seat,
            "phase": self.phase.value,
            "to_act": list(self.to_act),
            "round_no": self.round_no,
            "rounds": self.rounds,
            "anchor": self.anchor,
            "current": self.current,
            "hand": list(self.hand),
            "objective": self.objective,
            "chosen": None if self.chosen is None else list(self.chosen),
            "staged": [list(s) for s in self.staged],
            "malus": [list(a) for a in self.malus],
            "hand_counts": list(self.hand_counts),
            "known_cards": [list(k) for k in self.known_cards],
            "chosen_by": list(self.chosen_by),
            "deck_count": self.deck_count,
            "discard": list(self.discard),
            "trick": [[s, list(c), k, v] for s, c, k, v in self.trick],
            "trick_count": self.trick_count,
            "trick_value": self.trick_value,
            "last_player": self.last_player,
            "leader": self.leader,
            "lead_fails": self.lead_fails,
            "window": None
            if window is None
            else {
                "waiting": list(window.waiting),
                "precedence": list(window.precedence),
                "answered": window.answered,
                "my_claim": None if window.my_claim is None else list(window.my_claim),
                "can_claim": window.can_claim,
            },
            "refill_needed": self.refill_needed,
            "first_out": list(self.first_out),
            "totals": list(self.totals),
            "last_round": _copy(self.last_round),
            "revealed_hands": None
            if self.revealed_hands is None
            else [list(h) for h in self.revealed_hands],
            "revealed_objectives": None
            if self.revealed_objectives is None
            else list(self.revealed_objectives),
            "winners": list(self.winners),
            "objectives_on": self.objectives_on,
            "infini_4": self.infini_4,
            "numx_interrupt": self.numx_interrupt,
            "malus_plus_values": [list(p) for p in self.malus_plus_values],
        }


def _copy(value: Any) -> Any:
    """A copy of plain JSON made of dicts, lists and atoms."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def read_observation(data: Any) -> NumxObservation:
    """The observation ``NumxObservation.to_json`` wrote (after ``json.loads``), equal to it;
    ``FormatError`` naming the field for anything else."""
    observation: NumxObservation = from_plain(NumxObservation, data, "observation")
    _check(observation)
    return observation


def _check(obs: NumxObservation) -> None:
    """Refuse an observation whose parts do not hang together (``FormatError``): what the table
    indexes by seat has one item per seat, seat numbers name seats, card ids name cards."""
    check = Consistency("observation", len(obs.hand_counts), _CARDS)
    for name in ("malus", "known_cards", "chosen_by", "totals"):
        check.by_seat(name, getattr(obs, name))
    check.by_seat("revealed_hands", obs.revealed_hands)
    check.by_seat("revealed_objectives", obs.revealed_objectives)
    check.seats("seat", obs.seat, obs.anchor, obs.current, obs.last_player, obs.leader)
    check.seats("to_act", *obs.to_act)
    check.seats("trick", *(play[0] for play in obs.trick))
    check.seats("first_out", *obs.first_out)
    check.seats("winners", *obs.winners)
    if obs.window is not None:
        check.seats("window", *obs.window.waiting, *obs.window.precedence)
    check.cards("hand", *obs.hand, obs.objective, *(obs.chosen or ()))
    check.cards("staged", *(staged[0] for staged in obs.staged))
    check.cards("malus", *(card for area in obs.malus for card in area))
    check.cards("known_cards", *(card for cards in obs.known_cards for card in cards))
    check.cards("discard", *obs.discard)
    check.cards("trick", *(card for play in obs.trick for card in play[1]))
    check.cards("revealed_hands", *(card for hand in obs.revealed_hands or () for card in hand))
    check.cards("revealed_objectives", *(obs.revealed_objectives or ()))
    if obs.last_round is not None:  # the round_scored event's fields: read with its codec
        extra = sorted({"kind", "visible_to", "hidden"} & set(obs.last_round))
        if extra:
            raise FormatError(f"observation.last_round: unknown field(s) {', '.join(extra)}")
        try:
            CODEC.from_json({**obs.last_round, "kind": RoundScored.KIND})
        except FormatError as exc:
            raise FormatError(f"observation.last_round: {exc}") from None


def observe(state: NumxState, seat: int | None) -> NumxObservation:
    n = state.players
    me = seat if seat is not None and 0 <= seat < n else None  # (None: spectator)
    phase = state.phase
    window = None
    if phase == FX_WINDOW and state.window is not None:
        answered = me is not None and me in state.window.answers
        claim = state.window.answers.get(me) if me is not None and answered else None
        can_claim = me is not None and not answered and len(table_for(state, me)) > 1
        window = WindowView(
            waiting=state.acting,
            precedence=state.window.order,
            answered=bool(answered),
            my_claim=None if claim is None else tuple(claim[1]),
            can_claim=bool(can_claim),
        )
    hands = state.hands
    public = state.public
    refill = 0
    if me is not None and phase in (REPLENISH, COMPLETION) and me in state.acting:
        refill = sources_needed(state, me)
    chosen = state.chosen[me] if me is not None else None
    return NumxObservation(
        seat=seat,
        phase=phase,
        to_act=state.acting,
        round_no=state.round_no,
        rounds=state.options.rounds,
        anchor=state.anchor,
        current=state.current if phase == TURN else None,
        hand=tuple(hands[me]) if me is not None else (),
        objective=state.objectives[me] if me is not None else None,
        chosen=None if chosen is None else tuple(chosen),
        staged=tuple(state.staged) if me is not None and me == state.current else (),
        malus=tuple(tuple(a) for a in state.malus),
        hand_counts=tuple(len(h) for h in hands),
        known_cards=tuple(tuple(c for c in h if c in public) for h in hands),
        chosen_by=tuple(c is not None for c in state.chosen),
        deck_count=len(state.deck),
        discard=tuple(state.discard),
        trick=tuple(state.trick),
        trick_count=state.trick_count,
        trick_value=state.trick_value,
        last_player=state.last_player,
        leader=state.leader,
        lead_fails=state.lead_fails,
        window=window,
        refill_needed=refill,
        first_out=tuple(state.first_out),
        totals=tuple(state.totals),
        last_round=state.last_round,
        revealed_hands=tuple(tuple(h) for h in hands) if state.revealed else None,
        revealed_objectives=tuple(state.objectives) if state.revealed else None,
        winners=tuple(state.winners),
        objectives_on=state.options.objectives,
        infini_4=state.options.infini_4,
        numx_interrupt=state.options.numx_interrupt,
        malus_plus_values=tuple(state.options.malus_plus_values),
    )


def hidden_cards(state: NumxState, seat: int) -> frozenset[str]:
    """Cards whose identity ``seat`` may not know: the deck, the unused objectives, the other
    seats' hands (except cards taken from the board), their pending malus choices and their
    objectives. Once the game is over every hand and objective is shown."""
    known: set[str] = set(state.discard)
    for area in state.malus:
        known.update(area)
    for _s, cards, _c, _v in state.trick:
        known.update(cards)
    if state.revealed:
        for hand in state.hands:
            known.update(hand)
        known.update(o for o in state.objectives if o is not None)
    else:
        known.update(state.hands[seat])
        known.update(state.public)
        chosen = state.chosen[seat]
        if chosen:
            known.update(chosen)
        objective = state.objectives[seat]
        if objective is not None:
            known.add(objective)
    return frozenset(c for c in FULL_DECK if c not in known)


def determinize(state: NumxState, seat: int, rng: Rng) -> NumxState:
    """A copy in which every playing card hidden from ``seat`` is dealt again at random among
    the hidden places (other hands, pending malus choices, the deck), and every objective hidden
    from it among the other seats and the unused pile. Counts, the board, the trick, publicly
    known hand cards and everything ``seat`` holds stay. What ``seat`` cannot know about the
    acting seat's intentions is dropped: another seat's prepared specials and pending Facteur X
    claims become "nothing prepared" and passes. The generator is reseeded."""
    sample = state.copy()
    # Hidden cards are pooled in canonical order and hands are refilled by count, then sorted as
    # hands always are: the sample depends only on what ``seat`` knows, never on where the true
    # hidden cards lie (two states it cannot tell apart give the same sample).
    if not state.revealed:
        hidden = hidden_cards(state, seat)
        groups: list[list[str]] = []  # other hands and pending malus choices
        for other in range(state.players):
            if other == seat:
                continue
            groups.append(sample.hands[other])
            chosen = sample.chosen[other]
            if chosen:
                groups.append(chosen)
        deck_slots = [i for i, c in enumerate(sample.deck) if c in hidden]
        pool = [c for group in groups for c in group if c in hidden]
        pool += [sample.deck[i] for i in deck_slots]
        pool.sort(key=_SORT)
        rng.shuffle(pool)
        at = 0
        for group in groups:
            kept = [c for c in group if c not in hidden]
            count = len(group) - len(kept)
            group[:] = sorted(kept + pool[at : at + count], key=_SORT)
            at += count
        for i, card in zip(deck_slots, pool[at:], strict=True):
            sample.deck[i] = card
        owners = [s for s in range(state.players) if s != seat and sample.objectives[s] is not None]
        held = [o for o in (sample.objectives[s] for s in owners) if o is not None]
        objectives = sorted(held + sample.objective_pile)
        rng.shuffle(objectives)
        for s in owners:
            sample.objectives[s] = objectives.pop(0)
        sample.objective_pile = objectives
    else:
        sample.deck.sort(key=_SORT)
        rng.shuffle(sample.deck)
        sample.objective_pile.sort()
        rng.shuffle(sample.objective_pile)
    if state.staged and state.current != seat:
        sample.staged = []
    window = state.window
    if window is not None and any(
        claim is not None and s != seat for s, claim in window.answers.items()
    ):
        answers = {s: (c if s == seat else None) for s, c in window.answers.items()}
        sample.window = ReactionWindow(
            window.kind, window.order, first_claim_wins=window.first_claim_wins, answers=answers
        )
        sample.acting = sample.window.waiting()
    sample.rng = Rng(raw_state=rng.next_u64())
    sample.changed()
    return sample
