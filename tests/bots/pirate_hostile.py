"""Pirate bots that attack the command line itself rather than the rules: each plays as
the fast bot for a few moments, then does one hostile thing (see each class)."""

import os
import time

from pirate_rules.pirate.bots import FastBot

LATER = 3
"""The moment from which each bot misbehaves, so that a game is under way."""


class Unshowable:
    def __repr__(self):
        raise RuntimeError("no repr for you")

    def __eq__(self, other):
        raise RuntimeError("no comparing either")

    __hash__ = None


class Hostile(FastBot):
    """Misbehaves in the games of seeds ``HOSTILE_FROM`` (an environment variable, 0 by
    default) and after, from turn (or moment) ``LATER`` on."""

    def __init__(self, seed=None):
        super().__init__(seed)
        self.hostile = (seed or 0) // 2 >= int(os.environ.get("HOSTILE_FROM", "0"))

    def choose(self, game, player):
        if self.hostile and game.moment >= LATER:
            return self.attack(game, player)
        return super().choose(game, player)


class BadRepr(Hostile):
    def attack(self, game, player):
        return Unshowable()


class BadReason(FastBot):
    @property
    def reason(self):
        raise RuntimeError("no reason given")

    @reason.setter
    def reason(self, value):
        pass


class Interrupts(Hostile):
    def attack(self, game, player):
        raise KeyboardInterrupt


class Exits(Hostile):
    def attack(self, game, player):
        os._exit(7)


class Aborts(Hostile):
    def attack(self, game, player):
        os.abort()


class Sleeps(Hostile):
    def attack(self, game, player):
        time.sleep(3600)


class Loops(Hostile):
    def attack(self, game, player):
        while True:
            pass


class Prints(FastBot):
    def choose(self, game, player):
        print("thinking about moment", game.moment)
        os.write(1, b"written straight to descriptor 1\n")
        return super().choose(game, player)


class FailsAt(FastBot):
    """Fails in the game of seed ``FAIL_AT`` (an environment variable) and after."""

    def __init__(self, seed=None):
        super().__init__(seed)
        self.fails = (seed or 0) // 2 >= int(os.environ.get("FAIL_AT", "0"))

    def choose(self, game, player):
        if self.fails and game.moment >= LATER:
            raise ValueError("planned to fail here")
        return super().choose(game, player)
