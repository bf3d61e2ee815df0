"""*Pirate*: two players, two decks, building ships in real time (rules P1 to P11).

Real time is played as a sequence of moments: in each one, both players pick an action
from the same table and the pair takes effect together.

* `PirateGame`: the table and the moments; `PirateGame.legal_actions`,
  `PirateGame.apply_moment`, `PirateGame.outcome`, ``str(game)``;
* `Action`: ``T`` turn, ``P`` play, ``C`` claim, ``W`` wait;
* `Ship` and `Placed`: a suit's ship, its halves, and cards with owners;
* `to_record` and `replay`: game records;
* `FastBot`, `SlowBot`, `RandomBot` and `play_game`: bots.

For example:

    >>> from pirate_rules.pirate import PirateGame
    >>> game = PirateGame.from_seed(7, players=("Ann", "Ben"))
    >>> game.apply_moment("TT")
    >>> game.moment, game.history
    (1, ['TT'])

Modules: `game` (the table and the moments), `shortcuts` (common moments written out),
`state` (what the shortcuts may read and change of a game), `playout` (the two put
together: the bots' game loop), `ships` (halves, keels, directions), `actions` (the four
action letters), `deal` (decks and the cut), `table` (drawing the table), `record` (game
records), `bots` (bots and whole games) and `speed` (the bots' speed levels).
"""

# The rules and their shortcuts are put together by `playout`, imported with the package.
from pirate_rules.pirate import playout as playout
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
