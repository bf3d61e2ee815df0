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
* A worker that is lost takes its batches with it; the scheduler runs them again on
  another worker, and each batch is counted once, when the client takes its results.

Dask is an optional extra (``pip install 'pirate-rules[cluster]'``), imported only
here, and only when a cluster is asked for: the engine itself needs nothing but
Python.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import linecache
import logging
import os
import re
import signal
import sys
import threading
import time
import types
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TypeVar

from pirate_rules import __version__
from pirate_rules.errors import BotError, PirateRulesError, one_line

if TYPE_CHECKING:
    from pirate_rules.summary import GameResult, Tally

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
C = TypeVar("C")
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


Shipped = tuple[tuple[str, str, str], ...]
"""Bots sent to the workers: for each, its name, its file as messages name it, and its
source."""


def bot_sources(game: str, names: Iterable[Any]) -> Shipped:
    """What to send the workers of each of ``game``'s bots ``names`` that is the user's
    own code: a file, or a module that is not part of an installed package. Registered
    bots, and classes given as classes, are found on the workers as they are."""
    import inspect

    from pirate_rules.bots import _short, bot_class

    library = (str(Path(__file__).resolve().parent), *_installed_paths())
    shipped = []
    for name in names:
        if not isinstance(name, str) or ":" not in name:
            continue
        cls = bot_class(game, name)
        try:
            path = inspect.getsourcefile(cls)
        except TypeError:
            path = None
        if path is None or not Path(path).is_file():
            continue
        resolved = str(Path(path).resolve())
        if resolved.startswith(library):
            continue
        source = Path(resolved).read_text(encoding="utf-8")
        shipped.append((name, _short(resolved), source))
    return tuple(shipped)


def _installed_paths() -> tuple[str, ...]:
    import sysconfig

    return tuple(
        str(Path(sysconfig.get_paths()[key]).resolve()) for key in ("stdlib", "purelib", "platlib")
    )


_INSTALLED: dict[str, str] = {}
"""On a worker: the bots installed from shipped source, by name, with their digest."""


def _install_bots(shipped: Shipped) -> None:
    """On a worker: make each shipped bot known by its name, compiled under the file name
    the client gives it, so that its faults say the same file and line as on one machine."""
    from pirate_rules import bots

    for name, filename, source in shipped:
        key = hashlib.sha1(f"{filename}\0{source}".encode()).hexdigest()
        if _INSTALLED.get(name) == key:
            continue
        module = types.ModuleType("_bot_source_" + key[:16])
        module.__file__ = filename
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        sys.modules[module.__name__] = module
        try:
            exec(compile(source, filename, "exec"), module.__dict__)
        except Exception as exc:
            del sys.modules[module.__name__]
            raise bots._import_fault(name, exc) from None
        cls = getattr(module, name.rpartition(":")[2], None)
        if not isinstance(cls, type):
            raise BotError(f"{filename} has no bot class {name.rpartition(':')[2]!r}", bot=name)
        bots._IMPORTED[name] = (module, cls)
        _INSTALLED[name] = key


def _as_shipped(fault: BotError, shipped: Shipped) -> BotError:
    """A fault with its location in the file name the client knows (a worker in another
    folder names a relative file otherwise)."""
    from pirate_rules.bots import _short

    for _, filename, _ in shipped:
        here = _short(filename)
        if here != filename and fault.location.startswith(here + ":"):
            return fault.placed(location=filename + fault.location[len(here) :])
    return fault


Batch = tuple[str, str, int, list[Any], BotError | None, float]
"""A batch as it comes back: the worker's engine build, its address, how many items it
played, their results in order (or their fold), the fault that stopped the batch (or
``None``), and the seconds it took."""


def _run_batch(
    play: Callable[[C, T], R],
    context: C,
    items: Sequence[T],
    shipped: Shipped,
    fold: Callable[[list[R]], Any] | None,
) -> Batch:
    """On a worker: ``play(context, item)`` for each item, in order, until a bot's fault;
    with ``fold``, the results come back as one value, ``fold(results)``."""
    from distributed import get_worker

    started = time.perf_counter()
    results: list[Any] = []
    fault: BotError | None = None
    try:
        _install_bots(shipped)
        for item in items:
            results.append(play(context, item))
    except BotError as exc:
        fault = _as_shipped(exc, shipped)
    count = len(results)
    if fold is not None and results:
        results = [fold(results)]
    seconds = time.perf_counter() - started
    return engine_build(), get_worker().address, count, results, fault, seconds


def _summarised(results: list[GameResult]) -> tuple[Tally, list[GameResult]]:
    """A batch of games as their tally, and those of them that carry a record."""
    from pirate_rules.summary import Tally

    tally = Tally(results[0].game).add_all(results)
    if results[0].record is None and results[0].record_text is None:
        return tally, []
    return tally, results


