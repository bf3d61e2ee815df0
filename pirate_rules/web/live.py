r"""Live examples: the site's ``pycon`` examples, run again in the reader's browser.

Every ``pycon`` example on the site is a doctest that the test suite runs. The pages'
Run buttons send an example's text here: doctest's own parser reads it, each statement
runs in the page's namespace, and each answer is compared with the documented one by
doctest's own checker, with the flags the test suite uses (:data:`EXAMPLE_FLAGS`, which
``conftest.py`` imports from here).

The examples of one page share one namespace and run in page order, as the test suite
runs them; example ``index`` runs after examples ``0`` to ``index - 1``:

    >>> answer = live_run("/demo/", 0, ">>> answer = 6 * 7\n>>> answer\n42\n")
    >>> answer["agree"], answer["next"]
    (True, 1)
    >>> answer = live_run("/demo/", 1, ">>> answer + 1\n42\n")
    >>> answer["agree"], answer["steps"][0]["want"], answer["steps"][0]["got"]
    (False, '42\n', '43\n')

Running an example again first puts the namespace back as it was before that example.
An exception comes back as a short traceback of the reader's own lines, numbered as in
the example (``raised`` says that one did), and the rule ids it names come with the
address of their rule:

    >>> text = '>>> from pirate_rules.marvin import MarvinGame\n'
    >>> text += '>>> MarvinGame.stacked("8S").play("CL")\n'
    >>> answer = live_run("/demo/", 2, text)
    >>> print(answer["steps"][1]["got"])
    Traceback (most recent call last):
      line 2
        MarvinGame.stacked("8S").play("CL")
    pirate_rules.errors.IllegalMoveError: target CL is not targetable: ... (M16)
    >>> answer["raised"], answer["marks"], answer["rules"]
    (True, [{'index': 2, 'line': 2}], {'M16': 'rules/marvin/#M16'})

In the browser, the page stops an example that shows no sign of life for a while (a loop
that never ends); Python sends one (:func:`signal_alive`) as each game of a simulation
starts, as each record is replayed and as each rating of a tournament is fitted, so that
a long simulation or tournament runs to its end, however busy the machine. While the
reader has raised Python's recursion limit, Python also tells the page now and then how
deep the reader's calls go (:data:`DEPTH`), so that a stop in a deep recursion is named
as one.
"""

from __future__ import annotations
import __future__

import copy
import doctest
import importlib
import inspect
import io
import json
import linecache
import pickle
import re
import sys
import time
import traceback
from collections.abc import Callable, Iterable
from contextlib import redirect_stdout
from dataclasses import dataclass, field
from types import CodeType, FrameType, ModuleType
from typing import Any, Final

from pirate_rules.errors import PirateRulesError
from pirate_rules.rulebook import RULES, rule_page
from pirate_rules.web.sessions import JSON

__all__ = [
    "ALIVE",
    "DEPTH",
    "EXAMPLE_FLAGS",
    "ExampleChecker",
    "ReplayNeededError",
    "SourceFile",
    "cap_output",
    "changed_names",
    "live_run",
    "reader_frames",
    "reader_traceback",
    "rule_links",
    "signal_alive",
    "summary",
]

EXAMPLE_FLAGS: Final = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS
"""The doctest option flags of the whole test suite: pages, README and docstrings."""

_TRAILING = re.compile(r"[ \t]+$", re.MULTILINE)
_BEFORE_ELLIPSIS = re.compile(r"[ \t]+(?=\.\.\.$)", re.MULTILINE)
_RULE_ID = re.compile(r"\(([MP]\d{1,2})\)")


