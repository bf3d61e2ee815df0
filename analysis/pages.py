"""Filling the page templates: number formats, small tables and the generated-page header.

A template is Markdown with ``{name}`` placeholders (lower case letters, digits and
underscores). Every placeholder must have a value and every value must be used, so a
page can never show a stale or missing figure.

    >>> fill("Seat 0 won {share}.", {"share": percent(3, 4)})
    'Seat 0 won 75.0%.'
    >>> fill("{missing}", {})
    Traceback (most recent call last):
    ...
    KeyError: 'template placeholder {missing} has no value'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Final

from pirate_rules.stats import wilson_interval

__all__ = [
    "PLACEHOLDER",
    "TEMPLATES",
    "fill",
    "header",
    "interval",
    "markdown_table",
    "percent",
    "rate",
    "share_with_interval",
]

TEMPLATES: Final = Path(__file__).resolve().parent / "templates"
"""Where the page templates live: one ``<game>.md`` per page."""

PLACEHOLDER: Final = re.compile(r"\{([a-z][a-z0-9_]*)\}")
"""A ``{name}`` to fill in a template."""


def fill(template: str, values: Mapping[str, str]) -> str:
    """``template`` with each ``{name}`` replaced by ``values[name]``.

    Raises:
        KeyError: if a placeholder has no value, or a value is never used.
    """
    used: set[str] = set()

    def value(match: re.Match[str]) -> str:
        name = match[1]
        if name not in values:
            raise KeyError(f"template placeholder {{{name}}} has no value")
        used.add(name)
        return values[name]

    text = PLACEHOLDER.sub(value, template)
    unused = sorted(set(values) - used)
    if unused:
        raise KeyError(f"values never used by the template: {', '.join(unused)}")
    return text


def rate(successes: int, trials: int) -> float:
    """``successes / trials``, or 0 with no trials."""
    return successes / trials if trials else 0.0


def percent(successes: int, trials: int) -> str:
    """A share as a percentage with one decimal, such as ``'52.3%'`` (a dash with no trials)."""
    return f"{100 * successes / trials:.1f}%" if trials else "-"


def interval(successes: int, trials: int) -> str:
    """The 95% Wilson interval of a share, such as ``'50.1% to 54.5%'``.

    >>> interval(60, 100)
    '50.2% to 69.1%'
    """
    low, high = wilson_interval(successes, trials)
    return f"{100 * low:.1f}% to {100 * high:.1f}%"


def share_with_interval(successes: int, trials: int) -> str:
    """A share and its 95% interval, for table cells: ``'60.0% (50.2-69.1)'``.

    >>> share_with_interval(60, 100)
    '60.0% (50.2-69.1)'
    >>> share_with_interval(0, 0)
    '-'
    """
    if not trials:
        return "-"
    low, high = wilson_interval(successes, trials)
    return f"{100 * successes / trials:.1f}% ({100 * low:.1f}-{100 * high:.1f})"


def markdown_table(
    head: Sequence[str], rows: Sequence[Sequence[str]], *, left: Sequence[int] = (0,)
) -> str:
    """A Markdown table: the columns numbered in ``left`` (words) are left-aligned, the
    others (numbers) right-aligned.

    >>> print(markdown_table(["bot", "wins"], [["random", "50%"]]))
    | bot | wins |
    | :-- | --: |
    | random | 50% |
    """
    lines = [
        "| " + " | ".join(head) + " |",
        "| " + " | ".join(":--" if i in left else "--:" for i in range(len(head))) + " |",
    ]
    lines.extend("| " + " | ".join(row) + " |" for row in rows)
    return "\n".join(lines)


def round_robin(
    bots: Sequence[str],
    record: Callable[[str, str], tuple[int, int]],
    note: Callable[[str, str], str],
) -> tuple[list[list[str]], list[list[float | None]], list[list[str]]]:
    """A round robin's table rows, with the heat map's shares and notes beside them.

    ``record(bot, other)`` gives the row bot's wins and games against ``other``, and
    ``note(bot, other)`` the heat map's small print for that cell.

    Example:
        >>> rows, grid, notes = round_robin(["a", "b"], lambda b, o: (3, 4), lambda b, o: "")
        >>> rows[0], grid[1]
        (['`a`', '-', '75.0% (30.1-95.4)'], [0.75, None])
    """
    rows: list[list[str]] = []
    grid: list[list[float | None]] = []
    notes: list[list[str]] = []
    for bot in bots:
        row, remarks = [f"`{bot}`"], []
        shares: list[float | None] = []
        for other in bots:
            if other == bot:
                row.append("-")
                shares.append(None)
                remarks.append("")
                continue
            wins, games = record(bot, other)
            row.append(share_with_interval(wins, games))
            shares.append(rate(wins, games))
            remarks.append(note(bot, other))
        rows.append(row)
        grid.append(shares)
        notes.append(remarks)
    return rows, grid, notes


def header(game: str, command: str, seed: int, sizes: str) -> str:
    """The HTML comment that opens a generated page: how it was made, and not to edit it."""
    return (
        f"<!-- Generated by `make analysis` ({command}) with base seed {seed} and {sizes}. "
        f"The figures come from docs/analysis/data/{game}.json. Do not edit by hand: change "
        f"analysis/templates/{game}.md or the analysis scripts, then run `make analysis`. -->\n"
    )
