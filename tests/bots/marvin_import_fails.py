"""A marvin bot file that raises while it is imported, on line 5."""

from pirate_rules.bots import Bot

WEIGHTS = {"GL": 1}["CL"]


class Faulty(Bot):
    def choose(self, game, player):
        return None
