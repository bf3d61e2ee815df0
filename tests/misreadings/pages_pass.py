"""The rules pages' examples, page by page, as the documentation tests run them.

This is the test that ``make mutation`` runs against each mutant of the engine: the
rules pages alone. (The documentation tests run the same examples through Sybil; the
catalogue tests run them section by section.)

The pages run twice: with the engine's shortcuts, as a reader's examples run, and with
its plain code alone, where each rule is stated in a method of its own. The shortcuts
(``pirate_rules.marvin.shortcuts``, ``pirate_rules.pirate.shortcuts``) write the common
steps out and skip those methods, so with the shortcuts alone, a mutant of a rule's own
method would never run, and would survive whatever the pages say.
"""

from __future__ import annotations

from rule_pages import PAGES, page_source, run_examples

from pirate_rules.marvin import game as marvin_game
from pirate_rules.pirate import game as pirate_game


def test_the_rules_pages_pass() -> None:
    for fast in (True, False):
        marvin_game._FAST_PATHS = pirate_game._FAST_PATHS = fast
        try:
            for page in PAGES.values():
                run = run_examples(page_source(page), page.name)
                way = "with the shortcuts" if fast else "with the plain code"
                assert run.passed, f"{page.name}, {way}:\n" + "\n".join(map(str, run.failures))
        finally:
            marvin_game._FAST_PATHS = pirate_game._FAST_PATHS = True
