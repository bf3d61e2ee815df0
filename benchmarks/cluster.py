"""Games per second on a Dask cluster beside ``--jobs``, and what a batch costs.

Usage:
    python benchmarks/cluster.py [--runs R] [--marvin-games N] [--pirate-games N]
                                 [--batches N]

Prints, for both games with their baseline bots (as ``pirate-rules simulate`` plays
them, refereed, summarised, no records):

* games per second of wall time and of CPU time with ``--jobs 1``, ``--jobs 2``, and
  on a ``LocalCluster`` of 1 and of 2 worker processes (one thread each), each as the
  median of the runs with the slowest and fastest run. CPU time is that of every
  process that took part: this one (the client, and the ``LocalCluster``'s scheduler,
  which runs in it) and its workers;
* the cost of one batch: batches of one item that does nothing, sent through the same
  path as games (submitted, scheduled, run, taken back in order, a few in flight), in
  wall milliseconds per batch and in CPU milliseconds per batch of this process (client
  and scheduler) and of the workers;
* the client's own cost per game: taking a batch of results back (unpickling) and
  adding them up, in microseconds per game, which bounds how many games per second one
  client can take in, whatever the number of workers.

The figures of one run of this script are comparable with each other; the machine is
shared, so compare ratios, not figures from different days. Nothing is kept while
timing: results are added up and dropped as they come.
"""

from __future__ import annotations

import argparse
import functools
import gc
import os
import pickle
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import psutil

from pirate_rules.cluster import Cluster
from pirate_rules.simulate import DEFAULT_BOTS, Tally, iter_games


class Timing(NamedTuple):
    """One timed run: wall and CPU seconds (every process), and the items done."""

    wall: float
    cpu: float
    items: int


def _cpu(live: Iterable[psutil.Process]) -> float:
    """CPU seconds so far of this process, its finished children and ``live`` processes."""
    times = os.times()
    return time.process_time() + times.children_user + times.children_system + _of(live)


def _of(processes: Iterable[psutil.Process]) -> float:
    """CPU seconds so far of ``processes``."""
    return float(sum(cpu.user + cpu.system for cpu in (p.cpu_times() for p in processes)))


def timed(work: Callable[[], int], live: Iterable[psutil.Process] = ()) -> Timing:
    """Run ``work`` (which returns how many items it did), timing wall and CPU."""
    live = list(live)
    gc.collect()
    wall, cpu = time.perf_counter(), _cpu(live)
    count = work()
    return Timing(time.perf_counter() - wall, _cpu(live) - cpu, count)


def tally(results: Iterable[Any], game: str) -> int:
    """Add up every result as ``simulate`` does; returns how many there were."""
    totals = Tally(game)
    for result in results:
        totals.add(result)
    return totals.games


def rates(runs: list[Timing]) -> str:
    """Games per second of wall and of CPU time: median (slowest-fastest)."""

    def spread(values: list[float]) -> str:
        return f"{statistics.median(values):7,.0f} ({min(values):,.0f}-{max(values):,.0f})"

    wall = [run.items / run.wall for run in runs]
    cpu = [run.items / run.cpu for run in runs]
    return f"wall {spread(wall)}   CPU {spread(cpu)}"


def _jobs(game: str, seeds: range, bots: tuple[str, str], jobs: int) -> int:
    return tally(iter_games(game, seeds, bots, jobs=jobs), game)


def _on(cluster: Cluster, game: str, seeds: range, bots: tuple[str, str]) -> int:
    """Games as ``simulate --cluster`` plays them without records: added up by batch."""
    return sum(part.games for part in cluster.tallies(game, seeds, bots))


def _nothing(items: list[int]) -> tuple[None, int]:
    """A batch's work that does nothing."""
    return None, len(items)


def workers_of(cluster: Cluster) -> list[psutil.Process]:
    """The worker processes of a ``LocalCluster`` started by this process."""
    pids = cluster.client.run(os.getpid)
    return [psutil.Process(pid) for pid in pids.values()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--marvin-games", type=int, default=20_000)
    parser.add_argument("--pirate-games", type=int, default=6_000)
    parser.add_argument("--batches", type=int, default=400)
    args = parser.parse_args()
    sizes = {"marvin": args.marvin_games, "pirate": args.pirate_games}
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the start")
    print("games per second, median (slowest-fastest) of", args.runs, "runs")

    for game, games in sizes.items():
        bots = DEFAULT_BOTS[game]
        seeds = range(games)
        for jobs in (1, 2):
            work = functools.partial(_jobs, game, seeds, bots, jobs)
            runs = [timed(work) for _ in range(args.runs)]
            print(f"{game:<7} {' v '.join(bots):<15} --jobs {jobs}            {rates(runs)}")
        for workers in (1, 2):
            started = time.perf_counter()
            with Cluster("local", workers=workers) as cluster:
                ready = time.perf_counter() - started
                live = workers_of(cluster)
                _on(cluster, game, range(200), bots)  # warm up every worker
                work = functools.partial(_on, cluster, game, seeds, bots)
                runs = [timed(work, live) for _ in range(args.runs)]
            print(
                f"{game:<7} {' v '.join(bots):<15} --cluster local ({workers})"
                f" {rates(runs)}   (started in {ready:.1f} s)"
            )

    with Cluster("local", workers=2) as cluster:
        live = workers_of(cluster)
        walls, here, there = [], [], []
        for _ in range(args.runs):
            gc.collect()
            wall, mine, theirs = time.perf_counter(), time.process_time(), _of(live)
            count = sum(1 for _ in cluster.run(_nothing, (), range(args.batches), size=1))
            walls.append((time.perf_counter() - wall) / count * 1000)
            here.append((time.process_time() - mine) / count * 1000)
            there.append((_of(live) - theirs) / count * 1000)

        def ms(values: list[float]) -> str:
            return f"{statistics.median(values):.1f} ({min(values):.1f}-{max(values):.1f}) ms"

        print(
            f"one batch, 2 workers, {args.batches} batches a run: wall {ms(walls)},"
            f" CPU of client and scheduler {ms(here)}, of the workers {ms(there)}"
        )

    for game, bots in DEFAULT_BOTS.items():
        results = list(iter_games(game, range(2000), bots))
        data = pickle.dumps(results)
        costs = []
        for _ in range(args.runs):
            gc.collect()
            started = time.perf_counter()
            for _ in range(10):
                tally(pickle.loads(data), game)
            costs.append((time.perf_counter() - started) / (10 * len(results)) * 1e6)
        print(
            f"client per {game} game: {statistics.median(costs):.2f}"
            f" ({min(costs):.2f}-{max(costs):.2f}) µs to take back and add up"
        )


if __name__ == "__main__":
    main()
