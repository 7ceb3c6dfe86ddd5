"""The words of the Nove banco table: setup rows, card names, reasons, the move log, the status
line and the names of the decisions.

The names follow the in-app rules page (assets/rules/banco.txt): cups, coins, batons and swords;
Fante, Cavallo and Re; "tie, bank wins"; "the bank has only 8 left"; "table limit 10".
"""

from __future__ import annotations

from ....engine.actions import Action
from ....engine.events import Event
from ....games.banco.actions import HIT, STAND, Bet
from ....games.banco.cards import FRENCH40, FRENCH56, ITALIAN40, RANK, STYLE_OF, VALUE
from ....games.banco.events import (
    BankerRevealed,
    BankPassed,
    BetPlaced,
    CardDrawn,
    Eliminated,
    GameOver,
    GameStarted,
    HandStarted,
    HoleRevealed,
    NineRevealed,
    SatOut,
    Settled,
    Stood,
)
from ....games.banco.state import Phase
from ....games.banco.view import BancoObservation
from ....i18n import N_, _, ngettext, pgettext
from ...people import is_viewer, label, said
from ...setup_options import OptionSpec, none_or, on_off, seat_option

ITALIAN_SUITS = {"Co": N_("cups"), "De": N_("coins"), "Ba": N_("batons"), "Sp": N_("swords")}
FRENCH_SUITS = {"H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs"), "S": N_("spades")}
ITALIAN_RANKS = {1: N_("Ace"), 8: N_("Fante"), 9: N_("Cavallo"), 10: N_("Re")}
FRENCH_RANKS = {1: N_("Ace")}
DECK_WORDS = {
    None: N_("automatic (Italian up to 8, French 56 from 9)"),
    ITALIAN40: N_("Italian 40 (cups, coins, batons, swords)"),
    FRENCH40: N_("French 40 (ace to 10)"),
    FRENCH56: N_("French 56 (two packs, ace to 7)"),
}
PASS_REASONS = {
    "banker_zero": N_("the bank scored 0"),
    "banker_broke": N_("the bank broke"),
}
END_REASONS = {
    "rotation_complete": N_("every player has held the bank"),
    "one_player_left": N_("only one player has chips left"),
    "hand_limit": N_("the hand limit was reached"),
}


def chips_words(amount: int) -> str:
    return ngettext("{n} chip", "{n} chips", amount).format(n=amount)


def times_words(times: int) -> str:
    """ "1 time", "2 times"; "never" for 0."""
    if not times:
        return _("never")
    return ngettext("{n} time", "{n} times", times).format(n=times)


def card_words(card: str) -> str:
    """ "the Cavallo of coins (2)", "the 7 of hearts (7)": the value in brackets, since the
    figures count 1, 2 and 3."""
    rank = RANK[card]
    if STYLE_OF[card] == ITALIAN40:
        suit, ranks = ITALIAN_SUITS[card[:2]], ITALIAN_RANKS
    else:
        suit, ranks = FRENCH_SUITS[card[0]], FRENCH_RANKS
    rank_text = _(ranks[rank]) if rank in ranks else str(rank)
    return _("the {rank} of {suit} ({value})").format(
        rank=rank_text, suit=_(suit), value=VALUE[card]
    )


def pass_reason(reason: str, hands: int) -> str:
    """Why the bank moves on: "5 hands", "the bank scored 0", "the bank broke"."""
    if reason in PASS_REASONS:
        return _(PASS_REASONS[reason])
    return ngettext("{n} hand", "{n} hands", hands).format(n=hands)


def end_reason(reason: str) -> str:
    return _(END_REASONS[reason]) if reason in END_REASONS else reason


