"""Your own bots for benchmarks/fair_play.py: the engine's, subclassed, changing nothing."""

from pirate_rules.marvin.bots import RandomBot
from pirate_rules.pirate.bots import FastBot


class Marvin(RandomBot):
    pass


class Pirate(FastBot):
    pass
