"""Games on a Dask cluster: ``simulate --cluster`` and ``python -m analysis --cluster``.

The games of a long run are sent to the workers of Dask's distributed scheduler in
batches, and come back in seed order, so that a run gives the same results on a
cluster as on one process: the same summary, and the same records in the same order.

* ``local`` starts a ``LocalCluster`` on this machine (one worker process per CPU, one
  thread each); an address such as ``tcp://host:8786`` joins a running scheduler
  (started with ``dask scheduler``, its workers with ``dask worker tcp://host:8786``).
* Before any game, every worker must run the same engine build as this machine
  (:func:`engine_build`); a worker that joins later is checked with its first batch.
* A bot of your own (``path/to/bot.py:Class``, or ``module:Class`` from a file of
  yours) is sent to the workers with each batch, so nothing has to be installed there.
* A few batches are in flight at a time: the results of a batch wait on its worker
  until their turn comes, and the client holds one batch at a time, so its memory
  does not grow with the number of games.
* The time limit per move and the fault rules are those of one machine: a worker
  plays each batch with `pirate_rules.simulate.play_batch` (in a thread of its own when
  there is a limit, since Dask runs tasks in threads), and the batches come back through
  `pirate_rules.simulate.in_seed_order`: after a bot's fault, the results are exactly
  the games of the seeds before it, and the fault names the worker that played it.
* Your own bots play in a process of their own on the worker
  (`pirate_rules.simulate.play_apart`): one that ends its process (``os.abort``,
  ``os._exit``, a signal) ends only that process, and the game that ended it is the
  fault, told as on one machine, with the worker's address; the worker plays on.
* A worker that is lost takes its batches with it; the scheduler runs them again on
  another worker, and each batch is counted once, when the client takes its results. A
  batch whose workers die one after another (killed from outside, out of memory) is
  played again one game at a time (`pirate_rules.simulate.isolate`) to find the game
  to blame. When no worker is left at all and none comes back within
  `NO_WORKER_SECONDS`, the run stops with a `ClusterError`, after the games before.

Dask is an optional extra (``pip install 'pirate-rules[cluster]'``), imported only
here, and only when a cluster is asked for: the engine itself needs nothing but
Python.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import itertools
import logging
import os
import re
import signal
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TypeVar

from pirate_rules import __version__
from pirate_rules.errors import BotError, PirateRulesError, one_line
from pirate_rules.shipped import Shipped, as_shipped, bot_sources, install

if TYPE_CHECKING:
    from pirate_rules.simulate import Batch, Task
    from pirate_rules.summary import GameResult, Tally

    Played = tuple[Tally | None, Batch]
    """A batch of games as it comes back: its tally (when asked for), and the batch."""

__all__ = [
    "BATCHES_PER_SECOND",
    "BATCH_SECONDS",
    "INSTALL",
    "MAX_BATCH",
    "MAX_RECORD_BATCH",
    "Cluster",
    "ClusterError",
    "bot_sources",
    "engine_build",
    "load_distributed",
    "scheduler_address",
]

T = TypeVar("T")
R = TypeVar("R")

INSTALL: Final = "pip install 'pirate-rules[cluster]'"
"""How to install what ``--cluster`` needs (``make setup`` installs it too)."""

BATCH_SECONDS: Final = 1.0
"""How long a batch should keep its worker busy, at least. A batch costs its worker 3
to 9 ms of CPU, and the client and scheduler 4 to 12 ms (``benchmarks/cluster.py`` on
a shared machine), so a second keeps the workers' share near 1%, while a lost worker or
Ctrl-C loses no more than a second of work."""

BATCHES_PER_SECOND: Final = 50
"""The most batches the whole cluster should finish per second: at up to 12 ms each,
some 60% of one core for the client and scheduler. Past 50 worker threads, batches
grow longer than `BATCH_SECONDS` to stay under it (2 s on 100)."""


MAX_BATCH: Final = 20_000
"""The most games (or jobs) in one batch, whatever their speed."""

MAX_RECORD_BATCH: Final = 2_000
"""The most games in one batch whose records are kept: a batch's records (about 3 kB a
game) are held whole on its worker and, in their turn, on the client."""

CONNECT_SECONDS: Final = 20
"""How long to try to reach a scheduler, and to wait for its first worker."""

NO_WORKER_SECONDS = CONNECT_SECONDS
"""How long a run waits, once the scheduler has no worker left (all lost, none
restarted), before it stops with what it has played."""


_ADDRESS: Final = re.compile(r"(?:(?:tcp|tls|ws|wss)://)?(\[[0-9a-fA-F:.]+\]|[\w.-]+):(\d{1,5})")


def scheduler_address(text: str) -> str:
    """A ``--cluster`` argument: ``local``, or a scheduler's address, checked before
    anything is imported or reached.

    Example:
        >>> scheduler_address("tcp://10.0.0.5:8786"), scheduler_address("local")
        ('tcp://10.0.0.5:8786', 'local')
        >>> scheduler_address("http://10.0.0.5")
        Traceback (most recent call last):
        ...
        argparse.ArgumentTypeError: expected local or a scheduler's address such as ...
    """
    import argparse

    found = _ADDRESS.fullmatch(text)
    if text != "local" and (found is None or not 0 < int(found[2]) < 65536):
        raise argparse.ArgumentTypeError(
            "expected local or a scheduler's address such as tcp://10.0.0.5:8786,"
            f" not {one_line(text, 60)!r}"
        )
    return text


class ClusterError(PirateRulesError):
    """A cluster that cannot be used: Dask missing, no scheduler, a worker unlike this machine."""


def load_distributed() -> Any:
    """Dask's ``distributed`` package, or a one-line :class:`ClusterError` saying how to
    install it."""
    try:
        import distributed
    except ImportError:
        raise ClusterError(
            f"--cluster needs Dask's distributed package, which is not installed: {INSTALL}"
        ) from None
    return distributed


@functools.cache
def engine_build() -> str:
    """This engine's version and build: a digest of the source of every module of
    ``pirate_rules``, so that two machines agree only when they play the same code.

    Example:
        >>> engine_build().startswith(f"{__version__} build ")
        True
    """
    root = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return f"{__version__} build {digest.hexdigest()[:12]}"


Done = tuple[str, str, int, Any, float]
"""A batch as it comes back from a worker: the worker's engine build, its address, how
many items it played, what its work returned, and the seconds it took."""


def _on_worker(
    work: Callable[..., tuple[Any, int]], args: tuple[Any, ...], items: list[Any]
) -> Done:
    """On a worker: ``work(*args, items)``, which returns a value and how many items it
    played, with the worker's build and address."""
    from distributed import get_worker

    started = time.perf_counter()
    value, count = work(*args, items)
    return engine_build(), get_worker().address, count, value, time.perf_counter() - started


