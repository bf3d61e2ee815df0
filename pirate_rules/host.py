"""A bot host: your own bot plays in a process of its own, on the game as its player knows it.

The referee never imports your bot. It starts a host (:class:`BotHost`), a fresh Python
made by the process runner (:mod:`pirate_rules.process`), which imports the bot there.
The two exchange plain data only:

* ``load``: the bot's name (``my_bot.py:Mine``); the host imports it and says whether it
  is a bot, and whether it is fair (``fair = False`` marks a bot that reads hidden cards).
* ``start``: for each game of a batch, its id, the seat, the bot's seed, and what the
  player knows at the start. The host makes the bot and a *view* of the game: a whole
  game in which what no player has seen is dealt by the host's own generator
  (:class:`~pirate_rules.marvin.view.MarvinView`, :class:`~pirate_rules.pirate.view.PirateView`).
  A host that plays both seats of a Marvin game (``same_view``) makes a bot for each
  seat, on one view.
* ``choose``: for each game waiting on this bot, what changed since its view was last
  told (the moves and the cards they revealed), and the seat to choose. The host plays
  them on its view and asks that seat's bot; the answers come back in the records'
  notation, a few at a time, so that the referee can tell which game a bot is stuck on.
  A host that plays both seats made every move itself: it is told only the cards, and
  its view plays the answer it gave last there.
* ``end``: the games that are over.

The referee checks every answer against the only true game, which never leaves it, and
ends the host from outside when a move takes too long, whatever the bot catches.
Everything the bot prints goes to standard error, never onto the pipe.
"""

from __future__ import annotations

import _thread
import contextlib
import gc
import hashlib
import os
import signal
import sys
import threading
import time
import weakref
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from pirate_rules import process
from pirate_rules.errors import BotError, UnknownBotError

__all__ = ["SLACK", "BotHost", "HostFault", "hosted_seed", "main", "new_key", "view_seed"]

SLACK: Final = 0.5
"""Seconds a host may take beyond the time limit of a move before its answer is late
(sending and reading, and the host's own work)."""

CHANGED: Final = "choose() changed the game it was shown (try moves on game.copy() instead)"

FLUSH: Final = 0.05
"""Seconds after which a host sends the answers it has, even before the batch is done."""

COLLECTOR: Final = (50_000, 20, 100)
"""The collector's thresholds while games are played in lockstep (the referee's side and
the host's): a game makes many small objects that live as long as it does, and the
default (700, 10, 10) looks through them again and again."""

START_TIME: Final = 60.0
"""Seconds a host may take to start and import its bot."""

Shipped = Any
"""A bot's source sent along (to a cluster's worker): its name, file name and source."""


def new_key() -> str:
    """A fresh key for the bots' seeds (32 hex digits), drawn from the system."""
    return os.urandom(16).hex()


