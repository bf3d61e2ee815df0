"""Games between bots, refereed: whatever a bot does, the result is a game or one clear error.

Bots are code, often someone's first code. The referee seats two bots, plays the game
exactly as the engine's own ``play_game`` does (the same seeds give the same games), and
turns every fault of a bot into a :class:`~pirate_rules.errors.BotError`: one line that
names the bot, its seat, the game's seed, the turn (Marvin) or moment (Pirate), what went
wrong and where in the bot's file, and the rule id when a move breaks a rule.

    >>> from pirate_rules.bots import Bot
    >>> class Stubborn(Bot):
    ...     def choose(self, game, player):
    ...         return "CL"
    >>> try:
    ...     play_refereed("marvin", 4, ("random", Stubborn))
    ... except BotError as error:
    ...     print(error.bot, error.seat, error.seed, error.when, error.rule)
    ...     print(error.problem)
    Stubborn 1 4 turn 1 M16
    choose() returned 'CL', an illegal move: target CL is not targetable: the guard in front ...

Bots are named as the command line names them (``"random"``, ``"my_bots:Mine"``,
``"bots/mine.py:Mine"``), or given as classes.

A bot must choose without changing the game it is shown (it tries moves on
``game.copy()``). Checking that in full after every choice would slow long runs, so
the referee checks what any move changes (the turn and phase, or the moment) after
every choice, and, with ``thorough=True``, compares the whole table before and after.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from pirate_rules.bots import (
    bot_class,
    bot_seed,
    defined_at,
    describe_exception,
    fault_location,
    traceback_text,
)
from pirate_rules.errors import BotError, IllegalMoveError, PirateRulesError, one_line

__all__ = [
    "MAX_TURNS",
    "BotName",
    "Seat",
    "bot_label",
    "bot_name",
    "choose_action",
    "choose_move",
    "load_bots",
    "play_moment",
    "play_refereed",
    "push_move",
    "seat_bot",
    "seat_bots",
]

MAX_TURNS: Final = 10_000
"""A refereed Marvin game stops unfinished after this many turns (Pirate: its own limit)."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One bot at the table: how it was named, where it sits, and the bot itself."""

    name: str
    seat: int
    bot: Any

    def fault(self, problem: str, game: Any, seed: int | None, **details: Any) -> BotError:
        """A :class:`BotError` of this bot, at the game's current turn or moment."""
        return BotError(problem, bot=self.name, seat=self.seat, seed=seed, when=_when(game),
                        **details)  # fmt: skip

    def failed(self, exc: BaseException, game: Any, seed: int | None, method: str) -> BotError:
        """The error for ``exc``, raised by the bot's ``method``."""
        cls = type(self.bot)
        return self.fault(
            f"{method}() raised {describe_exception(exc)}",
            game,
            seed,
            location=fault_location(exc, cls, default=defined_at(getattr(cls, method, cls))),
            details=traceback_text(exc),
        )


BotName = Any
"""A bot as the command line names it (see :func:`~pirate_rules.bots.bot_class`), or its class."""


def bot_name(bot: BotName) -> str:
    """How a bot is named in messages: as it was given, or by its class's name."""
    return bot if isinstance(bot, str) else getattr(bot, "__name__", repr(bot))


def bot_label(bot: BotName) -> str:
    """How a bot is named as a player: its name, a file without its folder, or its class's.

    Example:
        >>> bot_label("random"), bot_label("bots/mine.py:Mine"), bot_label(Seat)
        ('random', 'mine.py:Mine', 'Seat')
    """
    return bot_name(bot).replace("\\", "/").rsplit("/", 1)[-1]


def load_bots(game: str, names: Sequence[BotName]) -> tuple[Any, Any]:
    """The classes of the two bots (see :func:`~pirate_rules.bots.bot_class`).

    Raises:
        UnknownBotError: if a name is no bot.
        BotError: if a bot's code cannot be loaded; the error names its seat.
    """
    if len(names) != 2:
        raise ValueError(f"a game needs two bots, not {len(names)}")
    classes = []
    for seat, name in enumerate(names):
        try:
            classes.append(bot_class(game, name) if isinstance(name, str) else name)
        except BotError as exc:
            raise exc.placed(seat=seat) from None
    return classes[0], classes[1]


def seat_bots(game: str, names: Sequence[BotName], seed: int) -> tuple[Seat, Seat]:
    """Create both bots for the game dealt from ``seed``, each seeded as everywhere else.

    Raises:
        BotError: if a bot cannot be loaded or created (a constructor that fails or
            that does not take ``seed``).
    """
    classes = load_bots(game, names)
    return (seat_bot(names[0], classes[0], 0, seed), seat_bot(names[1], classes[1], 1, seed))


