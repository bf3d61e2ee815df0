"""*Pirate*: two players, two decks, building ships in real time (rules P1 to P11).

Real time is played as a sequence of moments: in each one, both players pick an action
from the same table and the pair takes effect together.

* :class:`PirateGame`: the table and the moments; :meth:`~PirateGame.legal_actions`,
  :meth:`~PirateGame.apply_moment`, :meth:`~PirateGame.outcome`, ``str(game)``;
* :class:`Action`: ``T`` turn, ``P`` play, ``C`` claim, ``W`` wait;
* :class:`Ship` and :class:`Placed`: a suit's ship, its halves, and cards with owners;
* :func:`to_record` and :func:`replay`: game records;
* :class:`FastBot`, :class:`SlowBot`, :class:`RandomBot` and :func:`play_game`: bots.

    >>> from pirate_rules.pirate import PirateGame
    >>> game = PirateGame.from_seed(7, players=("Ann", "Ben"))
    >>> game.apply_moment("TT")
    >>> game.moment, game.history
    (1, ['TT'])

Modules: :mod:`~pirate_rules.pirate.game` (the table and the moments),
:mod:`~pirate_rules.pirate.ships` (halves, keels, directions),
:mod:`~pirate_rules.pirate.actions` (the four action letters),
:mod:`~pirate_rules.pirate.deal` (decks and the cut),
:mod:`~pirate_rules.pirate.table` (drawing the table),
:mod:`~pirate_rules.pirate.record` (game records) and
:mod:`~pirate_rules.pirate.bots` (bots and whole games).
"""

from pirate_rules.pirate.actions import Action, parse_action, parse_moment
from pirate_rules.pirate.bots import FastBot, RandomBot, SlowBot, play_game
from pirate_rules.pirate.deal import low_player
from pirate_rules.pirate.game import Event, Outcome, PirateGame, Termination
from pirate_rules.pirate.record import replay, to_record
from pirate_rules.pirate.ships import Placed, Ship

__all__ = [
    "Action",
    "Event",
    "FastBot",
    "Outcome",
    "PirateGame",
    "Placed",
    "RandomBot",
    "Ship",
    "SlowBot",
    "Termination",
    "low_player",
    "parse_action",
    "parse_moment",
    "play_game",
    "replay",
    "to_record",
]
