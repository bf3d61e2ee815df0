"""A Marvin bot that tries its move on the real game instead of on game.copy()."""

from pirate_rules.bots import Bot


class Faulty(Bot):
    def choose(self, game, player):
        move = game.legal_moves[0]
        game.push(move)  # should have been game.copy().push(move)
        return move
