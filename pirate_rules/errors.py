"""The errors the engine raises, shared by both games.

Every error is a :class:`ValueError`, split by cause as python-chess does:

* :class:`InvalidCardError` and :class:`InvalidMoveError`: the text could not be read at all;
* :class:`IllegalMoveError`: the move is well formed but a rule forbids it; it names the rule id;
* :class:`RecordError`: a game record is malformed (not JSON, wrong shape, too large);
* :class:`ReplayError`: a record's move breaks a rule; it names the turn or moment and the rule.

Example:
    >>> err = IllegalMoveError("target CL is not targetable", rule="M16")
    >>> str(err)
    'target CL is not targetable (M16)'
    >>> err.rule
    'M16'
    >>> isinstance(err, ValueError)
    True
"""

from __future__ import annotations

__all__ = [
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidMoveError",
    "PirateRulesError",
    "RecordError",
    "ReplayError",
]


class PirateRulesError(ValueError):
    """Base class of every error raised on bad input: catch this to catch them all."""


class InvalidCardError(PirateRulesError):
    """Card notation that cannot be read, such as ``'1H'`` or ``'ZZ'``."""


class InvalidMoveError(PirateRulesError):
    """Move notation that cannot be read, whatever the position."""


class IllegalMoveError(PirateRulesError):
    """A well-formed move that the rules forbid here.

    Args:
        reason: Why the move is refused, in plain words.
        rule: The id of the rule that forbids it, such as ``"M16"`` or ``"P6"``.
    """

    def __init__(self, reason: str, rule: str) -> None:
        super().__init__(f"{reason} ({rule})")
        self.reason = reason
        self.rule = rule


class RecordError(PirateRulesError):
    """A game record that cannot be read: not JSON, the wrong shape, or too large."""


class ReplayError(PirateRulesError):
    """A record whose moves break the rules.

    Args:
        where: The place in the record, such as ``"turn 12"`` or ``"moment 40"``.
        error: The error the move raised.

    Example:
        >>> str(ReplayError("turn 12", IllegalMoveError("no pirate at GL", rule="M6")))
        'turn 12: no pirate at GL (M6)'
    """

    def __init__(self, where: str, error: PirateRulesError) -> None:
        super().__init__(f"{where}: {error}")
        self.where = where
        self.error = error
        self.rule: str | None = getattr(error, "rule", None)