def _keyed(key: str, text: str) -> int:
    digest = hashlib.blake2b(text.encode(), key=bytes.fromhex(key), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def hosted_seed(key: str, seed: int, seat: int) -> int:
    """The seed of a hosted bot in ``seat`` of the game dealt from ``seed``: a keyed hash
    (blake2b), so that the bot cannot work out the game's seed, and so its deal, from it.

    Example:
        >>> a = hosted_seed("00" * 16, 7, 0)
        >>> a == hosted_seed("00" * 16, 7, 0), a == hosted_seed("01" * 16, 7, 0), a == 14
        (True, False, False)
    """
    return _keyed(key, f"bot:{seed}:{seat}")


def view_seed(key: str, seed: int, seat: int | None) -> int:
    """The seed of the generator that deals a hosted bot's unseen cards (:func:`hosted_seed`);
    ``seat`` None for a view that both seats share (see :class:`~pirate_rules.lockstep.Hosts`).

    Example:
        >>> len({view_seed("00" * 16, 7, seat) for seat in (0, 1, None)})
        3
    """
    return _keyed(key, f"view:{seed}:{'both' if seat is None else seat}")


class HostFault(Exception):
    """The host process failed (see :class:`~pirate_rules.process.Fault`): it was ended."""

    def __init__(self, fault: process.Fault, answered: int) -> None:
        super().__init__(str(fault))
        self.fault = fault
        self.answered = answered


_ROOT = str(Path(__file__).resolve().parent.parent)
_PROGRAM = (
    f"import sys\nsys.path.insert(0, {_ROOT!r})\nfrom pirate_rules.host import main\nmain()\n"
)


class BotHost:
    """One of your bots, in a process of its own (the referee's side).

    Args:
        game: ``"marvin"`` or ``"pirate"``.
        name: The bot as the command line names it (``my_bot.py:Mine``, ``pkg.mod:Bot``).
        move_time: The time limit of a move, in seconds (None: no limit).

    Raises:
        BotError: the bot cannot be loaded (its host says why), or the host cannot start.
    """

    def __init__(
        self, game: str, name: str, move_time: float | None = None, shipped: Any = None
    ) -> None:
        self.game = game
        self.name = name
        self.move_time = move_time
        self.told = False
        """Whether a fault of this host has been raised to the referee."""
        self.child = process.Child.python(
            "-c", _PROGRAM, flags=("-I",), env=_environment(), cwd=os.getcwd()
        )
        if STARTED is not None:  # before the bot is loaded, so before it can send a signal
            STARTED.add(self.child.pid)
        try:
            loaded = self.child.call(
                {"op": "load", "game": game, "bot": name, "path": sys.path, "shipped": shipped},
                START_TIME,
            )
        except process.ChildError as exc:
            self.close()
            raise BotError(f"cannot be loaded: its process {exc}", bot=name) from None
        if "unknown" in loaded:
            self.close()
            raise UnknownBotError(str(loaded["unknown"]))
        if "error" in loaded:
            self.close()
            raise BotError(**{**loaded["error"], "bot": name})
        _LIVE_HOSTS.add(self)
        _HOST_PIDS.add(self.child.pid)
        self.fair: bool = bool(loaded["fair"])
        self.label: str = str(loaded["label"])
        self.choose_at: str = str(loaded.get("choose_at", ""))

    @property
    def pid(self) -> int:
        return self.child.pid

    def _limit(self) -> float | None:
        return None if self.move_time is None else self.move_time + SLACK

    def start(self, games: Sequence[dict[str, Any]]) -> list[dict[str, Any] | None]:
        """Make the bot and the view of each game; per game, None or an error's fields.

        Each game is ``{"id", "seat", "seed", "know"}``: ``know`` is what the player
        knows at the start (see :func:`_start_view`).

        Raises:
            HostFault: the host failed (answered tells how many games were made).
        """
        self._send({"op": "start", "games": list(games)})
        return self._answers(len(games))

    def send_choices(self, games: Sequence[tuple[int, Any, int]], *, reasons: bool = False) -> None:
        """Ask for a choice in each game: ``(id, what changed since its view was last
        told, the seat to choose)``; with ``reasons``, each answer is ``[choice, the
        bot's reason]``."""
        message: dict[str, Any] = {"op": "choose", "games": list(games)}
        if reasons:
            message["reasons"] = True
        self._send(message)

    def choices(self, count: int) -> list[Any]:
        """The answers to :meth:`send_choices`, in order: a move or action in notation,
        or ``{"problem": ...}``, the fields of the bot's error.

        Raises:
            HostFault: the host failed or was late; ``answered`` answers came before it.
        """
        return self._answers(count)

    def end(self, ids: Sequence[int]) -> None:
        """Forget the games ``ids`` (over, or given up)."""
        if ids and self.child.fault is None:
            with contextlib.suppress(HostFault):
                self._send({"op": "end", "ids": list(ids)})

    def _send(self, message: Any) -> None:
        try:
            self.child.send(message, self._limit())
        except process.ChildError as exc:
            raise self._told(exc.fault, 0) from None

    def _answers(self, count: int) -> list[Any]:
        answers: list[Any] = []
        receive = self.child.receive
        limit = self._limit()
        while len(answers) < count:
            try:
                answers += receive(limit)
            except process.ChildError as exc:
                raise self._told(exc.fault, len(answers)) from None
            except TypeError:
                self.child.end("it sent what is not a list of answers")
                raise self._told(
                    process.Fault("garbage", sample=b"", detail="not answers"), len(answers)
                ) from None
        if len(answers) > count:
            self.child.end("it sent more answers than it was asked for")
            raise self._told(self.child.fault or process.Fault("ended"), count)
        settle()  # a bot that signalled the referee before it answered is ended now
        if self.child.fault is not None:
            raise self._told(self.child.fault, 0)
        return answers

    def _told(self, fault: process.Fault, answered: int) -> HostFault:
        """The fault to raise: the referee is told of it, and so never takes this host
        for one that ended unseen (see :meth:`~pirate_rules.lockstep.Hosts.host`)."""
        self.told = True
        return HostFault(fault, answered)

    def kill(self, why: str) -> None:
        """End the host now (from any thread); its next answer is then a fault."""
        self.child.end(why)

    def close(self) -> None:
        """End the host and everything it started."""
        self.child.close(grace=0.5)

    def __enter__(self) -> BotHost:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


_LIVE_HOSTS: weakref.WeakSet[BotHost] = weakref.WeakSet()
"""Every host of this process, to find the one whose bot sent a signal."""


def host_of(pid: int) -> BotHost | None:
    """The live host whose bot is process ``pid``, or started it (Linux)."""
    for host in list(_LIVE_HOSTS):
        if host.child.returncode is None and host.child.holds(pid):
            return host
    return None


class RefereeSignals:
    """Ctrl-C for the referee alone: SIGINT sent by a bot is the bot's fault.

    Hosts run in sessions of their own, so Ctrl-C at the terminal never reaches them.
    A bot may still send SIGINT to the referee (its parent). While this is on (Linux,
    main thread), SIGINT is taken by a thread of its own with ``sigtimedwait``, which
    tells who sent it (``si_pid``): a host's bot, or a process one started, has its host
    ended, and the fault names the bot; a signal from anyone else (the terminal sends
    it with no pid) is Ctrl-C, raised in the main thread as usual, and every host is
    ended at once so that nothing waits on a stuck bot.

    The verdict never depends on how soon that thread runs. A bot's signal is sent
    before its answer is written, so the referee, once it has read a host's answers,
    waits until the thread has dealt with every SIGINT sent so far (:func:`settle`):
    a bot that sent one is ended there, and that answer is its fault. A SIGINT still
    waiting when the watch ends is dealt with the same way, never left to be taken
    for Ctrl-C once SIGINT is let through again.

    With ``--jobs 2`` the hosts are a worker process's children, and the worker watches
    them the same way. A bot that sends SIGINT past its worker, to this process, is
    found by walking up from the sender to the worker it descends from
    (:data:`WORKERS`): this process writes the sender's pid in that worker's slot and
    passes the signal on to the worker, which ends that bot's host and names it. This
    process settles its watch each time a worker's batch comes in, while that worker's
    hosts are still there; a SIGINT from a host that has ended since, or whose worker
    is being ended, is known from :class:`StartedHosts`, and is no Ctrl-C either.

    Args:
        ctrl_c: Whether SIGINT from anyone but a bot is Ctrl-C here. A worker process
            (``--jobs 2``), whose hosts' bots see it as their referee, passes False: it
            leaves Ctrl-C to the main process, which stops it, and watches only its bots.
        accused: A worker's slot (a shared ``multiprocessing`` value) where its main
            process writes the pid of a bot of this worker's that sent it SIGINT.
    """

    def __init__(self, ctrl_c: bool = True, accused: Any = None) -> None:
        self.ctrl_c = ctrl_c
        self.accused = accused
        self.on = (
            sys.platform.startswith("linux")
            and hasattr(signal, "sigtimedwait")
            and hasattr(signal, "SIGRTMIN")
            and threading.current_thread() is threading.main_thread()
        )
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._blamed: set[int] = set()  # senders already told: one may send again at once
        self._settled = threading.Event()

    def __enter__(self) -> RefereeSignals:
        global _WATCH
        if self.on:
            self._main = threading.get_ident()
            self._pid = os.getpid()
            # a signal of its own wakes the main thread from any wait, after a Ctrl-C
            self._before = signal.signal(signal.SIGUSR2, lambda *_: None)
            # blocked here, and so in the watch's thread, which alone waits for them
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, _SETTLE})
            self._thread = threading.Thread(target=self._watch, name="signals", daemon=True)
            self._thread.start()
            _WATCH = self
        return self

    def _watch(self) -> None:
        while not self._stop.is_set():
            info = signal.sigtimedwait({signal.SIGINT, _SETTLE}, 0.1)
            if info is None:
                continue
            if info.si_signo == _SETTLE:
                self._take_waiting()  # every SIGINT sent before the referee asked
                self._settled.set()
                continue
            self._take(info)
        self._take_waiting()

    def _take_waiting(self) -> None:
        while (info := signal.sigtimedwait({signal.SIGINT}, 0)) is not None:
            self._take(info)

    def _take(self, info: Any) -> None:
        """Deal with one SIGINT: the fault of the bot that sent it, or Ctrl-C."""
        sender = info.si_pid
        if self.accused is not None and sender and sender == os.getppid():
            sender, self.accused.value = self.accused.value, 0  # passed on by the main
        if sender in self._blamed:
            return  # again, before its host was ended: it is told already
        host = host_of(sender) if sender and sender != os.getpid() else None
        if host is None and sender and _adopted(sender):
            self._blamed.add(sender)
            for each in list(_LIVE_HOSTS):
                each.kill(f"a process it left behind (pid {sender}) sent SIGINT to the referee")
            return
        if host is not None:
            self._blamed.add(sender)
            host.kill(f"it sent SIGINT to the referee (from pid {sender})")
            return
        if sender and sender in _HOST_PIDS:
            return  # a host that has ended since it sent it: its games are over
        worker = _worker_above(sender) if sender else None
        slot = WORKERS.get(worker) if worker is not None else None
        if worker is not None and slot is not None:  # a bot of a worker's: it names it
            self._blamed.add(sender)
            slot.value = sender
            with contextlib.suppress(ProcessLookupError):
                os.kill(worker, signal.SIGINT)
            return
        if sender and any(sender in started for started in STARTED_BY_WORKERS.values()):
            return  # a host of a worker's, which has ended or is being ended with its worker
        if not self.ctrl_c:
            return  # Ctrl-C: the main process stops this one
        _thread.interrupt_main()
        signal.pthread_kill(self._main, signal.SIGUSR2)
        for each in list(_LIVE_HOSTS):
            each.kill("the run was interrupted")

    def settle(self) -> None:
        """Return once every SIGINT sent to this process before the call has been dealt
        with (from the main thread; elsewhere, at once). A bot that sent one before its
        answer has then had its host ended."""
        thread = self._thread
        if thread is None or self._stop.is_set() or threading.get_ident() != self._main:
            return
        if os.getpid() != self._pid:
            return  # a fork's copy: the watch's thread is its parent's
        self._settled.clear()
        signal.pthread_kill(thread.ident or 0, _SETTLE)
        while not self._settled.wait(0.1):  # the thread may be ending a host meanwhile
            if not thread.is_alive():
                return

    def __exit__(self, *_: object) -> None:
        global _WATCH
        if self._thread is None:
            return
        if _WATCH is self:
            _WATCH = None
        self._stop.set()
        try:
            self._thread.join()  # it deals with any SIGINT still waiting, then ends
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, _SETTLE})
            signal.signal(signal.SIGUSR2, self._before)


