"""Bots for *Pirate*, and whole games between them.

In a real-time game speed matters: a quick player turns a card every moment and pounces
on every card that fits, a slower one needs time to take in each new card. A moment
stands for a tenth of a second (:data:`~pirate_rules.pirate.speed.MOMENT_MS`). The bots,
weakest first (the order of :func:`~pirate_rules.bots.bot_names`, measured over fixed
deals):

* ``"toddler"``, ``"child"``, ``"casual"``, ``"quick"`` and ``"expert"``: the speed
  levels, people's reaction times from 2 s down to 0.3 s a card;
* ``"random"``: picks any legal action every moment, waiting included: ten actions a
  second, quicker than any person, so that it beats every level;
* ``"slow"``: reacts to each new card after a seeded delay (``delay`` moments on
  average), and turns or plays only once it has looked;
* ``"fast"``: acts at once every moment: plays a card that fits, claims when it can,
  otherwise turns.

The speed levels and their labels for menus are in :mod:`~pirate_rules.pirate.speed`
(:func:`~pirate_rules.pirate.speed.speed_levels`).

    >>> from pirate_rules.bots import bot_names
    >>> bot_names("pirate")
    ['toddler', 'child', 'casual', 'quick', 'expert', 'random', 'slow', 'fast']
    >>> game = play_game(("fast", "fast"), seed=7, players=("Ann", "Ben"))
    >>> game.outcome()
    Outcome(winner=..., termination=Termination...)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pirate_rules.bots import Bot, make_bot, register_bot
from pirate_rules.cards import seeded_generator
from pirate_rules.pirate.actions import Action
from pirate_rules.pirate.game import DEFAULT_PLAYERS, PirateGame
from pirate_rules.pirate.playout import play_out
from pirate_rules.pirate.ships import SUIT_INDEX
from pirate_rules.pirate.speed import CLAIM_REASONS, PLAY_REASONS, SPEEDS, SpeedBot

__all__ = [
    "MAX_MOMENTS",
    "CasualBot",
    "ChildBot",
    "ExpertBot",
    "FastBot",
    "QuickBot",
    "RandomBot",
    "SlowBot",
    "ToddlerBot",
    "play_game",
    "quickest",
]

MAX_MOMENTS = 100_000
""":func:`play_game` stops a game after this many moments, even unfinished."""


@register_bot("pirate", "toddler")
class ToddlerBot(SpeedBot):
    """The ``toddler`` level: about 2 s per card, overlooks 1 card that fits in 3.

    Example:
        >>> ToddlerBot(seed=1).reaction
        2000
    """

    speed = SPEEDS["toddler"]
    description = "a toddler: about 2 s a card, and overlooks many cards that fit"


@register_bot("pirate", "child")
class ChildBot(SpeedBot):
    """The ``child`` level: about 1.2 s per card, overlooks 1 card that fits in 6.

    Example:
        >>> ChildBot(seed=1).speed.label
        'Small child'
    """

    speed = SPEEDS["child"]
    description = "a small child: about 1.2 s a card, and overlooks some cards that fit"


@register_bot("pirate", "casual")
class CasualBot(SpeedBot):
    """The ``casual`` level: about 0.75 s per card, overlooks 1 card that fits in 20.

    Example:
        >>> CasualBot(seed=1).overlook
        0.05
    """

    speed = SPEEDS["casual"]
    description = "a casual player: about 0.75 s a card, and overlooks a few"


@register_bot("pirate", "quick")
class QuickBot(SpeedBot):
    """The ``quick`` level: about 0.5 s per card, overlooks nothing, thinks.

    Example:
        >>> QuickBot(seed=1).thinks
        True
    """

    speed = SPEEDS["quick"]
    description = "a quick player: about 0.5 s a card, and does not hand ships over"


@register_bot("pirate", "expert")
class ExpertBot(SpeedBot):
    """The ``expert`` level: about 0.3 s per card, overlooks nothing, thinks.

    Example:
        >>> ExpertBot(seed=1).reaction
        300
    """

    speed = SPEEDS["expert"]
    description = "an expert: about 0.3 s a card, and does not hand ships over"


_RANDOM_REASONS = {action: f"I picked {action.name.lower()} at random." for action in Action}


@register_bot("pirate", "random")
class RandomBot(Bot[PirateGame, Action]):
    """Picks one of its legal actions at random, waiting included."""

    description = "picks any legal action at random, every moment (ten a second)"

    def choose(self, game: PirateGame, player: int) -> Action:
        action = self.rng.choice(game.legal_actions(player))
        self.reason = _RANDOM_REASONS[action]
        return action


@register_bot("pirate", "slow")
class SlowBot(Bot[PirateGame, Action]):
    """Needs time to take in each new card before acting on it.

    Whenever the card it watches changes (its own top waste card, or, as an observer,
    the opponent's newly turned card that it could claim), it draws a reaction time from
    0 to ``2 * delay`` moments with its own generator and waits that long before playing,
    claiming or turning. With nothing to look at (an empty waste) it turns at once.

    Args:
        seed: Seed of the bot's generator.
        delay: The mean reaction time, in moments.

    Example:
        >>> SlowBot(seed=1, delay=3).delay
        3
    """

    description = "takes a few moments (of 0.1 s) to notice each new card"

    def __init__(self, seed: int | None = None, delay: int = 2) -> None:
        super().__init__(seed)
        if delay < 0:
            raise ValueError(f"delay must be at least 0, not {delay!r}")
        self.delay = delay
        self._sight: tuple[object, ...] | None = None
        self._ready_at = 0

    def choose(self, game: PirateGame, player: int) -> Action:
        if game.is_observer(player):
            card = game.waste_top(1 - player)
            sight: tuple[object, ...] | None = (
                ("claim", card, len(game.waste(1 - player))) if game.can_claim(player) else None
            )
        else:
            card = game.waste_top(player)
            sight = (
                None
                if card is None
                else (card, len(game.waste(player)), game.ship(card.suit).number)
            )
        if sight is not None:
            if sight != self._sight:
                self._sight = sight
                self._ready_at = game.moment + self.rng.randint(0, 2 * self.delay)
            if game.moment < self._ready_at:
                self.reason = f"I am still looking at {card}."
                return Action.WAIT
        return quickest(self, game, player)


def quickest(bot: Bot[PirateGame, Action], game: PirateGame, player: int) -> Action:
    """The quickest useful action: play, else claim, else turn, else wait; sets ``bot.reason``.

    The reasons are written once per card in advance, so choosing builds no strings.

    Example:
        >>> game = PirateGame(stocks=("AH", "KS"), players=("Ann", "Ben"), complete=False)
        >>> game.apply_moment("TT")
        >>> bot = FastBot()
        >>> quickest(bot, game, 0), bot.reason
        (Action.PLAY, 'AH fits my hearts half, so I play it.')
    """
    # The same checks as `PirateGame.can_play`, `can_claim` and `can_turn`, in that
    # order, reading the game's fields at once: this bot plays millions of moments.
    # `play_game`'s loop writes out the play-or-turn part for a ``fast`` bot
    # (`pirate_rules.pirate.shortcuts.play_out`): a change here is made there too.
    if game._outcome is None:
        waste = game._wastes[player]
        if waste:
            card = waste[-1]
            if card.rank == game._ships[SUIT_INDEX[card.suit]].needs[player]:
                bot.reason = PLAY_REASONS[card]
                return _PLAY
        elif not game._stocks[player]:
            if game.can_claim(player):
                bot.reason = CLAIM_REASONS[game._wastes[1 - player][-1]]
                return _CLAIM
            bot.reason = _NOTHING
            return _WAIT
        bot.reason = _TURNING
        return _TURN
    bot.reason = _NOTHING
    return _WAIT


_PLAY, _CLAIM, _TURN, _WAIT = Action.PLAY, Action.CLAIM, Action.TURN, Action.WAIT
_TURNING = "Nothing fits, so I turn."
_NOTHING = "Nothing to turn or claim, so I wait."


@register_bot("pirate", "fast")
class FastBot(Bot[PirateGame, Action]):
    """Acts at once, every moment: plays a card that fits, else claims, else turns."""

    description = "acts at once: plays, claims or turns every moment (ten a second)"

    choose = quickest  # the bot is passed as ``quickest``'s first argument

    def __init__(self, seed: int | None = None) -> None:
        # It never draws a random number, so its generator is made only when asked for:
        # seeding one costs more than many of its moments.
        self._seed = seed
        self._rng: random.Random | None = None
        self.reason = ""

    @property
    def rng(self) -> random.Random:
        """The bot's own generator, seeded with its seed (it draws nothing from it)."""
        if self._rng is None:
            self._rng = seeded_generator(self._seed)
        return self._rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng = rng


def play_game(
    bots: Sequence[str | Bot[PirateGame, Action]],
    seed: int,
    *,
    players: Sequence[str] = DEFAULT_PLAYERS,
    max_moments: int = MAX_MOMENTS,
) -> PirateGame:
    """Play a whole game between two bots, from :meth:`PirateGame.from_seed` ``(seed)``.

    Args:
        bots: Two bots, or registered bot names; a bot named here for seat ``k`` is
            seeded with ``2 * seed + k``.
        seed: The game's seed; the same seed and bots always give the same game.
        players: The players' names.
        max_moments: Stop after this many moments even if the game is not over.

    Returns:
        The game at its end (check :meth:`PirateGame.outcome`).

    The loop is `pirate_rules.pirate.playout.play_out`; a ``fast`` bot's choices are
    written out in it (see `pirate_rules.pirate.shortcuts.play_out`), the same choices
    `quickest` makes, and the bot's ``reason`` at the end is the one it would have given.

    Example:
        >>> game = play_game(("child", "expert"), seed=3)
        >>> game.is_terminal(), game.outcome().winner
        (True, 1)
    """
    if len(bots) != 2:
        raise ValueError(f"Pirate needs two bots, not {len(bots)}")
    seats = [
        make_bot("pirate", bot, seed=seed * 2 + index) if isinstance(bot, str) else bot
        for index, bot in enumerate(bots)
    ]
    game = PirateGame.from_seed(seed, players=players)
    # A ``fast`` bot's choices are written out in the loop, which then says what the
    # last one was, so that the bot's reason is the one `quickest` would have given.
    quick = (_plays_quickest(seats[0]), _plays_quickest(seats[1]))
    said = play_out(game, (seats[0].choose, seats[1].choose), max_moments, quick)
    for bot, choice in zip(seats, said, strict=True):
        if choice is not None:
            action, card = choice
            bot.reason = PLAY_REASONS[card] if action is _PLAY and card else _TURNING
    return game


def _plays_quickest(bot: Bot[PirateGame, Action]) -> bool:
    """Whether ``bot`` chooses with `quickest` (a ``fast`` bot, or a subclass that keeps
    its ``choose``), so that `play_game`'s loop may write its choices out."""
    return getattr(bot.choose, "__func__", None) is quickest
