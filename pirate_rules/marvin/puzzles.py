"""Choices that matter: how much each move of a position is worth, and why the best one wins.

A *puzzle* is a position where one move is clearly best. To tell, every legal move is
played to the end of the game over the same imagined orders of the cards the player has
not seen, as the expert imagines them (`pirate_rules.marvin.search.imagined_orders`, one
reshuffle seed per order), both players then following the rules of thumb
(`pirate_rules.marvin.heuristics.play_by_thumb`). A move's chance is the share of orders
on which it won; two moves are compared order by order (`difference`), which is far more
precise than comparing their chances, since both met the same luck:

    >>> from pirate_rules.marvin import MarvinGame
    >>> game = MarvinGame.stacked("7S 8S 7C 8C 9C", players=("Blue crew", "Red crew"))
    >>> game.play("GL", "GL", "GL", "GR")  # two hits each way; Blue's guards have fainted
    >>> game.drawn, game.legal_moves
    (Card.parse('9C'), <LegalMoves: GL, GR>)
    >>> found = measure(game, 256, seed=1)
    >>> found.moves[found.best], [round(chance, 2) for chance in found.chances]
    ('GL', [0.21, 0.18])
    >>> margin = found.margin  # the best move's lead, and its 95% interval
    >>> round(margin.mean, 3), round(margin.low, 3), round(margin.high, 3)
    (0.031, 0.005, 0.058)

Here slashing the left guard wins 3 games more in 100 than slashing the right one: a
real difference (its interval lies above 0), but a small one, too small for a puzzle.
`explain` says in one sentence, in a family's words, why the best move beats the next
best, from what the two moves do on the table (a pirate faints, a captain comes into
reach, a weak pirate is kept out of reach, ...):

    >>> print(explain(game, "GL", "GR"))
    The 2 hits make Red crew's guard left (GL) faint at once, and then you can reach
    their captain left (CL) behind it, while their guard right (GR) would still take
    2 hits more.

The page *Puzzles* shows positions found this way (``python -m analysis.puzzles``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from pirate_rules.cards import Card
from pirate_rules.marvin.display import POSITION_NAMES
from pirate_rules.marvin.game import MarvinGame
from pirate_rules.marvin.heuristics import play_by_thumb
from pirate_rules.marvin.moves import Move, power_moves
from pirate_rules.marvin.search import imagined_orders, unseen_cards
from pirate_rules.marvin.table import POSITIONS, PRIZE_INDEX, Side, card_effect

__all__ = ["Z95", "Difference", "Measure", "difference", "explain", "measure", "playouts"]

Z95: Final = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def playouts(game: MarvinGame, orders: int, seed: int) -> list[list[int]]:
    """For each legal move, and for each of ``orders`` imagined orders, 1 if the player to
    move wins when the move is played and both sides then follow the rules of thumb to the
    end, else 0.

    Every move meets the same orders and, should the pile run out, the same reshuffles;
    nothing is read of the real draw pile.

    Example:
        >>> from pirate_rules.marvin import MarvinGame
        >>> wins = playouts(MarvinGame.stacked("9C"), 8, seed=1)
        >>> len(wins), [len(row) for row in wins], {w for row in wins for w in row} <= {0, 1}
        (2, [8, 8], True)
    """
    rng = random.Random(seed)
    moves = game.legal_moves
    player = game.to_move
    wins = [[0] * orders for _ in moves]
    for n, pile in enumerate(imagined_orders(unseen_cards(game), orders, rng)):
        reshuffle = rng.getrandbits(32)
        for k, move in enumerate(moves):
            sim = game._fork(pile[:], reshuffle)
            sim.push(move)
            play_by_thumb(sim)
            wins[k][n] = int(sim.winner == player)
    return wins


@dataclass(frozen=True)
class Difference:
    """The paired difference of two moves' wins over the same orders, with its interval.

    Attributes:
        mean: How much more often the first move won (0.12 is 12 points of win chance).
        low: The lower end of the interval.
        high: The upper end.
        spread: The standard deviation of the order-by-order differences.
    """

    mean: float
    low: float
    high: float
    spread: float


def difference(first: Sequence[int], second: Sequence[int], z: float = Z95) -> Difference:
    """The paired difference ``first - second``, order by order, with its interval (95%
    unless ``z`` says otherwise).

    The orders share their first card out evenly over the unseen cards, which makes the
    difference vary less than this interval assumes: it is on the safe side.

    Example:
        >>> d = difference([1, 1, 1, 0] * 50, [0, 1, 0, 0] * 50)
        >>> round(d.mean, 2), round(d.low, 3), round(d.high, 3)
        (0.5, 0.431, 0.569)
    """
    n = len(first)
    diffs = [a - b for a, b in zip(first, second, strict=True)]
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    half = z * spread / math.sqrt(n)
    return Difference(mean, mean - half, mean + half, spread)


@dataclass(frozen=True)
class Measure:
    """Each legal move's chance to win, and how the best one compares with the others.

    Attributes:
        moves: The legal moves, in notation, in the game's order.
        chances: Each move's share of won playouts.
        best: The index of the move with the best chance (the first, on a tie).
        against: The difference between the best move and each move (``None`` for itself).
        orders: How many imagined orders each move was played on.
    """

    moves: tuple[str, ...]
    chances: tuple[float, ...]
    best: int
    against: tuple[Difference | None, ...]
    orders: int

    @property
    def runner_up(self) -> int:
        """The index of the move with the next best chance."""
        others = [k for k in range(len(self.moves)) if k != self.best]
        return max(others, key=lambda k: self.chances[k])

    @property
    def margin(self) -> Difference:
        """The difference between the best move and the next best."""
        found = self.against[self.runner_up]
        assert found is not None
        return found

    @property
    def closest_low(self) -> float:
        """The smallest lower end of the best move's intervals against the other moves."""
        return min(d.low for d in self.against if d is not None)