def _call(function: Callable[[T], R], job: T) -> R:
    """A function of one job, as `Cluster.map` plays it."""
    return function(job)


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
        play: Callable[[C, T], R],
        context: C,
        items: Iterable[T],
        *,
        shipped: Shipped = (),
        on_done: Callable[[int], None] | None = None,
        size: int | None = None,
        most: int = MAX_BATCH,
        fold: Callable[[list[R]], Any] | None = None,
    ) -> Iterator[Any]:
        """``play(context, item)`` for every item, on the workers, yielded in order.

        Items go out in batches, a few per worker thread in flight. Once the time an item
        takes is known (the first batches hold one item), a batch lasts `BATCH_SECONDS`
        (longer on more than `BATCHES_PER_SECOND` threads, so that the client keeps up),
        with at most ``most`` items; or it holds ``size`` items when that is given.
        ``on_done`` is told how many items each batch held as soon as it is finished, in
        whatever order batches finish (for a progress bar at the workers' combined
        rate); the results are yielded in the items' order. With ``fold`` (a
        module-level function), each batch's results are folded on its worker, and one
        value per batch is yielded. ``play`` and ``context`` must be picklable (``play``
        a module-level function); ``shipped`` (`bot_sources`) is installed on each
        worker before its batch.

        Raises:
            BotError: a bot's fault, after the results of the items before it, naming
                the worker.
            ClusterError: if a worker runs another engine build, or a batch fails for a
                reason of the cluster's (such as workers dying while they play it).
        """
        distributed = load_distributed()
        items = iter(items)
        completions = distributed.as_completed(loop=self.client.loop)
        pending: deque[Any] = deque()
        counts: dict[str, int] = {}
        finished: set[str] = set()
        fixed = size is not None
        size = max(1, size or 1)
        threads, counted = self.threads(), time.monotonic()

        def submit() -> bool:
            batch = list(itertools.islice(items, size))
            if batch:
                future = self.client.submit(
                    _run_batch, play, context, batch, shipped, fold, pure=False, retries=0
                )
                pending.append(future)
                counts[future.key] = len(batch)
                completions.add(future)
            return bool(batch)

        try:
            for _ in range(2 * threads + 1):
                submit()
            while pending:
                head = pending[0]
                while head.key not in finished:
                    done = next(completions)
                    finished.add(done.key)
                    if on_done is not None and done.status == "finished":
                        on_done(counts[done.key])
                pending.popleft()
                finished.discard(head.key)
                del counts[head.key]
                build, worker, played, results, fault, seconds = self._result(head)
                if build != self.build:
                    raise self.mismatch(worker, build)
                self.by_worker[worker] += played
                yield from results
                if fault is not None:
                    raise fault.placed(worker=worker)
                if played and seconds > 0 and not fixed:
                    size = max(1, min(most, int(_batch_seconds(threads) * played / seconds)))
                if time.monotonic() - counted > 2:
                    threads, counted = self.threads(), time.monotonic()
                while len(pending) < 2 * threads + 1 and submit():
                    pass
        finally:
            if pending:
                self.client.cancel(list(pending), force=True)

    def _result(self, future: Any) -> Batch:
        try:
            batch: Batch = future.result()
        except Exception as exc:
            name = type(exc).__name__
            if name == "KilledWorker":
                raise ClusterError(
                    "workers died playing the same batch of games, again and again (a bot"
                    " that ends its process, or that uses up the worker's memory?)"
                ) from None
            if "Cancelled" in name:
                where = getattr(self.client.scheduler, "address", self.address)
                raise ClusterError(f"lost the connection to the scheduler at {where}") from None
            raise ClusterError(f"a batch failed on the cluster: {name}: {exc}") from None
        return batch

    def games(
        self,
        game: str,
        seeds: Iterable[int],
        bots: Sequence[Any] | None = None,
        *,
        records: str = "",
        check_first: bool = True,
        on_done: Callable[[int], None] | None = None,
    ) -> Iterator[GameResult]:
        """Play one game per seed on the workers and yield each result in seed order, as
        `pirate_rules.simulate.iter_games` does on one machine (see `run`)."""
        return self._games(game, seeds, bots, records, check_first, on_done, None)

    def summaries(
        self,
        game: str,
        seeds: Iterable[int],
        bots: Sequence[Any] | None = None,
        *,
        records: str = "",
        check_first: bool = True,
        on_done: Callable[[int], None] | None = None,
    ) -> Iterator[tuple[Tally, list[GameResult]]]:
        """Like `games`, but each batch comes back added up by its worker: its `Tally`,
        and its results in seed order when they carry ``records`` (else none). The
        client then adds up one tally per batch instead of every game, which is what
        lets one client keep up with many workers."""
        return self._games(game, seeds, bots, records, check_first, on_done, _summarised)

    def _games(
        self,
        game: str,
        seeds: Iterable[int],
        bots: Sequence[Any] | None,
        records: str,
        check_first: bool,
        on_done: Callable[[int], None] | None,
        fold: Callable[[list[Any]], Any] | None,
    ) -> Iterator[Any]:
        from pirate_rules.referee import load_bots
        from pirate_rules.simulate import DEFAULT_BOTS, _play, player_names

        names = tuple(bots or DEFAULT_BOTS[game])
        load_bots(game, names)  # a bot that cannot be loaded is reported before any game
        seeds = iter(seeds)
        first = next(seeds, None)
        if first is None:
            return
        task = (game, (names[0], names[1]), player_names(names), records,
                first if check_first else None)  # fmt: skip
        yield from self.run(
            _play,
            task,
            itertools.chain([first], seeds),
            shipped=bot_sources(game, names),
            on_done=on_done,
            most=MAX_RECORD_BATCH if records else MAX_BATCH,
            fold=fold,
        )

    def map(
        self,
        function: Callable[[T], R],
        jobs: Iterable[T],
        *,
        on_done: Callable[[int], None] | None = None,
    ) -> Iterator[R]:
        """``function(job)`` for every job, on the workers, yielded in order (see `run`)."""
        return self.run(_call, function, jobs, on_done=on_done)

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
    alone stops the run, and then the cluster.
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
            silence_logs=logging.CRITICAL,
        )
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
