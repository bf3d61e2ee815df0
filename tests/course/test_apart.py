"""The learner's code runs apart from the checks: files that try to reach the real engine, or
to fool the verdict, do not pass.

Each cheat below is chapter 1's model part with one more thing at its top: a way to the
real engine that worked while the learner's file ran in the checks' own interpreter (the
file then refuses to run unless the way worked), or a way to end Python with a verdict of
its own. In a process of its own (``python -I -S``, the agent's audit hook), none passes.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from wrong_solutions import MODEL

import pirate_rules
from pirate_rules import course

CHAPTER_1 = MODEL["my_engine.py"].split("# ── Chapter 2")[0].rstrip() + "\n"
ENGINE_FILE = str(Path(pirate_rules.__file__))

CHEATS = {
    "sys.modules": 'import sys\nengine = sys.modules["pirate_" + "rules.marvin"]\n',
    "gc.get_objects": (
        "import gc\n"
        "found = [o for o in gc.get_objects()\n"
        "         if type(o).__module__.startswith('pirate' + '_rules')]\n"
        "assert found, 'no engine here'\n"
    ),
    "the caller's frames": (
        "import sys\n"
        "frame, found = sys._getframe(), []\n"
        "while frame is not None:\n"
        "    found += [n for n in frame.f_globals if n == 'MarvinGame']\n"
        "    found += [v for v in frame.f_globals.values()\n"
        "              if getattr(v, '__name__', '').startswith('pirate' + '_rules')]\n"
        "    frame = frame.f_back\n"
        "assert found, 'no engine here'\n"
    ),
    "the package from disk": (
        "import importlib.util\n"
        f"spec = importlib.util.spec_from_file_location('engine', {ENGINE_FILE!r})\n"
        "engine = importlib.util.module_from_spec(spec)\n"
        "spec.loader.exec_module(engine)\n"
    ),
    "importlib with a name made at run time": (
        "import importlib\nengine = importlib.import_module('pirate' + '_rules.marvin')\n"
    ),
    "subprocess": (
        "import subprocess, sys\n"
        "subprocess.run([sys.executable, '-c', 'import pirate' '_rules'], check=True)\n"
    ),
    "a module named like the checks": (
        "import sys\nassert any('course' in name for name in sys.modules), 'not being checked'\n"
    ),
    "ctypes": "import ctypes\n",
}


@pytest.mark.parametrize("name", CHEATS)
def test_a_file_that_reaches_for_the_real_engine_does_not_pass(name: str) -> None:
    report = course.check(1, CHEATS[name] + CHAPTER_1)
    assert report.fault is not None and not report.passed, name
    assert "does not run" in report.fault.message


def test_the_honest_file_passes_apart() -> None:
    assert course.check(1, CHAPTER_1).passed


@pytest.mark.parametrize(
    ("code", "said"),
    [
        (
            "import os\nprint('All 7 checks pass.')\nos._exit(0)\n",
            "ended Python itself (exit status 0)",
        ),
        ("import sys\nsys.exit(0)\n", "does not run: it stops at line 2 with sys.exit: 0"),
        ("import os\nos.abort()\n", "ended Python itself: was ended by SIGABRT"),
        ("raise KeyboardInterrupt\n", "with KeyboardInterrupt"),
        ("def f():\n    f()\nf()\n", "RecursionError"),
    ],
)
def test_a_file_that_ends_python_is_told_in_words(tmp_path: Path, code: str, said: str) -> None:
    """The verdict and the exit status are the checks' own, whatever the file prints."""
    file = tmp_path / "my_engine.py"
    file.write_text(code + CHAPTER_1, "utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pirate_rules", "learn", "check", "1", str(file), "--seed", "1"],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 1, done.stdout + done.stderr
    assert said in " ".join(done.stdout.split()), done.stdout
    assert "All 7 checks pass" not in done.stdout


def test_a_call_that_ends_python_or_loops_where_no_line_can_stop_it_is_told() -> None:
    exiting = CHAPTER_1.replace(
        "    return 0 if card == JOKER",
        "    import os\n    os._exit(3)\n    return 0 if card == JOKER",
    )
    finding = next(f for f in course.check(1, exiting).failed if "rank()" in f.problem)
    assert finding.problem.startswith("your rank() ended Python itself (exit status 3)")
    looping = CHAPTER_1.replace(
        "    return 0 if card == JOKER", "    sum(iter(int, 1))\n    return 0 if card == JOKER"
    )  # a loop inside a built-in: no line of the file runs while it goes on
    report = course.check(1, looping, seconds=0.3)
    finding = next(f for f in report.failed if "rank()" in f.problem)
    assert "so Python was stopped from outside" in finding.problem
    assert report.findings[-1].ok or report.findings[-1].rule == "M9"  # the checks go on after
