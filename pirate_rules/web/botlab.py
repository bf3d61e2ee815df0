r"""The bot lab of "Write your own bot": a reader's bot file, loaded and measured in the browser.

The reader writes a bot class in the page's editor, as the file ``my_bot.py``.
:func:`lab_load` runs the file as a module and finds its bot class; a tournament then
plays it against each of the engine's own bots, a few games per request
(:func:`lab_next`), with the seeds, the game-playing code and the summary of
``pirate-rules simulate --in-process``, so the figures are the ones the command line
prints so.

The reader's bot plays beside the engine, in this Python: in the browser that is the
page's worker, which can start no process, and the file is a module of the page's memory
that no other process could import. It can therefore read what no player has seen, and
the lab's figures are a guide, not a fair-play verdict; the command line plays a bot
file in a process of its own (:mod:`pirate_rules.host`) unless told ``--in-process``.

    >>> source = '''
    ... from pirate_rules.bots import Bot
    ...
    ... class First(Bot):
    ...     description = "always takes the first legal move"
    ...
    ...     def choose(self, game, player):
    ...         return list(game.legal_moves)[0]
    ... '''
    >>> bot = lab_load(source)
    >>> bot["ok"], bot["bot"], bot["label"]
    (True, 'pirate_rules_lab:First', 'my_bot.py:First')
    >>> tour = lab_tournament({"bot": bot["bot"], "opponents": ["random"], "games": 20})
    >>> answer = lab_next(tour["id"], 60.0)
    >>> answer["finished"], answer["done"], answer["rows"][0]["share"]
    (True, 20, '35.0% (18.1-56.7)')
    >>> print(answer["rows"][0]["summary"].splitlines()[1])
      seat 0 (my_bot.py:First) wins  35.0% (18.1-56.7)

A mistake in the file comes back as a short traceback of the reader's own lines:

    >>> bad = lab_load("from pirate_rules.bots import Bot\n\nclass Oops(Bot)\n    pass\n")
    >>> print(bad["error"])
      line 3
        class Oops(Bot)
                       ^
    SyntaxError: expected ':'
    >>> bad["marks"]
    [3]
"""

from __future__ import annotations

import functools
import sys
import time
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Final

from pirate_rules.bots import Bot, bot_class
from pirate_rules.errors import BotError, PirateRulesError
from pirate_rules.simulate import GameResult, Summary, iter_games
from pirate_rules.stats import format_share
from pirate_rules.web.live import ALIVE, SourceFile, reader_traceback, rule_links, signal_alive
from pirate_rules.web.sessions import JSON, offered_bots

__all__ = [
    "ALIVE",
    "BOT_FILE",
    "LAB_MODULE",
    "builtin_bots",
    "lab_load",
    "lab_next",
    "lab_stop",
    "lab_tournament",
]

BOT_FILE: Final = "my_bot.py"
"""The name of the reader's bot file, in the editor and when downloaded."""

LAB_MODULE: Final = "pirate_rules_lab"
"""The module the reader's loaded bot is found in, as ``pirate_rules_lab:Class``."""

MAX_GAMES: Final = 2000
"""Games against each opponent, at most, in one tournament."""

_FILENAME: Final = f"<{BOT_FILE}>"
_files: dict[str, SourceFile] = {}
_lab = ModuleType(LAB_MODULE, "The bots loaded in the bot lab, each timed per move.")
sys.modules[LAB_MODULE] = _lab


def _timed(cls: type[Bot[Any, Any]]) -> type[Bot[Any, Any]]:
    """``cls`` with a sign of life before each move, so the page can stop an endless one."""

    @functools.wraps(cls.choose)
    def choose(self: Any, game: Any, player: int) -> Any:
        signal_alive()
        return cls.choose(self, game, player)

    timed = type(cls.__name__, (cls,), {"choose": choose, "__module__": LAB_MODULE})
    timed.__qualname__ = cls.__qualname__
    return timed


