"""Run code you did not write in a process of its own, and talk to it in plain messages.

A :class:`Child` is a fresh Python (or any program), started with ``exec`` in a
session of its own: none of this process's memory is in it, and Ctrl-C at the terminal
does not reach it. The two talk over two pipes of their own (not standard input and
output): each message is plain data (what JSON can say), sent as a frame of a short
header and its UTF-8 JSON. The child's standard output is joined to its standard error,
so that a ``print`` cannot corrupt the pipe.

Each call has a deadline. When it passes, the child's whole session is killed. Whatever
goes wrong on the child's side becomes a :class:`ChildError` whose :class:`Fault` says
what happened, in words: a kill at the deadline, an exit with a status, a signal
(``os.abort`` is SIGABRT), a closed pipe, or garbage on the pipe. Everything a child
started is ended and reaped when it is closed; with :func:`become_subreaper` (Linux),
that holds even for a process that forked and called ``setsid``.

This module needs the standard library alone, and can be loaded by its file path (the
child's side does, in a ``python -I -S``)::

    spec = importlib.util.spec_from_file_location("process", path)
    process = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(process)

The parent's side:

    >>> import sys
    >>> with Child([sys.executable, "-I", "-S", "-c", ECHO, __file__]) as child:
    ...     child.call({"say": "ahoy"}, timeout=10)
    {'echo': {'say': 'ahoy'}}

A child that gives no answer in time is ended, and the fault says so:

    >>> with Child([sys.executable, "-c", "import time; time.sleep(60)"]) as child:
    ...     try:
    ...         child.call("hello", timeout=0.2)
    ...     except ChildError as error:
    ...         print(error.fault)
    gave no answer within 0.2 s, and was ended
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import select
import signal
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from typing import IO, Any

__all__ = [
    "CAPTURE",
    "CHANNEL_ENV",
    "ECHO",
    "MAX_MESSAGE",
    "Channel",
    "ChannelClosed",
    "ChannelGarbage",
    "ChannelTimeout",
    "Child",
    "ChildError",
    "Fault",
    "become_subreaper",
    "connect",
    "end_all",
    "live_children",
    "serve",
]

CHANNEL_ENV = "PIRATE_RULES_CHANNEL"
"""The environment variable that tells a child its two descriptors: ``"READ,WRITE"``."""

MAX_MESSAGE = 64 * 1024 * 1024
"""The largest message either side accepts, in bytes; a larger one is garbage."""

CAPTURE = "capture"
"""``output=CAPTURE``: keep the child's output (the last 64 kB) in :attr:`Child.output`."""

_MAGIC = b"\xfe\x01"
_HEADER = struct.Struct(">2sI")
_SAMPLE = 48  # bytes of garbage quoted in a fault
_KEEP_OUTPUT = 64 * 1024

ECHO = (
    "import importlib.util, sys\n"
    "spec = importlib.util.spec_from_file_location('process', sys.argv[1])\n"
    "process = importlib.util.module_from_spec(spec)\n"
    "spec.loader.exec_module(process)\n"
    "process.serve(lambda message: {'echo': message})\n"
)
"""A whole child program, for examples and tests: it loads this module from the path
given as its first argument and answers each message with ``{"echo": message}``."""


# --- faults ---------------------------------------------------------------------------


