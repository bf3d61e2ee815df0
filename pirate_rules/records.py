"""Game records of either game: replay by the record's ``"game"``, from files, standard
input, and JSON Lines collections.

The format and the field readers both games share are in
:mod:`pirate_rules.record_format`; each game writes and replays its own records
(:mod:`pirate_rules.marvin.record`, :mod:`pirate_rules.pirate.record`). This module sits
above them all: it picks the game, reads a record file or ``-`` (standard input), and
checks a whole collection, one record per line, naming each failure by its line.

    >>> from pirate_rules.simulate import play_match
    >>> from pirate_rules.marvin import to_record
    >>> good = json.dumps(to_record(play_match("marvin", 1)))
    >>> report = check_collection(enumerate([good, "{}", good], start=1))
    >>> report.records, report.failed
    (3, 1)
    >>> for number, error in report.failures:
    ...     print(f"line {number}: {error}")
    line 2: not a game record: it has no 'game' and no 'format' (a record of format 1 starts ...)
"""

from __future__ import annotations

import itertools
import json
import os
import re
import stat
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from dataclasses import field as default
from pathlib import Path
from typing import IO, Any, Final

from pirate_rules.errors import PirateRulesError, RecordError, one_line
from pirate_rules.marvin import MarvinGame
from pirate_rules.marvin import record as marvin_record
from pirate_rules.pirate import record as pirate_record
from pirate_rules.record_format import (
    FORMAT,
    GAMES,
    MARVIN,
    MAX_RECORD_BYTES,
    PIRATE,
    TITLES,
    field,
    load_record,
    read_card_list,
    read_players,
)

__all__ = [
    "FORMAT",
    "GAMES",
    "MARVIN",
    "MAX_RECORD_BYTES",
    "PIRATE",
    "CollectionReport",
    "check_collection",
    "describe_summary",
    "field",
    "load_record",
    "open_records",
    "read_card_list",
    "read_players",
    "read_record_file",
    "replay",
    "replay_summary",
]

FAILURES_SHOWN: Final = 10
"""How many failing records a collection report names."""


def replay(record: str | bytes | Mapping[str, Any], *, name: str = "") -> Any:
    """Replay a record of either game, checking every move; returns the game at its end.

    A record with a ``seed`` must start with that seed's deal; so must one whose file
    ``name`` is ``marvin-S.json`` or ``pirate-S.json`` (see :mod:`pirate_rules.deals`).

    Raises:
        RecordError: if the record is malformed, or is not its seed's deal.
        ReplayError: at the first move that breaks a rule.
    """
    from pirate_rules.deals import check_deal, seed_of_name

    data = load_record(record)
    game: Any = (marvin_record if data["game"] == MARVIN else pirate_record).replay(data)
    check_deal(data, seed_of_name(name, data["game"]) if name else None)
    return game


def read_record_file(path: str | Path) -> dict[str, Any]:
    """Read and check one record from a file, or from standard input for ``"-"``.

    Files over :data:`MAX_RECORD_BYTES` are refused unread.

    Raises:
        RecordError: if the file cannot be read or is not a record.
    """
    if str(path) != "-" and Path(path).is_dir():
        raise RecordError(f"{one_line(str(path), 200)} is a folder, not a record file")
    with _opened(path) as stream:
        return load_record(_read_limited(stream, b""))