def lab_load(source: str, class_name: str | None = None) -> JSON:
    """Run the reader's bot file and make its bot class (the last one, or ``class_name``) playable.

    Returns:
        ``ok``; then ``bot`` (the name that plays it, as in ``make_bot``), ``label``
        (``my_bot.py:Class``, as the command line names it), ``name``,
        ``description`` and ``classes`` (every bot class in the file); or ``error``
        (a short traceback of the file's own lines) and ``marks`` (its line numbers).
    """
    if not isinstance(source, str):
        raise PirateRulesError("the bot's file must be text")
    _files.clear()
    _files[_FILENAME] = SourceFile(0, 0, source)
    module = ModuleType(BOT_FILE.removesuffix(".py"))
    module.__file__ = BOT_FILE
    try:
        exec(compile(source, _FILENAME, "exec", dont_inherit=True), vars(module))
    except Exception as exc:
        return _problem(exc)
    classes = [
        value
        for value in vars(module).values()
        if isinstance(value, type)
        and issubclass(value, Bot)
        and value.__module__ == module.__name__
    ]
    if class_name is not None:
        classes = [cls for cls in classes if cls.__name__ == class_name] or classes
    if not classes:
        return {
            "ok": False,
            "error": "This file has no bot: write a class that subclasses Bot "
            "(from pirate_rules.bots import Bot) and has a choose(game, player) method.",
            "marks": [],
        }
    cls = classes[-1]
    setattr(_lab, cls.__name__, _timed(cls))
    return {
        "ok": True,
        "bot": f"{LAB_MODULE}:{cls.__name__}",
        "label": f"{BOT_FILE}:{cls.__name__}",
        "name": cls.__name__,
        "description": str(getattr(cls, "description", "") or ""),
        "classes": [c.__name__ for c in classes],
    }


def _problem(exc: BaseException, context: str = "") -> JSON:
    # The referee turns a bot's fault into a one-line BotError raised from the fault
    # itself; the reader is shown the fault, with its traceback through their own lines.
    while isinstance(exc, BotError):
        inner = exc.raised or exc.__context__
        if inner is None:
            break
        exc = inner
    text, marks = reader_traceback(exc, _files, current=0)
    return {
        "ok": False,
        "error": f"{context}{text}",
        "marks": [mark["line"] for mark in marks],
        "rules": rule_links([text]),
    }


def _fault(exc: Exception, seed: int, opponent: str) -> JSON:
    """What went wrong in a tournament game, said as what the reader's bot did."""
    when = f", {exc.when}" if isinstance(exc, BotError) and exc.when else ""
    where = f"In the game with seed {seed} against {opponent}{when}:\n"
    if not isinstance(exc, BotError):
        return _problem(exc, f"{where}the game stopped on an error:\n")
    if exc.problem.startswith("choose() raised"):
        return _problem(exc, f"{where}your bot's choose() raised an error.\n")
    # A move the rules refuse, or a game the bot changed: the bot's own code ran fine.
    said = f"{where}your bot's {exc.problem}"
    if exc.rule and f"({exc.rule})" not in said:
        said += f" ({exc.rule})"
    return {"ok": False, "error": f"{said}.", "marks": [], "rules": rule_links([said])}


def builtin_bots(game: str = "marvin") -> list[str]:
    """The engine's own fair bots of ``game``, weakest first: the ones the play pages offer,
    without those a page's examples registered.

    Example:
        >>> builtin_bots()[0], "cheating-oracle" in builtin_bots()
        ('random', False)
    """
    return [
        name
        for name in offered_bots(game)
        if getattr(bot_class(game, name), "__module__", "").startswith("pirate_rules.")
    ]


@dataclass
class _Tournament:
    bot: str
    label: str
    opponents: list[str]
    games: int
    seed: int
    results: dict[str, list[GameResult]] = field(default_factory=dict)
    played: int = 0
    failed: JSON | None = None


_tournaments: dict[str, _Tournament] = {}
_counter = {"next": 1}


def lab_tournament(options: JSON) -> JSON:
    """Start a tournament of the loaded bot against each of the engine's own bots.

    Args:
        options: ``bot`` (from :func:`lab_load`), ``games`` against each opponent,
            ``seed`` of the first game (0), ``opponents`` (default: :func:`builtin_bots`).
    """
    bot = str(options.get("bot") or "")
    if not bot.startswith(f"{LAB_MODULE}:") or not hasattr(_lab, bot.partition(":")[2]):
        raise PirateRulesError("load the bot first")
    games = int(options.get("games") or 50)
    seed = int(options.get("seed") or 0)
    if not 1 <= games <= MAX_GAMES or seed < 0:
        raise PirateRulesError(f"choose 1 to {MAX_GAMES} games and a seed of 0 or more")
    opponents = [str(name) for name in options.get("opponents") or builtin_bots()]
    label = f"{BOT_FILE}:{bot.partition(':')[2]}"
    tour = _Tournament(bot, label, opponents, games, seed)
    tour_id = f"tournament-{_counter['next']}"
    _counter["next"] += 1
    _tournaments.clear()  # one tournament at a time
    _tournaments[tour_id] = tour
    return {"id": tour_id, "total": games * len(opponents), "opponents": opponents}