def seat_bot(name: BotName, cls: Any, seat: int, seed: int) -> Seat:
    """Create bot ``cls`` (named ``name``) for ``seat`` of the game dealt from ``seed``.

    Raises:
        BotError: if its constructor fails, or does not take ``seed``.
    """
    try:
        bot = cls(seed=bot_seed(seed, seat))
    except (Exception, SystemExit) as exc:
        raise BotError(
            f"cannot be created: {describe_exception(exc)}",
            bot=bot_name(name),
            seat=seat,
            seed=seed,
            when="before the game",
            location=fault_location(exc, cls, default=defined_at(cls.__init__)),
            details=traceback_text(exc),
        ) from None
    return Seat(bot_name(name), seat, bot)


def play_refereed(
    game: str,
    seed: int,
    names: Sequence[BotName],
    *,
    players: Sequence[str] | None = None,
    thorough: bool = False,
) -> Any:
    """Play the game dealt from ``seed`` between the bots ``names``; return it, finished.

    Args:
        game: ``"marvin"`` or ``"pirate"``.
        seed: The deal's seed; bot ``k`` is seeded with ``bot_seed(seed, k)``.
        names: The two bots, named as :func:`~pirate_rules.bots.bot_class` reads them, or
            their classes.
        players: The players' names (default: the game's own).
        thorough: Compare the whole table before and after each choice.

    Raises:
        BotError: at the first fault of either bot.
    """
    seats = seat_bots(game, names, seed)
    if game == "marvin":
        return _play_marvin(seats, seed, players, thorough)
    return _play_pirate(seats, seed, players, thorough)


def _play_marvin(
    seats: tuple[Seat, Seat], seed: int, players: Sequence[str] | None, thorough: bool
) -> Any:
    from pirate_rules.marvin import MarvinGame

    game = MarvinGame.from_seed(seed, players=players) if players else MarvinGame.from_seed(seed)
    if thorough:
        while not game.is_game_over() and game.turn < MAX_TURNS:
            seat = seats[game.to_move]
            push_move(seat, game, choose_move(seat, game, seed, thorough=True), seed)
        return game
    # The same checks as choose_move and push_move, written out: this loop is most of the
    # time of a long simulation. The game's own loop (`MarvinGame._play_out`) asks each
    # bot through ``ask`` and checks each move as `MarvinGame.push` does.
    choose = (seats[0].bot.choose, seats[1].bot.choose)
    asking = -1
    move = None

    def ask(game: MarvinGame, player: int) -> Any:
        nonlocal asking, move
        turn, phase = game._turn, game._phase  # `MarvinGame.turn`, `MarvinGame.phase`
        asking = player
        move = choose[player](game, player)
        if game._turn != turn or game._phase != phase:
            raise _changed(seats[player], f"turn {turn + 1}", seed)
        asking = -1
        return move

    try:
        game._play_out((ask, ask), (None, None), MAX_TURNS)
    except BotError:
        raise
    except (Exception, SystemExit) as exc:
        if asking >= 0:
            raise seats[asking].failed(exc, game, seed, "choose") from None
        raise _refused(seats[game.to_move], game, seed, move, "move", exc) from None
    return game


def choose_move(seat: Seat, game: Any, seed: int | None, *, thorough: bool = False) -> Any:
    """Ask a Marvin bot for its move, checking that it leaves the game as it found it."""
    turn, phase = game.turn, game.phase
    before = _marvin_table(game) if thorough else None
    try:
        move = seat.bot.choose(game, seat.seat)
    except (Exception, SystemExit) as exc:
        raise seat.failed(exc, game, seed, "choose") from None
    if game.turn != turn or game.phase != phase or (thorough and _marvin_table(game) != before):
        raise _changed(seat, f"turn {turn + 1}", seed)
    return move


def push_move(seat: Seat, game: Any, move: Any, seed: int | None) -> None:
    """Play a bot's move, reporting a malformed or illegal one as the bot's fault."""
    try:
        game.push(move)
    except IllegalMoveError as exc:
        raise _refused(seat, game, seed, move, "move", exc) from None
    except (PirateRulesError, TypeError, AttributeError) as exc:
        raise _refused(seat, game, seed, move, "move", exc) from None


