"""my_engine.py: Marvin's Pirates Go! in plain data and small functions (Build it yourself)."""

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
    if jokers not in (0, 1, 2):
        raise ValueError(f"a deck has 0, 1 or 2 jokers, not {jokers!r}")
    return [rank + suit for suit in SUITS for rank in RANKS] + [JOKER] * jokers


def rank(card: str) -> int:
    """The rank of ``card``: 1 for an Ace, up to 13 for a King, and 0 for a joker (M1)."""
    return 0 if card == JOKER else RANKS.index(card[0]) + 1


def draw(piles: Piles, shuffle: Shuffle = shuffled) -> str:
    """Take the top card off the draw pile (M9), first refilled if empty: the discard pile,
    in the order ``shuffle`` gives. The card drawn goes on no pile until its turn is done."""
    if not piles.draw:
        piles.draw, piles.discard = shuffle(piles.discard), []
    return piles.draw.pop(0)


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
    return Crew({position: Pirate() for position in POSITIONS})


def in_front(captain: str) -> str:
    """The guard position in front of a captain's: "GL" for "CL", "GR" for "CR" (M2)."""
    return GUARDS[CAPTAINS.index(captain)]


def standing(crew: Crew) -> list[str]:
    """The crew's positions with a pirate on the board, in the order of POSITIONS (M2)."""
    return [p for p in POSITIONS if p in crew.pirates and p != crew.hidden]


def targets(crew: Crew) -> list[str]:
    """Where a hit card may aim (M16): the guards, and the captains with nobody in front."""
    return [p for p in standing(crew) if p in GUARDS or in_front(p) not in crew.pirates]


# ── Chapter 3 · Hits, shields and fainting (M10-M13, M17) ──
def effect(card: str) -> str:
    """What ``card`` does: "hit" (A 3 5 7, M10), "shield" (2 4 6 10, M11), "kill" (8, M12),
    "slash" (9, M13), "take" (J Q K, M14) or "lost" (a joker, M15)."""
    if card == JOKER:
        return "lost"
    named = {"8": "kill", "9": "slash", "J": "take", "Q": "take", "K": "take"}.get(card[0])
    return named or ("hit" if rank(card) % 2 else "shield")


def hit(crew: Crew, position: str) -> None:
    """One hit (M17): the shield goes if there is one, else a hit point; at 0 the pirate faints."""
    pirate = crew.pirates.pop(position)
    if pirate.shield:
        crew.pirates[position] = pirate._replace(shield=False)
    elif pirate.hit_points > 1:
        crew.pirates[position] = pirate._replace(hit_points=pirate.hit_points - 1)


def strike(crew: Crew, position: str, card: str) -> None:
    """The hit card ``card`` on the pirate at ``position``: one hit for A 3 5 7 (M10), it
    faints at once for an 8 (M12), two hits for a 9, the second lost if it fainted (M13)."""
    if effect(card) == "kill":
        del crew.pirates[position]
        return
    hit(crew, position)
    if effect(card) == "slash" and position in crew.pirates:
        hit(crew, position)


def shieldable(crew: Crew) -> list[str]:
    """Who a shield card may protect (M11): the pirates on the board without a shield."""
    return [position for position in standing(crew) if not crew.pirates[position].shield]


def give_shield(crew: Crew, position: str) -> None:
    """Put a shield on the pirate at ``position`` (M8, M11)."""
    crew.pirates[position] = crew.pirates[position]._replace(shield=True)


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
    return {prize: None for prize in PRIZES}


