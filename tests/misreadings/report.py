"""Print how well the rules pages rule out the catalogued misreadings, rule by rule.

For each rule: how many misreadings are catalogued, how many its own section catches,
how many of them have an example of their own there (one that only they need, see
`catalogue.own_examples`), and how many the whole rules pages catch (every example of
both pages, as the documentation tests run them). A misreading whose patch crashes
counts as not caught. With ``--names``, each misreading is listed with the numbers of
the examples of its section that fail under it, and its own example if it has one.

Usage::

    python tests/misreadings/report.py [--names] [--why]
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from catalogue import CATALOGUE_FILES, Misreading, Verdict, apply, judge, own_examples
from marvin_misreadings import MARVIN_MISREADINGS
from pirate_misreadings import PIRATE_MISREADINGS
from rule_pages import PAGES, page_source, run_examples


def caught(item: Misreading, source: str) -> str:
    """``"yes"``, ``"no"`` or ``"broken"``: does ``source`` fail under ``item``?

    ``"n/a"`` when ``source`` fails on the real engine already.
    """
    if not run_examples(source, item.rule).passed:
        return "n/a"
    with pytest.MonkeyPatch.context() as monkeypatch:
        apply(item, monkeypatch)
        run = run_examples(source, item.rule, watch=CATALOGUE_FILES)
    if run.broken:
        return "broken"
    return "no" if run.passed else "yes"


def verdict_word(verdict: Verdict) -> str:
    if verdict.broken:
        return "broken"
    return "yes" if verdict.failing else "no"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--names", action="store_true", help="list the misreadings too")
    parser.add_argument("--why", action="store_true", help="show each crash of a patch")
    args = parser.parse_args(argv)
    pages = {letter: page_source(page) for letter, page in PAGES.items()}
    rows: dict[str, list[tuple[Verdict, str]]] = defaultdict(list)
    for item in MARVIN_MISREADINGS + PIRATE_MISREADINGS:
        verdict = judge(item)
        if args.why:
            for failure in verdict.broken:
                print(f"--- {item}\n{failure}")
        rows[item.rule].append((verdict, caught(item, pages[item.rule[0]])))
    print(f"{'rule':<5} {'misreadings':>11} {'own section':>11} {'own example':>11} {'pages':>6}")
    totals = [0, 0, 0, 0]
    for rule, items in rows.items():
        owners = own_examples([verdict for verdict, _ in items])
        counts = [
            len(items),
            sum(verdict.caught for verdict, _ in items),
            sum(number is not None for number in owners.values()),
            sum(whole == "yes" for _, whole in items),
        ]
        totals = [total + count for total, count in zip(totals, counts, strict=True)]
        print(f"{rule:<5} {counts[0]:>11} {counts[1]:>11} {counts[2]:>11} {counts[3]:>6}")
        if args.names:
            for verdict, whole in items:
                name = verdict.misreading.name
                failing = ",".join(map(str, verdict.failing)) or "-"
                own = owners[name] if owners[name] is not None else "-"
                print(
                    f"      own {verdict_word(verdict):<6} pages {whole:<6} examples"
                    f" {failing:<9} own example {own!s:<3} {name}"
                    f" (reads: {verdict.misreading.reads!r})"
                )
    print(f"{'all':<5} {totals[0]:>11} {totals[1]:>11} {totals[2]:>11} {totals[3]:>6}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
