"""A game of *Pirate* as one player knows it: what was seen is exact, the rest is dealt
by a generator of the player's own.

Both players see every card turned onto a waste (P5), every ship, claim and cut. What
no player has seen is the part of each stock not yet turned since the deal (P3). Once a
player's waste has been turned over into a new stock (P5), the order of that stock is
known to both, and stays exact. A :class:`PirateView` holds a whole
:class:`~pirate_rules.pirate.game.PirateGame` built from what is known: the unseen part of
each stock is dealt in a uniformly random order by its own generator, and ``start``
matches it. :meth:`PirateView.update` is told each moment and the cards it turned up;
each such card is taken out of the unseen ones (they stay in a uniformly random order),
and the moment is played on the game.

    >>> from pirate_rules.pirate import PirateGame
    >>> real = PirateGame.from_seed(3)
    >>> view = PirateView(real.low, real.players, real.cuts, seed=99)
    >>> view.game.stock(0) == real.stock(0)
    False
    >>> before = turning(real, "TW")
    >>> real.apply_moment("TW")
    >>> told = seen(real, "TW", before)
    >>> view.update([told])
    >>> view.game.waste(0) == real.waste(0), view.game.start[0][0] == real.start[0][0]
    (True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Final

from pirate_rules.cards import Card, standard_deck
from pirate_rules.errors import PirateRulesError
from pirate_rules.logs import Log
from pirate_rules.pirate.actions import Action
from pirate_rules.pirate.deal import low_player
from pirate_rules.pirate.game import Event, PirateGame

__all__ = ["PirateView", "seen", "turning"]

_CARDS: Final = {str(card): card for card in standard_deck()}
_ACTIONS: Final = {action.value: action for action in Action}


def turning(game: PirateGame, moment: str) -> tuple[bool, bool]:
    """For each player, whether ``moment`` (two letters) turns a card up from their stock."""
    stocks = game._stocks
    return (moment[0] == "T" and bool(stocks[0]), moment[1] == "T" and bool(stocks[1]))


def seen(game: PirateGame, moment: str, turned: tuple[bool, bool]) -> str:
    """A moment just played, as its players saw it: its two letters, then the card each
    player turned up from their stock (``turned``, from :func:`turning` before the
    moment), player 0's first: ``"TP7H"``, ``"TT7H2C"``, ``"WP"``."""
    wastes = game._wastes
    told = moment
    if turned[0]:
        told += str(wastes[0][-1])
    if turned[1]:
        told += str(wastes[1][-1])
    return told


class PirateView:
    """What one player knows of a game, kept as a whole game (see the module's text).

    Args:
        low: The low player (seen by both).
        players: The players' names.
        cuts: The cards shown by the cuts (seen by both).
        seed: The seed of the view's own generator.
    """

    def __init__(
        self, low: int, players: Sequence[str], cuts: Sequence[tuple[Card, Card]], seed: int
    ) -> None:
        self.rng = random.Random(seed)
        stocks = []
        for _ in (0, 1):
            deck = standard_deck()
            self.rng.shuffle(deck)
            stocks.append(deck)
        game = PirateGame(stocks, low=low, players=players)
        game.cuts = tuple((cut[0], cut[1]) for cut in cuts)
        game.events = Log(Event(0, "cut", low_player(*cut), cut) for cut in game.cuts)
        self.game = game
        self.turned = [0, 0]  # cards turned from each player's first stock
        self.restocked = [False, False]  # whether its order is now known to both

    def update(self, moments: Iterable[str]) -> None:
        """Play ``moments``, each told as by :func:`seen`."""
        game = self.game
        stocks = game._stocks
        apply = game.apply_moment
        for told in moments:
            first, second = told[0], told[1]
            at = 2
            for player, letter in ((0, first), (1, second)):
                if letter == "T":
                    if stocks[player]:
                        if not self.restocked[player]:
                            self._reveal(player, _CARDS[told[at : at + 2]])
                        at += 2
                    else:
                        self.restocked[player] = True
            apply(_ACTIONS[first], _ACTIONS[second])

    def _reveal(self, player: int, card: Card) -> None:
        """Make ``card`` the top of ``player``'s stock, which no one has seen yet, and
        ``start`` agree."""
        stock = self.game._stocks[player]  # top card last
        if stock[-1] is not card:
            try:
                where = stock.index(card)
            except ValueError:
                raise PirateRulesError(
                    f"{card} was turned up, but it is not among the unseen cards"
                ) from None
            stock[-1], stock[where] = stock[where], stock[-1]
            start = list(self.game.start)
            start[player] = start[player][: self.turned[player]] + tuple(reversed(stock))
            self.game.start = (start[0], start[1])
        self.turned[player] += 1


def moments_told(game: PirateGame, moments: Sequence[str]) -> list[str]:
    """Replay ``moments`` on ``game`` (a real one) and tell each as :func:`seen` does."""
    told = []
    for moment in moments:
        before = turning(game, moment)
        game.apply_moment(moment)
        told.append(seen(game, moment, before))
    return told
