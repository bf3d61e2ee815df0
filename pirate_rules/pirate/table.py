"""The table in text: what ``str(game)`` draws, and the log's lines.

``str(game)`` is plain ASCII and stable, one line per item:

* ``moment N``: how many moments have been played;
* one line per player: name, low or high, stock size, waste size and top card (marked
  ``last turned`` while it is the card its owner turned most recently, which an observer
  may claim), ships captured; a player with no stock and no waste is ``observing``;
* one line per suit: the suit, the number of its current ship, then each player's half
  from keel to top (``A-5``, ``K-9``, ``-`` when not begun);
* ``sunk N``: ships sunk so far;
* once the game is over, a last line saying how it ended.

    >>> from pirate_rules.pirate.game import PirateGame
    >>> game = PirateGame(stocks=("AH 2H 3C", "KH"), players=("Ann", "Ben"), complete=False)
    >>> game.apply_moments("TT PP TW")
    >>> print(game)
    moment 3
    Ann (low):  stock 1, waste 1, top 2H (last turned), captured 0
    Ben (high): stock 0, waste 0, observing, captured 0
    spades   ship 1: Ann -   | Ben -
    hearts   ship 1: Ann A   | Ben K
    diamonds ship 1: Ann -   | Ben -
    clubs    ship 1: Ann -   | Ben -
    sunk 0
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Protocol

from pirate_rules.cards import SUIT_NAMES, Card, format_cards
from pirate_rules.pirate.ships import Ship

__all__ = ["GameEvent", "GameOutcome", "GameView", "describe_event", "describe_outcome", "draw"]


class GameOutcome(Protocol):
    """What the text reads of an outcome (`pirate_rules.pirate.game.Outcome` is one)."""

    @property
    def winner(self) -> int | None: ...

    @property
    def termination(self) -> Enum: ...


class GameEvent(Protocol):
    """What the text reads of an event (`pirate_rules.pirate.game.Event` is one)."""

    @property
    def moment(self) -> int: ...

    @property
    def kind(self) -> str: ...

    @property
    def player(self) -> int | None: ...

    @property
    def cards(self) -> tuple[Card, ...]: ...

    @property
    def suit(self) -> str: ...

    @property
    def number(self) -> int: ...


class GameView(Protocol):
    """What the text reads of a game: `pirate_rules.pirate.game.PirateGame` is one.

    This module only reads games, and knowing them by what it reads keeps it free of
    the game module, which imports it.
    """

    players: tuple[str, str]
    low: int
    moment: int

    @property
    def sunk(self) -> Sequence[Ship]: ...

    @property
    def score(self) -> tuple[int, int]: ...

    @property
    def ships(self) -> list[Ship]: ...

    def is_observer(self, player: int) -> bool: ...

    def is_fresh(self, player: int) -> bool: ...

    def stock(self, player: int) -> list[Card]: ...

    def waste(self, player: int) -> list[Card]: ...

    def outcome(self) -> GameOutcome | None: ...


def draw(game: GameView) -> str:
    """The table as text, as described above."""
    names = game.players
    labels = [f"{names[p]} ({'low' if p == game.low else 'high'}):" for p in (0, 1)]
    width = max(map(len, labels))
    lines = [f"moment {game.moment}"]
    for player in (0, 1):
        if game.is_observer(player):
            cards = "stock 0, waste 0, observing"
        else:
            waste = game.waste(player)
            cards = f"stock {len(game.stock(player))}, waste {len(waste)}"
            if waste:
                cards += f", top {waste[0]}"
                if game.is_fresh(player):
                    cards += " (last turned)"
        lines.append(f"{labels[player]:<{width}} {cards}, captured {game.score[player]}")
    for ship in game.ships:
        halves = f"{names[0]} {ship.describe(0):<3} | {names[1]} {ship.describe(1)}"
        lines.append(f"{SUIT_NAMES[ship.suit]:<8} ship {ship.number}: {halves}")
    lines.append(f"sunk {len(game.sunk)}")
    outcome = game.outcome()
    if outcome is not None:
        lines.append(f"game over ({outcome.termination.value}): {describe_outcome(game, outcome)}")
    return "\n".join(lines)


def describe_outcome(game: GameView, outcome: GameOutcome) -> str:
    """How the game ended, in words, such as ``'Ann wins, 5 ships to 2'``."""
    ships = game.score
    if outcome.winner is None:
        result = f"a draw, {_ships(ships[0])} each"
    else:
        loser = 1 - outcome.winner
        result = (
            f"{game.players[outcome.winner]} wins,"
            f" {_ships(ships[outcome.winner])} to {ships[loser]}"
        )
    if outcome.termination.value == "P11":
        return f"no card left can ever be placed; {result}"
    return result


def describe_event(game: GameView, event: GameEvent) -> str:
    """One log line for ``event``."""
    names = game.players
    player = names[event.player] if event.player is not None else ""
    kind = event.kind
    if kind == "cut":
        shown = f"{names[0]} cut {event.cards[0]}, {names[1]} cut {event.cards[1]}"
        if event.player is None:
            return f"{shown}: equal ranks, cut again"
        return f"{shown}: {player} is low"
    ship = f"the {SUIT_NAMES.get(event.suit, '')} ship (ship {event.number})"
    if kind == "restock":
        cards = "1 card" if event.number == 1 else f"{event.number} cards"
        text = f"{player} turned the waste over as a new stock of {cards}"
    elif kind == "claim":
        owner = names[1 - event.player] if event.player is not None else ""
        text = f"{player} claimed {owner}'s {format_cards(event.cards)}"
    elif kind == "clash":
        owner = names[1 - event.player] if event.player is not None else ""
        text = (
            f"{player} claimed {format_cards(event.cards)} as {owner} played it:"
            f" {owner}'s play stands"
        )
    elif kind == "capture":
        text = f"{player} captured {ship}"
    else:
        text = f"{ship} sank: both players put a card on it"
    return f"moment {event.moment}: {text}"


def _ships(count: int) -> str:
    return f"{count} ship" if count == 1 else f"{count} ships"
