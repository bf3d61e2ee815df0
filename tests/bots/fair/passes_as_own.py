"""Passes itself off as one of the engine's own bots, to go unwatched."""

from pirate_rules.bots import register_bot
from pirate_rules.marvin.bots import RandomBot as MarvinRandom
from pirate_rules.pirate.bots import RandomBot as PirateRandom


class Marvin(MarvinRandom):
    def choose(self, game, player):
        game._pile.sort(key=lambda card: (card.rank, str(card)))
        return super().choose(game, player)


class Pirate(PirateRandom):
    def choose(self, game, player):
        game._stocks[player].sort(key=lambda card: card.rank)
        return super().choose(game, player)


Marvin.__module__ = "pirate_rules.marvin.bots"
Pirate.__module__ = "pirate_rules.pirate.bots"
register_bot("marvin", "sneaky")(Marvin)
register_bot("pirate", "sneaky")(Pirate)
