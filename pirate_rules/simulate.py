"""Play many bot-against-bot games, as a stream, and summarise them, for both games.

Game ``i`` of a run started with seed ``S`` uses seed ``S + i`` for its cards, and the
bot in seat ``k`` is seeded with ``2 * (S + i) + k``: the same seed and bots always give
the same games, on the command line and in the browser alike.

The simplest question, "how do these two bots do over N games?", is one call:

    >>> summary = summarise("marvin", ("random", "random"), games=20, seed=3)
    >>> summary.games, sum(summary.wins) + summary.draws
    (20, 20)

:func:`iter_games` yields each game's :class:`~pirate_rules.summary.GameResult` as it
finishes, in seed order, on one process or several, holding only a few games at a time:
a run of any length uses the same memory. Games are refereed
(:mod:`pirate_rules.referee`): a bot's fault stops the run with a
:class:`~pirate_rules.errors.BotError`.

    >>> results = list(iter_games("pirate", range(2), ("fast", "slow")))
    >>> [r.seed for r in results], Summary.of(results).games
    ([0, 1], 2)
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import json
import os
import re
import signal
import stat
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence, Sized
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final, TextIO

from pirate_rules.bots import bot_seed, frame_location, make_bot
from pirate_rules.errors import BotError, PirateRulesError
from pirate_rules.referee import (
    WATCH,
    BotName,
    bot_label,
    bot_name,
    guard_exits,
    play_refereed,
)
from pirate_rules.summary import ENDINGS, RECORD_GAMES, GameResult, Summary, Tally, result_of

__all__ = [
    "DEFAULT_BOTS",
    "ENDINGS",
    "GAME_NAMES",
    "RECORD_GAMES",
    "Batch",
    "GameResult",
    "Progress",
    "RecordTargetError",
    "RecordWriter",
    "RecordsNotWritten",
    "Summary",
    "Tally",
    "Task",
    "WorkerLost",
    "bot_seed",
    "can_start_processes",
    "in_seed_order",
    "isolate",
    "iter_games",
    "play_apart",
    "play_batch",
    "play_match",
    "player_names",
    "result_of",
    "run_games",
    "summarise",
    "task_of",
    "usable_cpus",
    "write_whole",
    "yours",
]

GAME_NAMES: Final = ("marvin", "pirate")
DEFAULT_BOTS: Final = {"marvin": ("random", "random"), "pirate": ("fast", "fast")}

encode_record: Final = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
"""A record as compact JSON text, one line, by the standard library's C encoder."""


def play_match(game: str, seed: int, bots: Sequence[str] | None = None) -> Any:
    """Deal a game of ``game`` (``"marvin"`` or ``"pirate"``) from ``seed`` and let bots play it.

    This is the engine's own game loop, unrefereed: the fastest way to play one game.

    Args:
        game: ``"marvin"`` or ``"pirate"``.
        seed: Seed of the deal; the bots' seeds follow from it (:func:`bot_seed`).
        bots: Registered bot names for seat 0 and seat 1 (default: the game's baseline).

    Returns:
        The finished game object.
    """
    names = bots or DEFAULT_BOTS[game]
    if len(names) != 2:
        raise ValueError(f"a game needs two bots, not {len(names)}")
    players = [make_bot(game, names[0], seed=bot_seed(seed, 0)),
               make_bot(game, names[1], seed=bot_seed(seed, 1))]  # fmt: skip
    return _game_loop(game)(players, seed)


@functools.cache
def _game_loop(game: str) -> Callable[..., Any]:
    """The ``play_game`` of ``game``, imported the first time it is asked for."""
    if game == "marvin":
        from pirate_rules.marvin.bots import play_game as play_marvin

        return play_marvin
    from pirate_rules.pirate.bots import play_game as play_pirate

    return play_pirate


def player_names(bots: Sequence[BotName]) -> tuple[str, str]:
    """The players' names in records of games between ``bots``: the bots, told apart.

    Example:
        >>> player_names(("random", "sensible")), player_names(("fast", "fast"))
        (('random', 'sensible'), ('fast (seat 0)', 'fast (seat 1)'))
    """
    first, second = bot_label(bots[0]), bot_label(bots[1])
    if first == second:
        return (f"{first} (seat 0)", f"{second} (seat 1)")
    return (first, second)


@dataclass(frozen=True)
class Task:
    """What a worker needs to play games: anything that can run :func:`play_batch` (this
    process, a worker process, a thread, a cluster's worker) gets one of these.

    Attributes:
        game: ``"marvin"`` or ``"pirate"``.
        bots: The two bots, by name (or class).
        players: The players' names in the records.
        records: ``""`` for none, ``"dict"`` to attach each game's record, ``"json"``
            to attach it as compact JSON text.
        move_time: Your own bots' time limit per move, in seconds (None: no limit).
        key: The key of the hosted bots' seeds (see :func:`~pirate_rules.host.hosted_seed`).
        hosted: For each seat, whether its bot plays in a process of its own (a bot of
            yours named by its file or module, unless ``in_process``).
        in_process: Play your own bots in this process, watched (``--in-process``).
    """

    game: str
    bots: tuple[BotName, BotName]
    players: tuple[str, str]
    records: str = ""
    move_time: float | None = None
    key: str = ""
    hosted: tuple[bool, bool] = (False, False)
    in_process: bool = False


