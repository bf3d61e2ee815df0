"""The checks, relayed: the learner's agent answers elsewhere, and the page carries messages.

In the browser the learner's file runs in a worker of its own and the checks replay each
check round trip by round trip (pirate_rules.course.relay). The verdict must be the one
the checks give when they call the agent in turn, word for word, for the model solution
and every wrong one; a chapter must take few round trips; and a Python that dies in the
middle of a trip must be told in words while the other checks go on.
"""

from __future__ import annotations

import pytest
from relaying import Carrier, relayed
from wrong_solutions import MODEL, WRONG, WrongSolution

from pirate_rules.course import CHAPTERS, Comparison, Relayed, Report, check
from pirate_rules.course.checking import REGISTRY


def relay_check(number: int, source: str, carrier: Carrier, seconds: float = 2.0) -> Report:
    run = Relayed(number, source, seconds=seconds)
    relayed(run, run.step(), carrier)
    assert run.report is not None
    return run.report


def said(report: Report) -> list[tuple[str, bool, str, str, tuple[int, ...]]]:
    return [(f.rule, f.ok, f.problem, f.trace, f.lines) for f in report.findings]


@pytest.mark.parametrize("number", CHAPTERS)
def test_the_model_passes_relayed_in_a_few_round_trips(number: int) -> None:
    carrier = Carrier()
    report = relay_check(number, MODEL[CHAPTERS[number].file], carrier)
    assert report.passed and len(report.findings) == len(REGISTRY[number])
    assert carrier.trips <= 16, carrier.trips  # the longest check's questions, not all calls


def test_every_wrong_solution_is_told_relayed_as_in_turn() -> None:
    """Word for word, with the same lines, for all the wrong solutions of every chapter."""
    differ = []
    for wrong in WRONG:
        carrier = Carrier()
        got = relay_check(wrong.chapter, wrong.source, carrier)
        want = check(wrong.chapter, wrong.source, apart=False)
        if said(got) != said(want) or str(got.fault) != str(want.fault):
            differ.append(str(wrong))
    assert differ == []


CHAPTER_1 = MODEL["my_engine.py"].split("# ── Chapter 2")[0].rstrip() + "\n"


def test_a_python_that_ends_in_a_trip_is_told_and_the_other_checks_start_over() -> None:
    exiting = CHAPTER_1.replace(
        "    return 0 if card == JOKER",
        "    import os\n    os._exit(3)\n    return 0 if card == JOKER",
    )
    carrier = Carrier(apart=True)
    try:
        report = relay_check(1, exiting, carrier)
    finally:
        carrier.close()
    failed = [f for f in report.findings if not f.ok]
    assert [f.problem for f in failed if "rank()" in f.problem] == [
        "your rank() ended Python itself (exit status 3) instead of answering: os._exit() ends"
        " the whole program, where a function gives its answer with return"
    ]
    assert carrier.starts >= 2  # a new Python, the file loaded again
    want = check(1, exiting)  # in turn, in a process of its own
    assert said(report) == said(want)


def test_a_loop_no_line_can_stop_is_ended_from_outside_and_told() -> None:
    looping = CHAPTER_1.replace(
        "    return 0 if card == JOKER", "    sum(iter(int, 1))\n    return 0 if card == JOKER"
    )
    carrier = Carrier(apart=True)
    run = Relayed(1, looping, seconds=1.0)
    assert run.rounds is not None
    run.rounds.limit = 3.0  # how long the page waits for an answer (a new Python's start too)
    try:
        relayed(run, run.step(), carrier)
    finally:
        carrier.close()
    assert run.report is not None
    finding = next(f for f in run.report.failed if "rank()" in f.problem)
    assert finding.problem.startswith(
        "your rank() was still running after 3 seconds, so Python was stopped from outside"
    )
    assert run.report.findings[-1].ok or run.report.findings[-1].rule == "M9"


def test_a_file_that_does_not_load_is_the_report_s_fault() -> None:
    carrier = Carrier()
    report = relay_check(1, "import sys\nsys.exit(0)\n" + CHAPTER_1, carrier)
    assert report.fault is not None and report.findings == []
    assert report.fault.message == "my_engine.py does not run: it stops at line 2 with sys.exit: 0"
    assert carrier.trips == 1


BESIDE = [wrong for wrong in WRONG if wrong.beside]


@pytest.mark.parametrize("wrong", [None, *BESIDE], ids=str)
def test_games_relayed_find_what_games_in_turn_find(wrong: WrongSolution | None) -> None:
    """Several games a trip; the first disagreement is the one the command line finds.

    The games are planned with time enough for all twelve, so that how many go in a trip
    does not depend on how fast the machine is (a game of chapter 6 takes about 0.1 s).
    Each call into the file may run for a minute, not the usual 2 s: what is compared is
    the games and what they find, and at a load average near 30 a call of the model's
    legal_moves() was once stopped by the clock (the clock has tests of its own).
    """
    number = wrong.chapter if wrong else 5
    source = wrong.source if wrong else MODEL["my_engine.py"]
    carrier = Carrier()
    games = Comparison(number, source, 12, 314159, seconds=60.0, relayed=True)
    while not games.finished:
        relayed(games, games.plan(60.0), carrier)
    in_turn = Comparison(number, source, 12, 314159, seconds=60.0, apart=False)
    in_turn.advance()
    assert (games.done, games.disagreement, games.fault) == (
        in_turn.done,
        in_turn.disagreement,
        in_turn.fault,
    )
    assert carrier.trips < 12


def test_games_are_planned_one_at_least_whatever_the_time_given() -> None:
    games = Comparison(5, MODEL["my_engine.py"], games=3, first_seed=7, relayed=True)
    trip = games.plan(0.0)
    assert trip is not None and games.planned == 1
    carrier = Carrier()
    relayed(games, trip, carrier)
    assert (games.done, games.finished) == (1, False)
    while not games.finished:
        relayed(games, games.plan(0.0), carrier)
    assert (games.done, games.agreed, carrier.trips) == (3, True, 3)


def test_a_game_whose_play_raises_is_played_again_alone_and_told_as_in_turn() -> None:
    """Chapter 5 reads the learner's game once ``play`` has raised: a second question of
    that game's, after other games' objects took its names."""
    raising = MODEL["my_engine.py"].replace(
        "def play(game: Game, move: str) -> None:\n",
        "def play(game: Game, move: str) -> None:\n    if game.turn == 9:\n"
        "        raise KeyError(move)\n",
    )
    assert raising != MODEL["my_engine.py"]
    carrier = Carrier()
    games = Comparison(5, raising, games=6, first_seed=7, relayed=True)
    while not games.finished:
        relayed(games, games.plan(5.0), carrier)
    in_turn = Comparison(5, raising, games=6, first_seed=7, apart=False)
    in_turn.advance()
    assert games.disagreement is not None and games.disagreement == in_turn.disagreement
    assert "raised KeyError" in games.disagreement.text
