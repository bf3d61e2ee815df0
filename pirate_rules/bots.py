"""The bot interface, shared by both games.

A bot looks at a game from one player's seat and picks one of that player's legal
moves. Every bot owns a seeded ``random.Random`` (never the global generator), so a
game between bots is fully determined by the seeds. After each choice, a bot can say
why in one sentence (:attr:`Bot.reason`), which the browser shows in its log.

Each game registers its bots by a short name (``"random"``, ``"greedy"``...) so that the
command line and the browser can ask for them:

    >>> from pirate_rules.bots import make_bot, bot_names
    >>> "random" in bot_names("marvin")
    True
    >>> make_bot("marvin", "nobody")
    Traceback (most recent call last):
    ...
    pirate_rules.errors.UnknownBotError: unknown marvin bot 'nobody' (choose from: ...)

Your own bots need no registering: name them ``module:Class`` (a module on Python's
path or in the current folder) or ``path/to/file.py:Class``. Their code is yours, so
its faults are reported as :class:`~pirate_rules.errors.BotError`, one line saying
where in your file, never a crash (see :func:`bot_class` and :func:`fault_location`).
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import importlib.util
import inspect
import os
import signal
import sys
import sysconfig
import traceback
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar, Generic, TypeVar

from pirate_rules.cards import seeded_generator
from pirate_rules.errors import BotError, UnknownBotError, one_line

__all__ = [
    "Bot",
    "BotExit",
    "MoveTimeout",
    "bot_class",
    "bot_names",
    "bot_seed",
    "defined_at",
    "describe_exception",
    "fault_location",
    "frame_location",
    "is_interrupt",
    "make_bot",
    "register_bot",
    "traceback_text",
]

G = TypeVar("G")
M = TypeVar("M")


class Bot(Generic[G, M]):
    """Base class of bots: override :meth:`choose`.

    Args:
        seed: Seed of the bot's own random generator.

    Attributes:
        name: The bot's registered short name.
        description: One line for menus and tables.
        rng: The bot's own generator.
        reason: Why the last move was chosen, in one sentence.
    """

    name: ClassVar[str] = "bot"
    description: ClassVar[str] = ""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = seeded_generator(seed)
        self.reason = ""

    def choose(self, game: G, player: int) -> M:
        """Pick one of ``player``'s legal moves in ``game``; must not change ``game``."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


class MoveTimeout(BaseException):
    """Raised into a bot's code when its choice takes longer than the time limit of a
    move (see `pirate_rules.referee.MoveWatch`).

    A ``BaseException``, so that a bot's ``except Exception`` does not swallow it.
    """


class BotExit(BaseException):
    """Raised instead of leaving the process when bot code calls ``os._exit`` (see
    `pirate_rules.referee.guard_exits`)."""

    def __init__(self, status: object) -> None:
        super().__init__(status)
        self.status = status


def is_interrupt(exc: BaseException) -> bool:
    """Whether a ``KeyboardInterrupt`` raised in a bot's code is a real Ctrl-C.

    Where Ctrl-C raises Python's own ``KeyboardInterrupt`` (the default), it cannot be
    told from one the bot raises, so it is taken as a real Ctrl-C. Where SIGINT is
    ignored (worker processes) or handled by a handler that raises a subclass of its
    own (the command line's), a plain ``KeyboardInterrupt`` is the bot's.

    Example:
        >>> is_interrupt(ValueError()), is_interrupt(KeyboardInterrupt())
        (False, True)
    """
    if type(exc) is not KeyboardInterrupt:
        return isinstance(exc, KeyboardInterrupt)
    return signal.getsignal(signal.SIGINT) is signal.default_int_handler


_REGISTRY: dict[str, dict[str, Callable[..., Any]]] = {}
_GAME_MODULES = {"marvin": "pirate_rules.marvin.bots", "pirate": "pirate_rules.pirate.bots"}


def register_bot(game: str, name: str) -> Callable[[type], type]:
    """Class decorator: make a bot available under ``name`` for ``game``."""

    def decorate(cls: type) -> type:
        _REGISTRY.setdefault(game, {})[name] = cls
        cls.name = name  # type: ignore[attr-defined]
        return cls

    return decorate


_LOADED: set[str] = set()
"""The games whose bots module has been imported (it registers the game's bots)."""


def _load(game: str) -> dict[str, Callable[..., Any]]:
    if game not in _LOADED:
        if game not in _GAME_MODULES:
            known = ", ".join(_GAME_MODULES)
            raise UnknownBotError(f"unknown game {game!r} (choose from: {known})")
        __import__(_GAME_MODULES[game])
        _LOADED.add(game)
    return _REGISTRY.get(game, {})