def open_records(path: str | Path) -> tuple[str, Any]:
    """Open a record file, a folder of records or ``"-"``, and tell one record from a
    collection.

    Returns ``("record", data)`` for one record, or ``("lines", numbered)`` for a
    collection: ``numbered`` yields ``(where, text)`` as it is read, ``where`` being the
    line number in a JSON Lines collection (blank lines are skipped) or the file's
    name in a folder. A file ending in ``.jsonl`` is a collection; so is any other
    whose first line is a whole JSON value followed by more lines; a folder's
    collection is its ``.json`` files, in the order of their seeds for files named as
    ``simulate --records DIR/`` names them (``marvin-12.json``), then by name.

    Raises:
        RecordError: if the file cannot be read, or is one record that is not valid.
    """
    if str(path) != "-" and _is_folder(path):
        return "lines", _folder(Path(path))
    stream = _opened(path)
    try:
        first = _read_line(stream)
        if isinstance(first, _TooLarge) and not first.whole:
            # The rest of the line could be endless (standard input): read no further.
            raise RecordError(f"record too large: more than {MAX_RECORD_BYTES:,} bytes")
        if str(path).endswith(".jsonl"):
            return "lines", _numbered(stream, [first])
        if isinstance(first, _TooLarge):
            raise RecordError(first.message())
        if not _is_whole_json(first):
            return "record", load_record(_read_limited(stream, first or b""))
        rest: list[bytes | _TooLarge | None] = []
        while (line := _read_line(stream)) is not None:
            rest.append(line)
            if isinstance(line, _TooLarge) or line.strip():
                return "lines", _numbered(stream, [first, *rest])
        stream.close()
        return "record", load_record(first or b"")
    except BaseException:
        stream.close()
        raise


def _is_folder(path: str | Path) -> bool:
    try:
        return Path(path).is_dir()
    except OSError:
        return False


_SEEDED: Final = re.compile(r"(marvin|pirate)-(-?\d+)\.json")


def _folder(folder: Path) -> Iterator[tuple[str, bytes | _TooLarge]]:
    """The ``.json`` files of ``folder``, each read whole (within the size limit)."""
    try:
        names = [entry.name for entry in os.scandir(folder) if entry.name.endswith(".json")]
    except OSError as exc:
        raise RecordError(
            f"cannot read the folder {one_line(str(folder), 200)!r}: {exc.strerror or exc}"
        ) from None

    def order(name: str) -> tuple[int, str, int, str]:
        seeded = _SEEDED.fullmatch(name)
        if seeded:
            return (0, seeded[1], int(seeded[2]), name)
        return (1, "", 0, name)

    for name in sorted(names, key=order):
        if name.startswith("."):
            continue  # a record being written, or a hidden file
        try:
            with open(folder / name, "rb") as stream:
                size = os.fstat(stream.fileno()).st_size
                if size > MAX_RECORD_BYTES:
                    yield name, _TooLarge(size, whole=True)
                    continue
                data = stream.read(MAX_RECORD_BYTES + 1)
        except OSError as exc:
            yield name, _TooLarge(0, whole=True, problem=f"cannot read it: {exc.strerror or exc}")
            continue
        yield name, data if len(data) <= MAX_RECORD_BYTES else _TooLarge(len(data), whole=False)


def _opened(path: str | Path) -> IO[bytes]:
    if str(path) == "-":
        stdin = sys.stdin
        if stdin is None or getattr(stdin, "buffer", None) is None:
            raise RecordError("standard input is closed: there is no record to read")
        return _Unclosed(stdin.buffer)  # type: ignore[return-value]
    try:
        return open(path, "rb")
    except OSError as exc:
        shown = one_line(str(path), 200)
        raise RecordError(f"cannot read {shown!r}: {exc.strerror or exc}") from None


class _Unclosed:
    """Standard input, which reading a record must not close."""

    def __init__(self, stream: IO[bytes]) -> None:
        self._stream = stream

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)

    def close(self) -> None:
        """Leave standard input open."""

    def __enter__(self) -> _Unclosed:
        return self

    def __exit__(self, *_: object) -> None:
        pass


def _read_limited(stream: IO[bytes], head: bytes) -> bytes:
    try:
        data = head + stream.read(MAX_RECORD_BYTES + 1 - len(head))
    except OSError as exc:
        raise RecordError(f"cannot read the record: {exc.strerror or exc}") from None
    if len(data) > MAX_RECORD_BYTES:
        size = _file_size(stream)
        if size is not None:
            raise RecordError(
                f"record too large: {size:,} bytes (the limit is {MAX_RECORD_BYTES:,})"
            )
        raise RecordError(f"record too large: more than {MAX_RECORD_BYTES:,} bytes")
    return data


