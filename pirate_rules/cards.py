"""Playing cards, shared by both games.

A card is written with two characters, rank then suit, as game records write it:
rank ``A 2 3 4 5 6 7 8 9 T J Q K`` and suit ``S H D C``; the joker is ``JK``.
Reading is forgiving (``10H`` and lower case are accepted); writing is always the
short upper-case form.

    >>> card = Card.parse("10h")
    >>> card
    Card.parse('TH')
    >>> str(card), card.rank, card.suit
    ('TH', 10, 'H')
    >>> Card.parse("1H")
    Traceback (most recent call last):
    ...
    pirate_rules.errors.InvalidCardError: not a card: '1H' (expected rank A23456789TJQK ...)

Cards are values: two cards with the same rank and suit are equal, and each of the
55 distinct cards exists once, so comparing and hashing them is cheap.

    >>> Card.parse("as") is Card(1, "S")
    True
"""

from __future__ import annotations

import random
from _random import Random as _BaseRandom
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, Final

from pirate_rules.errors import InvalidCardError

__all__ = [
    "JOKER",
    "RANKS",
    "RANK_NAMES",
    "SUITS",
    "SUIT_NAMES",
    "Card",
    "format_cards",
    "parse_cards",
    "seeded_generator",
    "shuffle",
    "shuffled",
    "standard_deck",
]

RANKS: Final = "A23456789TJQK"
"""Rank letters in order; a card's rank number is its index here plus one (Ace = 1)."""

SUITS: Final = "SHDC"
"""Suit letters: spades, hearts, diamonds, clubs."""

RANK_NAMES: Final = {
    1: "Ace", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven",
    8: "Eight", 9: "Nine", 10: "Ten", 11: "Jack", 12: "Queen", 13: "King",
}  # fmt: skip
SUIT_NAMES: Final = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


