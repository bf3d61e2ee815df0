"""pirate_rules: exact, literate rules engines for two pirate card games.

* :mod:`pirate_rules.marvin`: *Marvin's Pirates Go!*, a turn-based game of pirates,
  hits, shields and prizes.
* :mod:`pirate_rules.pirate`: *Pirate*, a two-deck real-time game of building ships.

Both games share :mod:`~pirate_rules.cards`, :mod:`~pirate_rules.errors`,
:mod:`~pirate_rules.records` and :mod:`~pirate_rules.bots`.
"""

from pirate_rules.cards import JOKER, Card
from pirate_rules.errors import (
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    PirateRulesError,
    RecordError,
    ReplayError,
)

__version__ = "0.1.0"

__all__ = [
    "JOKER",
    "Card",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidMoveError",
    "PirateRulesError",
    "RecordError",
    "ReplayError",
    "__version__",
]
