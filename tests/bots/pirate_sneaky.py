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


def _old_history(game):
    # A moment long past: in a block of the log that is sealed (see pirate_rules.logs).
    if len(game.history) > 40:
        game.history[1] = "WW"


def _sealed_block(game):
    # The same, by the back door: a sealed block swapped for an equal-looking one.
    log = game.history
    if len(log._sealed) > 1:
        log._sealed = (tuple(["WW", *log._sealed[0][1:]]), *log._sealed[1:])


def _events(game):
    if len(game.events) > 2:
        first = game.events[0]
        game.events[0] = first._replace(player=1 - first.player)


def _log_as_list(game):
    # The log put back as a plain list, one moment short.
    if len(game.history) > 40:
        game.history = list(game.history)[:-1]


def _fresh(game):
    game._fresh[1] = not game._fresh[1]


TAMPER = {
    "stock": _stock,
    "waste": _waste,
    "ship": _ship,
    "captured": _captured,
    "history": _history,
    "old history": _old_history,
    "sealed block": _sealed_block,
    "events": _events,
    "log as list": _log_as_list,
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
