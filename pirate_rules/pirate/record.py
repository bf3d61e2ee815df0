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
from pirate_rules.errors import IllegalMoveError, PirateRulesError, RecordError, ReplayError
from pirate_rules.pirate.game import PirateGame
from pirate_rules.record_format import (
    FORMAT,
    PIRATE,
    field,
    load_record,
    read_card_list,
    read_players,
    read_winner,
    show,
)

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
        RecordError: if the record is malformed.
        ReplayError: at the first moment that breaks a rule, named ``"moment N"`` (from 1),
            or at ``"result"`` when the stated result is not the replay's (P10, P11).
    """
    data = load_record(record)
    if data["game"] != PIRATE:
        raise RecordError(f"not a Pirate record: game {data['game']!r}")
    players = read_players(data)
    low = field(data, "low", int)
    if low not in (0, 1):
        raise RecordError(f"record: 'low' must be 0 or 1, not {low}")
    stocks = field(data, "stocks", list)
    if len(stocks) != 2:
        raise RecordError(f"record: 'stocks' must hold two stocks, not {len(stocks)}")
    decks = [read_card_list(stock, f"stocks[{index}]") for index, stock in enumerate(stocks)]
    moments = field(data, "moments", list)
    for index, moment in enumerate(moments):
        if not isinstance(moment, str) or not _MOMENT.fullmatch(moment):
            shown = repr(moment) if isinstance(moment, str) else show(moment)
            raise RecordError(
                f"moments[{index}]: {shown} is not two letters from T, P, C, W (such as 'TP')"
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
    """P10, P11: a stated result must be the replay's: the game is over, with these scores."""
    ships = field(stated, "ships", list, "result")
    if len(ships) != 2 or not all(type(count) is int for count in ships):
        raise RecordError(f"result: 'ships' must be two whole numbers, not {show(ships)}")
    sunk = field(stated, "sunk", int, "result")
    winner = read_winner(stated, draws=True)
    outcome = game.outcome()
    if outcome is None:
        raise ReplayError(
            "result",
            IllegalMoveError(
                f"the record gives a result, but after {game.moment} moments the game is not"
                " over: nobody has captured enough ships, and cards can still be placed (so"
                " not P11 either)",
                rule="P10",
            ),
        )
    actual = _result(game)
    given = {"ships": ships, "sunk": sunk, "winner": winner}
    if given != actual:
        raise ReplayError(
            "result",
            IllegalMoveError(
                f"the record says {_describe(given)}, but the replay gives {_describe(actual)}",
                rule=outcome.termination.value,
            ),
        )


def _describe(result: dict[str, Any]) -> str:
    ships, winner = result["ships"], result["winner"]
    who = "a draw" if winner is None else f"player {winner} wins"
    return f"ships {ships[0]}-{ships[1]}, {result['sunk']} sunk, {who}"