class ExampleChecker(doctest.OutputChecker):
    r"""doctest's comparison of an answer with the documented one.

    The pages' examples run under Sybil, which first drops the spaces at the ends of
    lines (editors strip them from documents); docstrings run under plain doctest.

    Args:
        page: Compare as the pages' runner does (``True``) or as plain doctest.

    Example:
        >>> ExampleChecker().check_output("a  b\n", "a b   \n", EXAMPLE_FLAGS)
        True
        >>> ExampleChecker().check_output("turn ...\n", "turn 59\n", EXAMPLE_FLAGS)
        True
    """

    def __init__(self, page: bool = True) -> None:
        self.page = page

    def check_output(self, want: str, got: str, optionflags: int) -> bool:
        if self.page:
            want = _TRAILING.sub("", want)
            got = _TRAILING.sub("", got)
            if optionflags & doctest.ELLIPSIS:
                want = _BEFORE_ELLIPSIS.sub("", want)
        return super().check_output(want, got, optionflags)


class ReplayNeededError(PirateRulesError):
    """The namespace before an example could not be kept: run the page from its start."""


@dataclass(frozen=True)
class SourceFile:
    """Where a piece of the reader's code came from, to number its lines for them.

    Attributes:
        index: The example it belongs to (its place on the page or in its docstring).
        first_line: The example's line just above the code's first line.
        source: The code.
    """

    index: int
    first_line: int
    source: str = ""

    def line(self, number: int) -> str:
        """Line ``number`` (from 1) of the code, without its indentation."""
        lines = self.source.splitlines()
        return lines[number - 1].strip() if 0 < number <= len(lines) else ""


def reader_traceback(
    exc: BaseException,
    files: dict[str, SourceFile],
    current: int | None = None,
    frames: list[tuple[str, int, str, int]] | None = None,
) -> tuple[str, list[JSON]]:
    r"""A short traceback of the reader's own code, and the lines to mark in it.

    Only the frames of ``files`` are kept (the engine's are left out), numbered as the
    reader sees them: ``line 3`` in example ``current``, ``example 2, line 5`` in another.
    The last line is the exception as doctest and Python print it. A frame repeated on
    end is shown three times, then counted, as Python does. ``frames`` are the
    traceback's frames when they have been walked already (:func:`reader_frames`).

    Example:
        >>> code = "x = 1\ny = x / 0\n"
        >>> files = {"<mine>": SourceFile(0, 0, code)}
        >>> try:
        ...     exec(compile(code, "<mine>", "exec"), {})
        ... except ZeroDivisionError as exc:
        ...     text, marks = reader_traceback(exc, files, current=0)
        >>> print(text)
        Traceback (most recent call last):
          line 2
            y = x / 0
        ZeroDivisionError: division by zero
        >>> marks
        [{'index': 0, 'line': 2}]
    """
    lines: list[str] = []
    marks: list[JSON] = []

    def where(source: SourceFile, line: int, name: str | None) -> str:
        mark = {"index": source.index, "line": source.first_line + line}
        if mark not in marks:
            marks.append(mark)
        place = f"line {mark['line']}"
        if source.index != current:
            place = f"example {source.index + 1}, {place}"
        return place if name in (None, "<module>") else f"{place}, in {name}"

    if frames is None:
        frames = reader_frames(exc, files)
    if frames:
        lines.append("Traceback (most recent call last):")
    for filename, lineno, name, count in frames:
        source = files[filename]
        for _ in range(min(count, _REPEATS_SHOWN)):
            lines.append(f"  {where(source, lineno, name)}")
            if source.line(lineno):
                lines.append(f"    {source.line(lineno)}")
        if count > _REPEATS_SHOWN:
            lines.append(f"  [Previous line repeated {count - _REPEATS_SHOWN} more times]")
    message = traceback.format_exception_only(type(exc), exc)
    if isinstance(exc, SyntaxError):
        message = message[_message_start(exc, message) :]
        if exc.filename in files and exc.lineno:
            lines.append(f"  {where(files[exc.filename], exc.lineno, None)}")
            text = (exc.text or "").rstrip("\n")
            if text.strip():
                indent = len(text) - len(text.lstrip())
                lines.append(f"    {text.strip()}")
                if exc.offset and exc.offset > indent:
                    lines.append(" " * (3 + exc.offset - indent) + "^")
    lines.extend(line.rstrip("\n") for line in message)
    return "\n".join(lines), marks