def cap_words(low: int, high: int, cap: str | None, table_limit: int) -> str:
    """The bet slider's caption: the legal range and, when the range is capped below the
    table limit, why."""
    span = chips_words(low) if low == high else _("{low} to {high}").format(low=low, high=high)
    if cap == "bank":
        why = _("the bank has only {n} left").format(n=high)
    elif cap == "chips":
        why = _("you have only {n}").format(n=chips_words(high))
    else:
        why = _("table limit {n}").format(n=table_limit)
    return _("Bet {span}: {why}").format(span=span, why=why)


# -- setup -----------------------------------------------------------------------------------------
def setup_rows() -> list[OptionSpec]:
    """Every field of ``BancoOptions`` but ``players`` (Setup always shows it)."""

    # Each count is a literal ngettext call, so that Babel extracts it (a helper taking the
    # words as arguments hid "{n} turn each" from the template).
    def chip_count(v: int) -> str:
        return ngettext("{n} chip", "{n} chips", v).format(n=v)

    def hand_count(v: int) -> str:
        return ngettext("{n} hand", "{n} hands", v).format(n=v)

    def turn_count(v: int) -> str:
        return ngettext("{n} turn each", "{n} turns each", v).format(n=v)

    return [
        OptionSpec(
            "deck_style",
            pgettext("banco option", "Deck"),
            [None, ITALIAN40, FRENCH40, FRENCH56],
            lambda v: _(DECK_WORDS[v]),
            default=None,
            hint=_("The 56-card deck does not run out at a big table."),
        ),
        OptionSpec("starting_chips", _("Starting chips"), [20, 50, 100, 200, 500], chip_count),
        OptionSpec(
            "min_bet",
            _("Smallest bet"),
            [1, 2, 5, 10],
            chip_count,
            hint=_("Below the smallest bet a player is out of the game."),
        ),
        OptionSpec(
            "max_bet",
            _("Table limit"),
            [5, 10, 20, 25, 50, 100],
            chip_count,
            hint=_("The most a punter may bet in one hand."),
        ),
        OptionSpec("hands_per_bank", _("Hands per bank"), [1, 2, 3, 4, 5, 6, 8, 10], hand_count),
        OptionSpec(
            "pass_bank_on_zero",
            _("Pass the bank on a 0"),
            [True, False],
            on_off,
            hint=_("On: a banker who ends a hand on 0 passes the bank at once."),
        ),
        OptionSpec(
            "bank_terms_per_player",
            _("Turns at the bank"),
            [1, 2, 3, None],
            none_or(_("no limit (set a hand limit)"), turn_count),
            hint=_(
                "The game ends when the bank would come back to a player who has "
                "held it this often."
            ),
        ),
        OptionSpec(
            "max_hands",
            _("Hand limit"),
            [None, 5, 10, 20, 30, 50],
            none_or(_("none"), hand_count),
            hint=_("A quick game: the most chips after this many hands wins."),
        ),
        seat_option("first_banker", _("First banker"), [None], _("drawn by lot")),
    ]


