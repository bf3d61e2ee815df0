"""Finds the pipe to the referee among its open files, and closes it or writes on it."""

import contextlib
import os

from pirate_rules.marvin.bots import RandomBot as MarvinRandom
from pirate_rules.pirate.bots import RandomBot as PirateRandom


def _pipes():
    found = []
    for name in os.listdir("/proc/self/fd"):
        fd = int(name)
        try:
            if fd > 2 and os.readlink(f"/proc/self/fd/{fd}").startswith("pipe:"):
                found.append(fd)
        except OSError:
            pass
    return found


def _close():
    for fd in _pipes():
        os.close(fd)


def _garbage():
    for fd in _pipes():
        with contextlib.suppress(OSError):
            os.write(fd, b"hello, referee\n")


class Marvin(MarvinRandom):
    spoil = staticmethod(_close)

    def choose(self, game, player):
        if game.turn >= 6:
            self.spoil()
        return super().choose(game, player)


class Pirate(PirateRandom):
    spoil = staticmethod(_close)

    def choose(self, game, player):
        if game.moment >= 20:
            self.spoil()
        return super().choose(game, player)


class MarvinGarbage(Marvin):
    spoil = staticmethod(_garbage)


class PirateGarbage(Pirate):
    spoil = staticmethod(_garbage)
