"""Plays without chance and without hidden cards: the first legal move (Marvin), or the
engine's fast bot (Pirate). Hosted or not, it plays the same games."""

from pirate_rules.bots import Bot
from pirate_rules.pirate.bots import FastBot


class Marvin(Bot):
    def choose(self, game, player):
        return game.legal_moves[0]


class Pirate(FastBot):
    pass