def _file_size(stream: IO[bytes]) -> int | None:
    """The size of the file behind ``stream``, if it is a regular file."""
    try:
        info = os.fstat(stream.fileno())
    except (AttributeError, OSError, ValueError):
        return None
    return info.st_size if stat.S_ISREG(info.st_mode) else None


@dataclass(frozen=True)
class _TooLarge:
    """A line (or file) over the size limit, in place of its text.

    Attributes:
        size: Its size in bytes, as far as it was read.
        whole: Whether ``size`` is its whole size (the line was read to its end).
        problem: What went wrong instead, when it could not be read at all.
    """

    size: int
    whole: bool
    problem: str = ""

    def message(self) -> str:
        if self.problem:
            return self.problem
        if self.whole:
            return f"record too large: {self.size:,} bytes (the limit is {MAX_RECORD_BYTES:,})"
        return f"record too large: more than {MAX_RECORD_BYTES:,} bytes"


def _read_line(stream: IO[bytes]) -> bytes | _TooLarge | None:
    """One line; ``None`` at the end. A line over the size limit is read no further
    than a little over it and comes as :class:`_TooLarge`: from a regular file, the rest
    of it is skipped (counted, to tell its size); from anything else, such as standard
    input, it is not, since it could be endless."""
    try:
        line = stream.readline(MAX_RECORD_BYTES + 2)
        if len(line) <= MAX_RECORD_BYTES + 1 or line.endswith(b"\n"):
            return line or None
        if _file_size(stream) is None:
            return _TooLarge(len(line), whole=False)
        size = len(line)
        while (more := stream.readline(1 << 20)) and not more.endswith(b"\n"):
            size += len(more)
        return _TooLarge(size + len(more.rstrip(b"\r\n")), whole=True)
    except OSError as exc:
        raise RecordError(f"cannot read the records: {exc.strerror or exc}") from None


def _is_whole_json(line: bytes | _TooLarge | None) -> bool:
    if not isinstance(line, bytes) or not line.strip():
        return False
    try:
        json.loads(line)
    except (ValueError, RecursionError):
        return False
    return True


def _numbered(
    stream: IO[bytes], read: list[bytes | _TooLarge | None]
) -> Iterator[tuple[int, bytes | _TooLarge]]:
    """The lines already ``read``, then the rest, numbered from 1; blank ones skipped.
    After a line over the size limit that could not be read to its end, no more."""
    try:
        more: Iterator[bytes | _TooLarge | None] = iter(lambda: _read_line(stream), None)
        for number, line in enumerate(itertools.chain(read, more), start=1):
            if isinstance(line, _TooLarge):
                yield number, line
                if not line.whole:
                    return
            elif line is not None and line.strip():
                yield number, line.rstrip(b"\r\n")  # the line's end is not the record's
    finally:
        stream.close()


