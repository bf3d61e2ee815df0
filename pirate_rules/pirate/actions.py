"""Actions and moments: what a player does at one moment of real time (P4).

Each moment, each player picks one action, written with one letter:

* ``T`` turn: the top stock card goes face up onto the waste (P5);
* ``P`` play: the top waste card goes onto the player's own half of its suit's ship (P6);
* ``C`` claim: an observer takes the opponent's newly turned card (P9);
* ``W`` wait: do nothing this moment.

A moment is the pair of actions, player 0's letter then player 1's, such as ``"TP"``.

    >>> Action.TURN
    Action.TURN
    >>> str(Action.PLAY), Action("C").name
    ('P', 'CLAIM')
    >>> parse_moment("tp")
    (Action.TURN, Action.PLAY)
    >>> parse_moment("TX")
    Traceback (most recent call last):
    ...
    pirate_rules.errors.InvalidMoveError: not an action: 'X' (expected one of T, P, C, W)
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from pirate_rules.errors import InvalidMoveError

__all__ = ["Action", "parse_action", "parse_moment"]


class Action(StrEnum):
    """One player's action in one moment; its value is its letter (P4).

    Being a string enum, an action compares equal to its letter: ``Action.TURN == "T"``.
    """

    TURN = "T"
    PLAY = "P"
    CLAIM = "C"
    WAIT = "W"

    def __repr__(self) -> str:
        return f"Action.{self.name}"


_BY_LETTER: Final = {letter: action for action in Action for letter in (action, action.lower())}


def parse_action(text: str | Action) -> Action:
    """Read one action letter, ``T P C W`` (lower case accepted).

    Raises:
        InvalidMoveError: if ``text`` is not one of the four letters.

    Example:
        >>> parse_action("w")
        Action.WAIT
    """
    action = _BY_LETTER.get(text) if isinstance(text, str) else None
    if action is None:
        raise InvalidMoveError(f"not an action: {text!r} (expected one of T, P, C, W)")
    return action


def parse_moment(first: str | Action, second: str | Action | None = None) -> tuple[Action, Action]:
    """Read a moment: two letters in one string (``"TP"``) or one letter per player.

    Raises:
        InvalidMoveError: if the text is not exactly one action for each player.

    Example:
        >>> parse_moment("W", "c")
        (Action.WAIT, Action.CLAIM)
    """
    if type(first) is Action and type(second) is Action:
        return first, second
    if second is None:
        if not isinstance(first, str) or len(first) != 2:
            raise InvalidMoveError(
                f"not a moment: {first!r} (expected two letters from T, P, C, W, such as 'TP')"
            )
        first, second = first[0], first[1]
    return parse_action(first), parse_action(second)
