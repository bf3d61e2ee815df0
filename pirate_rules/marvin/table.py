"""The pieces on the table: positions, pirates, each player's side, and the prizes.

Vocabulary, one word per idea:

* **position**: one of the four places of a player's pirates, seen from the owner's
  side: ``"GL"`` guard left, ``"GR"`` guard right, ``"CL"`` captain left, ``"CR"``
  captain right (M2). ``CL`` stands behind ``GL`` and ``CR`` behind ``GR``; the guard
  row faces the opponent.
* **pirate**: a figure with 0 to 4 hit points and at most one shield (M17).
* **on the board**: a pirate that stands at its position: not fainted, not hidden.
* **empty**: a position with no pirate; a position kept for a hidden pirate is not
  empty (M6, M7).
* **side**: one player's four positions (`Side`).
* **prize**: ``"cave"``, ``"ship"`` or ``"fort"``; each is in the bank or held by one
  player (M3).
* **effect**: what a card does (`card_effect`): ``hit``, ``shield``, ``kill``,
  ``slash``, ``take`` or ``lost``.

    >>> side = Side()
    >>> side["CL"]
    Pirate(position='CL', hit_points=4, shield=False, hidden=False)
    >>> side.targetable()
    ('GL', 'GR')

Inside, positions are the numbers 0 to 3 (``GL GR CL CR``) and a side keeps bit masks
of the pirates on the board and the shields, so that the rules are cheap to check.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final, NamedTuple

from pirate_rules.cards import JOKER, Card, format_cards, standard_deck
from pirate_rules.errors import InvalidMoveError, PirateRulesError

__all__ = [
    "CAPTAINS",
    "EFFECTS",
    "GUARDS",
    "HIT_POINTS",
    "POSITIONS",
    "PRIZES",
    "PRIZE_NAMES",
    "Pirate",
    "Side",
    "captain_behind",
    "card_effect",
    "check_deck",
    "guard_in_front",
]

POSITIONS: Final = ("GL", "GR", "CL", "CR")
"""The four positions, seen from the owner's side (M2)."""

GUARDS: Final = ("GL", "GR")
"""The guard row, which faces the opponent (M2)."""

CAPTAINS: Final = ("CL", "CR")
"""The captain row, behind the guards (M2)."""

HIT_POINTS: Final = 4
"""Hit points of a fresh pirate (M2)."""

PRIZES: Final = ("cave", "ship", "fort")
"""The three prizes, in the order the engine lists them (M3)."""

PRIZE_NAMES: Final = {"cave": "the Cave", "ship": "the Ship", "fort": "the Fort"}

INDEX: Final = {name: index for index, name in enumerate(POSITIONS)}
PRIZE_INDEX: Final = {name: index for index, name in enumerate(PRIZES)}
ALL: Final = 0b1111
GUARD_BITS: Final = 0b0011
CAPTAIN_BITS: Final = 0b1100


# Cards: what each rank does (index = rank, 0 = joker; the hits are the last three
# effects), and the deck (M1, M10 to M15).
E_LOST, E_SHIELD, E_TAKE, E_HIT, E_KILL, E_SLASH = range(6)
EFFECT_OF_RANK: Final = (
    E_LOST,  # joker
    E_HIT, E_SHIELD, E_HIT, E_SHIELD, E_HIT, E_SHIELD, E_HIT,  # A to 7
    E_KILL, E_SLASH, E_SHIELD, E_TAKE, E_TAKE, E_TAKE,  # 8 9 10 J Q K
)  # fmt: skip
EFFECTS: Final = ("lost", "shield", "take", "hit", "kill", "slash")
"""What cards do, by effect number (see `card_effect`)."""
EFFECT_RULES: Final = ("M15", "M11", "M14", "M10", "M12", "M13")


def card_effect(card: Card) -> str:
    """What a card does: ``"hit"`` (A 3 5 7, M10), ``"shield"`` (2 4 6 10, M11),
    ``"kill"`` (8, M12), ``"slash"`` (9, M13), ``"take"`` (J Q K, M14) or ``"lost"``
    (joker, M15).

    Examples:
        >>> from pirate_rules.cards import parse_cards
        >>> [card_effect(card) for card in parse_cards("AS 2S 8S 9S TS KS JK")]
        ['hit', 'shield', 'kill', 'slash', 'shield', 'take', 'lost']
    """
    return EFFECTS[EFFECT_OF_RANK[card.rank]]


