"""A Marvin bot that plays at random and quietly changes one part of the game it is
shown, from the game of seed ``SNEAKY_FROM`` on (0 by default): the part named by
``SNEAKY_PART`` (``pile`` by default; see ``TAMPER``). Only a check of the whole state
sees it: the turn and phase stay as they were."""

import os

from pirate_rules.marvin.bots import RandomBot


def _pile(game):
    game._pile.reverse()  # the cards to come, in another order


def _discard(game):
    game._discard.append(game._pile.pop(0))  # a card from the bottom of the pile


def _hit_points(game):
    side = game._sides[1 - game.to_move]
    side._hp[:] = [max(1, hp - 1) if hp else 0 for hp in side._hp]


def _shield(game):
    game._sides[game.to_move]._shields ^= 0b0001


def _prize(game):
    game._holder[0] = game.to_move  # the Cave, taken without a card


def _hidden(game):
    side = game._sides[game.to_move]
    side._hp[0], side._hp[1] = side._hp[1], side._hp[0]  # two pirates change places


def _log(game):
    if game._events:
        game._events[0] = game._events[-1]


def _generator(game):
    game._rng.random()  # a draw from the generator that reshuffles


TAMPER = {
    "pile": _pile,
    "discard": _discard,
    "hit points": _hit_points,
    "shield": _shield,
    "prize": _prize,
    "positions": _hidden,
    "log": _log,
    "generator": _generator,
}


class Faulty(RandomBot):
    def __init__(self, seed=None):
        super().__init__(seed)
        self.game_seed = (seed or 0) // 2
        self.start = int(os.environ.get("SNEAKY_FROM", "0"))
        self.tamper = TAMPER[os.environ.get("SNEAKY_PART", "pile")]

    def choose(self, game, player):
        move = super().choose(game, player)
        if self.game_seed >= self.start and game.turn >= 3:
            self.tamper(game)
        return move
