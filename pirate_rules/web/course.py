r"""The pages of "Build it yourself": the learner's file, checked in the browser's Python.

The chapter pages send the editor's text here. :func:`course_check` runs the chapter's
checks, one finding per sentence, each with its rule id and the rule's address; then
:func:`course_compare` starts the run beside the real engine, which :func:`course_next`
plays a few games at a time so that the page can show its progress (and see that
Python is not stuck: a sign of life goes to the page before each game, as in the bot
lab). The last page measures both engines (:func:`course_speed`) and their sizes
(:func:`course_sizes`). Faults of the learner's code come back as data with the lines
to mark; nothing here raises on what a learner writes.

    >>> answer = course_check(1, "def new_deck(jokers=2)\n    return []\n")
    >>> answer["passed"], answer["fault"]["message"], answer["fault"]["lines"]
    (False, 'my_engine.py does not run: line 1 has a syntax error', [1])
    >>> answer = course_check(2, "import random\n")
    >>> answer["findings"][0]["rule"], answer["findings"][0]["problem"]
    ('M2', 'my_engine.py has no function new_crew(): this chapter asks for it')
    >>> answer["rules"]["M2"]
    'rules/marvin/#M2'
"""

from __future__ import annotations

import time
from typing import Final

from pirate_rules.course import CHAPTERS, Comparison, check, new_seed
from pirate_rules.course.learner import Fault
from pirate_rules.course.speed import ENGINES, engine_lines, measure, part_lines
from pirate_rules.errors import PirateRulesError
from pirate_rules.web.live import rule_links, signal_alive
from pirate_rules.web.sessions import JSON

__all__ = [
    "course_check",
    "course_compare",
    "course_next",
    "course_sizes",
    "course_speed",
    "course_stop",
]

MAX_SOURCE: Final = 200_000
"""The longest file the pages check, in characters."""

_runs: dict[str, Comparison] = {}
_counter = {"next": 1}


def _chapter(number: object) -> int:
    if isinstance(number, bool) or number not in CHAPTERS:
        raise PirateRulesError(f"no chapter {number!r}: the chapters are 1 to {len(CHAPTERS)}")
    return int(number)


def _text(source: object) -> str:
    if not isinstance(source, str):
        raise PirateRulesError("the file must be text")
    if len(source) > MAX_SOURCE:
        raise PirateRulesError(f"the file is longer than {MAX_SOURCE:,} characters")
    return source


def _fault(fault: Fault | None) -> JSON | None:
    if fault is None:
        return None
    return {"message": fault.message, "trace": fault.trace, "lines": list(fault.lines)}


def course_check(chapter: int, source: str) -> JSON:
    """Run chapter ``chapter``'s checks on the learner's ``source``.

    Returns:
        ``chapter``, ``title``, ``file``, ``passed``, ``seconds``; ``findings`` (each
        ``rule``, ``says``, ``ok``, ``problem``, ``trace`` and ``lines`` to mark);
        ``fault`` when the file does not run at all (``message``, ``trace``,
        ``lines``); and ``rules``, the address of each rule named.
    """
    number, text = _chapter(chapter), _text(source)
    signal_alive()
    started = time.perf_counter()
    report = check(number, text, heartbeat=signal_alive)
    findings = [
        {
            "rule": finding.rule,
            "says": finding.says,
            "ok": finding.ok,
            "problem": finding.problem,
            "trace": finding.trace,
            "lines": list(finding.lines),
        }
        for finding in report.findings
    ]
    named = [f"({finding['rule']})" for finding in findings] + [
        f"({rule})" for rule in report.chapter.rules
    ]
    return {
        "chapter": number,
        "title": report.chapter.title,
        "file": report.chapter.file,
        "passed": report.passed,
        "findings": findings,
        "fault": _fault(report.fault),
        "rules": rule_links(named),
        "seconds": round(time.perf_counter() - started, 3),
    }


def course_compare(chapter: int, source: str, options: JSON | None = None) -> JSON:
    """Start the run beside the real engine (one run at a time); returns its ``id``.

    Args:
        chapter: The chapter.
        source: The learner's file.
        options: ``games`` (200) and ``seed`` of the first game (a new one each run).
    """
    number, text = _chapter(chapter), _text(source)
    options = options or {}
    games = int(options.get("games", 200))
    seed = int(options["seed"]) if options.get("seed") is not None else new_seed()
    if not 1 <= games <= 2000 or seed < 0:
        raise PirateRulesError("choose 1 to 2000 games and a seed of 0 or more")
    run = Comparison(number, text, games=games, first_seed=seed, heartbeat=signal_alive)
    run_id = f"compare-{_counter['next']}"
    _counter["next"] += 1
    _runs.clear()
    _runs[run_id] = run
    return {"id": run_id, "total": games, "first_seed": seed}


def course_next(run_id: str, seconds: float = 0.25) -> JSON:
    """Play the run's next games for about ``seconds``; the answer is its progress.

    Returns:
        ``done`` and ``total`` games, ``finished``, ``agreed`` (every game agreed),
        ``seconds`` of play so far, ``disagreement`` (``text``, ``rule``, ``game``,
        ``seed``, ``trace``, ``lines``, ``link``) and ``fault`` (the file did not run).
    """
    run = _runs.get(run_id)
    if run is None:
        raise PirateRulesError(f"no run {run_id!r} here (start a new one)")
    run.advance(max(0.01, min(float(seconds), 5.0)))
    found = run.disagreement
    disagreement = None
    if found is not None:
        disagreement = {
            "text": found.text,
            "rule": found.rule,
            "game": found.game,
            "seed": found.seed,
            "trace": found.trace,
            "lines": list(found.lines),
            "link": rule_links([f"({found.rule})"]).get(found.rule) if found.rule else None,
        }
    return {
        "id": run_id,
        "done": run.done,
        "total": run.games,
        "finished": run.finished,
        "agreed": run.agreed,
        "seconds": round(run.seconds, 2),
        "disagreement": disagreement,
        "fault": _fault(run.fault),
    }


def course_stop(run_id: str) -> bool:
    """Forget a run (stopped or finished); returns whether it was there."""
    return _runs.pop(run_id, None) is not None


def course_speed(engine: str, source: str | None = None, seconds: float = 1.0) -> JSON:
    """Play random games with one engine for about ``seconds`` (see `pirate_rules.course.speed`).

    Returns:
        ``engine``, ``games``, ``turns``, ``wall`` and ``cpu`` seconds and ``per_second``;
        or ``fault`` if the learner's file does not run or a game of it goes wrong.
    """
    if engine not in ENGINES:
        raise PirateRulesError(f"no engine {engine!r}: choose one of {', '.join(ENGINES)}")
    signal_alive()
    try:
        speed = measure(engine, _text(source or ""), max(0.05, min(float(seconds), 5.0)))
    except Fault as fault:
        return {"engine": engine, "fault": _fault(fault)}
    return {
        "engine": engine,
        "games": speed.games,
        "turns": speed.turns,
        "wall": round(speed.wall, 3),
        "cpu": round(speed.cpu, 3),
        "per_second": round(speed.per_second, 1),
    }


def course_sizes(source: str) -> JSON:
    """Lines of code of the learner's ``my_engine.py``, part by part, and of the real engine."""
    text = _text(source)
    try:
        mine = part_lines(text)
    except Exception as exc:  # an unreadable file is simply not counted
        return {"mine": None, "problem": str(exc), "real": engine_lines()}
    return {"mine": mine, "real": engine_lines()}
