"""Mutation testing of the engine against the rules pages alone (``make mutation``).

mutmut changes the engine's rule modules in small ways, one change (a *mutant*) at a
time, and runs only the rules pages' examples (``pages_pass.py``) against each: only
the parts of the pages (a rule's section, a page's opening) that reach the mutated
function, the quickest first, until one fails, and for a mutant none notices, both
pages whole. A mutant is *killed* when some example notices it. Each mutant is then counted for the
rule ids that the docstring of its function names (or, failing that, its class's
docstring), and the score per rule is the share of that rule's mutants killed.

A mutant of the rules code that is not killed (it survived, or no example reaches it)
either stands for a misreading that the pages still let through, or is *equivalent*:
a change that no game can show. The equivalent ones are claimed, each with its reason,
in ``equivalent_mutants.py`` (and ``equivalent.py --claimed`` holds every claim to
1,000 seeded games); the report counts the rest against the target: at most 10% of
all mutants.

Everything happens in a scratch folder (``build/mutation`` by default): the engine,
the two rules pages (from this project, or with ``--source`` from another copy of it,
such as an older commit's files) and the test are copied there with a ``pyproject.toml`` that
configures mutmut, so the project's own files are never touched. Each mutant runs in
a fresh process that imports the engine after the mutant is switched on, so the
engine's tables built at import time are built by the mutant too.

Usage::

    python tests/misreadings/mutation.py [--jobs N] [--workdir DIR] [--source DIR] [--report-only]

For example, the score of an older commit's pages and engine, with today's tests::

    mkdir -p /tmp/old && git archive 69bc9f3 pirate_rules docs/rules | tar -x -C /tmp/old
    python tests/misreadings/mutation.py --source /tmp/old --workdir /tmp/old/mutation
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from equivalent_mutants import EQUIVALENT  # noqa: E402

MUTATED = (
    "pirate_rules/marvin/game.py",
    "pirate_rules/marvin/moves.py",
    "pirate_rules/marvin/table.py",
    "pirate_rules/pirate/deal.py",
    "pirate_rules/pirate/game.py",
    "pirate_rules/pirate/ships.py",
)
"""The rule modules of both games. Drawing, logging, records and bots are left alone."""

SKIPPED_LINES = (
    r"^\s*raise \w+Error\(",
    r"^\s*(self\.)?_?events\.append\(",
    r"^\s*return IllegalMoveError\(",
    r"^\s*__slots__ = ",
    r"^\s*__all__ = ",
)
"""Lines not mutated: error messages and log events (their wording, not the rules)."""

OUTSIDE_THE_RULES = {
    "MarvinGame.copy": "a copy to try moves on (bots' look-ahead)",
    "Side.copy": "a copy to try moves on (bots' look-ahead)",
    "PirateGame.copy": "a copy to try moments on (bots' look-ahead)",
    "Ship.copy": "a copy to try moments on (bots' look-ahead)",
    "MarvinGame._fork": "a cheap copy for the bots' search",
    "MarvinGame._fingerprint": "what the referee compares before and after a bot's choice",
    "PirateGame._fingerprint": "what the referee compares before and after a bot's choice",
    "MarvinGame._state": "the whole state as data, for the tests of the shortcuts",
    "Side._state": "the whole state as data, for the tests of the shortcuts",
    "MarvinGame._play_out": "the bots' game loop (play_game), which no Marvin example uses",
    "MarvinGame._replaying": "replaying a game record",
    "MarvinGame._resume": "replaying a game record",
    "MarvinGame._this_turn": "replaying a game record (the turn's power and reshuffle)",
    "MarvinGame.__repr__": "the game's one-line repr",
    "PirateGame.__repr__": "the game's one-line repr",
    "Move.take": "building a move from its parts (the pages write moves as text)",
    "Move.ship": "building a move from its parts (the pages write moves as text)",
    "Move.cave": "building a move from its parts (the pages write moves as text)",
    "Move.fort": "building a move from its parts (the pages write moves as text)",
    "Move.target": "building a move from its parts (the pages write moves as text)",
    "Ship.cards": "a finished ship's cards, for records",
}
"""Functions of the mutated modules that state no rule and that no rules page calls: the
score leaves their mutants out (the report counts them apart)."""

NOT_EQUIVALENT_TARGET = 0.10
"""The most that the rules code's mutants neither killed nor claimed equivalent may be,
as a share of all mutants."""

RULE_ID = re.compile(r"\b([MP](?:1[0-8]|[1-9]))\b")
KILLED = {"killed", "timeout", "caught by type check", "segfault"}


def prepare(workdir: Path, source: Path = ROOT) -> None:
    """Copy the engine and the rules pages (from ``source``) and the test into ``workdir``,
    with mutmut's settings."""
    if workdir.exists():
        shutil.rmtree(workdir)
    ignore = shutil.ignore_patterns("__pycache__")
    shutil.copytree(source / "pirate_rules", workdir / "pirate_rules", ignore=ignore)
    shutil.copytree(source / "docs" / "rules", workdir / "docs" / "rules")
    tests = workdir / "tests" / "misreadings"
    tests.mkdir(parents=True)
    for name in ("rule_pages.py", "pages_pass.py"):
        shutil.copy2(Path(__file__).parent / name, tests / name)
    (workdir / "preload.txt").write_text("pytest\ndoctest\n", encoding="utf-8")
    settings = {
        "source_paths": ["pirate_rules"],
        "only_mutate": list(MUTATED),
        "do_not_mutate_patterns": list(SKIPPED_LINES),
        "also_copy": ["docs", "tests"],
        "pytest_add_cli_args_test_selection": ["tests/misreadings/pages_pass.py"],
        "pytest_add_cli_args": [
            "-p",
            "no:cacheprovider",
            "-p",
            "no:xdist",
            "-p",
            "no:hypothesispytest",
            "-p",
            "no:playwright",
            "-p",
            "no:base_url",
            "-p",
            "no:anyio",
        ],
        "process_isolation": "forkserver",
        "forkserver_warmup": "import",
        "preload_modules_file": "preload.txt",
        "use_git_change_detection": False,
    }
    lines = ["[tool.mutmut]"]
    lines += [f"{key} = {json.dumps(value, ensure_ascii=False)}" for key, value in settings.items()]
    lines += ["", "[tool.pytest.ini_options]", 'rootdir = "."', ""]
    (workdir / "pyproject.toml").write_text("\n".join(lines), encoding="utf-8")