_REPEATS_SHOWN: Final = 3
"""A frame repeated on end is shown this many times, then counted (as Python does)."""


def reader_frames(
    exc: BaseException, files: dict[str, SourceFile]
) -> list[tuple[str, int, str, int]]:
    """The frames of the reader's code in ``exc``'s traceback, outermost first, each as
    ``(filename, line, function, count)``: a frame repeated on end (a recursion) is one
    entry with its count. Nothing is formatted or read from a file on the way, so that a
    traceback a million frames deep is walked in a moment (with signs of life)."""
    frames: list[tuple[str, int, str, int]] = []
    tb = exc.__traceback__
    walked = 0
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_filename in files:
            here = (code.co_filename, tb.tb_lineno or 0, code.co_name)
            if frames and frames[-1][:3] == here:
                frames[-1] = (*here, frames[-1][3] + 1)
            else:
                frames.append((*here, 1))
        tb = tb.tb_next
        walked += 1
        if walked % 10_000 == 0:
            signal_alive()
    return frames


def summary(
    exc: BaseException,
    files: dict[str, SourceFile],
    frames: list[tuple[str, int, str, int]] | None = None,
) -> str:
    r"""One line that names the cause of ``exc`` when it is a recursion without end or
    a lack of memory, in the reader's words; empty for any other exception.

    Example:
        >>> code = "def f():\n    return f()\nf()\n"
        >>> files = {"<mine>": SourceFile(0, 0, code)}
        >>> try:
        ...     exec(compile(code, "<mine>", "exec"), {})
        ... except RecursionError as exc:
        ...     print(summary(exc, files).replace(", until", ",\n  until"))
        A recursion without end: f() called itself ... times,
          until Python's recursion limit (...) stopped it.
    """
    if isinstance(exc, RecursionError):
        if frames is None:
            frames = reader_frames(exc, files)
        deepest = max(frames, key=lambda frame: frame[3], default=None)
        limit = f"Python's recursion limit ({sys.getrecursionlimit():,})"
        if deepest is None or deepest[3] < 2:
            return f"A recursion without end: calls went deeper than {limit} allows."
        return (
            f"A recursion without end: {deepest[2]}() called itself {deepest[3]:,} times,"
            f" until {limit} stopped it."
        )
    if isinstance(exc, MemoryError) or (
        isinstance(exc, OverflowError) and "index-sized" in str(exc)
    ):
        return "Out of memory: this example asks for more memory than Python can have here."
    return ""


def cap_output(got: str) -> tuple[str, str]:
    r"""What a page shows of an answer ``got``: at most :data:`MAX_SHOWN_CHARACTERS`
    characters and :data:`MAX_SHOWN_LINES` lines of it, and one line that says how much
    was left out (empty when nothing was).

    Example:
        >>> shown, cut = cap_output("x" * 10**6 + "\n")
        >>> len(shown), cut
        (10001, '990,001 more characters not shown (1,000,001 in all, 1 line).')
        >>> cap_output("short\n")
        ('short\n', '')
    """
    lines = got.count("\n") + (not got.endswith("\n"))
    end = min(len(got), MAX_SHOWN_CHARACTERS)
    newlines = 0
    at = got.find("\n")
    while at != -1 and at < end:
        newlines += 1
        if newlines == MAX_SHOWN_LINES:
            end = at + 1
            break
        at = got.find("\n", at + 1)
    if end >= len(got):
        return got, ""
    shown = got[:end] if got[:end].endswith("\n") else got[:end] + "\n"
    left = len(got) - end
    return shown, (
        f"{left:,} more characters not shown ({len(got):,} in all,"
        f" {lines:,} line{'s' if lines != 1 else ''})."
    )


MAX_SHOWN_CHARACTERS: Final = 10_000
"""The most of one answer a page shows; the whole can be downloaded."""
MAX_SHOWN_LINES: Final = 200
"""The most lines of one answer a page shows."""


