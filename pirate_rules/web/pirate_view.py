"""What the Pirate page draws: a view of the table, who can still act, and the ending.

Everything here reads the game through the engine's public queries; the page only draws
the JSON it is given. Three things are worked out for the page:

* :func:`can_still_act`: whether a player has anything left to turn, play or claim, which
  tells the page when to fast-forward (only one side can still act);
* :func:`watching_note`: what a player out of cards does now, in one line (P9);
* :func:`ending`: the winner, the rule that ended the game and why, in words;
* :func:`roles_line`: who lays which keel, in one line of text (P2, P6, P8).

    >>> from pirate_rules.pirate import PirateGame
    >>> game = PirateGame(stocks=("AH 2H", "KH"), players=("Ann", "Ben"), complete=False)
    >>> game.apply_moments("TT PP")
    >>> can_still_act(game, 0), can_still_act(game, 1)
    (True, False)
    >>> print(roles_line(game))
    Ann is low, Ben is high: on a suit's first ship Ann lays the Ace and builds up, Ben lays
    the King and builds down; the suit's next ship swaps the ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pirate_rules.cards import SUIT_NAMES, SUITS, Card
from pirate_rules.pirate.game import PirateGame, Termination
from pirate_rules.pirate.ships import Ship
from pirate_rules.pirate.table import describe_outcome
from pirate_rules.web.sessions import JSON, card_json

__all__ = [
    "can_still_act",
    "ending",
    "roles_line",
    "ship_json",
    "stretch",
    "table_view",
    "watching_note",
]

ACTION_NAMES = {"T": "turn", "P": "play", "C": "claim", "W": "wait"}


def can_still_act(game: PirateGame, player: int) -> bool:
    """Whether ``player`` has anything to turn, play or claim this moment (P5, P6, P9).

    A player with a stock or a waste can always turn. An observer (P9) can only claim,
    and only while the opponent's newly turned card fits one of the observer's halves;
    while there is no such card, the observer has nothing to do but wait.

    Example:
        >>> game = PirateGame(stocks=("AH", "2H 9C KC"), players=("Ann", "Ben"), complete=False)
        >>> game.apply_moments("TT PW")
        >>> can_still_act(game, 0), can_still_act(game, 1)
        (True, True)
        >>> game.apply_moment("CT")
        >>> can_still_act(game, 0), can_still_act(game, 1)
        (False, True)
    """
    return game.can_turn(player) or game.can_claim(player)


def stretch(game: PirateGame, computers: Sequence[bool]) -> JSON | None:
    """The stretch of play in which only one side can still act, or None.

    ``fast`` is true when that side is a computer: the page then plays it faster and
    offers to skip to the end of the stretch. A person who plays on alone sets the pace.
    The stretch ends as soon as the idle player can act again, such as an observer who
    may claim the card just turned (P9).

    Example:
        >>> game = PirateGame(stocks=("AH", "2H 9C KC"), players=("Ann", "Ben"), complete=False)
        >>> game.apply_moments("TT PW CT")
        >>> stretch(game, [False, True])["text"]
        'Ann has nothing to turn, play or claim for now: Ben plays on, faster.'
    """
    able = [can_still_act(game, player) for player in (0, 1)]
    if able.count(True) != 1:
        return None
    active = able.index(True)
    idle = 1 - active
    names = game.players
    fast = bool(computers[active])
    tail = f"{names[active]} plays on, faster." if fast else f"{names[active]} plays on alone."
    return {
        "active": active,
        "idle": idle,
        "fast": fast,
        "text": f"{names[idle]} has nothing to turn, play or claim for now: {tail}",
    }


def watching_note(game: PirateGame, player: int, computers: Sequence[bool]) -> str | None:
    """What ``player`` does once out of cards, in one line, or None while it has cards (P9).

    The line stays true while the player watches: whether or not a card can be claimed
    at this moment, and however fast the other side plays.

    Example:
        >>> game = PirateGame(stocks=("AH", "2H 9C KC"), players=("Ann", "Ben"), complete=False)
        >>> game.apply_moments("TT PW")
        >>> print(watching_note(game, 0, [False, True]))
        Out of cards: claim Ben's newly turned cards that fit your ships. Ben plays faster
        while there is nothing to claim.
        >>> print(watching_note(game, 1, [False, True]))
        None
    """
    if not game.is_observer(player):
        return None
    other = game.players[1 - player]
    if computers[player]:
        return f"Out of cards: watching {other}'s newly turned cards, to claim one that fits."
    note = f"Out of cards: claim {other}'s newly turned cards that fit your ships."
    if computers[1 - player]:
        note += f" {other} plays faster while there is nothing to claim."
    return note


def roles_line(game: PirateGame) -> str:
    """Who is low and high, and who lays which keel on which ship, in one line (P2, P6, P8)."""
    low, high = game.players[game.low], game.players[game.high]
    line = (
        f"{low} is low, {high} is high: on a suit's first ship {low} lays the Ace and builds"
        f" up, {high} lays the King and builds down; the suit's next ship swaps the ends."
    )
    swapped = [SUIT_NAMES[ship.suit] for ship in game.ships if ship.number % 2 == 0]
    if swapped:
        line += f" Swapped now: {', '.join(swapped)} ({low} from the King, {high} from the Ace)."
    return line


def ship_json(game: PirateGame, ship: Ship) -> JSON:
    """One ship as the page draws it: thirteen places, Ace to King, and both halves."""
    slots: list[JSON | None] = [None] * 13
    for player in (0, 1):
        for placed in ship.halves[player]:
            face = card_json(placed.card) or {}
            slots[placed.card.rank - 1] = {**face, "half": player, "owner": placed.owner}
    halves = []
    for player in (0, 1):
        rank = ship.needs[player]
        needs = None if not 1 <= rank <= 13 or ship.ranks >> rank & 1 else ship.next_card(player)
        halves.append(
            {
                "keel": str(ship.keel(player)),
                "direction": "up" if ship.steps[player] == 1 else "down",
                "cards": len(ship.halves[player]),
                "describe": ship.describe(player),
                "needs": None if needs is None else str(needs),
            }
        )
    return {
        "suit": ship.suit,
        "name": SUIT_NAMES[ship.suit],
        "number": ship.number,
        "swapped": ship.number % 2 == 0,
        "slots": slots,
        "halves": halves,
    }


def _completed(game: PirateGame) -> dict[tuple[str, int], int]:
    """The moment each captured or sunk ship was completed, by (suit, number)."""
    return {
        (event.suit, event.number): event.moment
        for event in game.events
        if event.kind in ("capture", "sink")
    }


def _ship_list(ships: Sequence[Ship], moments: dict[tuple[str, int], int]) -> list[JSON]:
    return [
        {
            "suit": ship.suit,
            "number": ship.number,
            "name": ship.name,
            "moment": moments.get((ship.suit, ship.number)),
        }
        for ship in ships
    ]


def ending(game: PirateGame) -> JSON | None:
    """How the game ended, for the end screen: winner, rule, and why in words (P10, P11).

    ``kind`` is ``"five"`` (five ships captured), ``"four"`` (four, once a ship sank),
    ``"blocked"`` (P11 with more ships) or ``"draw"``. For P11, ``details`` says for each
    half which card it needs and where the copies that could go there went.

    Example:
        >>> game = PirateGame(stocks=("AH 2H", "KH"), players=("Ann", "Ben"), complete=False)
        >>> game.apply_moments("TT PP TW PW")
        >>> end = ending(game)
        >>> end["rule"], end["kind"], end["title"]
        ('P11', 'draw', "It's a draw!")
        >>> end["details"][1]["halves"][0]
        {'player': 0, 'card': '3H', 'where': "Ann's copy is not in play; Ben's copy is not in play"}
    """
    outcome = game.outcome()
    if outcome is None:
        return None
    names, ships, winner = game.players, game.score, outcome.winner
    details: list[JSON] = []
    if outcome.termination is Termination.CAPTURES:
        enough = "four" if game.sunk else "five"
        if winner is None:
            kind = "draw"
            why = f"Both players reached {enough} ships in the same moment (P10)."
        else:
            kind = enough
            why = (
                f"{names[winner]} captured {ships[winner]} ships, and once a ship has sunk,"
                " four are enough (P10)."
                if game.sunk
                else f"{names[winner]} captured five ships (P10)."
            )
    else:
        kind = "draw" if winner is None else "blocked"
        lead = "No card left in a stock or waste fits any half, so none can ever be placed (P11)"
        if winner is None:
            why = f"{lead}; with {ships[0]} ships each, it is a draw."
        else:
            why = f"{lead}; {names[winner]} has more ships, {ships[winner]} to {ships[1 - winner]}."
        details = _blocked_details(game)
    return {
        "winner": winner,
        "rule": outcome.termination.value,
        "kind": kind,
        "title": "It's a draw!" if winner is None else f"{names[winner]} wins!",
        "why": why,
        "details": details,
        "text": describe_outcome(game, outcome),
    }


def _blocked_details(game: PirateGame) -> list[JSON]:
    """P11: for each suit, the card each half needs and where the copies that could fit went."""
    details = []
    for ship in game.ships:
        halves = []
        for player in (0, 1):
            card = ship.next_card(player)
            # Only the player's own copy can be played; an observer could also claim the other.
            owners = (player, 1 - player) if game.is_observer(player) else (player,)
            where = "; ".join(
                f"{game.players[owner]}'s copy {_whereabouts(game, card, owner)}"
                for owner in owners
            )
            halves.append({"player": player, "card": str(card), "where": where})
        details.append({"suit": ship.suit, "name": SUIT_NAMES[ship.suit], "halves": halves})
    return details


def _whereabouts(game: PirateGame, card: Card, owner: int) -> str:
    """Where ``owner``'s copy of ``card`` is, once it is no longer in a stock or waste."""
    for ship in game.sunk:
        if _holds(ship, card, owner):
            return f"sank with ship {ship.number}"
    for captor in (0, 1):
        for ship in game.captured[captor]:
            if _holds(ship, card, owner):
                return f"is in {game.players[captor]}'s captured ship {ship.number}"
    for ship in game.ships:
        if _holds(ship, card, owner):
            return f"is already on ship {ship.number}"
    return "is not in play"


