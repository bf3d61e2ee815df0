"""Whether a record starts with its seed's deal (the optional ``seed`` of RECORDS.md).

``simulate`` and ``tournament`` deal game ``i`` from seed ``S + i`` and write that seed
into its record. Replaying such a record checks, besides every move, that its starting
cards are that seed's deal: for Marvin the deck, who starts, and every reshuffle's order
(M1, M4, M9); for Pirate both stocks and the low player (P1, P2, P3). A record written
as ``marvin-S.json`` or ``pirate-S.json`` (as ``simulate --records DIR/`` names them) is
held to seed ``S`` when it carries no seed of its own.

    >>> from pirate_rules.marvin import MarvinGame
    >>> from pirate_rules.marvin.record import to_record
    >>> record = to_record(MarvinGame.from_seed(5)) | {"seed": 5}
    >>> check_deal(record)
    >>> check_deal(record | {"seed": 6})
    Traceback (most recent call last):
    ...
    pirate_rules.errors.RecordError: seed 6: the deck is not this seed's deal: card 1 is ...
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

from pirate_rules.errors import PirateRulesError, RecordError
from pirate_rules.record_format import MARVIN, PIRATE

__all__ = ["check_deal", "seed_of_name"]

_NAMED: Final = re.compile(r"(?:^|[/\\])(marvin|pirate)-(\d{1,20})\.json$")
_GAMES: Final = {"marvin": MARVIN, "pirate": PIRATE}


def seed_of_name(name: str, game: str) -> int | None:
    """The seed a file's name gives a record of ``game`` (its record name), if any.

    Example:
        >>> seed_of_name("runs/marvin-12.json", "marvins-pirates-go")
        12
        >>> seed_of_name("a.json", "pirate") is None
        True
    """
    found = _NAMED.search(name)
    if found is None or _GAMES[found.group(1)] != game:
        return None
    return int(found.group(2))


def check_deal(data: Mapping[str, Any], seed: int | None = None) -> None:
    """Check that record ``data`` starts with the deal of its ``seed`` (or ``seed``,
    given when the record has none). A record with neither is not checked.

    Raises:
        RecordError: the seed is not a whole number, or the deal is not its.
    """
    if "seed" in data:
        seed = data["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise RecordError(f"record: 'seed' must be a whole number, not {seed!r}"[:200])
    if seed is None:
        return
    if data.get("game") == MARVIN:
        _check_marvin(data, seed)
    elif data.get("game") == PIRATE:
        _check_pirate(data, seed)


def _differs(what: str, given: list[str], dealt: list[str], seed: int) -> RecordError:
    for index, (mine, theirs) in enumerate(zip(given, dealt, strict=False), 1):
        if mine != theirs:
            return RecordError(
                f"seed {seed}: {what} is not this seed's deal: card {index} is {mine},"
                f" the seed deals {theirs}"
            )
    return RecordError(f"seed {seed}: {what} is not this seed's deal")


def _check_marvin(data: Mapping[str, Any], seed: int) -> None:
    from pirate_rules.marvin import MarvinGame
    from pirate_rules.marvin.moves import CARD, PRIZE
    from pirate_rules.marvin.record import _read_power

    jokers = data.get("options", {}).get("jokers", 2)
    dealt = MarvinGame.from_seed(seed, jokers=jokers, players=data["players"])
    deck = [str(card) for card in dealt.deck]
    given = [str(card).upper().replace("10", "T") for card in data["deck"]]
    if given != deck:
        raise _differs("the deck", given, deck, seed)
    if data["first"] != dealt.first:
        raise RecordError(
            f"seed {seed}: player {dealt.first} starts this seed's deal, not {data['first']}"
        )
    # Play the record's choices on the seed's own game: its reshuffles are the seed's.
    game = dealt
    for number, turn in enumerate(data["turns"], 1):
        if game.turn != number - 1:
            continue  # a card that could do nothing: its turn was played at once
        try:
            if game.phase == PRIZE:
                prize = turn.get("prize")
                game.push(_read_power(prize, f"turn {number}") if prize else "draw")
            choice = turn["target"] if "target" in turn else turn.get("take")
            if choice is not None and game.phase == CARD:
                game.push(choice if "target" in turn else f"take {choice}")
        except PirateRulesError:
            break  # the seed's cards went another way: told below
    history = game._history
    for number, turn in enumerate(data["turns"][: len(history)], 1):
        order = [str(card) for card in history[number - 1][1] or ()]
        given = [_card(card) for card in turn.get("reshuffle", ())]
        if order != given or str(history[number - 1][2]) != _card(turn["card"]):
            raise RecordError(
                f"seed {seed}: turn {number}: the reshuffle is not this seed's order (M9)"
            )


def _card(text: str) -> str:
    return str(text).upper().replace("10", "T")


def _check_pirate(data: Mapping[str, Any], seed: int) -> None:
    from pirate_rules.pirate import PirateGame

    dealt = PirateGame.from_seed(seed, players=data["players"])
    for player in (0, 1):
        stock = [str(card) for card in dealt.start[player]]
        given = [str(card).upper().replace("10", "T") for card in data["stocks"][player]]
        if given != stock:
            raise _differs(f"stock {player}", given, stock, seed)
    if data["low"] != dealt.low:
        raise RecordError(
            f"seed {seed}: player {dealt.low} is low in this seed's deal, not {data['low']}"
        )