def check_deck(cards: Sequence[Card], jokers: int) -> None:
    """Check that ``cards`` is one standard deck plus ``jokers`` jokers, each card once (M1).

    Raises:
        PirateRulesError: naming the missing and extra cards.

    Examples:
        >>> check_deck(standard_deck()[1:] + [JOKER], jokers=1)
        Traceback (most recent call last):
        ...
        pirate_rules.errors.PirateRulesError: not a deck of 52 cards and 1 joker: missing AS (M1)
    """
    check_jokers(jokers)
    expected = Counter(standard_deck() + [JOKER] * jokers)
    given = Counter(cards)
    if given != expected:
        raise PirateRulesError(
            f"not a deck of 52 cards and {jokers} joker{'s' if jokers != 1 else ''}: "
            f"{card_difference(given, expected)} (M1)"
        )


def check_jokers(jokers: object) -> None:
    """M1: the deck holds 0, 1 or 2 jokers."""
    if isinstance(jokers, bool) or jokers not in (0, 1, 2):
        raise PirateRulesError(f"jokers must be 0, 1 or 2, not {jokers!r} (M1)")


def card_difference(given: Counter[Card], expected: Counter[Card]) -> str:
    """Say how two collections of cards differ: ``"missing AS 7H, extra 9C"``."""
    problems = []
    if expected - given:
        problems.append("missing " + format_cards(sorted((expected - given).elements())))
    if given - expected:
        problems.append("extra " + format_cards(sorted((given - expected).elements())))
    return ", ".join(problems)


class Pirate(NamedTuple):
    """A snapshot of the pirate at one position.

    Attributes:
        position: ``"GL"``, ``"GR"``, ``"CL"`` or ``"CR"``.
        hit_points: 1 to 4.
        shield: Whether it carries a shield (at most one, M17).
        hidden: Whether it is hidden in the Cave (M7).
    """

    position: str
    hit_points: int
    shield: bool
    hidden: bool


def position_index(position: str) -> int:
    """The number 0 to 3 of a position name; raises `InvalidMoveError` if unknown."""
    index = INDEX.get(position.upper()) if isinstance(position, str) else None
    if index is None:
        raise InvalidMoveError(f"not a position: {position!r} (expected GL, GR, CL or CR)")
    return index


def guard_in_front(captain: str) -> str:
    """The guard position in front of a captain position (M2).

    Examples:
        >>> guard_in_front("CR")
        'GR'
    """
    return POSITIONS[position_index(captain) - 2]


def captain_behind(guard: str) -> str:
    """The captain position behind a guard position (M2).

    Examples:
        >>> captain_behind("GL")
        'CL'
    """
    return POSITIONS[position_index(guard) + 2]


def targetable_mask(board: int) -> int:
    """Which positions can be targeted, as a bit mask, given the pirates on the board.

    M16: every opposing pirate in the guard row, and each opposing captain whose guard
    position in front is empty. Hidden pirates are never on the board, so never targeted.
    """
    return (board & GUARD_BITS) | (board & CAPTAIN_BITS & ~(board << 2))


def bits(mask: int) -> tuple[int, ...]:
    """The positions (0 to 3) of the set bits of ``mask``, in order."""
    return tuple(i for i in range(4) if mask >> i & 1)


