"""A Pirate bot that always plays its top waste card, whether it fits or not (P6)."""

from pirate_rules.bots import Bot
from pirate_rules.pirate import Action


class Faulty(Bot):
    def choose(self, game, player):
        return Action.PLAY