class Fault:
    """How a child let its parent down, as data; ``str()`` says it in words.

    Attributes:
        kind: ``"deadline"`` (no answer in time: the child was ended), ``"exit"`` (it
            exited, with ``status``), ``"signal"`` (a signal ended it: ``signal``),
            ``"closed"`` (it closed its end of the pipe but lives on: it was ended),
            ``"garbage"`` (it wrote what is not a message: ``sample``), ``"start"``
            (it could not be started: ``detail``), or ``"ended"`` (the parent ended it:
            ``detail`` says why).
        seconds: The deadline that passed, for ``"deadline"``.
        status: The exit status, for ``"exit"``.
        signal: The signal's number, for ``"signal"``.
        sample: The first bytes of the garbage, for ``"garbage"``.
        detail: More words, for ``"garbage"``, ``"start"`` and ``"ended"``.

    >>> print(Fault("signal", signal=6))
    was ended by SIGABRT (os.abort, or a crash)
    >>> print(Fault("exit", status=3))
    exited with status 3 without answering
    >>> print(Fault("garbage", sample=b"hello"))
    wrote garbage on the pipe: b'hello'
    """

    __slots__ = ("detail", "kind", "sample", "seconds", "signal", "status")

    def __init__(
        self,
        kind: str,
        seconds: float | None = None,
        status: int | None = None,
        signal: int | None = None,
        sample: bytes | None = None,
        detail: str = "",
    ) -> None:
        self.kind = kind
        self.seconds = seconds
        self.status = status
        self.signal = signal
        self.sample = sample
        self.detail = detail

    def _fields(self) -> tuple[Any, ...]:
        return (self.kind, self.seconds, self.status, self.signal, self.sample, self.detail)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Fault) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        names = ("seconds", "status", "signal", "sample", "detail")
        given = ", ".join(
            f"{name}={getattr(self, name)!r}" for name in names if getattr(self, name)
        )
        return f"Fault({self.kind!r}{', ' + given if given else ''})"

    def __str__(self) -> str:
        if self.kind == "deadline":
            return f"gave no answer within {_seconds(self.seconds or 0)}, and was ended"
        if self.kind == "exit":
            return f"exited with status {self.status} without answering"
        if self.kind == "signal":
            return f"was ended by {signal_name(self.signal or 0)}"
        if self.kind == "closed":
            return "closed its end of the pipe, and was ended"
        if self.kind == "garbage":
            said = f"wrote garbage on the pipe: {self.sample!r}"
            return f"{said} ({self.detail})" if self.detail else said
        if self.kind == "start":
            return f"could not be started: {self.detail}"
        return f"was ended: {self.detail}" if self.detail else "was ended"


def signal_name(number: int) -> str:
    """A signal in words: ``SIGKILL``, with what usually sends it.

    >>> signal_name(9), signal_name(11), signal_name(99)
    ('SIGKILL', 'SIGSEGV (a crash)', 'signal 99')
    """
    try:
        name = signal.Signals(number).name
    except ValueError:
        return f"signal {number}"
    why = {"SIGABRT": "os.abort, or a crash", "SIGSEGV": "a crash", "SIGBUS": "a crash"}
    return f"{name} ({why[name]})" if name in why else name


def _seconds(seconds: float) -> str:
    return f"{seconds:g} s"


class ChildError(Exception):
    """A child's fault; ``fault`` holds it as data, and ``str()`` is one line."""

    def __init__(self, fault: Fault) -> None:
        super().__init__(str(fault))
        self.fault = fault


class ChannelClosed(EOFError):
    """The other side closed its end of the pipe (or ended)."""


class ChannelTimeout(TimeoutError):
    """No whole message came (or could be sent) before the deadline."""


class ChannelGarbage(ValueError):
    """What came is not a message; ``sample`` holds its first bytes."""

    def __init__(self, sample: bytes, detail: str = "") -> None:
        super().__init__(f"garbage on the pipe: {sample!r}" + (f" ({detail})" if detail else ""))
        self.sample = sample
        self.detail = detail


# --- the pipe -------------------------------------------------------------------------


