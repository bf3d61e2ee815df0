"""The expert bot: it plays every move out, many times, over imagined orders of the cards.

Like every fair player, the expert knows which cards are still to be drawn (the whole
deck minus the discard pile and the card in hand, `pirate_rules.marvin.search.unseen_cards`)
but not their order. To choose, it imagines ``samples`` orders of those cards with its
own seeded generator (`pirate_rules.marvin.search.imagined_orders`: the next card is
spread evenly over the kinds of card, as chance would have it) and, for each order and
each legal move:

1. plays the move on a copy of the game whose draw pile is that order;
2. lets both players go on by the rules of thumb (`pirate_rules.marvin.heuristics.pick`)
   for ``turns`` more turns, or to the end of the game if it comes first;
3. counts a won game as 1, a lost one as 0, and a game still going as its chance
   from `pirate_rules.marvin.search.win_chance`, an evaluation fitted to the results
   of simulated games.

It plays the move with the best mean: this is known as a *rollout* or *policy
improvement*: a player who looks at how the rules of thumb would fare after each move
plays better than the rules of thumb themselves. Every move meets the same imagined
orders and, should a pile run out, the same reshuffles (made with one seed per order),
so the moves are compared on the same luck; a tie goes to the rule-of-thumb move.
When there are more than three moves (prize powers), a first look with a quarter of
the orders keeps the three best for the full look.

Looking nine turns ahead rather than to the end keeps each playout short and lets the
fitted evaluation smooth the luck of the cards still further off. Against ``sensible``,
over 300 seed-paired deals of seeds kept apart from the published measurement (from
80,000,000 on), this expert scored 53.5% (51.8-55.2, 95% interval), where the expert it
replaced, an exact weighing of every kind of card three draws ahead (*expectimax*) with
the fitted evaluation, scored 50.2% (48.7-51.7) on the same deals. A first version
without the shortcut among many powers scored 53.2% with 64 orders and 53.3% with
128, 52.5% five turns ahead with 96 orders, and 52.5% with 64 orders and 50.3% with
32 when played out to the end of the game: more orders or longer playouts did not
help. On the 2,000 deals of the *Luck and skill* page (``python -m analysis --only
luck``, 4,000 games) it scored 54.3% (53.6-55.0), where the expert it replaced scored
51.4% (50.7-52.1); the cheating oracle, which reads the cards to come, scored 61.5%.

    >>> from pirate_rules.marvin import MarvinGame
    >>> game = MarvinGame.stacked("KS 8C", players=("Marvin", "Mum"))
    >>> bot = ExpertBot(seed=1)
    >>> bot.choose(game, 0)
    Move.parse('take fort')
    >>> print(bot.reason)
    I take the Fort from the bank: playing each move out 9 turns ahead over 64 imagined
    orders of the 53 cards I have not seen, it gives me about ...% to win, against ...%
    if I take the ... from the bank.
"""

from __future__ import annotations

from typing import Final

from pirate_rules.bots import Bot
from pirate_rules.cards import seeded_generator
from pirate_rules.marvin.game import MarvinGame
from pirate_rules.marvin.heuristics import describe, only_choice, pick
from pirate_rules.marvin.moves import Move
from pirate_rules.marvin.search import imagined_orders, unseen_cards, win_chance

__all__ = ["ExpertBot"]


class ExpertBot(Bot[MarvinGame, Move]):
    """Plays each move out over imagined orders of the unseen cards (see the module).

    Args:
        seed: Seed of the bot's own generator, which imagines the card orders.
        samples: How many imagined orders each move is played out on (at least 1).
            The time a choice takes grows with it. The default, 64, is the setting of
            the play page's hardest opponent: over 100 games against ``sensible``, a
            choice between two moves or more took a median 7.7 ms of CPU in CPython
            (at most 20 ms).
        turns: How many turns after the move's own each playout goes on before the
            table is scored (at least 1); a game that ends sooner is scored as won or lost.

    Raises:
        ValueError: if ``samples`` or ``turns`` is out of range.

    Examples:
        >>> game = MarvinGame.stacked("9C", players=("Marvin", "Mum"))
        >>> bot = ExpertBot(seed=2)
        >>> bot.samples, bot.turns
        (64, 9)
        >>> bot.choose(game, 0) in game.legal_moves
        True
        >>> ExpertBot(samples=0)
        Traceback (most recent call last):
        ...
        ValueError: samples and turns must be at least 1, not 0 and 9
    """

    description = "the hardest: plays each move out many times over imagined card orders"

    def __init__(self, seed: int | None = None, samples: int = 64, turns: int = 9) -> None:
        super().__init__(seed)
        if samples < 1 or turns < 1:
            raise ValueError(f"samples and turns must be at least 1, not {samples} and {turns}")
        self.samples = samples
        self.turns = turns

    def choose(self, game: MarvinGame, player: int) -> Move:
        only = only_choice(self, game, player)
        if only is not None:
            return only
        moves = list(game.legal_moves)
        first = pick(game, player)[0]
        if len(moves) > _WIDE:
            # Many prize powers: a look with fewer orders keeps the most promising few.
            rough = self._chances(game, player, moves, max(1, self.samples // 4))
            kept = sorted(range(len(moves)), key=lambda k: -rough[k])[:_WIDE]
            moves = [moves[k] for k in sorted(kept)]
        chances = self._chances(game, player, moves, self.samples)
        scores = [
            chance + (_TIE if move is first else 0.0)
            for move, chance in zip(moves, chances, strict=True)
        ]
        order = sorted(range(len(moves)), key=lambda k: -scores[k])
        best, second = order[0], order[1]
        chance, other = _percent(chances[best]), _percent(chances[second])
        head = (
            f"I {describe(game, player, moves[best])}: playing each move out {self.turns}"
            f" turns ahead over {self.samples} imagined orders of the"
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
            seed = rng.getrandbits(32)
            for k, move in enumerate(moves):
                sim = game._fork(pile[:], seeded_generator(seed))
                sim.push(move)
                while sim._turn < stop and sim._phase != "over":
                    sim.push(pick(sim, sim._to_move)[0])
                if sim._phase == "over":
                    totals[k] += sim._to_move == player
                else:
                    totals[k] += win_chance(sim, player)
        return [total / samples for total in totals]


_TIE: Final = 1e-9
_WIDE: Final = 3
"""With more choices than this (prize powers), only the best few of a look with a
quarter of the orders are looked at fully, so that a choice stays quick."""


def _percent(chance: float) -> str:
    return f"{round(100 * chance)}%"
