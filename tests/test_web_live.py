"""The live examples and the bot lab (pirate_rules.web.live, .botlab), run in CPython."""

from __future__ import annotations

import doctest
import importlib.util
import json
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sybil.evaluators.doctest import DocTestRunner as SybilRunner
from sybil.evaluators.doctest import OutputChecker as SybilChecker

from pirate_rules import bots, web
from pirate_rules.errors import PirateRulesError
from pirate_rules.simulate import Summary, run_games
from pirate_rules.web import botlab, live
from pirate_rules.web.live import EXAMPLE_FLAGS, ExampleChecker, ReplayNeededError, live_run

ROOT = Path(__file__).resolve().parents[1]
FENCE = re.compile(r"^```pycon\n(.*?)^```", re.MULTILINE | re.DOTALL)


@pytest.fixture(autouse=True)
def _pages_register_bots_for_themselves() -> Iterator[None]:
    """The pages' examples run here register bots (the write-a-bot page's ``finisher``);
    forget them afterwards, as the docs pages' own tests do, so no other test sees them."""
    before = {game: dict(names) for game, names in bots._REGISTRY.items()}
    yield
    bots._REGISTRY.clear()
    bots._REGISTRY.update(before)


def call(name: str, *args: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(web.call_json(name, json.dumps(list(args))))
    return answer


def page_examples(path: Path) -> list[str]:
    return FENCE.findall(path.read_text(encoding="utf-8"))


# -- the same comparison as the test suite ----------------------------------------------


def test_the_flags_are_the_test_suites() -> None:
    spec = importlib.util.spec_from_file_location("root_conftest", ROOT / "conftest.py")
    assert spec and spec.loader
    conftest = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conftest)
    assert conftest.FLAGS is EXAMPLE_FLAGS
    ini = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    names = ini["tool"]["pytest"]["ini_options"]["doctest_optionflags"]
    flags = 0
    for name in names:
        flags |= doctest.OPTIONFLAGS_BY_NAME[name]
    assert flags == EXAMPLE_FLAGS


CASES = [
    ("a b\n", "a b\n"),
    ("a  b\n", "a b   \n"),
    ("turn ...\n", "turn 59\n"),
    ("foo ...\nbar\n", "foo\nbar\n"),
    ("x ...\n", "y 1\n"),
    ("[1, 2]\n", "[1,2]\n"),
    ("...\n", ""),
    ("a\n\nb\n", "a\nb\n"),
    ("  seat 0 wins   50%\n", "seat 0 wins 50%\n"),
    ("a...z\n", "a b c z   \n"),
    ("Mum prizes: none\n", "Mum  prizes:  none  \n"),
]


@pytest.mark.parametrize(("want", "got"), CASES)
@pytest.mark.parametrize("flags", [EXAMPLE_FLAGS, doctest.ELLIPSIS, 0])
def test_the_checker_is_sybils_on_pages_and_doctests_in_docstrings(
    want: str, got: str, flags: int
) -> None:
    assert ExampleChecker(page=True).check_output(want, got, flags) == SybilChecker().check_output(
        want, got, flags
    )
    plain = doctest.OutputChecker().check_output(want, got, flags)
    assert ExampleChecker(page=False).check_output(want, got, flags) == plain


EXAMPLES = [
    ">>> 1 + 1\n2\n",
    ">>> 1 + 1\n3\n",
    ">>> print('a   b')\na b\n",
    ">>> [n for n in range(30)]\n[0, 1, ..., 29]\n",
    ">>> 1 / 0\nTraceback (most recent call last):\n  ...\nZeroDivisionError: division by zero\n",
    ">>> 1 / 0\nTraceback (most recent call last):\nZeroDivisionError: other\n",
    ">>> 1 / 0\n",
    ">>> int('x')  # doctest: +IGNORE_EXCEPTION_DETAIL\n"
    "Traceback (most recent call last):\nValueError: something else\n",
    ">>> print(1\nTraceback (most recent call last):\nSyntaxError: '(' was never closed\n",
    ">>> print(1\n",
    ">>> x = 5  # doctest: +SKIP\n7\n",
    ">>> print('x', end='')\nx\n",
    ">>> def f():\n...     return 'é'\n>>> f()\n'é'\n",
    ">>> from pirate_rules.marvin import MarvinGame\n"
    '>>> MarvinGame.stacked("8S").play("CL")\nTraceback (most recent call last):\n'
    "pirate_rules.errors.IllegalMoveError: target CL is not targetable: ... (M16)\n",
]


