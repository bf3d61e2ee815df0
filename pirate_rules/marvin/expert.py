"""The expert bot: it plays every move out, many times, over imagined orders of the cards.

Like every fair player, the expert knows which cards are still to be drawn (the whole
deck minus the discard pile and the card in hand, `pirate_rules.marvin.search.unseen_cards`)
but not their order. To choose, it imagines ``samples`` orders of those cards with its
own seeded generator (`pirate_rules.marvin.search.imagined_orders`: the next card is
spread evenly over the kinds of card, as chance would have it) and, for each order and
each legal move:

1. plays the move on a copy of the game whose draw pile is that order;
2. lets both players go on by the rules of thumb (`pirate_rules.marvin.heuristics.pick`)
   for ``turns`` more turns, or to the end of the game if it comes first
   (`pirate_rules.marvin.heuristics.play_by_thumb`);
3. counts a won game as 1, a lost one as 0, and a game still going as its chance
   from `pirate_rules.marvin.search.win_chance`, an evaluation fitted to the results
   of simulated games.

It plays the move with the best mean: this is known as a *rollout* or *policy
improvement*: a player who looks at how the rules of thumb would fare after each move
plays better than the rules of thumb themselves. Every move meets the same imagined
orders and, should a pile run out, the same reshuffles (made with one seed per order),
so the moves are compared on the same luck; a tie goes to the rule-of-thumb move.
When there are more than three moves (prize powers), a first look shares 384
playouts among them (at most half the full look's orders each) and keeps the three best
for the full look, where what the first look saw of them counts too.

Looking nine turns ahead rather than to the end keeps each playout short and lets the
fitted evaluation smooth the luck of the cards still further off. Over 300 seed-paired
deals against ``sensible`` (seeds from 80,000,000 on, kept apart from the published
measurement), the first version of this expert scored 53.5% (51.8-55.2, 95% interval)
where the *expectimax* expert it replaced scored 50.2% (48.7-51.7); so few deals could
not tell its settings apart (53.2% with 64 orders, 53.3% with 128, 52.5% five turns
ahead, 52.5% played out to the end).

The settings were then weighed choice by choice, which is far more precise than counting
games. On the 328 choices the 64-order expert faced in 12 games against ``sensible``
(seeds from 90,500,000 on), each move's chance was worked out again over 2,048 orders; a
choice that missed the best move by that measure cost the difference. With 64 orders the
misses cost 0.78 points of win chance per game, two thirds of them among prize powers,
where a first look with a quarter of the orders dropped the best move too often; 128
orders everywhere cost 0.54 points at twice the time, 256 orders 0.38 at four times; the
present setting (128 orders, the first look among many powers shared out) costs 0.40
points at a little over twice the time. Against each move's chance played to the end of
the game (2,048 orders), nine turns ahead with 64 orders cost 2.3 points, twelve turns
ahead 2.6 and playing to the end 9.5: the nine turns stay. On the 1,000 deals from
90,000,000 on (2,000 games), the 64-order expert scored 54.3% (53.3-55.3), too few deals
to see half a point either way. On the 2,000 deals of the *Luck and skill* page
(``python -m analysis --only luck``, 4,000 games), the present expert scored 54.9%
(54.2-55.7) against ``sensible``, where the 64-order expert scored 54.3% (53.6-55.0) and
the *expectimax* expert 51.4% (50.7-52.1); the cheating oracle, which reads the cards to
come, scored 61.5%.

    >>> from pirate_rules.marvin import MarvinGame
    >>> game = MarvinGame.stacked("KS 8C", players=("Marvin", "Mum"))
    >>> bot = ExpertBot(seed=1)
    >>> bot.choose(game, 0)
    Move.parse('take fort')
    >>> print(bot.reason)
    I take the Fort from the bank: playing each move out 9 turns ahead over 128 imagined
    orders of the 53 cards I have not seen, it gives me about ...% to win, against ...%
    if I take the ... from the bank.
"""

from __future__ import annotations

from typing import Final

from pirate_rules.bots import Bot
from pirate_rules.marvin.game import MarvinGame
from pirate_rules.marvin.heuristics import describe, only_choice, pick, play_by_thumb
from pirate_rules.marvin.moves import Move
from pirate_rules.marvin.search import imagined_orders, unseen_cards, win_chance

__all__ = ["ExpertBot"]