_SETTLE: Final = signal.SIGRTMIN + 1 if hasattr(signal, "SIGRTMIN") else 0
"""The signal by which the referee asks its watch to deal with every SIGINT sent so far
(see :meth:`RefereeSignals.settle`): sent to the watch's thread alone, always blocked."""

_WATCH: RefereeSignals | None = None
"""This process's watch while it is on, for :func:`settle`."""

_HOST_PIDS: set[int] = set()
"""The pid of every host this process started: a SIGINT from one that has ended since
is no Ctrl-C."""


def settle() -> None:
    """Every SIGINT sent so far dealt with: see :meth:`RefereeSignals.settle`."""
    watch = _WATCH
    if watch is not None:
        watch.settle()


WORKERS: dict[int, Any] = {}
"""This process's worker processes (``--jobs 2``), by pid: each one's slot for the pid of
a bot of its own that sent SIGINT to this process (see :class:`RefereeSignals`)."""


class StartedHosts:
    """The pids of the last hosts that a worker process (``--jobs 2``) started, in memory
    it shares with its main process.

    The worker writes each pid before that host loads its bot, so before the bot can send
    anything. The main process reads them when a SIGINT comes from a process it cannot
    place: a bot's host that ended, or whose worker is being ended, between the signal
    and the reading (the run stopping at another bot's fault, say). That signal is no
    Ctrl-C, even on a machine too busy to read it at once.
    """

    SIZE: Final = 256

    def __init__(self) -> None:
        import multiprocessing

        self._pids = multiprocessing.RawArray("i", 1 + self.SIZE)  # [0]: how many so far

    def add(self, pid: int) -> None:
        """Record one more host (the oldest of ``SIZE`` is forgotten)."""
        count = self._pids[0]
        self._pids[1 + count % self.SIZE] = pid
        self._pids[0] = count + 1

    def __contains__(self, pid: object) -> bool:
        return pid in self._pids[1:]


