"""Game records (format 1): what both games' records share, and how their fields are read.

A record is a JSON document that replays a whole game with no random generator: the
starting cards and every choice. Each game writes and replays its own kind
(:mod:`pirate_rules.marvin.record`, :mod:`pirate_rules.pirate.record`), and
:mod:`pirate_rules.records` picks the game by the record's ``"game"`` key. This module
holds what they all need: the size limit, safe JSON reading, the envelope check, and
small field readers that say exactly what is wrong and where. It imports neither game.

Readers accept exactly RECORDS.md: keys they do not know are ignored (notes travel),
and the keys they know are checked strictly (a boolean is never a number):

    >>> load_record('{"game": "chess", "format": 1}')
    Traceback (most recent call last):
    ...
    pirate_rules.errors.RecordError: unknown game 'chess' (expected 'marvins-pirates-go' or ...)
    >>> load_record('{"game": "pirate", "format": true}')
    Traceback (most recent call last):
    ...
    pirate_rules.errors.RecordError: record: 'format' must be 1, not boolean true
    >>> load_record('{"game": "pirate"')
    Traceback (most recent call last):
    ...
    pirate_rules.errors.RecordError: not valid JSON: Expecting ',' delimiter at line 1, column 18
    >>> load_record('{"game": "pir')
    Traceback (most recent call last):
    ...
    pirate_rules.errors.RecordError: not valid JSON: Unterminated string starting at line 1, col...
    >>> load_record("[" * 5000 + "]" * 5000)
    Traceback (most recent call last):
    ...
    pirate_rules.errors.RecordError: not a game record: it is nested more than 32 deep
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Mapping
from typing import Any, Final, TypeVar

from pirate_rules.cards import Card
from pirate_rules.errors import InvalidCardError, RecordError

__all__ = [
    "FORMAT",
    "GAMES",
    "MARVIN",
    "MAX_DEPTH",
    "MAX_RECORD_BYTES",
    "PIRATE",
    "TITLES",
    "field",
    "load_record",
    "read_card_list",
    "read_players",
    "read_winner",
    "show",
]

FORMAT: Final = 1
"""The record format version this engine reads and writes."""

MAX_RECORD_BYTES: Final = 5 * 1024 * 1024
"""Records larger than this (5 MB) are refused unread."""

MAX_DEPTH: Final = 32
"""Records nested deeper than this (lists in lists...) are refused: a record of either
game nests four deep at most, and a deeper one could exhaust Python's stack."""

MARVIN: Final = "marvins-pirates-go"
PIRATE: Final = "pirate"
GAMES: Final = (MARVIN, PIRATE)
"""The values of a record's ``"game"`` key."""

TITLES: Final = {MARVIN: "Marvin's Pirates Go!", PIRATE: "Pirate"}

_KEYS: Final = {MARVIN: ("deck", "turns", "first"), PIRATE: ("stocks", "moments", "low")}
"""Keys that only one game's records have: they tell a record's game when its label lies."""

T = TypeVar("T")


