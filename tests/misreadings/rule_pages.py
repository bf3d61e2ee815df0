"""The rules pages as test material: their rule sections, and a doctest run of their examples.

A rules page (``docs/rules/marvin.md``, ``docs/rules/pirate.md``) anchors each rule's
heading with its id (``### M7 · The Cave {#M7}``). A rule's **section** is the text
under that heading, up to the next heading of the same or a higher level. Its examples
are the ``pycon`` blocks in it, run in order in one namespace, with the same doctest
flags as the documentation tests (``conftest.py``).

Each section runs on its own, after the page's **preamble**: the import statements of
the examples that come before the page's first rule heading. So a section may use what
the page imported at the top, and nothing that another section set up.

Within a section, each block that runs on its own begins an **example** (`Example`), and
the blocks after it that carry on with what it set up belong to that example. The
examples of a section can thus be run, or left out, one by one (`rule_examples`).
"""

from __future__ import annotations

import doctest
import functools
import re
import signal
import sys
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType, TracebackType

from pirate_rules.errors import PirateRulesError

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = {"M": DOCS / "rules" / "marvin.md", "P": DOCS / "rules" / "pirate.md"}
"""The rules page of each game, by the letter its rule ids start with."""

FLAGS = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS
"""The doctest flags of the documentation tests (the same as ``conftest.py``)."""

HEADING = re.compile(r"^(?P<level>#{1,6}) (?P<title>.*?)\s*(?:\{#(?P<id>[MP]\d+)\})?\s*$", re.M)
PYCON = re.compile(r"^```pycon\s*$\n(?P<body>.*?)^```\s*$", re.M | re.S)
IMPORT = re.compile(r"^>>> (?:from \S+ )?import .*$", re.M)

SECTION_TIMEOUT_S = 60
"""A section that runs longer than this is stopped and counts as failed."""


def page_of(rule: str) -> Path:
    """The rules page that holds ``rule``."""
    return PAGES[rule[0]]


def rule_sections(text: str) -> dict[str, str]:
    """Map each rule id anchored in ``text`` to its section, in page order.

    A section runs from its heading to the next heading of the same or a higher level.

    >>> text = "# G\\n## A {#M1}\\none\\n### more\\ntwo\\n## B {#M2}\\nthree\\n## End\\nfour\\n"
    >>> rule_sections(text)
    {'M1': '\\none\\n### more\\ntwo\\n', 'M2': '\\nthree\\n'}
    """
    headings = list(HEADING.finditer(text))
    sections: dict[str, str] = {}
    for index, heading in enumerate(headings):
        if not heading["id"]:
            continue
        level = len(heading["level"])
        end = len(text)
        for later in headings[index + 1 :]:
            if len(later["level"]) <= level:
                end = later.start()
                break
        sections[heading["id"]] = text[heading.end() : end]
    return sections


def rule_titles(text: str) -> dict[str, str]:
    """Map each rule id anchored in ``text`` to its heading's title."""
    return {h["id"]: h["title"] for h in HEADING.finditer(text) if h["id"]}


def examples(text: str) -> list[str]:
    """The bodies of the ``pycon`` blocks in ``text``, in order."""
    return [match["body"] for match in PYCON.finditer(text)]


def preamble(text: str) -> str:
    """The import statements of the examples before the page's first rule heading."""
    first = next((h for h in HEADING.finditer(text) if h["id"]), None)
    head = text[: first.start()] if first else text
    return "\n".join(IMPORT.findall("\n".join(examples(head)))) + "\n"


def section_source(rule: str) -> str:
    """The doctest source of ``rule``'s section: the page's preamble, then its examples."""
    text = page_of(rule).read_text(encoding="utf-8")
    return preamble(text) + "".join(examples(rule_sections(text)[rule]))


@dataclass(frozen=True)
class Example:
    """One example of a rule's section: a ``pycon`` block that runs on its own (after the
    page's preamble, on the real engine), with the blocks after it that carry on with
    what it set up."""

    rule: str
    number: int
    """1 for the section's first example, 2 for the next, and so on."""
    blocks: tuple[str, ...]
    preamble: str

    @property
    def source(self) -> str:
        """The doctest source of this example alone: the page's preamble, then its blocks."""
        return self.preamble + "".join(self.blocks)

    def __str__(self) -> str:
        first = self.blocks[0].split("\n", 1)[0].removeprefix(">>> ")
        first = first if len(first) <= 60 else first[:59] + "…"
        return f"{self.rule} example {self.number} ({first})"