STARTED: StartedHosts | None = None
"""In a worker process, where it records each host it starts for its main process."""

STARTED_BY_WORKERS: dict[int, StartedHosts] = {}
"""The hosts started by this process's last 64 worker processes, by the worker's pid,
kept after a worker ends (see :class:`StartedHosts`)."""


def add_worker(pid: int, accused: Any, started: StartedHosts) -> None:
    """Watch worker process ``pid``: its slot in :data:`WORKERS`, and its hosts."""
    WORKERS[pid] = accused
    STARTED_BY_WORKERS[pid] = started
    while len(STARTED_BY_WORKERS) > 64:
        del STARTED_BY_WORKERS[next(iter(STARTED_BY_WORKERS))]


def _worker_above(pid: int) -> int | None:
    """The worker process (:data:`WORKERS`) that process ``pid`` descends from, if any."""
    stat = process._stat(pid)
    for _ in range(64):
        if stat is None or stat.ppid <= 1 or stat.ppid == os.getpid():
            return None
        if stat.ppid in WORKERS:
            return stat.ppid
        stat = process._stat(stat.ppid)
    return None


def _adopted(pid: int) -> bool:
    """Whether ``pid`` is a process left behind by a child and adopted by this one."""
    stat = process._stat(pid)
    return stat is not None and stat.ppid == os.getpid() and stat.session != os.getsid(0)