def load_record(source: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
    """Parse a record's JSON text and check its envelope (size, object, game, format).

    Args:
        source: The JSON text, or an already parsed mapping.

    Returns:
        The record as a dictionary.

    Raises:
        RecordError: if the text is too large, not JSON, or not a format-1 record; a
            record of one game labelled as the other is told as such.

    Examples:
        >>> load_record("{}")
        Traceback (most recent call last):
        ...
        pirate_rules.errors.RecordError: not a game record: it has no 'game' and no 'format' ...
        >>> load_record('{"game": "pirate", "format": 1, "deck": [], "turns": []}')
        Traceback (most recent call last):
        ...
        pirate_rules.errors.RecordError: this looks like a Marvin's Pirates Go! record ...
    """
    if isinstance(source, Mapping):
        data: Any = dict(source)
    else:
        size = len(source.encode("utf-8", "surrogatepass") if isinstance(source, str) else source)
        if size > MAX_RECORD_BYTES:
            raise RecordError(
                f"record too large: {size:,} bytes (the limit is {MAX_RECORD_BYTES:,})"
            )
        if _SMALL_STACK and _nests_too_deep(source):
            raise RecordError(_TOO_DEEP)
        try:
            data = json.loads(source)
        except json.JSONDecodeError as exc:
            # The decoder's own messages may end where the place follows ("Unterminated
            # string starting at"): the place is said once.
            what = exc.msg.removesuffix(" at")
            raise RecordError(
                f"not valid JSON: {what} at line {exc.lineno}, column {exc.colno}"
            ) from None
        except UnicodeDecodeError as exc:
            byte = exc.object[exc.start : exc.start + 1].hex()
            raise RecordError(
                f"not UTF-8 text: byte 0x{byte} at byte {exc.start + 1:,} cannot start or"
                " continue a UTF-8 character (save the record as UTF-8)"
            ) from None
        except RecursionError:
            raise RecordError(_TOO_DEEP) from None
        except ValueError as exc:  # such as a number with too many digits
            raise RecordError(f"not valid JSON: {' '.join(str(exc).split())}") from None
    if not _shallow(data):
        raise RecordError(_TOO_DEEP)
    if not isinstance(data, dict):
        raise RecordError(f"a record must be a JSON object, not {_kind(data)}")
    game = data.get("game")
    looks = _looks_like(data)
    if "game" not in data:
        if looks:
            raise RecordError(
                f"record: missing 'game': this looks like a {TITLES[looks]} record"
                f' ("game": "{looks}")'
            )
        missing = " and no 'format'" if "format" not in data else ""
        raise RecordError(
            f"not a game record: it has no 'game'{missing} (a record of format {FORMAT}"
            f' starts {{"game": "{MARVIN}" or "{PIRATE}", "format": {FORMAT}, ...}})'
        )
    if game not in GAMES:
        if isinstance(game, str):
            raise RecordError(f"unknown game {game!r} (expected {MARVIN!r} or {PIRATE!r})")
        raise RecordError(f"record: 'game' must be {MARVIN!r} or {PIRATE!r}, not {show(game)}")
    if looks and looks != game:
        keys = [repr(key) for key in _KEYS[looks] if key in data]
        listed = ", ".join(keys[:-1]) + " and " + keys[-1] if len(keys) > 1 else keys[0]
        raise RecordError(
            f"this looks like a {TITLES[looks]} record (it has {listed}),"
            f" but its 'game' is {game!r}"
        )
    if "format" not in data:
        raise RecordError(f"record: missing 'format' (this engine reads format {FORMAT})")
    version = data["format"]
    if type(version) is not int:
        raise RecordError(f"record: 'format' must be {FORMAT}, not {show(version)}")
    if version != FORMAT:
        raise RecordError(f"unsupported record format {version} (expected {FORMAT})")
    return data


_TOO_DEEP: Final = f"not a game record: it is nested more than {MAX_DEPTH} deep"


_SMALL_STACK: Final = sys.platform in ("emscripten", "wasi")
"""In the browser (Pyodide), a JSON text nested a few thousand deep overflows the stack
before the decoder can raise RecursionError, so the text's depth is looked at first."""

_STRINGS: Final = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKETS: Final = re.compile(r"[^\[\]{}]")


def _nests_too_deep(text: str | bytes) -> bool:
    """Whether the JSON ``text`` opens more than :data:`MAX_DEPTH` lists or objects in
    one another (brackets inside strings do not count), read without parsing it.

    Example:
        >>> _nests_too_deep("[" * 33 + "]" * 33), _nests_too_deep('[["[[[[[[[["]]')
        (True, False)
    """
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    depth = 0
    for char in _NOT_BRACKETS.sub("", _STRINGS.sub('""', text)):
        if char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        else:
            depth -= 1
    return False


def _shallow(data: Any) -> bool:
    """Whether ``data`` nests no deeper than :data:`MAX_DEPTH`, looked at without
    recursion (a value too deep for Python's stack is refused, not followed)."""
    level: list[Any] = [data]
    for _ in range(MAX_DEPTH + 1):
        inner: list[Any] = []
        for value in level:
            if isinstance(value, dict):
                inner.extend(item for item in value.values() if isinstance(item, (list, dict)))
            elif isinstance(value, list):
                inner.extend(item for item in value if isinstance(item, (list, dict)))
        if not inner:
            return True
        level = inner
    return False


def _looks_like(data: Mapping[str, Any]) -> str | None:
    """The game whose own keys ``data`` has, when it has only one game's keys."""
    found = [game for game, keys in _KEYS.items() if any(key in data for key in keys)]
    return found[0] if len(found) == 1 else None


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
        pirate_rules.errors.RecordError: record: 'first' must be a whole number, not string 'me'
        >>> field({"first": True}, "first", int)
        Traceback (most recent call last):
        ...
        pirate_rules.errors.RecordError: record: 'first' must be a whole number, not boolean true
    """
    if key not in data:
        if default is not ...:
            return default  # type: ignore[no-any-return]
        raise RecordError(f"{where}: missing {key!r}")
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    # JSON booleans are never numbers here.
    if isinstance(value, kinds) and (not isinstance(value, bool) or bool in kinds):
        return value  # type: ignore[return-value]
    names = " or ".join(_NAMES.get(k, k.__name__) for k in kinds)
    raise RecordError(f"{where}: {key!r} must be {names}, not {show(value)}")


def read_players(data: Mapping[str, Any]) -> tuple[str, str]:
    """Read a record's ``players``: two different, non-empty names.

    Examples:
        >>> read_players({"players": ["Ann", ""]})
        Traceback (most recent call last):
        ...
        pirate_rules.errors.RecordError: record: 'players' must be two non-empty names, not ...
        >>> read_players({"players": ["Ann", "Ann"]})
        Traceback (most recent call last):
        ...
        pirate_rules.errors.RecordError: record: 'players' must be two different names, not 'Ann'...
    """
    players = field(data, "players", list)
    if len(players) != 2 or not all(isinstance(name, str) and name for name in players):
        raise RecordError(f"record: 'players' must be two non-empty names, not {show(players)}")
    if players[0] == players[1]:
        raise RecordError(
            f"record: 'players' must be two different names, not {players[0]!r} twice"
        )
    return (players[0], players[1])


def read_winner(result: Mapping[str, Any], *, draws: bool) -> int | None:
    """Read a result's ``winner``: 0 or 1, or ``null`` for a draw in a game that has them.

    Example:
        >>> read_winner({"winner": True}, draws=False)
        Traceback (most recent call last):
        ...
        pirate_rules.errors.RecordError: result: 'winner' must be 0 or 1, not boolean true
    """
    if "winner" not in result:
        raise RecordError("result: missing 'winner'")
    winner = result["winner"]
    if not ((type(winner) is int and winner in (0, 1)) or (draws and winner is None)):
        allowed = "0, 1 or null" if draws else "0 or 1"
        raise RecordError(f"result: 'winner' must be {allowed}, not {show(winner)}")
    return winner


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


def show(value: Any, limit: int = 80) -> str:
    """A JSON value as an error message shows it: its kind, then the value, in JSON, cut short.

    Example:
        >>> show(True), show(None), show([1, 2]), show("x" * 200)[:20]
        ('boolean true', 'null', 'a list [1,2]', "string 'xxxxxxxxxxxx")
    """
    if value is None:
        return "null"
    if isinstance(value, str):
        text = repr(value)
    else:
        try:
            text = json.dumps(value, separators=(",", ":"), ensure_ascii=True)
        except (TypeError, ValueError, RecursionError):
            text = "..." if isinstance(value, (list, dict)) else object.__repr__(value)
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return f"{_kind(value)} {text}"


_NAMES: Final[dict[type, str]] = {
    int: "a whole number",
    str: "a string",
    list: "a list",
    dict: "an object",
    bool: "true or false",
    type(None): "null",
}


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