def task_of(
    game: str,
    bots: Sequence[BotName] | None = None,
    records: str = "",
    move_time: float | None = None,
    *,
    key: str | None = None,
    in_process: bool = False,
) -> Task:
    """The :class:`Task` of games of ``game`` between ``bots`` (default: the game's
    baseline), after loading both bots: one that cannot be loaded is reported before
    any game. Your own bots named by a file or a module outside the engine are loaded
    in a host of their own (:mod:`pirate_rules.host`), never here, unless
    ``in_process`` or this Python cannot start processes (under Pyodide, in the
    browser); ``key`` seeds them (a fresh one when None).

    Raises:
        UnknownBotError: if a bot name is no bot.
        BotError: if a bot's code cannot be loaded.
    """
    from pirate_rules.host import new_key
    from pirate_rules.referee import load_bot

    names = tuple(bots or DEFAULT_BOTS[game])
    if len(names) != 2:
        raise ValueError(f"a game needs two bots, not {len(names)}")
    # Where no process can start (Pyodide in the browser), your own bots play here,
    # watched, as with ``in_process``: this is the one place that decides it.
    in_process = in_process or not can_start_processes()
    hosted = (not in_process and is_hosted(names[0]), not in_process and is_hosted(names[1]))
    for seat, name in enumerate(names):
        if hosted[seat]:
            hosts_for(game, names, hosted, move_time).host(seat)  # loads it there, once
        else:
            load_bot(game, name, seat)
    return Task(game, (names[0], names[1]), player_names(names), records, move_time,
                key or new_key(), hosted, in_process)  # fmt: skip


def is_hosted(bot: BotName) -> bool:
    """Whether ``bot`` is your own, named by its file or by a module outside the engine:
    it then plays in a process of its own (see :mod:`pirate_rules.host`). A module that
    lives only in this process's memory (no file, such as the bot lab's) plays here: no
    other process could import it, and its code runs here already.

    Example:
        >>> is_hosted("my_bot.py:Finisher"), is_hosted("random")
        (True, False)
        >>> is_hosted("pirate_rules.marvin.bots:Random")
        False
    """
    if not isinstance(bot, str) or ":" not in bot or bot.startswith("pirate_rules."):
        return False
    module = sys.modules.get(bot.partition(":")[0])
    return module is None or getattr(module, "__file__", None) is not None


_HOSTS: dict[tuple[Any, ...], Any] = {}
"""This process's hosts, by thread and what they play (see :func:`hosts_for`)."""


def hosts_for(
    game: str,
    bots: Sequence[BotName],
    hosted: Sequence[bool],
    move_time: float | None,
    shipped: Any = (),
) -> Any:
    """The :class:`~pirate_rules.lockstep.Hosts` of this thread for these bots, kept
    for the next batch (:func:`close_hosts` ends them all)."""
    from pirate_rules.lockstep import Hosts

    key = (os.getpid(), threading.get_ident(), game, tuple(bots), tuple(hosted), move_time)
    hosts = _HOSTS.get(key)
    if hosts is None:
        hosts = _HOSTS[key] = Hosts(game, bots, hosted, move_time, shipped)
        why = _ENDED.get(key[:2])
        if why:
            hosts.end(why)
    return hosts


_ENDED: dict[tuple[int, int], str] = {}
"""Threads whose hosts were ended from outside (:func:`end_hosts`), and why."""


def end_hosts(thread: int, why: str) -> None:
    """End now, from any thread, the hosts that ``thread`` plays with, and any it would
    start until it closes them (:func:`close_hosts`): its games stop with a fault. A
    cluster's worker does this for the batches of a run its client stopped."""
    pid = os.getpid()
    _ENDED[(pid, thread)] = why
    for key, hosts in list(_HOSTS.items()):
        if key[:2] == (pid, thread):
            hosts.end(why)


def forget_ended(thread: int) -> None:
    """Forget that ``thread``'s hosts were ended (:func:`end_hosts`), once its batch is
    over: the next batch that the thread plays starts its hosts as usual."""
    _ENDED.pop((os.getpid(), thread), None)


def close_hosts(*, this_thread: bool = False) -> None:
    """End every host this process (or only this thread) started for :func:`play_batch`."""
    pid, thread = os.getpid(), threading.get_ident()
    mine = [key for key in _HOSTS if key[0] == pid and (not this_thread or key[1] == thread)]
    for key in mine:
        _HOSTS.pop(key).close()
    _ENDED.pop((pid, thread), None)
    if not this_thread:
        _HOSTS.clear()  # a fork's copies of its parent's hosts are the parent's to end
        _ENDED.clear()


def _play(task: Task, seed: int) -> GameResult:
    state = play_refereed(task.game, seed, task.bots, players=task.players,
                          move_time=task.move_time)  # fmt: skip
    return _finished(task, state, seed)


def _finished(task: Task, state: Any, seed: int) -> GameResult:
    result = result_of(task.game, state, seed, with_record=bool(task.records))
    if task.records == "json":
        return replace(result, record=None, record_text=encode_record(result.record))
    return result


def _play_hosted(task: Task, seeds: list[int], shipped: Any = ()) -> Batch:
    """:func:`play_batch` for a task with hosted bots, in lockstep (see :mod:`.lockstep`)."""
    from pirate_rules.lockstep import play_lockstep

    started = time.perf_counter()
    hosts = hosts_for(task.game, task.bots, task.hosted, task.move_time, shipped)
    try:
        results, fault = play_lockstep(
            task, seeds, hosts, finish=lambda game, seed: _finished(task, game, seed)
        )
    except BotError as exc:  # a host that cannot start
        results, fault = [], exc.placed(seed=seeds[0]) if exc.seed is None else exc
    return Batch(seeds, results, fault, time.perf_counter() - started)