def _holds(ship: Ship, card: Card, owner: int) -> bool:
    return any(placed.card == card and placed.owner == owner for placed in ship.cards())


def table_view(
    game: PirateGame, bots: Sequence[Any], plays: Sequence[str], *, watched: bool = False
) -> JSON:
    """The table part of a view: both seats, the ships, the sunk ships, the ending.

    ``bots`` holds each seat's bot (None for a person), ``plays`` each seat's kind:
    ``"person"`` or a speed level id. A ``watched`` game (in the record viewer) speaks
    of every seat in the third person.
    """
    moments = _completed(game)
    computers = [bot is not None for bot in bots]
    speakers = [True, True] if watched else computers
    seats = []
    for seat in (0, 1):
        bot = bots[seat]
        seats.append(
            {
                "name": game.players[seat],
                "role": "low" if seat == game.low else "high",
                "plays": plays[seat],
                "stock": len(game.stock(seat)),
                "waste": len(game.waste(seat)),
                "top": card_json(game.waste_top(seat)),
                "fresh": game.is_fresh(seat),
                "observer": game.is_observer(seat),
                "captured": _ship_list(game.captured[seat], moments),
                "can_act": can_still_act(game, seat),
                "legal": [str(action) for action in game.legal_actions(seat)],
                "fits": game.can_play(seat),
                "claims": game.can_claim(seat),
                "reason": bot.reason if bot is not None else "",
                "watching": watching_note(game, seat, speakers),
            }
        )
    return {
        "moment": game.moment,
        "low": game.low,
        "players": list(game.players),
        "seats": seats,
        "ships": [ship_json(game, game.ship(suit)) for suit in SUITS],
        "sunk": _ship_list(game.sunk, moments),
        "score": list(game.score),
        "roles": roles_line(game),
        "stretch": stretch(game, computers),
        "outcome": ending(game),
        "text": str(game),
    }