def _environment() -> dict[str, str]:
    environment = dict(os.environ)
    environment["PYTHONUNBUFFERED"] = "1"
    return environment


def fault_words(fault: process.Fault, what: str = "choose()", limit: float | None = None) -> str:
    """A host's fault as the problem of a bot's error (``limit``: the time limit of a move)."""
    if fault.kind == "deadline":
        limit = limit if limit is not None else (fault.seconds or SLACK) - SLACK
        return (
            f"{what} took longer than {limit:g} s, the time limit of a move; its process was ended"
        )
    if fault.kind == "ended":
        return f"its process was ended: {fault.detail}"
    if fault.kind == "exit" and fault.status == PIPE_LOST:
        return f"its pipe to the referee was closed or broken during {what}"
    return f"its process {fault} during {what}"


# -- the host's side: runs in the bot's own process ---------------------------------------


class _Games:
    """The host's games: the bot and the view of each, by id."""

    def __init__(self, game: str, cls: Any, name: str) -> None:
        self.game = game
        self.cls = cls
        self.name = name
        self.plays: dict[int, _Hosted] = {}


class _Hosted:
    """One game in the host: its view, the bot of each seat the host plays there, and
    the move the host answered last in it (a shared host's view plays it next)."""

    __slots__ = ("last", "seats", "view")

    def __init__(self, view: Any) -> None:
        self.view = view
        self.seats: list[Any] = [None, None]
        self.last: Any = None


