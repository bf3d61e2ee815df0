"""Print how well the rules pages rule out the catalogued misreadings, rule by rule.

For each rule: how many misreadings are catalogued, how many its own section catches,
and how many the whole rules pages catch (every example of both pages, as the
documentation tests run them). A misreading whose patch crashes counts as not caught
and is listed.

Usage::

    python tests/misreadings/report.py [--names]
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from catalogue import CATALOGUE_FILES, Misreading, apply
from marvin_misreadings import MARVIN_MISREADINGS
from pirate_misreadings import PIRATE_MISREADINGS
from rule_pages import PAGES, page_source, run_examples, section_source


def caught(item: Misreading, source: str, why: bool = False) -> str:
    """``"yes"``, ``"no"`` or ``"broken"``: does ``source`` fail under ``item``?

    ``"n/a"`` when ``source`` fails on the real engine already.
    """
    if not run_examples(source, item.rule).passed:
        return "n/a"
    with pytest.MonkeyPatch.context() as monkeypatch:
        apply(item, monkeypatch)
        run = run_examples(source, item.rule, watch=CATALOGUE_FILES)
    if why and run.failures:
        print(f"--- {item}\n{run.failures[0]}")
    if run.broken:
        return "broken"
    return "no" if run.passed else "yes"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--names", action="store_true", help="list the misreadings too")
    parser.add_argument("--why", action="store_true", help="show the first failing example")
    args = parser.parse_args(argv)
    pages = {letter: page_source(page) for letter, page in PAGES.items()}
    rows: dict[str, list[tuple[Misreading, str, str]]] = defaultdict(list)
    for item in MARVIN_MISREADINGS + PIRATE_MISREADINGS:
        try:
            own = caught(item, section_source(item.rule), args.why)
        except KeyError:
            own = "no section"
        rows[item.rule].append((item, own, caught(item, pages[item.rule[0]])))
    print(f"{'rule':<5} {'misreadings':>11} {'own section':>11} {'pages':>6}")
    totals = [0, 0, 0]
    for rule, items in rows.items():
        own = sum(o == "yes" for _, o, _ in items)
        whole = sum(p == "yes" for _, _, p in items)
        totals = [totals[0] + len(items), totals[1] + own, totals[2] + whole]
        print(f"{rule:<5} {len(items):>11} {own:>11} {whole:>6}")
        if args.names:
            for item, o, p in items:
                print(f"      own {o:<6} pages {p:<6} {item.name}")
    print(f"{'all':<5} {totals[0]:>11} {totals[1]:>11} {totals[2]:>6}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