def _message_start(exc: BaseException, formatted: list[str]) -> int:
    """Where a syntax error's message starts in its formatted lines, as doctest finds it."""
    kind = type(exc)
    prefixes = (f"{kind.__qualname__}:", f"{kind.__module__}.{kind.__qualname__}:")
    return next((i for i, line in enumerate(formatted) if line.startswith(prefixes)), 0)


def rule_links(texts: Iterable[str]) -> dict[str, str]:
    """The rule ids named as ``(M16)`` in ``texts``, with their address on the site.

    Example:
        >>> rule_links(["no card could be placed (P11)", "(M99) is no rule"])
        {'P11': 'rules/pirate/#P11'}
    """
    found: dict[str, str] = {}
    for text in texts:
        for rule in _RULE_ID.findall(text):
            if rule in RULES:
                page, _, anchor = rule_page(rule).partition("#")
                found[rule] = f"{page.removesuffix('.md')}/#{anchor}"
    return found


# -- signs of life ------------------------------------------------------------------------

ALIVE: Final = "pirate-rules:alive"
"""The message the worker sends the page while long work goes on, at most 4 times a second."""

_MONITORING_TOOL: Final = 4
"""The ``sys.monitoring`` tool id that watches games start (ids 3 and 4 are free ones)."""


def _page_messages() -> Any:
    """The worker's ``postMessage``, in the browser (Pyodide); None elsewhere."""
    try:
        from js import postMessage  # type: ignore[import-not-found]  # Pyodide's browser scope
    except ImportError:
        return None
    return postMessage


_post = _page_messages()
_last_signal = {"at": 0.0}


def signal_alive() -> None:
    """Tell the page that Python is busy, not stuck (in the browser; nothing elsewhere).

    The page's watchdog (``assets/live/engine.mjs``) replaces a worker that shows no sign
    of life for longer than its request's time limit.
    """
    now = time.monotonic()
    if _post is not None and now - _last_signal["at"] >= 0.25:
        _last_signal["at"] = now
        _post(ALIVE)


def lively() -> list[Any]:
    """The engine's functions whose start is a sign of life: each is one step of a long
    piece of work that ends, never the whole of it.

    They are the start of a game of a simulation, each choice of the engine's bots, the
    replay of a record, and each fit of a tournament's ratings (its bootstrap fits them
    hundreds of times, after the games, with no bot choosing).
    """
    from pirate_rules import records, simulate, tournament
    from pirate_rules.bots import bot_class, bot_names
    from pirate_rules.marvin import bots as marvin_bots
    from pirate_rules.pirate import bots as pirate_bots

    found: list[Any] = [
        simulate._play,
        marvin_bots.play_game,
        pirate_bots.play_game,
        records.replay,
        tournament.bradley_terry,
    ]
    for game in ("marvin", "pirate"):
        found.extend(getattr(bot_class(game, name), "choose", None) for name in bot_names(game))
    return [function for function in found if function is not None]


def _watch_games() -> bool:
    """In the browser, send a sign of life as each of the :func:`lively` functions starts.

    Only the start of those functions is watched (``sys.monitoring`` local events on
    their code), so nothing else is slowed down: a page example that plays a thousand
    games goes on, while a loop that never ends (in the reader's own code) is stopped.
    """
    monitoring = getattr(sys, "monitoring", None)
    if _post is None or monitoring is None:
        return False
    try:
        monitoring.use_tool_id(_MONITORING_TOOL, "pirate_rules: signs of life")
    except ValueError:  # another tool has that id
        return False
    start = monitoring.events.PY_START
    monitoring.register_callback(_MONITORING_TOOL, start, lambda code, offset: signal_alive())
    for function in lively():
        code = getattr(function, "__code__", None)
        if code is not None:
            monitoring.set_local_events(_MONITORING_TOOL, code, start)
    return True


_watch_games()


# -- a recursion's depth ------------------------------------------------------------------

DEPTH: Final = "pirate-rules:depth "
"""The start of the message that tells the page how deep the reader's calls go, while the
recursion limit is raised: then JSON ``{"depth": calls, "limit": the recursion limit,
"name": the function called last}``, with depth 0 once they are no longer deep. The page
keeps the last one, to name the recursion if its time limit stops the example. Unlike
:data:`ALIVE`, it is no sign of life: a recursion is stopped like a loop."""

