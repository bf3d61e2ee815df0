"""An append-only list whose past cannot change unseen: a game's log of moments and events.

A game's log only grows, and a referee must know at every choice of a bot that nothing
in it changed. Read whole, that costs a look at every entry at every choice, more the
longer the game. A :class:`Log` keeps its entries in sealed blocks (tuples, which
nothing can change) and an open tail, a plain list that the engine appends to at list
speed. :meth:`Log.seal`, all that a comparison needs, first seals the tail's whole
blocks, then gives the sealed blocks (the same object until the log has grown by a
block) and what is left of the tail (fewer than `BLOCK` entries). So a change
anywhere, by any means, shows in the seal, at a cost that does not grow with the game.

It reads as the list it stands for:

    >>> log = Log(["TT", "TP"])
    >>> log.append("PW")
    >>> log, len(log), log[-1], log[:2]
    (['TT', 'TP', 'PW'], 3, 'PW', ['TT', 'TP'])
    >>> log == ["TT", "TP", "PW"]
    True
    >>> before = log.seal()
    >>> log[0] = "WW"
    >>> log.seal() == before
    False
    >>> log.tail.append("TT")  # as the engine appends: the seal sees it too
    >>> len(log), log.seal() == Log(["WW", "TP", "PW"]).seal()
    (4, False)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from typing import Any, Final, Generic, SupportsIndex, TypeVar, overload

__all__ = ["BLOCK", "Log"]

T = TypeVar("T")

BLOCK: Final = 32
"""Entries per sealed block: fewer than this are left open by a seal."""


class Log(Generic[T]):
    """An append-only list of immutable entries, sealed in blocks (see the module).

    Attributes:
        tail: The entries not sealed yet, last: a plain list, which the engine appends
            to directly (``log.tail.append(entry)``, as fast as a list).

    Changing an entry (``log[i] = x``) or taking the last one off (:meth:`pop`) is
    allowed, for code that rewrites a log on purpose; it costs a rebuild, and it shows
    in the seal.
    """

    __slots__ = ("_sealed", "tail")

    def __init__(self, entries: Iterable[T] = ()) -> None:
        self._sealed: tuple[tuple[T, ...], ...] = ()
        self.tail: list[T] = list(entries)

    def append(self, entry: T) -> None:
        """Add ``entry`` at the end."""
        self.tail.append(entry)

    def seal(self) -> tuple[object, ...]:
        """What tells this log apart from any other state of it: its sealed blocks
        (compared as one object while they are the same) and the rest of its tail, after
        sealing the tail's whole blocks. Constant time, but for the entries added since
        the last seal."""
        tail = self.tail
        if len(tail) >= BLOCK:
            cut = len(tail) - len(tail) % BLOCK
            blocks = tuple(tuple(tail[i : i + BLOCK]) for i in range(0, cut, BLOCK))
            self._sealed += blocks
            del tail[:cut]
        return (self._sealed, *tail)

    def copy(self) -> Log[T]:
        """An independent copy (the sealed blocks are shared: they cannot change)."""
        other: Log[T] = Log.__new__(Log)
        other._sealed = self._sealed
        other.tail = list(self.tail)
        return other

    def pop(self) -> T:
        """Take the last entry off, and return it."""
        entries = list(self)
        last = entries.pop()
        self._rebuild(entries)
        return last

    def _rebuild(self, entries: list[T]) -> None:
        self._sealed = ()
        self.tail = entries

    def __len__(self) -> int:
        return len(self._sealed) * BLOCK + len(self.tail)

    def __iter__(self) -> Iterator[T]:
        return itertools.chain(itertools.chain.from_iterable(self._sealed), self.tail)

    def __bool__(self) -> bool:
        return bool(self._sealed or self.tail)

    @overload
    def __getitem__(self, index: SupportsIndex) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...
    def __getitem__(self, index: SupportsIndex | slice) -> T | list[T]:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step != 1:
                return list(self)[index]
            # Only the blocks from the slice's start on are read: the newest entries
            # (``log[seen:]``) cost what they hold, not the whole log.
            first = min(start // BLOCK, len(self._sealed))
            skipped = first * BLOCK
            later = itertools.chain.from_iterable(self._sealed[first:])
            entries = itertools.chain(later, self.tail)
            return list(itertools.islice(entries, start - skipped, max(start, stop) - skipped))
        at = index.__index__()
        if at < 0:
            at += len(self)
        block, offset = divmod(at, BLOCK)
        if at >= 0 and block < len(self._sealed):
            return self._sealed[block][offset]
        if 0 <= at < len(self):
            return self.tail[at - len(self._sealed) * BLOCK]
        raise IndexError("log index out of range")

    def __setitem__(self, index: SupportsIndex, entry: T) -> None:
        entries = list(self)
        entries[index] = entry
        self._rebuild(entries)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Log):
            return list(self) == list(other)
        if isinstance(other, (list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # a log changes: it is no dictionary key

    def __repr__(self) -> str:
        return repr(list(self))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Log, (list(self),))
