"""The errors the engine raises, shared by both games.

Every error is a :class:`ValueError`, split by cause as python-chess does:

* :class:`InvalidCardError` and :class:`InvalidMoveError`: the text could not be read at all;
* :class:`IllegalMoveError`: the move is well formed but a rule forbids it; it names the rule id;
* :class:`RecordError`: a game record is malformed (not JSON, wrong shape, too large);
* :class:`ReplayError`: a record's move breaks a rule; it names the turn or moment and the rule;
* :class:`UnknownBotError`: no bot answers to a name;
* :class:`BotError`: a bot's own code failed: it names the bot, its seat, the game and where.

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

import re
from typing import Any

__all__ = [
    "BotError",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidMoveError",
    "PirateRulesError",
    "RecordError",
    "ReplayError",
    "UnknownBotError",
    "one_line",
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


class UnknownBotError(PirateRulesError):
    """No bot answers to a name: not registered, and no such file, module or class."""


class BotError(PirateRulesError):
    """A bot's own code failed; the message is one line that says who, when, what and where.

    Args:
        problem: What went wrong, in plain words.
        bot: The bot as it was named (``"random"``, ``"my_bots:Mine"``, ``"bots/x.py:Mine"``).
        seat: The bot's seat, 0 or 1, when known.
        seed: The seed of the game being played, when a game had started.
        when: The turn or moment, such as ``"turn 3"`` or ``"moment 12"``.
        location: ``file:line`` in the bot's code, when known.
        rule: The rule id an illegal move broke.
        details: The full traceback, for people debugging their bot.
        worker: The cluster worker that played the game, when it was not this process.

    Example:
        >>> error = BotError("choose() raised KeyError: 'GL'", bot="mine.py:Mine", seat=1,
        ...                  seed=7, when="turn 3", location="mine.py:12")
        >>> print(error)
        bot 'mine.py:Mine' in seat 1, game seed 7, turn 3: choose() raised KeyError: 'GL' (mine...)
        >>> str(BotError("it took KS", bot="x", rule="M9"))
        "bot 'x': it took KS (M9)"
    """

    def __init__(
        self,
        problem: str,
        *,
        bot: str,
        seat: int | None = None,
        seed: int | None = None,
        when: str = "",
        location: str = "",
        rule: str | None = None,
        details: str = "",
        worker: str = "",
    ) -> None:
        self.problem = problem
        self.bot = bot
        self.seat = seat
        self.seed = seed
        self.when = when
        self.location = location
        self.rule = rule
        self.details = details
        self.worker = worker
        self.raised: BaseException | None = None
        """What the bot's own code raised, in the process that played the game (not sent
        back from another process), for a traceback through the bot's own lines."""
        who = [f"bot {one_line(bot)!r}"]
        if seat is not None:
            who[0] += f" in seat {seat}"
        if seed is not None:
            who.append(f"game seed {seed}")
        if when:
            who.append(when)
        notes = [note for note in (location, rule) if note]
        text = f"{', '.join(who)}: {problem}" + (f" ({', '.join(notes)})" if notes else "")
        super().__init__(text + (f", on worker {worker}" if worker else ""))

    def placed(self, **context: Any) -> BotError:
        """The same error with more context (``seat``, ``seed``, ``when``...)."""
        error = BotError(**{**self._fields(), **context})
        error.raised = self.raised
        return error

    def _fields(self) -> dict[str, Any]:
        names = ("problem", "bot", "seat", "seed", "when", "location", "rule", "details", "worker")
        return {name: getattr(self, name) for name in names}

    def __reduce__(self) -> tuple[Any, ...]:
        # Sent back from worker processes as data, so it must survive pickling.
        return (_rebuild_bot_error, (self._fields(),))


def _rebuild_bot_error(fields: dict[str, Any]) -> BotError:
    return BotError(**fields)


def one_line(text: str, limit: int = 300) -> str:
    r"""``text`` made safe for one line of a terminal: control characters escaped, cut short.

    Example:
        >>> print(one_line("Ann\x1b[2J\nBen"))
        Ann\x1b[2J\nBen
        >>> len(one_line("x" * 1000, limit=20))
        20
    """
    if not text.isprintable():
        text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    if len(text) > 20:
        text = _LONG_NUMBER.sub(_short_number, text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


_LONG_NUMBER = re.compile(r"\d{21,}")


def _short_number(found: re.Match[str]) -> str:
    """A number of more than 20 digits, as its first and last 8 and how many there are.

    Example:
        >>> one_line("not 0 or 1: " + "7" * 30)
        'not 0 or 1: 77777777…77777777 (30 digits)'
    """
    digits = found.group()
    return f"{digits[:8]}…{digits[-8:]} ({len(digits):,} digits)"
