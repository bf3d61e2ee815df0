"""A Marvin bot that always aims at the left captain, though its guard protects it (M16)."""

from pirate_rules.bots import Bot


class Faulty(Bot):
    def choose(self, game, player):
        return "CL"
