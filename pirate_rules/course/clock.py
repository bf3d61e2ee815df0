"""Stopping the learner's code when it runs too long: a loop that never ends, stopped at its line.

:class:`Watch` guards one learner's file. Inside ``watch.limit(seconds)``, the file's own
code is stopped with :class:`TookTooLong`, raised at the line where it is running, once
``seconds`` have passed; the checks then tell the learner which line that was. It
works the best way the interpreter allows:

* Python 3.12 and later (Pyodide in the browser too): ``sys.monitoring`` reports the
  jumps back to the top of a loop, in the file's code only; the clock is read every few
  hundred jumps, and nothing else is slowed;
* an older CPython on Unix, in the main thread: an interval timer's signal;
* anywhere else: ``sys.settrace``, for the file's frames only.

    >>> code = compile("def spin():\\n    while True:\\n        pass\\n", "<spin.py>", "exec")
    >>> space = {}
    >>> exec(code, space)
    >>> watch = Watch(code)
    >>> try:
    ...     with watch.limit(0.2):
    ...         space["spin"]()
    ... except TookTooLong:
    ...     print("stopped")
    stopped
"""

from __future__ import annotations

import math
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import CodeType, FrameType
from typing import Any, Final

__all__ = ["TookTooLong", "Watch"]


class TookTooLong(BaseException):
    """Raised inside the learner's code when a call runs past its time.

    It is not an ``Exception``, so that an ``except Exception`` in their code does not
    swallow it.
    """


def _codes(code: CodeType) -> Iterator[CodeType]:
    """``code`` and every function, class and comprehension body inside it."""
    yield code
    for constant in code.co_consts:
        if isinstance(constant, CodeType):
            yield from _codes(constant)


_MONITORING: Final = getattr(sys, "monitoring", None)
_state: dict[str, float] = {"deadline": math.inf}
_count = [0]
_tool_id = [-1]


def _on_jump(code: CodeType, offset: int, destination: int) -> object:
    _count[0] += 1
    if not _count[0] & 255 and time.monotonic() > _state["deadline"]:
        raise TookTooLong
    return None


def _tool() -> int:
    """The ``sys.monitoring`` tool id of the checks, taken at the first use."""
    monitoring: Any = _MONITORING
    if _tool_id[0] < 0:
        for tool in (3, 4):  # ids that no debugger, coverage tool or profiler takes
            if monitoring.get_tool(tool) is None:
                monitoring.use_tool_id(tool, "pirate_rules.course")
                monitoring.register_callback(tool, monitoring.events.JUMP, _on_jump)
                _tool_id[0] = tool
                break
        else:
            _tool_id[0] = 99  # none free: the other ways below
    return _tool_id[0]


class Watch:
    """A clock on the code of one learner's file.

    Args:
        code: The file's compiled code; every function in it is watched.
    """

    def __init__(self, code: CodeType) -> None:
        self.filename = code.co_filename
        self.codes = list(_codes(code))
        self.way = "trace"
        if _MONITORING is not None and _tool() < 99:
            self.way = "monitoring"
            self.watch_jumps(True)
        elif hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():
            self.way = "signal"
            if signal.getsignal(signal.SIGALRM) is not _ring:
                signal.signal(signal.SIGALRM, _ring)

    def watch_jumps(self, on: bool) -> None:
        """With ``sys.monitoring``: report the file's jumps (on) or not at all (off).

        Off, the file runs at full speed and nothing stops a loop in it: for measuring
        its speed, where the page's own watch on the worker is the guard.
        """
        if self.way == "monitoring":
            monitoring: Any = _MONITORING
            events = monitoring.events.JUMP if on else 0
            for inner in self.codes:
                monitoring.set_local_events(_tool_id[0], inner, events)

    def start(self, seconds: float) -> object:
        """Start the clock: the file's code is stopped after ``seconds``. Returns what
        :meth:`stop` needs to put the clock back as it was."""
        if self.way == "monitoring":
            deadline = _state["deadline"]
            _state["deadline"] = time.monotonic() + seconds
            return deadline
        if self.way == "signal":
            return signal.setitimer(signal.ITIMER_REAL, seconds)
        tracer = sys.gettrace()
        sys.settrace(_tracer(seconds, self.filename))
        return tracer

    def stop(self, before: object) -> None:
        """Stop the clock started by :meth:`start`."""
        if self.way == "monitoring":
            _state["deadline"] = before  # type: ignore[assignment]
        elif self.way == "signal":
            signal.setitimer(signal.ITIMER_REAL, 0)
        else:
            sys.settrace(before)  # type: ignore[arg-type]

    @contextmanager
    def limit(self, seconds: float) -> Iterator[None]:
        """Stop the file's code with :class:`TookTooLong` after ``seconds``."""
        before = self.start(seconds)
        try:
            yield
        finally:
            self.stop(before)


def _ring(number: int, frame: FrameType | None) -> None:
    raise TookTooLong


def _tracer(seconds: float, filename: str) -> Any:
    deadline = time.monotonic() + seconds
    count = 0

    def line(frame: FrameType, event: str, arg: object) -> Any:
        nonlocal count
        count += 1
        if not count & 255 and time.monotonic() > deadline:
            raise TookTooLong
        return line

    def call(frame: FrameType, event: str, arg: object) -> Any:
        return line if frame.f_code.co_filename == filename else None

    return call
