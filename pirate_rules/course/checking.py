"""How a chapter's checks are written and run: one check per sentence, named by its rule.

A check is a small function registered with :func:`check` under a chapter and a rule
id, with the sentence it holds the learner's code to. It is handed a :class:`Bench`,
which calls the learner's functions (:meth:`Bench.call`, or :meth:`Bench.ask` for a
function that answers a question and must leave what it was given as it was), builds
their objects from short notations (:meth:`Bench.crew`), and reads them back. A check
that finds something wrong raises :class:`Wrong` with what it found, in words; a fault
of the learner's code (a :class:`~pirate_rules.course.learner.Fault`) is reported the
same way. :func:`run_checks` runs a chapter's checks and returns one :class:`Finding`
per check.

A crew is written position by position: ``"GL:2s GR CL CR"`` is a guard left with 2 hit
points and a shield, three fresh pirates, and nobody missing.

    >>> parse_crew("GL:2s GR CL")
    CrewView(pirates=(('GL', 2, True), ('GR', 4, False), ('CL', 4, False)), hidden=None)
    >>> describe_crew(parse_crew("GL:2s GR CL"))
    'GL 2 hp with a shield, GR 4 hp, CL 4 hp, CR empty'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from pirate_rules.course.learner import (
    Called,
    CheckerError,
    Contract,
    Fault,
    Learner,
    Refused,
)
from pirate_rules.course.table import POSITIONS, CrewView, Reader, positions

__all__ = [
    "Bench",
    "Check",
    "Finding",
    "Wrong",
    "card_difference",
    "check",
    "describe_crew",
    "describe_pirate",
    "parse_crew",
    "run_check",
    "run_checks",
]


class Wrong(CheckerError):
    """What a check found wrong, in words; ``rule`` overrides the check's own rule id."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule


@dataclass(frozen=True)
class Finding:
    """The result of one check.

    Attributes:
        rule: The rule id it checks.
        says: The sentence it holds the code to.
        ok: Whether the code holds to it.
        problem: What went wrong, in words.
        trace: A short traceback of the learner's lines, when their code raised.
        lines: The lines of the learner's file to mark.
    """

    rule: str
    says: str
    ok: bool
    problem: str = ""
    trace: str = ""
    lines: tuple[int, ...] = ()


@dataclass(frozen=True)
class Check:
    """One check: the rule, the sentence, and the function that checks it."""

    chapter: int
    rule: str
    says: str
    run: Callable[[Bench], None]


REGISTRY: dict[int, list[Check]] = {}


def check(chapter: int, rule: str, says: str) -> Callable[[Callable[[Bench], None]], Check]:
    """Register a check of ``chapter`` for ``rule``, holding the code to ``says``."""

    def register(function: Callable[[Bench], None]) -> Check:
        made = Check(chapter, rule, says, function)
        REGISTRY.setdefault(chapter, []).append(made)
        return made

    return register


def run_checks(
    checks: Iterable[Check], bench: Bench, heartbeat: Callable[[], object] | None = None
) -> list[Finding]:
    """Run ``checks`` on the bench's learner; one finding each, in order.

    ``heartbeat`` is called before each check (the browser's sign that Python is busy).
    """
    findings = []
    for item in checks:
        if heartbeat is not None:
            heartbeat()
        findings.append(run_check(item, bench))
    return findings


def run_check(item: Check, bench: Bench) -> Finding:
    """Run one check on the bench's learner: its finding."""
    try:
        item.run(bench)
    except Wrong as wrong:
        return Finding(wrong.rule or item.rule, item.says, False, wrong.message)
    except Fault as fault:
        return Finding(item.rule, item.says, False, fault.message, fault.trace, fault.lines)
    return Finding(item.rule, item.says, True)


# -- crews in short notation -----------------------------------------------------------


def parse_crew(text: str, hidden: str | None = None) -> CrewView:
    """A crew from short notation: ``"GL:2s GR"`` (see the module's description)."""
    pirates = []
    for word in text.split():
        position, _, rest = word.partition(":")
        shield = rest.endswith("s")
        hit_points = int(rest.rstrip("s") or 4)
        pirates.append((position, hit_points, shield))
    pirates.sort(key=lambda pirate: POSITIONS.index(pirate[0]))
    return CrewView(tuple(pirates), hidden)


