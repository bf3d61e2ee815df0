"""Game records of *Marvin's Pirates Go!* (format 1): writing and checked replay.

A record holds the starting deck and every choice, so a game replays without any
random generator. `to_record` writes one, finished or not; `replay` reads
one and applies it move by move, stopping at the first move that breaks a rule:

    >>> from pirate_rules.marvin import MarvinGame
    >>> game = MarvinGame.stacked("9C 4H", players=("Marvin", "Mum"))
    >>> game.play("GL", "GR")
    >>> data = to_record(game)
    >>> data["turns"]
    [{'card': '9C', 'target': 'GL'}, {'card': '4H', 'target': 'GR'}, {'card': 'AS'}]
    >>> replay(data).log == game.log
    True
    >>> data["turns"][0]["target"] = "CL"
    >>> replay(data)
    Traceback (most recent call last):
    ...
    pirate_rules.errors.ReplayError: turn 1: target CL is not targetable: the guard ... (M16)

The last turn above is the one in progress: Marvin has drawn the AS and not yet chosen
its target, so the turn has no ``target`` yet. Only the last turn of an unfinished game
may be written so.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, Final, NamedTuple

from pirate_rules.cards import Card
from pirate_rules.errors import (
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    PirateRulesError,
    RecordError,
    ReplayError,
)
from pirate_rules.marvin.game import MarvinGame
from pirate_rules.marvin.moves import CARD, DRAW, Move
from pirate_rules.marvin.refusals import refusal, why_idle
from pirate_rules.marvin.table import (
    E_TAKE,
    EFFECT_OF_RANK,
    EFFECT_RULES,
    card_difference,
    check_deck,
)
from pirate_rules.record_format import (
    FORMAT,
    MARVIN,
    field,
    load_record,
    read_card_list,
    read_players,
    read_winner,
    show,
)

__all__ = ["GAME", "replay", "to_record"]

GAME: Final = MARVIN
"""The record's ``"game"`` value: ``"marvins-pirates-go"``."""


def to_record(game: MarvinGame, *, events: bool = False) -> dict[str, Any]:
    """The game's record, ready for ``json.dumps``.

    Args:
        game: The game, finished or not. A turn whose card is drawn but not yet played
            is written without ``target`` or ``take``.
        events: Also write each turn's log sentences under the key ``"event"``.

    Examples:
        >>> game = MarvinGame.stacked("JK KS", players=("Marvin", "Mum"))
        >>> game.play("take cave")
        >>> for turn in to_record(game, events=True)["turns"]:
        ...     print(turn)
        {'card': 'JK', 'event': 'Marvin draws JK and loses the rest of the turn'}
        {'card': 'KS', 'take': 'cave', 'event': 'Mum draws KS and takes the Cave from the bank'}
        {'card': 'AS'}
    """
    turns = [_entry(*turn) for turn in game._history]
    if game.phase == CARD:
        assert game.drawn is not None
        turns.append(_entry(game._power, game._reshuffled, game.drawn, None))
    if events:
        lines: dict[int, list[str]] = {}
        for event, text in zip(game._events, game.log, strict=True):
            turn = event[1]
            assert isinstance(turn, int)
            lines.setdefault(turn, []).append(text.split(": ", 1)[1])
        for number, entry in enumerate(turns, 1):
            if number in lines:
                entry["event"] = "; ".join(lines[number])
    data: dict[str, Any] = {
        "game": GAME,
        "format": FORMAT,
        "players": list(game.players),
        "options": {"jokers": game.jokers},
        "first": game.first,
        "deck": [str(card) for card in game.deck],
        "turns": turns,
    }
    outcome = game.outcome()
    if outcome is not None:
        data["result"] = {"winner": outcome.winner}
    return data


def _entry(
    power: Move | None, reshuffle: tuple[Card, ...] | None, card: Card, choice: Move | None
) -> dict[str, Any]:
    entry: dict[str, Any] = {}
    if power is not None:
        if power.kind == "ship":
            entry["prize"] = {"power": "ship", "from": power.position, "to": power.to}
        elif power.kind == "cave":
            entry["prize"] = {"power": "cave", "hide": power.position}
        else:
            entry["prize"] = {"power": "fort", "shield": power.position}
    if reshuffle is not None:
        entry["reshuffle"] = [str(c) for c in reshuffle]
    entry["card"] = str(card)
    if choice is not None:
        if choice.kind == "take":
            entry["take"] = choice.prize
        else:
            entry["target"] = choice.position
    return entry


class _Turn(NamedTuple):
    power: Move | None
    reshuffle: list[Card] | None
    card: Card
    choice: Move | None


def replay(record: str | bytes | Mapping[str, Any]) -> MarvinGame:
    """Replay a record, checking every move; returns the game at the record's end.

    The returned game can be played on. A record holds no generator, so if the draw
    pile runs out later, the game reshuffles with one seeded with 0 (M9).

    Args:
        record: The record as JSON text or as a parsed dictionary.

    Raises:
        RecordError: if the record is malformed: the message names the place.
        ReplayError: at the first move that breaks a rule, naming the turn (counted
            from 1) and the rule; or ``result`` when the record's result is wrong.
    """
    data = load_record(record)
    if data["game"] != GAME:
        raise RecordError(f"not a record of Marvin's Pirates Go!: the game is {data['game']!r}")
    players = read_players(data)
    options = field(data, "options", dict, default={})
    jokers = field(options, "jokers", int, "options", default=2)
    first = field(data, "first", int)
    if first not in (0, 1):
        raise RecordError(f"record: 'first' must be 0 or 1, not {first}")
    deck = read_card_list(field(data, "deck", list), "deck")
    try:
        check_deck(deck, jokers)
    except PirateRulesError as exc:
        raise RecordError(f"deck: {exc}") from None
    entries = field(data, "turns", list)
    turns = [_read_turn(entry, number) for number, entry in enumerate(entries, 1)]

    checker = _DrawChecker()
    game = MarvinGame._replaying(deck, first, players, jokers, checker)
    for number, turn in enumerate(turns, 1):
        try:
            _replay_turn(game, turn, number, checker, last=number == len(turns))
        except IllegalMoveError as exc:
            raise ReplayError(f"turn {number}", exc) from None
    game._resume()
    if "result" in data:
        _check_result(game, field(data, "result", dict))
    return game