_RUNS: dict[str, set[int]] = {}
"""On a worker: the threads playing each run's batches with hosts, by the run's id."""

_STOPPED: deque[str] = deque(maxlen=1000)
"""On a worker: the runs stopped by their clients (see `_end_run`), the latest last."""

_RUNS_LOCK = threading.Lock()

_RUNS_ENDED = threading.Condition(_RUNS_LOCK)
"""On a worker: told each time a batch with hosts has ended its hosts and reaped."""

_END_WAIT: Final = 30.0
"""On a worker: how long `_end_run` waits for a stopped run's batches to end their hosts."""


def _play(
    task: Task, shipped: Shipped, summed: bool, run: str, seeds: list[int]
) -> tuple[Played, int]:
    """On a worker: the games of ``seeds``, as `pirate_rules.simulate.play_batch` plays
    them anywhere, your own bots installed first; with ``summed``, the games come back
    added up (their `Tally`), not one by one. ``run`` names the client's run, which
    `_end_run` stops."""
    from distributed import get_worker

    from pirate_rules.referee import guard_exits
    from pirate_rules.simulate import (
        Batch,
        close_hosts,
        end_hosts,
        forget_ended,
        play_apart,
        play_batch,
        yours,
    )
    from pirate_rules.summary import Tally

    guard_exits()
    worker = get_worker().address
    if any(task.hosted):
        # Your own bots play in hosts of their own (pirate_rules.host), started for this
        # batch and ended with it, or as soon as its client stops the run: nothing
        # outlives it, whatever a bot does (the worker adopts what a bot leaves behind,
        # as a subreaper), and the worker never runs a bot's code.
        from pirate_rules import process

        process.become_subreaper()
        thread = threading.get_ident()
        with _RUNS_LOCK:
            _RUNS.setdefault(run, set()).add(thread)
            if run in _STOPPED:
                end_hosts(thread, _STOPPED_WORDS)
        try:
            batch = play_batch(task, seeds, shipped=shipped)
        finally:
            try:
                close_hosts(this_thread=True)
                process.reap_orphans()
            finally:
                with _RUNS_ENDED:  # `_end_run` ends only the threads still listed
                    _RUNS[run].discard(thread)
                    if not _RUNS[run]:
                        del _RUNS[run]
                    forget_ended(thread)  # an end asked while this batch closed its hosts
                    _RUNS_ENDED.notify_all()
    else:
        try:
            install(shipped)
        except BotError as exc:
            return (None, Batch(seeds, [], exc.placed(worker=worker))), 0
        # Your own bots play in a process of their own, which they may end (os.abort, a
        # signal) without ending the worker: the game that ends it is the fault.
        batch = play_apart(task, seeds) if yours(task) else play_batch(task, seeds)
    if batch.fault is not None:
        batch.fault = as_shipped(batch.fault, shipped).placed(worker=worker)
    if not summed:
        return (None, batch), len(batch.results)
    tally = Tally(task.game).add_all(batch.results)
    return (tally, replace(batch, results=[])), tally.games


