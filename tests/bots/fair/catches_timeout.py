"""Catches anything that would stop it, and never answers."""

import contextlib
import time

from pirate_rules.marvin.bots import RandomBot as MarvinRandom
from pirate_rules.pirate.bots import RandomBot as PirateRandom


def _hang():
    while True:
        with contextlib.suppress(BaseException):
            time.sleep(0.05)


class Marvin(MarvinRandom):
    def choose(self, game, player):
        if game.turn >= 6:
            _hang()
        return super().choose(game, player)


class Pirate(PirateRandom):
    def choose(self, game, player):
        if game.moment >= 20:
            _hang()
        return super().choose(game, player)