def lab_next(tournament_id: str, seconds: float = 0.25) -> JSON:
    """Play the tournament's next games for about ``seconds``; the answer is its progress.

    Returns:
        ``done`` and ``total`` games, ``finished``, ``rows`` (one per opponent played
        so far: games, wins, losses, draws, ``share`` of wins with its 95% interval, and
        the ``summary`` that ``pirate-rules simulate`` prints with its ``command``), and
        ``failed`` when the bot raised an error (a short traceback of its own lines,
        under a ``headline`` that says what became of the tournament).
    """
    tour = _tournaments.get(tournament_id)
    if tour is None:
        raise PirateRulesError(f"no tournament {tournament_id!r} here (start a new one)")
    started = time.monotonic()
    total = tour.games * len(tour.opponents)
    while tour.played < total and tour.failed is None:
        opponent = tour.opponents[tour.played // tour.games]
        seed = tour.seed + tour.played % tour.games
        try:
            # As `simulate` does: the first game against each opponent is refereed
            # thoroughly (the bot must not change the game it is shown), the rest quickly.
            # The bot plays here, beside the engine (see the module's docstring).
            first = seed == tour.seed
            games = iter_games(
                "marvin", [seed], (tour.bot, opponent), check_first=first, in_process=True
            )
            result = next(games)
        except Exception as exc:
            tour.failed = _fault(exc, seed, opponent)
            tour.failed["headline"] = _failed_headline(tour, exc, total)
            break
        tour.results.setdefault(opponent, []).append(result)
        tour.played += 1
        if time.monotonic() - started >= seconds:
            break
    return {
        "id": tournament_id,
        "done": tour.played,
        "total": total,
        "finished": tour.played >= total or tour.failed is not None,
        "rows": [_row(tour, name, results) for name, results in tour.results.items()],
        "failed": tour.failed,
    }


def _failed_headline(tour: _Tournament, exc: Exception, total: int) -> str:
    """What the bot's fault did to its tournament, in one line that the fault follows:
    a bot that fails in its very first game has played no game at all.

    Example:
        >>> tour = _Tournament("lab:Crasher", "bot.py:Crasher", ["random"], 50, 0)
        >>> fault = BotError("choose() raised KeyError", bot="x", when="turn 1")
        >>> _failed_headline(tour, fault, 50)
        'Crasher failed in its very first game (turn 1), so no game was finished:'
        >>> tour.played = 7
        >>> _failed_headline(tour, ValueError(), 50)
        'Crasher failed in game 8 of 50, after 7 games without a fault:'
    """
    name = tour.bot.partition(":")[2]
    when = f" ({exc.when})" if isinstance(exc, BotError) and exc.when else ""
    if tour.played == 0:
        return f"{name} failed in its very first game{when}, so no game was finished:"
    games = "game" if tour.played == 1 else "games"
    return (
        f"{name} failed in game {tour.played + 1} of {total}{when},"
        f" after {tour.played} {games} without a fault:"
    )


def _row(tour: _Tournament, opponent: str, results: list[GameResult]) -> JSON:
    summary = Summary.of(results)
    wins, losses = summary.wins
    return {
        "opponent": opponent,
        "description": str(getattr(bot_class("marvin", opponent), "description", "")),
        "games": summary.games,
        "wins": wins,
        "losses": losses,
        "draws": summary.draws,
        "share": format_share(wins, summary.games),
        "mean_length": f"{summary.mean_length:.1f}",
        "summary": "\n".join(summary.lines((tour.label, opponent))),
        "command": f"pirate-rules simulate marvin --in-process --games {summary.games}"
        f" --seed {tour.seed} --bots {tour.label},{opponent}",
    }


def lab_stop(tournament_id: str) -> bool:
    """Forget a tournament (stopped or finished); returns whether it was there."""
    return _tournaments.pop(tournament_id, None) is not None
