r"""Build it yourself: a learner writes the rules as code, and the rule ids check it.

The track on the site (``docs/learn/build-it/``) has the learner write a small engine of
their own, chapter by chapter, in plain data and small functions: ``my_engine.py`` for
*Marvin's Pirates Go!* (chapters 1 to 5), then ``my_moments.py`` for *Pirate*'s moments
(chapter 6). This package checks it, the same way in the browser and at home:

* :func:`check` runs a chapter's checks, one sentence each, named by its rule id
  (:mod:`pirate_rules.course.marvin_checks`, :mod:`pirate_rules.course.moments`);
* :class:`Comparison` then plays the learner's code beside the real engine over seeded
  games (:mod:`pirate_rules.course.beside`) and tells the first disagreement in words.

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
from typing import Final

from pirate_rules.course import marvin_checks, moments
from pirate_rules.course.beside import Disagreement, play_beside
from pirate_rules.course.chapters import CHAPTERS, Chapter, contracts, part, through
from pirate_rules.course.checking import REGISTRY, Bench, Finding, run_checks
from pirate_rules.course.learner import APART, CALL_SECONDS, Fault, Learner, load

__all__ = [
    "CHAPTERS",
    "GAMES",
    "Chapter",
    "Comparison",
    "Disagreement",
    "Fault",
    "Finding",
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
) -> Bench:
    """Load the learner's file for chapter ``number``; a :class:`Fault` if it does not run.

    ``seconds`` is how long one call into the learner's code may run; ``filename`` is the
    name of the learner's file, which the messages use (the chapter's file by default);
    ``apart``: run it in a process of its own (:data:`~pirate_rules.course.learner.APART`).
    """
    chapter = _chapter(number)
    learner: Learner = load(source, filename or chapter.file, seconds, apart=apart)
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
    ) -> None:
        self.chapter = _chapter(number)
        self.games = games
        self.first_seed = new_seed() if first_seed is None else first_seed
        self.heartbeat = heartbeat
        self.done = 0
        self.disagreement: Disagreement | None = None
        self.fault: Fault | None = None
        self.seconds = 0.0
        try:
            self.bench: Bench | None = bench_for(number, source, seconds, filename, apart)
        except Fault as fault:
            self.bench, self.fault = None, fault

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
