r"""The pages of "Build it yourself": the learner's file, checked from the browser's Python.

The chapter pages send the editor's text here, to the checks; the learner's file itself
runs in a worker of its own, with a Python of its own (``pirate_rules.course.agent``),
and the page carries the messages between the two. So each entry point that needs the
learner's code answers with a round trip to carry (``ask``, see
:mod:`pirate_rules.course.relay`) and the run's ``id``; the page hands the ask to the
learner's worker and sends its reply back with :func:`course_answer`, until the answer
is the result. :func:`course_agent` gives the worker its program.

:func:`course_check` runs the chapter's checks, one finding per sentence, each with its
rule id and the rule's address; then :func:`course_compare` starts the run beside the
real engine, and :func:`course_next` plans its next games, a few at a time, so that the
page can show its progress. The last page measures both engines (:func:`course_speed`)
and their sizes (:func:`course_sizes`). Faults of the learner's code come back as data
with the lines to mark; nothing here raises on what a learner writes.

    >>> answer = course_check(1, "def new_deck(jokers=2)\n    return []\n")
    >>> answer["passed"], answer["fault"]["message"], answer["fault"]["lines"]
    (False, 'my_engine.py does not run: line 1 has a syntax error', [1])
    >>> asked = course_check(2, "import random\n")["ask"]
    >>> [message["do"] for message in asked["batches"][0]]
    ['load']
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Final

from pirate_rules.course import CHAPTERS, Comparison, Relayed, Report, new_seed
from pirate_rules.course import agent as agent_module
from pirate_rules.course import clock as clock_module
from pirate_rules.course.learner import CALL_SECONDS, Fault
from pirate_rules.course.speed import (
    ENGINES,
    MineMeasured,
    Speed,
    engine_lines,
    measure,
    part_lines,
)
from pirate_rules.errors import PirateRulesError
from pirate_rules.web.live import rule_links, signal_alive
from pirate_rules.web.sessions import JSON

__all__ = [
    "call_seconds",
    "course_agent",
    "course_answer",
    "course_check",
    "course_compare",
    "course_next",
    "course_sizes",
    "course_speed",
    "course_stop",
]

MAX_SOURCE: Final = 200_000
"""The longest file the pages check, in characters."""
MOST_SLOWER: Final = 8.0
"""The most times a slow device's limits grow (as the pages' own, ``assets/live/engine.mjs``)."""

_runs: dict[str, Any] = {}
"""The run under way (one at a time): its id, and its checks, games or measure."""
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


def call_seconds(options: JSON | None) -> float:
    """How long one call into the learner's code may run, in seconds: :data:`CALL_SECONDS`
    on a device of usual speed, and ``slower`` times as long on one that the page measured
    that many times slower (1 to :data:`MOST_SLOWER`), to a tenth of a second.

    A slow phone, or a computer busy with other work, would otherwise tell the learner
    that correct, slow code loops.

    Example:
        >>> call_seconds(None), call_seconds({"slower": 2.74}), call_seconds({"slower": 1})
        (2.0, 5.5, 2.0)
    """
    if options is not None and not isinstance(options, dict):
        raise PirateRulesError(f"the options must be an object, not {options!r}")
    slower = (options or {}).get("slower", 1)
    if isinstance(slower, bool) or not isinstance(slower, int | float):
        raise PirateRulesError(f"slower must be a number, not {slower!r}")
    if not 1 <= slower <= MOST_SLOWER:
        raise PirateRulesError(f"slower is 1 to {MOST_SLOWER:g}, not {slower!r}")
    return round(CALL_SECONDS * slower, 1)


def _fault(fault: Fault | None) -> JSON | None:
    if fault is None:
        return None
    return {"message": fault.message, "trace": fault.trace, "lines": list(fault.lines)}


def _start(kind: str, run: Any) -> str:
    run_id = f"{kind}-{_counter['next']}"
    _counter["next"] += 1
    _runs.clear()
    _runs[run_id] = run
    return run_id


def _run(run_id: object) -> Any:
    run = _runs.get(run_id) if isinstance(run_id, str) else None
    if run is None:
        raise PirateRulesError(f"no run {run_id!r} here (start a new one)")
    return run


def course_agent() -> JSON:
    """The program of the learner's worker: the agent and its clock, as text (``agent.py``,
    ``clock.py``), standard library only."""
    return {
        name: Path(str(module.__file__)).read_text("utf-8")
        for name, module in (("agent.py", agent_module), ("clock.py", clock_module))
    }


class _Checks:
    """A chapter's checks under way (:class:`~pirate_rules.course.Relayed`)."""

    def __init__(self, number: int, source: str, seconds: float) -> None:
        self.started = time.perf_counter()
        self.seconds = seconds
        self.checks = Relayed(number, source, seconds)
        self.id = _start("check", self)

    def answer(self, trip: dict[str, Any] | None) -> JSON:
        report = self.checks.report
        if trip is not None or report is None:
            return {"id": self.id, "ask": trip}
        _runs.pop(self.id, None)
        return _report(report, time.perf_counter() - self.started, self.seconds)


def _report(report: Report, seconds: float, call_limit: float) -> JSON:
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
        "chapter": report.chapter.number,
        "title": report.chapter.title,
        "file": report.chapter.file,
        "passed": report.passed,
        "findings": findings,
        "fault": _fault(report.fault),
        "rules": rule_links(named),
        "seconds": round(seconds, 3),
        "call_seconds": call_limit,
    }


