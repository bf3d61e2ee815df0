"""A bot that cheats: it reads the real draw pile and the reshuffle generator.

No player at the table can do what this bot does. It exists only to measure how much
skill *Marvin's Pirates Go!* holds: a fair bot's strength means little without the
ceiling above it, and the ceiling is a player who knows every card to come. The play
pages never offer it (its class says ``fair = False``).

Knowing the cards makes the game deterministic. Each turn draws exactly one card
(M9), whatever the players choose, and a reshuffle shuffles the discard pile, whose
order is the order the cards were drawn, with the game's own generator. So the whole
sequence of cards is fixed from the start, reshuffles included: `future_cards`
predicts it from the draw pile, the discard pile and a copy of the generator.

On that known future the bot plays **minimax** with alpha-beta pruning: it assumes the
opponent answers each of its moves with whatever is worst for the bot, for ``depth``
turns after the current one. Each line is then played on to the end of the game, both
players using the rules of thumb (`pirate_rules.marvin.heuristics.pick`) on the known
cards, and scored: 100 for a win, -100 for a loss, plus
`pirate_rules.marvin.search.value` of the table where the look-ahead stopped, to tell
apart lines that end the same way. It does not model the opponent's habits beyond
that, so it is a cautious cheat, and its edge over a fair bot is a lower bound of the
skill the game holds.

    >>> from pirate_rules.marvin import MarvinGame
    >>> game = MarvinGame.from_seed(3, players=("Marvin", "Mum"))
    >>> future_cards(game, 4) == game.draw_pile[:4]
    True
    >>> bot = CheatingOracleBot()
    >>> bot.choose(game, game.to_move) in game.legal_moves
    True
"""

from __future__ import annotations

import random
from typing import ClassVar, Final

from pirate_rules.bots import Bot
from pirate_rules.cards import Card, seeded_generator
from pirate_rules.marvin.game import MarvinGame
from pirate_rules.marvin.heuristics import describe, only_choice, pick, play_by_thumb
from pirate_rules.marvin.moves import Move
from pirate_rules.marvin.search import _imagine, value

__all__ = ["CheatingOracleBot", "future_cards"]

_WON: Final = 100.0
_SPARE: Final = 12
"""Cards predicted beyond the horizon, for turns that end by themselves (a joker)."""
_ROLLOUT: Final = 600
"""Cards predicted for playing on to the end (games last about 50 to 100 turns)."""
_SOONER: Final = 0.01
"""How much a won game's score drops per turn it takes, so that a quick win is preferred."""


def future_cards(game: MarvinGame, count: int) -> list[Card]:
    """The next ``count`` cards ``game`` will draw, in order, reshuffles included (M9).

    This reads what no player may read: the draw pile's order and a copy of the game's
    generator (the game itself is not changed). The discard pile is reshuffled when the
    draw pile is empty, and by then it holds every card in the order they were drawn, so
    the same shuffle of the copied generator gives the same new pile.

    Examples:
        >>> from pirate_rules.marvin import MarvinGame, play_game
        >>> game = MarvinGame.from_seed(6)
        >>> game.drawn, future_cards(game, 2) == game.draw_pile[:2]
        (Card.parse('...'), True)
        >>> played = play_game(["random", "random"], seed=6)
        >>> drawn = [card for _, _, card, _ in played._history]
        >>> played.reshuffles, future_cards(game, len(drawn) - 1) == drawn[1:]
        (1, True)
    """
    source = game._rng
    if isinstance(source, int):  # a search copy's seed (`MarvinGame._fork`)
        rng = seeded_generator(source)
    else:
        rng = random.Random()
        rng.setstate(source.getstate())
    cards = game._pile[::-1][:count]
    # The discard pile as it will be when the draw pile runs out.
    order = game._discard[:]
    if game._drawn is not None:
        order.append(game._drawn)
    order += game._pile[::-1]
    while len(cards) < count:
        rng.shuffle(order)
        cards += order[: count - len(cards)]
        order = order[:]
    return cards