class ExpertBot(Bot[MarvinGame, Move]):
    """Plays each move out over imagined orders of the unseen cards (see the module).

    Args:
        seed: Seed of the bot's own generator, which imagines the card orders.
        samples: How many imagined orders each move is played out on (at least 1);
            among many prize powers, each move kept after the first look. The time a
            choice takes grows with it. The default, 128, is the setting of the play
            page's hardest opponent: over 100 games against ``sensible``, a choice
            between two moves or more took a median 8 to 9 ms of CPU in CPython (90% of
            them at most 19 to 20 ms), and the longest 26 to 29 ms. One of Python's full
            garbage collections fell inside one of those 2,604 choices and added 6 to 7
            ms to it.
        turns: How many turns after the move's own each playout goes on before the
            table is scored (at least 1); a game that ends sooner is scored as won or lost.

    Raises:
        ValueError: if ``samples`` or ``turns`` is out of range.

    Examples:
        >>> game = MarvinGame.stacked("9C", players=("Marvin", "Mum"))
        >>> bot = ExpertBot(seed=2)
        >>> bot.samples, bot.turns
        (128, 9)
        >>> bot.choose(game, 0) in game.legal_moves
        True
        >>> ExpertBot(samples=0)
        Traceback (most recent call last):
        ...
        ValueError: samples and turns must be at least 1, not 0 and 9
    """

    description = "the hardest: plays each move out many times over imagined card orders"

    def __init__(self, seed: int | None = None, samples: int = 128, turns: int = 9) -> None:
        super().__init__(seed)
        if samples < 1 or turns < 1:
            raise ValueError(f"samples and turns must be at least 1, not {samples} and {turns}")
        self.samples = samples
        self.turns = turns
        self.ranked: tuple[tuple[Move, float], ...] = ()
        """The moves of the last choice looked at fully, best first, each with its mean
        chance to win (empty after an only choice): what a coach tells of the choice."""

    def choose(self, game: MarvinGame, player: int) -> Move:
        self.ranked = ()
        only = only_choice(self, game, player)
        if only is not None:
            return only
        moves = list(game.legal_moves)
        first = pick(game, player)[0]
        looked, earlier = 0, [0.0] * len(moves)
        if len(moves) > _WIDE:
            # Many prize powers: a first look with fewer orders keeps the most promising
            # few, and what it saw of them counts towards their full look.
            looked = max(1, min(self.samples // 2, _FIRST_LOOK // len(moves)))
            rough = self._chances(game, player, moves, looked)
            kept = sorted(sorted(range(len(moves)), key=lambda k: -rough[k])[:_WIDE])
            moves, earlier = [moves[k] for k in kept], [rough[k] for k in kept]
        chances = [
            (looked * before + self.samples * now) / (looked + self.samples)
            for before, now in zip(
                earlier, self._chances(game, player, moves, self.samples), strict=True
            )
        ]
        scores = [
            chance + (_TIE if move is first else 0.0)
            for move, chance in zip(moves, chances, strict=True)
        ]
        order = sorted(range(len(moves)), key=lambda k: -scores[k])
        self.ranked = tuple((moves[k], chances[k]) for k in order)
        best, second = order[0], order[1]
        chance, other = _percent(chances[best]), _percent(chances[second])
        head = (
            f"I {describe(game, player, moves[best])}: playing each move out {self.turns}"
            f" turns ahead over {looked + self.samples} imagined orders of the"
            f" {len(unseen_cards(game))} cards I have not seen,"
        )
        if chance != other:
            self.reason = (
                f"{head} it gives me about {chance} to win, against {other} if I"
                f" {describe(game, player, moves[second])}."
            )
        else:
            self.reason = f"{head} nothing else does clearly better (about {chance} to win)."
        return moves[best]

    def _chances(
        self, game: MarvinGame, player: int, moves: list[Move], samples: int
    ) -> list[float]:
        """Each move's mean chance for ``player`` to win, over ``samples`` playouts."""
        rng = self.rng
        stop = game._turn + 1 + self.turns
        totals = [0.0] * len(moves)
        for pile in imagined_orders(unseen_cards(game), samples, rng):
            # One seed per order: every move meets the same reshuffles, should any come.
            # Each copy makes its generator from it only if its pile runs out (`_fork`).
            seed = rng.getrandbits(32)
            for k, move in enumerate(moves):
                sim = game._fork(pile[:], seed)
                sim.push(move)
                play_by_thumb(sim, stop)
                if sim._phase == "over":
                    totals[k] += sim._to_move == player
                else:
                    totals[k] += win_chance(sim, player)
        return [total / samples for total in totals]


_TIE: Final = 1e-9
_WIDE: Final = 3
"""With more choices than this (prize powers), only the best few of a first look with
fewer orders are looked at fully, so that a choice stays quick."""
_FIRST_LOOK: Final = 384
"""Playouts shared among all the moves in the first look at many choices (each move
gets at most half the full look's orders)."""


def _percent(chance: float) -> str:
    return f"{round(100 * chance)}%"
