"""Game records (format 1), shared by both games: reading, shape checks and dispatch.

A record is a JSON document that replays a whole game with no random generator: the
starting cards and every choice. Each game writes and replays its own kind
(:mod:`pirate_rules.marvin.record`, :mod:`pirate_rules.pirate.record`); this module
holds what both need: the size limit, safe JSON reading, small shape checks that say
exactly what is wrong, and :func:`replay`, which picks the game by the record's
``"game"`` key.

    >>> load_record('{"game": "chess", "format": 1}')
    Traceback (most recent call last):
    ...
    pirate_rules.errors.RecordError: unknown game 'chess' (expected 'marvins-pirates-go' or ...)
    >>> load_record('{"game": "pirate"')
    Traceback (most recent call last):
    ...
    pirate_rules.errors.RecordError: not valid JSON: Expecting ',' delimiter at line 1, column 18
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final, TypeVar

from pirate_rules.cards import Card
from pirate_rules.errors import InvalidCardError, RecordError

__all__ = [
    "FORMAT",
    "GAMES",
    "MAX_RECORD_BYTES",
    "field",
    "load_record",
    "read_card_list",
    "read_players",
    "read_record_file",
    "replay",
]

FORMAT: Final = 1
"""The record format version this engine reads and writes."""

MAX_RECORD_BYTES: Final = 5 * 1024 * 1024
"""Records larger than this (5 MB) are refused unread."""

MARVIN: Final = "marvins-pirates-go"
PIRATE: Final = "pirate"
GAMES: Final = (MARVIN, PIRATE)
"""The values of a record's ``"game"`` key."""

T = TypeVar("T")


def load_record(source: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
    """Parse a record's JSON text and check its envelope (size, object, game, format).

    Args:
        source: The JSON text, or an already parsed mapping.

    Returns:
        The record as a dictionary.

    Raises:
        RecordError: if the text is too large, not JSON, or not a format-1 record.
    """
    if isinstance(source, Mapping):
        data: Any = dict(source)
    else:
        size = len(source.encode("utf-8") if isinstance(source, str) else source)
        if size > MAX_RECORD_BYTES:
            raise RecordError(
                f"record too large: {size:,} bytes (the limit is {MAX_RECORD_BYTES:,})"
            )
        try:
            data = json.loads(source)
        except json.JSONDecodeError as exc:
            raise RecordError(
                f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"
            ) from None
        except (UnicodeDecodeError, RecursionError) as exc:
            raise RecordError(f"not valid JSON: {exc.__class__.__name__}") from None
    if not isinstance(data, dict):
        raise RecordError(f"a record must be a JSON object, not {_kind(data)}")
    game = data.get("game")
    if game not in GAMES:
        raise RecordError(f"unknown game {game!r} (expected {MARVIN!r} or {PIRATE!r})")
    if data.get("format") != FORMAT:
        raise RecordError(f"unsupported record format {data.get('format')!r} (expected {FORMAT})")
    return data


def read_record_file(path: str | Path) -> dict[str, Any]:
    """Read and check a record file, refusing files over :data:`MAX_RECORD_BYTES` unread.

    Raises:
        RecordError: if the file cannot be read or is not a record.
    """
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_RECORD_BYTES:
            raise RecordError(
                f"record too large: {size:,} bytes (the limit is {MAX_RECORD_BYTES:,})"
            )
        data = path.read_bytes()
    except OSError as exc:
        raise RecordError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None
    return load_record(data)


def field(
    data: Mapping[str, Any],
    key: str,
    kind: type[T] | tuple[type, ...],
    where: str = "record",
    *,
    default: Any = ...,
) -> T:
    """Fetch ``data[key]`` and check its JSON type, with an error that names the place.

    Example:
        >>> field({"first": 0}, "first", int)
        0
        >>> field({"first": "me"}, "first", int)
        Traceback (most recent call last):
        ...
        pirate_rules.errors.RecordError: record: 'first' must be int, not string 'me'
    """
    if key not in data:
        if default is not ...:
            return default  # type: ignore[no-any-return]
        raise RecordError(f"{where}: missing {key!r}")
    value = data[key]
    # JSON booleans are not numbers here.
    if isinstance(value, kind) and not (isinstance(value, bool) and kind in (int, (int,))):
        return value  # type: ignore[return-value]
    names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
    raise RecordError(f"{where}: {key!r} must be {names}, not {_kind(value)} {value!r}")


def read_players(data: Mapping[str, Any]) -> tuple[str, str]:
    """Read a record's ``players``: two non-empty names.

    Example:
        >>> read_players({"players": ["Ann", ""]})
        Traceback (most recent call last):
        ...
        pirate_rules.errors.RecordError: record: 'players' must be two non-empty names, not [...]
    """
    players = field(data, "players", list)
    if len(players) != 2 or not all(isinstance(name, str) and name for name in players):
        raise RecordError(f"record: 'players' must be two non-empty names, not {players!r}")
    return (players[0], players[1])


def read_card_list(value: Any, where: str) -> list[Card]:
    """Read a JSON list of card notations, naming the place of the first bad one.

    Example:
        >>> read_card_list(["AS", "zz"], "deck")
        Traceback (most recent call last):
        ...
        pirate_rules.errors.RecordError: deck[1]: not a card: 'zz' (expected rank A23456789TJQK ...)
    """
    if not isinstance(value, list):
        raise RecordError(f"{where} must be a list of cards, not {_kind(value)}")
    cards = []
    for index, text in enumerate(value):
        try:
            cards.append(Card.parse(text))
        except InvalidCardError as exc:
            raise RecordError(f"{where}[{index}]: {exc}") from None
    return cards


def replay(record: str | bytes | Mapping[str, Any]) -> Any:
    """Replay a record of either game, checking every move; returns the game at its end.

    Raises:
        RecordError: if the record is malformed.
        ReplayError: at the first move that breaks a rule.
    """
    data = load_record(record)
    return _replayer(data["game"])(data)


def _replayer(game: str) -> Callable[[dict[str, Any]], Any]:
    if game == MARVIN:
        from pirate_rules.marvin.record import replay as replay_marvin

        return replay_marvin
    from pirate_rules.pirate.record import replay as replay_pirate

    return replay_pirate


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
