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
    ValueError: unknown marvin bot 'nobody' (choose from: ...)
"""

from __future__ import annotations

import importlib
import os
import random
import sys
from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar

__all__ = ["Bot", "bot_class", "bot_names", "bot_seed", "make_bot", "register_bot"]

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
        self.rng = random.Random(seed)
        self.reason = ""

    def choose(self, game: G, player: int) -> M:
        """Pick one of ``player``'s legal moves in ``game``; must not change ``game``."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


_REGISTRY: dict[str, dict[str, Callable[..., Any]]] = {}
_GAME_MODULES = {"marvin": "pirate_rules.marvin.bots", "pirate": "pirate_rules.pirate.bots"}


def register_bot(game: str, name: str) -> Callable[[type], type]:
    """Class decorator: make a bot available under ``name`` for ``game``."""

    def decorate(cls: type) -> type:
        _REGISTRY.setdefault(game, {})[name] = cls
        cls.name = name  # type: ignore[attr-defined]
        return cls

    return decorate


def _load(game: str) -> dict[str, Callable[..., Any]]:
    if game not in _GAME_MODULES:
        raise ValueError(f"unknown game {game!r} (choose from: {', '.join(_GAME_MODULES)})")
    __import__(_GAME_MODULES[game])
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
    """The bot class registered as ``name`` for ``game``, or imported from ``"module:Class"``.

    A ``module:Class`` name is imported from Python's path and the current folder, so
    that your own bots can play from the command line without being registered:

        >>> bot_class("marvin", "pirate_rules.marvin.bots:RandomBot").__name__
        'RandomBot'

    Raises:
        ValueError: if there is no such bot; the message says why and lists the
            registered ones.
    """
    bots = _load(game)
    if name in bots:
        return bots[name]
    if ":" in name:
        return _import_bot(name)
    raise ValueError(
        f"unknown {game} bot {name!r} (choose from: {', '.join(bots)}, or module:Class)"
    )


def make_bot(game: str, name: str, seed: int | None = None, **options: Any) -> Any:
    """Create the bot ``name`` of ``game`` (see :func:`bot_class`), seeded with ``seed``.

    Raises:
        ValueError: if there is no such bot; the message lists the ones there are.
    """
    return bot_class(game, name)(seed=seed, **options)


def _import_bot(path: str) -> Callable[..., Any]:
    module_name, _, class_name = path.partition(":")
    if os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ValueError(f"cannot import bot module {module_name!r}: {exc}") from None
    cls = getattr(module, class_name, None)
    if not (isinstance(cls, type) and issubclass(cls, Bot)):
        raise ValueError(f"{path!r} is not a bot class (a subclass of pirate_rules.bots.Bot)")
    return cls