def describe_pirate(crew: CrewView, position: str) -> str:
    """The pirate at ``position`` in words: ``'GL 2 hp with a shield'``, ``'GL empty'``."""
    found = crew.at(position)
    if found is None:
        return f"{position} empty"
    hit_points, shield = found
    text = f"{position} {hit_points} hp{' with a shield' if shield else ''}"
    return f"{text}, hidden" if crew.hidden == position else text


def describe_crew(crew: CrewView) -> str:
    """A whole crew in words, position by position."""
    return ", ".join(describe_pirate(crew, position) for position in POSITIONS)


def card_difference(got: Iterable[str], want: Iterable[str]) -> str:
    """How two lists of cards differ, in words: ``"lacks 7H, has AS twice"``."""
    wanted_list = list(want)
    given, wanted = Counter(got), Counter(wanted_list)
    parts = []
    lacking = wanted - given
    missing = [card for card in dict.fromkeys(wanted_list) if lacking[card]]
    if missing:
        parts.append("lacks " + " ".join(missing[:8]) + (" ..." if len(missing) > 8 else ""))
    extra = given - wanted
    twice = [card for card in dict.fromkeys(wanted_list) if extra[card]]
    if twice:
        parts.append("has " + " ".join(twice[:8]) + " twice")
    foreign = sorted(card for card in extra if card not in wanted)
    if foreign:
        parts.append("has " + " ".join(repr(card) for card in foreign[:4]) + ", which are no cards")
    return ", ".join(parts)


# -- the bench -------------------------------------------------------------------------


class Bench:
    """What a check works with: the agent that holds the learner's module, and a reader
    that makes their objects from pictures and reads them back.

    Args:
        learner: The learner's loaded module (its agent).
        contracts: The skeleton's functions by name: a function the learner calls must
            take the same parameters.
    """

    def __init__(self, learner: Learner, contracts: dict[str, Contract]) -> None:
        self.learner = learner
        self.reader = Reader(learner)
        self.contracts = contracts

    def call(self, name: str, *args: Any) -> Any:
        """Call the learner's ``name`` (checked against the skeleton's parameters)."""
        value = self.learner.call(self.contracts.get(name) or name, *args)
        if value is Refused:
            raise Wrong("your engine shuffled where no card was drawn", "M9")
        return value

    def called(self, name: str, *args: Any, **more: Any) -> Called:
        """Call the learner's ``name``, and all the agent tells of it (`Learner.called`)."""
        return self.learner.called(self.contracts.get(name) or name, *args, **more)

    def ask(self, name: str, *args: Any, what: str = "") -> Any:
        """Call a function that answers a question: it must not change its arguments."""
        answer, changed = self.learner.call(self.contracts.get(name) or name, *args, question=True)
        if changed:
            raise Wrong(
                f"your {name}() changed {what or 'what it was given'}: a function that"
                " answers a question must leave the table as it was"
            )
        return answer

    def error_of(self, name: str, *args: Any) -> tuple[str | None, bool]:
        """Call ``name`` expecting it to raise: the name of what it raised (None if it
        returned), and whether that is a ``ValueError``."""
        return self.learner.error_of(self.contracts[name], *args)

    def positions(self, name: str, *args: Any, what: str = "", quick: bool = False) -> set[str]:
        """Ask ``name`` for a list of positions or moves; the answer as a set.

        ``quick`` leaves out the check that the arguments are unchanged (for the
        differential runs, which compare the whole table after each move anyway).
        """
        answer = self.call(name, *args) if quick else self.ask(name, *args, what=what)
        return positions(answer, f"your {name}()")

    def crew(self, text: str, hidden: str | None = None) -> Any:
        """The learner's ``Crew`` for short notation (see :func:`parse_crew`)."""
        return self.reader.make_crew(parse_crew(text, hidden))

    def read_crew(self, crew: Any, whose: str = "the crew") -> CrewView:
        return self.reader.crew(crew, whose)

    def part(self, value: Any, *path: str | int) -> Any:
        """A part of one of the learner's objects: ``bench.part(game, "crews", 0)``."""
        return self.learner.part(value, *path)

    def expect_crew(self, crew: Any, want: str, hidden: str | None, doing: str) -> None:
        """Raise :class:`Wrong` unless the learner's ``crew`` is ``want`` after ``doing``."""
        got = self.read_crew(crew)
        wanted = parse_crew(want, hidden)
        if got != wanted:
            raise Wrong(f"after {doing}, the crew is {describe_crew(got)}; it should be"
                        f" {describe_crew(wanted)}")  # fmt: skip
