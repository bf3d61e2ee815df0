"""Ends its own process in choose(): os._exit(3)."""

import os

from pirate_rules.marvin.bots import RandomBot as MarvinRandom
from pirate_rules.pirate.bots import RandomBot as PirateRandom


class Marvin(MarvinRandom):
    def choose(self, game, player):
        if game.turn >= 6:
            os._exit(3)
        return super().choose(game, player)


class Pirate(PirateRandom):
    def choose(self, game, player):
        if game.moment >= 20:
            os._exit(3)
        return super().choose(game, player)
