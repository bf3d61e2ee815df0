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

**Your own bots are watched at every choice, in every game.** A bot must choose without
changing the game it is shown (it tries moves on ``game.copy()``), within the time limit
of a move, and return a move:

* Before and after each choice the referee reads the game's whole state, its
  ``_fingerprint()``: every pile, stock and waste card in order, hit points, shields,
  prizes, the hidden pirate, ships, the log and the moments played. Any difference is a
  fault, so a game that is played to its end is a game of the rules, and its record
  replays. (Marvin's generator, which only reshuffles, is checked at the end of each
  game, or at every choice with ``thorough=True``.)
* ``move_time`` bounds each choice (:class:`MoveWatch`): a bot that loops or sleeps is
  stopped and reported, in the main thread of any process and in any other thread.
* What the bot returns is made the engine's own value (a move, an action, or exact
  text) while the bot is still accountable for it, so a move whose ``__eq__``,
  ``__hash__`` or ``__repr__`` misbehaves is the bot's fault too.
* Anything the bot raises is its fault, ``SystemExit`` and ``KeyboardInterrupt``
  included (a real Ctrl-C still stops the run, see :func:`is_interrupt`), and so is a
  call to ``os._exit`` once :func:`guard_exits` is on.

**The engine's own bots** (registered by ``pirate_rules`` itself: :func:`is_trusted`)
are part of the engine: they are checked by the test suite instead (every one of them
plays whole games watched as above), so they play at full speed, checked only for what
any move changes (the turn and phase, or the moment) and for what they raise.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple, NoReturn

from pirate_rules.bots import (
    BotExit,
    MoveTimeout,
    bot_class,
    bot_seed,
    defined_at,
    describe_exception,
    fault_location,
    is_interrupt,
    traceback_text,
)
from pirate_rules.errors import BotError, IllegalMoveError, PirateRulesError, one_line

__all__ = [
    "MAX_TURNS",
    "BotExit",
    "BotName",
    "MoveTimeout",
    "MoveWatch",
    "Seat",
    "bot_label",
    "bot_name",
    "bot_output_to_stderr",
    "choose_action",
    "choose_move",
    "guard_exits",
    "is_interrupt",
    "is_trusted",
    "load_bot",
    "load_bots",
    "play_moment",
    "play_refereed",
    "push_move",
    "seat_bot",
    "seat_bots",
    "shown",
]

MAX_TURNS: Final = 10_000
"""A refereed Marvin game stops unfinished after this many turns (Pirate: its own limit)."""

_COMPARE_STATE = True
"""Whether your own bots' choices are checked against the whole state; ``benchmarks/
engine.py`` switches it off, to show what the comparison costs. Never off otherwise."""


# -- watching a bot's call: its time, and os._exit ---------------------------------------


class _Call(NamedTuple):
    """One bot call under way: its deadline, its limit, what it is about (the seat and
    game of a choice, for a message), and when it was last told to stop (0: never)."""

    deadline: float
    limit: float | None
    about: Any
    fired: float = 0.0


_NEVER: Final = float("inf")

CAN_WATCH: Final = sys.platform not in ("emscripten", "wasi")
"""Whether this Python can start the watcher thread. In the browser (Pyodide) it cannot,
so there a move has no time limit of its own: the page stops Python itself instead."""