def _play_pirate(
    seats: tuple[Seat, Seat], seed: int, players: Sequence[str] | None, thorough: bool
) -> Any:
    from pirate_rules.pirate import Action, PirateGame
    from pirate_rules.pirate.bots import MAX_MOMENTS

    game = PirateGame.from_seed(seed, players=players) if players else PirateGame.from_seed(seed)
    if thorough:
        while not game.is_terminal() and game.moment < MAX_MOMENTS:
            actions = (
                choose_action(seats[0], game, seed, thorough=True),
                choose_action(seats[1], game, seed, thorough=True),
            )
            play_moment(seats, game, actions, seed)
        return game
    # The same checks as choose_action and play_moment, written out for speed.
    first, second = seats[0].bot.choose, seats[1].bot.choose
    apply = game.apply_moment
    asking = -1
    try:
        while not game.is_terminal() and game.moment < MAX_MOMENTS:
            moment = game.moment
            asking = 0
            action0 = first(game, 0)
            if game.moment != moment:
                raise _changed(seats[0], f"moment {moment + 1}", seed)
            asking = 1
            action1 = second(game, 1)
            if game.moment != moment:
                raise _changed(seats[1], f"moment {moment + 1}", seed)
            asking = -1
            if action0.__class__ is Action and action1.__class__ is Action:
                apply(action0, action1)
            else:
                play_moment(seats, game, (action0, action1), seed)
    except BotError:
        raise
    except (Exception, SystemExit) as exc:
        if asking >= 0:
            raise seats[asking].failed(exc, game, seed, "choose") from None
        raise _blame(seats, game, (action0, action1), seed) or exc from None
    return game


def choose_action(seat: Seat, game: Any, seed: int | None, *, thorough: bool = False) -> Any:
    """Ask a Pirate bot for its action, checking that it leaves the game as it found it."""
    moment = game.moment
    before = _pirate_table(game) if thorough else None
    try:
        action = seat.bot.choose(game, seat.seat)
    except (Exception, SystemExit) as exc:
        raise seat.failed(exc, game, seed, "choose") from None
    if game.moment != moment or (thorough and _pirate_table(game) != before):
        raise _changed(seat, f"moment {moment + 1}", seed)
    return action


def play_moment(
    seats: Sequence[Seat | None], game: Any, actions: tuple[Any, Any], seed: int | None
) -> None:
    """Play one moment of two actions; a malformed or illegal one is its bot's fault.

    ``seats`` holds ``None`` for a seat that is not a bot (a person in the terminal),
    whose action must have been checked already.
    """
    from pirate_rules.pirate import Action, parse_action

    for seat, action in zip(seats, actions, strict=True):
        if seat is not None and action.__class__ is not Action:
            try:
                parse_action(action)
            except (PirateRulesError, TypeError) as exc:
                raise _refused(seat, game, seed, action, "action", exc) from None
    try:
        game.apply_moment(*actions)
    except PirateRulesError as exc:
        raise _blame(seats, game, actions, seed) or exc from None


def _blame(
    seats: Sequence[Seat | None], game: Any, actions: tuple[Any, Any], seed: int | None
) -> BotError | None:
    """The error of the first bot whose action is refused, if one is."""
    for seat, action in zip(seats, actions, strict=True):
        if seat is not None:
            try:
                game.check_action(seat.seat, action)
            except (PirateRulesError, TypeError) as why:
                return _refused(seat, game, seed, action, "action", why)
    return None


def _when(game: Any) -> str:
    if hasattr(game, "moment"):
        return f"moment {game.moment + 1}"
    return f"turn {game.turn + 1}"


def _changed(seat: Seat, when: str, seed: int | None) -> BotError:
    return BotError(
        "choose() changed the game it was shown (try moves on game.copy() instead)",
        bot=seat.name,
        seat=seat.seat,
        seed=seed,
        when=when,
        location=defined_at(type(seat.bot).choose),
    )


def _refused(
    seat: Seat, game: Any, seed: int | None, choice: Any, kind: str, exc: BaseException
) -> BotError:
    from pirate_rules.marvin.moves import Move

    shown = one_line(repr(str(choice) if isinstance(choice, (str, Move)) else choice), 60)
    if isinstance(exc, IllegalMoveError):
        problem = f"choose() returned {shown}, an illegal {kind}: {exc.reason}"
        rule: str | None = exc.rule
    else:
        expected = _EXPECTED[kind]
        problem = f"choose() returned {shown}, which is not {expected}"
        rule = None
    return seat.fault(problem, game, seed, location=defined_at(type(seat.bot).choose), rule=rule)


_EXPECTED: Final = {
    "move": "a move (one of game.legal_moves, or its notation)",
    "action": "an action (Action.TURN, PLAY, CLAIM or WAIT, or its letter)",
}


def _marvin_table(game: Any) -> tuple[object, ...]:
    """Everything a player can read of a Marvin game, to compare before and after a choice."""
    return (
        str(game), tuple(game.draw_pile), tuple(game.discard_pile), tuple(game.log),
        tuple(game.legal_moves), game.to_move, game.drawn, game.reshuffles,
    )  # fmt: skip


def _pirate_table(game: Any) -> tuple[object, ...]:
    """Everything a player can read of a Pirate game, to compare before and after a choice."""
    return (
        str(game), tuple(game.history), tuple(game.events), game.low, tuple(game.sunk),
        *(tuple(pile(player)) for player in (0, 1) for pile in (game.stock, game.waste)),
        *(tuple(game.captured[player]) for player in (0, 1)),
    )  # fmt: skip