_STOPPED_WORDS: Final = "its run was stopped by its client"


def _end_run(run: str) -> None:
    """On a worker: end at once the hosts of every batch of ``run`` (whose client has
    stopped it and cancelled them), and of any batch of it that starts later; then wait
    (at most `_END_WAIT` seconds) until those batches have ended their hosts and reaped
    what their bots left behind, so that the client ends after every process of its run."""
    from pirate_rules.simulate import end_hosts

    with _RUNS_ENDED:
        _STOPPED.append(run)
        for thread in _RUNS.get(run, ()):
            end_hosts(thread, _STOPPED_WORDS)
        _RUNS_ENDED.wait_for(lambda: run not in _RUNS, timeout=_END_WAIT)


def _map(function: Callable[[T], R], jobs: list[T]) -> tuple[list[R], int]:
    """On a worker: ``function`` of each job, in order (see `Cluster.map`)."""
    return [function(job) for job in jobs], len(jobs)


class Cluster:
    """A connection to Dask workers: a new ``LocalCluster`` or a running scheduler.

    Args:
        address: ``"local"``, or a scheduler's address such as ``"tcp://host:8786"``.
        workers: For ``"local"``: how many worker processes (default: one per CPU).

    Raises:
        ClusterError: if Dask is not installed, the scheduler cannot be reached or has
            no worker, or a worker runs another engine build.
    """

    def __init__(self, address: str, *, workers: int | None = None) -> None:
        distributed = load_distributed()
        # Dask's own log lines would come between the command's; its errors are told here.
        logging.getLogger("distributed").setLevel(logging.CRITICAL)
        self.address = address
        self.local: Any = None
        self.build = engine_build()
        self.by_worker: Counter[str] = Counter()
        """How many games (or jobs) each worker has played, by its address."""
        if address == "local":
            self.local = _start_local(distributed, workers or os.cpu_count() or 1)
            target: Any = self.local
        else:
            target = address
        try:
            self.client = distributed.Client(target, timeout=CONNECT_SECONDS, set_as_default=False)
        except (OSError, ValueError, TypeError) as exc:
            self._close_local()
            raise ClusterError(f"cannot reach a Dask scheduler at {address!r}: {exc}") from None
        try:
            self._wait_for_workers()
            self.check_workers()
        except BaseException:
            self.close()
            raise

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Leave the scheduler, and stop the ``LocalCluster`` if this started one."""
        client, self.client = getattr(self, "client", None), None
        if client is not None:
            client.close()
        self._close_local()

    def _close_local(self) -> None:
        local, self.local = self.local, None
        if local is not None:
            local.close()

    def _wait_for_workers(self) -> None:
        try:
            self.client.wait_for_workers(1, timeout=CONNECT_SECONDS)
        except TimeoutError:
            raise ClusterError(
                f"the scheduler at {self.address} has no worker after {CONNECT_SECONDS} s"
                f" (start some with: dask worker {self.address})"
            ) from None

    def threads(self) -> int:
        """How many tasks the workers run at once, all together."""
        nthreads: dict[str, int] = self.client.nthreads()
        return max(1, sum(nthreads.values()))

    def check_workers(self) -> None:
        """Check that every worker runs this machine's engine build.

        Raises:
            ClusterError: naming the first worker that does not, and both builds.
        """
        builds = self.client.run(_worker_build, on_error="return")
        for worker, build in sorted(builds.items()):
            if isinstance(build, BaseException):
                build = f"none that answers ({type(build).__name__}: {one_line(str(build), 80)})"
            if build != self.build:
                raise self.mismatch(worker, str(build))

    def mismatch(self, worker: str, build: str) -> ClusterError:
        """The error for a worker whose engine is not this machine's."""
        return ClusterError(
            f"worker {worker} runs the engine pirate_rules {build}, this machine"
            f" {self.build}: install the same engine on every worker"
        )

    def run(
        self,
        work: Callable[..., tuple[Any, int]],
        args: tuple[Any, ...],
        items: Iterable[Any],
        *,
        on_done: Callable[[int], None] | None = None,
        size: int | None = None,
        most: int = MAX_BATCH,
        lost: Callable[[list[Any]], Any] | None = None,
    ) -> Generator[Any, None, None]:
        """``work(*args, batch)`` for batches of the items, on the workers, yielded in order.

        ``work`` (a module-level function) returns a value and how many items it
        played. Items go out in batches, a few per worker thread in flight. Once the
        time an item takes is known (the first batches hold one item), a batch lasts
        `BATCH_SECONDS` (longer on more than `BATCHES_PER_SECOND` threads, so that the
        client keeps up), with at most ``most`` items; or it holds ``size`` items when
        that is given. ``on_done`` is told how many items each batch held as soon as it
        is finished, in whatever order batches finish (for a progress bar at the
        workers' combined rate). A batch whose workers kept dying while they played it
        is given to ``lost``, whose value takes its place (without it, the run stops).

        Raises:
            ClusterError: if a worker runs another engine build, or a batch fails for a
                reason of the cluster's (the scheduler lost, workers dying).
        """
        distributed = load_distributed()
        items = iter(items)
        completions = distributed.as_completed(loop=self.client.loop)
        pending: deque[tuple[Any, list[Any]]] = deque()
        finished: set[str] = set()
        fixed = size is not None
        size = max(1, size or 1)
        threads, counted = self.threads(), time.monotonic()

        def submit() -> bool:
            batch = list(itertools.islice(items, size))
            if batch:
                future = self.client.submit(_on_worker, work, args, batch, pure=False)
                pending.append((future, batch))
                completions.add(future)
            return bool(batch)

        try:
            for _ in range(2 * threads + 1):
                submit()
            while pending:
                head, batch = pending[0]
                while head.key not in finished:
                    done = self._next_done(completions, pending, finished)
                    finished.add(done.key)
                    if on_done is not None and done.status == "finished":
                        on_done(next(len(b) for f, b in pending if f.key == done.key))
                pending.popleft()
                finished.discard(head.key)
                died, result = self._outcome(head)
                if died and lost is not None:
                    yield lost(batch)
                    continue
                build, worker, played, value, seconds = result
                if build != self.build:
                    raise self.mismatch(worker, build)
                self.by_worker[worker] += played
                yield value
                if played and seconds > 0 and not fixed:
                    seconds = _batch_seconds(threads) * played / seconds
                    size = max(1, min(most, int(seconds)))
                if time.monotonic() - counted > 2:
                    threads, counted = self.threads(), time.monotonic()
                while len(pending) < 2 * threads + 1 and submit():
                    pass
        finally:
            if pending and self.client is not None:
                self.client.cancel([future for future, _ in pending], force=True)

    def _next_done(self, completions: Any, pending: deque[tuple[Any, list[Any]]],
                   finished: set[str]) -> Any:  # fmt: skip
        """The next batch to finish, as ``completions`` gives it.

        Raises:
            ClusterError: see `_while_workers`.
        """
        if completions.has_ready():
            return next(completions)
        distributed = load_distributed()
        waiting = [future for future, _ in pending if future.key not in finished]
        self._while_workers(
            lambda: distributed.wait(waiting, timeout=1, return_when="FIRST_COMPLETED")
        )
        return next(completions)

    def _while_workers(self, attempt: Callable[[], R]) -> R:
        """``attempt()``, which gives up with a `TimeoutError` within a second, tried
        until it succeeds: any wait on the cluster goes through here.

        Raises:
            ClusterError: once the scheduler has had no worker for `NO_WORKER_SECONDS`
                (a worker lost and not restarted would leave the run waiting forever,
                and so would a batch's results lost with the last worker after it
                finished).
        """
        alone_since: float | None = None
        while True:
            try:
                with self.client.as_current():
                    return attempt()
            except TimeoutError:
                if self.client.nthreads():
                    alone_since = None
                    continue
                alone_since = alone_since or time.monotonic()
                if time.monotonic() - alone_since < NO_WORKER_SECONDS:
                    continue
                where = getattr(self.client.scheduler, "address", self.address)
                start = "" if self.local else f" (start workers with: dask worker {where})"
                raise ClusterError(
                    f"the scheduler at {where} has had no worker for {NO_WORKER_SECONDS} s;"
                    f" the games played before are kept{start}"
                ) from None

    def _outcome(self, future: Any) -> tuple[bool, Any]:
        """Whether ``future``'s workers kept dying while they played it, else its result.

        The result is fetched under `_while_workers`: a batch that had finished can
        still be lost with its worker before the client takes it, and is then played
        again on a worker that may never come.

        Raises:
            ClusterError: for any other failure of the cluster's, or when no worker is left.
        """

        def fetch() -> tuple[bool, Any]:
            try:
                return False, future.result(timeout=1)
            except TimeoutError:
                if future.status != "error":
                    raise  # not finished yet (or finished, and lost since)
                exc = future.exception()
            except Exception as error:
                exc = error
            name = type(exc).__name__
            if name == "KilledWorker":
                return True, None
            if "Cancelled" in name:
                where = getattr(self.client.scheduler, "address", self.address)
                raise ClusterError(f"lost the connection to the scheduler at {where}") from None
            raise ClusterError(f"a batch failed on the cluster: {name}: {exc}") from None

        return self._while_workers(fetch)

    def games(
        self,
        game: str,
        seeds: Iterable[int],
        bots: Sequence[Any] | None = None,
        *,
        records: str = "",
        move_time: float | None = None,
        on_done: Callable[[int], None] | None = None,
        task: Task | None = None,
    ) -> Generator[GameResult, None, None]:
        """Play one game per seed on the workers and yield each result in seed order, as
        `pirate_rules.simulate.iter_games` does on one machine, with the same fault
        rules (`pirate_rules.simulate.in_seed_order`) and time limit per move.

        Raises:
            BotError: at the first fault of a bot, after the games before it, naming the
                worker that played it.
            ClusterError: see `run`.
        """
        from pirate_rules.simulate import in_seed_order

        batches = self._batches(game, seeds, bots, records, move_time, on_done, summed=False,
                                task=task)  # fmt: skip
        with contextlib.closing(batches):  # the batches in flight are cancelled at the end
            yield from in_seed_order(batch for _, batch in batches)

    def tallies(
        self,
        game: str,
        seeds: Iterable[int],
        bots: Sequence[Any] | None = None,
        *,
        move_time: float | None = None,
        on_done: Callable[[int], None] | None = None,
        task: Task | None = None,
    ) -> Generator[Tally, None, None]:
        """Like `games` without records, but each batch comes back added up by its
        worker: one `Tally` per batch, in seed order. The client adds up one tally per
        batch instead of every game, which lets one client keep up with many workers.

        Raises:
            BotError: as `games` does, after the tallies of the games before it.
            ClusterError: see `run`.
        """
        batches = self._batches(game, seeds, bots, "", move_time, on_done, summed=True, task=task)
        with contextlib.closing(batches):  # the batches in flight are cancelled at the end
            for tally, batch in batches:
                if tally is not None:
                    yield tally
                if batch.fault is not None:  # the fault rules of in_seed_order, for tallies
                    raise batch.fault

    def _batches(
        self,
        game: str,
        seeds: Iterable[int],
        bots: Sequence[Any] | None,
        records: str,
        move_time: float | None,
        on_done: Callable[[int], None] | None,
        summed: bool,
        task: Task | None = None,
    ) -> Generator[Played, None, None]:
        from dataclasses import replace as changed

        from pirate_rules.simulate import WorkerLost, isolate, task_of

        if task is None:
            task = task_of(game, bots, records, move_time)
        else:
            task = changed(task, records=records)
        shipped = bot_sources(game, task.bots, task.hosted)
        run = os.urandom(16).hex()
        args = (task, shipped, summed, run)

        def alone(task: Task, seeds: list[int]) -> Any:
            future = self.client.submit(_on_worker, _play, (task, shipped, False, run), seeds,
                                        pure=False)  # fmt: skip
            died, result = self._outcome(future)
            if died:
                raise WorkerLost("its workers died, one after another")
            build, worker, played, (_, batch), _ = result
            if build != self.build:
                raise self.mismatch(worker, build)
            self.by_worker[worker] += played
            return batch

        def lost(seeds: list[int]) -> Played:
            batch = isolate(task, seeds, alone)
            if not summed:
                return None, batch
            from pirate_rules.summary import Tally

            tally = Tally(task.game).add_all(batch.results)
            return tally, replace(batch, results=[])

        most = MAX_RECORD_BATCH if records else MAX_BATCH
        try:
            yield from self.run(_play, args, seeds, on_done=on_done, most=most, lost=lost)
        finally:
            # A batch cancelled in play goes on in its worker's thread: its hosts are
            # ended now, so that no process of this run outlives it.
            if any(task.hosted) and self.client is not None:
                with contextlib.suppress(Exception):
                    self.client.run(_end_run, run, on_error="ignore")

    def map(
        self,
        function: Callable[[T], R],
        jobs: Iterable[T],
        *,
        on_done: Callable[[int], None] | None = None,
    ) -> Iterator[R]:
        """``function(job)`` for every job, on the workers, yielded in order (see `run`)."""
        for values in self.run(_map, (function,), jobs, on_done=on_done):
            yield from values

    def workers_line(self) -> str:
        """Which workers played how much, in one line, such as ``2 workers: tcp://...: 60``."""
        parts = [f"{worker} {count:,}" for worker, count in sorted(self.by_worker.items())]
        workers = len(self.by_worker)
        return f"{workers} worker{'s' if workers != 1 else ''}: " + ", ".join(parts)


def _batch_seconds(threads: int) -> float:
    """How long a batch should last on a cluster of ``threads`` worker threads.

    Example:
        >>> _batch_seconds(2), _batch_seconds(50), _batch_seconds(100)
        (1.0, 1.0, 2.0)
    """
    return max(BATCH_SECONDS, threads / BATCHES_PER_SECOND)


def _worker_build() -> str:
    return engine_build()


def _start_local(distributed: Any, workers: int) -> Any:
    """A ``LocalCluster`` of ``workers`` processes of one thread each, on 127.0.0.1.

    Its processes ignore Ctrl-C, which the terminal sends to all of them: the client
    alone stops the run, and then the cluster. It has no dashboard, and the scheduler's
    own small web server takes a free port of 127.0.0.1 (not 8787, which may be taken).
    """
    quiet = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if quiet else None
    try:
        return distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            scheduler_port=0,
            dashboard_address=None,
            scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"},
            silence_logs=logging.CRITICAL,
        )
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
