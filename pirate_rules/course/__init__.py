r"""Build it yourself: a learner writes the rules as code, and the rule ids check it.

The track on the site (``docs/learn/build-it/``) has the learner write a small engine of
their own, chapter by chapter, in plain data and small functions: ``my_engine.py`` for
*Marvin's Pirates Go!* (chapters 1 to 5), then ``my_moments.py`` for *Pirate*'s moments
(chapter 6). This package checks it, the same way in the browser and at home:

* :func:`check` runs a chapter's checks, one sentence each, named by its rule id
  (:mod:`pirate_rules.course.marvin_checks`, :mod:`pirate_rules.course.moments`);
* :class:`Comparison` then plays the learner's code beside the real engine over seeded
  games (:mod:`pirate_rules.course.beside`) and tells the first disagreement in words.

In the browser the learner's code answers from a worker of its own, through the page:
:class:`Relayed` runs the checks, and a ``relayed`` :class:`Comparison` the games, round
trip by round trip (:mod:`pirate_rules.course.relay`).

The learner's file is run as a module of its own and may not import ``pirate_rules``
(:mod:`pirate_rules.course.learner`); its faults (a syntax error, a missing function, a
changed signature, an exception, a loop that does not end, a question that changes the
table it was asked about) come back as a sentence about their code, with their lines.

    >>> report = check(1, "def new_deck(jokers=2):\n    return []\n")
    >>> report.passed, report.findings[0].rule, report.findings[0].ok
    (False, 'M1', False)
    >>> print(report.findings[0].problem)
    new_deck(0) gives 0 cards, but it lacks AS 2S 3S 4S 5S 6S 7S 8S ...; a deck has each of
    the 52 cards once and 0 jokers, written rank then suit, like '7H', 'TS' and 'JK'
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Final

from pirate_rules.course import marvin_checks, moments
from pirate_rules.course.beside import Disagreement, judge_beside, plan_beside, play_beside
from pirate_rules.course.chapters import CHAPTERS, Chapter, contracts, part, through
from pirate_rules.course.checking import REGISTRY, Bench, Finding, run_check, run_checks
from pirate_rules.course.learner import APART, CALL_SECONDS, Fault, Learner, load
from pirate_rules.course.relay import Rounds

__all__ = [
    "CHAPTERS",
    "GAMES",
    "Chapter",
    "Comparison",
    "Disagreement",
    "Fault",
    "Finding",
    "Relayed",
    "Report",
    "check",
    "new_seed",
    "part",
    "through",
]

GAMES: Final = 200
"""The seeded games of a chapter's differential run."""
SEEDS: Final = 1_000_000
"""A run's first seed is drawn below this, anew for each run unless it is given."""


def new_seed() -> int:
    """A first seed for a run beside the real engine: new on each run, so that a learner's
    code is held to games it cannot have been written for (``--seed`` repeats a run)."""
    return random.SystemRandom().randrange(SEEDS)


_ = (marvin_checks, moments)  # the modules that register the checks


@dataclass
class Report:
    """A chapter's checks on the learner's file.

    Attributes:
        chapter: The chapter.
        findings: One per check, in order.
        fault: The fault that kept the file from running at all, if any.
    """

    chapter: Chapter
    findings: list[Finding] = field(default_factory=list)
    fault: Fault | None = None

    @property
    def passed(self) -> bool:
        return self.fault is None and all(finding.ok for finding in self.findings)

    @property
    def failed(self) -> list[Finding]:
        return [finding for finding in self.findings if not finding.ok]


def _chapter(number: int) -> Chapter:
    if number not in CHAPTERS:
        raise ValueError(f"there is no chapter {number!r}: the chapters are 1 to {len(CHAPTERS)}")
    return CHAPTERS[number]