def _replay_turn(
    game: MarvinGame, turn: _Turn, number: int, checker: _DrawChecker, *, last: bool
) -> None:
    if game.is_game_over():
        raise refusal(game, DRAW)
    checker.turn = turn
    game.push(turn.power or DRAW)
    if game.phase == CARD and game.turn == number - 1:
        if turn.choice is None:
            if last:
                return
            effect = EFFECT_OF_RANK[turn.card.rank]
            wanted = "'take'" if effect == E_TAKE else "'target'"
            raise IllegalMoveError(
                f"the drawn {turn.card} must be played, but the turn has no {wanted}",
                rule=EFFECT_RULES[effect],
            )
        game.push(turn.choice)


class _DrawChecker:
    """Checks each draw of the replayed game against the record's turn (M9)."""

    turn: _Turn | None = None

    def before_draw(self, game: MarvinGame) -> None:
        """M9: the record reshuffles exactly when the draw pile is empty, into a
        permutation of the discard pile, and its card is the top of the draw pile."""
        turn = self.turn
        assert turn is not None
        pile = game._pile
        if not pile:
            if turn.reshuffle is None:
                raise IllegalMoveError(
                    "the draw pile is empty, so the turn must give the reshuffled pile",
                    rule="M9",
                )
            given, discard = Counter(turn.reshuffle), Counter(game._discard)
            if given != discard:
                raise IllegalMoveError(
                    f"the reshuffle must be the {len(game._discard)} cards of the discard "
                    f"pile: {card_difference(given, discard)}",
                    rule="M9",
                )
            game._reshuffle(turn.reshuffle)
        elif turn.reshuffle is not None:
            raise IllegalMoveError(
                f"the draw pile still holds {len(pile)} card{'s' if len(pile) != 1 else ''}: "
                "the discard pile is reshuffled only when it is empty",
                rule="M9",
            )
        if pile[-1] is not turn.card:
            raise IllegalMoveError(
                f"the card drawn must be the top of the draw pile, {pile[-1]}, not {turn.card}",
                rule="M9",
            )

    def idle_card(self, game: MarvinGame, card: Card) -> None:
        """A card that can do nothing has no target and takes no prize (M11, M14, M15)."""
        assert self.turn is not None
        choice = self.turn.choice
        if choice is not None:
            reason, rule = why_idle(game, card)
            what = f"take {choice.prize}" if choice.kind == "take" else f"target {choice.position}"
            raise IllegalMoveError(
                f"the drawn {card} can do nothing: {reason}, so the turn cannot have {what}",
                rule=rule,
            )


def _read_turn(entry: Any, number: int) -> _Turn:
    where = f"turn {number}"
    if not isinstance(entry, dict):
        raise RecordError(f"{where} must be an object, not {show(entry)}")
    power = None
    if "prize" in entry:
        power = _read_power(field(entry, "prize", dict, where), where)
    reshuffle = None
    if "reshuffle" in entry:
        reshuffle = read_card_list(entry["reshuffle"], f"{where}: reshuffle")
    text = field(entry, "card", str, where)
    try:
        card = Card.parse(text)
    except InvalidCardError as exc:
        raise RecordError(f"{where}: 'card': {exc}") from None
    if "target" in entry and "take" in entry:
        raise RecordError(f"{where}: a turn has 'target' or 'take', not both")
    choice = None
    try:
        if "target" in entry:
            choice = Move.target(field(entry, "target", str, where))
        elif "take" in entry:
            choice = Move.take(field(entry, "take", str, where))
    except InvalidMoveError as exc:
        raise RecordError(f"{where}: {exc}") from None
    return _Turn(power, reshuffle, card, choice)


def _read_power(prize: dict[str, Any], where: str) -> Move:
    where += ": prize"
    power = field(prize, "power", str, where)
    try:
        if power == "ship":
            return Move.ship(field(prize, "from", str, where), field(prize, "to", str, where))
        if power == "cave":
            return Move.cave(field(prize, "hide", str, where))
        if power == "fort":
            return Move.fort(field(prize, "shield", str, where))
    except InvalidMoveError as exc:
        raise RecordError(f"{where}: {exc}") from None
    raise RecordError(f"{where}: 'power' must be 'ship', 'cave' or 'fort', not {show(power)}")


def _check_result(game: MarvinGame, result: dict[str, Any]) -> None:
    """M18: a stated result must be the replay's: the game is over and the winner is right."""
    winner = read_winner(result, draws=False)
    outcome = game.outcome()
    if outcome is None:
        raise ReplayError(
            "result",
            IllegalMoveError(
                f"the record gives a result, but after {game.turn} turns the game is not over",
                rule="M18",
            ),
        )
    if winner != outcome.winner:
        raise ReplayError(
            "result",
            IllegalMoveError(
                f"the record says the winner is player {winner}, but player {outcome.winner}"
                f" ({game.players[outcome.winner]}) wins on turn {game.turn}",
                rule="M18",
            ),
        )