def course_check(chapter: int, source: str, options: JSON | None = None) -> JSON:
    """Start chapter ``chapter``'s checks on the learner's ``source``.

    ``options``: ``slower``, how many times slower than usual the page measured this
    device (1, by default): each call into the learner's code may run that many times
    longer (:func:`call_seconds`).

    Returns:
        ``id`` and ``ask``, the first round trip to carry (see :func:`course_answer`);
        or, when the file cannot run at all, the report at once: ``chapter``,
        ``title``, ``file``, ``passed``, ``seconds``, ``call_seconds`` (how long one
        call into the file could run); ``findings`` (each ``rule``,
        ``says``, ``ok``, ``problem``, ``trace`` and ``lines`` to mark); ``fault`` when
        the file does not run at all (``message``, ``trace``, ``lines``); and ``rules``,
        the address of each rule named.
    """
    number, text, seconds = _chapter(chapter), _text(source), call_seconds(options)
    signal_alive()
    checks = _Checks(number, text, seconds)
    return checks.answer(checks.checks.step())


def course_answer(run_id: str, trip: int, reply: JSON) -> JSON:
    """The learner's worker's reply to round trip ``trip`` of run ``run_id``.

    Returns:
        What the run's entry point returns: another round trip to carry (``ask``), or
        the checks' report (:func:`course_check`), the games' progress
        (:func:`course_next`) or the measure (:func:`course_speed`).
    """
    run = _run(run_id)
    signal_alive()
    try:
        if isinstance(run, _Checks):
            return run.answer(run.checks.answer(trip, reply))
        if isinstance(run, Comparison):
            return _progress(run_id, run, run.answer(trip, reply))
        return _measured(run_id, run, run.answer(trip, reply))
    except ValueError as exc:
        raise PirateRulesError(str(exc)) from None


def course_compare(chapter: int, source: str, options: JSON | None = None) -> JSON:
    """Start the run beside the real engine (one run at a time); returns its ``id``, its
    ``total`` games, ``first_seed`` and ``call_seconds`` (see :func:`course_check`).

    Args:
        chapter: The chapter.
        source: The learner's file.
        options: ``games`` (200), ``seed`` of the first game (a new one each run), and
            ``slower`` (as for :func:`course_check`).
    """
    number, text, seconds = _chapter(chapter), _text(source), call_seconds(options)
    options = options or {}
    games = int(options.get("games", 200))
    seed = int(options["seed"]) if options.get("seed") is not None else new_seed()
    if not 1 <= games <= 2000 or seed < 0:
        raise PirateRulesError("choose 1 to 2000 games and a seed of 0 or more")
    run = Comparison(
        number, text, games, seed, heartbeat=signal_alive, seconds=seconds, relayed=True
    )
    return {
        "id": _start("compare", run),
        "total": games,
        "first_seed": seed,
        "call_seconds": seconds,
    }


def course_next(run_id: str, seconds: float = 0.25) -> JSON:
    """Plan the run's next games, for about ``seconds``; the answer is its progress.

    Returns:
        ``done`` and ``total`` games, ``finished``, ``agreed`` (every game agreed),
        ``seconds`` of the run so far, ``disagreement`` (``text``, ``rule``, ``game``,
        ``seed``, ``trace``, ``lines``, ``link``), ``fault`` (the file did not run), and
        ``ask``: the round trip that sends the games to the learner's code, to carry
        (:func:`course_answer`).
    """
    run = _run(run_id)
    if not isinstance(run, Comparison):
        raise PirateRulesError(f"{run_id!r} is no run beside the real engine")
    return _progress(run_id, run, run.plan(max(0.01, min(float(seconds), 5.0))))


def _progress(run_id: str, run: Comparison, trip: dict[str, Any] | None) -> JSON:
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
        "seconds": round(run.seconds if run.finished else time.monotonic() - run.started, 2),
        "disagreement": disagreement,
        "fault": _fault(run.fault),
        "ask": trip,
    }


def course_stop(run_id: str) -> bool:
    """Forget a run (stopped or finished); returns whether it was there."""
    return _runs.pop(run_id, None) is not None


def course_speed(engine: str, source: str | None = None, seconds: float = 1.0) -> JSON:
    """Play random games with one engine for about ``seconds`` (see `pirate_rules.course.speed`).

    Returns:
        ``engine``, ``games``, ``turns``, ``wall`` and ``cpu`` seconds and ``per_second``;
        or ``fault`` if the learner's file does not run or a game of it goes wrong. For
        the learner's engine (``mine``): ``id`` and ``ask``, the round trip that has it
        measured where it runs, first (:func:`course_answer`).
    """
    if engine not in ENGINES:
        raise PirateRulesError(f"no engine {engine!r}: choose one of {', '.join(ENGINES)}")
    signal_alive()
    seconds = max(0.05, min(float(seconds), 5.0))
    if engine != "mine":
        return _speed(measure(engine, seconds))
    try:
        run = MineMeasured(_text(source or ""), seconds)
    except Fault as fault:
        return {"engine": engine, "fault": _fault(fault)}
    run_id = _start("speed", run)
    return _measured(run_id, run, run.step())


def _measured(run_id: str, run: MineMeasured, trip: dict[str, Any] | None) -> JSON:
    if trip is not None:
        return {"id": run_id, "ask": trip}
    _runs.pop(run_id, None)
    if run.speed is None:
        fault = run.fault or Fault("your engine was not measured")
        return {"engine": "mine", "fault": _fault(fault)}
    return _speed(run.speed)


def _speed(speed: Speed) -> JSON:
    return {
        "engine": speed.engine,
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
