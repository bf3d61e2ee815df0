r"""The learner's engine beside the real one: the size of each, and games per second.

The last page of the track measures, in the reader's own browser, how many games of
*Marvin's Pirates Go!* each engine plays in a second, with random moves on both sides:

* ``"mine"``: the learner's ``my_engine.py``, through its ``new_game``, ``legal_moves``
  and ``play``;
* ``"plain"``: the real engine stepped through its plain code, every rule in its own
  method (as a replayed record is: no shortcuts);
* ``"real"``: the real engine as the bots play it, with its shortcuts
  (``pirate_rules.marvin.shortcuts``).

:func:`measure` plays games for about a given time and reports the games, the turns,
and the wall and CPU time; nothing of a game is kept once it is over, so that the
garbage collector is not what is measured.

    >>> speed = measure("real", seconds=0.05)
    >>> speed.games > 0 and speed.turns > speed.games
    True
    >>> code_lines("'''A file.'''\n\nx = 1  # one\n\n# a comment\ny = 2\n")
    2
"""

from __future__ import annotations

import ast
import builtins
import itertools
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from pirate_rules.course.agent import Agent, Told
from pirate_rules.course.chapters import PART_START
from pirate_rules.course.clock import Watch
from pirate_rules.course.learner import CALL_SECONDS, Fault, guarded_import, load
from pirate_rules.course.real import RealGame
from pirate_rules.marvin import play_game

__all__ = ["ENGINES", "Speed", "code_lines", "engine_lines", "measure", "part_lines"]

ENGINES: Final = ("mine", "plain", "real")
MAX_TURNS: Final = 2000
"""A game of the learner's that lasts this long does not end: it is stopped and told."""


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


def measure(engine: str, source: str | None = None, seconds: float = 1.0, seed: int = 0) -> Speed:
    """Play random games with ``engine`` for about ``seconds``; whole games only.

    Args:
        engine: ``"mine"``, ``"plain"`` or ``"real"``.
        source: The learner's ``my_engine.py``, for ``"mine"``.
        seconds: How long to play (at least one game is played).
        seed: The first game's seed.

    Raises:
        Fault: if the learner's file does not run, or one of its games goes wrong.
    """
    if engine not in ENGINES:
        raise ValueError(f"no engine {engine!r}: choose one of {', '.join(ENGINES)}")
    play = _learner_games(source or "") if engine == "mine" else _ENGINE_GAMES[engine]
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


def _learner_games(source: str) -> Any:
    """Whole random games of the learner's engine, in this interpreter (the speed page runs
    in the browser's, where no process of its own can be started)."""
    load(source, "my_engine.py", apart=False)  # the same refusals as a check: say why first
    agent = Agent(Watch, builtins=_GUARDED)
    told = agent.handle({"do": "load", "source": source, "seconds": max(CALL_SECONDS, 5.0)})
    if "fault" in told:
        raise Fault(told["fault"]["message"], told["fault"]["trace"], tuple(told["fault"]["lines"]))
    module = vars(agent.module)
    for name in ("new_deck", "new_game", "legal_moves", "play"):
        if not callable(module.get(name)):
            raise Fault(f"my_engine.py has no function {name}(): chapter 5 asks for it")
    new_deck, new_game = module["new_deck"], module["new_game"]
    legal_moves, play = module["legal_moves"], module["play"]

    def one(seed: int) -> int:
        rng = random.Random(seed)

        def shuffle(cards: list[str]) -> list[str]:
            return rng.sample(cards, len(cards))

        def game_of() -> int:
            deck = shuffle(list(new_deck(2)))
            game = new_game(deck, rng.randrange(2), shuffle)
            choice = rng.choice
            while game.winner is None:
                play(game, choice(legal_moves(game)))
                if game.turn > MAX_TURNS:
                    raise Fault(f"your game of seed {seed} went on for {MAX_TURNS} turns")
            return int(game.turn)

        try:
            turns: int = agent.call("game", game_of)
        except Told as told:
            raise Fault(told.message, told.trace, told.lines) from None
        return turns

    assert agent.watch is not None
    agent.watch.watch_jumps(False)  # measured at full speed; MAX_TURNS still ends a game
    return one


_GUARDED: Final = {**vars(builtins), "__import__": guarded_import}


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