class CheatingOracleBot(Bot[MarvinGame, Move]):
    """Cheats: reads the real draw pile and the reshuffle generator, then plays minimax.

    For analysis only (see the module's description); never offered on the play pages.

    Args:
        seed: Unused (the bot uses no chance); accepted like every bot's.
        depth: How many turns ahead the minimax looks, after the current one (0 or more).

    Examples:
        >>> from pirate_rules.marvin import MarvinGame
        >>> game = MarvinGame.stacked("9C 8S", players=("Marvin", "Mum"))
        >>> bot = CheatingOracleBot(depth=1)
        >>> bot.choose(game, 0) in game.legal_moves
        True
        >>> print(bot.reason)
        I slash Mum's ...: I peeked at the cards to come, and looking 1 turn ahead, then
        playing on to the end, ...
    """

    fair: ClassVar[bool] = False
    """Not a fair player: it reads hidden cards, so it is never offered as an opponent."""

    description = "cheats: reads the cards to come and plays the best answer to them"

    def __init__(self, seed: int | None = None, depth: int = 2) -> None:
        super().__init__(seed)
        if depth < 0:
            raise ValueError(f"depth must be at least 0, not {depth!r}")
        self.depth = depth

    def choose(self, game: MarvinGame, player: int) -> Move:
        moves = game.legal_moves
        only = only_choice(self, game, player)
        if only is not None:
            return only
        stop = game._turn + 1 + self.depth
        future = future_cards(game, self.depth + _SPARE)
        self._pile = future[::-1]
        self._future = future_cards(game, _ROLLOUT)
        self._player = player
        self._stop = stop
        first = pick(game, player)[0]
        ordered = [first, *(move for move in moves if move is not first)]
        scores: dict[Move, float] = {}
        alpha = -2 * _WON
        for move in ordered:
            score = self._after(game, move, alpha, 2 * _WON)
            scores[move] = score
            alpha = max(alpha, score)
        best = max(ordered, key=lambda move: scores[move])
        # The second best is known only as a bound after pruning; search it fully.
        rest = [move for move in ordered if move is not best]
        second = max(rest, key=lambda move: scores[move])
        second_score = self._after(game, second, -2 * _WON, 2 * _WON)
        ahead = f"{self.depth} turn{'s' if self.depth != 1 else ''}"
        head = (
            f"I {describe(game, player, best)}: I peeked at the cards to come, and looking"
            f" {ahead} ahead, then playing on to the end,"
        )
        other = describe(game, player, second)
        if scores[best] > 0 > second_score:
            self.reason = f"{head} this wins, and if I {other} I lose."
        elif second_score > 0:
            self.reason = f"{head} this wins, and more surely than if I {other}."
        else:
            self.reason = (
                f"{head} every line loses if my opponent answers well; this holds out best."
            )
        return best

    def _after(self, game: MarvinGame, move: Move, alpha: float, beta: float) -> float:
        sim = _imagine(game, self._pile[:], seeded_generator(0))
        sim.push(move)
        return self._minimax(sim, alpha, beta)

    def _leaf(self, sim: MarvinGame) -> float:
        """Play on to the end with the rules of thumb for both, on the known cards."""
        player = self._player
        score = value(sim, player)
        drawn = len(self._pile) - len(sim._pile)
        sim._pile = self._future[drawn:][::-1]
        play_by_thumb(sim)
        return score + (_WON if sim._to_move == player else -_WON)

    def _minimax(self, sim: MarvinGame, alpha: float, beta: float) -> float:
        """The score for the bot's player of ``sim``, with both sides playing their best."""
        player = self._player
        if sim._phase == "over":
            won = _WON - _SOONER * sim._turn
            return won if sim._to_move == player else -won
        if sim._turn >= self._stop:
            return self._leaf(sim)
        moves = sim._legal
        if len(moves) > 1:
            first = pick(sim, sim._to_move)[0]
            moves = (first, *(move for move in moves if move is not first))  # type: ignore[assignment]
        mine = sim._to_move == player
        pile = sim._pile
        best = -2 * _WON if mine else 2 * _WON
        for move in moves:
            # The children share their parent's generator, so it must be one, not a seed:
            # each child would make its own generator from a seed and draw differently.
            child = _imagine(sim, pile[:], sim._rng)
            child.push(move)
            score = self._minimax(child, alpha, beta)
            if mine:
                if score > best:
                    best = score
                    alpha = max(alpha, score)
            elif score < best:
                best = score
                beta = min(beta, score)
            if alpha >= beta:
                break
        return best
