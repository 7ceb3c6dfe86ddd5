"""Kaël in words: its cards, the log's lines and the round's cases, in the player's language and
in the second person for the viewer (the table's names mark the viewer)."""

from __future__ import annotations

from collections.abc import Sequence

from ....engine.events import Event
from ....games.kael.actions import DECK_SOURCE, TABLE_SOURCE
from ....games.kael.cards import MINUS, PASS_CARD, RANK
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


def cards_words(cards: list[str]) -> str:
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
    """A line of the log for ``event`` (``None``: nothing to say); the round's score is the
    table's (it reads the round's totals)."""
    data = event.data
    seat = data.get("seat")
    name = names[seat] if isinstance(seat, int) else ""
    kind = event.kind
    if kind == "round_start":
        return said(names[data["dealer"]], _("Round {round} \u2014 you deal."),
                    _("Round {round} \u2014 dealer: {name}."), round=data["round"])
    if kind == "hand_size":
        size = data["size"]
        return said(name, ngettext("You deal {n} card each.", "You deal {n} cards each.", size),
                    ngettext("{name} deals {n} card each.", "{name} deals {n} cards each.",
                             size), n=size)
    if kind == "lay":
        where = {DECK_SOURCE: _(", then drew from the deck"),
                 TABLE_SOURCE: ""}.get(data.get("source") or "", "")
        return said(name, _("You laid {cards}{where}."), _("{name} laid {cards}{where}."),
                    cards=cards_words(data["cards"]), where=where)
    if kind == "take":
        return said(name, _("You took the {rank} from the table."),
                    _("{name} took the {rank} from the table."),
                    rank=rank_words(RANK[data["card"]]))
    if kind == "draw" and data.get("card") is None and data.get("source") == "deck":
        return None
    if kind == "good_draw":
        return said(name, _("You drew another {rank} and laid it too."),
                    _("{name} drew another {rank} and laid it too."),
                    rank=rank_words(RANK[data["card"]]))
    if kind == "cut":
        return said(name, _("You cut with {cards}!"), _("{name} cut with {cards}!"),
                    cards=cards_words(data["cards"]))
    if kind == "kael":
        return said(name, _("You called Kaël."), _("{name} called Kaël."))
    if kind == "rebuild":
        return _("The deck was rebuilt from the table.")
    return None