_IN_BOT = False
_PID = 0
_FORK_CHILD = False
"""Whether this process is a fork of the host (a bot forked): it then ends in silence."""


def _forked_here() -> None:
    global _FORK_CHILD
    _FORK_CHILD = True


def _exit_guard(status: int) -> None:
    from pirate_rules.bots import BotExit

    if _IN_BOT and os.getpid() == _PID:
        raise BotExit(status)
    _REAL_EXIT(status)


_REAL_EXIT = os._exit


def main() -> None:
    """The host's program: load one bot, then play the games it is sent (see the module)."""
    global _PID
    _PID = os.getpid()
    os.register_at_fork(after_in_child=_forked_here)
    channel = process.connect()
    sys.stdout = sys.stderr
    os._exit = _exit_guard  # type: ignore[assignment]
    try:
        _serve(channel)
    except (OSError, process.ChannelClosed):  # the pipe is gone: the bot closed it, say
        _REAL_EXIT(PIPE_LOST)


PIPE_LOST: Final = 74
"""A host's exit status when its pipe to the referee is gone from under it."""


def _serve(channel: process.Channel) -> None:
    games: _Games | None = None
    while True:
        try:
            message = channel.receive()
        except process.ChannelClosed as exc:
            if isinstance(exc.__cause__, OSError):
                raise
            return  # the referee is done with this host
        op = message.get("op")
        if op == "load":
            games, answer = _load(message)
            # what is here now (the engine, the bot's modules) stays for the host's
            # life: the collector need not go through it again and again; and the
            # games' many small objects are looked at less often
            gc.freeze()
            gc.set_threshold(*COLLECTOR)
            channel.send(answer)
        elif op == "start" and games is not None:
            channel.send([_start(games, entry) for entry in message["games"]])
        elif op == "choose" and games is not None:
            _choose(games, message["games"], channel, bool(message.get("reasons")))
        elif op == "end" and games is not None:
            for key in message["ids"]:
                games.plays.pop(key, None)


def _error_fields(error: BotError) -> dict[str, Any]:
    fields = error._fields()
    fields.pop("bot", None)
    return fields


def _load(message: dict[str, Any]) -> tuple[_Games | None, dict[str, Any]]:
    from pirate_rules.referee import bot_label, load_bot

    sys.path[:] = [_ROOT, *[entry for entry in message["path"] if entry != _ROOT]]
    global _IN_BOT
    _IN_BOT = True
    try:
        if message.get("shipped"):
            from pirate_rules.shipped import install

            install((tuple(message["shipped"]),))
        cls = load_bot(message["game"], message["bot"], 0)
    except BotError as exc:
        return None, {"error": _error_fields(exc)}
    except UnknownBotError as exc:
        return None, {"unknown": str(exc)}
    except Exception as exc:
        from pirate_rules.bots import describe_exception

        return None, {"error": {"problem": f"cannot be loaded: {describe_exception(exc)}"}}
    except BaseException as exc:
        from pirate_rules.bots import describe_exception

        return None, {"error": {"problem": f"its import raised {describe_exception(exc)}"}}
    finally:
        _IN_BOT = False
    games = _Games(message["game"], cls, message["bot"])
    from pirate_rules.bots import defined_at

    return games, {
        "fair": bool(getattr(cls, "fair", True)),
        "label": bot_label(message["bot"]),
        "choose_at": defined_at(getattr(cls, "choose", cls)),
    }