@functools.cache
def rule_examples(rule: str) -> tuple[Example, ...]:
    """The examples of ``rule``'s section, in page order (see `Example`).

    A block begins a new example when it passes on its own on the real engine; call this
    only while the engine is not patched (the answer is kept for the session).
    """
    text = page_of(rule).read_text(encoding="utf-8")
    head = preamble(text)
    groups: list[list[str]] = []
    for block in examples(rule_sections(text)[rule]):
        if not groups or run_examples(head + block, rule).passed:
            groups.append([block])
        else:
            groups[-1].append(block)
    return tuple(
        Example(rule, number, tuple(group), head) for number, group in enumerate(groups, 1)
    )


def page_source(page: Path) -> str:
    """The doctest source of a whole page: every example, in order, in one namespace."""
    return "".join(examples(page.read_text(encoding="utf-8")))


@dataclass
class Failure:
    """One example that did not show what the page says."""

    source: str
    want: str
    got: str
    broken_by: str = ""
    """Set when the example crashed inside code listed in ``Run.watch``: the name of that code."""

    def __str__(self) -> str:
        return f">>> {self.source.strip()}\nexpected:\n{self.want}got:\n{self.got}"


@dataclass
class Run:
    """The outcome of running some examples."""

    failures: list[Failure] = field(default_factory=list)
    tried: int = 0

    @property
    def passed(self) -> bool:
        return self.tried > 0 and not self.failures

    @property
    def broken(self) -> list[Failure]:
        """Failures caused by a crash in watched code rather than by the engine's answers."""
        return [failure for failure in self.failures if failure.broken_by]


class _Runner(doctest.DocTestRunner):
    """A doctest runner that keeps its failures as data instead of printing them."""

    def __init__(self, watch: tuple[str, ...]) -> None:
        super().__init__(optionflags=FLAGS, verbose=False)
        self.run_result = Run()
        self.watch = watch

    def report_failure(
        self,
        out: Callable[[str], object],
        test: doctest.DocTest,
        example: doctest.Example,
        got: str,
    ) -> None:
        self.run_result.failures.append(Failure(example.source, example.want, got))

    def report_unexpected_exception(
        self,
        out: Callable[[str], object],
        test: doctest.DocTest,
        example: doctest.Example,
        exc_info: tuple[type[BaseException], BaseException, TracebackType],
    ) -> None:
        frames = traceback.extract_tb(exc_info[2])
        innermost = frames[-1].filename if frames else ""
        broken = next((path for path in self.watch if innermost == path), "")
        if isinstance(exc_info[1], PirateRulesError):
            broken = ""  # a refusal, even one a misreading makes: an answer, not a crash
        if getattr(exc_info[1], "broken_patch", False):
            broken = str(exc_info[1])
        got = "".join(traceback.format_exception_only(exc_info[0], exc_info[1]))
        if broken:
            got += f"  raised at {frames[-1].filename}:{frames[-1].lineno} in {frames[-1].name}\n"
        self.run_result.failures.append(Failure(example.source, example.want, got, broken))


def _on_alarm(signum: int, frame: FrameType | None) -> None:
    signal.alarm(1)  # and stop any later example that hangs too, one second on
    raise TimeoutError(f"the examples ran longer than {SECTION_TIMEOUT_S} s")


@contextmanager
def _time_limit(seconds: int) -> Iterator[None]:
    if not hasattr(signal, "SIGALRM"):
        yield
        return
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def run_examples(source: str, name: str, *, watch: tuple[str, ...] = ()) -> Run:
    """Run doctest ``source`` in a fresh namespace, as the documentation tests do.

    Every example runs, even after a failure (as doctest does without ``-x``), so a
    run reports all the examples that disagree. An unexpected exception whose
    innermost frame lies in one of the files ``watch`` counts as *broken*: the code
    there crashed, rather than the engine giving another answer. (A rules error is an
    answer wherever it is raised: a patch may refuse a move, as its misreading would.)
    """
    test = doctest.DocTestParser().get_doctest(source, {"__name__": name}, name, None, 0)
    runner = _Runner(tuple(str(Path(path)) for path in watch))
    stdout = sys.stdout
    try:
        with _time_limit(SECTION_TIMEOUT_S):
            result = runner.run(test, clear_globs=True)
    except TimeoutError as error:
        runner.run_result.failures.append(Failure(name, "", str(error)))
        result = doctest.TestResults(1, 1)
    finally:
        sys.stdout = stdout
    runner.run_result.tried = result.attempted
    return runner.run_result
