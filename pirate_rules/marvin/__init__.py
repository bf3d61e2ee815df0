"""*Marvin's Pirates Go!*: pirates, hits, shields and three prizes, for two players.

The game in one page of Python (the rules in words are on the site's rules page):

* `MarvinGame`: the table and the turns; `MarvinGame.legal_moves`,
  `MarvinGame.push` / `MarvinGame.play`, `MarvinGame.outcome`,
  ``str(game)``;
* `Move`: a choice, with its notation (``draw``, ``ship GL CR``, ``cave CL``,
  ``fort GR``, ``GL``, ``take cave``);
* `Side` and `Pirate`: one player's four positions;
* `to_record` and `replay`: game records;
* `RandomBot` and `play_game`: bots.

For example:

    >>> game = MarvinGame.stacked("8S", players=("Marvin", "Mum"))
    >>> game.legal_moves
    <LegalMoves: GL, GR>
    >>> game.play("GR")
    >>> game.sides[1]["GR"] is None
    True
"""

# The rules and their shortcuts are put together by `playout`, imported with the package.
from pirate_rules.marvin import playout as playout
from pirate_rules.marvin.bots import MarvinBot, RandomBot, play_game
from pirate_rules.marvin.game import PHASES, MarvinGame, Outcome, Termination
from pirate_rules.marvin.moves import DRAW, LegalMoves, Move
from pirate_rules.marvin.record import replay, to_record
from pirate_rules.marvin.table import (
    CAPTAINS,
    GUARDS,
    POSITIONS,
    PRIZES,
    Pirate,
    Side,
    card_effect,
)

__all__ = [
    "CAPTAINS",
    "DRAW",
    "GUARDS",
    "PHASES",
    "POSITIONS",
    "PRIZES",
    "LegalMoves",
    "MarvinBot",
    "MarvinGame",
    "Move",
    "Outcome",
    "Pirate",
    "RandomBot",
    "Side",
    "Termination",
    "card_effect",
    "play_game",
    "replay",
    "to_record",
]