def measure(game: MarvinGame, orders: int, seed: int, z: float = Z95) -> Measure:
    """Measure every legal move of ``game`` over ``orders`` imagined orders (`playouts`),
    with intervals at ``z`` (95% by default).

    Raises:
        ValueError: if the player to move has fewer than two moves to choose from.

    Example:
        >>> from pirate_rules.marvin import MarvinGame
        >>> found = measure(MarvinGame.stacked("9C"), 16, seed=2)
        >>> found.moves, found.against[found.best] is None, found.orders
        (('GL', 'GR'), True, 16)
    """
    if len(game.legal_moves) < 2:
        raise ValueError("there is no choice to measure here: fewer than two legal moves")
    wins = playouts(game, orders, seed)
    chances = tuple(sum(row) / orders for row in wins)
    best = max(range(len(wins)), key=lambda k: chances[k])
    against = tuple(
        None if k == best else difference(wins[best], row, z) for k, row in enumerate(wins)
    )
    return Measure(tuple(str(m) for m in game.legal_moves), chances, best, against, orders)


# Why the best move wins, in a family's words.

_PRIZE_WORDS: Final = {"cave": "the Cave", "ship": "the Ship", "fort": "the Fort"}
_PRIZE_USES: Final = {
    "cave": "it hides one of your captains where nobody can hit it",
    "ship": "it moves your pirates, so that a weak one can step out of reach",
    "fort": "it gives one of your guards a free shield each turn while both guards stand",
}
"""What each prize does, for a prize that does nothing for either crew now."""
_YOUR_USES: Final = {
    "cave": "with it you can hide a captain where nobody can hit it",
    "ship": "with it you can move a weak pirate out of reach",
    "fort": "both your guards stand, so it gives one of them a free shield each turn",
}
_THEIR_USES: Final = {
    "cave": "they can no longer hide a captain in it",
    "ship": "they can no longer move their pirates with it",
    "fort": "they can no longer shield their guards with it",
}
_STOP: Final = Card.parse("AS")
"""The card a look at a move's own effect draws next: a hit always waits for its target,
so the look stops before anything else happens."""


