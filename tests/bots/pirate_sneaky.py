"""A Pirate bot that plays as the fast bot and quietly changes one part of the game it
is shown, from the game of seed ``SNEAKY_FROM`` on (0 by default): the part named by
``SNEAKY_PART`` (``stock`` by default; see ``TAMPER``). Only a check of the whole state
sees it: the moment stays as it was."""

import os

from pirate_rules.pirate.bots import FastBot


def _stock(game):
    game._stocks[0].reverse()


def _waste(game):
    if game._wastes[1]:
        game._wastes[1].insert(0, game._wastes[1].pop())


def _ship(game):
    ship = game._ships[0]
    ship.needs[0] = ship.needs[0] % 13 + 1  # the spades half now wants another card


def _captured(game):
    game.captured[0].append(game._ships[1])


def _history(game):
    if game.history:
        game.history[-1] = "WW"


def _fresh(game):
    game._fresh[1] = not game._fresh[1]


TAMPER = {
    "stock": _stock,
    "waste": _waste,
    "ship": _ship,
    "captured": _captured,
    "history": _history,
    "fresh": _fresh,
}


class Faulty(FastBot):
    def __init__(self, seed=None):
        super().__init__(seed)
        self.game_seed = (seed or 0) // 2
        self.start = int(os.environ.get("SNEAKY_FROM", "0"))
        self.tamper = TAMPER[os.environ.get("SNEAKY_PART", "stock")]

    def choose(self, game, player):
        action = super().choose(game, player)
        if self.game_seed >= self.start and game.moment >= 3:
            self.tamper(game)
        return action
