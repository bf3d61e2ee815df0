"""What fair play costs: your own bot in a process of its own against in this process.

Usage:
    python benchmarks/fair_play.py [--runs R] [--marvin N] [--pirate N]

For each game, a bot of yours given as a file (``benchmarks/_yours.py``: a subclass of
Marvin's ``random`` and of Pirate's ``fast`` that changes nothing), in both seats, is
timed three ways in each run, back to back on the same seeds:

1. ``engine.py``'s own line for your own bots: the class itself, refereed in this
   process with the whole state compared at every choice (``simulate`` before hosts);
2. the file ``--in-process``: the same, loaded by its name;
3. the file in hosts of its own (``simulate``'s way now): lockstep batches of 200 games,
   the hosts started (by ``task_of``, which loads the bot there, as ``simulate`` does)
   and ended within the timing. In Marvin the one file in both seats has one host for
   both (see :class:`~pirate_rules.lockstep.Hosts`).

Games per second count the CPU of every process: this one's and the hosts' (reaped
children), and wall time is given beside. Each figure is the median of the runs, with
the slowest and fastest. Then the clean check: replaying each record with its seed's
deal checked, per game, against playing it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.chdir(ROOT)

from pirate_rules.deals import check_deal  # noqa: E402
from pirate_rules.records import replay  # noqa: E402
from pirate_rules.simulate import close_hosts, play_batch, task_of  # noqa: E402

FILE = "benchmarks/_yours.py"
NAMES = {"marvin": f"{FILE}:Marvin", "pirate": f"{FILE}:Pirate"}


def cpu() -> float:
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def timed(work: Callable[[], int]) -> tuple[float, float, int]:
    cpu0, wall0 = cpu(), time.perf_counter()
    games = work()
    return cpu() - cpu0, time.perf_counter() - wall0, games


def way_engine(game: str, seeds: range) -> int:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from engine import yours  # the same subclass engine.py times

    base = {"marvin": "random", "pirate": "fast"}[game]
    mine = yours(game, base)
    task = task_of(game, (mine, mine), move_time=10.0)
    batch = play_batch(task, seeds)
    assert batch.fault is None
    return len(batch.results)


def way_in_process(game: str, seeds: range) -> int:
    task = task_of(game, (NAMES[game], NAMES[game]), move_time=10.0, in_process=True)
    batch = play_batch(task, seeds)
    assert batch.fault is None
    return len(batch.results)


def way_hosted(game: str, seeds: range) -> int:
    # as ``simulate`` does: task_of starts the host that loads the bot, and the games
    # are played in it; both timed, with the host's end
    task = task_of(game, (NAMES[game], NAMES[game]), move_time=10.0, key="00" * 16)
    try:
        batch = play_batch(task, seeds)
    finally:
        close_hosts()
    assert batch.fault is None
    return len(batch.results)


WAYS = {
    "engine.py, yours": way_engine,
    "file, --in-process": way_in_process,
    "file, hosted": way_hosted,
}


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):,.0f} ({min(values):,.0f}-{max(values):,.0f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--marvin", type=int, default=1000,
                        help="Marvin games per way and run (0: none)")  # fmt: skip
    parser.add_argument("--pirate", type=int, default=150,
                        help="Pirate games per way and run (0: none)")  # fmt: skip
    args = parser.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.1f}")
    for game, count in (("marvin", args.marvin), ("pirate", args.pirate)):
        if count <= 0:  # --pirate 0, say, times Marvin alone
            continue
        found: dict[str, list[tuple[float, float]]] = {way: [] for way in WAYS}
        for run in range(args.runs):
            seeds = range(run * count, (run + 1) * count)
            for way, work in WAYS.items():
                spent, wall, games = timed(lambda w=work, g=game, s=seeds: w(g, s))
                found[way].append((games / spent, games / wall))
        base = [cpu_rate for cpu_rate, _ in found["engine.py, yours"]]
        for way, rates in found.items():
            cpu_rates = [rate for rate, _ in rates]
            ratio = [mine / theirs for mine, theirs in zip(cpu_rates, base, strict=True)]
            print(
                f"{game:7} {way:20} CPU {spread(cpu_rates)} games/s, wall"
                f" {spread([rate for _, rate in rates])} games/s;"
                f" x{statistics.median(ratio):.2f} ({min(ratio):.2f}-{max(ratio):.2f})"
                " of engine.py's"
            )
        clean_check(game, min(count, 200))
    print(f"load average at end: {os.getloadavg()[0]:.1f}")


def clean_check(game: str, count: int) -> None:
    """The clean check per game: a record's replay, and its seed's deal checked."""
    task = task_of(game, ("random", "random") if game == "marvin" else ("fast", "fast"), "dict")
    start = time.process_time()
    batch = play_batch(task, range(count))
    played = time.process_time() - start
    records = [result.record for result in batch.results]
    start = time.process_time()
    for record in records:
        replay(record)
    replayed = time.process_time() - start
    start = time.process_time()
    for record in records:
        check_deal(record)
    dealt = time.process_time() - start
    per = 1e3 / count
    print(
        f"{game:7} clean check per game: replay {replayed * per:.2f} ms (of which the deal"
        f" {dealt * per:.2f} ms), against {played * per:.2f} ms to play it refereed"
    )


if __name__ == "__main__":
    main()