@dataclass(frozen=True)
class _Effect:
    """What one move does to the table at once, before the next card. Pirates are named
    by where they stand before the move (the Ship moves them)."""

    kind: str
    """The card's effect (``hit``, ``slash``, ``kill``, ``shield``, ``take``) or the move's kind."""
    wins: bool
    fainted: tuple[str, ...]
    """The opponent's pirates that fainted."""
    opened: tuple[str, ...]
    """The opponent's pirates that came into reach."""
    exposed: tuple[str, ...]
    """The player's own pirates that came into the opponent's reach."""
    covered: tuple[str, ...]
    """The player's own pirates that went out of the opponent's reach."""


def _effect(game: MarvinGame, move: Move) -> _Effect:
    """What ``move`` does at once, worked out by the engine on a copy of the game that
    draws nothing but a hit next (`_STOP`), so that it stops right after the move."""
    player = game.to_move
    sim = game._fork([_STOP], 0)
    sim.push(move)
    mine, theirs = game.sides[player], game.sides[1 - player]
    mine_after, theirs_after = sim.sides[player], sim.sides[1 - player]
    kind = move.kind
    if kind == "target":
        assert game.drawn is not None
        kind = card_effect(game.drawn)
    where = {p: p for p in POSITIONS}  # where each of the player's pirates stands after
    if move.kind == "ship":
        assert move.position is not None and move.to is not None
        where[move.position], where[move.to] = move.to, move.position
    reach, reach_after = mine.targetable(), mine_after.targetable()
    standing = [p for p in POSITIONS if mine[p] is not None and mine_after[where[p]] is not None]
    their_reach = theirs.targetable()
    return _Effect(
        kind=kind,
        wins=sim.winner == player,
        fainted=tuple(p for p in POSITIONS if theirs[p] and not theirs_after[p]),
        opened=tuple(p for p in theirs_after.targetable() if p not in their_reach and theirs[p]),
        exposed=tuple(p for p in standing if p not in reach and where[p] in reach_after),
        covered=tuple(p for p in standing if p in reach and where[p] not in reach_after),
    )


def _tough(side: Side, position: str) -> int:
    """How many hits the pirate at ``position`` still takes: hit points and shield."""
    return side.hit_points(position) + side.has_shield(position)


def _hits(n: int) -> str:
    return "1 hit" if n == 1 else f"{n} hits"