# -- the move log ----------------------------------------------------------------------------------
def describe(event: Event, names: list[str], hands_per_bank: int) -> str | None:
    """One line for a public event, or None for events a log reader does not need (a card
    dealt face down to each player, a turn the rules ended)."""
    match event:
        case GameStarted():
            return said(
                names[event.banker],
                _("You hold the bank first."),
                _("{name} holds the bank first."),
            )
        case HandStarted():
            return said(
                names[event.banker],
                _("Hand {hand}: you bank (hand {k} of {per})."),
                _("Hand {hand}: {name} banks (hand {k} of {per})."),
                hand=event.hand,
                k=event.hands_in_term + 1,
                per=hands_per_bank,
            )
        case BetPlaced():
            return said(
                names[event.seat],
                _("You bet {chips}."),
                _("{name} bet {chips}."),
                chips=chips_words(event.amount),
            )
        case SatOut():
            return said(
                names[event.seat],
                _("You sit out: the bank is full."),
                _("{name} sits out: the bank is full."),
            )
        case CardDrawn():
            return said(
                names[event.seat],
                _("You drew {card}."),
                _("{name} drew {card}."),
                card=card_words(event.card),
            )
        case NineRevealed():
            return said(
                names[event.seat],
                _("You have 9! The face-down card was {card}."),
                _("{name} has 9! The face-down card was {card}."),
                card=card_words(event.hole_card),
            )
        case Stood():
            if event.auto:
                return None
            return said(names[event.seat], _("You stand."), _("{name} stands."))
        case BankerRevealed():
            return said(
                names[event.seat],
                _("You turn up {card}: the bank scores {score}."),
                _("{name} turns up {card}: the bank scores {score}."),
                card=card_words(event.hole_card),
                score=event.score,
            )
        case HoleRevealed():
            return said(
                names[event.seat],
                _("You turn up {card}: {score}."),
                _("{name} turns up {card}: {score}."),
                card=card_words(event.hole_card),
                score=event.score,
            )
        case Settled():
            return settled_words(event, names[event.seat])
        case Eliminated():
            return said(
                names[event.seat],
                _("You have too few chips left and are out of the game."),
                _("{name} has too few chips left and is out of the game."),
            )
        case BankPassed():
            return bank_passed_words(event, names, hands_per_bank)
        case GameOver():
            winners = ", ".join(label(names[s]) for s in event.winners)
            return _("Game over: {why}. Most chips: {names}.").format(
                why=end_reason(event.reason), names=winners
            )
    return None


def bank_passed_words(event: BankPassed, names: list[str], hands_per_bank: int) -> str:
    old, new = names[event.from_], names[event.to]
    why = pass_reason(event.reason, hands_per_bank)
    if is_viewer(new):
        return _("The bank passes from {old} to you: {why}.").format(old=label(old), why=why)
    return said(
        old,
        _("The bank passes from you to {new}: {why}."),
        _("The bank passes from {name} to {new}: {why}."),
        new=label(new),
        why=why,
    )


def settled_words(event: Settled, name: str) -> str:
    amount = event.amount
    mine, bank = event.punter_score, event.banker_score
    if event.outcome == "win":
        return said(
            name,
            _("You beat the bank, {mine} to {bank}: +{n}."),
            _("{name} beats the bank, {mine} to {bank}: +{n}."),
            mine=mine,
            bank=bank,
            n=amount,
        )
    if mine == bank:
        return said(
            name,
            _("You tie the bank at {bank}: tie, bank wins. \u2212{n}."),
            _("{name} ties the bank at {bank}: tie, bank wins. \u2212{n}."),
            bank=bank,
            n=amount,
        )
    return said(
        name,
        _("You lose to the bank, {mine} to {bank}: \u2212{n}."),
        _("{name} loses to the bank, {mine} to {bank}: \u2212{n}."),
        mine=mine,
        bank=bank,
        n=amount,
    )


# -- the table's sentences -------------------------------------------------------------------------
def status_words(obs: BancoObservation, viewer: int | None, names: list[str]) -> str:
    """The status line: whose turn it is and what they decide."""
    if obs.phase == Phase.GAME_OVER or obs.current is None:
        return _("The game is over")
    seat = obs.current
    mine = seat == viewer
    name = names[seat]
    if obs.phase == Phase.BET:
        return _("Your bet") if mine else _("{name} is betting").format(name=name)
    if obs.phase == Phase.BANKER_DRAW:
        if mine:
            return _("You hold the bank: hit or stand (score {score})").format(score=obs.score)
        return _("{name} (bank) is drawing").format(name=name)
    if mine:
        return _("Hit or stand: your score is {score}").format(score=obs.score)
    return _("{name} is drawing").format(name=name)


def action_words(action: Action) -> str | None:
    """A banco decision in words (None: not one of banco's)."""
    if isinstance(action, Bet):
        return ngettext("Bet {n} chip", "Bet {n} chips", action.amount).format(n=action.amount)
    if action == HIT:
        return _("Take a card")
    if action == STAND:
        return _("Stand")
    return None