DEFAULT_RECURSION_LIMIT: Final = sys.getrecursionlimit()
"""Python's recursion limit before any example ran. Calls deeper than that are a deep
recursion; only above it are they watched."""

_DEPTH_TOOL: Final = 3
"""The ``sys.monitoring`` tool id that counts the reader's calls (ids 3 and 4 are free)."""
_DEPTH_SECONDS: Final = 0.25
"""At most one message in this many seconds."""
_DEPTH_CHECK_CALLS: Final = 1024
"""Calls between two looks at the depth."""


class DepthWatch:
    """How deep the calls of one statement go, told to the page now and then.

    ``enter`` and ``leave`` are called as each Python function starts (or resumes) and
    ends (or yields). Every :data:`_DEPTH_CHECK_CALLS` calls the watch looks at the depth:
    deeper than :data:`DEFAULT_RECURSION_LIMIT`, it sends ``post`` a :data:`DEPTH` message
    if the depth has doubled since the last one, or if that is :data:`_DEPTH_SECONDS` old
    (so that a recursion that goes deep at once, then stays, is told within a factor of
    two); once no longer deep, it says so.

    Example:
        >>> def f():
        ...     pass
        >>> told = []
        >>> watch = DepthWatch(told.append, every=0)
        >>> for _ in range(2048):
        ...     watch.enter(f.__code__)
        >>> print(told[-1])
        pirate-rules:depth {"depth": 2048, "limit": ..., "name": "f"}
    """

    __slots__ = ("calls", "depth", "every", "last", "name", "post", "told")

    def __init__(self, post: Callable[[str], object], every: float = _DEPTH_SECONDS) -> None:
        self.post = post
        self.every = every
        self.depth = 0
        self.calls = 0
        self.last = 0.0
        self.name = ""
        self.told = 0

    def enter(self, code: CodeType, _offset: int = 0) -> None:
        """A Python function started or resumed (``sys.monitoring``'s arguments)."""
        self.depth += 1
        self.calls += 1
        if self.calls >= _DEPTH_CHECK_CALLS:
            self.calls = 0
            self.name = code.co_name
            self.look()

    def thrown(self, code: CodeType, _offset: int, _exception: object) -> None:
        """A generator was resumed by ``throw()``."""
        self.enter(code)

    def leave(self, _code: object = None, _offset: int = 0, _value: object = None) -> None:
        """A Python function returned, yielded or was left by an exception."""
        self.depth -= 1

    def look(self) -> None:
        """Tell the page the depth, if it is deep (or was) and it doubled or the last
        message is old."""
        now = time.monotonic()
        deep = self.depth if self.depth > DEFAULT_RECURSION_LIMIT else 0
        if (deep >= 2 * self.told > 0) or ((deep or self.told) and now - self.last >= self.every):
            self.last = now
            self.told = deep
            news = {"depth": deep, "limit": sys.getrecursionlimit(), "name": self.name}
            self.post(DEPTH + json.dumps(news))

    def profile(self, frame: FrameType, event: str, _arg: object) -> None:
        """The same, as a ``sys.setprofile`` function (Python before 3.12)."""
        if event == "call":
            self.enter(frame.f_code)
        elif event == "return":
            self.leave()


def _may_raise_limit(code: CodeType) -> bool:
    """Whether ``code`` (or a function it defines) names ``setrecursionlimit``."""
    return "setrecursionlimit" in code.co_names or any(
        isinstance(inner, CodeType) and _may_raise_limit(inner) for inner in code.co_consts
    )


