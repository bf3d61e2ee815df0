"""The course's checks: the model solution passes them, each wrong solution fails its rule's.

The model solution (``solutions/``) is the track's answer, held to the same rule as a
learner's file: it imports nothing from ``pirate_rules``. The wrong solutions
(``wrong_solutions.py``) are small changes to it, most of them taken from the misreading
catalogue; each must fail its chapter's checks (or, for a few, the run beside the real
engine) naming its rule, with the message a learner would read.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest
from wrong_solutions import MODEL, WRONG, WrongSolution

from pirate_rules import course
from pirate_rules.course.chapters import CHAPTERS, skeleton_text
from pirate_rules.course.speed import code_lines, part_lines

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "misreadings"))
from marvin_misreadings import MARVIN_MISREADINGS
from pirate_misreadings import PIRATE_MISREADINGS

FILES = ("my_engine.py", "my_moments.py")
SEEDS = (0, 11_578, 11_781, 314_159, 999_800)
"""The first seeds of the runs beside the real engine that the tests hold a wrong solution to.

In the first games of 11,578 and 11,781, an engine that forgets to bring the hidden captain
back then plays on into a draw (and a shuffle) that the real engine does not make: the
crew that went wrong first is what is told, not the shuffle that followed from it."""


def model(number: int) -> str:
    return MODEL[CHAPTERS[number].file]


@pytest.mark.parametrize("number", CHAPTERS)
def test_the_model_solution_passes_every_check(number: int) -> None:
    report = course.check(number, model(number))
    assert report.fault is None
    assert [(f.rule, f.problem) for f in report.failed] == []
    checked = {f.rule for f in report.findings}
    assert checked >= set(CHAPTERS[number].rules)
    # a chapter may check an earlier chapter's rule again, where its own code can break it
    earlier = {rule for n in CHAPTERS if n <= number for rule in CHAPTERS[n].rules}
    assert checked <= earlier


@pytest.mark.parametrize("file", FILES)
def test_the_model_solution_imports_nothing_of_the_engine(file: str) -> None:
    tree = ast.parse(MODEL[file])
    imported = [
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    ] + [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    assert imported and not [name for name in imported if name.startswith("pirate_rules")]


def _definitions(source: str) -> dict[str, str]:
    """Each top-level definition of ``source``: a function's signature and docstring, or a
    class's or a constant's whole text."""
    tree = ast.parse(source)
    found = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            docstring = ast.get_docstring(node)
            found[node.name] = (
                f"{ast.unparse(node.args)} -> {ast.unparse(node.returns)}: {docstring}"
            )
        elif isinstance(node, ast.ClassDef):
            found[node.name] = ast.unparse(node)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            target = node.targets[0] if isinstance(node, ast.Assign) else node.target
            found[ast.unparse(target)] = ast.unparse(node)
    return found


@pytest.mark.parametrize("file", FILES)
def test_the_model_solution_fills_in_the_skeleton(file: str) -> None:
    """Same signatures, docstrings, classes and constants as the skeleton gives; only the
    bodies of the functions to write differ (and the model may add a helper); a function
    the skeleton gives whole is the model's, word for word."""
    skeleton, solution = _definitions(skeleton_text(file)), _definitions(MODEL[file])
    assert {name: solution.get(name) for name in skeleton} == skeleton
    given = [n for n in ast.parse(skeleton_text(file)).body if isinstance(n, ast.FunctionDef)]
    stubs = {n.name for n in given if "NotImplementedError" in ast.unparse(n.body[-1])}
    asked = {
        name for chapter in CHAPTERS.values() if chapter.file == file for name in chapter.functions
    }
    assert stubs == asked
    model = {n.name: n for n in ast.parse(MODEL[file]).body if isinstance(n, ast.FunctionDef)}
    for function in given:
        if function.name not in stubs:
            assert ast.unparse(model[function.name]) == ast.unparse(function), function.name


def test_the_model_engine_is_small() -> None:
    """The whole engine a learner ends with: at most about 250 lines of code."""
    assert code_lines(MODEL["my_engine.py"]) <= 250
    parts = part_lines(MODEL["my_engine.py"])
    assert list(parts) == ["start", *(f"chapter {n}" for n in range(1, 6))]
    assert sum(parts.values()) == code_lines(MODEL["my_engine.py"])


@pytest.mark.parametrize("wrong", WRONG, ids=str)
def test_each_wrong_solution_fails_its_rule(wrong: WrongSolution) -> None:
    source = wrong.source
    assert source != MODEL[wrong.file]
    report = course.check(wrong.chapter, source)
    assert report.fault is None
    if wrong.beside:
        assert report.passed, [(f.rule, f.problem) for f in report.failed]
        for seed in SEEDS:  # caught whatever the seeds of the run
            comparison = course.Comparison(wrong.chapter, source, first_seed=seed)
            comparison.advance()
            found = comparison.disagreement
            assert found is not None and found.rule == wrong.rule, (seed, found)
            assert wrong.says in found.text, seed
        return
    failed = [(f.rule, f.problem) for f in report.failed]
    assert failed and failed[0][0] == wrong.rule, failed  # the first failure names the rule
    named = [f for f in report.failed if f.rule == wrong.rule]
    assert any(wrong.says in f.problem for f in named), [f.problem for f in named]


def test_every_rule_of_the_track_has_a_wrong_solution() -> None:
    rules = {rule for chapter in CHAPTERS.values() for rule in chapter.rules}
    caught = {w.rule for w in WRONG if w.rule in CHAPTERS[w.chapter].rules}
    assert caught == rules


def test_the_wrong_solutions_from_the_catalogue_are_named_as_it_names_them() -> None:
    names = {item.name for item in MARVIN_MISREADINGS + PIRATE_MISREADINGS}
    assert [w.name for w in WRONG if w.catalogue and w.name not in names] == []
