"""Build it yourself at home: a chapter's check and its run beside the engine, with the
learner's code in this process and in a process of its own.

For each chapter, with the model solution: the chapter's checks (``course.check``) and
``--games`` games beside the real engine (``course.Comparison``), once with the learner's
file in the checks' own interpreter (``apart=False``, as Python in the browser runs it)
and once in a child process (``apart=True``, as ``pirate-rules learn check`` does).
``--old DIR`` also times the checks of another checkout of the project (its own model
solution, in its own process), such as the code before the learner's file ran apart.

Wall and CPU (this process and its children) are timed separately; each figure is the
median of ``--runs`` runs, with the range. Nothing is kept between runs but the imports.

    .venv/bin/python benchmarks/course_apart.py [--runs 3] [--games 50] [--old DIR]
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

TIMED = r"""
import gc, json, os, sys, time
from pathlib import Path
from pirate_rules import course
number, games, apart = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
solutions = Path(sys.argv[4])
source = (solutions / ("my_moments.py" if number == 6 else "my_engine.py")).read_text()
options = {} if apart == "old" else {"apart": apart == "apart"}
def cpu():
    own, children = os.times()[0:2], os.times()[2:4]
    return sum(own) + sum(children)
gc.collect()
wall, started = time.perf_counter(), cpu()
report = course.check(number, source, **options)
check = (time.perf_counter() - wall, cpu() - started, report.passed)
seed = {"first_seed": 0}
wall, started = time.perf_counter(), cpu()
run = course.Comparison(number, source, games=games, **seed, **options)
run.advance()
beside = (time.perf_counter() - wall, cpu() - started, run.agreed)
print(json.dumps([check, beside]))
"""


def timed(tree: Path, number: int, games: int, way: str) -> list[list[float]]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    solutions = str(tree / "tests" / "course" / "solutions")
    done = subprocess.run(
        [sys.executable, "-c", TIMED, str(number), str(games), way, solutions],
        env=env, capture_output=True, text=True, check=True, cwd=tree,
    )  # fmt: skip
    result: list[list[float]] = json.loads(done.stdout)
    return result


def figure(values: list[float]) -> str:
    return f"{statistics.median(values):6.2f} ({min(values):.2f}-{max(values):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--old", type=Path, help="another checkout, timed as it is")
    parser.add_argument("--chapters", default="1,2,3,4,5,6")
    args = parser.parse_args()
    ways = [("here", ROOT), ("apart", ROOT)] + ([("old", args.old.resolve())] if args.old else [])
    print(f"load average at the start: {os.getloadavg()[0]:.1f}; {args.runs} runs, median (range)")
    print(f"{'chapter':<8}{'way':<7}{'check wall s':>22}{'check CPU s':>22}"
          f"{f'{args.games} games wall s':>24}{'games CPU s':>22}")  # fmt: skip
    for number in map(int, args.chapters.split(",")):
        for way, tree in ways:
            runs = [timed(tree, number, args.games, way) for _ in range(args.runs)]
            gc.collect()
            check_wall = [run[0][0] for run in runs]
            check_cpu = [run[0][1] for run in runs]
            games_wall = [run[1][0] for run in runs]
            games_cpu = [run[1][1] for run in runs]
            passed = all(run[0][2] and run[1][2] for run in runs)
            print(f"{number:<8}{way:<7}{figure(check_wall):>22}{figure(check_cpu):>22}"
                  f"{figure(games_wall):>24}{figure(games_cpu):>22}"
                  f"{'' if passed else '  (did not pass!)'}", flush=True)  # fmt: skip
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