class MoveWatch:
    """The bots' calls under way in this process, each with its time limit.

    The referee calls :meth:`start` before a bot's ``choose`` and :meth:`stop` after it,
    from whatever thread plays the game. One watcher thread per process (started when a
    limit is first given) stops a call that runs past its deadline: in the main thread
    with a signal (``SIGALRM``, sent to that thread alone), which also cuts short a
    ``sleep`` or any other wait; in any other thread with an asynchronous
    :class:`MoveTimeout` (``PyThreadState_SetAsyncExc``), which stops a loop written in
    Python. (A thread that waits in C cannot be stopped that way: it gets the
    exception when the wait returns. :func:`pirate_rules.simulate.play_batch` plays
    in a thread of its own off the main thread, so that it can leave such a bot
    behind and report it.) A call that catches the exception and goes on is told
    again every second. The watcher and :meth:`stop` share a lock, so that no call is
    told to stop once it has ended.

    Calls are also how :func:`guard_exits` knows that ``os._exit`` comes from a bot.
    Where no thread can start (:data:`CAN_WATCH` is false), calls are counted but never
    stopped.
    """

    POLL: Final = 0.02
    """How often the watcher looks at the calls under way, in seconds."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._calls: dict[int, _Call] = {}
        self._watcher: threading.Thread | None = None
        self._pid = os.getpid()
        self._main = threading.main_thread().ident
        self._alarm = False  # whether this watch's SIGALRM handler is installed
        self._alarm_asked = False  # whether installing it was tried in this process
        if hasattr(os, "register_at_fork"):
            os.register_at_fork(after_in_child=self._forked)

    def start(self, limit: float | None = None, about: Any = None) -> None:
        """A bot's call begins in this thread, allowed ``limit`` seconds (None: no limit);
        ``about`` is what the call is about (the referee's seat and game)."""
        ident = threading.get_ident()
        deadline = time.monotonic() + limit if limit else _NEVER
        self._calls[ident] = _Call(deadline, limit, about)
        if (
            limit
            and CAN_WATCH
            and (self._watcher is None or (ident == self._main and not self._alarm_asked))
        ):
            self._arm(ident)

    def stop(self) -> bool:
        """The bot's call in this thread has ended: whether it ran out of time."""
        ident = threading.get_ident()
        try:
            with self._lock:
                call = self._calls.pop(ident, None)
                if call is not None and call.fired and ident != self._main:
                    _async_raise(ident, None)  # an exception sent but not yet raised
        except MoveTimeout:  # raised while stopping: the call had run out of time
            with self._lock:
                self._calls.pop(ident, None)
            return True
        return call is not None and call.fired > 0

    def running(self, ident: int | None = None) -> _Call | None:
        """The call under way in thread ``ident`` (default: this one), if any."""
        return self._calls.get(threading.get_ident() if ident is None else ident)

    def _forked(self) -> None:
        """In a child process: no watcher thread came along, nor any call."""
        self._lock = threading.Lock()
        self._calls = {}
        self._watcher = None
        self._pid = os.getpid()
        self._main = threading.main_thread().ident

    def _arm(self, ident: int) -> None:
        if ident == self._main and not self._alarm_asked:
            # Only the main thread may install a handler, and this is the main thread.
            # It stays installed: with no call run out of time, it does nothing. (A
            # handler of the program's own is left alone: the exception does instead.)
            self._alarm_asked = True
            handler = signal.getsignal(signal.SIGALRM)
            if handler == self._on_alarm:  # installed before this process was forked
                self._alarm = True
            elif handler in (signal.SIG_DFL, signal.SIG_IGN, None):
                signal.signal(signal.SIGALRM, self._on_alarm)
                self._alarm = True
        with self._lock:
            if self._watcher is None:
                self._watcher = threading.Thread(
                    target=self._watch, name="pirate-rules move watch", daemon=True
                )
                self._watcher.start()

    def _on_alarm(self, _signum: int, _frame: object) -> None:
        call = self._calls.get(threading.get_ident())
        if call is not None and call.fired:
            raise MoveTimeout

    def _watch(self) -> None:
        idle = 0.0
        while True:
            time.sleep(self.POLL)
            now = time.monotonic()
            with self._lock:
                limited = False
                for ident, call in list(self._calls.items()):
                    limited = limited or bool(call.limit)
                    if now >= call.deadline and now - call.fired >= (1.0 if call.fired else 0):
                        self._calls[ident] = call._replace(fired=now)
                        self._interrupt(ident)
                idle = 0.0 if limited else idle + self.POLL
                if idle > 2.0:  # nothing to watch for a while: stop until needed again
                    self._watcher = None
                    return

    def _interrupt(self, ident: int) -> None:
        if ident == self._main and self._alarm:
            signal.pthread_kill(ident, signal.SIGALRM)
        else:
            _async_raise(ident, MoveTimeout)


def _async_raise(ident: int, exc: type[BaseException] | None) -> None:
    """Raise ``exc`` in thread ``ident`` at its next bytecode (None: take it back)."""
    import ctypes

    ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(ident), ctypes.py_object(exc) if exc is not None else None
    )