def _points(n: int) -> str:
    return "1 hit point" if n == 1 else f"{n} hit points"


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def explain(game: MarvinGame, best: Move | str, other: Move | str) -> str:
    """Why ``best`` wins more often than ``other``, in one sentence a family can read.

    The sentence is built from what the two moves do on the table now (which pirates
    faint, come into reach or go out of it, which prize changes hands), as the engine
    plays them; it does not look at the cards to come.

    Examples:
        >>> from pirate_rules.marvin import MarvinGame
        >>> game = MarvinGame.stacked("8S 7C 2H", players=("Blue crew", "Red crew"))
        >>> game.play("GL", "GR")  # Blue knocks out Red's GL; Red hits Blue's GR
        >>> print(game.drawn, game.legal_moves)
        2H GL, GR, CL, CR
        >>> print(explain(game, "GR", "CR"))
        Shield your guard right (GR): Red crew can hit it, and it has 3 hit points, but
        they cannot reach your captain right (CR).
        >>> print(explain(game, "GR", "GL"))
        Shield your guard right (GR): it has only 3 hit points left, and your guard left
        (GL) has 4.
        >>> game = MarvinGame.stacked("8S", players=("Blue crew", "Red crew"))
        >>> explain(game, "GL", "take fort")
        Traceback (most recent call last):
        ...
        ValueError: take fort is not a legal move here (legal: GL, GR)
    """
    best, other = _listed(game, best), _listed(game, other)
    first, second = _effect(game, best), _effect(game, other)
    player = game.to_move
    foe = game.players[1 - player]
    mine, theirs = game.sides[player], game.sides[1 - player]

    def their(position: str, first_time: bool = False) -> str:
        whose = f"{foe}'s" if first_time else "their"
        return f"{whose} {POSITION_NAMES[position]} ({position})"

    def your(position: str) -> str:
        return f"your {POSITION_NAMES[position]} ({position})"

    kind = first.kind
    if kind in ("hit", "slash", "kill"):
        b, r = best.position, other.position
        assert b is not None and r is not None
        hits = {"hit": 1, "slash": 2}.get(kind, 0)
        tough_b, tough_r = _tough(theirs, b), _tough(theirs, r)
        doing = {"hit": "Hitting", "slash": "Slashing", "kill": "Knocking out"}[kind]
        if first.wins and not second.wins:
            return f"{doing} {their(b, True)} wins the game at once: it is their last pirate."
        opens = ""
        if first.opened and not second.opened:
            captains = " and ".join(their(p) for p in first.opened)
            opens = f", and then you can reach {captains} behind it"
        if b in first.fainted and r not in second.fainted:
            what = "The hit makes" if hits == 1 else "The 2 hits make"
            return (
                f"{what} {their(b, True)} faint at once{opens}, while {their(r)}"
                f" would still take {_hits(tough_r - hits)} more."
            )
        if kind == "kill" and tough_b > tough_r:
            behind = ""
            if first.opened and not second.opened:
                captains = " and ".join(their(p) for p in first.opened)
                behind = f"; and with {b} gone, you can reach {captains}"
            return (
                "An 8 knocks out any pirate at once, so it is worth most on the toughest:"
                f" {their(b, True)} could still take {_hits(tough_b)}, {their(r)} only"
                f" {tough_r}{behind}."
            )
        if opens:
            return (
                f"{doing} {their(b, True)} makes it faint{opens}; {their(r)} has no"
                " captain behind it."
            )
        if b not in first.fainted and r not in second.fainted and tough_b < tough_r:
            after = "After the hit" if hits == 1 else "After the 2 hits"
            return (
                f"{after}, {their(b, True)} can take only {_hits(tough_b - hits)} more, so it"
                f" will soon faint, while {their(r)} could still take {tough_r - hits}."
            )
    elif kind == "shield":
        b, r = best.position, other.position
        assert b is not None and r is not None
        reach = mine.targetable()
        if b in reach and r not in reach:
            return (
                f"Shield {your(b)}: {foe} can hit it, and it has"
                f" {_points(mine.hit_points(b))}, but they cannot reach {your(r)}."
            )
        if (b in reach) == (r in reach) and mine.hit_points(b) < mine.hit_points(r):
            return (
                f"Shield {your(b)}: it has only {_points(mine.hit_points(b))} left,"
                f" and {your(r)} has {mine.hit_points(r)}."
            )
    elif kind == "take":
        return _why_take(game, best, other)
    elif kind == "draw":
        if second.exposed and not first.exposed:
            weak = min(second.exposed, key=lambda p: _tough(mine, p))
            return (
                f"Use no prize this turn: {_doing(game, other)} would put {your(weak)},"
                f" with {_points(mine.hit_points(weak))}, where {foe} can hit it."
            )
    elif kind == "fort":
        b = best.position
        assert b is not None
        if other.kind == "fort" and other.position is not None:
            return (
                f"Use the Fort on your weaker guard: {your(b)} has"
                f" {_points(mine.hit_points(b))}, {your(other.position)}"
                f" {mine.hit_points(other.position)}."
            )
        return (
            f"Use the Fort: a free shield for {your(b)}, which has"
            f" {_points(mine.hit_points(b))} and stands where {foe} can hit it."
        )
    elif kind == "cave":
        b = best.position
        assert b is not None
        if b in first.covered:
            return (
                f"Hide {your(b)} in the Cave: {foe} can hit it where it stands, and in the"
                f" Cave it keeps its {_points(mine.hit_points(b))} safe."
            )
        return (
            f"Hide {your(b)} in the Cave: it keeps its {_points(mine.hit_points(b))} safe"
            " there, even if the guard in front of it faints."
        )
    elif kind == "ship" and first.covered:
        weak = min(first.covered, key=lambda p: _tough(mine, p))
        return (
            f"Use the Ship: it takes {your(weak)}, with {_points(mine.hit_points(weak))},"
            f" out of {foe}'s reach."
        )
    return f"{_upper(_doing(game, best))} does more for you than {_doing(game, other)}."