def power_moves(game: Game) -> list[str]:
    """What the player to move's prizes can do now (M5-M8): "ship GL CR", "cave CL", "fort GR"."""
    crew, player = game.crews[game.to_move], game.to_move
    on, moves = standing(crew), []
    if game.holders["ship"] == player:
        moves += [f"ship {a} {b}" for i, a in enumerate(on) for b in on[i + 1 :]]
        moves += [f"ship {a} {b}" for a in on for b in POSITIONS if b not in crew.pirates]
    if game.holders["cave"] == player and not crew.hidden and set(CAPTAINS) <= set(on):
        moves += [f"cave {captain}" for captain in CAPTAINS]
    if game.holders["fort"] == player and set(GUARDS) <= set(on):
        moves += [f"fort {guard}" for guard in GUARDS if not crew.pirates[guard].shield]
    return moves


def use_power(game: Game, move: str) -> None:
    """The player to move uses ``move``, one of ``power_moves(game)`` (M6-M8)."""
    crew = game.crews[game.to_move]
    prize, *where = move.split()
    if prize == "ship":
        a, b = where
        moving, other = crew.pirates.pop(a), crew.pirates.pop(b, None)
        crew.pirates[b] = moving
        if other is not None:
            crew.pirates[a] = other
        recall(crew)
    elif prize == "cave":
        crew.hidden = where[0]
    else:
        give_shield(crew, where[0])


def recall(crew: Crew) -> None:
    """The hidden captain comes back when nobody else stands in the captain row (M7)."""
    if crew.hidden and not set(standing(crew)) & set(CAPTAINS):
        crew.hidden = None


def take_moves(game: Game) -> list[str]:
    """What a J, Q or K lets the player to move take (M14): any prize they do not hold."""
    return [f"take {prize}" for prize in PRIZES if game.holders[prize] != game.to_move]


def take(game: Game, prize: str) -> None:
    """The player to move takes ``prize`` (M14); losing the Cave brings a captain back (M7)."""
    loser, game.holders[prize] = game.holders[prize], game.to_move
    if prize == "cave" and loser is not None:
        game.crews[loser].hidden = None


# ── Chapter 5 · The turn, the joker and the end (M4, M5, M15, M18) ──
def new_game(deck: list[str], first: int, shuffle: Shuffle = shuffled) -> Game:
    """A game at its first choice: ``deck`` is the draw pile, and player ``first`` moves first
    (M4). Nobody holds a prize yet, so that turn goes straight to the draw (M5)."""
    game = Game(Piles(list(deck)), [new_crew(), new_crew()], new_bank(), first, shuffle=shuffle)
    play(game, "draw")
    return game


def legal_moves(game: Game) -> list[str]:
    """Before the draw, the usable powers and "draw" (M5); after it, the card's targets,
    pirates to shield or prizes to take. Nothing once the game is over (M18)."""
    if game.winner is not None:
        return []
    if game.drawn is None:
        return [*power_moves(game), "draw"]
    kind = effect(game.drawn)
    if kind == "shield":
        return shieldable(game.crews[game.to_move])
    if kind == "take":
        return take_moves(game)
    return targets(game.crews[1 - game.to_move]) if kind != "lost" else []


def play(game: Game, move: str) -> None:
    """Make ``move`` (else ValueError) and play on to a choice: the draw (M9), the card (M11, M14,
    M15), the turn's end unless a crew has fainted (M18), the next draw if no power (M5)."""
    if move not in legal_moves(game):
        raise ValueError(f"not a legal move now: {move!r}")
    if game.drawn is None:
        if move != "draw":
            use_power(game, move)
        game.drawn, move = draw(game.piles, game.shuffle), ""
        if legal_moves(game):
            return
    player, card, enemy = game.to_move, game.drawn, game.crews[1 - game.to_move]
    if effect(card) in ("hit", "slash", "kill"):
        strike(enemy, move, card)
    elif effect(card) == "shield" and move:
        give_shield(game.crews[player], move)
    elif effect(card) == "take" and move:
        take(game, move.split()[1])
    recall(enemy)
    game.piles.discard.append(card)
    game.drawn, game.turn = None, game.turn + 1
    if not enemy.pirates:
        game.winner = player
    else:
        game.to_move = 1 - player
        if not power_moves(game):
            play(game, "draw")
