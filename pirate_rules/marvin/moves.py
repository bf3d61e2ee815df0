"""Moves: the choices a player makes, as small immutable values with a short notation.

A turn has at most two choices (M5): first a prize power or ``draw``, then what the
drawn card does. Each move prints as its notation and reads back with `Move.parse`:

| notation | meaning |
| --- | --- |
| `draw` | use no prize power this turn: go on to the draw (M5, M9) |
| `ship GL CR` | Ship: swap the pirates at GL and CR, or move GL into an empty CR (M6) |
| `cave CL` | Cave: hide the captain at CL (M7) |
| `fort GR` | Fort: put a shield on the guard at GR (M8) |
| `GL` | the drawn card's target: an opposing pirate to hit, or your own to shield (M10-M13) |
| `take cave` | a J, Q or K takes the Cave, from the bank or the opponent (M14) |

For example:

    >>> move = Move.parse("Ship gl cr")
    >>> move
    Move.parse('ship GL CR')
    >>> str(move), move.kind, move.position, move.to
    ('ship GL CR', 'ship', 'GL', 'CR')
    >>> Move.parse("fly GL")
    Traceback (most recent call last):
    ...
    pirate_rules.errors.InvalidMoveError: not a move: 'fly GL' (expected 'draw', 'ship GL CR', ...)

Each distinct move exists once, so moves compare and hash as cheaply as numbers:

    >>> Move.parse("take fort") is Move.take("fort")
    True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Final

from pirate_rules.errors import InvalidMoveError
from pirate_rules.marvin.table import (
    POSITIONS,
    PRIZE_INDEX,
    PRIZES,
    bits,
    position_index,
    targetable_mask,
)

__all__ = ["CARD", "DRAW", "KINDS", "OVER", "PHASES", "PRIZE", "LegalMoves", "Move", "power_moves"]

PRIZE: Final = "prize"
CARD: Final = "card"
OVER: Final = "over"
PHASES: Final = (PRIZE, CARD, OVER)
"""The phases of a game: ``"prize"`` (power or draw), ``"card"`` (the drawn card's
choice), ``"over"``."""

KINDS: Final = ("draw", "ship", "cave", "fort", "target", "take")
"""The kinds of move: the prize phase has ``draw ship cave fort``, the card ``target take``."""

# Kind numbers, for the engine.
K_DRAW, K_SHIP, K_CAVE, K_FORT, K_TARGET, K_TAKE = range(6)

_EXPECTED = (
    "expected 'draw', 'ship GL CR', 'cave CL', 'fort GL', a position like 'GL', or 'take cave'"
)


class Move:
    """One choice of a player: a prize power, ``draw``, a target, or a prize to take.

    Build moves with `parse` or the constructors `ship`, `cave`,
    `fort`, `target` and `take`; ``draw`` is `DRAW`.

    Attributes:
        kind: ``"draw"``, ``"ship"``, ``"cave"``, ``"fort"``, ``"target"`` or ``"take"``.
        position: The position the move names first (the Ship's ``from``), or ``None``.
        to: The Ship's destination, or ``None``.
        prize: The prize to take, or ``None``.

    Examples:
        >>> Move.target("GL"), Move.cave("CR"), Move.take("ship")
        (Move.parse('GL'), Move.parse('cave CR'), Move.parse('take ship'))
    """

    __slots__ = ("_a", "_b", "_code", "_text", "kind", "position", "prize", "to")
    _interned: ClassVar[dict[tuple[int, int, int], Move]] = {}
    _by_text: ClassVar[dict[str, Move]] = {}

    kind: str
    position: str | None
    to: str | None
    prize: str | None
    _code: int
    _a: int
    _b: int
    _text: str

    def __new__(cls, code: int, a: int = -1, b: int = -1) -> Move:
        move = cls._interned.get((code, a, b))
        if move is None:
            raise InvalidMoveError(f"no such move: {(code, a, b)!r}")
        return move

    @classmethod
    def _make(cls, code: int, a: int = -1, b: int = -1) -> Move:
        move = object.__new__(cls)
        kind = KINDS[code]
        if code == K_DRAW:
            text = "draw"
        elif code == K_SHIP:
            text = f"ship {POSITIONS[a]} {POSITIONS[b]}"
        elif code == K_TARGET:
            text = POSITIONS[a]
        elif code == K_TAKE:
            text = f"take {PRIZES[a]}"
        else:
            text = f"{kind} {POSITIONS[a]}"
        values = {
            "kind": kind,
            "position": POSITIONS[a] if code != K_TAKE and a >= 0 else None,
            "to": POSITIONS[b] if b >= 0 else None,
            "prize": PRIZES[a] if code == K_TAKE else None,
            "_code": code,
            "_a": a,
            "_b": b,
            "_text": text,
        }
        for name, value in values.items():
            object.__setattr__(move, name, value)
        cls._interned[(code, a, b)] = move
        cls._by_text[text.lower()] = move
        return move

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("moves are immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Move.parse, (self._text,))

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move from its notation; case and extra spaces do not matter.

        ``target GL`` is accepted as another spelling of ``GL``.

        Raises:
            InvalidMoveError: if ``text`` is not a move in any position; the message quotes it.

        Examples:
            >>> Move.parse(" TAKE  Cave "), Move.parse("target cl")
            (Move.parse('take cave'), Move.parse('CL'))
            >>> Move.parse("ship GL GL")
            Traceback (most recent call last):
            ...
            pirate_rules.errors.InvalidMoveError: not a move: 'ship GL GL' (the Ship needs two ...)
        """
        if not isinstance(text, str):
            raise InvalidMoveError(f"not a move: {text!r} ({_EXPECTED})")
        words = text.lower().split()
        if len(words) == 2 and words[0] == "target":
            words = words[1:]
        move = cls._by_text.get(" ".join(words))
        if move is None:
            if len(words) == 3 and words[0] == "ship" and words[1] == words[2]:
                raise InvalidMoveError(
                    f"not a move: {text!r} (the Ship needs two different positions)"
                )
            raise InvalidMoveError(f"not a move: {text!r} ({_EXPECTED})")
        return move

    @classmethod
    def ship(cls, position: str, to: str) -> Move:
        """The Ship's power: swap ``position`` and ``to``, or move into an empty ``to`` (M6)."""
        a, b = position_index(position), position_index(to)
        if a == b:
            raise InvalidMoveError(
                f"not a move: 'ship {position} {to}' (the Ship needs two different positions)"
            )
        return cls(K_SHIP, a, b)

    @classmethod
    def cave(cls, position: str) -> Move:
        """The Cave's power: hide the captain at ``position`` (M7)."""
        return cls(K_CAVE, position_index(position))

    @classmethod
    def fort(cls, position: str) -> Move:
        """The Fort's power: shield the guard at ``position`` (M8)."""
        return cls(K_FORT, position_index(position))

    @classmethod
    def target(cls, position: str) -> Move:
        """The drawn card's target: an opposing pirate to hit, or one of yours to shield."""
        return cls(K_TARGET, position_index(position))

    @classmethod
    def take(cls, prize: str) -> Move:
        """Take ``prize`` (``"cave"``, ``"ship"`` or ``"fort"``) with a J, Q or K (M14)."""
        index = PRIZE_INDEX.get(prize.lower()) if isinstance(prize, str) else None
        if index is None:
            raise InvalidMoveError(f"not a prize: {prize!r} (expected cave, ship or fort)")
        return cls(K_TAKE, index)

    @property
    def is_power(self) -> bool:
        """True for the prize phase's moves that use a power: ship, cave and fort."""
        return K_SHIP <= self._code <= K_FORT

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Move.parse({self._text!r})"


Move._make(K_DRAW)
for _a in range(4):
    for _b in range(4):
        if _a != _b:
            Move._make(K_SHIP, _a, _b)
    for _code in (K_CAVE, K_FORT, K_TARGET):
        Move._make(_code, _a)
for _a in range(3):
    Move._make(K_TAKE, _a)

DRAW: Final = Move(K_DRAW)
"""The move ``draw``: use no prize power this turn (M5)."""

_tuple_contains = tuple.__contains__


class LegalMoves(tuple[Move, ...]):
    """The legal moves at one decision point: a tuple you can iterate, count and index.

    Each choice is listed once; a Ship swap is listed with its lower position first
    (``ship GL CR``), and ``in`` and `find` also accept it the other way round.
    ``in`` accepts notation too.

    Examples:
        >>> moves = LegalMoves([Move.parse("ship GL CR"), DRAW], swaps=1)
        >>> len(moves), "draw" in moves, "ship CR GL" in moves, "GL" in moves
        (2, True, True, False)
        >>> moves
        <LegalMoves: ship GL CR, draw>
    """

    _aliases: dict[Move, Move]

    def __new__(cls, moves: Iterable[Move] = (), swaps: int = 0) -> LegalMoves:
        """List ``moves``; the first ``swaps`` of them are Ship swaps."""
        self = super().__new__(cls, moves)
        self._aliases = {Move(K_SHIP, m._b, m._a): m for m in self[:swaps]}
        return self

    def find(self, move: Move) -> Move | None:
        """The listed move equal to ``move`` (a swap may be given in either order), or None."""
        if _tuple_contains(self, move):
            return move
        return self._aliases.get(move)

    def __contains__(self, move: object) -> bool:
        if isinstance(move, str):
            try:
                move = Move.parse(move)
            except InvalidMoveError:
                return False
        return isinstance(move, Move) and self.find(move) is not None

    def __str__(self) -> str:
        return ", ".join(move._text for move in self)

    def __repr__(self) -> str:
        return f"<LegalMoves: {self}>"


NO_MOVES: Final = LegalMoves()
ONLY_DRAW: Final = LegalMoves((DRAW,))


def _targets(positions: Iterable[int]) -> LegalMoves:
    return LegalMoves(Move(K_TARGET, i) for i in positions)


TARGETS: Final = tuple(_targets(bits(targetable_mask(board))) for board in range(16))
"""For each mask of opposing pirates on the board, the targets of a hit card (M16)."""

SHIELDABLE: Final = tuple(_targets(bits(mask)) for mask in range(16))
"""For each mask of own pirates on the board without a shield, the targets of a shield card."""

TAKES: Final = tuple(
    LegalMoves(Move(K_TAKE, i) for i in range(3) if not held >> i & 1) for held in range(8)
)
"""For each mask of prizes held by the player, the prizes a J, Q or K can take (M14)."""


NOT_WORKED_OUT: Final = LegalMoves()
"""Marks an entry of a power table (`power_table`) not worked out yet. It is told apart
by identity (``is``); it is an empty `LegalMoves` of its own, which no real entry is (a
prize phase's moves are never empty)."""

PowerTable = list[list[list[list[LegalMoves | None]]]]
"""`power_moves` of every side, by ``[held][board][hidden + 1][shields]``."""


def power_table() -> PowerTable:
    """A new table of `power_moves`, with no entry worked out (`NOT_WORKED_OUT`).

    Example:
        >>> power_table()[2][0b1111][0][0] is NOT_WORKED_OUT
        True
    """
    return [
        [[[NOT_WORKED_OUT] * 16 for hidden in range(5)] for board in range(16)] for held in range(8)
    ]


POWER_TABLE: PowerTable = power_table()
"""`power_moves` by ``[held][board][hidden + 1][shields]``, filled as they occur (see
`MarvinGame._power_moves`). Every shield bit is an index, although `power_moves` reads
only the guards' (M8): a misreading that lets the Fort shield a captain then gets entries
of its own. The prize phase is looked up at nearly every turn; four small
list indexes are read about three times as quickly as one number packed from the four
parts is built and looked up (packing takes Python's slower general arithmetic, and
the packed number is a new object each time)."""


def power_moves(board: int, hidden: int, shields: int, held: int) -> LegalMoves | None:
    """The prize phase's moves for one side, or None when no power is usable (M5).

    Args:
        board: Bit mask of the side's pirates on the board (bit 0 is GL ... bit 3 CR).
        hidden: The hidden pirate's position number, or -1.
        shields: Bit mask of the shields.
        held: Bit mask of the prizes held (bit 0 Cave, 1 Ship, 2 Fort).

    M6 Ship: swap two pirates on the board (listed first, once each, lower position
    first), or move one into an empty position; the hidden pirate's kept position is
    not empty.
    M7 Cave: hide a captain when both captains stand and none is hidden.
    M8 Fort: shield an unshielded guard when both guards stand.
    """
    moves = []
    swaps = 0
    if held >> PRIZE_INDEX["ship"] & 1:
        kept = 1 << hidden if hidden >= 0 else 0
        empty = 0b1111 & ~board & ~kept
        on_board = bits(board)
        moves += [Move(K_SHIP, a, b) for a in on_board for b in on_board if a < b]
        swaps = len(moves)
        moves += [Move(K_SHIP, a, b) for a in on_board for b in bits(empty)]
    if held >> PRIZE_INDEX["cave"] & 1 and hidden < 0 and board & 0b1100 == 0b1100:
        moves += [Move(K_CAVE, 2), Move(K_CAVE, 3)]
    if held >> PRIZE_INDEX["fort"] & 1 and board & 0b11 == 0b11:
        moves += [Move(K_FORT, i) for i in (0, 1) if not shields >> i & 1]
    if not moves:
        return None
    moves.append(DRAW)
    return LegalMoves(moves, swaps)