def mutmut(workdir: Path, *args: str, log: Path | None = None) -> str:
    """Run mutmut in ``workdir``; return what it printed (or send it to ``log``)."""
    command = [str(Path(sys.executable).parent / "mutmut"), *args]
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    if log is not None:
        with log.open("w", encoding="utf-8") as out:
            subprocess.run(
                command, cwd=workdir, env=env, stdout=out, stderr=subprocess.STDOUT, check=True
            )
        return ""
    done = subprocess.run(command, cwd=workdir, env=env, capture_output=True, text=True, check=True)
    return done.stdout


def results(workdir: Path) -> dict[str, str]:
    """Every mutant's name and status, from ``mutmut results --all true``."""
    statuses = {}
    for line in mutmut(workdir, "results", "--all", "true").splitlines():
        name, sep, status = line.strip().rpartition(": ")
        if sep and "__mutmut_" in name:
            statuses[name] = status
    return statuses


def function_rules(root: Path = ROOT) -> dict[tuple[str, str], tuple[str, ...]]:
    """The rule ids of each function of the mutated modules: ``(module, Class.func)`` -> ids.

    The ids are those its docstring names (in the engine under ``root``); a class's
    ``__init__`` without any takes those of the class's docstring. Other functions that
    name no rule count for none (``-``).
    """
    rules: dict[tuple[str, str], tuple[str, ...]] = {}
    for path in MUTATED:
        module = path.removesuffix(".py").replace("/", ".")
        tree = ast.parse((root / path).read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                inherited = _ids(ast.get_docstring(node))
                for item in node.body:
                    if isinstance(item, ast.FunctionDef):
                        own = _ids(ast.get_docstring(item))
                        if not own and item.name == "__init__":
                            own = inherited
                        rules[(module, f"{node.name}.{item.name}")] = own
            elif isinstance(node, ast.FunctionDef):
                rules[(module, node.name)] = _ids(ast.get_docstring(node))
    return rules


def _ids(text: str | None) -> tuple[str, ...]:
    return tuple(dict.fromkeys(RULE_ID.findall(text or "")))


def function_of(mutant: str) -> tuple[str, str]:
    """``pirate_rules.marvin.table.xǁSideǁ_hit__mutmut_3`` -> ``(module, "Side._hit")``."""
    qualified = mutant.rpartition("__mutmut_")[0]
    module, _, mangled = qualified.rpartition(".")
    if mangled.startswith("xǁ"):
        _, cls, func = mangled.split("ǁ", 2)
        return module, f"{cls}.{func}"
    return module, mangled.removeprefix("x_")


def score(statuses: dict[str, str], root: Path = ROOT) -> dict[str, dict[str, object]]:
    """Per rule id (and ``-`` for functions naming none): mutants, killed, survivors."""
    rules = function_rules(root)
    table: dict[str, dict[str, object]] = defaultdict(
        lambda: {"mutants": 0, "killed": 0, "survived": [], "functions": set()}
    )
    for mutant, status in statuses.items():
        where = function_of(mutant)
        for rule in rules.get(where) or ("-",):
            row = table[rule]
            row["mutants"] += 1  # type: ignore[operator]
            row["functions"].add(where[1])  # type: ignore[attr-defined]
            if status in KILLED:
                row["killed"] += 1  # type: ignore[operator]
            else:
                row["survived"].append(mutant)  # type: ignore[attr-defined]
    return dict(table)


def _order(rule: str) -> tuple[int, int]:
    return (2, 0) if rule == "-" else ("MP".index(rule[0]), int(rule[1:]))


def report(statuses: dict[str, str], seconds: tuple[float, float] | None, root: Path = ROOT) -> str:
    """The per-rule table as text, for the mutants of the rules code (see `OUTSIDE_THE_RULES`)."""
    outside = {m: s for m, s in statuses.items() if function_of(m)[1] in OUTSIDE_THE_RULES}
    rules_code = {m: s for m, s in statuses.items() if m not in outside}
    table = score(rules_code, root)
    lines = []
    for title, group in (("all", statuses), ("the rules code", rules_code)):
        counts = Counter(group.values())
        killed = sum(counts[s] for s in KILLED)
        lines.append(
            f"{title}: {len(group)} mutants: {killed} killed "
            f"({100 * killed / max(len(group), 1):.1f}%); "
            + ", ".join(f"{n} {s}" for s, n in sorted(counts.items()))
        )
    lines += survivors_report(statuses, rules_code)
    reasons = Counter(OUTSIDE_THE_RULES[function_of(m)[1]] for m in outside)
    lines.append(f"left out, {len(outside)} mutants of code outside the rules:")
    lines += [f"  {n:>4}  {reason}" for reason, n in sorted(reasons.items())]
    if seconds is not None:
        lines.append(f"mutmut run: {seconds[0]:.0f} s wall, {seconds[1]:.0f} s CPU")
    lines.append("A mutant counts for every rule its function's docstring names; '-': none named.")
    lines.append(f"{'rule':<5} {'mutants':>7} {'killed':>7} {'score':>6}  functions")
    for rule in sorted(table, key=_order):
        row = table[rule]
        total, hit = int(row["mutants"]), int(row["killed"])  # type: ignore[call-overload]
        functions = ", ".join(sorted(row["functions"]))  # type: ignore[call-overload]
        functions = functions if len(functions) <= 70 else functions[:69] + "…"
        lines.append(f"{rule:<5} {total:>7} {hit:>7} {100 * hit / total:>5.1f}%  {functions}")
    return "\n".join(lines)


def survivors_report(statuses: dict[str, str], rules_code: dict[str, str]) -> list[str]:
    """The lines that split the rules code's mutants not killed into those claimed
    equivalent (`equivalent_mutants.EQUIVALENT`) and the rest, against the target."""
    left = sorted(m for m, s in rules_code.items() if s not in KILLED)
    kinds = Counter(rules_code[m] for m in left)
    claimed = [m for m in left if m in EQUIVALENT]
    share = (len(left) - len(claimed)) / max(len(statuses), 1)
    verdict = "met" if share <= NOT_EQUIVALENT_TARGET else "NOT met"
    return [
        f"not killed in the rules code: {len(left)} ("
        + ", ".join(f"{n} {s}" for s, n in sorted(kinds.items()))
        + f"): {len(claimed)} claimed equivalent (reason given in equivalent_mutants.py),"
        f" {len(left) - len(claimed)} not equivalent",
        f"not equivalent: {len(left) - len(claimed)} of all {len(statuses)} mutants ="
        f" {100 * share:.1f}% (target: at most {100 * NOT_EQUIVALENT_TARGET:.0f}%, {verdict})",
    ]


def _children_cpu() -> float:
    """Processor seconds used so far by the processes this one started and waited for."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workdir", type=Path, default=ROOT / "build" / "mutation")
    parser.add_argument(
        "--source", type=Path, default=ROOT, help="take pirate_rules and docs/rules from here"
    )
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--report-only", action="store_true", help="report the last run again")
    parser.add_argument(
        "--only", nargs="+", metavar="PATTERN", help="run only these mutants (names or globs)"
    )
    args = parser.parse_args(argv)
    workdir = args.workdir.resolve()
    seconds = None
    if not args.report_only:
        prepare(workdir, args.source.resolve())
        print(f"mutating {len(MUTATED)} modules in {workdir} with {args.jobs} jobs...", flush=True)
        start, cpu = time.monotonic(), _children_cpu()
        names = args.only or []
        mutmut(workdir, "run", "--max-children", str(args.jobs), *names, log=workdir / "run.log")
        seconds = (time.monotonic() - start, _children_cpu() - cpu)
    statuses = results(workdir)
    text = report(statuses, seconds, workdir)
    print(text)
    survivors = {rule: row["survived"] for rule, row in score(statuses, workdir).items()}
    claimed = sorted(m for m, s in statuses.items() if s not in KILLED and m in EQUIVALENT)
    summary = {"statuses": statuses, "survivors": survivors, "seconds": seconds, "claimed": claimed}
    (workdir / "summary.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
    (workdir / "report.txt").write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
