"""The real engine, played one step at a time for the differential runs.

A real game usually plays on by itself through turns where nobody has a choice. To
compare a learner's engine with it after every move, :class:`RealGame` plays it as a
replayed record does: every turn stops before its draw, even with no prize power to
use, so that each turn's start can be compared. The engine reshuffles with its own
generator (M9), and :attr:`RealGame.reshuffled` tells the order of the reshuffle the
last move made, so that the learner's engine can be given the very same order.

The games are dealt from seeds, as ``MarvinGame.from_seed`` deals them, and the choices
are fixed by the seed too (:func:`choose`), so a seed is always the same game.

    >>> real = RealGame(1)
    >>> real.legal()
    ['draw']
    >>> real.push("draw")
    >>> real.view().turn, real.view().drawn, real.legal()
    (0, '3S', ['GL', 'GR'])
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pirate_rules.cards import Card
from pirate_rules.course.table import PLAYERS, TableView, real_view
from pirate_rules.marvin import MarvinGame
from pirate_rules.marvin.display import EV_RESHUFFLE

__all__ = ["PlayedGame", "RealGame", "choose"]


class RealGame:
    """A real game from ``seed``, stopping at the start of every turn.

    Args:
        seed: The game's seed: the deck, who starts and the reshuffles come from it.
        jokers: How many jokers the deck holds.
    """

    def __init__(self, seed: int, jokers: int = 2) -> None:
        dealt = MarvinGame.from_seed(seed, jokers=jokers, players=PLAYERS)
        self.seed = seed
        self.deck = tuple(str(card) for card in dealt.deck)
        self.first = dealt.first
        self.reshuffled: tuple[str, ...] | None = None
        self.game = MarvinGame._replaying(list(dealt.deck), dealt.first, PLAYERS, jokers, self)
        self.game._rng = dealt._rng  # the generator from_seed would reshuffle with

    # The replay's script (`pirate_rules.marvin.game.Script`): the real reshuffle.

    def before_draw(self, game: MarvinGame) -> None:
        """M9: an empty draw pile is refilled from the discard pile, shuffled."""
        if not game._pile:
            order = game._shuffled_discard()
            self.reshuffled = tuple(str(card) for card in order)
            game._reshuffle(order)

    def idle_card(self, game: MarvinGame, card: Card) -> None:
        """A card with nothing to do: nothing to check."""

    # Playing.

    def view(self) -> TableView:
        return real_view(self.game)

    def legal(self) -> list[str]:
        """The legal moves, as text."""
        return [str(move) for move in self.game.legal_moves]

    def push(self, move: str) -> None:
        """Make ``move``; :attr:`reshuffled` then says the order of its reshuffle, if any."""
        self.reshuffled = None
        self.game.push(move)

    def over(self) -> bool:
        return self.game.is_game_over()


class PlayedGame:
    """A real game from ``seed``, played as the engine plays it: it stops only where the
    player to move has a choice. A turn with no power to use goes straight to the draw (M5),
    and a card with nothing to do ends its turn at once, so one move may play on through
    several turns. :attr:`reshuffled` tells the order of the reshuffle a move led to (M9).

        >>> played = PlayedGame(1)
        >>> played.view().drawn, played.legal()
        ('3S', ['GL', 'GR'])
    """

    def __init__(self, seed: int, jokers: int = 2) -> None:
        self.game = MarvinGame.from_seed(seed, jokers=jokers, players=PLAYERS)
        self.seed = seed
        self.deck = tuple(str(card) for card in self.game.deck)
        self.first = self.game.first
        self.reshuffled: tuple[str, ...] | None = None

    def view(self) -> TableView:
        return real_view(self.game)

    def legal(self) -> list[str]:
        """The legal moves, as text."""
        return [str(move) for move in self.game.legal_moves]

    def push(self, move: str) -> None:
        """Make ``move`` and play on to the next choice; :attr:`reshuffled` then says the
        order of the new draw pile, top card first, if the discard pile was shuffled."""
        logged = len(self.game._events)
        self.game.push(move)
        orders = [e[3] for e in self.game._events[logged:] if e[0] == EV_RESHUFFLE]
        self.reshuffled = tuple(str(card) for card in orders[0]) if orders else None  # type: ignore[attr-defined]

    def over(self) -> bool:
        return self.game.is_game_over()


def choose(rng: random.Random, moves: Sequence[str]) -> str:
    """The fixed choice among ``moves``: drawn by ``rng`` from them, in sorted order."""
    return rng.choice(sorted(moves))