def watch_depth(
    code: CodeType, post: Callable[[str], object] | None = None
) -> Callable[[], None] | None:
    """Start watching how deep the calls of statement ``code`` go, if the recursion limit is
    raised or the statement may raise it; returns the function that stops the watch, or
    None (then nothing watches, and nothing is slowed down). Messages go to ``post``,
    the page's by default (in the browser; nowhere elsewhere).

    ``sys.monitoring`` counts the calls where Python has it (3.12 and later, as in the
    browser), ``sys.setprofile`` before. While it watches, each call and return of a
    Python function costs a small callback: in the browser's Python a recursion then ran
    4 to 6 times slower. Under Python's own limit a statement pays only for the check
    (a few microseconds).
    """
    if sys.getrecursionlimit() <= DEFAULT_RECURSION_LIMIT and not _may_raise_limit(code):
        return None
    watch = DepthWatch(post or _post or (lambda message: None))
    monitoring = getattr(sys, "monitoring", None)
    if monitoring is None:
        before = sys.getprofile()
        sys.setprofile(watch.profile)
        return lambda: sys.setprofile(before)
    try:
        monitoring.use_tool_id(_DEPTH_TOOL, "pirate_rules: recursion depth")
    except ValueError:  # another tool has that id: no watch
        return None
    events = monitoring.events
    # Each callback takes exactly the arguments of its events: a call costs less so.
    for event in (events.PY_START, events.PY_RESUME):
        monitoring.register_callback(_DEPTH_TOOL, event, watch.enter)
    monitoring.register_callback(_DEPTH_TOOL, events.PY_THROW, watch.thrown)
    for event in (events.PY_RETURN, events.PY_YIELD, events.PY_UNWIND):
        monitoring.register_callback(_DEPTH_TOOL, event, watch.leave)
    entering = events.PY_START | events.PY_RESUME | events.PY_THROW
    monitoring.set_events(
        _DEPTH_TOOL, entering | events.PY_RETURN | events.PY_YIELD | events.PY_UNWIND
    )

    def stop() -> None:
        monitoring.set_events(_DEPTH_TOOL, 0)
        monitoring.free_tool_id(_DEPTH_TOOL)

    return stop


# -- the pages' namespaces --------------------------------------------------------------


@dataclass
class _Namespace:
    """One page's (or one docstring's) examples: their namespace and where they are."""

    scope: str | None
    namespace: dict[str, Any]
    next: int = 0
    before: dict[int, dict[str, Any] | None] = field(default_factory=dict)
    files: dict[str, SourceFile] = field(default_factory=dict)


_namespaces: dict[str, _Namespace] = {}
_counter = {"file": 0}
MAX_NAMESPACES: Final = 200
"""Namespaces kept at once; a page that needs another starts the oldest again."""


def _defining_module(scope: str) -> ModuleType:
    """The module whose globals a docstring's examples run in (``pytest --doctest-modules``)."""
    parts = scope.split(".")
    if parts[0] != "pirate_rules":
        raise PirateRulesError(f"examples run only in the engine's modules, not {scope!r}")
    size = len(parts)
    while True:
        try:
            module = importlib.import_module(".".join(parts[:size]))
            break
        except ImportError:
            size -= 1
            if size == 0:
                raise PirateRulesError(f"no module holds {scope!r}") from None
    found: Any = module
    for name in parts[size:]:
        found = getattr(found, name, None)
        owner = inspect.getmodule(found) if found is not None else None
        if owner is None:
            break
        module = owner
    return module


def _fresh(scope: str | None) -> dict[str, Any]:
    return {} if scope is None else dict(vars(_defining_module(scope)))


def _keep(values: dict[str, Any]) -> dict[str, Any] | None:
    """A copy of a namespace to go back to, or None if some value cannot be copied.

    Modules are shared, not copied; so are classes and functions, as ``copy`` does.
    """
    modules = {id(v): v for v in values.values() if isinstance(v, ModuleType)}
    try:
        return copy.deepcopy({k: v for k, v in values.items() if k != "__builtins__"}, modules)
    except Exception:
        return None


def _namespace(page: str, scope: str | None) -> _Namespace:
    key = page if scope is None else f"{page}#{scope}"
    state = _namespaces.get(key)
    if state is None:
        state = _namespaces[key] = _Namespace(scope, _fresh(scope))
        while len(_namespaces) > MAX_NAMESPACES:
            _forget(next(iter(_namespaces)))
    return state


