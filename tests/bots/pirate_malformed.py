"""A Pirate bot that answers with a word instead of an action letter."""

from pirate_rules.bots import Bot


class Faulty(Bot):
    def choose(self, game, player):
        return "turn"
