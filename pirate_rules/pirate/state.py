"""What the written-out moments may read and change of a game: `MomentState`.

The rules are stated in `pirate_rules.pirate.game`; the moments that bots play millions
of times are written out again, for speed, in `pirate_rules.pirate.shortcuts`. The
shortcuts do not know the game module. They know a game only as a `MomentState`: the
fields listed here, each with what it holds, and the steps of the plain rules that they
call instead of writing them out again (a restock, P5; a claim, P9; the captures and
sinkings, P7 and P8; the end, P10 and P11), so that each of those rules has one place,
used both ways. `pirate_rules.pirate.game.PirateGame` is a `MomentState` (mypy checks it
where `pirate_rules.pirate.playout` hands the game to the shortcuts).

A ship is read and changed through `pirate_rules.pirate.ships.Ship` (its halves, what
each half needs next, the ranks it holds), which both ways use.

Where a rule is written out again (a turn, P5; a play, P6; the checks of both actions;
the cheap look for the end), the copy is held to the plain step by
``tests/test_fast_paths.py``, which plays thousands of games both ways and compares
every state.
"""

from __future__ import annotations

from typing import Protocol

from pirate_rules.cards import Card
from pirate_rules.logs import Log
from pirate_rules.pirate.actions import Action
from pirate_rules.pirate.ships import Ship

__all__ = ["MomentState"]


class MomentState(Protocol):
    """A game of *Pirate* as the written-out moments see it.

    The fields, which the moments read and change directly:

    Attributes:
        moment: How many moments have been played.
        history: Every moment played, as two letters; a moment is added to its
            ``tail``.
        captured: The ships each player captured (P7).
        _stocks: Each player's stock, top card last (P3).
        _wastes: Each player's waste, top card last (P3). Each player keeps the same
            two lists all game long, so a loop may hold on to them.
        _fresh: For each player, whether the top waste card is the one turned last (P9).
        _held: For each player and suit (spades first), the ranks still in the player's
            stock and waste, as bits (P11).
        _ships: The current ship of each suit, spades first (P6, P8).

    What the moments read of the end: ``_outcome``, how the game ended, or None while it
    goes on (P10, P11). The steps of the plain rules they call: ``apply_moment``, for
    a moment they leave to the plain code; ``_turn(player)`` for a restock (P5);
    ``_play(player, touched)`` (P6) and ``_claim(player, owner_action, touched)`` (P9)
    in a moment with a claim; ``_complete_touched(touched)``, the captures and
    sinkings (P7, P8); ``_suit_fits(index)``, whether a suit can still take a card
    (P11); and ``_look_for_end()``, the whole table looked at (P10, P11).
    """

    moment: int
    history: Log[str]
    captured: tuple[list[Ship], list[Ship]]
    _stocks: list[list[Card]]
    _wastes: list[list[Card]]
    _fresh: list[bool]
    _held: list[list[int]]
    _ships: list[Ship]

    @property
    def _outcome(self) -> object:
        """How the game ended, or None while it goes on (P10, P11); set by `_look_for_end`."""
        ...

    def apply_moment(self, first: str | Action, second: str | Action | None = None) -> None:
        """Play one moment the plain way: check both actions, then apply them (P4)."""
        ...

    def _turn(self, player: int) -> None:
        """P5: turn the top stock card, or, with no stock, the waste over as the stock."""
        ...

    def _play(self, player: int, touched: list[int]) -> None:
        """P6: put the top waste card (checked to fit) on the player's own half."""
        ...

    def _claim(self, player: int, owner_action: Action, touched: list[int]) -> None:
        """P9: the observer ``player`` takes the owner's card, checked to be claimable."""
        ...

    def _complete_touched(self, touched: list[int]) -> None:
        """P7, P8: capture or sink each completed ship that a player put a card on."""
        ...

    def _suit_fits(self, index: int) -> bool:
        """P11, for one suit: whether some stock or waste card of it can still be placed."""
        ...

    def _look_for_end(self) -> None:
        """P10, P11: set the outcome if the game is over, looking at the whole table."""
        ...