@dataclass
class CollectionReport:
    """What checking a collection of records found.

    Attributes:
        records: Lines read (each should hold one record).
        games: Records that replay, by game (``"marvins-pirates-go"``, ``"pirate"``).
        unfinished: Records that replay but stop before the end of their game.
        failed: Records that do not replay.
        failures: The first failures, as ``(where, error)``: the line number, or the
            file's name in a folder.
        stopped: Why the check stopped before the end, if it did (a line over the size
            limit on standard input, which is read no further).
    """

    records: int = 0
    games: dict[str, int] = default(default_factory=dict)
    unfinished: int = 0
    failed: int = 0
    failures: list[tuple[int | str, str]] = default(default_factory=list)
    stopped: str = ""

    def lines(self, name: str) -> Iterator[str]:
        """The report in words, for the terminal; ``name`` is the file's name.

        Example:
            >>> print(*CollectionReport().lines("empty.jsonl"))
            empty.jsonl: no record in it, so nothing was checked.
        """
        kinds = ", ".join(f"{count:,} of {TITLES[game]}" for game, count in self.games.items())
        records = _count(self.records, "record")
        if not self.records:
            yield f"{name}: no record in it, so nothing was checked."
        elif not self.failed:
            every = "every move of every game" if self.records > 1 else "every move"
            yield f"{name}: {records}, {every} is legal."
        else:
            good = self.records - self.failed
            replay = "replays" if good == 1 else "replay"
            not_ = "does not" if self.failed == 1 else "do not"
            yield f"{name}: {records}, {good:,} {replay} and {self.failed:,} {not_}."
        if kinds:
            unfinished = f"; {self.unfinished:,} unfinished" if self.unfinished else ""
            yield f"  games: {kinds}{unfinished}"
        if self.failures:
            first = "first failures" if self.failed > len(self.failures) else "failures"
            yield f"  {first}:"
            for where, error in self.failures:
                place = f"line {where}" if isinstance(where, int) else one_line(where, 200)
                yield f"  {place}: {error}"
        if self.stopped:
            yield f"  {self.stopped}"

    def as_json(self) -> dict[str, Any]:
        """The report as a JSON-ready dictionary."""
        return {
            "records": self.records,
            "valid": self.records - self.failed,
            "failed": self.failed,
            "games": self.games,
            "unfinished": self.unfinished,
            "failures": [
                {"line" if isinstance(where, int) else "file": where, "error": error}
                for where, error in self.failures
            ],
            **({"stopped": self.stopped} if self.stopped else {}),
        }


def check_collection(lines: Iterable[tuple[int | str, Any]]) -> CollectionReport:
    """Replay every record of a collection, as ``(where, text)``, keeping the totals."""
    report = CollectionReport()
    for number, text in lines:
        report.records += 1
        try:
            if isinstance(text, _TooLarge):
                if not text.whole and not text.problem:
                    report.stopped = (
                        f"stopped at {_where(number)}, which is over the size limit: what"
                        " follows was not read"
                    )
                raise RecordError(text.message())
            game = replay(text, name=number if isinstance(number, str) else "")
        except PirateRulesError as exc:
            report.failed += 1
            if len(report.failures) < FAILURES_SHOWN:
                report.failures.append((number, one_line(str(exc), 500)))
            continue
        kind = MARVIN if isinstance(game, MarvinGame) else PIRATE
        report.games[kind] = report.games.get(kind, 0) + 1
        report.unfinished += game.outcome() is None
    return report


def _where(where: int | str) -> str:
    return f"line {where}" if isinstance(where, int) else one_line(where, 200)


def _count(number: int, noun: str) -> str:
    """``number`` and ``noun``, plural when it should be: ``1 turn``, ``2 turns``."""
    return f"{number:,} {noun}{'' if number == 1 else 's'}"


def replay_summary(kind: str, game: Any) -> dict[str, Any]:
    """The JSON summary of a replayed game (``{"game", "winner", "turns"}`` for Marvin)."""
    outcome = game.outcome()
    winner = outcome.winner if outcome else None
    if kind == MARVIN:
        return {"game": kind, "winner": winner, "turns": game.turn}
    ships = game.score
    return {
        "game": kind,
        "winner": winner,
        "moments": game.moment,
        "ships": [ships[0], ships[1]],
        "sunk": len(game.sunk),
    }


def describe_summary(summary: dict[str, Any], players: Any, *, finished: bool = True) -> str:
    """One line in words for a replay summary; names are printed safely."""
    names = players if isinstance(players, list) and len(players) == 2 else ["seat 0", "seat 1"]
    unit = "turn" if "turns" in summary else "moment"
    length = int(summary.get("turns", summary.get("moments")) or 0)
    text = f"{TITLES[summary['game']]}: every move is legal; {_count(length, unit)}"
    if "ships" in summary:
        text += f", ships {summary['ships'][0]}-{summary['ships'][1]}, {summary['sunk']} sunk"
    winner = summary["winner"]
    if not finished:
        text += "; the game is unfinished"
    elif winner is None:
        text += "; a draw"
    else:
        text += f"; {one_line(str(names[winner]), 80)} won"
    return text + "."
