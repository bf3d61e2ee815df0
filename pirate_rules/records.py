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


def replay(record: str | bytes | Mapping[str, Any]) -> Any:
    """Replay a record of either game, checking every move; returns the game at its end.

    Raises:
        RecordError: if the record is malformed.
        ReplayError: at the first move that breaks a rule.
    """
    data = load_record(record)
    if data["game"] == MARVIN:
        return marvin_record.replay(data)
    return pirate_record.replay(data)


def read_record_file(path: str | Path) -> dict[str, Any]:
    """Read and check one record from a file, or from standard input for ``"-"``.

    Files over :data:`MAX_RECORD_BYTES` are refused unread.

    Raises:
        RecordError: if the file cannot be read or is not a record.
    """
    with _opened(path) as stream:
        return load_record(_read_limited(stream, b""))


def open_records(path: str | Path) -> tuple[str, Any]:
    """Open a record file or ``"-"`` and tell one record from a collection.

    Returns ``("record", data)`` for one record, or ``("lines", numbered)`` for a JSON
    Lines collection, ``numbered`` yielding ``(line number, text)`` as it is read (blank
    lines are skipped). A file ending in ``.jsonl`` is a collection; so is any other
    whose first line is a whole JSON value followed by more lines.

    Raises:
        RecordError: if the file cannot be read, or is one record that is not valid.
    """
    stream = _opened(path)
    try:
        first = _read_line(stream)
        if str(path).endswith(".jsonl"):
            return "lines", _numbered(stream, [first])
        if not _is_whole_json(first):
            return "record", load_record(_read_limited(stream, first or b""))
        rest = []
        while (line := _read_line(stream)) is not None:
            rest.append(line)
            if line.strip():
                return "lines", _numbered(stream, [first, *rest])
        stream.close()
        return "record", load_record(first or b"")
    except BaseException:
        stream.close()
        raise


def _opened(path: str | Path) -> IO[bytes]:
    if str(path) == "-":
        return _Unclosed(sys.stdin.buffer)  # type: ignore[return-value]
    try:
        return open(path, "rb")
    except OSError as exc:
        raise RecordError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None


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
        raise RecordError(f"record too large: more than {MAX_RECORD_BYTES:,} bytes")
    return data


def _read_line(stream: IO[bytes]) -> bytes | None:
    """One line, at most a little over the size limit (the rest of a longer one is
    skipped, and the line is then too large); ``None`` at the end."""
    try:
        line = stream.readline(MAX_RECORD_BYTES + 2)
        if len(line) > MAX_RECORD_BYTES + 1 and not line.endswith(b"\n"):
            while (more := stream.readline(1 << 20)) and not more.endswith(b"\n"):
                pass
    except OSError as exc:
        raise RecordError(f"cannot read the records: {exc.strerror or exc}") from None
    return line or None


def _is_whole_json(line: bytes | None) -> bool:
    if not line or not line.strip():
        return False
    try:
        json.loads(line)
    except ValueError:
        return False
    return True


def _numbered(stream: IO[bytes], read: list[bytes | None]) -> Iterator[tuple[int, bytes]]:
    """The lines already ``read``, then the rest, numbered from 1; blank ones skipped."""
    try:
        lines = itertools.chain(read, iter(lambda: _read_line(stream), None))
        for number, line in enumerate(lines, start=1):
            if line is not None and line.strip():
                yield number, line
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
        failures: The first failures, as ``(line number, error)``.
    """

    records: int = 0
    games: dict[str, int] = default(default_factory=dict)
    unfinished: int = 0
    failed: int = 0
    failures: list[tuple[int, str]] = default(default_factory=list)

    def lines(self, name: str) -> Iterator[str]:
        """The report in words, for the terminal; ``name`` is the file's name."""
        kinds = ", ".join(f"{count:,} of {TITLES[game]}" for game, count in self.games.items())
        if not self.failed:
            yield f"{name}: {self.records:,} records, every move of every game is legal."
        else:
            yield (
                f"{name}: {self.records:,} records, {self.records - self.failed:,} replay"
                f" and {self.failed:,} do not."
            )
        if kinds:
            unfinished = f"; {self.unfinished:,} unfinished" if self.unfinished else ""
            yield f"  games: {kinds}{unfinished}"
        if self.failures:
            first = "first failures" if self.failed > len(self.failures) else "failures"
            yield f"  {first}:"
            for number, error in self.failures:
                yield f"  line {number}: {error}"

    def as_json(self) -> dict[str, Any]:
        """The report as a JSON-ready dictionary."""
        return {
            "records": self.records,
            "valid": self.records - self.failed,
            "failed": self.failed,
            "games": self.games,
            "unfinished": self.unfinished,
            "failures": [{"line": number, "error": error} for number, error in self.failures],
        }


def check_collection(lines: Iterable[tuple[int, bytes | str]]) -> CollectionReport:
    """Replay every record of a collection, as ``(line number, text)``, keeping the totals."""
    report = CollectionReport()
    for number, text in lines:
        report.records += 1
        try:
            game = replay(text)
        except PirateRulesError as exc:
            report.failed += 1
            if len(report.failures) < FAILURES_SHOWN:
                report.failures.append((number, one_line(str(exc), 500)))
            continue
        kind = MARVIN if isinstance(game, MarvinGame) else PIRATE
        report.games[kind] = report.games.get(kind, 0) + 1
        report.unfinished += game.outcome() is None
    return report


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
    unit = "turns" if "turns" in summary else "moments"
    length = summary.get("turns", summary.get("moments"))
    text = f"{TITLES[summary['game']]}: every move is legal; {length} {unit}"
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
