"""The rules pages' examples, as the tests that ``make mutation`` runs against each mutant.

Each test runs some of the rules pages' examples, twice: with the engine's shortcuts,
as a reader's examples run, and with its plain code alone, where each rule is stated
in a method of its own. The shortcuts (``pirate_rules.marvin.shortcuts``,
``pirate_rules.pirate.shortcuts``) write the common steps out and skip those methods,
so with the shortcuts alone, a mutant of a rule's own method would never run, and
would survive whatever the pages say.

* ``test_the_rules_pages_pass``: both pages whole, every example in page order in one
  namespace, as the documentation tests run them. It is collected first, so that the
  engine's work at import (its rule tables) counts as reached by it.
* ``test_a_part_of_a_page``: one rule's section on its own (after the page's imports,
  as the catalogue runs it), or a page's opening examples, in one of the two ways.

mutmut runs, for each mutant, only the tests that reached the mutated function when
it collected its stats, the quickest first, and stops at the first that fails: a
mutant that a rule's own section notices costs that section alone, while a survivor
has faced every example that reaches its function, and then both pages whole.

A looping mutant is stopped by a limit on the test's processor time (not its wall
time, which a busy machine stretches) and counts as noticed.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

import pytest
from rule_pages import (
    HEADING,
    PAGES,
    examples,
    page_source,
    rule_sections,
    run_examples,
    section_source,
)

from pirate_rules.marvin import game as marvin_game
from pirate_rules.pirate import game as pirate_game

WAYS = {"shortcuts": True, "plain": False}
"""The two ways the engine runs: with its shortcuts, and with its plain code alone."""

CPU_LIMIT_S = {"pages": 60, "part": 20}
"""Processor seconds a test may take before it counts as stopped by a loop. The whole
pages take about 1 s of processor time (a few under mutmut), a part well under 1 s."""


class TookTooLong(Exception):
    """The examples ran longer than their processor-time limit: the mutant loops."""


def _on_limit(signum: int, frame: FrameType | None) -> None:
    signal.setitimer(signal.ITIMER_PROF, 1)  # and stop any later example that loops too
    raise TookTooLong("the examples ran past their processor-time limit")


@contextmanager
def processor_limit(seconds: float) -> Iterator[None]:
    """Raise `TookTooLong` in the code run inside once it has used ``seconds`` of CPU."""
    previous = signal.signal(signal.SIGPROF, _on_limit)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


@contextmanager
def engine_way(way: str) -> Iterator[None]:
    """Run the engine with its shortcuts, or with its plain code alone."""
    marvin_game._FAST_PATHS = pirate_game._FAST_PATHS = WAYS[way]
    try:
        yield
    finally:
        marvin_game._FAST_PATHS = pirate_game._FAST_PATHS = True


def opening_source(letter: str) -> str:
    """The doctest source of the examples of a page before its first rule heading."""
    text = PAGES[letter].read_text(encoding="utf-8")
    first = next(heading for heading in HEADING.finditer(text) if heading["id"])
    return "".join(examples(text[: first.start()]))


def parts() -> list[str]:
    """Every part of the pages: each page's opening examples, then each rule's section."""
    names = []
    for letter, page in PAGES.items():
        text = page.read_text(encoding="utf-8")
        if opening_source(letter).strip():
            names.append(f"{letter}-opening")
        names += list(rule_sections(text))
    return names


def part_source(part: str) -> str:
    """The doctest source of one part (see `parts`)."""
    if part.endswith("-opening"):
        return opening_source(part[0])
    return section_source(part)


def test_the_rules_pages_pass() -> None:
    with processor_limit(CPU_LIMIT_S["pages"]):
        for way in WAYS:
            with engine_way(way):
                for page in PAGES.values():
                    run = run_examples(page_source(page), page.name)
                    assert run.passed, f"{page.name}, {way}:\n" + "\n".join(map(str, run.failures))


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("part", parts())
def test_a_part_of_a_page(part: str, way: str) -> None:
    with processor_limit(CPU_LIMIT_S["part"]), engine_way(way):
        run = run_examples(part_source(part), part)
    assert run.passed, f"{part}, {way}:\n" + "\n".join(map(str, run.failures))
