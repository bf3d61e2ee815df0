"""A marvin bot whose constructor does not take the seed every bot is given."""

from pirate_rules.bots import Bot


class Faulty(Bot):
    def __init__(self) -> None:
        super().__init__()

    def choose(self, game, player):
        return None
