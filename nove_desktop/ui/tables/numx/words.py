"""NUM-X in words: values, kinds of play, the trick badge, objectives and the move log.

Everything here reads public facts only (the move log is written from the public form of each
event), and every visible string goes through ``_()``/``ngettext()``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....engine.events import Event
from ....games.numx.actions import ALL, LEFT, ONE, ROTATE, SWAP
from ....games.numx.cards import INF, IS_CLASSIC, KIND, VALUE, malus_plus_numbers
from ....games.numx.events import (
    CombinationPlayed,
    Drawn,
    FirstLeader,
    FirstOut,
    GameOver,
    LeadPasses,
    MalusDrawn,
    MalusRevealed,
    NumXPlayed,
    Passed,
    Replenished,
    RoundEnded,
    RoundScored,
    RoundStarted,
    SpecialPlayed,
    Taken,
    TrickEnded,
)
from ....i18n import N_, _, ngettext
from ...people import is_viewer, label, said, together

MINUS = "\u2212"
KINDS = {
    "lead": N_("Lead"),
    "raise": N_("Raise"),
    "count_raise": N_("One card more"),
    "fusion": N_("Fusion X"),
    "facteur_x": N_("Facteur X"),
    "joker_dive": N_("Joker dive"),
}
SPECIAL_NAMES = {
    "numx": N_("Num-X"),
    "joker": N_("X-Joker"),
    "swipe": N_("Swipe"),
    "malus_plus": N_("Malus+"),
}
# Objective rows (spec 10.3) in our words: a short title and what it brings.
OBJECTIVES: dict[int, tuple[str, str]] = {
    1: (N_("Two identical malus cards"), N_("your malus counts 0; you score one card's weight")),
    2: (N_("An \u221e among your malus cards"), N_("+30")),
    3: (N_("Malus weight above 20"), N_("+30")),
    4: (N_("Malus weight below 5"), N_("+10")),
    5: (N_("Malus weight exactly 7"), N_("+13")),
    6: (N_("Malus weight exactly 13"), N_("+23")),
    7: (N_("Two special malus cards"), N_("your malus counts 0; +20")),
    8: (N_("Four malus cards or more"), N_("+40")),
    9: (N_("First to empty your hand"), N_("+10")),
    10: (N_("The player before you succeeds"), N_("+20")),
}
# The same objectives in a few words (the round summary's cells).
OBJECTIVE_SHORT = {
    1: N_("two alike"),
    2: N_("an \u221e"),
    3: N_("weight > 20"),
    4: N_("weight < 5"),
    5: N_("weight 7"),
    6: N_("weight 13"),
    7: N_("two specials"),
    8: N_("4+ cards"),
    9: N_("first out"),
    10: N_("neighbour"),
}
ROUND_ENDS = {
    "a seat emptied its hand": N_("a hand is empty at the end of a trick"),
    "a seat has no card in hand and no malus card": N_(
        "a player has no card in hand and no malus card"
    ),
    "nobody could open a trick": N_("nobody could open a trick"),
}


def value_words(value: int | None) -> str:
    """A value as printed on the cards: "\u22122", "7", "\u221e"."""
    if value is None:
        return "?"
    if value == INF:
        return "\u221e"
    return f"{MINUS}{-value}" if value < 0 else str(value)


def card_words(card: str) -> str:
    """A card as a player names it: its value, or its kind for a special card."""
    if IS_CLASSIC.get(card):
        return value_words(VALUE[card])
    kind = KIND.get(card, "")
    if kind == "malus_plus":
        return _("Malus+ {card}").format(card=card[2:])
    return _(SPECIAL_NAMES[kind]) if kind in SPECIAL_NAMES else card


def kind_words(kind: str) -> str:
    return _(KINDS[kind]) if kind in KINDS else kind


def state_words(count: int, value: int) -> str:
    """A trick state: "3 \u00d7 11"."""
    return _("{count} \u00d7 {value}").format(count=count, value=value_words(value))


def badge(count: int, value: int, kind: str, lone_joker: bool) -> str:
    """What must be beaten: "3 \u00d7 11, merged", "1 \u00d7 4 (joker)"."""
    state = state_words(count, value)
    if kind == "fusion":
        return _("{state}, merged").format(state=state)
    if lone_joker:
        return _("{state} (joker)").format(state=state)
    return state


def combination_words(cards: Sequence[str], joker_value: int | None) -> str:
    """ "7 7 + X-Joker", "X-Joker as 4"."""
    if joker_value is not None and len(cards) == 1:
        return _("X-Joker as {value}").format(value=value_words(joker_value))
    classics = [value_words(VALUE[c]) for c in cards if IS_CLASSIC.get(c)]
    jokers = sum(1 for c in cards if not IS_CLASSIC.get(c))
    text = " ".join(classics)
    if jokers:
        text += " + " + ngettext("X-Joker", "{n} X-Jokers", jokers).format(n=jokers)
    return text


def objective_title(row: int | None) -> str:
    if row is None or row not in OBJECTIVES:
        return ""
    return _(OBJECTIVES[row][0])


def objective_line(row: int | None) -> str:
    """ "5 \u00b7 Malus weight exactly 7: +13"."""
    if row is None or row not in OBJECTIVES:
        return ""
    title, bonus = OBJECTIVES[row]
    return _("{row} \u00b7 {title}: {bonus}").format(row=row, title=_(title), bonus=_(bonus))


def objective_row(card: str | None) -> int | None:
    """OB05 -> 5."""
    if not card or not card.startswith("OB"):
        return None
    return int(card[2:])


def special_words(
    card: str,
    mode: str,
    target: int | str | None,
    names: Sequence[str],
    numbers: dict[str, tuple[int, int]],
) -> str:
    """What a Swipe or Malus+ did: "Swipe: swapped malus areas with Ben"."""
    if mode == SWAP and isinstance(target, int):
        return said(
            names[target],
            _("Swipe: swapped malus areas with you"),
            _("Swipe: swapped malus areas with {name}"),
        )
    if mode == ROTATE:
        if target == LEFT:
            return _("Swipe: every malus area moved one seat to the left")
        return _("Swipe: every malus area moved one seat to the right")
    hand, malus = numbers.get(card, (0, 0))
    what = _("+{hand} in hand, +{malus} face up").format(hand=hand, malus=malus)
    if mode == ONE and isinstance(target, int):
        return said(
            names[target], _("Malus+ on you ({what})"), _("Malus+ on {name} ({what})"), what=what
        )
    if mode == ALL:
        return _("Malus+ on everyone ({what})").format(what=what)
    return card_words(card)


class Narrator:
    """The move log: one line per public event a player who looked away needs. It remembers
    only public facts (whose Malus+ is being drawn)."""

    def __init__(self, names: Sequence[str], malus_plus_values: Any) -> None:
        self.names = list(names)
        self.numbers = malus_plus_numbers(tuple(map(tuple, malus_plus_values)))
        self.malus_plus = False

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else ""

    def line(self, event: Event) -> str | None:
        if not isinstance(event, Drawn | MalusDrawn):
            self.malus_plus = False
        match event:
            case RoundStarted():
                return self.round_start(event)
            case MalusRevealed():
                return self.malus_reveal(event)
            case FirstLeader():
                return said(
                    self.name(event.seat),
                    _("You have the lowest malus cards and lead."),
                    _("{name} has the lowest malus cards and leads."),
                )
            case CombinationPlayed():
                return self.play(event)
            case SpecialPlayed():
                return self.special(event)
            case Drawn():
                return self.draw(event)
            case MalusDrawn():
                cards = " ".join(card_words(c) for c in event.cards)
                return said(
                    self.name(event.seat),
                    _("You drew {cards} face up into your malus area."),
                    _("{name} drew {cards} face up into their malus area."),
                    cards=cards,
                )
            case Taken():
                return self.take(event)
            case NumXPlayed():
                return self.num_x(event)
            case Passed():
                return said(self.name(event.seat), _("You passed."), _("{name} passed."))
            case LeadPasses():
                return said(
                    self.name(event.seat),
                    _("Nobody opened the trick yet: you lead now."),
                    _("Nobody opened the trick yet: {name} leads now."),
                )
            case FirstOut():
                return said(
                    self.name(event.seat),
                    _("You are the first to empty your hand \u2605."),
                    _("{name} is the first to empty their hand \u2605."),
                )
            case TrickEnded():
                return self.trick_end(event)
            case Replenished():
                return self.replenish(event)
            case RoundEnded():
                words = _(ROUND_ENDS[event.reason]) if event.reason in ROUND_ENDS else event.reason
                return _("Round {round} ends: {reason}.").format(round=event.round, reason=words)
            case RoundScored():
                parts = [
                    f"{label(self.name(seat))} {plus(row.score)}"
                    for seat, row in enumerate(event.seats)
                ]
                return _("Round {round} scored: {list}.").format(
                    round=event.round, list=", ".join(parts)
                )
            case GameOver():
                return self.game_over(event)
        return None

    # -- the longer lines ------------------------------------------------------------------------
    def round_start(self, event: RoundStarted) -> str:
        return said(
            self.name(event.anchor),
            _("Round {round} \u2014 you are the anchor."),
            _("Round {round} \u2014 anchor: {name}."),
            round=event.round,
        )

    def malus_reveal(self, event: MalusRevealed) -> str:
        parts = [
            _("{name} {cards}").format(
                name=label(self.name(seat)), cards=" ".join(card_words(c) for c in area)
            )
            for seat, area in enumerate(event.areas)
        ]
        return _("Malus cards: {list}.").format(list=", ".join(parts))

    def play(self, event: CombinationPlayed) -> str:
        name = self.name(event.seat)
        cards = combination_words(event.cards, event.joker_value)
        owners: list[int] = []
        for owner, _card in event.board:
            if owner not in owners:
                owners.append(owner)
        board = malus_owner_words([self.name(owner) for owner in owners])
        count, value = event.trick
        result = _("{kind} \u2192 {state}").format(
            kind=kind_words(event.play_kind), state=state_words(count, value)
        )
        if event.out_of_turn:
            return said(
                name,
                _("You claimed Facteur X with {cards}{board}: {result}."),
                _("{name} claimed Facteur X with {cards}{board}: {result}."),
                cards=cards,
                board=board,
                result=state_words(count, value),
            )
        return said(
            name,
            _("You played {cards}{board}: {result}."),
            _("{name} played {cards}{board}: {result}."),
            cards=cards,
            board=board,
            result=result,
        )

    def special(self, event: SpecialPlayed) -> str:
        self.malus_plus = event.mode in (ONE, ALL)
        what = special_words(event.card, event.mode, event.target, self.names, self.numbers)
        return said(
            self.name(event.seat), _("You played {what}."), _("{name} played {what}."), what=what
        )

    def draw(self, event: Drawn) -> str:
        name = self.name(event.seat)
        if self.malus_plus:
            return said(
                name,
                _("You drew into your hand from the deck (Malus+)."),
                _("{name} drew into their hand from the deck (Malus+)."),
            )
        return said(
            name, _("You drew a card from the deck."), _("{name} drew a card from the deck.")
        )

    def take(self, event: Taken) -> str:
        card, owner = card_words(event.card), self.name(event.owner)
        if is_viewer(owner):
            return _("{name} took {card} from your malus area.").format(
                name=label(self.name(event.seat)), card=card
            )
        return said(
            self.name(event.seat),
            _("You took {card} from {owner}'s malus area."),
            _("{name} took {card} from {owner}'s malus area."),
            card=card,
            owner=label(owner),
        )

    def num_x(self, event: NumXPlayed) -> str:
        name = self.name(event.seat)
        if event.out_of_turn:
            return said(
                name,
                _("You cut the trick with Num-X, out of turn!"),
                _("{name} cut the trick with Num-X, out of turn!"),
            )
        return said(
            name, _("You played Num-X: the trick ends."), _("{name} played Num-X: the trick ends.")
        )

    def trick_end(self, event: TrickEnded) -> str:
        name = self.name(event.leader)
        if event.reason == "num_x":
            return said(
                name,
                _("Num-X ends the trick; you lead the next one."),
                _("Num-X ends the trick; {name} leads the next one."),
            )
        if event.reason == "infini_4":
            return said(
                name,
                _("Infini 4 ends the trick; you lead the next one."),
                _("Infini 4 ends the trick; {name} leads the next one."),
            )
        return said(
            name,
            _("Nobody beat you: the trick is yours and you lead next."),
            _("Nobody beat {name}: the trick is theirs and they lead next."),
        )

    def replenish(self, event: Replenished) -> str:
        cards = event.cards
        from_deck = event.from_deck
        shown = " ".join(card_words(c) for c in cards)
        name = self.name(event.seat)
        if from_deck == len(cards):
            return said(
                name,
                _("You refilled your malus area from the deck: {cards}."),
                _("{name} refilled their malus area from the deck: {cards}."),
                cards=shown,
            )
        if from_deck:
            return said(
                name,
                _("You refilled your malus area with {cards} ({n} from the deck)."),
                _("{name} refilled their malus area with {cards} ({n} from the deck)."),
                cards=shown,
                n=from_deck,
            )
        return said(
            name,
            _("You refilled your malus area from your hand: {cards}."),
            _("{name} refilled their malus area from their hand: {cards}."),
            cards=shown,
        )

    def game_over(self, event: GameOver) -> str:
        winners = [self.name(s) for s in event.winners]
        best = signed(max(event.totals) if event.totals else 0)
        return together(
            winners,
            _("You win with {points}."),
            _("You and {names} share the win with {points}."),
            ngettext(
                "{names} wins with {points}.", "{names} share the win with {points}.", len(winners)
            ),
            points=best,
        )


def plan_tag(
    plan_mode: str, target: int | str | None, viewer: int | None, names: Sequence[str]
) -> str:
    """The small tag over a planned special card: "\u2194 Ben", "rotate left", "\u2192 all"."""
    if plan_mode == ROTATE:
        return _("rotate left") if target == LEFT else _("rotate right")
    if plan_mode == ALL:
        return _("\u2192 everyone")
    assert isinstance(target, int)
    if plan_mode == SWAP:
        return _("\u2194 {name}").format(name=names[target])
    if target == viewer:
        return _("\u2192 you")
    return _("\u2192 {name}").format(name=names[target])


def malus_owner_words(owners: Sequence[str]) -> str:
    """ " (with malus cards of Ben, Cleo)", " (with your malus cards)", "" for none."""
    others = ", ".join(label(owner) for owner in owners if not is_viewer(owner))
    if any(is_viewer(owner) for owner in owners):
        if others:
            return _(" (with your malus cards and those of {names})").format(names=others)
        return _(" (with your malus cards)")
    return _(" (with malus cards of {names})").format(names=others) if others else ""


def signed(points: int) -> str:
    """Points with a real minus sign: "\u22128", "12"."""
    return f"{MINUS}{-points}" if points < 0 else str(points)


def plus(points: int) -> str:
    """Points won or lost: "+3", "\u22128", "0"."""
    return f"+{points}" if points > 0 else signed(points)