class Side:
    """One player's four positions: hit points, shields and the hidden pirate (M2).

    A new side has four pirates with four hit points each and no shield. The side
    changes only through the game (`pirate_rules.marvin.MarvinGame`); read it
    with indexing, `hit_points`, `has_shield`, `hidden` and
    `targetable`.

    Examples:
        >>> side = Side()
        >>> side.hit_points("GL"), side.has_shield("GL"), side.hidden
        (4, False, None)
        >>> side.pirates_left
        4
    """

    __slots__ = ("_board", "_hidden", "_hp", "_shields")

    def __init__(self) -> None:
        self._hp = [HIT_POINTS] * 4
        self._shields = 0
        self._board = ALL
        self._hidden = -1

    def copy(self) -> Side:
        """An independent copy of this side."""
        other = Side.__new__(Side)
        other._hp = self._hp[:]
        other._shields = self._shields
        other._board = self._board
        other._hidden = self._hidden
        return other

    def _state(self) -> tuple[object, ...]:
        return (tuple(self._hp), self._shields, self._board, self._hidden)

    def __getitem__(self, position: str) -> Pirate | None:
        """The pirate at ``position``, hidden or not, or ``None`` if the position is empty."""
        i = position_index(position)
        if not self._hp[i]:
            return None
        return Pirate(POSITIONS[i], self._hp[i], bool(self._shields >> i & 1), i == self._hidden)

    def hit_points(self, position: str) -> int:
        """Hit points of the pirate at ``position``; 0 when the position is empty."""
        return self._hp[position_index(position)]

    def has_shield(self, position: str) -> bool:
        """Whether the pirate at ``position`` carries a shield."""
        return bool(self._shields >> position_index(position) & 1)

    def on_board(self, position: str) -> bool:
        """Whether a pirate stands at ``position``: not fainted and not hidden."""
        return bool(self._board >> position_index(position) & 1)

    @property
    def hidden(self) -> str | None:
        """The position of the pirate hidden in the Cave, or ``None`` (M7)."""
        return POSITIONS[self._hidden] if self._hidden >= 0 else None

    @property
    def pirates_left(self) -> int:
        """How many pirates have not fainted, hidden ones included (M18)."""
        return sum(1 for hp in self._hp if hp)

    def targetable(self) -> tuple[str, ...]:
        """The positions the opponent may target (M16).

        Every pirate in the guard row, and each captain whose guard position in front is
        empty; never a hidden pirate.

        Examples:
            >>> side = Side()
            >>> side._faint(0)
            >>> side.targetable()
            ('GR', 'CL')
        """
        return tuple(POSITIONS[i] for i in bits(targetable_mask(self._board)))

    # Changes, used by the game. Each assumes the game has checked the move.

    def _hit(self, i: int, hits: int) -> tuple[bool, int, int]:
        """Deal ``hits`` hits to the pirate at ``i``.

        M17: a hit removes the shield if there is one, otherwise one hit point; at 0
        hit points the pirate faints. Returns (shield lost, hit points before, after).
        """
        bit = 1 << i
        before = self._hp[i]
        shield_lost = False
        if self._shields & bit:
            self._shields ^= bit
            shield_lost = True
            hits -= 1
        after = before - hits if hits < before else 0
        if after != before:
            self._hp[i] = after
            if not after:
                self._board &= ~bit
        return shield_lost, before, after

    def _faint(self, i: int) -> None:
        """The pirate at ``i`` faints: it leaves the board, its position is empty (M12, M17)."""
        bit = 1 << i
        self._hp[i] = 0
        self._shields &= ~bit
        self._board &= ~bit

    def _shield(self, i: int) -> None:
        """Put a shield on the pirate at ``i`` (M8, M11)."""
        self._shields |= 1 << i

    def _hide(self, i: int) -> None:
        """Hide the captain at ``i`` in the Cave; its position is kept (M7)."""
        self._board &= ~(1 << i)
        self._hidden = i

    def _must_return(self) -> bool:
        """M7: the hidden pirate must come back when no other pirate of its owner
        stands in the captain row."""
        return self._hidden >= 0 and not (self._board >> (self._hidden ^ 1) & 1)

    def _bring_back(self) -> int:
        """The hidden pirate comes back to its kept position (M7); returns the position."""
        i = self._hidden
        self._board |= 1 << i
        self._hidden = -1
        return i

    def _ship(self, a: int, b: int) -> bool:
        """Swap the pirates at ``a`` and ``b``, or move ``a`` into the empty ``b`` (M6).

        Returns True for a swap.
        """
        hp = self._hp
        swap = hp[b] > 0
        hp[a], hp[b] = hp[b], hp[a]
        # The shield and on-the-board bits move with the pirates: flip both bits of a
        # mask where they differ.
        both = 1 << a | 1 << b
        shields, board = self._shields, self._board
        if (shields >> a ^ shields >> b) & 1:
            self._shields = shields ^ both
        if (board >> a ^ board >> b) & 1:
            self._board = board ^ both
        return swap