def _forget(key: str) -> None:
    state = _namespaces.pop(key)
    for name in state.files:
        linecache.cache.pop(name, None)


def _rewind(state: _Namespace, index: int) -> None:
    """Put the namespace back as it was before example ``index``."""
    if index == 0:
        kept: dict[str, Any] | None = _fresh(state.scope)
    else:
        saved = state.before.get(index)
        kept = None if saved is None else _keep(saved)
    if kept is None:
        raise ReplayNeededError("the examples before this one must run again")
    state.namespace = kept
    for later in [i for i in state.before if i > index]:
        del state.before[later]
    for name in [n for n, f in state.files.items() if f.index >= index]:
        del state.files[name]
        linecache.cache.pop(name, None)
    state.next = index


def live_run(page: str, index: int, text: str, scope: str | None = None) -> JSON:
    """Run example ``index`` of ``page`` (its text, prompts and answers) and check it.

    Args:
        page: The page's address; its examples share one namespace.
        index: The example's place on the page, from 0. Examples before it must have
            run already; running an earlier one again rewinds the namespace.
        text: The example as the page shows it (or as the reader changed it).
        scope: For a docstring's examples (reference pages): the documented object's
            dotted path; they share a copy of its module's globals instead.

    Returns:
        ``agree`` (every statement gave its documented answer), ``steps`` (per
        statement: ``line``, ``source``, ``want``, ``got``, ``agree``, and ``raised``
        when it raised an exception), ``raised`` (one did), ``marks`` (lines of the
        reader's code in a traceback), ``rules`` (rule ids named, with their
        addresses) and ``next`` (the example that can run next).

    Raises:
        ReplayNeededError: if the examples before ``index`` must (again) run first: they
            have not run, or the namespace before it could not be kept.
        PirateRulesError: if the text cannot be read as doctest examples.
    """
    state = _namespace(page, scope)
    if index > state.next:
        raise ReplayNeededError(f"example {state.next + 1} must run before example {index + 1}")
    if index < state.next:
        _rewind(state, index)
    before = dict(state.namespace)
    if index > 0:
        state.before[index] = _keep(state.namespace)
        before = state.before[index] or before
    try:
        examples = doctest.DocTestParser().get_examples(text, "this example")
    except ValueError as exc:
        raise PirateRulesError(str(exc)) from None
    checker = ExampleChecker(page=scope is None)
    steps: list[JSON] = []
    marks: list[JSON] = []
    for example in examples:
        step, step_marks = _run_example(example, state, index, checker)
        steps.append(step)
        marks.extend(m for m in step_marks if m not in marks)
    state.next = index + 1
    return {
        "index": index,
        "next": state.next,
        "agree": all(step["agree"] for step in steps),
        "raised": any(step.get("raised") for step in steps),
        "steps": steps,
        "marks": marks,
        "rules": rule_links(step["got"] for step in steps),
        "changed": changed_names(before, state.namespace),
    }


