"""Every rule id has a heading anchor and an executable example on its rules page.

The rules pages are the specification: each rule's heading carries its id as anchor
(``{#M7}``) and its section (up to the next heading of the same or a higher level, see
``misreadings/rule_pages.py``) holds at least one ``pycon`` block, which the
documentation tests run. The rule sections come in id order, which is also the order
of a turn.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from misreadings.rule_pages import DOCS, PYCON
from misreadings.rule_pages import rule_sections as sections_of

from pirate_rules.rulebook import MARVIN_RULES, PIRATE_RULES, RULES, rule_page


def rule_sections(page: Path) -> dict[str, str]:
    """Map each rule id anchored on ``page`` to its section."""
    return sections_of(page.read_text(encoding="utf-8"))


def test_rule_sections_reads_anchors_and_bodies() -> None:
    page = DOCS / "rules" / "marvin.md"
    sections = rule_sections(page)
    assert "M1" in sections
    assert "{#M1}" not in sections["M1"]


@pytest.mark.parametrize("rule", sorted(RULES, key=lambda r: (r[0], int(r[1:]))))
def test_every_rule_has_an_anchor_and_an_example(rule: str) -> None:
    page_name, anchor = rule_page(rule).split("#")
    sections = rule_sections(DOCS / page_name)
    assert anchor in sections, f"{page_name} has no heading anchored {{#{rule}}}"
    examples = [m["body"] for m in PYCON.finditer(sections[rule])]
    assert any(">>>" in body for body in examples), (
        f"{rule} on {page_name} has no executable ```pycon example"
    )


@pytest.mark.parametrize("rule", ["M7", "M14", "M16", "M17", "P6", "P7", "P9"])
def test_tricky_rules_have_several_examples_and_a_refusal(rule: str) -> None:
    page_name, anchor = rule_page(rule).split("#")
    body = rule_sections(DOCS / page_name)[anchor]
    examples = PYCON.findall(body)
    assert len(examples) >= 2, f"{rule} needs several examples, has {len(examples)}"
    if rule not in {"M17", "P7"}:
        assert any(f"({rule})" in ex for ex in examples), f"{rule} shows no refused move"


@pytest.mark.parametrize("page", ["marvin.md", "pirate.md"])
def test_rule_sections_come_in_id_order(page: str) -> None:
    anchored = list(rule_sections(DOCS / "rules" / page))
    assert anchored == sorted(anchored, key=lambda rule: int(rule[1:])), anchored


def test_pages_anchor_only_known_rules() -> None:
    for page, known in (("marvin.md", MARVIN_RULES), ("pirate.md", PIRATE_RULES)):
        anchored = set(rule_sections(DOCS / "rules" / page))
        assert anchored <= set(known), f"unknown rule anchors on {page}: {anchored - set(known)}"


def test_engine_names_only_known_rules() -> None:
    source = Path(__file__).resolve().parent.parent / "pirate_rules"
    named = set()
    for path in source.rglob("*.py"):
        named |= set(re.findall(r"rule=\"([A-Z]\d+)\"", path.read_text(encoding="utf-8")))
    assert named, "the engine names no rule ids"
    assert named <= set(RULES), f"unknown rule ids in the engine: {named - set(RULES)}"


def test_rulings_page_lists_every_rule_with_its_link() -> None:
    text = (DOCS / "rules" / "rulings.md").read_text(encoding="utf-8")
    for rule in RULES:
        page, anchor = rule_page(rule).split("#")
        link = f"[{rule}]({page.removeprefix('rules/')}#{anchor})"
        assert link in text, f"rulings.md does not link {rule} as {link}"
