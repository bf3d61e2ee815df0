"""A bot that looks ahead by imagining the cards it has not seen yet.

Nobody at the table knows the order of the draw pile, but everybody knows which
cards are in it: the whole deck (M1) minus the discard pile and the card just drawn
(`unseen_cards`). The search bot imagines orders of those cards with its own seeded
generator, a technique known as *determinisation*:

1. for each of ``samples`` imagined orders, and for every legal move, it plays the
   move on a copy of the game whose draw pile is that order; both players then go on
   by the rules of thumb (`pirate_rules.marvin.heuristics.pick`) for ``depth`` more
   turns, and the table reached is scored by `value`;
2. it plays the move with the best mean score; the rule-of-thumb move wins ties and
   near ties (``margin``).

All moves meet the same imagined orders, so they are compared fairly. The next card
of the imagined orders is spread evenly over the unseen cards, so that each kind of
card comes first about as often as chance would have it. If an imagined pile runs
out, the copy reshuffles with the bot's generator too (M9): the bot never reads the
real draw pile, the game's generator, nor the deck's starting order.

    >>> from pirate_rules.marvin import MarvinGame
    >>> game = MarvinGame.stacked("KS 8C", players=("Marvin", "Mum"))
    >>> bot = SearchBot(seed=1, samples=8, depth=1)
    >>> bot.choose(game, 0)
    Move.parse('take fort')
    >>> print(bot.reason)
    I take the Fort from the bank: over 8 imagined orders of the 53 cards I have not
    seen, it gave me about ...% to win, against ...% if I take the Cave from the bank.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator
from typing import Final

from pirate_rules.bots import Bot
from pirate_rules.cards import JOKER, Card, standard_deck
from pirate_rules.marvin.game import MarvinGame
from pirate_rules.marvin.heuristics import describe, only_choice, pick
from pirate_rules.marvin.moves import Move
from pirate_rules.marvin.table import (
    EFFECT_OF_RANK,
    Side,
    targetable_mask,
)

__all__ = ["SearchBot", "imagined_orders", "unseen_cards", "value", "win_chance"]

_FULL_DECKS: Final = tuple(tuple(standard_deck() + [JOKER] * jokers) for jokers in range(3))


def unseen_cards(game: MarvinGame) -> list[Card]:
    """The cards of the draw pile as a player knows them: in deck order, not pile order.

    They are the whole deck (M1) minus the discard pile and the card just drawn.

    Examples:
        >>> game = MarvinGame.stacked("9C 2H")
        >>> cards = unseen_cards(game)
        >>> len(cards), Card.parse("9C") in cards, sorted(cards) == sorted(game.draw_pile)
        (53, False, True)
    """
    seen = Counter(game._discard)
    if game._drawn is not None:
        seen[game._drawn] += 1
    cards = []
    for card in _FULL_DECKS[game.jokers]:
        if seen[card]:
            seen[card] -= 1
        else:
            cards.append(card)
    return cards


# A table's score, on a log-odds scale: a weighted sum of differences between the two
# crews. The weights come from a logistic fit of who won, over 200,000 positions of
# games between rules-of-thumb bots (after a few random moves, for variety).
_TO_MOVE: Final = 0.19
_WON: Final = 100.0
_W_RACE: Final = -2.64  # (T - T') / sqrt(T + T'), T = hit points + shields
_W_ROOT: Final = 5.35  # sqrt(T) - sqrt(T')
_W_HP: Final = -0.073  # hit points
_W_SHIELDS: Final = -0.163  # shields
_W_PIRATES: Final = 0.393  # pirates that have not fainted
_W_REACH: Final = 0.036  # pirates the opponent can target (M16)
_W_CAPTAINS: Final = -0.023  # ... of which captains
_W_WEAKEST: Final = 0.069  # hits the weakest of them still takes
_W_STRONGEST: Final = -0.081  # hits the strongest of them still takes (an 8's target)
_W_ONE_HIT: Final = -0.054  # ... of them that one hit makes faint
_W_FORT: Final = 0.177  # holds the Fort with both guards standing (M8)
_W_FORT_IDLE: Final = 0.003  # holds the Fort without both guards
_W_REFILL: Final = 0.061  # ... and the Ship, with a captain to fill a guard position (M6)
_W_SHIP: Final = -0.011  # holds the Ship
_W_CAVE: Final = 0.087  # holds the Cave and could hide a captain (M7)
_W_HIDDEN: Final = -0.066  # has a pirate hidden in the Cave
_W_GUARDS: Final = -0.082  # both guards stand
_W_CAPTAINS_STAND: Final = -0.062  # both captains stand


def _crew(side: Side, held: int) -> tuple[float, float]:
    """A crew's hits left (hit points and shields) and the rest of its score.

    The two numbers depend only on the hit points, shields, hidden pirate and prizes,
    so they are worked out once for each such crew and remembered.
    """
    hp = side._hp
    key = (
        hp[0] | hp[1] << 3 | hp[2] << 6 | hp[3] << 9
        | side._shields << 12 | (side._hidden + 1) << 16 | held << 19
    )  # fmt: skip
    known = _CREWS.get(key)
    if known is None:
        known = _CREWS[key] = _work_out_crew(side, held)
    return known


_CREWS: dict[int, tuple[float, float]] = {}


def _work_out_crew(side: Side, held: int) -> tuple[float, float]:
    hp = side._hp
    shields = side._shields
    board = side._board
    hit_points = hp[0] + hp[1] + hp[2] + hp[3]
    shield_count = (shields & 15).bit_count()
    reach = targetable_mask(board)
    weakest, strongest, one_hit = 9, 0, 0
    for i in range(4):
        if reach >> i & 1:
            tough = hp[i] + (shields >> i & 1)
            weakest = min(weakest, tough)
            strongest = max(strongest, tough)
            one_hit += tough == 1
    guards = board & 3 == 3
    captains = board & 12 == 12
    pirates = (hp[0] > 0) + (hp[1] > 0) + (hp[2] > 0) + (hp[3] > 0)
    rest = (
        _W_HP * hit_points
        + _W_SHIELDS * shield_count
        + _W_PIRATES * pirates
        + _W_REACH * reach.bit_count()
        + _W_CAPTAINS * (reach & 12).bit_count()
        + _W_WEAKEST * (weakest if strongest else 0)
        + _W_STRONGEST * strongest
        + _W_ONE_HIT * one_hit
        + _W_FORT * (held >> 2 & 1 and guards)
        + _W_FORT_IDLE * (held >> 2 & 1 and not guards)
        + _W_REFILL * (held & 6 == 6 and not guards and pirates >= 2)
        + _W_SHIP * (held >> 1 & 1)
        + _W_CAVE * (held & 1 and captains and side._hidden < 0)
        + _W_HIDDEN * (side._hidden >= 0)
        + _W_GUARDS * guards
        + _W_CAPTAINS_STAND * captains
    )
    return hit_points + shield_count, rest


def value(game: MarvinGame, player: int) -> float:
    """How good the table looks for ``player``, on a log-odds scale (see `win_chance`).

    It compares what both crews can still take (hit points and shields; the same lead
    counts for more near the end), how many pirates stand, which ones the opponent
    can reach, and the prizes whose power can be used. A won game is worth 100.

    Examples:
        >>> game = MarvinGame.stacked("9C", players=("Marvin", "Mum"))
        >>> value(game, 0)
        0.0
        >>> game.play("GL")
        >>> round(value(game, 0), 3), round(value(game, 1), 3)
        (0.41, -0.41)
    """
    held = game._held
    mine, rest = _crew(game._sides[player], held[player])
    theirs, their_rest = _crew(game._sides[1 - player], held[1 - player])
    if not theirs:
        return _WON
    if not mine:
        return -_WON
    return (
        _W_RACE * (mine - theirs) / math.sqrt(mine + theirs)
        + _W_ROOT * (math.sqrt(mine) - math.sqrt(theirs))
        + rest
        - their_rest
    )


def win_chance(game: MarvinGame, player: int) -> float:
    """A rough chance that ``player`` wins, from `value` and whose turn it is.

    Examples:
        >>> game = MarvinGame.stacked("9C")
        >>> round(win_chance(game, 0), 2), round(win_chance(game, 1), 2)
        (0.55, 0.45)
    """
    bias = _TO_MOVE if game.to_move == player else -_TO_MOVE
    return _logistic(value(game, player) + bias)


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def imagined_orders(unseen: list[Card], samples: int, rng: random.Random) -> Iterator[list[Card]]:
    """``samples`` imagined orders of the ``unseen`` cards, made with ``rng``, top card last.

    The next card is spread evenly over the unseen cards sorted by what they do, so that
    each kind of card comes first about as often as chance would have it; the others are
    shuffled below it. Each order is made when it is asked for, so ``rng`` may be used
    in between (the searches reshuffle their imagined piles with it).

    Examples:
        >>> cards = [Card.parse(text) for text in ("8C", "2H", "9S", "AD")]
        >>> orders = list(imagined_orders(cards, 4, random.Random(1)))
        >>> sorted(str(pile[-1]) for pile in orders)
        ['2H', '8C', '9S', 'AD']
    """
    cards = sorted(unseen, key=lambda card: EFFECT_OF_RANK[card.rank])
    count = len(cards)
    random = rng.random
    offset = random()
    for n in range(samples):
        pile = cards[:]
        if count:
            first = int((n + offset) * count / samples)
            pile[first], pile[-1] = pile[-1], pile[first]
        for top in range(count - 2, 0, -1):
            other = int(random() * (top + 1))
            pile[top], pile[other] = pile[other], pile[top]
        yield pile


def _imagine(game: MarvinGame, pile: list[Card], rng: random.Random | int) -> MarvinGame:
    """A copy of ``game`` that draws from ``pile`` (top card last) and reshuffles with ``rng``,
    a generator or the seed of one (made only if the copy reshuffles).

    The copy (`MarvinGame._fork`) keeps no log and no trace of the real card order:
    it is only played, never shown. `MarvinGame.copy` would copy the game's generator
    too, which a player cannot know and which costs more than the rest of the copy.
    """
    return game._fork(pile, rng)


class SearchBot(Bot[MarvinGame, Move]):
    """Looks ahead over imagined orders of the unseen cards (see the module's description).

    Args:
        seed: Seed of the bot's own generator, which imagines the card orders.
        samples: How many imagined orders each move is tried on (at least 1).
        depth: How many more turns both players play, by the rules of thumb, after the
            turn of the move (0 or more). The time a choice takes grows with
            ``samples`` times ``depth + 1`` times the number of legal moves.
        margin: How much better, on the scale of `value`, another move must score to be
            preferred to the rule-of-thumb move (0 or more).

    Raises:
        ValueError: if ``samples``, ``depth`` or ``margin`` is out of range.

    Examples:
        >>> game = MarvinGame.stacked("9C", players=("Marvin", "Mum"))
        >>> bot = SearchBot(seed=2)
        >>> bot.samples, bot.depth, bot.margin
        (32, 3, 0.03)
        >>> bot.choose(game, 0) in game.legal_moves
        True
        >>> SearchBot(samples=0)
        Traceback (most recent call last):
        ...
        ValueError: samples must be at least 1, depth and margin at least 0, not 0, 3 and 0.03
    """

    description = "imagines the unseen cards in many orders and plays what does best on average"

    def __init__(
        self, seed: int | None = None, samples: int = 32, depth: int = 3, margin: float = 0.03
    ) -> None:
        super().__init__(seed)
        if samples < 1 or depth < 0 or not margin >= 0:
            raise ValueError(
                "samples must be at least 1, depth and margin at least 0,"
                f" not {samples}, {depth} and {margin}"
            )
        self.samples = samples
        self.depth = depth
        self.margin = margin

    def choose(self, game: MarvinGame, player: int) -> Move:
        moves = game.legal_moves
        only = only_choice(self, game, player)
        if only is not None:
            return only
        means = self._means(game, player)
        scores = means[:]
        scores[moves.index(pick(game, player)[0])] += self.margin + _TIE
        order = sorted(range(len(moves)), key=lambda k: -scores[k])
        best, second = order[0], order[1]
        # The scores are those of the table `depth + 1` turns on, with its player to move.
        bias = _TO_MOVE if self.depth % 2 else -_TO_MOVE
        chance, other = _percent(means[best] + bias), _percent(means[second] + bias)
        head = (
            f"I {describe(game, player, moves[best])}: over {self.samples} imagined orders"
            f" of the {len(unseen_cards(game))} cards I have not seen,"
        )
        if means[best] > means[second] and chance != other:
            self.reason = (
                f"{head} it gave me about {chance} to win, against {other} if I"
                f" {describe(game, player, moves[second])}."
            )
        else:
            self.reason = f"{head} nothing else did clearly better (about {chance} to win)."
        return moves[best]

    def _means(self, game: MarvinGame, player: int) -> list[float]:
        """The mean `value` for ``player`` of each legal move over the imagined orders."""
        moves = game.legal_moves
        rng = self.rng
        samples = self.samples
        stop = game._turn + 1 + self.depth
        totals = [0.0] * len(moves)
        for pile in imagined_orders(unseen_cards(game), samples, rng):
            for k, move in enumerate(moves):
                sim = _imagine(game, pile[:], rng)
                sim.push(move)
                while sim._turn < stop and sim._phase != "over":
                    sim.push(pick(sim, sim._to_move)[0])
                totals[k] += value(sim, player)
        return [total / samples for total in totals]


_TIE: Final = 1e-9


def _percent(score: float) -> str:
    return f"{round(100 * _logistic(score))}%"