def changed_names(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The names an example bound, removed or changed in its namespace, in order.

    ``before`` is a copy of the namespace taken before it ran (or the namespace itself,
    shallow, when no copy could be kept); a value counts as changed when it is neither
    the same object nor equal to its copy. A value whose type compares by identity only,
    such as a game, is compared with its copy by what it holds (:func:`_same`).

    Example:
        >>> changed_names({"a": [1], "b": 2}, {"a": [1, 2], "b": 2, "c": 3})
        ['a', 'c']
        >>> import copy
        >>> from pirate_rules.pirate import PirateGame
        >>> dealt, game = PirateGame.from_seed(7), PirateGame.from_seed(8)
        >>> before = copy.deepcopy({"dealt": dealt, "game": game})
        >>> game.apply_moments("TT")
        >>> changed_names(before, {"dealt": dealt, "game": game})
        ['game']
    """
    names = []
    for name in sorted(before.keys() | after.keys()):
        if name.startswith("__"):
            continue
        if name not in before or name not in after:
            names.append(name)
            continue
        old, new = before[name], after[name]
        if old is not new and not _same(old, new):
            names.append(name)
    return names


def _same(old: Any, new: Any) -> bool:
    """Whether ``new`` holds what ``old``, a copy taken earlier, holds: equal, or, for a
    type that compares by identity only (a game), the same when pickled."""
    try:
        if old == new:
            return True
    except Exception:
        return False
    identity_only: Any = object.__eq__
    if type(old) is not type(new) or type(old).__eq__ is not identity_only:
        return False  # its type compares values, and these differ
    try:
        return pickle.dumps(old) == pickle.dumps(new)
    except Exception:
        return False


def _run_example(
    example: doctest.Example, state: _Namespace, index: int, checker: ExampleChecker
) -> tuple[JSON, list[JSON]]:
    """Run one statement as doctest does; compare its answer with the documented one."""
    flags = EXAMPLE_FLAGS
    for flag, on in example.options.items():
        flags = flags | flag if on else flags & ~flag
    step: JSON = {
        "line": example.lineno + 1,
        "source": example.source,
        "want": example.want,
        "got": "",
        "agree": True,
    }
    if flags & doctest.SKIP:
        step["skipped"] = True
        return step, []
    _counter["file"] += 1
    filename = f"<example {_counter['file']}>"
    state.files[filename] = SourceFile(index, example.lineno, example.source)
    lines = example.source.splitlines(keepends=True)
    linecache.cache[filename] = (len(example.source), None, lines, filename)
    error, got = _execute(example.source, filename, state.namespace)
    marks: list[JSON] = []
    if error is None:
        step["agree"] = checker.check_output(example.want, got, flags)
    else:
        formatted = traceback.format_exception_only(type(error), error)
        if isinstance(error, SyntaxError):
            formatted = formatted[_message_start(error, formatted) :]
        message = "".join(formatted)
        frames = reader_frames(error, state.files)
        short, marks = reader_traceback(error, state.files, current=index, frames=frames)
        got += short + "\n"
        step["raised"] = True
        step["summary"] = summary(error, state.files, frames)
        step["agree"] = example.exc_msg is not None and (
            checker.check_output(example.exc_msg, message, flags)
            or (
                bool(flags & doctest.IGNORE_EXCEPTION_DETAIL)
                and checker.check_output(
                    _strip_detail(example.exc_msg), _strip_detail(message), flags
                )
            )
        )
    step["got"], step["cut"] = cap_output(got)
    if step["cut"]:
        step["whole"] = got  # for the page to offer as a download
    return step, marks


def _execute(source: str, filename: str, namespace: dict[str, Any]) -> tuple[Any, str]:
    """Compile and run one statement as doctest does ("single" mode, stdout captured)."""
    buffer = io.StringIO()
    features = {name: getattr(__future__, name) for name in __future__.all_feature_names}
    compile_flags = sum(f.compiler_flag for n, f in features.items() if namespace.get(n, 0) is f)
    added_name = "__name__" not in namespace
    if added_name:
        namespace["__name__"] = "__test__"  # as the pages' runner (Sybil) does
    saved_hook = sys.displayhook
    sys.displayhook = sys.__displayhook__
    error: BaseException | None = None
    try:
        with redirect_stdout(buffer):
            code = compile(source, filename, "single", compile_flags, True)
            stop_watch = watch_depth(code)
            try:
                exec(code, namespace)
            finally:
                if stop_watch is not None:
                    stop_watch()
    except KeyboardInterrupt:
        raise
    except BaseException as exc:
        error = exc
    finally:
        sys.displayhook = saved_hook
        if added_name:
            namespace.pop("__name__", None)
    got = buffer.getvalue()
    if got and not got.endswith("\n"):
        got += "\n"  # doctest cannot show a missing last newline either
    return error, got


def _strip_detail(message: str) -> str:
    """An exception's class name without its module or detail (IGNORE_EXCEPTION_DETAIL)."""
    name = message.partition("\n")[0].partition(":")[0]
    return name.rpartition(".")[2]
