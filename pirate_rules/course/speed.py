r"""The learner's engine beside the real one: the size of each, and games per second.

The last page of the track measures, in the reader's own browser, how many games of
*Marvin's Pirates Go!* each engine plays in a second, with random moves on both sides:

* ``"mine"``: the learner's ``my_engine.py``, through its ``new_game``, ``legal_moves``
  and ``play``, in its own Python (:class:`MineMeasured`: the agent plays the games);
* ``"plain"``: the real engine stepped through its plain code, every rule in its own
  method (as a replayed record is: no shortcuts);
* ``"real"``: the real engine as the bots play it, with its shortcuts
  (``pirate_rules.marvin.shortcuts``).

:func:`measure` plays games of the real engine for about a given time and reports the
games, the turns, and the wall and CPU time; nothing of a game is kept once it is over,
so that the garbage collector is not what is measured. The learner's engine is measured
the same way by the agent (``speed``), where their code runs.

    >>> speed = measure("real", seconds=0.05)
    >>> speed.games > 0 and speed.turns > speed.games
    True
    >>> code_lines("'''A file.'''\n\nx = 1  # one\n\n# a comment\ny = 2\n")
    2
"""

from __future__ import annotations

import ast
import itertools
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from pirate_rules.course.chapters import PART_START
from pirate_rules.course.learner import CALL_SECONDS, OUTSIDE_SECONDS, Fault, load
from pirate_rules.course.real import RealGame
from pirate_rules.course.relay import Rounds
from pirate_rules.marvin import play_game

__all__ = [
    "ENGINES",
    "MineMeasured",
    "Speed",
    "code_lines",
    "engine_lines",
    "measure",
    "part_lines",
]

ENGINES: Final = ("mine", "plain", "real")


@dataclass(frozen=True)
class Speed:
    """Games played in one measurement."""

    engine: str
    games: int
    turns: int
    wall: float
    cpu: float

    @property
    def per_second(self) -> float:
        """Games per second of wall time."""
        return self.games / self.wall if self.wall else 0.0


def measure(engine: str, seconds: float = 1.0, seed: int = 0) -> Speed:
    """Play random games with the real ``engine`` for about ``seconds``; whole games only.

    Args:
        engine: ``"plain"`` or ``"real"`` (the learner's is :class:`MineMeasured`).
        seconds: How long to play (at least one game is played).
        seed: The first game's seed.
    """
    if engine not in _ENGINE_GAMES:
        raise ValueError(f"no engine {engine!r}: choose one of {', '.join(_ENGINE_GAMES)}")
    play = _ENGINE_GAMES[engine]
    games = turns = 0
    started, cpu = time.perf_counter(), time.process_time()
    while True:
        turns += play(seed + games)
        games += 1
        if time.perf_counter() - started >= seconds:
            break
    return Speed(engine, games, turns, time.perf_counter() - started, time.process_time() - cpu)


def _real(seed: int) -> int:
    return play_game(["random", "random"], seed).turn


def _plain(seed: int) -> int:
    real = RealGame(seed)
    rng = random.Random(seed)
    while not real.over():
        real.push(rng.choice(real.legal()))
    return real.game.turn


_ENGINE_GAMES: Final = {"real": _real, "plain": _plain}


class MineMeasured:
    """The learner's engine measured where it runs, in its own Python: the agent plays its
    random games (``speed``) in one round trip (:mod:`pirate_rules.course.relay`).

    Args:
        source: The learner's ``my_engine.py``.
        seconds: How long to play.
        seed: The first game's seed.

    Raises:
        Fault: if the file cannot run at all (a syntax error, the engine imported).

    Attributes:
        speed: The games played, once the answer is back.
        fault: What went wrong instead: the file does not run, or a game of it went wrong.
    """

    def __init__(self, source: str, seconds: float = 1.0, seed: int = 0) -> None:
        learner = load(source, "my_engine.py", relayed=True)
        self.seconds, self.seed = seconds, seed
        self.speed: Speed | None = None
        self.fault: Fault | None = None
        limit = seconds + CALL_SECONDS + OUTSIDE_SECONDS  # its loops run with no clock
        self.rounds = Rounds(learner, limit=limit)
        self.rounds.add(lambda: self._games(learner))

    def _games(self, learner: Any) -> Speed | Fault:
        message = {"do": "speed", "seconds": self.seconds, "seed": self.seed}
        try:
            got = learner.ask(message, "your engine")
        except Fault as fault:
            return fault
        return Speed("mine", got["games"], got["turns"], got["wall"], got["cpu"])

    def step(self) -> dict[str, Any] | None:
        """The round trip to carry; None once :attr:`speed` or :attr:`fault` is known."""
        trip = self.rounds.step()
        if trip is None:
            result = self.rounds.tasks[0].result
            self.fault = self.rounds.fault or (result if isinstance(result, Fault) else None)
            self.speed = result if isinstance(result, Speed) else None
        return trip

    def answer(self, trip: int, reply: dict[str, Any]) -> dict[str, Any] | None:
        """The reply to round trip ``trip``; the next, or None once it is measured."""
        self.rounds.answer(trip, reply)
        return self.step()


def code_lines(source: str) -> int:
    """Lines of code in ``source``: not blank, not a comment, not a docstring."""
    tree = ast.parse(source)
    docstrings: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        for child in body if isinstance(body, list) else []:
            value = child.value if isinstance(child, ast.Expr) else None
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                docstrings.update(range(child.lineno, (child.end_lineno or child.lineno) + 1))
    return sum(
        1
        for number, line in enumerate(source.splitlines(), 1)
        if line.strip() and not line.lstrip().startswith("#") and number not in docstrings
    )


def part_lines(source: str) -> dict[str, int]:
    """Lines of code of each part of a learner's file: ``"start"``, then chapter by chapter."""
    starts = [match.start() for match in PART_START.finditer(source)]
    bounds = [0, *starts, len(source)]
    sizes = {}
    for index, (begin, end) in enumerate(itertools.pairwise(bounds)):
        text = source[begin:end]
        match = PART_START.match(text)
        key = f"chapter {match.group(1)}" if match else "start" if index == 0 else f"part {index}"
        try:
            sizes[key] = code_lines(text)
        except SyntaxError:
            sizes[key] = sum(1 for line in text.splitlines() if line.strip())
    return sizes


def engine_lines() -> dict[str, int]:
    """Lines of code of the real engine of *Marvin's Pirates Go!*, module by module."""
    package = Path(__file__).resolve().parents[1] / "marvin"
    return {path.stem: code_lines(path.read_text("utf-8")) for path in sorted(package.glob("*.py"))}
