"""Whatever a learner writes, the checks answer with a sentence about their code, lines marked.

Syntax errors, imports of the engine, missing functions, changed signatures, wrong
types, exceptions, loops that never end and functions that change what they are asked
about: each comes back as a finding (or a fault of the whole file) in words, with the
lines to mark, and nothing of the checks' own code in the traceback.
"""

from __future__ import annotations

import pytest
from wrong_solutions import MODEL

from pirate_rules import course

QUICK = 0.3
"""How long one call may run in these tests: loops are stopped sooner than in a page."""


def replaced(old: str, new: str, file: str = "my_engine.py") -> str:
    source = MODEL[file]
    assert source.count(old) == 1, old
    return source.replace(old, new)


def failed(number: int, source: str) -> list[course.Finding]:
    report = course.check(number, source, seconds=QUICK)
    assert report.fault is None, report.fault.message
    return report.failed


def line_of(source: str, text: str) -> int:
    return next(n for n, line in enumerate(source.splitlines(), 1) if text in line)


@pytest.mark.parametrize(
    ("source", "message", "line"),
    [
        (
            "import random\n\ndef new_deck(jokers=2)\n    return []\n",
            "line 3 has a syntax error",
            3,
        ),
        ("from pirate_rules.marvin import MarvinGame\n", "imports pirate_rules (line 1)", 1),
        ("import pirate_rules.course as mine\n", "imports pirate_rules (line 1)", 1),
        ("x = __import__('pirate' + '_rules')\n", "stops at line 1 with ImportError", 1),
        (
            "import importlib\n\nengine = importlib.import_module('pirate_rules.marvin')\n",
            "imports pirate_rules (line 3)",
            3,
        ),
        ("import sys\nengine = sys.modules['pirate_rules']\n", "imports pirate_rules (line 2)", 2),
        ("n = 0\nwhile True:\n    n += 1\n", "was still running after 0.3 seconds", 2),
        ("x = 1\ny = x / 0\n", "stops at line 2 with ZeroDivisionError: division by zero", 2),
    ],
)
def test_a_file_that_does_not_run_is_told_with_its_line(
    source: str, message: str, line: int
) -> None:
    report = course.check(1, source, seconds=QUICK)
    assert report.fault is not None and not report.passed
    assert message in report.fault.message
    assert report.fault.lines[-1:] == (line,)
    assert "pirate_rules/" not in report.fault.trace


def test_a_file_must_be_text() -> None:
    report = course.check(1, b"def new_deck(): pass")  # type: ignore[arg-type]
    assert report.fault is not None and report.fault.message == "my_engine.py must be text"


def test_the_skeleton_says_what_is_left_to_write() -> None:
    from pirate_rules.course.chapters import through

    findings = failed(2, through(2))
    assert findings and all(f.problem.endswith("is not written yet") for f in findings)
    assert {f.problem for f in findings} >= {"new_crew() is not written yet"}


def test_a_missing_function_is_named_with_its_parameters() -> None:
    source = MODEL["my_engine.py"].replace("def draw(", "def take_a_card(")
    problems = {f.problem for f in failed(1, source)}
    assert "my_engine.py has no function draw(piles, shuffle): this chapter asks for it" in problems


def test_a_changed_signature_is_told_and_marked() -> None:
    source = replaced(
        "def targets(crew: Crew) -> list[str]:",
        "def targets(crew: Crew, player: int) -> list[str]:",
    )
    findings = failed(2, source)
    assert findings[0].problem.startswith(
        "your targets(crew, player) should be targets(crew), as in the skeleton"
    )
    assert findings[0].lines == (line_of(source, "def targets("),)


def test_a_wrong_type_is_told() -> None:
    source = replaced(
        "    return [p for p in standing(crew) if p in GUARDS or in_front(p) not in crew.pirates]",
        '    return "GL GR"',
    )
    problems = [f.problem for f in failed(2, source)]
    assert (
        "your targets() should return a list of text such as ['GL', 'GR'], not 'GL GR'" in problems
    )


def test_a_forgotten_return_is_told() -> None:
    source = replaced(
        "    return [p for p in standing(crew) if p in GUARDS or in_front(p) not in crew.pirates]",
        "    [p for p in standing(crew) if p in GUARDS or in_front(p) not in crew.pirates]",
    )
    problems = [f.problem for f in failed(2, source)]
    assert "your targets() returned None: did you forget to return the list?" in problems


def test_a_question_that_changes_what_it_was_asked_about_is_told() -> None:
    source = replaced(
        "    return [p for p in standing(crew) if p in GUARDS or in_front(p) not in crew.pirates]",
        '    crew.pirates.pop("CR", None)\n'
        "    return [p for p in standing(crew) if p in GUARDS or in_front(p) not in crew.pirates]",
    )
    problems = [f.problem for f in failed(2, source)]
    assert any(
        p.startswith("your targets() changed the crew: a function that answers") for p in problems
    )


def test_an_exception_is_told_with_a_traceback_of_the_learners_lines() -> None:
    source = replaced("RANKS.index(card[0]) + 1\n", "RANKS.index(card) + 1\n")
    finding = next(f for f in failed(1, source) if "rank()" in f.problem)
    assert finding.problem == "your rank() raised ValueError: substring not found"
    assert finding.lines == (line_of(source, "RANKS.index(card) + 1"),)
    assert finding.trace.splitlines()[-1] == "ValueError: substring not found"
    assert "pirate_rules" not in finding.trace


def test_a_loop_that_never_ends_is_stopped_at_its_line() -> None:
    source = replaced(
        "    return piles.draw.pop(0)",
        "    while piles.draw:\n        card = piles.draw[0]\n    return card",
    )
    finding = next(f for f in failed(1, source) if "still running" in f.problem)
    assert finding.rule == "M9"
    assert finding.problem.startswith("your draw() was still running after 0.3 seconds")
    assert set(finding.lines) <= {
        line_of(source, "while piles.draw"),
        line_of(source, "card = piles"),
    }


def test_a_loop_that_swallows_every_exception_is_still_stopped() -> None:
    loop = "    try:\n        while True:\n            pass\n    except Exception:\n        pass\n"
    source = replaced("    return 0 if card == JOKER", loop + "    return 0 if card == JOKER")
    assert any("still running" in f.problem for f in failed(1, source))


def test_a_loop_in_the_run_beside_the_real_engine_is_stopped() -> None:
    source = replaced(
        "    if not piles.draw:\n        piles.draw, piles.discard = shuffle(piles.discard), []\n",
        "    while not piles.draw:\n        pass\n",
    )
    source = source.replace("def _never", "def _never")
    comparison = course.Comparison(1, source, games=50, seconds=QUICK)
    comparison.advance()
    found = comparison.disagreement
    assert found is not None and "draw() was still running" in found.text
    assert found.lines
