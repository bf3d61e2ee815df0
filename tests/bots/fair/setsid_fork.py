"""Leaves a process behind in a session of its own, which sleeps for ever."""

import os
import time

from pirate_rules.marvin.bots import RandomBot as MarvinRandom
from pirate_rules.pirate.bots import RandomBot as PirateRandom


def _leave_one() -> None:
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            while True:
                time.sleep(60)
        os._exit(0)


class Marvin(MarvinRandom):
    def choose(self, game, player):
        if game.turn == 6:
            _leave_one()
        return super().choose(game, player)


class Pirate(PirateRandom):
    def choose(self, game, player):
        if game.moment == 20:
            _leave_one()
        return super().choose(game, player)
