"""What the written-out steps of a turn may read and change of a game: `TurnState`.

The rules are stated in `pirate_rules.marvin.game`; the steps that bots play millions
of times are written out again, for speed, in `pirate_rules.marvin.shortcuts`. The
shortcuts do not know the game module. They know a game only as a `TurnState`: the
fields listed here, each with what it holds, and five steps of the plain rules that
they call instead of writing them out again (a move's check; the prize phase's moves,
M5, and the Cave and the Fort, M7 and M8; the reshuffle, M9), so that each of those
rules has one place, used both ways.
`pirate_rules.marvin.game.MarvinGame` is a `TurnState` (mypy checks it where
`pirate_rules.marvin.playout` hands the game to the shortcuts).

A side's pirates are read and changed through `pirate_rules.marvin.table.Side`, whose
bit masks both ways use; the legal moves of each situation come from the tables of
`pirate_rules.marvin.moves` (``TARGETS``, ``SHIELDABLE``, ``TAKES``, ``POWER_TABLE``),
which both ways read too.

Where a rule is written out again (a hit, a faint, a shield, a prize taken, the end of
the turn, the draw: see `pirate_rules.marvin.shortcuts.play_on`), the copy is held to
the plain step by ``tests/test_fast_paths.py``, which plays thousands of games both
ways and compares every state.
"""

from __future__ import annotations

from typing import Final, Protocol

from pirate_rules.cards import Card
from pirate_rules.marvin.moves import LegalMoves, Move
from pirate_rules.marvin.table import Side

__all__ = ["NEVER", "TurnState"]

NEVER: Final = 2**30 - 1
"""A turn number no game reaches: play to the end. (Not ``sys.maxsize``: Python compares
numbers below 2**30 more quickly, and the loop compares the turn with it at every choice.)"""


class TurnState(Protocol):
    """A game of *Marvin's Pirates Go!* as the written-out steps see it.

    The fields, which the steps read and change directly:

    Attributes:
        _to_move: The player whose turn it is, 0 or 1.
        _turn: How many turns have been played to the end.
        _drawn: The card drawn this turn, waiting for its choice; None in the prize
            phase and once the game is over.
        _phase: ``"prize"``, ``"card"`` or ``"over"``.
        _legal: The legal moves at this decision point (`pirate_rules.marvin.moves.LegalMoves`).
        _sides: Each player's side (`pirate_rules.marvin.table.Side`).
        _holder: For each prize (cave, ship, fort), the player holding it, or -1 while
            it is in the bank (M3, M14).
        _held: For each player, the prizes held as bits (1 cave, 2 ship, 4 fort).
        _pile: The draw pile, top card last (M9).
        _discard: The discard pile, the most recent card last.
        _events: The log as data (`pirate_rules.marvin.display` reads it): the one
            record of the game, to which each step adds its events.

    The steps of the plain rules the shortcuts call, each with ``_to_move`` and
    ``_turn`` written back first: ``_listed(move)``, a move checked (or refused with
    its rule); ``_power_moves(player)``, the prize phase's moves (M5) when the table
    has not worked them out yet; ``_use_power(move)``, the Cave or the Fort (M7, M8);
    ``_shuffled_discard()`` and ``_reshuffle(order)``, the discard pile made the draw
    pile again (M9).
    """

    _to_move: int
    _turn: int
    _drawn: Card | None
    _phase: str
    _legal: LegalMoves
    _sides: tuple[Side, Side]
    _holder: list[int]
    _held: list[int]
    _pile: list[Card]
    _discard: list[Card]
    _events: list[tuple[object, ...]]

    def _listed(self, move: object) -> Move:
        """The listed form of ``move`` (a `Move` or its notation), or raise why it is
        refused, naming the rule, with the game unchanged."""
        ...

    def _power_moves(self, player: int) -> LegalMoves | None:
        """The prize phase's moves of ``player`` (M5), or None if no power is usable;
        worked out once per situation in `pirate_rules.marvin.moves.POWER_TABLE`."""
        ...

    def _use_power(self, move: Move) -> None:
        """Use the prize power ``move`` of the player to move (M5 to M8), logging it."""
        ...

    def _shuffled_discard(self) -> list[Card]:
        """The discard pile shuffled with the game's own generator: the new draw
        pile's order, top first (M9)."""
        ...

    def _reshuffle(self, order: list[Card]) -> None:
        """The discard pile becomes the draw pile in ``order``, top first (M9), logged."""
        ...
