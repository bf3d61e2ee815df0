"""``pirate-rules learn``: the checks of "Build it yourself", at home.

* ``learn chapters``: the chapters, their rules and the functions each asks for;
* ``learn start N [FILE]``: write the skeleton as it stands at chapter N, or add chapter
  N's part to the FILE that holds the chapters before it, keeping what is there;
* ``learn check N FILE``: run chapter N's checks on FILE, then, if they all pass, play
  it beside the real engine over 200 games (``--games``), from a new seed each run
  (``--seed`` repeats one).

Exit status 0 when everything passes, 1 when a check fails, the engines disagree or the
file does not run, 2 for a bad command line.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from pathlib import Path
from typing import Any

from pirate_rules.errors import PirateRulesError

__all__ = ["add_learn", "run"]

GAMES = 200


def add_learn(commands: Any) -> None:
    """Add the ``learn`` command to the command line's sub-commands."""
    from pirate_rules.course.chapters import CHAPTERS

    numbers = [str(number) for number in CHAPTERS]
    learn = commands.add_parser(
        "learn",
        help="check your own engine, chapter by chapter (Build it yourself)",
        description="The checks of the site's 'Build it yourself' track: write the rules"
        " as code, chapter by chapter, and check them as the site's pages do.",
        epilog_of=lambda: (
            "Examples:\n  pirate-rules learn start 1 my_engine.py\n"
            "  pirate-rules learn check 1 my_engine.py\n  pirate-rules learn check 6 my_moments.py"
        ),
    )
    steps = learn.add_subparsers(dest="step", metavar="STEP", parser_class=type(learn))
    steps.required = True
    steps.add_parser("chapters", help="list the chapters", description="List the chapters.")
    start = steps.add_parser(
        "start",
        help="write the skeleton of a chapter, or add its part to your file",
        description="Write the skeleton file as it stands at chapter N: its given code and"
        " the functions to write, up to that chapter. If FILE holds your code of the"
        " chapters before N, chapter N's part is added at its end and your code is kept"
        " (the file as it was is kept beside it, as FILE.before-chapter-N).",
    )
    start.add_argument("chapter", choices=numbers, metavar="N", help="the chapter, 1 to 6")
    start.add_argument("file", nargs="?", help="where to write it (default: print it)")
    start.add_argument(
        "--force",
        action="store_true",
        help="write the skeleton anew over FILE (the old one is kept as FILE.before-chapter-N)",
    )
    check = steps.add_parser(
        "check",
        help="check your file against a chapter",
        description="Run a chapter's checks on your file, each named by its rule; when all"
        " pass, play your code beside the real engine over seeded games.",
    )
    check.add_argument("chapter", choices=numbers, metavar="N", help="the chapter, 1 to 6")
    check.add_argument("file", help="your file, such as my_engine.py")
    check.add_argument(
        "--games", type=int, default=GAMES, help=f"games beside the engine ({GAMES})"
    )
    check.add_argument(
        "--seed", type=int, default=None, help="seed of the first game (new on each run)"
    )
    learn.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``learn``; returns the exit status."""
    from pirate_rules.course import chapters

    if args.step == "chapters":
        for chapter in chapters.CHAPTERS.values():
            print(f"{chapter.number}. {chapter.title} ({', '.join(chapter.rules)})")
            print(f"   {chapter.file}: {', '.join(chapter.functions)}")
        return 0
    number = int(args.chapter)
    if args.step == "start":
        return _start(number, args.file, args.force)
    return _check(number, args.file, args.games, args.seed)


def _start(number: int, file: str | None, force: bool) -> int:
    """``learn start``: the skeleton up to chapter ``number``, or its part added to ``file``."""
    from pirate_rules.course.chapters import CHAPTERS, add_part, through

    chapter = CHAPTERS[number]
    if file is None:
        sys.stdout.write(through(number))
        return 0
    path = Path(file)
    name = path.name
    old = _read(file) if path.exists() else None
    if old is None or force:
        text, said = through(number), f"the skeleton up to chapter {number}"
    else:
        try:
            text, added = add_part(old, number)
        except ValueError as exc:
            raise PirateRulesError(f"{file}: {exc}") from None
        said = f"chapter {number}'s part ({', '.join(added)} to write) after your code"
    if old is not None:
        kept = path.with_name(f"{name}.before-chapter-{number}")
        if kept.exists():
            raise PirateRulesError(
                f"{kept} exists already (a copy kept by an earlier start): move it away first"
            )
        kept.write_text(old, "utf-8")
    try:
        path.write_text(text, "utf-8")
    except OSError as exc:
        raise PirateRulesError(f"cannot write {file!r}: {exc.strerror or exc}") from None
    print(f"Wrote {file}: {said} ({chapter.title}).")
    if old is not None:
        print(f"The file as it was is kept as {kept.name}.")
    print(f"Write its functions, then: pirate-rules learn check {number} {file}")
    return 0


def _read(file: str) -> str:
    try:
        return Path(file).read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or exc
        raise PirateRulesError(f"cannot read {file!r}: {reason}") from None


def _indent(text: str, prefix: str = "        ") -> str:
    return "\n".join(prefix + line for line in text.splitlines())


def _wrapped(text: str, prefix: str = "        ") -> str:
    """A sentence wrapped to the terminal's usual width, under its check."""
    return textwrap.fill(text, 88, initial_indent=prefix, subsequent_indent=prefix)


