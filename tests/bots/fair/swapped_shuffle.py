"""Replaces the engine's shuffle with a sort, so that later deals are not their seeds'."""

from pirate_rules import cards
from pirate_rules.marvin.bots import RandomBot as MarvinRandom
from pirate_rules.pirate.bots import RandomBot as PirateRandom


def _sorted(pile, rng):
    pile.sort(key=lambda card: (card.rank, str(card)))


cards.shuffle = _sorted


class Marvin(MarvinRandom):
    pass


class Pirate(PirateRandom):
    pass
