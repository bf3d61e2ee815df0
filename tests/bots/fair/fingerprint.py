"""Switches the referee's state check off as it is imported, then reorders the cards it
is shown: the draw pile (Marvin) or its own stock (Pirate)."""

from pirate_rules.marvin.bots import RandomBot as MarvinRandom
from pirate_rules.marvin.game import MarvinGame
from pirate_rules.pirate.bots import RandomBot as PirateRandom
from pirate_rules.pirate.game import PirateGame

MarvinGame._fingerprint = lambda self: ()  # type: ignore[method-assign]
PirateGame._fingerprint = lambda self: ()  # type: ignore[method-assign]


class Marvin(MarvinRandom):
    def choose(self, game, player):
        game._pile.sort(key=lambda card: (card.rank, str(card)))
        return super().choose(game, player)


class Pirate(PirateRandom):
    def choose(self, game, player):
        game._stocks[player].sort(key=lambda card: card.rank)
        return super().choose(game, player)