WATCH: Final = MoveWatch()
"""This process's watch over bot calls."""

_real_exit = os._exit


def guard_exits() -> None:
    """From now on, ``os._exit`` called by bot code in this process raises
    :class:`BotExit` instead of ending the process, so that the referee can report it.

    Only calls made while a bot's call is being watched (:class:`MoveWatch`) are
    stopped; every other ``os._exit``, such as a worker process's own at its end,
    works as ever. The command line turns this on; so does each of its worker processes.
    """
    os._exit = _guarded_exit


def _guarded_exit(status: int) -> NoReturn:
    if WATCH.running() is not None and WATCH._pid == os.getpid():
        raise BotExit(status)
    _real_exit(status)


@contextlib.contextmanager
def bot_output_to_stderr() -> Iterator[int]:
    """While the block runs, whatever is written to standard output goes to standard
    error instead: ``print`` and ``sys.stdout`` (pointed at ``sys.stderr``) as well as
    ``os.write(1, ...)``, since the file descriptor itself is redirected. Yields a new
    descriptor of the real standard output, for the program's own output during the
    block (it is closed at the end).

    Bots are user code: their output must not mix with a command's own (``simulate
    --json`` stays JSON). It is not lost either: it shows on standard error.
    """
    stream = sys.stdout
    with contextlib.suppress(AttributeError, OSError, ValueError):
        stream.flush()
    saved = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    try:
        yield saved
    finally:
        with contextlib.suppress(AttributeError, OSError, ValueError):
            sys.stdout.flush()
        sys.stdout = stream
        os.dup2(saved, 1)
        os.close(saved)


# -- seats -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Seat:
    """One bot at the table: how it was named, where it sits, and the bot itself.

    Attributes:
        name: The bot as it was named.
        seat: 0 or 1.
        bot: The bot.
        trusted: Whether it is one of the engine's own bots (:func:`is_trusted`).
        move_time: Its time limit per choice in seconds, or None (your own bots only).
    """

    name: str
    seat: int
    bot: Any
    trusted: bool = False
    move_time: float | None = None

    def fault(self, problem: str, game: Any, seed: int | None, **details: Any) -> BotError:
        """A :class:`BotError` of this bot, at the game's current turn or moment."""
        return BotError(problem, bot=self.name, seat=self.seat, seed=seed, when=_when(game),
                        **details)  # fmt: skip

    def failed(self, exc: BaseException, game: Any, seed: int | None, method: str) -> BotError:
        """The error for ``exc``, raised by the bot's ``method``."""
        cls = type(self.bot)
        where = fault_location(exc, cls, default=defined_at(getattr(cls, method, cls)))
        if isinstance(exc, MoveTimeout):
            limit = self.move_time or 0
            problem = f"{method}() took longer than {_seconds(limit)}, the time limit of a move"
        elif isinstance(exc, BotExit):
            problem = f"{method}() called os._exit({shown(exc.status)}), which would end the run"
        elif isinstance(exc, SystemExit):
            problem = f"{method}() called sys.exit({shown(exc.code)}), which would end the run"
        else:
            problem = f"{method}() raised {describe_exception(exc)}"
        error = self.fault(problem, game, seed, location=where, details=traceback_text(exc))
        error.raised = exc
        return error


def _seconds(limit: float) -> str:
    return f"{limit:g} s"


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


def is_trusted(cls: Any) -> bool:
    """Whether ``cls`` is one of the engine's own bots: registered by ``pirate_rules``.

    A subclass, even one that changes nothing, is your own bot, and so is a bot you
    register yourself.

    Example:
        >>> from pirate_rules.marvin.bots import RandomBot
        >>> is_trusted(RandomBot), is_trusted(type("Mine", (RandomBot,), {}))
        (True, False)
    """
    known = _TRUSTED.get(cls)
    if known is None:
        from pirate_rules.bots import _REGISTRY

        module = getattr(cls, "__module__", "") or ""
        known = module.startswith("pirate_rules.") and any(
            cls is bot for bots in _REGISTRY.values() for bot in bots.values()
        )
        _TRUSTED[cls] = known  # a class is registered as it is made, so this stays true
    return known