def bot_names(game: str) -> list[str]:
    """The registered bot names of ``game`` (``"marvin"`` or ``"pirate"``), weakest first."""
    return list(_load(game))


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` (0 or 1) of a game dealt with ``game_seed``.

    Everything that plays bots against each other (the command line, the browser, the
    analysis) seeds them this way, so one seed always gives one game.

    Example:
        >>> bot_seed(10, 0), bot_seed(10, 1)
        (20, 21)
    """
    return 2 * game_seed + seat


def bot_class(game: str, name: str) -> Callable[..., Any]:
    """The bot class registered as ``name`` for ``game``, or your own by its place.

    ``name`` is a registered name, ``module:Class`` (imported from Python's path and the
    current folder) or ``path/to/file.py:Class``, so that your own bots can play from
    the command line without being registered:

        >>> bot_class("marvin", "pirate_rules.marvin.bots:RandomBot").__name__
        'RandomBot'
        >>> bot_class("marvin", "nowhere.py:Mine")
        Traceback (most recent call last):
        ...
        pirate_rules.errors.UnknownBotError: bot 'nowhere.py:Mine': there is no file nowhere.py

    Raises:
        UnknownBotError: if no bot answers to ``name``; the message says why and lists
            the registered ones.
        BotError: if the bot's own code fails: it cannot be imported (a syntax error, an
            exception while importing), or its class is not a bot; the message gives the
            file and line.
    """
    bots = _load(game)
    if name in bots:
        return bots[name]
    if ":" in name:
        return _import_bot(name)
    raise UnknownBotError(
        f"unknown {game} bot {name!r} (choose from: {', '.join(bots)};"
        " or your own as module:Class or path/to/file.py:Class)"
    )


def make_bot(game: str, name: str, seed: int | None = None, **options: Any) -> Any:
    """Create the bot ``name`` of ``game`` (see :func:`bot_class`), seeded with ``seed``.

    Raises:
        UnknownBotError: if there is no such bot; the message lists the ones there are.
        BotError: if the bot's code fails to load (see :func:`bot_class`).
    """
    return bot_class(game, name)(seed=seed, **options)


_IMPORTED: dict[str, tuple[ModuleType, type]] = {}
"""Bots imported by ``module:Class`` or ``file.py:Class``, by that name, with their module
(a class the module has replaced since, such as the bot lab's reloaded bot, is looked up anew)."""


def _import_bot(name: str) -> type:
    if name in _IMPORTED:
        module, known = _IMPORTED[name]
        current: object = getattr(module, name.rpartition(":")[2], None)
        if current is known:
            return known
    source, _, class_name = name.rpartition(":")
    is_file = source.endswith(".py") or "/" in source or os.sep in source
    if not source or not class_name.isidentifier():
        raise UnknownBotError(
            f"bot {name!r}: expected a registered name, module:Class or path/to/file.py:Class"
        )
    module = _import_file(name, Path(source)) if is_file else _import_module(name, source)
    cls = getattr(module, class_name, None)
    if cls is None:
        raise UnknownBotError(f"bot {name!r}: {source} has no {class_name!r}")
    if not (isinstance(cls, type) and issubclass(cls, Bot)):
        raise BotError(
            f"{class_name} is not a bot class (a subclass of pirate_rules.bots.Bot)",
            bot=name,
            location=defined_at(cls),
        )
    if cls.choose is Bot.choose:
        raise BotError(
            f"{class_name} has no choose(game, player) method", bot=name, location=defined_at(cls)
        )
    _IMPORTED[name] = (module, cls)
    return cls


def _import_module(name: str, module_name: str) -> ModuleType:
    if not all(part.isidentifier() for part in module_name.split(".")):
        raise UnknownBotError(f"bot {name!r}: {module_name!r} is not a module name")
    if module_name in sys.modules:  # imported already, or made in memory (the bot lab's)
        return sys.modules[module_name]
    if os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())
    try:
        found = importlib.util.find_spec(module_name)
    except ModuleNotFoundError:
        found = None
    except BaseException as exc:  # a parent package failed while importing
        raise _import_fault(name, exc) from None
    if found is None:
        raise UnknownBotError(
            f"bot {name!r}: no module {module_name!r} on Python's path or in the current folder"
        )
    try:
        return importlib.import_module(module_name)
    except BaseException as exc:
        raise _import_fault(name, exc) from None


def _import_file(name: str, path: Path) -> ModuleType:
    try:
        if not path.is_file():
            raise UnknownBotError(f"bot {name!r}: there is no file {one_line(str(path), 200)}")
        resolved = str(path.resolve())
    except OSError as exc:  # a name too long for the system, a loop of links...
        raise UnknownBotError(
            f"bot {one_line(name, 200)!r}: cannot read {one_line(str(path), 200)!r}:"
            f" {exc.strerror or exc}"
        ) from None
    # A name of its own, so that a bot file called random.py shadows nothing.
    module_name = "_bot_file_" + hashlib.sha1(resolved.encode()).hexdigest()[:16]
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, resolved)
    if spec is None or spec.loader is None:
        raise UnknownBotError(f"bot {name!r}: {path} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException as exc:
        del sys.modules[module_name]
        raise _import_fault(name, exc) from None
    return module


def _import_fault(name: str, exc: BaseException) -> BotError:
    if is_interrupt(exc):
        raise exc
    return BotError(
        f"cannot be imported: {describe_exception(exc)}",
        bot=name,
        location=fault_location(exc),
        details=traceback_text(exc),
    )


def describe_exception(exc: BaseException) -> str:
    """An exception in one line: its type and its message, control characters escaped.

    Example:
        >>> describe_exception(KeyError("GL"))
        "KeyError: 'GL'"
    """
    if isinstance(exc, BotExit):
        return f"it called os._exit({_status(exc.status)})"
    if isinstance(exc, SystemExit):
        return f"it called sys.exit({_status(exc.code)})"
    try:
        text = exc.msg if isinstance(exc, SyntaxError) else str(exc)
    except Exception:  # an exception of the bot's own, whose __str__ fails
        text = "(its message cannot be shown)"
    text = " ".join(str(text).split())
    return one_line(f"{type(exc).__name__}: {text}" if text else type(exc).__name__)


def _status(status: object) -> str:
    """An exit status as a message shows it: a number or None as it is, else its type."""
    if status is None or type(status) is int:
        return one_line(str(status), 40)
    return f"a {type(status).__name__}"


def fault_location(exc: BaseException, cls: type | None = None, default: str = "") -> str:
    """Where ``exc`` was raised in a bot's own code, as ``file:line``, or ``default``.

    The last place in the traceback that is in the file of ``cls`` wins; failing that,
    the last that is neither this package nor Python's own library; failing that,
    ``default`` (such as where the method is defined), or else the last place of all.
    Files in the current folder are named relative to it.

    Example:
        >>> try:
        ...     {}["GL"]
        ... except KeyError as exc:
        ...     where = fault_location(exc)
        >>> where.rpartition(":")[2]  # the example's own file, its second line
        '2'
    """
    if isinstance(exc, SyntaxError) and exc.filename:
        return f"{_short(exc.filename)}:{exc.lineno}"
    frames = traceback.extract_tb(exc.__traceback__)
    own = _source_file(cls) if cls is not None else None
    chosen = [frame for frame in frames if own and _same_file(frame.filename, own)]
    chosen = chosen or [frame for frame in frames if not _is_library(frame.filename)]
    if chosen:
        return f"{_short(chosen[-1].filename)}:{chosen[-1].lineno}"
    if default or not frames:
        return default
    return f"{_short(frames[-1].filename)}:{frames[-1].lineno}"


def frame_location(frame: Any, cls: type | None = None) -> str:
    """Where a running thread is in a bot's own code, as ``file:line``, from its current
    ``frame`` (found as :func:`fault_location` finds it in a traceback), or ``""``."""
    if frame is None:
        return ""
    stack = traceback.extract_stack(frame)
    own = _source_file(cls) if cls is not None else None
    chosen = [entry for entry in stack if own and _same_file(entry.filename, own)]
    chosen = chosen or [entry for entry in stack if not _is_library(entry.filename)]
    return f"{_short(chosen[-1].filename)}:{chosen[-1].lineno}" if chosen else ""


def traceback_text(exc: BaseException) -> str:
    """The full traceback of ``exc``, as Python prints it."""
    return "".join(traceback.format_exception(exc))


def defined_at(thing: Any) -> str:
    """``file:line`` where a class or function is defined, or ``""`` (for messages)."""
    try:
        _, line = inspect.getsourcelines(thing)
        path = inspect.getsourcefile(thing)
    except (OSError, TypeError):
        return ""
    return f"{_short(path)}:{line}" if path else ""


def _source_file(cls: type) -> str | None:
    try:
        return inspect.getsourcefile(cls)
    except TypeError:
        return None


@functools.cache
def _library() -> tuple[str, ...]:
    """This package and Python's own library: a fault is rarely there, even when raised there."""
    return (
        str(Path(__file__).resolve().parent),
        *(str(Path(sysconfig.get_paths()[key]).resolve()) for key in ("stdlib", "purelib")),
    )


def _is_library(filename: str) -> bool:
    if filename.startswith("<frozen"):
        return True
    return str(Path(filename).resolve()).startswith(_library())


def _same_file(a: str, b: str) -> bool:
    return a == b or Path(a).resolve() == Path(b).resolve()


def _short(filename: str) -> str:
    try:
        return str(Path(filename).resolve().relative_to(Path.cwd()))
    except ValueError:
        return filename