@pytest.mark.parametrize("text", EXAMPLES)
@pytest.mark.parametrize("where", ["page", "docstring"])
def test_each_verdict_is_the_test_suites_own(text: str, where: str) -> None:
    """A page's examples run under Sybil's runner, a docstring's under doctest's."""
    test = doctest.DocTestParser().get_doctest(text, {}, "case", None, 0)
    runner = (
        SybilRunner(EXAMPLE_FLAGS)
        if where == "page"
        else doctest.DocTestRunner(optionflags=EXAMPLE_FLAGS)
    )
    failed = runner.run(test, out=lambda _: None, clear_globs=False).failed
    answer = live_run("/cases/", 0, text, None if where == "page" else "pirate_rules.stats")
    assert answer["agree"] == (failed == 0)
    assert len(answer["steps"]) == len(test.examples)


@pytest.mark.parametrize(
    "page",
    ["rules/marvin.md", "rules/pirate.md", "learn/moments.md", "learn/engine.md",
     "learn/write-a-bot.md"],
)  # fmt: skip
def test_every_example_of_a_page_agrees_as_under_the_test_suite(page: str) -> None:
    """Every example of the page through the live examples' runner, in CPython. Write your
    own bot takes about 20 s: its ladder plays thirty games against each bot."""
    examples = page_examples(ROOT / "docs" / page)
    assert examples
    for index, text in enumerate(examples):
        answer = live_run(f"/{page}", index, text)
        assert answer["agree"], (index, answer["steps"])


# -- one namespace per page, in order -------------------------------------------------


GAME = [
    ">>> from pirate_rules.marvin import MarvinGame\n"
    '>>> game = MarvinGame.stacked("9C 7H", players=("Marvin", "Mum"))\n',
    '>>> game.play("GL")\n>>> game.sides[1].hit_points("GL")\n2\n',
    ">>> game.turn\n1\n",
]


def test_running_an_example_again_starts_from_the_namespace_before_it() -> None:
    for index, text in enumerate(GAME):
        assert live_run("/again/", index, text)["agree"]
    assert live_run("/again/", 1, GAME[1])["agree"]  # not a second hit
    edited = GAME[1].replace('"GL")\n>>>', '"GR")\n>>>')
    assert not live_run("/again/", 1, edited)["agree"]
    assert live_run("/again/", 1, GAME[1])["agree"]
    assert live_run("/again/", 2, GAME[2])["agree"]
    assert live_run("/again/", 0, GAME[0])["next"] == 1


def test_an_example_cannot_run_before_the_ones_above_it() -> None:
    with pytest.raises(ReplayNeededError):
        live_run("/skip/", 2, GAME[2])
    assert call("live_run", "/skip/", 2, GAME[2])["error"]["kind"] == "ReplayNeededError"


def test_a_namespace_that_cannot_be_copied_is_run_again_from_the_start() -> None:
    texts = [">>> items = (n for n in range(3))\n", ">>> next(items)\n0\n", ">>> next(items)\n1\n"]
    for index, text in enumerate(texts):
        assert live_run("/generator/", index, text)["agree"]
    with pytest.raises(ReplayNeededError):
        live_run("/generator/", 2, texts[2])
    for index, text in enumerate(texts):
        assert live_run("/generator/", index, text)["agree"]