@dataclass
class Batch:
    """What playing a batch of seeds gave: the games before the first fault, in seed
    order, and that fault if there was one (see :func:`play_batch`).

    Attributes:
        seeds: The seeds asked for, in order.
        results: The games played, the first ``len(results)`` seeds.
        fault: The bot's fault that stopped the batch at seed ``seeds[len(results)]``.
        seconds: How long the batch took (wall time).
    """

    seeds: list[int]
    results: list[GameResult]
    fault: BotError | None = None
    seconds: float = 0.0


def play_batch(task: Task, seeds: Sequence[int], *, shipped: Any = ()) -> Batch:
    """Play the games of ``seeds`` in order, stopping at the first fault of a bot.

    This is what every executor runs: this process, a worker process, or a thread (a
    cluster's worker runs tasks in threads). A bot's fault comes back as data in the
    :class:`Batch`, with the games before it. Off the main thread, with a time limit,
    the games are played in a thread of their own: a bot that waits in C code past its
    time, which no exception can interrupt there, is left behind, and the batch still
    returns, with the fault (see :class:`~pirate_rules.referee.MoveWatch`).
    """
    seeds = list(seeds)
    if any(task.hosted):
        return _play_hosted(task, seeds, shipped)
    if task.move_time and threading.current_thread() is not threading.main_thread():
        return _play_batch_in_thread(task, seeds)
    started = time.perf_counter()
    results: list[GameResult] = []
    fault = None
    try:
        for seed in seeds:
            results.append(_play(task, seed))
    except BotError as exc:
        fault = exc
    return Batch(seeds, results, fault, time.perf_counter() - started)


LEFT_BEHIND_AFTER: Final = 2.0
"""Seconds a bot's call may go on after it was told its time is up, off the main thread,
before its batch leaves it behind (see :func:`play_batch`)."""


def _play_batch_in_thread(task: Task, seeds: list[int]) -> Batch:
    started = time.perf_counter()
    done = Batch(seeds, [])

    def play() -> None:
        try:
            for seed in seeds:
                done.results.append(_play(task, seed))
        except BotError as exc:
            done.fault = exc

    thread = threading.Thread(target=play, name="pirate-rules games", daemon=True)
    thread.start()
    told: dict[float, float] = {}  # when each call (by its deadline) was first told to stop
    while thread.is_alive():
        thread.join(0.05)
        call = WATCH.running(thread.ident)
        if call is None or not call.fired:
            continue
        first = told.setdefault(call.deadline, call.fired)  # it is told again every second
        if time.monotonic() - first > LEFT_BEHIND_AFTER:
            fault = _left_behind(thread, call, task, seeds[len(done.results)])
            return Batch(seeds, list(done.results), fault, time.perf_counter() - started)
    done.seconds = time.perf_counter() - started
    return done


def _left_behind(thread: threading.Thread, call: Any, task: Task, seed: int) -> BotError:
    """The fault of a bot whose call could not be stopped, as far as it can be told."""
    about = call.about or (None, None)
    seat, game = about
    frame = sys._current_frames().get(thread.ident or 0)
    location = frame_location(frame, type(seat.bot) if seat is not None else None)
    limit = f"{task.move_time:g} s"
    problem = f"choose() took longer than {limit}, the time limit of a move, and could not be"
    problem += " stopped (it waits in code that cannot be interrupted); it was left behind"
    if seat is None:
        return BotError(problem, bot=" or ".join(bot_name(bot) for bot in task.bots), seed=seed,
                        location=location)  # fmt: skip
    fault: BotError = seat.fault(problem, game, seed, location=location)
    return fault


def in_seed_order(batches: Iterable[Batch]) -> Iterator[GameResult]:
    """The fault rules, for any executor: the games of ``batches`` (given in seed order),
    then the first fault.

    Every game of a batch before its fault is yielded, then the fault is raised, and no
    game after it is ever yielded, even one already played: so a run's records are
    exactly the games of the seeds before its first fault, in seed order, however many
    processes, threads or machines played them.

    Raises:
        BotError: the first fault, after the games before it.
    """
    for batch in batches:
        yield from batch.results
        if batch.fault is not None:
            raise batch.fault


class WorkerLost(Exception):
    """A worker that was playing a batch ended before returning it (see :func:`isolate`).

    Args:
        how: How it ended, such as ``"killed by signal 9"``.
    """

    def __init__(self, how: str) -> None:
        super().__init__(how)
        self.how = how


def isolate(task: Task, seeds: Sequence[int], play: Callable[[Task, list[int]], Batch]) -> Batch:
    """Play again, one game at a time, a batch whose worker ended while playing it, to
    find the game that ends it: the games before it are kept, and it is the fault.

    ``play`` plays one batch on a fresh worker and raises :class:`WorkerLost` when that
    worker ends; the executor provides it. If no game ends a worker this time (the first
    one was ended from outside), the whole batch comes back.
    """
    started = time.perf_counter()
    results: list[GameResult] = []
    for seed in seeds:
        try:
            batch = play(task, [seed])
        except WorkerLost as lost:
            names = _suspects(task)
            fault = BotError(
                f"the process playing this game ended ({lost.how}) before the game did:"
                " a bot ended it (such as with os.abort or a signal), or it ran out of memory",
                bot=names,
                seed=seed,
            )
            return Batch(list(seeds), results, fault, time.perf_counter() - started)
        results.extend(batch.results)
        if batch.fault is not None:
            return Batch(list(seeds), results, batch.fault, time.perf_counter() - started)
    return Batch(list(seeds), results, None, time.perf_counter() - started)


