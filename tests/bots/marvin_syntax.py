"""A marvin bot file with a syntax error on line 6: it cannot even be imported."""

from pirate_rules.bots import Bot


class Faulty(Bot:
    def choose(self, game, player):
        return None