class Card:
    """One playing card: a rank 1 (Ace) to 13 (King) and a suit letter, or the joker.

    ``Card(rank, suit)`` returns the one shared instance of that card, where ``rank`` is
    1 (Ace) to 13 (King) and ``suit`` one of ``"S" "H" "D" "C"``; the joker is
    ``Card(0, "")`` (also available as :data:`JOKER`).

    Attributes:
        rank: 1 (Ace) to 13 (King), or 0 for the joker.
        suit: One of ``"S" "H" "D" "C"``, or ``""`` for the joker.

    Example:
        >>> Card(13, "D").name
        'King of diamonds'
        >>> sorted([Card.parse("KS"), Card.parse("2S"), Card.parse("AH")])
        [Card.parse('2S'), Card.parse('KS'), Card.parse('AH')]
    """

    __slots__ = ("_order", "rank", "suit")
    _interned: ClassVar[dict[tuple[int, str], Card]] = {}

    rank: int
    suit: str
    _order: tuple[int, int]

    def __new__(cls, rank: int, suit: str) -> Card:
        card = cls._interned.get((rank, suit))
        if card is None:
            raise InvalidCardError(f"no such card: rank {rank!r}, suit {suit!r}")
        return card

    @classmethod
    def _make(cls, rank: int, suit: str) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "_order", (SUITS.index(suit) if suit else 4, rank))
        cls._interned[(rank, suit)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, str]]:
        return (Card, (self.rank, self.suit))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from its notation: ``'7H'``, ``'TH'``, ``'10h'`` or ``'JK'``.

        Raises:
            InvalidCardError: if ``text`` is not a card; the message quotes it.

        Example:
            >>> Card.parse("jk").is_joker
            True
        """
        if not isinstance(text, str):
            raise InvalidCardError(f"not a card: {text!r} (expected text like '7H')")
        key = text.strip().upper()
        if key.startswith("10"):
            key = "T" + key[2:]
        card = _BY_TEXT.get(key)
        if card is None:
            raise InvalidCardError(
                f"not a card: {text!r} (expected rank {RANKS} and suit {SUITS},"
                " like '7H', '10H' or 'JK')"
            )
        return card

    @property
    def is_joker(self) -> bool:
        """True for the joker."""
        return self.rank == 0

    @property
    def name(self) -> str:
        """The card in words, such as ``'Seven of hearts'`` or ``'Joker'``."""
        if self.is_joker:
            return "Joker"
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return "JK" if self.is_joker else RANKS[self.rank - 1] + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._order < other._order


JOKER: Final = Card._make(0, "")
for _suit in SUITS:
    for _rank in range(1, 14):
        Card._make(_rank, _suit)
_BY_TEXT: Final = {str(c): c for c in Card._interned.values()}


_STANDARD_DECK: Final = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))


def standard_deck() -> list[Card]:
    """The 52 cards of one standard deck, spades, hearts, diamonds then clubs, Ace to King.

    Example:
        >>> deck = standard_deck()
        >>> len(deck), deck[0], deck[-1]
        (52, Card.parse('AS'), Card.parse('KC'))
    """
    return list(_STANDARD_DECK)


_SWAPS: dict[int, tuple[tuple[int, int], ...]] = {}
"""The steps of a shuffle, by the length of the list, as they are first needed (lengths
below 256): the position ``i`` that takes a card, from the last down, and how many
random bits draw its partner, 0 to ``i`` (see `shuffle`)."""


def _swaps(size: int) -> tuple[tuple[int, int], ...]:
    steps = _SWAPS.get(size)
    if steps is None:
        steps = tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
        if size < 256:
            _SWAPS[size] = steps
    return steps


def shuffle(cards: list[Card], rng: random.Random) -> None:
    """Shuffle ``cards`` in place, exactly as ``rng.shuffle(cards)`` would, only faster.

    The same algorithm as Python's ``random.shuffle`` (Fisher-Yates from the last card
    down, each swap partner drawn with ``getrandbits`` and redrawn while it is too big),
    with the drawing written out in the loop instead of a method call per card, and
    the steps for each length worked out once (``_SWAPS``). It draws the same numbers
    from ``rng`` in the same order, so the cards end in the same order and ``rng`` in
    the same state, which keeps every seeded deal and record as it was (the tests
    compare the two on thousands of seeds). A subclass of ``random.Random`` may draw
    differently, so its own ``shuffle`` is used.

    Example:
        >>> mine, theirs = standard_deck(), standard_deck()
        >>> shuffle(mine, random.Random(3))
        >>> random.Random(3).shuffle(theirs)
        >>> mine == theirs
        True
    """
    if rng.__class__ is not random.Random:
        rng.shuffle(cards)
        return
    shuffle_bits(cards, rng.getrandbits)


def shuffle_bits(cards: list[Any], getrandbits: Callable[[int], int]) -> None:
    """`shuffle`'s steps, drawing from ``getrandbits`` (a generator's method): a subclass
    of ``random.Random`` that does not change its drawing shuffles as fast this way."""
    for i, bits in _swaps(len(cards)):
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


_new_random = random.Random.__new__
_seed_random = _BaseRandom.seed


def seeded_generator(seed: int | None) -> random.Random:
    """``random.Random(seed)``, made with less work when ``seed`` is an ``int``.

    ``random.Random(seed)`` runs two methods written in Python before the generator's
    own seeding, which is written in C; for an ``int`` they add nothing: they hand the
    seed to the C seeding, then set the normal-distribution cache ``gauss_next`` to
    None. This makes the generator and does those two things directly, so the generator
    is in exactly the same state (the tests compare the states on thousands of seeds).
    The seeding itself is most of the cost of a bot-against-bot game's setup: three
    generators a game, one for the deal and one per bot. Any other seed (None, a
    string...) goes through ``random.Random``.

    Example:
        >>> seeded_generator(7).getstate() == random.Random(7).getstate()
        True
    """
    if seed.__class__ is not int:
        return random.Random(seed)
    rng = _new_random(random.Random)
    _seed_random(rng, seed)
    rng.gauss_next = None  # type: ignore[attr-defined]
    return rng


def shuffled(cards: Iterable[Card], rng: random.Random | int) -> list[Card]:
    """A shuffled copy of ``cards``, drawn from ``rng`` (a ``random.Random`` or a seed).

    Only the given generator is used, never the global one, so the same seed always
    gives the same order (see `shuffle`).

    Example:
        >>> shuffled(standard_deck(), 7) == shuffled(standard_deck(), 7)
        True
    """
    generator = rng if isinstance(rng, random.Random) else seeded_generator(rng)
    result = list(cards)
    shuffle(result, generator)
    return result


def parse_cards(texts: Sequence[str] | str) -> list[Card]:
    """Read many cards: a list of notations, or one string of them separated by spaces.

    Example:
        >>> parse_cards("AS 10h jk")
        [Card.parse('AS'), Card.parse('TH'), Card.parse('JK')]
    """
    if isinstance(texts, str):
        texts = texts.split()
    return [Card.parse(text) for text in texts]


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards as notations separated by spaces.

    Example:
        >>> format_cards(parse_cards(["ah", "10s"]))
        'AH TS'
    """
    return " ".join(str(card) for card in cards)