def _works_for(side: Side, prize: str) -> bool:
    """Whether ``prize``'s power would work for ``side`` as it stands (M6, M7, M8): its
    prize phase would offer it, were a guard to need a shield."""
    held = 1 << PRIZE_INDEX[prize]
    return power_moves(side._board, side._hidden, 0, held) is not None


def _why_take(game: MarvinGame, best: Move, other: Move) -> str:
    """M14: why taking one prize beats taking another: what it does for the player now,
    what taking it from the opponent stops them doing, and a Fort that would do nothing."""
    player = game.to_move
    foe = game.players[1 - player]
    mine, theirs = game.sides[player], game.sides[1 - player]
    prize = best.prize
    assert prize is not None
    name = _PRIZE_WORDS[prize]
    taken = game.holder(prize) == 1 - player
    if taken and prize == "cave" and theirs.hidden:
        return (
            f"Taking the Cave from {foe} brings their hidden {POSITION_NAMES[theirs.hidden]}"
            f" ({theirs.hidden}) back where you can hit it."
        )
    head = f"Take {name} from {foe}" if taken else f"Take {name}"
    yours, theirs_too = _works_for(mine, prize), taken and _works_for(theirs, prize)
    if yours and theirs_too:
        text = f"{head}: {_YOUR_USES[prize]}, and {_THEIR_USES[prize]}"
    elif yours:
        text = f"{head}: {_YOUR_USES[prize]}"
    elif theirs_too:
        text = f"{head}: {_THEIR_USES[prize]}"
    else:
        text = f"{head}: {_PRIZE_USES[prize]}"
    if other.prize == "fort" and prize != "fort" and not _works_for(mine, "fort"):
        text += "; the Fort would do nothing for you while one of your guard places is empty"
    return text + "."


def _listed(game: MarvinGame, move: Move | str) -> Move:
    """The legal move ``move`` (a `Move` or its notation) of ``game``.

    Raises:
        ValueError: if it is not a legal move of the player to move.
    """
    found = game.legal_moves.find(move if isinstance(move, Move) else Move.parse(move))
    if found is None:
        raise ValueError(f"{move} is not a legal move here (legal: {game.legal_moves})")
    return found


def _doing(game: MarvinGame, move: Move) -> str:
    """A move as the words after "I would", lower case: "using the Ship to swap GL and CR"."""
    player = game.to_move
    kind = move.kind
    if kind == "draw":
        return "drawing at once"
    if kind == "take":
        assert move.prize is not None
        return f"taking {_PRIZE_WORDS[move.prize]}"
    if kind == "ship":
        a, b = move.position, move.to
        assert a is not None and b is not None
        if game.sides[player][b] is None:
            words = f"your {POSITION_NAMES[a]} to the empty {POSITION_NAMES[b]} place"
            return f"moving {words} with the Ship"
        return f"swapping your {POSITION_NAMES[a]} and {POSITION_NAMES[b]} with the Ship"
    if kind == "cave":
        return f"hiding your {POSITION_NAMES[move.position or 'CL']} in the Cave"
    if kind == "fort":
        return f"shielding your {POSITION_NAMES[move.position or 'GL']} with the Fort"
    assert game.drawn is not None and move.position is not None
    effect = card_effect(game.drawn)
    if effect == "shield":
        return f"shielding your {POSITION_NAMES[move.position]}"
    verb = {"hit": "hitting", "slash": "slashing", "kill": "knocking out"}[effect]
    return f"{verb} {game.players[1 - player]}'s {POSITION_NAMES[move.position]}"