def _start(games: _Games, entry: dict[str, Any]) -> Any:
    from pirate_rules.referee import Seat

    key, seat = entry["id"], entry["seat"]
    if entry.get("same_view"):  # seat 1 of a shared host: the view made for seat 0
        hosted = games.plays.get(key)
        if hosted is None:
            return {"problem": "the host has no such game"}
    else:
        games.plays.pop(key, None)
        try:
            hosted = _Hosted(_start_view(games.game, entry["know"], entry["view_seed"]))
        except Exception as exc:
            return {"problem": f"the host could not make the game as the player knows it: {exc}"}
        games.plays[key] = hosted
    global _IN_BOT
    _IN_BOT = True
    try:
        bot = games.cls(seed=entry["seed"])
    except BaseException as exc:
        _IN_BOT = False
        from pirate_rules.bots import defined_at, describe_exception, fault_location, traceback_text

        if os.getpid() != _PID:
            _REAL_EXIT(0)
        return {
            "problem": f"cannot be created: {describe_exception(exc)}",
            "when": "before the game",
            "location": fault_location(exc, games.cls, default=defined_at(games.cls.__init__)),
            "details": traceback_text(exc),
        }
    _IN_BOT = False
    hosted.seats[seat] = Seat(games.name, seat, bot)
    return None


def _start_view(game: str, know: dict[str, Any], seed: int) -> Any:
    from pirate_rules.cards import Card

    if game == "marvin":
        from pirate_rules.marvin.view import MarvinView

        drawn = [Card.parse(text) for text in know["drawn"]]
        return MarvinView(know["first"], know["players"], know["jokers"], drawn, seed)
    from pirate_rules.pirate.view import PirateView

    cuts = [(Card.parse(a), Card.parse(b)) for a, b in know["cuts"]]
    return PirateView(know["low"], know["players"], cuts, seed)


