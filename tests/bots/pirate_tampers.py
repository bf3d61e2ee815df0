"""A Pirate bot that quietly rewrites the game's history: only a thorough check sees it."""

from pirate_rules.bots import Bot
from pirate_rules.pirate import Action


class Faulty(Bot):
    def choose(self, game, player):
        if game.history:
            game.history[-1] = "WW"
        return Action.TURN if game.can_turn(player) else Action.WAIT