_TRUSTED: dict[Any, bool] = {}
"""Whether each class asked about is one of the engine's own bots."""


def load_bots(game: str, names: Sequence[BotName]) -> tuple[Any, Any]:
    """The classes of the two bots (see :func:`~pirate_rules.bots.bot_class`).

    A bot's module is imported while watched (see :func:`guard_exits`), so that even an
    ``os._exit`` in it is told.

    Raises:
        UnknownBotError: if a name is no bot.
        BotError: if a bot's code cannot be loaded; the error names its seat.
    """
    if len(names) != 2:
        raise ValueError(f"a game needs two bots, not {len(names)}")
    return load_bot(game, names[0], 0), load_bot(game, names[1], 1)


def load_bot(game: str, name: BotName, seat: int) -> Any:
    """The class of the bot ``name`` for ``seat`` (see :func:`load_bots`)."""
    if not isinstance(name, str):
        return name
    watched = ":" in name  # your own bot's code, which may run as it is imported
    if watched:
        WATCH.start()
    try:
        return bot_class(game, name)
    except BotError as exc:
        raise exc.placed(seat=seat) from None
    finally:
        if watched:
            WATCH.stop()


def seat_bots(
    game: str, names: Sequence[BotName], seed: int, *, move_time: float | None = None
) -> tuple[Seat, Seat]:
    """Create both bots for the game dealt from ``seed``, each seeded as everywhere else.

    Raises:
        BotError: if a bot cannot be loaded or created (a constructor that fails or
            that does not take ``seed``).
    """
    classes = load_bots(game, names)
    return (seat_bot(names[0], classes[0], 0, seed, move_time=move_time),
            seat_bot(names[1], classes[1], 1, seed, move_time=move_time))  # fmt: skip


def seat_bot(
    name: BotName, cls: Any, seat: int, seed: int, *, move_time: float | None = None
) -> Seat:
    """Create bot ``cls`` (named ``name``) for ``seat`` of the game dealt from ``seed``.

    Your own bot's constructor is watched like its choices (``move_time``, ``os._exit``).

    Raises:
        BotError: if its constructor fails, or does not take ``seed``.
    """
    trusted = is_trusted(cls)
    error: BaseException | None = None
    if trusted:
        try:
            bot = cls(seed=bot_seed(seed, seat))
        except (Exception, SystemExit) as exc:
            error = exc
    else:
        WATCH.start(move_time)
        try:
            bot = cls(seed=bot_seed(seed, seat))
        except BaseException as exc:
            error = exc
        if WATCH.stop() and not isinstance(error, MoveTimeout):
            error = MoveTimeout()
    if error is not None:
        if is_interrupt(error):
            raise error
        if isinstance(error, MoveTimeout):
            problem = f"cannot be created: it took longer than {_seconds(move_time or 0)}"
        else:
            problem = f"cannot be created: {describe_exception(error)}"
        raise BotError(
            problem,
            bot=bot_name(name),
            seat=seat,
            seed=seed,
            when="before the game",
            location=fault_location(error, cls, default=defined_at(cls.__init__)),
            details=traceback_text(error),
        ) from None
    return Seat(bot_name(name), seat, bot, trusted, None if trusted else move_time)


# -- playing -----------------------------------------------------------------------------


def play_refereed(
    game: str,
    seed: int,
    names: Sequence[BotName],
    *,
    players: Sequence[str] | None = None,
    thorough: bool = False,
    move_time: float | None = None,
) -> Any:
    """Play the game dealt from ``seed`` between the bots ``names``; return it, finished.

    Args:
        game: ``"marvin"`` or ``"pirate"``.
        seed: The deal's seed; bot ``k`` is seeded with ``bot_seed(seed, k)``.
        names: The two bots, named as :func:`~pirate_rules.bots.bot_class` reads them, or
            their classes.
        players: The players' names (default: the game's own).
        thorough: Also compare Marvin's generator before and after each choice of your
            own bots (otherwise once, at the end of the game).
        move_time: Your own bots' time limit per choice, in seconds (None: no limit).

    Raises:
        BotError: at the first fault of either bot.
    """
    seats = seat_bots(game, names, seed, move_time=move_time)
    if game == "marvin":
        return _play_marvin(seats, seed, players, thorough)
    return _play_pirate(seats, seed, players)