def _choose(
    games: _Games, asked: list[list[Any]], channel: process.Channel, reasons: bool = False
) -> None:
    """Play what changed on each view, ask the bot, and send the answers a few at a time.

    In Marvin, what changed is the moves in one text, with commas, and the cards they
    drew, in one text; or, for a host that plays both seats (the referee sends the
    cards alone), the cards drawn since the move this host answered last in that game,
    which the view plays itself. With ``reasons`` (a game in the terminal), each
    answer is the choice and the bot's ``reason`` for it, as text: ``[choice, reason]``.
    """
    global _IN_BOT
    from pirate_rules.referee import _plain

    marvin = games.game == "marvin"
    kind = "move" if marvin else "action"
    move_class: Any = None  # Marvin's moves are answered by their notation at once
    if marvin:
        from pirate_rules.marvin.moves import Move

        move_class = Move
    answers: list[Any] = []
    plays = games.plays
    monotonic = time.monotonic
    flushed = monotonic()
    last = asked[0][2] if asked else 0
    for key, changed, number in asked:
        if number != last and answers:  # the other seat's choices now (a shared host):
            channel.send(answers)  # the referee can tell which seat's choice fails
            answers = []
            flushed = monotonic()
        last = number
        hosted = plays.get(key)
        seat = None if hosted is None else hosted.seats[number]
        if hosted is None or seat is None:
            answers.append({"problem": "the host has no such game"})
            continue
        view = hosted.view
        game = view.game
        try:
            if not marvin:
                view.update(changed)
            elif changed.__class__ is str:  # the cards alone: the move since is ours
                view.follow(() if hosted.last is None else (hosted.last,), changed)
            else:
                moves, cards = changed
                view.follow(moves.split(",") if moves else (), cards)
        except Exception:
            answers.append({"problem": CHANGED})
            del plays[key]
            continue
        if marvin:
            if game._to_move != number:  # the view lost its way (a bot changed it)
                answers.append({"problem": CHANGED})
                continue
            turn, phase = game._turn, game._phase
        else:
            turn, phase = game.moment, None
        _IN_BOT = True
        try:
            choice = seat.bot.choose(game, number)
            if type(choice) is not move_class:
                choice = _plain(choice, kind)
        except BaseException as exc:  # anything the bot raises is its fault
            _IN_BOT = False
            if _FORK_CHILD:
                _REAL_EXIT(0)  # a fork's child: it says nothing
            answers.append(_raised(seat, exc))
            continue
        _IN_BOT = False
        if _FORK_CHILD:
            _REAL_EXIT(0)  # a fork's child, back from the bot: it says nothing
        if (game._turn != turn or game._phase != phase) if marvin else game.moment != turn:
            answers.append({"problem": CHANGED})
            continue
        text = choice._text if type(choice) is move_class else str(choice)
        hosted.last = choice if type(choice) is move_class else text
        answers.append(_with_reason(seat, text) if reasons else text)
        now = monotonic()
        if now - flushed > FLUSH:
            channel.send(answers)
            answers = []
            flushed = now
    forked = _forked()
    if forked:
        answers = [{"problem": forked}] * len(answers)
    channel.send(answers)


def _with_reason(seat: Any, choice: str) -> Any:
    """``[choice, reason]``: the bot's reason for its choice as text ("" for none), or
    the problem of a reason that fails."""
    global _IN_BOT
    from pirate_rules.bots import describe_exception, fault_location

    _IN_BOT = True
    try:
        reason = getattr(seat.bot, "reason", "")
        text = (reason if type(reason) is str else str(reason)) if reason else ""
    except BaseException as exc:  # the bot's own code: its fault
        _IN_BOT = False
        if _FORK_CHILD:
            _REAL_EXIT(0)
        return {
            "problem": f"its reason raised {describe_exception(exc)}",
            "location": fault_location(exc, type(seat.bot)),
        }
    _IN_BOT = False
    if _FORK_CHILD:
        _REAL_EXIT(0)
    return [choice, str.__str__(text)]


def _forked() -> str:
    """Whether the bot started a process of its own (a fork, or any child): its problem."""
    try:
        pid, _ = os.waitpid(-1, os.WNOHANG)
    except ChildProcessError:
        return ""
    started = f"pid {pid}" if pid else "still running"
    return (
        f"choose() started a process of its own ({started}), such as with os.fork: a bot must not"
    )


def _raised(seat: Any, exc: BaseException) -> dict[str, Any]:
    from pirate_rules.bots import (
        BotExit,
        defined_at,
        describe_exception,
        fault_location,
        traceback_text,
    )
    from pirate_rules.referee import _NotPlain, shown

    cls = type(seat.bot)
    where = defined_at(cls.choose)
    if isinstance(exc, _NotPlain):
        return {
            "problem": f"choose() returned {shown(exc.value)}, which is not a move or action",
            "location": where,
        }
    if isinstance(exc, BotExit):
        problem = f"choose() called os._exit({shown(exc.status)}), which would end the run"
    elif isinstance(exc, SystemExit):
        problem = f"choose() called sys.exit({shown(exc.code)}), which would end the run"
    else:
        problem = f"choose() raised {describe_exception(exc)}"
    return {
        "problem": problem,
        "location": fault_location(exc, cls, default=where),
        "details": traceback_text(exc),
    }
