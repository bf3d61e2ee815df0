"""Bots for *Marvin's Pirates Go!*, and a helper that plays a whole game between two.

A bot implements ``choose(game, player)`` (see `pirate_rules.bots.Bot`): it
returns one of ``game.legal_moves`` without changing the game, using only its own
seeded generator and what a player at the table can see (never the order of the
draw pile), and says why in `pirate_rules.bots.Bot.reason`. The bots, weakest first:

| name | bot | how it plays |
| --- | --- | --- |
| ``random`` | `RandomBot` | any legal move, at random |
| ``sensible`` | `pirate_rules.marvin.heuristics.SensibleBot` | rules of thumb |
| ``search`` | `pirate_rules.marvin.search.SearchBot` | looks ahead over imagined card orders |
| ``expert`` | `pirate_rules.marvin.expert.ExpertBot` | plays each move out over imagined orders |

One more bot is registered for analysis only: ``cheating-oracle``
(`pirate_rules.marvin.oracle.CheatingOracleBot`) reads the real draw pile, which no
player may do. Its class says ``fair = False``, and the play pages never offer it.

    >>> from pirate_rules.bots import bot_names
    >>> bot_names("marvin")
    ['random', 'sensible', 'search', 'expert', 'cheating-oracle']
    >>> game = play_game([RandomBot(seed=1), "sensible"], seed=7, players=("Marvin", "Mum"))
    >>> game.is_game_over(), game.winner in (0, 1)
    (True, True)
    >>> print(game.log[-1])
    Turn ...: all of ...'s pirates have fainted: ... wins
"""

from __future__ import annotations

from collections.abc import Sequence
from math import floor
from typing import Any

from pirate_rules.bots import Bot, bot_seed, make_bot, register_bot
from pirate_rules.marvin.expert import ExpertBot
from pirate_rules.marvin.game import MarvinGame
from pirate_rules.marvin.heuristics import SensibleBot
from pirate_rules.marvin.moves import Move
from pirate_rules.marvin.oracle import CheatingOracleBot
from pirate_rules.marvin.playout import NEVER, RandomPick, play_out
from pirate_rules.marvin.search import SearchBot

__all__ = [
    "CheatingOracleBot",
    "ExpertBot",
    "MarvinBot",
    "RandomBot",
    "SearchBot",
    "SensibleBot",
    "play_game",
]

MarvinBot = Bot[MarvinGame, Move]
"""The type of a bot for this game."""


@register_bot("marvin", "random")
class RandomBot(MarvinBot):
    """Picks one of the legal moves at random, each as likely as the others.

    Examples:
        >>> from pirate_rules.marvin import MarvinGame
        >>> game = MarvinGame.stacked("9C")
        >>> bot = RandomBot(seed=3)
        >>> bot.choose(game, game.to_move) in game.legal_moves
        True
        >>> bot.reason
        'I picked one of my 2 legal moves at random.'
    """

    description = "picks any legal move, at random"

    def choose(self, game: MarvinGame, player: int) -> Move:
        # Millions of games are played with this bot, so it reads the game's own fields
        # (``_legal`` is `MarvinGame.legal_moves`, ``_to_move`` `MarvinGame.to_move`).
        # `play_game`'s loop writes this choice out (`pirate_rules.marvin.shortcuts.play_on`):
        # a change here is made there too.
        moves = game._legal
        count = len(moves)
        if player != game._to_move or not count:
            raise ValueError(f"player {player} has no move to choose now")
        self.reason = _reason(count)
        # ``floor`` is ``int`` for a number from 0 up, in one cheaper call.
        return moves[floor(self._random() * count)]

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._random = self.rng.random


def _reason(count: int) -> str:
    """What a ``random`` bot says after choosing among ``count`` moves."""
    if count < len(_REASONS):
        return _REASONS[count]
    return _say(count)


def _say(count: int) -> str:
    if count == 1:
        return "I played my only legal move."
    return f"I picked one of my {count} legal moves at random."


_REASONS = tuple(_say(count) for count in range(20))

# Registered after "random", so that the names are listed weakest first.
register_bot("marvin", "sensible")(SensibleBot)
register_bot("marvin", "search")(SearchBot)
register_bot("marvin", "expert")(ExpertBot)
register_bot("marvin", "cheating-oracle")(CheatingOracleBot)


def play_game(
    bots: Sequence[MarvinBot | str],
    seed: int | None,
    *,
    max_turns: int | None = None,
    **options: Any,
) -> MarvinGame:
    """Play a whole game between two bots and return it, finished.

    Args:
        bots: Player 0's and player 1's bot, or registered bot names (made with the
            seeds given by `pirate_rules.bots.bot_seed`, or unseeded when ``seed`` is None).
        seed: Seed of the game (see `MarvinGame.from_seed`).
        max_turns: Stop once this many turns are played, even if the game goes on (a
            card that does nothing may end a turn by itself, so one more may be played).
        **options: Passed to `MarvinGame.from_seed`: ``jokers``, ``players``, ``first``.

    The loop is `pirate_rules.marvin.playout.play_out`; a ``random`` bot's choices are
    written out in it (see `pirate_rules.marvin.shortcuts.play_out`), drawing from the
    bot's generator as `RandomBot.choose` does, and the bot's ``reason`` at the end is
    the one it would have given.

    Examples:
        >>> a = play_game(["random", "random"], seed=1)
        >>> b = play_game(["random", "random"], seed=1)
        >>> a.log == b.log
        True
    """
    if len(bots) != 2:
        raise ValueError(f"a game needs two bots, not {len(bots)}")
    made = [
        make_bot("marvin", bot, seed=None if seed is None else bot_seed(seed, i))
        if isinstance(bot, str)
        else bot
        for i, bot in enumerate(bots)
    ]
    game = MarvinGame.from_seed(seed, **options)
    # A ``random`` bot's choices are written out in the loop (see
    # `pirate_rules.marvin.shortcuts.play_out`), which then says how many moves it last
    # chose among, so that the bot's reason is the one it would have given.
    randoms = (_writes_out(made[0]), _writes_out(made[1]))
    if made[0] is made[1]:
        randoms = (None, None)  # one bot in both seats: its last reason is its own to say
    counts = [0, 0]
    try:
        play_out(
            game,
            (made[0].choose, made[1].choose),
            randoms,
            NEVER if max_turns is None else max_turns,
            counts,
        )
    finally:  # also when the other bot fails or is refused
        for seat in (0, 1):
            if counts[seat]:
                made[seat].reason = _reason(counts[seat])
    return game


def _writes_out(bot: MarvinBot) -> RandomPick:
    """The generator method of a ``random`` bot (or of a subclass that keeps its
    ``choose``), whose choices `play_game`'s loop may write out; else None."""
    if getattr(bot.choose, "__func__", None) is RandomBot.choose:
        return bot._random  # type: ignore[attr-defined, no-any-return]
    return None