def _ask(seat: Seat, game: Any, seed: int | None, kind: str, rng: Any = None) -> Any:
    """Your own bot's choice, watched (see the module's description); ``rng`` is the
    generator whose state must not change either (Marvin, ``thorough``)."""
    before = game._fingerprint() if _COMPARE_STATE else None
    state = rng.getstate() if rng is not None else None
    WATCH.start(seat.move_time, (seat, game))
    try:
        choice = _plain(seat.bot.choose(game, seat.seat), kind)
        error: BaseException | None = None
    except BaseException as exc:
        choice, error = None, exc
    if WATCH.stop() and not isinstance(error, MoveTimeout):
        error = MoveTimeout()
    if error is not None:
        if is_interrupt(error):
            raise error
        if isinstance(error, _NotPlain):
            raise _refused(seat, game, seed, error.value, kind, error) from None
        raise seat.failed(error, game, seed, "choose") from None
    if (before is not None and game._fingerprint() != before) or (
        state is not None and rng.getstate() != state
    ):
        raise _changed(seat, game, seed)
    return choice


class _NotPlain(Exception):
    """What a bot returned is not a move (or action) of the engine's."""

    def __init__(self, value: object) -> None:
        super().__init__()
        self.value = value


def _plain(choice: Any, kind: str) -> Any:
    """The bot's choice as a plain value of the engine: a move or an action as it is,
    text as exact text (a subclass of ``str`` is read as the text it holds)."""
    kinds = _plain_kinds(kind)
    if type(choice) in kinds:
        return choice
    if isinstance(choice, str):
        return str.__str__(choice)
    raise _NotPlain(choice)


_PLAIN: dict[str, tuple[type, ...]] = {}


def _plain_kinds(kind: str) -> tuple[type, ...]:
    """The engine's own types of a ``"move"`` or an ``"action"``, and ``str``."""
    if kind in _PLAIN:
        return _PLAIN[kind]
    if kind == "move":
        from pirate_rules.marvin.moves import Move

        _PLAIN[kind] = (Move, str)
    else:
        from pirate_rules.pirate.actions import Action

        _PLAIN[kind] = (Action, str)
    return _PLAIN[kind]


def _trusted_ask(seat: Seat, game: Any, seed: int | None) -> Any:
    """One of the engine's own bots' choices: what it raises, and whether it played on
    the game (the turn and phase, or the moment), are checked."""
    marvin = not hasattr(game, "moment")
    mark = (game.turn, game.phase) if marvin else game.moment
    try:
        choice = seat.bot.choose(game, seat.seat)
    except (Exception, SystemExit) as exc:
        raise seat.failed(exc, game, seed, "choose") from None
    if mark != ((game.turn, game.phase) if marvin else game.moment):
        raise _changed(seat, game, seed, when=_when_at(marvin, mark))
    return choice


def choose_move(seat: Seat, game: Any, seed: int | None, *, thorough: bool = False) -> Any:
    """Ask a Marvin bot for its move, checking that it leaves the game as it found it.

    ``thorough`` compares the generator's state too (see :func:`play_refereed`).
    """
    if seat.trusted:
        return _trusted_ask(seat, game, seed)
    return _ask(seat, game, seed, "move", game._rng if thorough else None)


def push_move(seat: Seat, game: Any, move: Any, seed: int | None) -> None:
    """Play a bot's move, reporting a malformed or illegal one as the bot's fault."""
    try:
        game.push(move)
    except IllegalMoveError as exc:
        raise _refused(seat, game, seed, move, "move", exc) from None
    except (PirateRulesError, TypeError, AttributeError) as exc:
        raise _refused(seat, game, seed, move, "move", exc) from None


