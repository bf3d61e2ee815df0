"""Sends SIGINT to its parent, as Ctrl-C would; the *Grandparent* bots send it past a
worker process (``--jobs 2``) to the run's main process."""

import os
import signal

from pirate_rules.marvin.bots import RandomBot as MarvinRandom
from pirate_rules.pirate.bots import RandomBot as PirateRandom


class Marvin(MarvinRandom):
    def choose(self, game, player):
        if game.turn >= 6:
            os.kill(os.getppid(), signal.SIGINT)
        return super().choose(game, player)


class Pirate(PirateRandom):
    def choose(self, game, player):
        if game.moment >= 20:
            os.kill(os.getppid(), signal.SIGINT)
        return super().choose(game, player)


def _main_process():
    """The pid of this process's grandparent if it is a ``pirate_rules`` run with more
    than one job (so that the signal never reaches anything else), or None."""
    parent = os.getppid()
    with open(f"/proc/{parent}/stat", "rb") as stat:
        grandparent = int(stat.read().rsplit(b")", 1)[1].split()[1])
    with open(f"/proc/{grandparent}/cmdline", "rb") as cmdline:
        words = cmdline.read().split(b"\0")
    return grandparent if b"pirate_rules" in words and b"--jobs" in words else None


class MarvinGrandparent(MarvinRandom):
    def choose(self, game, player):
        if game.turn >= 6 and (main := _main_process()):
            os.kill(main, signal.SIGINT)
        return super().choose(game, player)


class PirateGrandparent(PirateRandom):
    def choose(self, game, player):
        if game.moment >= 20 and (main := _main_process()):
            os.kill(main, signal.SIGINT)
        return super().choose(game, player)
