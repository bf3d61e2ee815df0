"""my_engine.py: Marvin's Pirates Go! in plain data and small functions.

You build this file in the chapters of "Build it yourself" on the Pirate Rules site.
Each chapter adds a part: write the functions whose body is still
``raise NotImplementedError``, then press "Check my code" on the chapter's page, or run
``pirate-rules learn check N my_engine.py``. The checks name the rule they test, and at
the end of a chapter your functions play 200 games beside the real engine.

Cards, positions and moves are plain text, as the site writes them: ``"7H"`` and
``"JK"``, ``"GL"``, ``"ship GL CR"``, ``"take cave"``. Your file must not import
``pirate_rules``: the checks compare it with the real engine, they do not lend it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

# ── Chapter 1 · The deck and the draw (M1, M9) ──

RANKS = "A23456789TJQK"
"""The ranks, lowest first: an Ace counts as 1, a ten is written T, a King counts 13."""
SUITS = "SHDC"
"""Spades, hearts, diamonds and clubs. A card is rank then suit: "7H", "TS", "AD"."""
JOKER = "JK"
"""How a joker is written."""

Shuffle = Callable[[list[str]], list[str]]
"""A way to shuffle: it is given cards and returns them, in a new list, in a new order."""


def shuffled(cards: list[str]) -> list[str]:
    """The cards in a random order, as a new list: the shuffle of a real table."""
    return random.sample(cards, len(cards))


@dataclass
class Piles:
    """The cards on the table: the draw pile, top card first, and the discard pile,
    whose last card is the one discarded last."""

    draw: list[str]
    discard: list[str] = field(default_factory=list)


def new_deck(jokers: int = 2) -> list[str]:
    """Every card of one deck once, 52 in all, then ``jokers`` jokers (M1).

    A deck has 0, 1 or 2 jokers: raise ``ValueError`` for any other number.
    """
    raise NotImplementedError("chapter 1: new_deck")


def rank(card: str) -> int:
    """The rank of ``card`` as a number: 1 for an Ace, up to 13 for a King; 0 for a joker (M1)."""
    raise NotImplementedError("chapter 1: rank")


def draw(piles: Piles, shuffle: Shuffle = shuffled) -> str:
    """Take the top card off the draw pile and return it (M9).

    If the draw pile is empty, first the discard pile, in the order ``shuffle`` gives
    it, becomes the draw pile, and the discard pile is left empty. The drawn card goes
    to no pile: the turn discards it when it is done.
    """
    raise NotImplementedError("chapter 1: draw")


# ── Chapter 2 · Pirates, positions and targets (M2, M16) ──

POSITIONS = ("GL", "GR", "CL", "CR")
"""Guard left, guard right, captain left, captain right, as the crew's owner sees them."""
GUARDS = ("GL", "GR")
"""The guard row, facing the other crew."""
CAPTAINS = ("CL", "CR")
"""The captain row: CL stands behind GL, and CR behind GR."""


class Pirate(NamedTuple):
    """One pirate: its hit points and whether it carries a shield.

    A pirate is a value: ``pirate._replace(hit_points=3)`` is a new pirate, and the
    crew is given the new one in its place.
    """

    hit_points: int = 4
    shield: bool = False


@dataclass
class Crew:
    """One player's pirates, by position. A position missing from ``pirates`` is empty.

    ``hidden`` is the position of the captain hiding in the Cave (chapter 4), or None;
    a hidden captain stays in ``pirates``, at its position.
    """

    pirates: dict[str, Pirate]
    hidden: str | None = None


def new_crew() -> Crew:
    """Four pirates, one at each position, with 4 hit points and no shield (M2)."""
    raise NotImplementedError("chapter 2: new_crew")


def in_front(captain: str) -> str:
    """The guard position in front of a captain's: "GL" for "CL", "GR" for "CR" (M2)."""
    raise NotImplementedError("chapter 2: in_front")


def standing(crew: Crew) -> list[str]:
    """The positions of the pirates on the board, in the order of POSITIONS: every pirate
    of the crew except a hidden one."""
    raise NotImplementedError("chapter 2: standing")


def targets(crew: Crew) -> list[str]:
    """The positions of ``crew`` the other player may aim at, in the order of POSITIONS
    (M16): every pirate in the guard row, and each captain whose guard position in front
    is empty. Never a hidden pirate.
    """
    raise NotImplementedError("chapter 2: targets")


# ── Chapter 3 · Hits, shields and fainting (M10-M13, M17) ──


def effect(card: str) -> str:
    """What ``card`` does: "hit" for A 3 5 7 (M10), "shield" for 2 4 6 10 (M11), "kill"
    for an 8 (M12), "slash" for a 9 (M13), "take" for J Q K (M14), and "lost" for a
    joker (M15)."""
    raise NotImplementedError("chapter 3: effect")