def _check(number: int, file: str, games: int, seed: int | None) -> int:
    from pirate_rules.course import Comparison, check
    from pirate_rules.rulebook import RULES

    if not 1 <= games <= 10_000 or (seed is not None and seed < 0):
        raise PirateRulesError("choose 1 to 10000 games, and a seed of 0 or more")
    source = _read(file)
    name = Path(file).name
    report = check(number, source, filename=name)
    chapter = report.chapter
    print(f"Chapter {number} · {chapter.title} ({', '.join(chapter.rules)}): {file}")
    if report.fault is not None:
        _fault(report.fault.message, report.fault.trace)
        return 1
    for finding in report.findings:
        print(f"  {'ok  ' if finding.ok else 'FAIL'} {finding.rule:<4} {finding.says}")
        if not finding.ok:
            print(_wrapped(finding.problem))
            if finding.trace:
                print(_indent(finding.trace))
            if finding.rule in RULES:
                print(f"        {finding.rule}: {RULES[finding.rule]}")
    failed = len(report.failed)
    total = len(report.findings)
    if failed:
        print(
            f"{total - failed} of {total} checks pass: fix the first that fails, then check again."
        )
        return 1
    print(f"All {total} checks pass.")
    comparison = Comparison(number, source, games=games, first_seed=seed, filename=name)
    first, last = comparison.first_seed, comparison.first_seed + games - 1
    print(f"Beside the real engine: {games} games, seeds {first} to {last}"
          f" (--seed {first} plays them again).")  # fmt: skip
    progress = sys.stderr.isatty()
    while not comparison.finished:
        comparison.advance(0.2)
        if progress:
            print(f"\rBeside the real engine: {comparison.done} of {games} games…", end="",
                  file=sys.stderr, flush=True)  # fmt: skip
    if progress:
        print("\r" + " " * 60 + "\r", end="", file=sys.stderr)
    found = comparison.disagreement
    if comparison.fault is not None:
        _fault(comparison.fault.message, comparison.fault.trace)
        return 1
    if found is not None:
        print(f"Beside the real engine, game {found.game} (seed {found.seed}) disagrees:")
        print(_wrapped(found.text, "  "))
        if found.trace:
            print(_indent(found.trace))
        if found.rule in RULES:
            print(f"  {found.rule}: {RULES[found.rule]}")
        print(f"  (games before it agreed: {found.game - 1} of {games})")
        return 1
    print(f"Beside the real engine: {games} of {games} games agree (seeds {first} to {last},"
          f" {comparison.seconds:.1f} s).")  # fmt: skip
    return 0


def _fault(message: str, trace: str) -> None:
    print(_wrapped(message, "  "))
    if trace:
        print(_indent(trace, "    "))
