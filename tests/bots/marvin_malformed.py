"""A Marvin bot that answers with the number of its moves instead of a move."""

from pirate_rules.bots import Bot


class Faulty(Bot):
    def choose(self, game, player):
        return len(game.legal_moves)
