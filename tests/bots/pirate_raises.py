"""A pirate bot whose choose() raises on line 10."""

from pirate_rules.bots import Bot


class Faulty(Bot):
    def choose(self, game, player):
        counts: dict[str, int] = {}
        # A typical slip: reading a key that was never set.
        return counts["hits"]
