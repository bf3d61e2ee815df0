"""The rules pages' examples, page by page, as the documentation tests run them.

This is the test that ``make mutation`` runs against each mutant of the engine: the
rules pages alone. (The documentation tests run the same examples through Sybil; the
catalogue tests run them section by section.)
"""

from __future__ import annotations

from rule_pages import PAGES, page_source, run_examples


def test_the_rules_pages_pass() -> None:
    for page in PAGES.values():
        run = run_examples(page_source(page), page.name)
        assert run.passed, f"{page.name}:\n" + "\n".join(map(str, run.failures))