def _play_marvin(
    seats: tuple[Seat, Seat], seed: int, players: Sequence[str] | None, thorough: bool
) -> Any:
    from pirate_rules.marvin import MarvinGame
    from pirate_rules.marvin.playout import play_out

    game = MarvinGame.from_seed(seed, players=players) if players else MarvinGame.from_seed(seed)
    if not (seats[0].trusted and seats[1].trusted):
        shadow = _Generator(game._rng)
        while not game.is_game_over() and game.turn < MAX_TURNS:
            seat = seats[game.to_move]
            push_move(seat, game, choose_move(seat, game, seed, thorough=thorough), seed)
        if not shadow.matches(game):
            raise _generator_changed(seats, seed, players, thorough)
        return game
    # The engine's own bots: the same checks as `_trusted_ask` and push_move, written
    # out, since this loop is most of the time of a long simulation. The game's loop
    # (`pirate_rules.marvin.playout.play_out`) asks each bot through ``ask`` and checks each move as
    # `MarvinGame.push` does.
    choose = (seats[0].bot.choose, seats[1].bot.choose)
    asking = -1
    move = None

    def ask(game: MarvinGame, player: int) -> Any:
        nonlocal asking, move
        turn, phase = game._turn, game._phase  # `MarvinGame.turn`, `MarvinGame.phase`
        asking = player
        move = choose[player](game, player)
        if game._turn != turn or game._phase != phase:
            raise _changed(seats[player], game, seed, when=f"turn {turn + 1}")
        asking = -1
        return move

    try:
        play_out(game, (ask, ask), (None, None), MAX_TURNS)
    except BotError:
        raise
    except (Exception, SystemExit) as exc:
        if asking >= 0:
            raise seats[asking].failed(exc, game, seed, "choose") from None
        raise _refused(seats[game.to_move], game, seed, move, "move", exc) from None
    return game


class _Generator:
    """What Marvin's generator should be after the game: its state at the start, drawn
    from for each reshuffle the log shows (M9), as the game itself draws."""

    def __init__(self, rng: Any) -> None:
        import random

        self.rng = rng
        self.start = random.Random()
        self.start.setstate(rng.getstate())

    def matches(self, game: Any) -> bool:
        from pirate_rules.cards import shuffle
        from pirate_rules.marvin.display import EV_RESHUFFLE

        if game._rng is not self.rng:
            return False
        for event in game._events:
            if event[0] == EV_RESHUFFLE:
                shuffle([None] * event[2], self.start)  # type: ignore[list-item]
        return bool(self.start.getstate() == game._rng.getstate())


def _generator_changed(
    seats: tuple[Seat, Seat], seed: int, players: Sequence[str] | None, thorough: bool
) -> BotError:
    """The fault of a bot that drew from (or reseeded) the game's generator: found by
    playing the game again with the generator compared at every choice; failing that
    (a bot that does not play the same twice), the fault of your own bot or bots."""
    if not thorough:
        again = (_reseat(seats[0], seed), _reseat(seats[1], seed))
        try:
            _play_marvin(again, seed, players, thorough=True)
        except BotError as exc:
            return exc
    untrusted = [seat for seat in seats if not seat.trusted]
    return BotError(
        "choose() drew from or changed the game's random generator (game._rng), which"
        " only reshuffles the discard pile (M9)",
        bot=" or ".join(seat.name for seat in untrusted),
        seat=untrusted[0].seat if len(untrusted) == 1 else None,
        seed=seed,
        when="during the game",
        location=defined_at(type(untrusted[0].bot).choose),
    )


def _reseat(seat: Seat, seed: int) -> Seat:
    """A new bot of the same kind, for the same seat of the same game."""
    return seat_bot(seat.name, type(seat.bot), seat.seat, seed, move_time=seat.move_time)


def choose_action(seat: Seat, game: Any, seed: int | None, *, thorough: bool = False) -> Any:
    """Ask a Pirate bot for its action, checking that it leaves the game as it found it."""
    if seat.trusted:
        return _trusted_ask(seat, game, seed)
    return _ask(seat, game, seed, "action")


