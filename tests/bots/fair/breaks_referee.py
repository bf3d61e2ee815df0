"""Breaks the referee's summing at import: each result it hands on is a bare number."""

from pirate_rules import simulate
from pirate_rules.marvin.bots import RandomBot as MarvinRandom
from pirate_rules.pirate.bots import RandomBot as PirateRandom

simulate.result_of = lambda *args, **kwargs: 1


class Marvin(MarvinRandom):
    pass


class Pirate(PirateRandom):
    pass
