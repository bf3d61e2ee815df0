"""my_engine.py: Marvin's Pirates Go! in plain data and small functions.

You build this file in the chapters of "Build it yourself" on the Pirate Rules site. Each
chapter adds a part: write the functions whose body is still ``raise NotImplementedError``,
then press "Check my code" on the chapter's page, or run
``pirate-rules learn check N my_engine.py``. The checks name the rule they test, and at the
end of a chapter your functions play 200 games beside the real engine.

Cards, positions and moves are plain text, as the site writes them: ``"7H"`` and ``"JK"``,
``"GL"``, ``"ship GL CR"``, ``"take cave"``. Your file must not import ``pirate_rules``: the
checks compare it with the real engine, they do not lend it.
"""

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

# ── Chapter 1 · The deck and the draw (M1, M9) ──
RANKS, SUITS, JOKER = "A23456789TJQK", "SHDC", "JK"
"""A card is rank then suit, "7H" ("TS": a ten); a shuffle returns the cards in a new order."""
Shuffle = Callable[[list[str]], list[str]]


def shuffled(cards: list[str]) -> list[str]:
    """The cards in a random order, as a new list: the shuffle of a real table."""
    return random.sample(cards, len(cards))


@dataclass
class Piles:
    """The draw pile, top card first, and the discard pile, the last card discarded last."""

    draw: list[str]
    discard: list[str] = field(default_factory=list)


def new_deck(jokers: int = 2) -> list[str]:
    """Each of the 52 cards once, then ``jokers`` jokers: 0, 1 or 2, else ValueError (M1)."""
    raise NotImplementedError("chapter 1: new_deck")


def rank(card: str) -> int:
    """The rank of ``card``: 1 for an Ace, up to 13 for a King, and 0 for a joker (M1)."""
    raise NotImplementedError("chapter 1: rank")


def draw(piles: Piles, shuffle: Shuffle = shuffled) -> str:
    """Take the top card off the draw pile (M9), first refilled if empty: the discard pile,
    in the order ``shuffle`` gives. The card drawn goes on no pile until its turn is done."""
    raise NotImplementedError("chapter 1: draw")


# ── Chapter 2 · Pirates, positions and targets (M2, M16) ──
POSITIONS = ("GL", "GR", "CL", "CR")
GUARDS, CAPTAINS = POSITIONS[:2], POSITIONS[2:]
"""Guard left and right, captain left and right, as the owner sees them: CL is behind GL."""


class Pirate(NamedTuple):
    """One pirate, a value: ``pirate._replace(hit_points=3)`` is a new one for its place."""

    hit_points: int = 4
    shield: bool = False


@dataclass
class Crew:
    """A crew: its pirates by position (none there: empty), and its captain in the Cave."""

    pirates: dict[str, Pirate]
    hidden: str | None = None


def new_crew() -> Crew:
    """Four pirates, one at each position, with 4 hit points and no shield (M2)."""
    raise NotImplementedError("chapter 2: new_crew")


def in_front(captain: str) -> str:
    """The guard position in front of a captain's: "GL" for "CL", "GR" for "CR" (M2)."""
    raise NotImplementedError("chapter 2: in_front")


def standing(crew: Crew) -> list[str]:
    """The crew's positions with a pirate on the board, in the order of POSITIONS (M2)."""
    raise NotImplementedError("chapter 2: standing")


def targets(crew: Crew) -> list[str]:
    """Where a hit card may aim (M16): the guards, and the captains with nobody in front."""
    raise NotImplementedError("chapter 2: targets")


# ── Chapter 3 · Hits, shields and fainting (M10-M13, M17) ──
def effect(card: str) -> str:
    """What ``card`` does: "hit" (A 3 5 7, M10), "shield" (2 4 6 10, M11), "kill" (8, M12),
    "slash" (9, M13), "take" (J Q K, M14) or "lost" (a joker, M15)."""
    raise NotImplementedError("chapter 3: effect")


def hit(crew: Crew, position: str) -> None:
    """One hit (M17): the shield goes if there is one, else a hit point; at 0 the pirate faints."""
    raise NotImplementedError("chapter 3: hit")


def strike(crew: Crew, position: str, card: str) -> None:
    """The hit card ``card`` on the pirate at ``position``: one hit for A 3 5 7 (M10), it
    faints at once for an 8 (M12), two hits for a 9, the second lost if it fainted (M13)."""
    raise NotImplementedError("chapter 3: strike")


def shieldable(crew: Crew) -> list[str]:
    """Who a shield card may protect (M11): the pirates on the board without a shield."""
    raise NotImplementedError("chapter 3: shieldable")


def give_shield(crew: Crew, position: str) -> None:
    """Put a shield on the pirate at ``position`` (M8, M11)."""
    raise NotImplementedError("chapter 3: give_shield")


# ── Chapter 4 · Prizes and their powers (M3, M5-M8, M14) ──
PRIZES = ("cave", "ship", "fort")


@dataclass
class Game:
    """The table; ``holders`` maps each prize to 0, 1 or None (the bank); ``shuffle``: M9."""

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
    """What the player to move's prizes can do now (M5-M8): "ship GL CR", "cave CL", "fort GR"."""
    raise NotImplementedError("chapter 4: power_moves")


def use_power(game: Game, move: str) -> None:
    """The player to move uses ``move``, one of ``power_moves(game)`` (M6-M8)."""
    raise NotImplementedError("chapter 4: use_power")


def recall(crew: Crew) -> None:
    """The hidden captain comes back when nobody else stands in the captain row (M7)."""
    raise NotImplementedError("chapter 4: recall")


def take_moves(game: Game) -> list[str]:
    """What a J, Q or K lets the player to move take (M14): any prize they do not hold."""
    raise NotImplementedError("chapter 4: take_moves")


def take(game: Game, prize: str) -> None:
    """The player to move takes ``prize`` (M14); losing the Cave brings a captain back (M7)."""
    raise NotImplementedError("chapter 4: take")


# ── Chapter 5 · The turn, the joker and the end (M4, M5, M15, M18) ──
def new_game(deck: list[str], first: int, shuffle: Shuffle = shuffled) -> Game:
    """A game at its first choice: ``deck`` is the draw pile, and player ``first`` moves first
    (M4). Nobody holds a prize yet, so that turn goes straight to the draw (M5)."""
    raise NotImplementedError("chapter 5: new_game")


def legal_moves(game: Game) -> list[str]:
    """Before the draw, the usable powers and "draw" (M5); after it, the card's targets,
    pirates to shield or prizes to take. Nothing once the game is over (M18)."""
    raise NotImplementedError("chapter 5: legal_moves")


def play(game: Game, move: str) -> None:
    """Make ``move`` (else ValueError) and play on to a choice: the draw (M9), the card (M11, M14,
    M15), the turn's end unless a crew has fainted (M18), the next draw if no power (M5)."""
    raise NotImplementedError("chapter 5: play")