def _suspects(task: Task) -> str:
    """Your own bots of a task (the engine's own do not end processes), by name."""
    return " or ".join(yours(task) or [bot_name(bot) for bot in task.bots])


def usable_cpus() -> int:
    """The processors this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def iter_games(
    game: str,
    seeds: Iterable[int],
    bots: Sequence[BotName] | None = None,
    *,
    jobs: int = 1,
    records: str = "",
    move_time: float | None = None,
    check_first: bool = True,
    apart: bool = False,
    key: str | None = None,
    in_process: bool = False,
    task: Task | None = None,
) -> Generator[GameResult, None, None]:
    """Play one game per seed and yield each result as it is ready, in seed order.

    Args:
        game: ``"marvin"`` or ``"pirate"``.
        seeds: The deals, any iterable (a ``range`` of ten million is fine).
        bots: The two bots (see :func:`~pirate_rules.bots.bot_class`), or their classes.
        jobs: Processes to use, at most one per processor (and per game, for a
            ``range``); with more than one, a few batches of games are in flight at a
            time, never the whole run.
        records: ``"dict"`` to attach each game's record, ``"json"`` to attach it as
            compact JSON text (written by the worker that played it).
        move_time: Your own bots' time limit per move, in seconds (None: no limit).
        check_first: Kept for callers written when only the first game was checked
            in full; every choice of your own bots is now checked in every game.
        apart: With one job, still play your own bots (not the engine's) in a worker
            process, so that one that ends its process (``os.abort``, a signal) is
            told as a fault, with the games before it, as with more jobs, instead of
            ending this process (the command line does this; bots given as classes
            must then be importable by name).
        key: The key of your hosted bots' seeds (a fresh one when None).
        in_process: Play your own bots in this process (see :class:`Task`).
        task: The task, made already by :func:`task_of` (the other settings are then its).

    Raises:
        BotError: at the first fault of a bot, after the games before it were yielded
            (see :func:`in_seed_order`); the same games for any ``jobs``.
        UnknownBotError: if a bot name is no bot.
    """
    del check_first
    if task is None:
        task = task_of(game, bots, records, move_time, key=key, in_process=in_process)
    jobs = min(jobs, usable_cpus())
    if isinstance(seeds, Sized):
        jobs = min(jobs, len(seeds))
    in_process_yours = not any(task.hosted) and apart and can_start_processes() and yours(task)
    try:
        if jobs <= 1 and any(task.hosted):
            yield from _in_batches(task, iter(seeds))
        elif jobs <= 1 and not in_process_yours:
            for seed in seeds:
                batch = play_batch(task, [seed])
                yield from in_seed_order([batch])
        else:
            yield from _in_processes(task, iter(seeds), max(1, jobs))
    finally:
        close_hosts()


def _in_batches(task: Task, seeds: Iterator[int]) -> Generator[GameResult, None, None]:
    """Games against hosted bots in this process, in lockstep batches of about
    :data:`BATCH_SECONDS` each."""
    size = 4
    while batch := list(itertools.islice(seeds, size)):
        played = play_batch(task, batch)
        if played.results and played.seconds > 0:
            rate = len(played.results) / played.seconds
            size = max(1, min(200, int(BATCH_SECONDS * rate)))
        yield from in_seed_order([played])


def can_start_processes() -> bool:
    """Whether this Python can start processes (not in the browser, under Pyodide)."""
    return sys.platform not in ("emscripten", "wasi")


def yours(task: Task) -> list[str]:
    """The bots of ``task`` that are your own (the engine's own do not end processes),
    by name; one that cannot be loaded counts as yours. A hosted bot is never loaded here."""
    from pirate_rules.referee import is_trusted, load_bot

    found = []
    for seat, bot in enumerate(task.bots):
        if task.hosted[seat]:
            found.append(bot_name(bot))
            continue
        try:
            if not is_trusted(load_bot(task.game, bot, seat)):
                found.append(bot_name(bot))
        except PirateRulesError:
            found.append(bot_name(bot))
    return found


def play_apart(task: Task, seeds: Sequence[int]) -> Batch:
    """:func:`play_batch` in a process of its own, which a bot may end (``os.abort``, a
    signal) without ending this one: then the batch is played again by :func:`isolate`
    to find the game that ended it, and that game is the batch's fault. A cluster's
    worker plays your own bots so, so that no bot can take the worker down."""
    with _Pool(1) as pool:
        try:
            return pool.play(task, list(seeds))
        except WorkerLost:
            return isolate(task, seeds, pool.play)


BATCH_SECONDS: Final = 0.2
"""How long a batch of games sent to a worker should take: short enough for a lively
progress bar and little work in flight, long enough that sending it costs little."""


def _in_processes(task: Task, seeds: Iterator[int], jobs: int) -> Generator[GameResult, None, None]:
    """Batches of games on ``jobs`` processes, a few in flight at a time, in seed order.

    A worker process that ends while playing (a bot that calls ``os.abort``, or is
    killed) loses only its batch: that batch is played again by :func:`isolate` on a
    new process, to find the game that ended it, and a new worker takes its place.
    """
    size = 1  # grows once the time a game takes is known
    pool = _Pool(jobs)
    waiting: deque[list[int]] = deque()  # batches in seed order, not yet given to a worker
    order: deque[list[int]] = deque()  # every batch not yet yielded, in seed order
    done: dict[int, Batch] = {}  # finished batches, by their first seed

    def more() -> None:
        batch = list(itertools.islice(seeds, size))
        if batch:
            waiting.append(batch)
            order.append(batch)

    try:
        for _ in range(3 * jobs):
            more()
        while order:
            while waiting and pool.idle():
                pool.give(task, waiting.popleft())
            first = order[0][0]
            if first not in done:
                for seeds_of, outcome in pool.finished():
                    if isinstance(outcome, WorkerLost):
                        with _Pool(1) as alone:
                            outcome = isolate(task, seeds_of, alone.play)
                    done[seeds_of[0]] = outcome
                continue
            batch = done.pop(first)
            order.popleft()
            if batch.results and batch.seconds > 0:
                rate = len(batch.results) / batch.seconds
                size = max(1, min(500, int(BATCH_SECONDS * rate)))
            yield from in_seed_order([batch])
            more()
    finally:
        pool.close()


class _Pool:
    """Worker processes for :func:`play_batch`, each with a pipe of its own: a worker
    that ends while playing is told (:class:`WorkerLost`) without holding up the
    others, and closing the pool ends every worker at once."""

    def __init__(self, jobs: int) -> None:
        self._jobs = jobs
        self._workers: list[_Worker] = []

    def idle(self) -> bool:
        """Whether a worker can take a batch now (one is started if there is room)."""
        if any(worker.batch is None for worker in self._workers):
            return True
        return len(self._workers) < self._jobs

    def give(self, task: Task, seeds: list[int]) -> None:
        """Give a batch to an idle worker."""
        worker = next((worker for worker in self._workers if worker.batch is None), None)
        if worker is None:
            worker = _Worker()
            self._workers.append(worker)
        worker.give(task, seeds)

    def finished(self) -> list[tuple[list[int], Batch | WorkerLost]]:
        """Wait until a worker finishes its batch (or ends); each finished batch's seeds
        and result: the :class:`Batch`, or :class:`WorkerLost` for a worker that ended."""
        from multiprocessing.connection import wait

        from pirate_rules.host import settle

        busy = {worker.connection: worker for worker in self._workers if worker.batch is not None}
        results: list[tuple[list[int], Batch | WorkerLost]] = []
        ready = wait(list(busy))
        # A SIGINT that a bot of these batches sent past its worker, to this process, is
        # passed on to that worker now, while the bot's host is still there to be ended.
        settle()
        for connection in ready:
            worker = busy[connection]  # type: ignore[index]
            seeds = worker.batch or []
            try:
                outcome: Batch | WorkerLost = worker.connection.recv()
                worker.batch = None
            except (EOFError, OSError):
                outcome = WorkerLost(worker.how())
                self._workers.remove(worker)
                worker.close()
            results.append((seeds, outcome))
        return results

    def play(self, task: Task, seeds: list[int]) -> Batch:
        """Play one batch and wait for it.

        Raises:
            WorkerLost: if the worker ended while playing it.
        """
        self.give(task, seeds)
        while True:
            for _, outcome in self.finished():
                if isinstance(outcome, WorkerLost):
                    raise outcome
                return outcome

    def close(self) -> None:
        """End every worker at once."""
        for worker in self._workers:
            worker.close()
        self._workers.clear()

    def __enter__(self) -> _Pool:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


class _Worker:
    """One worker process and its end of the pipe; ``batch`` is the one it is playing."""

    def __init__(self) -> None:
        import multiprocessing

        from pirate_rules.host import StartedHosts, add_worker

        self.connection, theirs = multiprocessing.Pipe()
        self.process: Any
        if multiprocessing.current_process().daemon and hasattr(os, "fork"):
            self.process = _Forked(_worker_main, theirs)  # a Dask worker, say
        else:
            accused = multiprocessing.RawValue("i", 0)  # see host.RefereeSignals
            started = StartedHosts()
            self.process = multiprocessing.Process(
                target=_worker_main,
                args=(theirs, accused, started),
                name="pirate-rules worker",
                daemon=True,
            )
            self.process.start()
            add_worker(self.process.pid, accused, started)
        theirs.close()  # only the worker holds its end: when it ends, this end reads EOF
        self.batch: list[int] | None = None

    def give(self, task: Task, seeds: list[int]) -> None:
        self.batch = seeds
        self.connection.send((task, seeds))

    def how(self) -> str:
        """How the worker ended, once it has: ``killed by SIGABRT``, ``exit status 7``..."""
        self.process.join(10)
        code = self.process.exitcode
        if code is None:
            return "it stopped answering"
        if code < 0:
            try:
                return f"killed by {signal.Signals(-code).name}"
            except ValueError:
                return f"killed by signal {-code}"
        return f"exit status {code}"

    def close(self) -> None:
        from pirate_rules.host import WORKERS

        WORKERS.pop(self.process.pid, None)
        with contextlib.suppress(OSError):
            self.connection.close()
        if self.process.is_alive():
            self.process.terminate()
        self.process.join(5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(5)


class _Forked:
    """A worker process started with ``os.fork``, where ``multiprocessing`` starts none:
    in a daemonic process, as a Dask worker is. It answers as much of
    ``multiprocessing.Process`` as :class:`_Worker` asks of it."""

    def __init__(self, target: Callable[[Any], None], connection: Any) -> None:
        from pirate_rules.referee import _real_exit

        self.exitcode: int | None = None
        self.pid = os.fork()
        if self.pid == 0:  # the child: it plays, and ends without the parent's clean-up
            code = 0
            try:
                target(connection)
            except BaseException:
                code = 1
            finally:
                _real_exit(code)

    def join(self, timeout: float | None = None) -> None:
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.exitcode is None:
            pid, status = os.waitpid(self.pid, 0 if deadline is None else os.WNOHANG)
            if pid:
                self.exitcode = os.waitstatus_to_exitcode(status)  # -N: killed by signal N
            elif deadline is None or time.monotonic() >= deadline:
                return
            else:
                time.sleep(0.01)

    def is_alive(self) -> bool:
        self.join(0)
        return self.exitcode is None

    def terminate(self) -> None:
        self._signal(signal.SIGTERM)

    def kill(self) -> None:
        self._signal(signal.SIGKILL)

    def _signal(self, number: int) -> None:
        if self.exitcode is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, number)


def _worker_main(connection: Any, accused: Any = None, started: Any = None) -> None:
    """A worker process: play each batch it is given, until its pipe closes."""
    _worker_starts(accused, started)
    while True:
        try:
            task, seeds = connection.recv()
        except (EOFError, OSError):
            return  # the main process is done with this worker
        batch = play_batch(task, seeds)
        try:
            connection.send(batch)
        except OSError:
            return


def _left_to_the_watch(signum: int, frame: object) -> None:
    """SIGINT's handler in a worker whose watch takes SIGINT: blocked there, it never runs."""


def _worker_starts(accused: Any = None, started: Any = None) -> None:
    """A worker process leaves Ctrl-C to the main process, which stops it cleanly; what
    bots print goes to standard error; a bot's ``os._exit`` is told, not obeyed; and a
    worker that a bot ends (``os.abort``) dumps no traceback of its own: the main
    process tells it in one line.

    A worker is the referee of its hosts' games: SIGINT that a bot sends it (its
    parent) is that bot's fault, told in one line (see
    :class:`~pirate_rules.host.RefereeSignals`), and so is SIGINT that one of its bots
    sent to the main process, which passes it on with the sender's pid in ``accused``;
    any other SIGINT is ignored here. The worker records each host it starts in
    ``started`` (:class:`~pirate_rules.host.StartedHosts`), for the main process.
    """
    import faulthandler

    from pirate_rules import host, process
    from pirate_rules.host import RefereeSignals

    faulthandler.disable()
    host.STARTED = started
    process.become_subreaper()  # what a host's bot leaves behind is this worker's to end
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    watch = RefereeSignals(ctrl_c=False, accused=accused)
    if watch.on:  # for the worker's whole life: it ends with its process
        watch.__enter__()  # SIGINT is blocked, and taken by the watch's thread
        # An ignored SIGINT would be lost to the watch. Not Python's default handler
        # either: a KeyboardInterrupt that a bot raises here stays the bot's fault.
        signal.signal(signal.SIGINT, _left_to_the_watch)
    with contextlib.suppress(OSError):
        os.dup2(2, 1)
    sys.stdout = sys.stderr
    guard_exits()


def run_games(
    game: str,
    seeds: Iterable[int],
    bots: Sequence[BotName] | None = None,
    *,
    jobs: int = 1,
    with_records: bool = False,
    on_result: Callable[[GameResult], None] | None = None,
    move_time: float | None = None,
) -> list[GameResult]:
    """Play one game per seed and return all the results in seed order (see :func:`iter_games`).

    ``on_result`` is called as each game finishes (for progress bars). For long runs,
    iterate :func:`iter_games` instead, which keeps no list.
    """
    results = []
    records = "dict" if with_records else ""
    for result in iter_games(game, seeds, bots, jobs=jobs, records=records, move_time=move_time):
        results.append(result)
        if on_result:
            on_result(result)
    return results


def summarise(
    game: str,
    bots: Sequence[BotName] | None = None,
    games: int = 100,
    seed: int = 0,
    *,
    jobs: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
    move_time: float | None = None,
) -> Summary:
    """Play ``games`` games between ``bots`` from ``seed`` on, and summarise them.

    ``on_result`` sees each result as it comes (for a progress bar, or the totals so
    far: ``Tally.add``). Memory does not grow with ``games``.

    Raises:
        BotError: at the first fault of a bot.
    """
    tally = Tally(game)
    for result in iter_games(game, range(seed, seed + games), bots, jobs=jobs, move_time=move_time):
        tally.add(result)
        if on_result:
            on_result(result)
    return tally.summary()


class Progress:
    """A one-line progress bar with the rate and the time left, redrawn at most ten times a second.

    It draws nothing when the stream is not a terminal, unless ``force`` is set. The
    line fits the terminal's width (80 columns when it cannot be told), so that it is
    redrawn in place and never wraps: the bar shrinks first, then the label.

    Example:
        >>> import io
        >>> bar = Progress(4, "marvin", io.StringIO(), force=True)
        >>> for _ in range(4):
        ...     bar.advance()
        >>> bar.close()
        >>> print(bar.stream.getvalue().split("\\r")[-1].strip())
        marvin [##############################] 4/4 games, ... games/s, done in ...
    """

    def __init__(
        self, total: int, label: str, stream: TextIO | None = None, *, force: bool = False
    ):
        self.total = total
        self.label = label
        self.stream = stream or sys.stderr
        try:
            terminal = self.stream.isatty()
        except (AttributeError, OSError, ValueError):
            terminal = False
        self.enabled = force or terminal
        self.done = 0
        self.started = time.monotonic()
        self._drawn = 0.0

    def show(self) -> None:
        """Draw the bar as it is now (at the start: before the first item is done)."""
        if self.enabled:
            self._drawn = time.monotonic()
            self.draw(self._drawn)

    def advance(self, _result: object = None) -> None:
        """Count one finished item and redraw if it is time."""
        self.done += 1
        if self.enabled:
            now = time.monotonic()
            if now - self._drawn >= 0.1 or self.done == self.total:
                self._drawn = now
                self.draw(now)

    def advance_by(self, count: int) -> None:
        """Count ``count`` finished items at once (a batch finished on a cluster)."""
        self.done += count - 1
        self.advance()

    def columns(self) -> int:
        """The width of the terminal the bar is drawn on (80 when it cannot be told)."""
        try:
            return os.get_terminal_size(self.stream.fileno()).columns or 80
        except (AttributeError, OSError, ValueError):
            return 80

    def line(self, now: float, columns: int = 80) -> str:
        """The bar as it is at time ``now``, at most ``columns - 1`` characters wide.

        Example:
            >>> bar = Progress(10, "marvin random vs random", force=True)
            >>> bar.done = 5
            >>> len(bar.line(bar.started + 1, columns=40)) <= 39
            True
        """
        elapsed = max(now - self.started, 1e-9)
        rate = self.done / elapsed
        if self.done >= self.total:
            when = f"done in {_duration(elapsed)}"
        elif rate > 0:
            when = f"{_duration((self.total - self.done) / rate)} left"
        else:
            when = "time left unknown"
        games = "game" if self.total == 1 else "games"
        tail = f" {self.done:,}/{self.total:,} {games}, {rate:,.0f} games/s, {when}"
        room = columns - 1
        width = min(30, room - len(self.label) - len(tail) - 3)
        if width >= 10:
            filled = width * self.done // max(1, self.total)
            return f"{self.label} [{'#' * filled}{'-' * (width - filled)}]{tail}"
        label = self.label
        if len(label) + len(tail) > room:  # no room for a bar: the label, cut short
            label = label[: max(0, room - len(tail) - 3)] + "..."
        return (label + tail)[:room]

    def draw(self, now: float) -> None:
        """Draw the bar as it is at time ``now``, in place of the last one."""
        columns = self.columns()
        text = self.line(now, columns)
        self.stream.write(f"\r{text}{' ' * (columns - 1 - len(text))}")
        self.stream.flush()

    def close(self) -> None:
        """End the bar's line (once)."""
        if self.enabled:
            self.enabled = False
            self.stream.write("\n")
            self.stream.flush()


def _duration(seconds: float) -> str:
    """A duration for people: ``"4 s"``, ``"3 min 20 s"``, ``"2 h 05 min"``."""
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"


class RecordTargetError(ValueError):
    """A place records cannot be written to, said in plain words (a command line error)."""


class RecordsNotWritten(PirateRulesError):
    """Writing a record failed (a full disk, a file too large...); the message names the
    file and says which games' records it holds."""


RECORD_FILE: Final = re.compile(r"(?:marvin|pirate)-(-?\d+)\.json")
"""The name of one game's record in a folder of records: ``<game>-<seed>.json``."""


class RecordWriter:
    """Writes each game's record as it finishes: one JSON Lines file, or one file per game.

    The target is read as:

    * ``-``: JSON Lines on standard output (``stdout``, a file descriptor, when given);
    * a name ending in ``.jsonl``, or a device or named pipe that is already there
      (``/dev/null``): JSON Lines, one compact record per line (see RECORDS.md),
      written straight into it;
    * any other name: a folder of ``<game>-<seed>.json`` files, each written whole
      under a temporary name and then renamed, so that no half record is ever there.

    A name ending in ``.json`` is refused: such a file holds one record, not a run.
    Records already there are never replaced without ``force``; with ``force``, a
    folder's old records (of either game) are removed first, so that the folder holds
    this run's records only. Files get the permissions the user's umask gives.

    Every record is written as soon as its game is counted, whole or not at all: when
    writing fails (a full disk, a file size limit), a JSON Lines file is cut back to
    its last whole line, and :class:`RecordsNotWritten` says which games it holds, so
    that the records are exactly the first :attr:`kept` games.

    Raises:
        RecordTargetError: if the target cannot hold records (a ``.json`` file, a
            folder given for a file or the other way round) or already holds some and
            ``force`` is not set.
        OSError: if the target cannot be created or opened.
    """

    def __init__(
        self, target: str | Path, game: str, *, force: bool = False, stdout: int | None = None
    ) -> None:
        self.target = Path(target)
        self.name = str(target)
        self.game = game
        self.kept = 0
        self.first: int | None = None  # the seed of the first record written
        self.last: int | None = None
        self._fd: int | None = None
        self._own_fd = True
        self._committed = 0  # bytes of whole lines written, from the start of the file
        self._truncatable = False
        if self.name == "-":
            self.lines = True
            self._fd, self._own_fd = (1 if stdout is None else stdout), False
            self._start_lines()
            return
        kind = _kind_of(self.target)
        self.lines = self.name.endswith(".jsonl") or kind in ("device", "pipe")
        if self.lines:
            self._open_lines(kind, force)
        else:
            self._open_folder(kind, force)

    def _open_lines(self, kind: str | None, force: bool) -> None:
        if kind == "folder":
            raise RecordTargetError(
                f"{self.name} is a folder (give a file name such as games.jsonl)"
            )
        if kind == "file" and not force:
            raise RecordTargetError(f"{self.name} already exists (add --force to replace it)")
        flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_CLOEXEC", 0)
        if kind in (None, "file"):
            flags |= os.O_TRUNC if kind == "file" else os.O_EXCL
        # A symbolic link is followed, even one to a file not there yet: the link stays.
        real = os.path.realpath(self.target)
        _say_if_waiting(real)
        self._fd = os.open(real, flags, 0o666)
        self._start_lines()

    def _start_lines(self) -> None:
        assert self._fd is not None
        try:
            mode = os.fstat(self._fd).st_mode
            self._truncatable = stat.S_ISREG(mode)
            self._committed = os.lseek(self._fd, 0, os.SEEK_CUR) if self._truncatable else 0
        except OSError:
            self._truncatable = False

    def _open_folder(self, kind: str | None, force: bool) -> None:
        if self.name.endswith(".json"):
            raise RecordTargetError(
                f"{self.name} is the name of one record's file: give a name ending in .jsonl"
                " for one record per line, or a folder's name for one file per game"
            )
        if kind not in (None, "folder"):
            raise RecordTargetError(
                f"{self.name} is a file, not a folder (give a name ending in .jsonl to write"
                " one record per line)"
            )
        self.target.mkdir(parents=True, exist_ok=True)
        old = [path for path in self.target.iterdir() if RECORD_FILE.fullmatch(path.name)]
        if old and not force:
            raise RecordTargetError(
                f"{self.name.rstrip('/')}/ already holds {len(old):,} game record"
                f"{'s' if len(old) != 1 else ''} (add --force to replace them)"
            )
        for path in old:  # --force: this run's records only, as in one file
            path.unlink()

    def write(self, result: GameResult) -> None:
        """Write one game's record (the result must carry it), whole or not at all.

        Raises:
            RecordsNotWritten: if it cannot be written; the records before it stay.
        """
        text = result.record_text
        if text is None:
            text = encode_record(result.record)
        try:
            if self.lines:
                self._write_line((text + "\n").encode("utf-8", "surrogateescape"))
            else:
                path = self.target / f"{result.game}-{result.seed}.json"
                write_whole(path, text + "\n")
        except BrokenPipeError:
            if self.name == "-":
                raise  # standard output closed early (``| head``): stop quietly
            raise RecordsNotWritten(self._failed(BrokenPipeError("Broken pipe"))) from None
        except OSError as exc:
            raise RecordsNotWritten(self._failed(exc)) from None
        self.kept += 1
        if self.first is None:
            self.first = result.seed
        self.last = result.seed

    def _write_line(self, data: bytes) -> None:
        assert self._fd is not None
        view = memoryview(data)
        try:
            while view:
                view = view[os.write(self._fd, view) :]
        except OSError:
            if self._truncatable:  # back to the last whole line
                with contextlib.suppress(OSError):
                    os.ftruncate(self._fd, self._committed)
                    os.lseek(self._fd, self._committed, os.SEEK_SET)
            raise
        self._committed += len(data)

    def _failed(self, exc: OSError) -> str:
        reason = exc.strerror or str(exc)
        where = "standard output" if self.name == "-" else self.where()
        return f"cannot write the record of the next game to {where}: {reason}; {self.holds()}"

    def holds(self) -> str:
        """Which games' records the target holds, in words."""
        if not self.kept:
            return "it holds no record"
        if self.kept == 1:
            return f"it holds the record of the first game (seed {self.first})"
        seeds = f"seeds {self.first} to {self.last}"
        return f"it holds the records of the first {_games(self.kept)} ({seeds})"

    def close(self) -> None:
        """Close the file (nothing to do for a folder or standard output)."""
        if self._fd is not None and self._own_fd:
            with contextlib.suppress(OSError):
                os.close(self._fd)
        self._fd = None

    def where(self) -> str:
        """The target, for the message that says where the records are."""
        if self.name == "-":
            return "standard output"
        return self.name if self.lines else f"{self.name.rstrip('/')}/"


def _games(count: int) -> str:
    return f"{count:,} game" + ("" if count == 1 else "s")


def _kind_of(path: Path) -> str | None:
    """What is at ``path`` (links followed): ``"file"``, ``"folder"``, ``"device"``,
    ``"pipe"``, ``"other"``, or None for nothing."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return None
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISCHR(mode):
        return "device"
    if stat.S_ISFIFO(mode):
        return "pipe"
    return "other"


def _say_if_waiting(path: str) -> None:
    """Before opening a named pipe, which waits for a reader: on a terminal, say so."""
    try:
        fifo = stat.S_ISFIFO(os.stat(path).st_mode)
    except OSError:
        return
    if fifo and sys.stderr is not None and sys.stderr.isatty():
        from pirate_rules.errors import one_line

        print(f"pirate-rules: waiting for a program to read the named pipe {one_line(path, 200)}"
              " (Ctrl-C stops)", file=sys.stderr, flush=True)  # fmt: skip


def write_whole(path: Path, text: str) -> None:
    """Write ``text`` to a new file ``path``, whole or not at all: under a temporary name
    in the same folder, then renamed; the temporary file is removed if writing fails.
    The file gets the permissions the user's umask gives (a file replaced keeps its own).
    """
    folder = path.parent
    mode = 0o666
    with contextlib.suppress(OSError):
        existing = path.stat()
        if stat.S_ISREG(existing.st_mode):
            mode = stat.S_IMODE(existing.st_mode)
    for attempt in itertools.count():
        temporary = folder / f".{path.name}.{os.getpid()}-{attempt}.tmp"
        try:
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            continue
        break
    try:
        try:
            data = memoryview(text.encode("utf-8", "surrogateescape"))
            while data:
                data = data[os.write(fd, data) :]
            if mode != 0o666:
                os.fchmod(fd, mode)
        finally:
            os.close(fd)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