class Channel:
    """Framed plain-data messages over two file descriptors (either side's).

    Each message is plain data (dicts, lists, strings, numbers, booleans, ``None``),
    sent as a 6-byte header (a mark and the length) and its compact UTF-8 JSON.

    Args:
        read_fd: The descriptor messages come in on.
        write_fd: The descriptor messages go out on.
        limit: The largest message accepted, in bytes.
    """

    def __init__(self, read_fd: int, write_fd: int, limit: int = MAX_MESSAGE) -> None:
        self.read_fd = read_fd
        self.write_fd = write_fd
        self.limit = limit
        self._buffer = bytearray()
        self._poll = select.poll()
        self._poll.register(read_fd, select.POLLIN)
        self._closed = False

    @staticmethod
    def encode(message: Any) -> bytes:
        """One message as a frame (header and body).

        >>> Channel.encode([1, "a"])
        b'\\xfe\\x01\\x00\\x00\\x00\\x07[1,"a"]'
        """
        body = json.dumps(message, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
        data = body.encode("utf-8", "surrogatepass")
        return _HEADER.pack(_MAGIC, len(data)) + data

    def send(self, message: Any, deadline: float | None = None) -> None:
        """Send one message; ``deadline`` is a :func:`time.monotonic` time, or None.

        Raises:
            ChannelClosed: The other side has closed its end.
            ChannelTimeout: The other side did not take it before the deadline.
            TypeError, ValueError: ``message`` is not plain data.
        """
        self.send_frame(self.encode(message), deadline)

    def send_frame(self, frame: bytes, deadline: float | None = None) -> None:
        """Send an encoded frame (see :meth:`encode`)."""
        view = memoryview(frame)
        if deadline is not None:
            os.set_blocking(self.write_fd, False)
        try:
            while view:
                try:
                    written = os.write(self.write_fd, view)
                except BlockingIOError:
                    _wait_writable(self.write_fd, deadline)
                    continue
                except (BrokenPipeError, OSError) as exc:
                    raise ChannelClosed(str(exc)) from None
                view = view[written:]
        finally:
            if deadline is not None:
                with contextlib.suppress(OSError):
                    os.set_blocking(self.write_fd, True)

    def receive(self, deadline: float | None = None) -> Any:
        """The next message; waits until ``deadline`` (a :func:`time.monotonic` time).

        Raises:
            ChannelClosed: The other side closed its end before a whole message.
            ChannelTimeout: No whole message came before the deadline.
            ChannelGarbage: What came is not a message.
        """
        header = self._take(_HEADER.size, deadline)
        mark, size = _HEADER.unpack(header)
        if mark != _MAGIC:
            raise ChannelGarbage(self._sample(header))
        if size > self.limit:
            raise ChannelGarbage(self._sample(header), f"a message of {size:,} bytes announced")
        body = self._take(size, deadline)
        try:
            return json.loads(body)
        except (ValueError, RecursionError):
            raise ChannelGarbage(body[:_SAMPLE], "not JSON") from None

    def _sample(self, start: bytes) -> bytes:
        """``start`` and what else is waiting, up to a few dozen bytes."""
        more = bytes(self._buffer[: _SAMPLE - len(start)])
        if len(start) + len(more) < _SAMPLE and self._poll.poll(0):
            with contextlib.suppress(OSError):
                more += os.read(self.read_fd, _SAMPLE - len(start) - len(more))
        return (start + more)[:_SAMPLE]

    def _take(self, size: int, deadline: float | None) -> bytes:
        while len(self._buffer) < size:
            if deadline is not None:
                left = deadline - time.monotonic()
                if left <= 0 or not self._poll.poll(max(0, int(left * 1000) + 1)):
                    if time.monotonic() >= deadline:
                        raise ChannelTimeout()
                    continue
            try:
                chunk = os.read(self.read_fd, max(65536, size - len(self._buffer)))
            except OSError as exc:
                raise ChannelClosed(str(exc)) from None
            if not chunk:
                raise ChannelClosed("end of file")
            self._buffer += chunk
        data = bytes(self._buffer[:size])
        del self._buffer[:size]
        return data

    def close(self) -> None:
        """Close both descriptors (the other side then reads the end of the pipe)."""
        if not self._closed:
            self._closed = True
            for fd in {self.read_fd, self.write_fd}:
                with contextlib.suppress(OSError):
                    os.close(fd)


def _wait_writable(fd: int, deadline: float | None) -> None:
    poll = select.poll()
    poll.register(fd, select.POLLOUT)
    left = None if deadline is None else deadline - time.monotonic()
    if left is not None and left <= 0:
        raise ChannelTimeout()
    ready = poll.poll(None if left is None else int(left * 1000) + 1)
    if not ready and deadline is not None and time.monotonic() >= deadline:
        raise ChannelTimeout()


# --- the child's side -----------------------------------------------------------------


def connect(limit: int = MAX_MESSAGE) -> Channel:
    """In a child, its :class:`Channel` to the parent (from :data:`CHANNEL_ENV`).

    The descriptors are kept from any program the child starts in turn, and the
    variable is removed from the environment.
    """
    try:
        read_fd, write_fd = (int(part) for part in os.environ.pop(CHANNEL_ENV).split(","))
    except (KeyError, ValueError):
        raise RuntimeError(f"not started as a Child: {CHANNEL_ENV} is not set") from None
    for fd in (read_fd, write_fd):
        os.set_inheritable(fd, False)
    return Channel(read_fd, write_fd, limit)


def serve(answer: Any, channel: Channel | None = None) -> None:
    """In a child, answer each message with ``answer(message)`` until the parent closes
    its end; then return."""
    channel = channel or connect()
    while True:
        try:
            message = channel.receive()
        except ChannelClosed:
            return
        channel.send(answer(message))


# --- the parent's side ----------------------------------------------------------------

_LOCK = threading.RLock()
_LIVE: dict[int, Child] = {}  # pid -> child, until it is reaped
_SUBREAPER = False


class Child:
    """A program started afresh in a session of its own, with a :class:`Channel` to it.

    Args:
        argv: The program and its arguments, e.g. ``[sys.executable, "-I", "-S",
            "host.py"]``. It is started with ``exec``: nothing of this process's
            memory is in it.
        env: Its environment (this process's when None); :data:`CHANNEL_ENV` is added.
        cwd: Its working folder.
        output: Where its standard output and standard error go: this process's
            standard error (None), a file descriptor or a file, :data:`CAPTURE` (kept in
            :attr:`output`), or ``subprocess.DEVNULL``.
        limit: The largest message accepted, in bytes.

    Raises:
        ChildError: It could not be started (``fault.kind == "start"``).

    Use it as a context manager, or call :meth:`close`: that ends everything it started.
    After a fault, every later call raises the same fault.
    """

    def __init__(
        self,
        argv: Sequence[str],
        *,
        env: dict[str, str] | None = None,
        cwd: str | os.PathLike[str] | None = None,
        output: int | IO[Any] | str | None = None,
        limit: int = MAX_MESSAGE,
    ) -> None:
        self.argv = list(argv)
        self.fault: Fault | None = None
        self._captured = bytearray()
        self._reader: threading.Thread | None = None
        child_reads, parent_writes = os.pipe()
        parent_reads, child_writes = os.pipe()
        environment = dict(os.environ if env is None else env)
        environment[CHANNEL_ENV] = f"{child_reads},{child_writes}"
        capture_fd = None
        if output is None:
            target: Any = _stderr_fd()
        elif output == CAPTURE:
            capture_fd, target = os.pipe()
        else:
            target = output
        try:
            with _LOCK:
                try:
                    self.process = subprocess.Popen(
                        self.argv,
                        stdin=subprocess.DEVNULL,
                        stdout=target,
                        stderr=target,
                        pass_fds=(child_reads, child_writes),
                        start_new_session=True,
                        env=environment,
                        cwd=cwd,
                    )
                except (OSError, ValueError, subprocess.SubprocessError) as exc:
                    for fd in (parent_writes, parent_reads):
                        os.close(fd)
                    if capture_fd is not None:
                        os.close(capture_fd)
                    raise ChildError(Fault("start", detail=str(exc))) from None
                _LIVE[self.process.pid] = self
        finally:
            os.close(child_reads)
            os.close(child_writes)
            if capture_fd is not None:
                os.close(target)
        self.pid: int = self.process.pid
        self.channel = Channel(parent_reads, parent_writes, limit)
        if capture_fd is not None:
            self._reader = threading.Thread(
                target=self._keep_output,
                args=(capture_fd,),
                name=f"output of {self.pid}",
                daemon=True,
            )
            self._reader.start()

    @classmethod
    def python(
        cls,
        script: str | os.PathLike[str],
        *args: str,
        flags: Sequence[str] = ("-I", "-S"),
        **kwargs: Any,
    ) -> Child:
        """A fresh Python (this one's executable) running ``script`` with ``args``.

        ``flags`` default to ``-I -S``: no user site, no ``site-packages``, no
        ``PYTHON*`` variables, and neither the working folder nor the script's own
        folder on ``sys.path`` (the script puts there what it needs).
        """
        return cls([sys.executable, *flags, os.fspath(script), *args], **kwargs)

    # --- talking

    def call(self, message: Any, timeout: float | None = None) -> Any:
        """Send ``message`` and return the answer, all within ``timeout`` seconds.

        Raises:
            ChildError: The child did not answer in time (it is then ended), or ended,
                closed the pipe, or wrote garbage.
        """
        deadline = None if timeout is None else time.monotonic() + timeout
        self._send(message, deadline, timeout)
        return self._receive(deadline, timeout)

    def send(self, message: Any, timeout: float | None = None) -> None:
        """Send one message (see :meth:`call`)."""
        self._send(message, None if timeout is None else time.monotonic() + timeout, timeout)

    def receive(self, timeout: float | None = None) -> Any:
        """The next message from the child (see :meth:`call`)."""
        return self._receive(None if timeout is None else time.monotonic() + timeout, timeout)

    def _send(self, message: Any, deadline: float | None, timeout: float | None) -> None:
        if self.fault:
            raise ChildError(self.fault)
        frame = Channel.encode(message)
        try:
            self.channel.send_frame(frame, deadline)
        except ChannelTimeout:
            self._failed(Fault("deadline", seconds=timeout))
        except ChannelClosed:
            self._failed(self._how_it_ended(deadline))

    def _receive(self, deadline: float | None, timeout: float | None) -> Any:
        if self.fault:
            raise ChildError(self.fault)
        try:
            return self.channel.receive(deadline)
        except ChannelTimeout:
            self._failed(Fault("deadline", seconds=timeout))
        except ChannelClosed:
            self._failed(self._how_it_ended(deadline))
        except ChannelGarbage as exc:
            self._failed(Fault("garbage", sample=exc.sample, detail=exc.detail))

    def _how_it_ended(self, deadline: float | None) -> Fault:
        """After the end of the pipe: an exit or a signal, or a pipe closed by a child
        that lives on (waited for a second at most)."""
        wait = 1.0 if deadline is None else max(0.05, min(1.0, deadline - time.monotonic()))
        try:
            code = self.process.wait(wait)
        except subprocess.TimeoutExpired:
            return Fault("closed")
        return Fault("signal", signal=-code) if code < 0 else Fault("exit", status=code)

    def _failed(self, fault: Fault) -> Any:
        if self.fault is None:  # else it was ended on purpose (see end), and says why
            self.fault = fault
        self.kill()
        raise ChildError(self.fault)

    def end(self, why: str) -> None:
        """End the child now, for a reason of the parent's (``fault.kind == "ended"``);
        every later call raises that fault. Safe from another thread."""
        if self.fault is None:
            self.fault = Fault("ended", detail=why)
        self.kill()

    # --- ending

    @property
    def returncode(self) -> int | None:
        """The exit status once ended (``-N``: ended by signal N), else None."""
        return self.process.poll()

    @property
    def output(self) -> str:
        """What the child wrote (its last 64 kB), with ``output=CAPTURE``."""
        if self._reader is not None and self.process.poll() is not None:
            self._reader.join(1)
        return self._captured.decode("utf-8", "replace")

    def _keep_output(self, fd: int) -> None:
        with contextlib.suppress(OSError):
            while chunk := os.read(fd, 65536):
                self._captured += chunk
                del self._captured[:-_KEEP_OUTPUT]
        os.close(fd)

    def kill(self) -> None:
        """Kill the child's whole session at once (SIGKILL), and reap all of it."""
        _kill_session(self.pid)
        self._reap()

    def close(self, grace: float = 1.0) -> None:
        """Close the pipe, give the child ``grace`` seconds to end by itself, then kill
        what is left of its session, and reap everything it started."""
        self.channel.close()
        if self.process.poll() is None and grace > 0:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(grace)
        self.kill()

    def _reap(self) -> None:
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(10)
        with _LOCK:
            if self.process.returncode is not None:
                _LIVE.pop(self.pid, None)
        _kill_session(self.pid)  # what it started while it was ending
        reap_orphans()
        self.channel.close()

    def holds(self, pid: int) -> bool:
        """Whether process ``pid`` is this child or was started by it (it lives in the
        child's session, or descends from it). Linux only; elsewhere, the child alone."""
        if pid == self.pid:
            return True
        seen = 0
        while pid > 1 and seen < 64:
            stat = _stat(pid)
            if stat is None:
                return False
            if stat.session == self.pid or stat.ppid == self.pid:
                return True
            pid, seen = stat.ppid, seen + 1
        return False

    def __enter__(self) -> Child:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "running" if self.returncode is None else f"ended ({self.returncode})"
        return f"<Child {self.pid} {self.argv[-1] if self.argv else ''!r} {state}>"


def _stderr_fd() -> int:
    try:
        return sys.stderr.fileno()
    except (AttributeError, ValueError, OSError):
        return 2


# --- ending and reaping ---------------------------------------------------------------


class _Stat:
    __slots__ = ("pid", "ppid", "session", "state")

    def __init__(self, pid: int, state: str, ppid: int, session: int) -> None:
        self.pid, self.state, self.ppid, self.session = pid, state, ppid, session


def _stat(pid: int) -> _Stat | None:
    try:
        with open(f"/proc/{pid}/stat", "rb") as file:
            text = file.read()
    except OSError:
        return None
    fields = text[text.rindex(b")") + 2 :].split()
    return _Stat(pid, fields[0].decode(), int(fields[1]), int(fields[3]))


def _processes() -> list[_Stat]:
    try:
        names = os.listdir("/proc")
    except OSError:
        return []
    found = []
    for name in names:
        if name.isdigit() and (stat := _stat(int(name))) is not None:
            found.append(stat)
    return found


def _kill_session(session: int) -> None:
    """SIGKILL the process group ``session`` and, on Linux, every process of the
    session (some may have moved to groups of their own)."""
    with contextlib.suppress(OSError):
        os.killpg(session, signal.SIGKILL)
    for stat in _processes():
        if stat.session == session:
            with contextlib.suppress(OSError):
                os.kill(stat.pid, signal.SIGKILL)


def become_subreaper() -> bool:
    """Make this process the child subreaper of everything it starts (Linux's
    ``PR_SET_CHILD_SUBREAPER``): a process that a child started and left behind (by
    forking, and perhaps calling ``setsid``) then becomes this process's own, and
    :meth:`Child.close` ends it. True when it took effect."""
    global _SUBREAPER
    if _SUBREAPER:
        return True
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        _SUBREAPER = bool(libc.prctl(36, 1, 0, 0, 0) == 0)  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        return False
    return _SUBREAPER


def reap_orphans() -> int:
    """Kill and reap every process left behind by a child and adopted by this one (a
    child of this process in a session other than its own, that is not a live
    :class:`Child`); returns how many. It finds any only after :func:`become_subreaper`."""
    if not _SUBREAPER:
        return 0
    ended = 0
    me, mine = os.getpid(), os.getsid(0)
    for _ in range(100):
        with _LOCK:
            orphans = [
                stat
                for stat in _processes()
                if stat.ppid == me and stat.session != mine and stat.pid not in _LIVE
            ]
            for stat in orphans:
                with contextlib.suppress(OSError):
                    os.kill(stat.pid, signal.SIGKILL)
                if stat.session != stat.pid:
                    _kill_session(stat.session)
        if not orphans:
            return ended
        for stat in orphans:
            with contextlib.suppress(ChildProcessError):
                os.waitpid(stat.pid, 0)
            ended += 1
    return ended


def live_children() -> list[Child]:
    """Every :class:`Child` started here and not yet reaped."""
    with _LOCK:
        return list(_LIVE.values())


def end_all() -> None:
    """End every live :class:`Child` and reap what they left (done at exit too)."""
    for child in live_children():
        child.close(grace=0)
    reap_orphans()


def _forked() -> None:
    """In a fork of this process: the children are the parent's, not its own."""
    _LIVE.clear()


atexit.register(end_all)
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forked)
