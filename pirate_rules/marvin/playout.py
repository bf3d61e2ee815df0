"""Games played out: the loop that bots, the referee and the searches use.

This module stands above the rules (`pirate_rules.marvin.game`) and their shortcuts
(`pirate_rules.marvin.shortcuts`), and is the one place that puts the two together;
neither of them imports the other:

* it gives `MarvinGame.push` its written-out turn, `pirate_rules.marvin.shortcuts.play_on`
  (see `pirate_rules.marvin.game.use_shortcut`), when the package is imported;
* `play_out` plays a game on between two bots: the written-out loop
  (`pirate_rules.marvin.shortcuts.play_out`) with the shortcuts on, the plain one
  (`MarvinGame._play_out`) with them off.

`pirate_rules.marvin.bots.play_game`, `pirate_rules.marvin.heuristics.play_by_thumb`
(the searching bots' playouts) and the referee's loop for the engine's own bots
(`pirate_rules.referee`) all play through `play_out`.

    >>> from pirate_rules.marvin import MarvinGame, RandomBot
    >>> game = MarvinGame.from_seed(4)
    >>> bots = RandomBot(seed=1), RandomBot(seed=2)
    >>> play_out(game, (bots[0].choose, bots[1].choose), last_turn=12)
    >>> game.turn in (12, 13)
    True
"""

from __future__ import annotations

from pirate_rules.marvin import game as rules
from pirate_rules.marvin.game import MarvinGame, use_shortcut
from pirate_rules.marvin.shortcuts import Chooser as AnyChooser
from pirate_rules.marvin.shortcuts import RandomPick, play_on
from pirate_rules.marvin.shortcuts import play_out as written_out
from pirate_rules.marvin.state import NEVER

__all__ = ["NEVER", "Chooser", "RandomPick", "play_on", "play_out"]

Chooser = AnyChooser[MarvinGame]
"""A bot's ``choose`` method: the move of a player (0 or 1) in a game."""


def play_out(
    game: MarvinGame,
    choosers: tuple[Chooser, Chooser],
    randoms: tuple[RandomPick, RandomPick] = (None, None),
    last_turn: int = NEVER,
    counts: list[int] | None = None,
) -> None:
    """Let two bots play ``game`` until the end, or until ``last_turn`` turns are played.

    ``choosers`` are the two bots' ``choose`` methods, each asked in its turn; a move
    is checked as `MarvinGame.push` checks it, and a refused one raises its error. With
    the shortcuts on, the loop is `pirate_rules.marvin.shortcuts.play_out`, where a seat
    with a generator in ``randoms`` (a ``random`` bot) has its choices written out;
    ``counts`` is then filled, as play goes, with how many moves each such seat last
    chose among, so that the bot can say why. With them off (``_FAST_PATHS`` in
    `pirate_rules.marvin.game`), or while a record is replayed, it is the plain loop,
    `MarvinGame._play_out`.
    """
    if rules._FAST_PATHS and game._script is None:
        written_out(game, choosers, randoms, last_turn, [0, 0] if counts is None else counts)
    else:
        game._play_out(choosers, randoms, last_turn, counts)


use_shortcut(play_on)