def test_docstring_examples_run_in_a_copy_of_their_modules_globals() -> None:
    scope = "pirate_rules.stats.wilson_interval"
    assert live_run("/reference/stats/", 0, ">>> format_share(1, 2)\n'50.0% (9.5-90.5)'\n", scope)[
        "agree"
    ]
    assert live_run("/reference/stats/", 0, ">>> Z95 = 2\n", "pirate_rules.stats")["agree"]
    assert live_run("/reference/stats/", 1, ">>> Z95\n2\n", "pirate_rules.stats")["agree"]
    from pirate_rules import stats

    assert stats.Z95 != 2
    method = "pirate_rules.marvin.MarvinGame.stacked"  # defined in pirate_rules.marvin.game
    assert live_run("/reference/marvin/game/", 0, ">>> MarvinGame.__module__\n'...game'\n", method)[
        "agree"
    ]
    assert call("live_run", "/x/", 0, ">>> 1\n1\n", "os.path")["error"]["kind"] == (
        "PirateRulesError"
    )


# -- the reader's mistakes ----------------------------------------------------------------


def test_a_traceback_shows_only_the_readers_lines_in_every_example() -> None:
    define = ">>> def twice(x):\n...     y = x * 2\n...     return y / 0\n"
    assert live_run("/tb/", 0, define)["agree"]
    answer = live_run("/tb/", 1, ">>> print('before')\nbefore\n>>> twice(3)\n6\n")
    assert not answer["agree"]
    got = answer["steps"][1]["got"]
    assert got.splitlines() == [
        "Traceback (most recent call last):",
        "  line 3",
        "    twice(3)",
        "  example 1, line 3, in twice",
        "    return y / 0",
        "ZeroDivisionError: division by zero",
    ]
    assert answer["marks"] == [{"index": 1, "line": 3}, {"index": 0, "line": 3}]
    assert "pirate_rules" not in got and "File" not in got


def test_a_syntax_error_points_at_its_line() -> None:
    answer = live_run("/syntax/", 0, ">>> x = 1\n>>> for n in range(3):\n...     print(n\n")
    assert answer["steps"][1]["got"].splitlines()[-1].startswith("SyntaxError:")
    assert answer["marks"] == [{"index": 0, "line": 3}]


def test_an_unreadable_example_is_one_line() -> None:
    error = call("live_run", "/bad/", 0, ">>>x = 1\n")["error"]
    assert error["kind"] == "PirateRulesError" and "\n" not in error["message"]


WATCHED = (
    ">>> import sys\n"
    ">>> print(sys.getprofile() if sys.version_info < (3, 12)"
    f" else sys.monitoring.get_tool({live._DEPTH_TOOL}))\n"
)
"""A statement that prints what watches its calls: None, or the depth's watch."""


