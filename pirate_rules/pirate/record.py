"""Game records of *Pirate* (format 1): writing them and replaying them moment by moment.

A record holds the players, the low player, both starting stocks (top card first, 52
cards each) and every moment as two letters, player 0's action then player 1's. Replay
checks each moment against the rules and, when the record states a result, the result.

    >>> from pirate_rules.pirate.bots import play_game
    >>> game = play_game(("fast", "slow"), seed=3)
    >>> data = to_record(game)
    >>> data["moments"][:4], data["result"] == {"ships": list(game.score),
    ...     "sunk": len(game.sunk), "winner": game.outcome().winner}
    (['TT', 'TW', 'TW', 'TP'], True)
    >>> replay(data).history == game.history
    True
    >>> replay({**data, "moments": ["PT"]})
    Traceback (most recent call last):
    ...
    pirate_rules.errors.ReplayError: moment 1: Player 1 cannot play: Player 1's waste is empty (P6)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

from pirate_rules.cards import format_cards
from pirate_rules.errors import PirateRulesError, RecordError, ReplayError
from pirate_rules.pirate.game import PirateGame
from pirate_rules.records import FORMAT, PIRATE, field, load_record, read_card_list, read_players

__all__ = ["replay", "to_record"]

_MOMENT: Final = re.compile(r"[TPCW]{2}")


def to_record(game: PirateGame) -> dict[str, Any]:
    """The record of ``game`` as a JSON-ready dictionary; ``result`` once the game is over.

    Raises:
        ValueError: if the game was set up with part of a deck (records need whole decks).
    """
    if not game.complete:
        raise ValueError("only a game with two whole decks can be recorded")
    data: dict[str, Any] = {
        "game": PIRATE,
        "format": FORMAT,
        "players": list(game.players),
        "low": game.low,
        "stocks": [format_cards(stock).split() for stock in game.start],
        "moments": list(game.history),
    }
    outcome = game.outcome()
    if outcome is not None:
        data["result"] = _result(game)
    return data


def replay(record: str | bytes | Mapping[str, Any]) -> PirateGame:
    """Replay a record, checking every moment; returns the game after its last moment.

    Raises:
        RecordError: if the record is malformed, or its stated result is not the replay's.
        ReplayError: at the first moment that breaks a rule, named ``"moment N"`` (from 1).
    """
    data = load_record(record)
    if data["game"] != PIRATE:
        raise RecordError(f"not a Pirate record: game {data['game']!r}")
    players = read_players(data)
    low = field(data, "low", int)
    if low not in (0, 1):
        raise RecordError(f"record: 'low' must be 0 or 1, not {low!r}")
    stocks = field(data, "stocks", list)
    if len(stocks) != 2:
        raise RecordError(f"record: 'stocks' must hold two stocks, not {len(stocks)}")
    decks = [read_card_list(stock, f"stocks[{index}]") for index, stock in enumerate(stocks)]
    moments = field(data, "moments", list)
    for index, moment in enumerate(moments):
        if not isinstance(moment, str) or not _MOMENT.fullmatch(moment):
            raise RecordError(
                f"moments[{index}]: {moment!r} is not two letters from T, P, C, W (such as 'TP')"
            )
    try:
        game = PirateGame(decks, low=low, players=players)
    except PirateRulesError as exc:
        raise RecordError(f"stocks: {exc}") from None
    for number, moment in enumerate(moments, start=1):
        try:
            game.apply_moment(moment)
        except PirateRulesError as exc:
            raise ReplayError(f"moment {number}", exc) from None
    if "result" in data:
        _check_result(game, field(data, "result", dict))
    return game


def _result(game: PirateGame) -> dict[str, Any]:
    outcome = game.outcome()
    return {
        "ships": list(game.score),
        "sunk": len(game.sunk),
        "winner": None if outcome is None else outcome.winner,
    }


def _check_result(game: PirateGame, stated: dict[str, Any]) -> None:
    ships = field(stated, "ships", list, "result")
    if len(ships) != 2 or not all(type(count) is int for count in ships):
        raise RecordError(f"result: 'ships' must be two whole numbers, not {ships!r}")
    sunk = field(stated, "sunk", int, "result")
    winner: int | None = field(stated, "winner", (int, type(None)), "result")
    if winner not in (0, 1, None) or isinstance(winner, bool):
        raise RecordError(f"result: 'winner' must be 0, 1 or null, not {winner!r}")
    if game.outcome() is None:
        raise RecordError(
            f"result: the record states a result, but after {game.moment}"
            " moments the game is not over"
        )
    actual = _result(game)
    given = {"ships": ships, "sunk": sunk, "winner": winner}
    if given != actual:
        raise RecordError(f"result: the record says {given}, but the replay gives {actual}")
