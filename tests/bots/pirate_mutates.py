"""A Pirate bot that tries a moment on the real game instead of on game.copy()."""

from pirate_rules.bots import Bot
from pirate_rules.pirate import Action


class Faulty(Bot):
    def choose(self, game, player):
        game.apply_moment("WW")  # should have been game.copy().apply_moment(...)
        return Action.WAIT