def hit(crew: Crew, position: str, hits: int = 1) -> None:
    """Deal ``hits`` hits to the pirate at ``position`` (M10, M13, M17).

    Each hit takes the pirate's shield if it has one, and otherwise one hit point. A
    pirate left with 0 hit points faints: it leaves ``crew.pirates``, and its position
    is empty.
    """
    raise NotImplementedError("chapter 3: hit")


def knock_out(crew: Crew, position: str) -> None:
    """The pirate at ``position`` faints at once, whatever its hit points and shield (M12)."""
    raise NotImplementedError("chapter 3: knock_out")


def shieldable(crew: Crew) -> list[str]:
    """The positions a shield card may protect, in the order of POSITIONS (M11): the
    crew's pirates on the board that have no shield yet."""
    raise NotImplementedError("chapter 3: shieldable")


def give_shield(crew: Crew, position: str) -> None:
    """Put a shield on the pirate at ``position`` (M8, M11)."""
    raise NotImplementedError("chapter 3: give_shield")


# ── Chapter 4 · Prizes and their powers (M3, M5-M8, M14) ──

PRIZES = ("cave", "ship", "fort")
"""The three prizes."""


@dataclass
class Game:
    """The whole table of one game.

    ``holders`` says who holds each prize: player 0, player 1, or None while the prize
    is in the bank. ``drawn`` is the card drawn this turn while it waits for its choice,
    ``turn`` counts the turns played to the end, and ``winner`` is set when the game is
    over. The game reshuffles with ``shuffle`` (M9).
    """

    piles: Piles
    crews: list[Crew]
    holders: dict[str, int | None]
    to_move: int = 0
    drawn: str | None = None
    turn: int = 0
    winner: int | None = None
    shuffle: Shuffle = shuffled


def new_bank() -> dict[str, int | None]:
    """Who holds each prize when a game starts: nobody, for all three (M3)."""
    raise NotImplementedError("chapter 4: new_bank")


def power_moves(game: Game) -> list[str]:
    """The prize powers the player to move may use now, as moves (M5-M8).

    Only the prizes that player holds, and only what can be done: "ship GL CR" (the Ship
    swaps the pirates at GL and CR, or moves GL into an empty CR, M6: list each swap
    once), "cave CL" (the Cave hides the captain at CL, M7), "fort GR" (the Fort shields
    the guard at GR, M8).
    """
    raise NotImplementedError("chapter 4: power_moves")


def use_power(game: Game, move: str) -> None:
    """The player to move uses ``move``, one of ``power_moves(game)`` (M6-M8).

    After the Ship has moved a pirate, call ``recall``: the hidden captain may have to
    come back (M7).
    """
    raise NotImplementedError("chapter 4: use_power")


def recall(crew: Crew) -> None:
    """Bring the hidden captain back to its position if no other pirate of ``crew``
    stands in the captain row (M7)."""
    raise NotImplementedError("chapter 4: recall")


def take_moves(game: Game) -> list[str]:
    """What a J, Q or K lets the player to move take (M14): "take cave", "take ship" or
    "take fort", for every prize they do not hold, from the bank or from the other player."""
    raise NotImplementedError("chapter 4: take_moves")


def take(game: Game, prize: str) -> None:
    """The player to move takes ``prize`` (M14). A player who loses the Cave gets their
    hidden captain back at once (M7)."""
    raise NotImplementedError("chapter 4: take")


# ── Chapter 5 · The joker, the turn and the end (M4, M15, M18) ──


def new_game(deck: list[str], first: int, shuffle: Shuffle = shuffled) -> Game:
    """A game ready to start: ``deck`` is the draw pile, top card first, two new crews,
    every prize in the bank, and player ``first`` (0 or 1) to move (M4)."""
    raise NotImplementedError("chapter 5: new_game")


def legal_moves(game: Game) -> list[str]:
    """Every move the player to move may make now.

    Before the draw: the prize powers they may use, and "draw" (M5). Once a card is
    drawn, what it can do: the positions it may hit or shield, or the prizes it may take.
    Nothing once the game is over (M18).
    """
    raise NotImplementedError("chapter 5: legal_moves")


def play(game: Game, move: str) -> None:
    """Make ``move``, one of ``legal_moves(game)``; raise ``ValueError`` for any other.

    A power or "draw" is followed by the draw (M9). A card with nothing to do, such as a
    joker (M15), ends the turn at once; otherwise it waits for its move. When the card
    is done it goes on the discard pile, the turn is over, and the other player moves,
    unless the last pirate of a crew has fainted: then the game is over (M18).
    """
    raise NotImplementedError("chapter 5: play")
