"""Where every card lies, as the table shows it: zones of card refs, and piles.

A *zone* is an ordered row of refs (a hand, the table pile, a stack, a trick...). A ref is a card
id when the viewer may see the face, or a placeholder (``?<n>``) for a face-down card. A *pile*
(the deck, a face-down discard) is only a count: its cards get a sprite while they fly in or out.

The model has one source of truth: between events, game code moves refs (``move``, ``reveal``,
``take_hidden``) to animate what happened; once the events have played, ``reconcile`` makes the
zones equal to the viewer's observation, keeping every sprite whose card is still in view, so
that nothing jumps when the events were right and everything is corrected when they were not.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

PLACEHOLDER = "?"


def is_placeholder(ref: str) -> bool:
    return ref.startswith(PLACEHOLDER)


class ZoneError(KeyError):
    """A ref was looked for in a zone that does not hold it (a table module's mistake)."""


class Zones:
    """Rows of refs by zone id, and pile counts by pile id."""

    def __init__(self) -> None:
        self.rows: dict[str, list[str]] = {}
        self.piles: dict[str, int] = {}
        self._next = 0
        self._renamed: dict[str, str] = {}

    # -- reading -------------------------------------------------------------------------------
    def row(self, zone: str) -> list[str]:
        return self.rows.setdefault(zone, [])

    def where(self, ref: str) -> str | None:
        for zone, refs in self.rows.items():
            if ref in refs:
                return zone
        return None

    def all_refs(self) -> Iterable[tuple[str, str]]:
        """(zone, ref) for every card in a zone."""
        for zone, refs in self.rows.items():
            for ref in refs:
                yield zone, ref

    # -- changes made by event handlers --------------------------------------------------------
    def placeholder(self) -> str:
        self._next += 1
        return f"{PLACEHOLDER}{self._next}"

    def put(self, zone: str, ref: str, index: int | None = None) -> str:
        row = self.row(zone)
        row.insert(len(row) if index is None else index, ref)
        return ref

    def remove(self, ref: str) -> str:
        zone = self.where(ref)
        if zone is None:
            raise ZoneError(ref)
        self.rows[zone].remove(ref)
        return zone

    def move(self, ref: str, zone: str, index: int | None = None) -> None:
        """Move ``ref`` to ``zone`` (its sprite glides there)."""
        self.remove(ref)
        self.put(zone, ref, index)

    def take(self, zone: str, card: str | None) -> str:
        """The ref for ``card`` leaving ``zone``: the card itself when the zone shows it, else
        one of the zone's face-down placeholders (the last), renamed to ``card`` when known.
        Falls back to a new placeholder when the zone is empty (the model lagged behind)."""
        row = self.row(zone)
        if card is not None and card in row:
            return card
        hidden = [ref for ref in row if is_placeholder(ref)]
        if not hidden:
            return self.put(zone, self.placeholder())
        ref = hidden[-1]
        if card is None:
            return ref
        row[row.index(ref)] = card
        self._renamed[ref] = card
        return card

    def reveal(self, zone: str, cards: Sequence[str]) -> None:
        """The zone's face-down cards are now known to be ``cards`` (a showdown): placeholders
        are renamed in order, so each sprite turns over where it lies."""
        row = self.row(zone)
        hidden = [ref for ref in row if is_placeholder(ref)]
        unknown = [card for card in cards if card not in row]
        for ref, card in zip(hidden, unknown, strict=False):
            row[row.index(ref)] = card
            self._renamed[ref] = card

    def hide(self, zone: str) -> None:
        """Every known card of ``zone`` turns face down (its face is forgotten)."""
        row = self.row(zone)
        for index, ref in enumerate(row):
            if not is_placeholder(ref):
                fresh = self.placeholder()
                self._renamed[ref] = fresh
                row[index] = fresh

    def pile_add(self, pile: str, count: int) -> None:
        self.piles[pile] = max(0, self.piles.get(pile, 0) + count)

    # -- renames, read by the table to keep sprites -------------------------------------------
    def renames(self) -> dict[str, str]:
        """Placeholder -> new ref since the last call (the sprite is re-keyed, not recreated)."""
        out = dict(self._renamed)
        self._renamed.clear()
        return out

    # -- the source of truth -------------------------------------------------------------------
    def reconcile(self, rows: Mapping[str, Sequence[str | None]], piles: Mapping[str, int]) -> None:
        """Make the model equal to an observation's zones (``None`` = a face-down card).

        Face-down slots reuse the zone's placeholders first, then the refs of cards of that zone
        that are no longer in view anywhere (they turn face down where they lie), then new
        placeholders."""
        shown = {card for cards in rows.values() for card in cards if card is not None}
        known_before = {ref for refs in self.rows.values() for ref in refs}
        new_rows: dict[str, list[str]] = {}
        for zone, cards in rows.items():
            old = self.rows.get(zone, [])
            placeholders = [ref for ref in old if is_placeholder(ref)]
            arrivals = [c for c in cards if c is not None and c not in known_before]
            # A face-down card of this zone that turns out to be an arriving known card turns
            # over where it lies (a hand-off shows the new player's cards).
            for ref, arrival in zip(list(placeholders), arrivals, strict=False):
                self._renamed[ref] = arrival
                placeholders.remove(ref)
            spare = placeholders + [r for r in old if not is_placeholder(r) and r not in shown]
            refs = []
            for card in cards:
                if card is not None:
                    refs.append(card)
                    continue
                ref = spare.pop(0) if spare else self.placeholder()
                if not is_placeholder(ref):  # a known card turns face down: forget its face
                    fresh = self.placeholder()
                    self._renamed[ref] = fresh
                    ref = fresh
                refs.append(ref)
            new_rows[zone] = refs
        self.rows = new_rows
        self.piles = dict(piles)
