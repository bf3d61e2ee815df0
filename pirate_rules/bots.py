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

import random
from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar

__all__ = ["Bot", "bot_names", "make_bot", "register_bot"]

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


def make_bot(game: str, name: str, seed: int | None = None, **options: Any) -> Any:
    """Create the bot registered as ``name`` for ``game``, seeded with ``seed``.

    Raises:
        ValueError: if there is no such bot; the message lists the ones there are.
    """
    bots = _load(game)
    if name not in bots:
        raise ValueError(f"unknown {game} bot {name!r} (choose from: {', '.join(bots)})")
    return bots[name](seed=seed, **options)