def play_moment(
    seats: Sequence[Seat | None], game: Any, actions: tuple[Any, Any], seed: int | None
) -> None:
    """Play one moment of two actions; a malformed or illegal one is its bot's fault.

    ``seats`` holds ``None`` for a seat that is not a bot (a person in the terminal),
    whose action must have been checked already.
    """
    action_class = _plain_kinds("action")[0]
    for seat, action in zip(seats, actions, strict=True):
        if seat is not None and action.__class__ is not action_class:
            from pirate_rules.pirate.actions import parse_action

            try:
                parse_action(action)
            except (PirateRulesError, TypeError) as exc:
                raise _refused(seat, game, seed, action, "action", exc) from None
    try:
        game.apply_moment(*actions)
    except PirateRulesError as exc:
        raise _blame(seats, game, actions, seed) or exc from None


def _play_pirate(seats: tuple[Seat, Seat], seed: int, players: Sequence[str] | None) -> Any:
    from pirate_rules.pirate import Action, PirateGame
    from pirate_rules.pirate.bots import MAX_MOMENTS

    game = PirateGame.from_seed(seed, players=players) if players else PirateGame.from_seed(seed)
    if not (seats[0].trusted and seats[1].trusted):
        while not game.is_terminal() and game.moment < MAX_MOMENTS:
            actions = (choose_action(seats[0], game, seed), choose_action(seats[1], game, seed))
            play_moment(seats, game, actions, seed)
        return game
    # The engine's own bots: the same checks as `_trusted_ask` and play_moment, written
    # out for speed.
    first, second = seats[0].bot.choose, seats[1].bot.choose
    apply = game.apply_moment
    asking = -1
    try:
        while not game.is_terminal() and game.moment < MAX_MOMENTS:
            moment = game.moment
            asking = 0
            action0 = first(game, 0)
            if game.moment != moment:
                raise _changed(seats[0], game, seed, when=f"moment {moment + 1}")
            asking = 1
            action1 = second(game, 1)
            if game.moment != moment:
                raise _changed(seats[1], game, seed, when=f"moment {moment + 1}")
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


def _when_at(marvin: bool, mark: Any) -> str:
    return f"turn {mark[0] + 1}" if marvin else f"moment {mark + 1}"


def _changed(seat: Seat, game: Any, seed: int | None, *, when: str | None = None) -> BotError:
    return BotError(
        "choose() changed the game it was shown (try moves on game.copy() instead)",
        bot=seat.name,
        seat=seat.seat,
        seed=seed,
        when=when or _when(game),
        location=defined_at(type(seat.bot).choose),
    )


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` for a message, in one line and cut short, whatever ``value`` is:
    a ``__repr__`` that fails or returns no text is told as such instead.

    Example:
        >>> class Odd:
        ...     def __repr__(self):
        ...         raise RuntimeError("no")
        >>> shown("GL"), shown(Odd())
        ("'GL'", 'a value of type Odd (its __repr__ raised RuntimeError: no)')
    """
    if type(value) is str or type(value) in (int, float, bool, type(None)):
        return one_line(repr(value), limit)
    name = one_line(type(value).__name__, 60)
    try:
        text = repr(value)
    except Exception as exc:
        return one_line(f"a value of type {name} (its __repr__ raised {describe_exception(exc)})")
    if type(text) is not str:
        return f"a value of type {name} (its __repr__ returned no text)"
    return one_line(text, limit)


def _refused(
    seat: Seat, game: Any, seed: int | None, choice: Any, kind: str, exc: BaseException
) -> BotError:
    from pirate_rules.marvin.moves import Move
    from pirate_rules.pirate.actions import Action

    plain = type(choice) in (str, Move, Action)
    what = shown(str(choice) if plain else choice)
    if isinstance(exc, IllegalMoveError):
        problem = f"choose() returned {what}, an illegal {kind}: {exc.reason}"
        rule: str | None = exc.rule
    else:
        expected = _EXPECTED[kind]
        problem = f"choose() returned {what}, which is not {expected}"
        rule = None
    return seat.fault(problem, game, seed, location=defined_at(type(seat.bot).choose), rule=rule)


_EXPECTED: Final = {
    "move": "a move (one of game.legal_moves, or its notation)",
    "action": "an action (Action.TURN, PLAY, CLAIM or WAIT, or its letter)",
}
