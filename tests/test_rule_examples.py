"""Every rule id has a heading anchor and an executable example on its rules page.

The rules pages are the specification: each rule's heading carries its id as anchor
(``{#M7}``) and is followed, before the next rule heading, by at least one ``pycon``
block, which the documentation tests run.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pirate_rules.rulebook import MARVIN_RULES, PIRATE_RULES, RULES, rule_page

DOCS = Path(__file__).resolve().parent.parent / "docs"
HEADING = re.compile(r"^#{1,6} .*\{#(?P<id>[MP]\d+)\}\s*$", re.MULTILINE)
PYCON = re.compile(r"^```pycon\s*$\n(?P<body>.*?)^```\s*$", re.MULTILINE | re.DOTALL)


def rule_sections(page: Path) -> dict[str, str]:
    """Map each rule id anchored on ``page`` to its text, up to the next rule heading."""
    text = page.read_text(encoding="utf-8")
    headings = list(HEADING.finditer(text))
    sections: dict[str, str] = {}
    for here, after in zip(headings, [*headings[1:], None], strict=True):
        end = after.start() if after else len(text)
        sections[here["id"]] = text[here.end() : end]
    return sections


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
