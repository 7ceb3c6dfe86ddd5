"""Kaël in words: its cards, the log's lines, the status line and the round's cases, in the
player's language and in the second person for the viewer (the table's names mark the viewer)."""

from __future__ import annotations

from collections.abc import Sequence

from ....engine.events import Event
from ....games.kael.actions import DECK_SOURCE
from ....games.kael.cards import MINUS, PASS_CARD, RANK
from ....games.kael.events import (
    CardsLaid,
    CardTaken,
    ChainCut,
    DeckRebuilt,
    GoodDrawLaid,
    HandSizeChosen,
    KaelCalled,
    RoundScored,
    RoundStarted,
)
from ....i18n import N_, _, ngettext
from ...people import said

CASES = {
    "kael_wins": N_("{name} called Kaël and had the lowest hand"),
    "kael_fails": N_("{name} called Kaël but was not lowest: +20"),
    "false_kael": N_("{name} made a false Kaël call: +20"),
}
YOUR_CASES = {  # the same, when the caller is the viewer
    "kael_wins": N_("You called Kaël and had the lowest hand"),
    "kael_fails": N_("You called Kaël but were not lowest: +20"),
    "false_kael": N_("You made a false Kaël call: +20"),
}
END_REASONS = {
    "last survivor": N_("the last player still in"),
    "first elimination": N_("the first elimination ends the game"),
    "round limit": N_("the round limit was reached"),
}


def rank_words(rank: str) -> str:
    """A rank as it is printed ("7", "X", "\u22121"): the sentences bring their own article."""
    return {"-1": "\u22121"}.get(rank, rank)


def one_card(rank: str) -> str:
    """ "a 7", "an 8": one card of ``rank`` in a sentence."""
    if rank in ("8", "11"):
        # TRANSLATORS: one card of a rank English reads with a vowel first ("an 8", "an 11");
        # translate it as "a {rank}".
        return _("an {rank}").format(rank=rank)
    return _("a {rank}").format(rank=rank)


def cards_words(cards: Sequence[str]) -> str:
    """ "a 7", "a pair of 7s", "three 9s", "four 4s"."""
    rank = rank_words(RANK[cards[0]])
    count = len(cards)
    if count == 1 and rank == "X":
        return _("the X")  # there is one X: "laid the X", never "a X"
    if count == 1:
        return one_card(rank)
    if count == 2:
        return _("a pair of {rank}s").format(rank=rank)
    if count == 3:
        return _("three {rank}s").format(rank=rank)
    return _("four {rank}s").format(rank=rank)


def card_words(card: str) -> str:
    """A Kaël card in a sentence: "a 7", "the X", "the −1"."""
    if card == PASS_CARD:
        return _("the X")
    if card == MINUS:
        return _("the −1")
    return one_card(RANK[card]) if card in RANK else card


def event_words(event: Event, names: Sequence[str]) -> str | None:
    """A line of the log for ``event`` (``None``: nothing to say)."""
    if isinstance(event, RoundStarted):
        return said(
            names[event.dealer],
            _("Round {round} \u2014 you deal."),
            _("Round {round} \u2014 dealer: {name}."),
            round=event.round,
        )
    if isinstance(event, HandSizeChosen):
        size = event.size
        return said(
            names[event.seat],
            ngettext("You deal {n} card each.", "You deal {n} cards each.", size),
            ngettext("{name} deals {n} card each.", "{name} deals {n} cards each.", size),
            n=size,
        )
    if isinstance(event, CardsLaid):
        # A take has its own line next; a lay without a draw (a square, the X) adds nothing.
        where = _(", then drew from the deck") if event.source == DECK_SOURCE else ""
        return said(
            names[event.seat],
            _("You laid {cards}{where}."),
            _("{name} laid {cards}{where}."),
            cards=cards_words(event.cards),
            where=where,
        )
    if isinstance(event, CardTaken):
        return said(
            names[event.seat],
            _("You took the {rank} from the table."),
            _("{name} took the {rank} from the table."),
            rank=rank_words(RANK[event.card]),
        )
    if isinstance(event, GoodDrawLaid):
        return said(
            names[event.seat],
            _("You drew another {rank} and laid it too."),
            _("{name} drew another {rank} and laid it too."),
            rank=rank_words(RANK[event.card]),
        )
    if isinstance(event, ChainCut):
        return said(
            names[event.seat],
            _("You cut with {cards}!"),
            _("{name} cut with {cards}!"),
            cards=cards_words(event.cards),
        )
    if isinstance(event, KaelCalled):
        return said(names[event.seat], _("You called Kaël."), _("{name} called Kaël."))
    if isinstance(event, DeckRebuilt):
        return _("The deck was rebuilt from the table.")
    if isinstance(event, RoundScored):
        return round_title(event, names) + "."
    return None  # a deck draw is said with its lay ("..., then drew from the deck")


def round_title(scored: RoundScored, names: Sequence[str]) -> str:
    """ "Round 3: Ada called Kaël and had the lowest hand"."""
    case = scored.case
    what = case
    if case in CASES:
        what = said(names[scored.caller], _(YOUR_CASES[case]), _(CASES[case]))
    return _("Round {round}: {what}").format(round=scored.round, what=what)