def test_a_deep_recursion_is_told_to_the_page_only_while_the_limit_is_raised(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    told: list[str] = []
    monkeypatch.setattr(live, "_post", told.append)  # the page's messages, in the browser
    recursion = ">>> def down(n):\n...     return down(n - 1) if n else 0\n>>> down(900)\n0\n"
    # Under Python's own limit, nothing watches the calls, and nothing is told.
    answer = live_run("/depth/", 0, recursion + WATCHED + "None\n")
    assert answer["agree"], answer["steps"]
    assert told == []
    limit = sys.getrecursionlimit()
    try:
        raised = ">>> sys.setrecursionlimit(20_000)\n>>> down(10_000)\n0\n"
        answer = live_run("/depth/", 1, raised + WATCHED)
        steps = answer["steps"]
        assert steps[1]["agree"] and steps[-1]["got"] not in ("", "None\n"), steps  # watched
        news = [json.loads(message.removeprefix(live.DEPTH)) for message in told]
        # A statement that raises the limit and recurses at once is watched from its start.
        sys.setrecursionlimit(limit)
        told.clear()
        at_once = ">>> sys.setrecursionlimit(20_000); down(3_000)\n0\n"
        assert live_run("/depth/", 2, at_once)["agree"]
        assert [json.loads(message.removeprefix(live.DEPTH))["depth"] for message in told]
    finally:
        sys.setrecursionlimit(limit)
    # Nothing watches once the statements have run.
    watching = (
        sys.getprofile()
        if sys.version_info < (3, 12)
        else sys.monitoring.get_tool(live._DEPTH_TOOL)
    )
    assert watching is None
    assert {(n["limit"], n["name"]) for n in news} == {(20_000, "down")}, news
    depths = [n["depth"] for n in news]
    assert live.DEFAULT_RECURSION_LIMIT < depths[0] < 2 * live.DEFAULT_RECURSION_LIMIT
    assert 5_000 < max(depths) <= 10_002, depths  # told again each time it doubled


def test_a_refusal_links_its_rule() -> None:
    answer = live_run("/refusal/", 0, EXAMPLES[-1])
    assert answer["agree"] and answer["rules"] == {"M16": "rules/marvin/#M16"}


# -- the bot lab ----------------------------------------------------------------------------


def tutorial_bot() -> str:
    """The bot file the write-a-bot page starts its editor with."""
    page = (ROOT / "docs/learn/write-a-bot.md").read_text(encoding="utf-8")
    found = re.search(r'<div class="live-lab".*?```python\n(.*?)```', page, re.DOTALL)
    assert found, "the write-a-bot page has no bot lab with its bot file"
    return found.group(1)


def test_the_labs_bot_is_the_tutorials_finisher() -> None:
    page = (ROOT / "docs/learn/write-a-bot.md").read_text(encoding="utf-8")
    example = next(text for text in page_examples(ROOT / "docs/learn/write-a-bot.md")
                   if "class Finisher(Bot)" in text)  # fmt: skip
    taught = [line[4:] for line in example.splitlines() if line.startswith(("... ", ">>> class"))]
    lab = tutorial_bot().splitlines()
    start = lab.index("class Finisher(Bot):")
    assert [line for line in lab[start:] if line.strip()] == [line for line in taught if line]
    assert "my_bot.py" in page


def test_the_lab_plays_the_same_games_as_the_command_line(tmp_path: Path) -> None:
    bot = botlab.lab_load(tutorial_bot())
    assert bot["ok"], bot
    tour = botlab.lab_tournament({"bot": bot["bot"], "games": 12, "seed": 5})
    assert tour["opponents"] == botlab.builtin_bots()
    answer = botlab.lab_next(tour["id"], 0.0)
    assert answer["done"] == 1 and not answer["finished"]
    while not answer["finished"]:
        answer = botlab.lab_next(tour["id"], 1.0)
    assert answer["done"] == answer["total"] == 12 * len(tour["opponents"])
    (tmp_path / "my_bot.py").write_text(tutorial_bot(), encoding="utf-8")
    for row in answer["rows"]:
        summary = Summary.of(run_games("marvin", range(5, 17), [bot["bot"], row["opponent"]]))
        assert (row["wins"], row["losses"], row["draws"]) == (*summary.wins, summary.draws)
        printed = subprocess.run(
            [sys.executable, "-m", "pirate_rules", "simulate", "marvin", "--in-process",
             "--games", "12", "--seed", "5", "--bots", f"my_bot.py:Finisher,{row['opponent']}",
             "--no-progress"],
            cwd=tmp_path, capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip
        words = [line.split() for line in printed.splitlines()]
        assert words == [line.split() for line in row["summary"].splitlines()]
    assert botlab.lab_stop(tour["id"]) and not botlab.lab_stop(tour["id"])


def test_the_labs_bot_file_mistakes_are_shown_on_its_lines() -> None:
    broken = botlab.lab_load("x = 1\nimport nothing_here\n")
    assert not broken["ok"] and broken["marks"] == [2]
    assert "ModuleNotFoundError" in broken["error"] and "File" not in broken["error"]
    empty = botlab.lab_load("x = 1\n")
    assert not empty["ok"] and "subclasses Bot" in empty["error"]
    faulty = tutorial_bot().replace("moves = game.legal_moves", "moves = game.legal_moves[99]")
    bot = botlab.lab_load(faulty)
    tour = botlab.lab_tournament({"bot": bot["bot"], "games": 3, "opponents": ["random"]})
    answer = botlab.lab_next(tour["id"], 5.0)
    assert answer["finished"] and answer["failed"]
    line = faulty.splitlines().index("        moves = game.legal_moves[99]") + 1
    assert answer["failed"]["marks"] == [line]
    assert answer["failed"]["error"].startswith("In the game with seed 0 against random, turn ")
    assert "your bot's choose() raised an error" in answer["failed"]["error"]
    assert call("lab_tournament", {"bot": "random"})["error"]["message"] == "load the bot first"
    assert call("lab_load", ["not text"])["error"]["message"] == "the bot's file must be text"


def test_an_illegal_choice_names_the_rule() -> None:
    cheat = (
        "from pirate_rules.bots import Bot\n"
        "from pirate_rules.marvin import Move\n\n"
        "class Cheat(Bot):\n"
        "    def choose(self, game, player):\n"
        '        return Move.parse("CL") if game.phase == "card" else list(game.legal_moves)[0]\n'
    )
    bot = botlab.lab_load(cheat)
    tour = botlab.lab_tournament({"bot": bot["bot"], "games": 5, "opponents": ["random"]})
    failed = botlab.lab_next(tour["id"], 5.0)["failed"]
    assert failed and failed["rules"], failed


def test_live_keeps_to_a_few_entry_points() -> None:
    names = {"live_run", "lab_load", "lab_tournament", "lab_next", "lab_stop"}
    assert names <= set(web.ENTRY_POINTS)
    assert live.MAX_NAMESPACES >= 100


def _as_typed(example: doctest.Example) -> str:
    lines = example.source.rstrip("\n").split("\n")
    typed = [f">>> {lines[0]}", *(f"... {line}" for line in lines[1:])]
    return "\n".join(typed) + "\n" + example.want


def documented_modules() -> list[str]:
    """The modules the reference pages document: each page's ``::: module`` lines."""
    return sorted(
        {
            line.split()[1]
            for page in (ROOT / "docs" / "reference").rglob("*.md")
            for line in page.read_text("utf-8").splitlines()
            if line.startswith("::: ")
        }
    )


def test_the_reference_documents_every_module_of_the_games() -> None:
    """A module added to a game's package gets a page of its own in the reference."""
    found = set(documented_modules())
    for package in ("marvin", "pirate"):
        folder = ROOT / "pirate_rules" / package
        modules = {f"pirate_rules.{package}.{path.stem}" for path in folder.glob("[!_]*.py")}
        assert modules - found == set(), f"pirate_rules.{package}: no reference page"


@pytest.mark.parametrize("module", documented_modules())
def test_every_docstring_example_agrees_as_the_reference_pages_run_it(module: str) -> None:
    """What the reference pages' Run buttons do, here in CPython: a docstring example
    that only passes under doctest (a file name, a path of this machine) is found here."""
    imported = importlib.import_module(module)
    tests = [test for test in doctest.DocTestFinder().find(imported) if test.examples]
    # A module without examples (the shortcuts) has no prompt in its source at all.
    assert tests or ">>> " not in Path(str(imported.__file__)).read_text("utf-8"), module
    for test in tests:
        text = "".join(_as_typed(example) for example in test.examples)
        answer = live_run(f"/unit/{test.name}/", 0, text, test.name)
        assert answer["agree"], (test.name, [s for s in answer["steps"] if not s["agree"]])


# -- starting quickly: the memory snapshot ------------------------------------------------

PYODIDE_CHECKED = "314.0.7"
"""The Pyodide whose private snapshot API the worker was checked with."""


def test_the_private_snapshot_api_is_the_one_checked_for_the_pinned_pyodide() -> None:
    """Pyodide's memory snapshots are private API (underscore names): an upgrade must be
    checked by hand, and this test says so loudly until it has been."""
    pinned = json.loads((ROOT / "package.json").read_text("utf-8"))["dependencies"]["pyodide"]
    assert pinned == PYODIDE_CHECKED, (
        f"Pyodide {pinned} is not the version whose private snapshot API (_makeSnapshot, "
        f"makeMemorySnapshot, _loadSnapshot) was checked ({PYODIDE_CHECKED}): run "
        "tests/browser/test_live_snapshot.py against it, then update PYODIDE_CHECKED here "
        'and the pinned version on "How the engine is built".'
    )
    runtime = ROOT / "node_modules" / "pyodide"
    outer = (runtime / "pyodide.mjs").read_text("utf-8")
    inner = (runtime / "pyodide.asm.mjs").read_text("utf-8")
    for name, where in (("_loadSnapshot", outer), ("_makeSnapshot", inner),
                        ("makeMemorySnapshot", inner), ("restoreSnapshot", inner)):  # fmt: skip
        assert name in where, f"Pyodide {pinned} has no {name}: the snapshot code must change"
    assert f"Pyodide {PYODIDE_CHECKED}" in (ROOT / "docs/learn/engine.md").read_text("utf-8")
    worker = (ROOT / "docs/assets/play/worker.mjs").read_text("utf-8")
    assert all(name in worker for name in ("_makeSnapshot", "makeMemorySnapshot", "_loadSnapshot"))


def test_a_restored_python_checks_its_build_and_draws_fresh_random_numbers() -> None:
    """The snapshot holds the random generator's state: every visit would deal the same
    "random" game. after_restore seeds it afresh, and refuses a snapshot of another build."""
    import random

    web.prepare_snapshot("test build")
    random.seed(1)
    state = random.getstate()
    assert web.after_restore("test build") == web.info()["python"]
    assert random.getstate() != state
    with pytest.raises(PirateRulesError, match="kept for 'test build', not 'other build'"):
        web.after_restore("other build")


def test_a_restored_python_forgets_the_files_its_finders_listed() -> None:
    """The engine's files are unpacked again after a restore: every path entry's finder
    must look at them afresh, not at the listing kept in the snapshot."""
    import sys

    class Finder:
        forgot = 0

        def invalidate_caches(self) -> None:
            self.forgot += 1

    finder = Finder()
    sys.path_importer_cache["/a/restored/path"] = finder  # type: ignore[assignment]
    try:
        web.prepare_snapshot("test build")
        web.after_restore("test build")
    finally:
        del sys.path_importer_cache["/a/restored/path"]
    assert finder.forgot == 1


def test_the_tournament_page_shows_signs_of_life_all_along() -> None:
    """In the browser, the page stops an example that shows no sign of life for its time
    limit, in wall time, however busy the machine is. The tournament page's example plays
    a tournament, fits its ratings and replays its records: no stretch of that work
    without the start of a :func:`~pirate_rules.web.live.lively` function may be more than
    a small share of the whole. The share is counted in the profiler's events (calls and
    returns), which no load changes. Before the rating fits and the replays were signs of
    life, one stretch was 81% of the whole."""
    page = (ROOT / "docs/learn/tournament.md").read_text(encoding="utf-8")
    source = "\n".join(line[4:] for line in page.splitlines() if line.startswith((">>> ", "... ")))
    assert "run_tournament" in source and "from_records" in source
    lively = {function.__code__ for function in live.lively()}
    events = 0
    last = 0
    longest = 0

    def watch(frame: Any, event: str, arg: object) -> None:
        nonlocal events, last, longest
        events += 1
        if event == "call" and frame.f_code in lively:
            longest = max(longest, events - last)
            last = events

    sys.setprofile(watch)
    try:
        exec(compile(source, "tournament.md", "exec"), {})
    finally:
        sys.setprofile(None)
    longest = max(longest, events - last)
    assert events > 1_000_000  # the example did its work
    assert longest / events < 0.05, f"{longest:,} of {events:,} events without a sign of life"
