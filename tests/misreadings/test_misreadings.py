"""Each rule's own section of its rules page rules out the misreadings of that rule.

For every rule id: the section passes on the real engine; under each catalogued
misreading of the rule (see `catalogue`), the same section fails because the engine
answers differently, not because the patch crashed. The rule's "Not to be confused
with" box names exactly the catalogued misreadings, so the page and the catalogue stay
in step. Weakening a rule's examples makes one of these tests fail.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from catalogue import CATALOGUE_FILES, Misreading, MissingTarget, apply, resolve, targets
from marvin_misreadings import MARVIN_MISREADINGS
from marvin_patches import PLAIN
from pirate_misreadings import PIRATE_MISREADINGS
from rule_pages import page_of, rule_sections, run_examples, section_source

from pirate_rules.rulebook import RULES

CATALOGUE: tuple[Misreading, ...] = MARVIN_MISREADINGS + PIRATE_MISREADINGS
ALL_RULES = sorted(RULES, key=lambda rule: (rule[0], int(rule[1:])))
FEWER_THAN_THREE = {"M3", "M4"}
"""Rules that leave little room to misread: fewer than three misreadings are catalogued."""

BOX = re.compile(r'^!!! misreadings "Not to be confused with"\n(?P<body>(?:\n|    .*\n)+)', re.M)


def box_names(rule: str) -> list[str]:
    """The misreadings named in ``rule``'s "Not to be confused with" box, in order."""
    section = rule_sections(page_of(rule).read_text(encoding="utf-8"))[rule]
    boxes = BOX.findall(section)
    assert len(boxes) == 1, f"{rule} needs one 'Not to be confused with' box, has {len(boxes)}"
    return [line.strip()[2:].strip() for line in boxes[0].splitlines() if line.strip()]


@pytest.mark.parametrize("rule", ALL_RULES)
def test_the_rule_section_passes_on_its_own(rule: str) -> None:
    run = run_examples(section_source(rule), rule)
    assert run.tried, f"{rule}'s section has no example"
    assert run.passed, f"{rule}'s section fails on the engine:\n" + "\n".join(
        map(str, run.failures)
    )


@pytest.mark.parametrize("item", CATALOGUE, ids=str)
def test_the_rule_section_rules_out_the_misreading(
    item: Misreading, monkeypatch: pytest.MonkeyPatch
) -> None:
    apply(item, monkeypatch)
    run = run_examples(section_source(item.rule), item.rule, watch=CATALOGUE_FILES)
    assert not run.broken, f"the patch for '{item}' crashed:\n" + "\n".join(map(str, run.broken))
    assert not run.passed, (
        f"every example of {item.rule} still passes if the engine thinks '{item.name}':"
        " add an example to that section that tells the two apart"
    )


def test_every_patch_target_exists() -> None:
    missing = []
    for target in targets(CATALOGUE):
        try:
            resolve(target)
        except MissingTarget as error:
            missing.append(str(error))
    assert not missing, "\n".join(missing)


def test_most_rules_have_three_misreadings_and_every_rule_one() -> None:
    counts = Counter(item.rule for item in CATALOGUE)
    assert set(counts) <= set(RULES)
    for rule in ALL_RULES:
        wanted = 1 if rule in FEWER_THAN_THREE else 3
        assert counts[rule] >= wanted, f"{rule} has {counts[rule]} misreadings, needs {wanted}"


def test_misreading_names_are_unique_within_a_rule() -> None:
    names = Counter((item.rule, item.name) for item in CATALOGUE)
    assert not [key for key, count in names.items() if count > 1]


@pytest.mark.parametrize("rule", ALL_RULES)
def test_the_box_names_exactly_the_catalogued_misreadings(rule: str) -> None:
    catalogued = [item.name for item in CATALOGUE if item.rule == rule]
    assert box_names(rule) == catalogued


def test_a_weakened_section_lets_its_misreading_through(monkeypatch: pytest.MonkeyPatch) -> None:
    item = next(i for i in CATALOGUE if i.name == "a shield stops the 8")
    checked = '>>> game.sides[1]["GL"], game.sides[1].pirates_left\n(None, 3)\n'
    source = section_source("M12")
    assert checked in source
    apply(item, monkeypatch)
    assert not run_examples(source, "M12").passed
    assert run_examples(source.replace(checked, ""), "M12").passed


def test_a_missing_target_fails_and_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    target = "pirate_rules.marvin.game:MarvinGame._no_such_step"
    item = Misreading("M10", "a test of the catalogue", {target: lambda original: original})
    with pytest.raises(pytest.fail.Exception, match=r"MarvinGame\._no_such_step"):
        apply(item, monkeypatch)


def test_a_crashing_patch_counts_as_broken_not_as_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def crashing(original: object) -> object:
        return lambda game, move: game.no_such_attribute

    target = "pirate_rules.marvin.game:MarvinGame._resolve"
    patches = {target: crashing, **PLAIN}  # _resolve runs on the plain code only
    apply(Misreading("M10", "a test of the catalogue", patches), monkeypatch)
    run = run_examples(section_source("M10"), "M10", watch=CATALOGUE_FILES)
    assert run.broken and "no_such_attribute" in run.broken[0].got
