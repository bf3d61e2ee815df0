"""Games played out: the loop that bots and the referee's checks use.

This module stands above the rules (`pirate_rules.pirate.game`) and their shortcuts
(`pirate_rules.pirate.shortcuts`), and is the one place that puts the two together;
neither of them imports the other:

* it gives `PirateGame.apply_moment` its written-out moments,
  `pirate_rules.pirate.shortcuts.at_once` (see `pirate_rules.pirate.game.use_shortcut`),
  when the package is imported;
* `play_out` plays a game on between two bots: the written-out loop
  (`pirate_rules.pirate.shortcuts.play_out`) with the shortcuts on, the plain one
  (`PirateGame._play_out`) with them off.

`pirate_rules.pirate.bots.play_game` plays through `play_out`.

    >>> from pirate_rules.pirate import FastBot, PirateGame
    >>> game = PirateGame.from_seed(4)
    >>> bots = FastBot(), FastBot()
    >>> said = play_out(game, (bots[0].choose, bots[1].choose), max_moments=30)
    >>> game.moment
    30
"""

from __future__ import annotations

from pirate_rules.pirate import game as rules
from pirate_rules.pirate.game import PirateGame, use_shortcut
from pirate_rules.pirate.shortcuts import Chooser as AnyChooser
from pirate_rules.pirate.shortcuts import Said, at_once
from pirate_rules.pirate.shortcuts import play_out as written_out

__all__ = ["Chooser", "Said", "at_once", "play_out"]

Chooser = AnyChooser[PirateGame]
"""A bot's ``choose`` method: the action of a player (0 or 1) in a game."""


def play_out(
    game: PirateGame,
    choosers: tuple[Chooser, Chooser],
    max_moments: int,
    quick: tuple[bool, bool] = (False, False),
) -> tuple[Said, Said]:
    """Play moments chosen by two bots until the end, or until ``max_moments`` have been
    played.

    ``choosers`` are the two bots' ``choose`` methods; each moment is checked and played
    as `PirateGame.apply_moment` plays it, and a refused one raises its error. With the
    shortcuts on, the loop is `pirate_rules.pirate.shortcuts.play_out`, where a seat
    marked ``quick`` (a ``fast`` bot) has its choices written out; it returns what they
    were, so that the bot can say why. With them off (``_FAST_PATHS`` in
    `pirate_rules.pirate.game`), it is the plain loop, `PirateGame._play_out`, and
    returns ``(None, None)``.
    """
    if rules._FAST_PATHS:
        return written_out(game, choosers, max_moments, quick)
    return game._play_out(choosers, max_moments, quick)


use_shortcut(at_once)
