"""Ships: one per suit, two halves, keels and directions (rules P1, P6, P7, P8).

Vocabulary:

* a **ship** is the run of one suit being built in the middle of the table; each suit
  has one ship at a time, numbered 1, 2, 3... in the order the suit's ships were begun;
* each ship has two **halves**, one per player; a half begins with its **keel** (an Ace
  built upward or a King built downward) and then takes the next rank in its direction;
* a ship is **complete** when its two halves together hold every rank Ace to King.

Who lays which keel depends on the ship's number: in a suit's odd ships (the first, the
third...) the low player builds up from the Ace and the high player down from the King;
in its even ships the roles swap (P6, P8).

    >>> ship = Ship("H", number=1, low=0)
    >>> ship.keel(0), ship.keel(1)
    (Card.parse('AH'), Card.parse('KH'))
    >>> ship.place(0, Card.parse("AH"), owner=0)
    >>> ship.next_card(0), ship.describe(0), ship.describe(1)
    (Card.parse('2H'), 'A', '-')
    >>> Ship("H", number=2, low=0).keel(0)
    Card.parse('KH')
"""

from __future__ import annotations

from typing import Final, NamedTuple

from pirate_rules.cards import RANKS, SUIT_NAMES, SUITS, Card, standard_deck

__all__ = ["ALL_RANKS", "PLACED", "SUIT_INDEX", "Placed", "Ship", "captor"]

ALL_RANKS: Final = sum(1 << rank for rank in range(1, 14))
"""Bit mask of the ranks Ace (bit 1) to King (bit 13): a complete ship holds them all."""

SUIT_INDEX: Final = {suit: index for index, suit in enumerate(SUITS)}
"""Position of each suit letter in :data:`~pirate_rules.cards.SUITS` (spades first)."""


def captor(placers: int) -> int | None:
    """P7: who captures a ship completed in a moment, from who put a card on it then.

    ``placers`` has bit 0 set when player 0 put a card on the ship in that moment, and
    bit 1 when player 1 did. One placer captures the ship; when both did, it sinks, and
    nobody captures it (``None``).

    Examples:
        >>> captor(0b01), captor(0b10), captor(0b11)
        (0, 1, None)
    """
    if placers not in (1, 2, 3):
        raise ValueError(f"placers must be 1, 2 or 3 (a bit per player), not {placers!r}")
    return None if placers == 3 else placers >> 1


class Placed(NamedTuple):
    """A card on a ship, with the player whose deck it came from (P1).

    Cards themselves are shared values, so the owner travels beside the card. A card
    claimed by an observer (P9) lies on the observer's half but keeps its owner.

    Example:
        >>> Placed(Card.parse("7H"), owner=1)
        Placed(card=Card.parse('7H'), owner=1)
    """

    card: Card
    owner: int


PLACED: Final = tuple({card: Placed(card, owner) for card in standard_deck()} for owner in (0, 1))
"""Every card with each owner, made once: ``PLACED[owner][card]``. A `Placed` never
changes, so ships share them instead of making a new one for each card they take."""


class Ship:
    """The current ship of one suit: two halves, their keels and directions (P6).

    Args:
        suit: The suit letter, ``"S" "H" "D"`` or ``"C"``.
        number: 1 for the suit's first ship, 2 for its second, and so on.
        low: Which player (0 or 1) is the low player.

    Attributes:
        suit: The suit letter.
        number: The ship's number within its suit.
        halves: Each player's half, keel first, as :class:`Placed` cards.
        steps: Each player's direction: ``+1`` from the Ace up, ``-1`` from the King down.
        needs: The rank each player's half takes next (its keel while it is empty).
        ranks: Bit mask of the ranks on the ship (bit 1 for the Ace ... bit 13 for the King).
    """

    __slots__ = ("halves", "needs", "number", "ranks", "steps", "suit")

    def __init__(self, suit: str, number: int, low: int) -> None:
        self.suit = suit
        self.number = number
        # P6, P8: odd ships give the low player the Ace, even ships give it the King.
        if (low == 0) == (number % 2 == 1):
            self.steps, self.needs = [1, -1], [1, 13]
        else:
            self.steps, self.needs = [-1, 1], [13, 1]
        self.halves: list[list[Placed]] = [[], []]
        self.ranks = 0

    def copy(self) -> Ship:
        """An independent copy of the ship."""
        other = object.__new__(Ship)
        other.suit, other.number, other.ranks = self.suit, self.number, self.ranks
        other.steps, other.needs = list(self.steps), list(self.needs)
        other.halves = [list(self.halves[0]), list(self.halves[1])]
        return other

    def keel(self, player: int) -> Card:
        """The card that starts ``player``'s half: the Ace or the King of the suit (P6, P8)."""
        return Card(1 if self.steps[player] == 1 else 13, self.suit)

    def next_card(self, player: int) -> Card:
        """The one card ``player``'s half takes next: its keel, or the next rank (P6)."""
        return Card(self.needs[player], self.suit)

    def fits(self, player: int, card: Card) -> bool:
        """Whether ``card`` goes on ``player``'s half now, as keel or next rank (P6)."""
        return card.suit == self.suit and card.rank == self.needs[player]

    def place(self, player: int, card: Card, owner: int) -> None:
        """Put ``card`` (from ``owner``'s deck) on ``player``'s half; it must fit (P6)."""
        self.halves[player].append(PLACED[owner][card])
        self.ranks |= 1 << card.rank
        self.needs[player] = card.rank + self.steps[player]

    @property
    def is_complete(self) -> bool:
        """Whether the two halves together hold every rank, Ace to King (P7)."""
        return self.ranks == ALL_RANKS

    def cards(self) -> list[Placed]:
        """Every card on the ship: player 0's half keel first, then player 1's."""
        return self.halves[0] + self.halves[1]

    def describe(self, player: int) -> str:
        """``player``'s half as ranks, keel to top: ``'A-5'``, ``'K'``, or ``'-'`` if empty."""
        half = self.halves[player]
        if not half:
            return "-"
        first, last = RANKS[half[0].card.rank - 1], RANKS[half[-1].card.rank - 1]
        return first if len(half) == 1 else f"{first}-{last}"

    @property
    def name(self) -> str:
        """The ship in words, such as ``'the hearts ship (ship 2)'``."""
        return f"the {SUIT_NAMES[self.suit]} ship (ship {self.number})"

    def __repr__(self) -> str:
        return f"<Ship {self.suit}{self.number}: {self.describe(0)} | {self.describe(1)}>"
