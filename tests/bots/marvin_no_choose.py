"""A marvin bot that forgot to write choose()."""

from pirate_rules.bots import Bot


class Faulty(Bot):
    description = "never decides anything"