def bench_for(
    number: int,
    source: str,
    seconds: float = CALL_SECONDS,
    filename: str | None = None,
    apart: bool = APART,
    relayed: bool = False,
) -> Bench:
    """Load the learner's file for chapter ``number``; a :class:`Fault` if it does not run.

    ``seconds`` is how long one call into the learner's code may run; ``filename`` is the
    name of the learner's file, which the messages use (the chapter's file by default);
    ``apart``: run it in a process of its own (:data:`~pirate_rules.course.learner.APART`);
    ``relayed``: its agent answers elsewhere (:mod:`pirate_rules.course.relay`).
    """
    chapter = _chapter(number)
    name = filename or chapter.file
    learner: Learner = load(source, name, seconds, apart=apart, relayed=relayed)
    return Bench(learner, contracts(number))


def check(
    number: int,
    source: str,
    seconds: float = CALL_SECONDS,
    heartbeat: Callable[[], object] | None = None,
    filename: str | None = None,
    apart: bool = APART,
) -> Report:
    """Run chapter ``number``'s checks on the learner's file ``source``.

    ``seconds`` is how long one call into it may run; ``heartbeat`` is called before
    each check; ``filename`` names the learner's file in the messages.
    """
    chapter = _chapter(number)
    try:
        bench = bench_for(number, source, seconds, filename, apart)
    except Fault as fault:
        return Report(chapter, [], fault)
    try:
        return Report(chapter, run_checks(REGISTRY[number], bench, heartbeat))
    finally:
        bench.learner.close()


class Relayed:
    """A chapter's checks on the learner's file, when its agent answers in another Python
    (the browser's worker for the learner): round trip by round trip, each carried by
    someone else (:mod:`pirate_rules.course.relay`).

    Attributes:
        report: The chapter's report, once every check has ended.
    """

    def __init__(
        self,
        number: int,
        source: str,
        seconds: float = CALL_SECONDS,
        filename: str | None = None,
    ) -> None:
        self.chapter = _chapter(number)
        self.report: Report | None = None
        self.rounds: Rounds | None = None
        try:
            bench = bench_for(number, source, seconds, filename, apart=False, relayed=True)
        except Fault as fault:
            self.report = Report(self.chapter, [], fault)
            return
        self.rounds = Rounds(bench.learner)
        for item in REGISTRY[number]:
            self.rounds.add(partial(run_check, item, bench))

    def step(self) -> dict[str, Any] | None:
        """The next round trip; None once :attr:`report` is made."""
        if self.rounds is None:
            return None
        trip = self.rounds.step()
        if trip is None and self.report is None:
            fault = self.rounds.fault
            findings = [] if fault else [task.result for task in self.rounds.tasks]
            self.report = Report(self.chapter, findings, fault)
        return trip

    def answer(self, trip: int, reply: dict[str, Any]) -> dict[str, Any] | None:
        """The reply to round trip ``trip``; the next trip, or None once the report is made."""
        if self.rounds is None:
            raise ValueError("these checks await no answer")
        self.rounds.answer(trip, reply)
        return self.step()


class Comparison:
    """The differential run of a chapter: the learner's code beside the real engine.

    Args:
        number: The chapter.
        source: The learner's file.
        games: How many seeded games (:data:`GAMES`).
        first_seed: The seed of the first game; game ``i`` has seed ``first_seed + i``. A
            new one for each run when it is not given (:func:`new_seed`).
        heartbeat: Called between games (the browser's sign that Python is not stuck).
        seconds: How long one call into the learner's code may run.
        filename: The learner's file's name, for the messages.
        relayed: Its agent answers in another Python: the games go out in round trips
            (:meth:`plan`, :meth:`answer`) instead of :meth:`advance`.

    Attributes:
        done: Games played so far that agreed.
        disagreement: The first disagreement, once found.
        fault: The fault that kept the file from running at all, if any.
    """

    def __init__(
        self,
        number: int,
        source: str,
        games: int = GAMES,
        first_seed: int | None = None,
        heartbeat: Callable[[], object] | None = None,
        seconds: float = CALL_SECONDS,
        filename: str | None = None,
        apart: bool = APART,
        relayed: bool = False,
    ) -> None:
        self.chapter = _chapter(number)
        self.games = games
        self.first_seed = new_seed() if first_seed is None else first_seed
        self.heartbeat = heartbeat
        self.done = 0
        self.disagreement: Disagreement | None = None
        self.fault: Fault | None = None
        self.seconds = 0.0
        self.started = time.monotonic()
        self.planned = 0
        self.rounds: Rounds | None = None
        try:
            self.bench: Bench | None = bench_for(
                number, source, seconds, filename, apart and not relayed, relayed
            )
        except Fault as fault:
            self.bench, self.fault = None, fault
        if relayed and self.bench is not None:
            self.rounds = Rounds(self.bench.learner, alone=True)

    @property
    def finished(self) -> bool:
        return self.bench is None or self.disagreement is not None or self.done >= self.games

    @property
    def agreed(self) -> bool:
        return self.finished and self.fault is None and self.disagreement is None

    def advance(self, seconds: float = float("inf")) -> None:
        """Play the next games, for about ``seconds`` at most, or to the end."""
        started = time.monotonic()
        collecting = gc.isenabled()
        gc.disable()  # a game's plan is many small objects, all garbage at its end: half the time
        try:
            self._advance(started, seconds)
        finally:
            if collecting:
                gc.enable()
        self.seconds += time.monotonic() - started
        if self.finished and self.bench is not None:
            self.bench.learner.close()  # the learner's process ends with the run

    def plan(self, seconds: float = 0.25) -> dict[str, Any] | None:
        """Relayed: plan the next games, for about ``seconds`` (one at least); the round trip
        that sends them, or None once the run is over."""
        if self.rounds is None or self.finished:
            return None
        started = time.monotonic()
        unit = "moment" if self.chapter.game == "pirate" else "turn"
        collecting = gc.isenabled()
        gc.disable()
        try:
            while self.planned < self.games:
                if self.heartbeat is not None:
                    self.heartbeat()
                seed, number = self.first_seed + self.planned, self.planned + 1
                bench = self.bench
                assert bench is not None
                if self.chapter.game == "pirate":
                    plan = moments.plan_moments(bench, seed)
                else:
                    plan = plan_beside(bench, self.chapter.number, seed)
                self.rounds.add(partial(judge_beside, plan, seed, number, unit))
                self.planned += 1
                if time.monotonic() - started >= seconds:
                    break
        finally:
            if collecting:
                gc.enable()
        return self._next()

    def answer(self, trip: int, reply: dict[str, Any]) -> dict[str, Any] | None:
        """Relayed: the reply to round trip ``trip``, judged; a round trip that plays a game
        again (alone), or None (:meth:`plan` the next games, unless the run is over)."""
        if self.rounds is None:
            raise ValueError("this run awaits no answer")
        self.rounds.answer(trip, reply)
        return self._next()

    def _next(self) -> dict[str, Any] | None:
        rounds = self.rounds
        assert rounds is not None
        trip = rounds.step()
        while rounds.tasks and rounds.tasks[0].done:
            found = rounds.tasks.pop(0).result
            if found is not None:
                self.disagreement = found
                break
            self.done += 1
        if rounds.fault is not None:
            self.bench, self.fault = None, rounds.fault
        if self.finished:
            self.seconds = time.monotonic() - self.started
            rounds.tasks.clear()
            return None
        return trip

    def _advance(self, started: float, seconds: float) -> None:
        while not self.finished and self.bench is not None:
            if self.heartbeat is not None:
                self.heartbeat()
            number = self.done + 1
            seed = self.first_seed + self.done
            if self.chapter.game == "pirate":
                found = moments.play_beside(self.bench, seed, number=number)
            else:
                found = play_beside(self.bench, self.chapter.number, seed, number=number)
            if found is not None:
                self.disagreement = found
                break
            self.done += 1
            if time.monotonic() - started >= seconds:
                break
