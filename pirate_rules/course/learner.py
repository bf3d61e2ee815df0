r"""The learner's module, run apart from the checks, and its faults told in words.

The learner's file never runs in the checks' own interpreter when a process of its own
can be had: :func:`load` starts one (the process runner, :mod:`pirate_rules.process`),
whose program is the agent (:mod:`pirate_rules.course.agent`), and hands it the file.
The checks then talk to the agent in plain data only: they ask it to make the learner's
objects from plain pictures, to call the learner's functions, and to read the objects
back. An object of the learner's stays with the agent; the checks hold a :class:`Ref` to
it. In the browser, where the checks' Python cannot start a process, the agent runs in a
worker of its own and the page carries the messages (``relayed``: see
:mod:`pirate_rules.course.relay`); the same agent can also answer in this interpreter
(``apart=False``), with the same messages.

Every call into the learner's code goes through :meth:`Learner.call`, which says so when
a function is missing or takes other arguments than the skeleton's (:class:`Contract`),
stops it when it runs for too long (at its line when the agent can, from outside when it
cannot), and turns any exception, an exit of Python itself or a crash into a
:class:`Fault`: a short message about the learner's code, with a traceback of their own
lines only, and the line numbers to mark.

    >>> learner = load("def double(n):\n    return n + n\n", apart=False)
    >>> learner.call("double", 21)
    42
    >>> load("def double(n)\n    return n + n\n", apart=False)
    Traceback (most recent call last):
    ...
    pirate_rules.course.learner.Fault: my_engine.py does not run: line 1 has a syntax error
    >>> try:
    ...     load("import random\nfrom pirate_rules.marvin import MarvinGame\n", apart=False)
    ... except Fault as fault:
    ...     print(fault.lines, fault.message)
    (2,) my_engine.py imports pirate_rules (line 2): your engine must stand on its own, ...
"""

from __future__ import annotations

import ast
import builtins
import inspect
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from pirate_rules.course import agent as agent_module
from pirate_rules.course.agent import Agent
from pirate_rules.course.clock import TookTooLong, Watch

__all__ = [
    "APART",
    "CALL_SECONDS",
    "DEFERRED",
    "Called",
    "CheckerError",
    "Contract",
    "Fault",
    "Learner",
    "Made",
    "Ref",
    "Refused",
    "TookTooLong",
    "Waiting",
    "load",
]

CALL_SECONDS: Final = 2.0
"""How long one call into the learner's code may run: the model solution's calls take
microseconds, so a call that runs for seconds is a loop that does not end."""
OUTSIDE_SECONDS: Final = 5.0
"""How much longer than that the checks wait before they end the learner's process from
outside (code that the agent's clock cannot stop at a line: a loop inside a built-in)."""
APART: Final = sys.platform != "emscripten"
"""Whether the learner's code can run in a process of its own (not in the browser's Python,
which cannot start one: there the pages relay, see :mod:`pirate_rules.course.relay`)."""

ENGINE = "pirate_rules"
DEFERRED: Final = frozenset({"load", "make", "shuffle", "forget"})
"""Messages whose answer only names what was done (the checks choose the object's name):
relayed, they need not wait for it, and go out with the next message that does."""


class Fault(Exception):
    """A fault in the learner's code, told in words.

    Attributes:
        message: One or two sentences about their code.
        trace: A short traceback of their own lines ("" when there is none).
        lines: The lines of their file to mark.
        rule: The rule id the fault is about, if any.
    """

    def __init__(
        self, message: str, trace: str = "", lines: tuple[int, ...] = (), rule: str | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.trace = trace
        self.lines = lines
        self.rule = rule


class CheckerError(Exception):
    """An error of the checks' own code called from inside the learner's (a shuffle they
    were given, say): it goes through the learner's call as it is."""


class Ref(NamedTuple):
    """An object of the learner's, kept by the agent: only its number crosses.

    Attributes:
        number: The agent's number for it (or the name the checks gave it).
        type: Its class's name.
        text: Its ``repr``, shortened.
    """

    number: int | str
    type: str
    text: str

    def __repr__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Contract:
    """What the skeleton asks of one function: its name and parameters, as text.

    Example:
        >>> Contract.of(load).text
        'load(source, filename, seconds, folder, apart, relayed)'
    """

    name: str
    parameters: tuple[str, ...]

    @classmethod
    def of(cls, function: Callable[..., Any]) -> Contract:
        names = tuple(inspect.signature(function).parameters)
        return cls(function.__name__, names)

    @property
    def text(self) -> str:
        return f"{self.name}({', '.join(self.parameters)})"


def _traceback(exc: BaseException, code_name: str, source: str) -> tuple[str, list[Any]]:
    """The live examples' short traceback of the reader's own lines (`pirate_rules.web.live`).

    Imported here, when it is needed: the web package imports the course's pages, which
    import this module.
    """
    from pirate_rules.web.live import SourceFile, reader_traceback

    return reader_traceback(exc, {code_name: SourceFile(0, 0, source)}, current=0)


def guarded_import(
    name: str,
    globals: dict[str, Any] | None = None,
    locals: dict[str, Any] | None = None,
    fromlist: tuple[str, ...] = (),
    level: int = 0,
) -> Any:
    if level == 0 and (name == ENGINE or name.startswith(f"{ENGINE}.")):
        raise ImportError(
            f"{name} cannot be imported here: your engine is checked beside the real one"
        )
    return builtins.__import__(name, globals, locals, fromlist, level)


class _Apart:
    """The agent in a process of its own, started again after its process was ended."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.child: Any = None
        self.loaded: dict[str, Any] | None = None

    def ask(self, message: dict[str, Any], seconds: float, label: str) -> dict[str, Any]:
        from pirate_rules import process

        if self.child is None:
            self.child = process.Child.python(
                agent_module.__file__,
                process.__file__,
                str(sys.modules[Watch.__module__].__file__),
                self.folder,
                output=process.CAPTURE,
                cwd=self.folder or None,
            )
            if self.loaded is not None and message is not self.loaded:
                self.ask(self.loaded, seconds, label)
        if message.get("do") == "load":
            self.loaded = message
        try:
            answer: dict[str, Any] = self.child.call(message, timeout=seconds + OUTSIDE_SECONDS)
        except process.ChildError as error:
            self.close()
            raise Fault(_ended(label, error.fault, seconds + OUTSIDE_SECONDS)) from None
        return answer

    def close(self) -> None:
        if self.child is not None:
            self.child.close()
            self.child = None


def _ended(label: str, fault: Any, seconds: float) -> str:
    """The words for a learner's process that did not answer (see `pirate_rules.process.Fault`;
    in the browser, the worker's own words: ``kind`` ``crash`` and its ``detail``)."""
    if fault.kind == "crash":
        return (
            f"{label} crashed Python ({fault.detail}), so it was started again: a recursion too"
            " deep for the browser's own stack does that, in Python's built-ins too"
        )
    if fault.kind == "deadline":
        return (
            f"{label} was still running after {seconds:g} seconds, so Python was stopped from"
            " outside: a loop that never ends, in code that cannot be stopped at a line?"
        )
    if fault.kind == "exit":
        return (
            f"{label} ended Python itself (exit status {fault.status}) instead of answering:"
            " os._exit() ends the whole program, where a function gives its answer with return"
        )
    if fault.kind == "signal":
        return (
            f"{label} ended Python itself: {fault} A recursion too deep for Python's own stack"
            " crashes it too"
        )
    return f"{label} {fault}"


class Waiting(BaseException):
    """Raised in a relayed check that asks what has not been answered yet: it is run again
    from its start once the answer is there (:mod:`pirate_rules.course.relay`). Not an
    ``Exception``, so that no ``except Exception`` of the checks stops it."""


class Death(NamedTuple):
    """How the learner's Python in the browser ended without answering, as the page tells
    it: ``kind`` is ``deadline`` (no answer in time: the page ended the worker), ``exit``
    (``os._exit``, with its ``status``) or ``crash`` (a fatal error, such as the
    WebAssembly stack overflowing: its ``detail``)."""

    kind: str
    status: int | None = None
    detail: str = ""


class Replay:
    """What one relayed check (or game) has asked so far, and the answers it was given:
    each run of it is given them again, in order, and what it asks beyond them is sent.

    Args:
        prefix: Starts the names it gives the objects it makes, unique among the checks.
    """

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.known: list[tuple[dict[str, Any], dict[str, Any]]] = []
        self.new: list[dict[str, Any]] = []
        self.labels: list[str] = []
        self.at = 0
        self.names = 0

    def begin(self) -> None:
        """A new run, from the start."""
        self.at = self.names = 0
        self.new, self.labels = [], []

    def forget(self) -> None:
        """Forget every answer (the learner's Python that gave them is gone)."""
        self.known = []

    def name(self) -> str:
        """A name for the next object made: the same on every run."""
        self.names += 1
        return f"{self.prefix}.{self.names}"

    def ask(self, message: dict[str, Any], label: str) -> dict[str, Any] | None:
        """The answer to ``message``: known, or None for a deferred message (see
        :data:`DEFERRED`); otherwise :class:`Waiting` is raised."""
        at = self.at
        self.at += 1
        if at < len(self.known):
            sent, answer = self.known[at]
            if sent != message:
                raise RuntimeError(
                    f"a check asked {message.get('do')!r} where it had asked"
                    f" {sent.get('do')!r}: a check must ask the same each time it runs"
                )
            return answer
        self.new.append(message)
        self.labels.append(label)
        if message["do"] in DEFERRED:
            return None
        raise Waiting

    def answered(self, answers: list[dict[str, Any]]) -> None:
        """The answers to the messages sent (fewer if a fault ended them)."""
        self.known += zip(self.new, answers, strict=False)

    def died(self, answers: list[dict[str, Any]], death: Death, seconds: float) -> None:
        """The answers given before the learner's Python ended, and the words for its end
        as the answer to the message it was on."""
        self.answered(answers)
        if len(answers) < len(self.new):
            words = _ended(self.labels[len(answers)], death, seconds)
            fault = {"message": words, "trace": "", "lines": []}
            self.known.append((self.new[len(answers)], {"fault": fault}))


class Learner:
    """The learner's file, loaded by the agent, and the one way the checks call into it.

    Args:
        source: The file's text.
        filename: Its name, such as ``my_engine.py``, which the messages use.
        seconds: How long one call may run (:data:`CALL_SECONDS`).
        folder: The learner's folder (on the command line): their file may import its
            own modules from there, and read files there.
        apart: Run it in a process of its own (:data:`APART`), or in this interpreter.
        relayed: Reach the agent through messages that others carry (the browser): each
            message is answered by :attr:`relay`, the :class:`Replay` of the check that
            runs (see :mod:`pirate_rules.course.relay`).
    """

    def __init__(
        self,
        source: str,
        filename: str,
        seconds: float,
        folder: str = "",
        apart: bool = APART,
        relayed: bool = False,
    ) -> None:
        self.source = source
        self.filename = filename
        self.seconds = seconds
        self.relayed = relayed
        self.relay: Replay | None = None
        self.apart = _Apart(folder) if apart and not relayed else None
        guarded = {**vars(builtins), "__import__": guarded_import}
        self.here = None if apart or relayed else Agent(Watch, folder, guarded)

    @property
    def loading(self) -> dict[str, Any]:
        """The message that loads the learner's file."""
        return {"do": "load", "source": self.source, "file": self.filename, "seconds": self.seconds}

    def ask(self, message: dict[str, Any], label: str = "your code") -> Any:
        """Send ``message`` to the agent; its answer, or the :class:`Fault` it tells.

        Relayed, a message of :data:`DEFERRED` not answered yet answers None."""
        if self.relayed:
            if self.relay is None:
                raise RuntimeError("a relayed learner is asked only while a check runs")
            answer = self.relay.ask(message, label)
            if answer is None:
                return None
        elif self.apart is not None:
            answer = self.apart.ask(message, self.seconds, label)
        else:
            assert self.here is not None
            answer = self.here.handle(message)
        if "fault" in answer:
            fault = answer["fault"]
            raise Fault(fault["message"], fault["trace"], tuple(fault["lines"]))
        return answer["ok"]

    def close(self) -> None:
        """End the learner's process, if it has one."""
        if self.apart is not None:
            self.apart.close()

    def __del__(self) -> None:
        self.close()

    @staticmethod
    def encode(value: Any) -> dict[str, Any]:
        if isinstance(value, Ref):
            return {"r": value.number}
        if isinstance(value, Made):
            return value.encoded
        return {"v": value}

    @staticmethod
    def decode(value: dict[str, Any]) -> Any:
        return Ref(value["r"], value["type"], value["text"]) if "r" in value else value["v"]

    def call(self, name: str | Contract, *args: Any, question: bool = False) -> Any:
        """Call the learner's ``name`` with ``args`` (plain values, :class:`Ref` or
        :class:`Made`); its answer (:data:`Refused` if a shuffle handed to it refused).

        ``question``: the function must leave its arguments as they were; the answer is
        then ``(value, changed)``, the indexes of the arguments it changed.

        Raises:
            Fault: if the function is missing or has other parameters, raises anything
                (``NotImplementedError``: not written yet), or runs too long.
        """
        called = self.called(name, *args, question=question)
        return (called.value, called.changed) if question else called.value

    def called(
        self,
        name: str | Contract,
        *args: Any,
        question: bool = False,
        read: dict[int, str] | None = None,
        arm: list[tuple[Ref | str, Any, bool]] | None = None,
    ) -> Called:
        """:meth:`call`, and all the agent tells of it: ``read`` asks for arguments read
        back after the call (by index: ``"crew"``, ``"piles"``, ``"game"``...); ``arm``
        sets shuffles (``(ref, order, refuse)``) before it, and tells what they were given."""
        message = self.call_message(name, *args, question=question, read=read, arm=arm)
        return self.told_of(self.ask(message, f"your {message['name']}()"))

    def call_message(self, name: str | Contract, *args: Any, **more: Any) -> dict[str, Any]:
        """The message that asks the agent to call ``name`` (see :meth:`called`)."""
        message: dict[str, Any] = {"do": "call", "args": [self.encode(arg) for arg in args]}
        if isinstance(name, Contract):
            message.update(name=name.name, parameters=list(name.parameters))
        else:
            message["name"] = name
        if more.get("arm"):
            more["arm"] = [
                [ref.number if isinstance(ref, Ref) else ref, order, refuse]
                for ref, order, refuse in more["arm"]
            ]
        message.update({key: value for key, value in more.items() if value})
        return message

    def told_of(self, answer: dict[str, Any]) -> Called:
        """The agent's answer to a call message, read."""
        return Called(
            self.decode(answer) if "refused" not in answer else Refused,
            answer.get("changed", []),
            {int(index): got for index, got in (answer.get("read") or {}).items()},
            answer["shuffled"],
            answer["armed"],
        )

    def batch(self, messages: list[dict[str, Any]], label: str = "your code") -> list[Any]:
        """Send several messages in one go: each answer, up to the first :class:`Fault`,
        which is put in the list in its place (and ends it)."""
        answers: list[Any] = []
        for answer in self.ask({"do": "batch", "messages": messages}, label):
            if "fault" in answer:
                fault = answer["fault"]
                answers.append(Fault(fault["message"], fault["trace"], tuple(fault["lines"])))
            else:
                answers.append(answer["ok"])
        return answers

    def error_of(self, contract: Contract, *args: Any) -> tuple[str | None, bool]:
        """Call a function expected to raise: the name of what it raised (None if it
        returned), and whether that is a ``ValueError``."""
        message = self.call_message(contract, *args, error=True)
        answer = self.ask(message, f"your {contract.name}()")
        return answer["raised"], bool(answer.get("value_error"))

    def make(self, kind: str, **fields: Any) -> Ref:
        """The learner's object of ``kind`` (``piles``, ``crew``, ``game``, ``table``)."""
        if self.relay is not None:  # named here, so that nothing waits for its number
            name = self.relay.name()
            self.ask({"do": "make", "kind": kind, **fields, "name": name})
            return Ref(name, kind, f"the {kind}")
        value = self.decode(self.ask({"do": "make", "kind": kind, **fields}))
        assert isinstance(value, Ref)
        return value

    def read(self, ref: Ref, kind: str) -> Any:
        """The learner's object ``ref``, read back as plain data (see the agent)."""
        return self.ask({"do": "read", "r": ref.number, "as": kind})

    def part(self, ref: Ref, *path: str | int) -> Any:
        """``ref.crews[0]`` and the like: a part of one of the learner's objects."""
        return self.decode(self.ask({"do": "get", "r": ref.number, "path": list(path)}))

    def method(self, ref: Ref, name: str, *args: Any) -> Any:
        """Call method ``name`` of the learner's object ``ref``."""
        message = {"do": "method", "r": ref.number, "name": name}
        return self.decode(self.ask({**message, "args": [self.encode(a) for a in args]}))

    def shuffle(self, order: Any = None, refuse: bool = False) -> Ref:
        """A shuffle to hand the learner's code: it gives ``order`` (or the cards as they
        come), and keeps what it was given (:meth:`shuffled`); told to ``refuse``, it ends
        the call it is used in."""
        if self.relay is not None:
            name = self.relay.name()
            self.ask({"do": "shuffle", "order": order, "refuse": refuse, "name": name})
            return Ref(name, "Shuffler", "a shuffle")
        value = self.decode(self.ask({"do": "shuffle", "order": order, "refuse": refuse}))
        assert isinstance(value, Ref)
        return value

    def shuffled(self, ref: Ref, **anew: Any) -> list[list[str]]:
        """What the shuffle ``ref`` was given; with ``order`` and ``refuse``, set it anew."""
        calls: list[list[str]] = self.ask({"do": "shuffled", "r": ref.number, **anew})
        return calls

    def forget(self) -> None:
        """Let the agent forget the objects made so far (between two games)."""
        self.ask({"do": "forget"})


class Made(NamedTuple):
    """An object of the learner's to be made by the agent where it is used: an argument
    of a call, made in the same message (``kind`` and its fields, as :meth:`Learner.make`),
    or a shuffle (``kind`` ``"shuffle"``: ``order`` and ``refuse``)."""

    encoded: dict[str, Any]

    @classmethod
    def of(cls, kind: str, **fields: Any) -> Made:
        """``kind`` and its fields; ``name``: the agent keeps it under that name, for the
        later messages of the same batch (:meth:`part`, or ``Made.named(name)``)."""
        if kind == "shuffle":
            name = [fields["name"]] if "name" in fields else []
            return cls({"shuffle": [fields.get("order"), bool(fields.get("refuse")), *name]})
        return cls({"make": {"kind": kind, **fields}})

    @classmethod
    def named(cls, name: str) -> Made:
        """The object the agent keeps under ``name``."""
        return cls({"r": name})

    @classmethod
    def part(cls, name: str, *path: str | int) -> Made:
        """A part of the object the agent keeps under ``name``: ``part("g", "crews", 0)``."""
        return cls({"part": [name, *path]})


class Called(NamedTuple):
    """What the agent tells of one call (see :meth:`Learner.called`)."""

    value: Any
    changed: list[int]
    read: dict[int, Any]
    shuffled: list[list[list[str]]]
    """What each shuffle made for the call (:class:`Made`) was given, in argument order."""
    armed: list[list[list[str]]]
    """What each armed shuffle was given during the call."""


class _RefusedType:
    def __repr__(self) -> str:
        return "Refused"


Refused: Final = _RefusedType()
"""What a call answers when a shuffle it was handed refused (the checks then say why)."""


def _engine_imports(tree: ast.Module) -> list[int]:
    """The lines of ``tree`` that import the engine, or name one of its modules as text
    (``importlib.import_module("pirate_rules")``, ``sys.modules["pirate_rules.marvin"]``)."""
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names = [node.module or ""]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names = [node.value]
        if names and any(name == ENGINE or name.startswith(f"{ENGINE}.") for name in names):
            found.append(getattr(node, "lineno", 0))
    return found


def load(
    source: str,
    filename: str = "my_engine.py",
    seconds: float = CALL_SECONDS,
    folder: str = "",
    apart: bool = APART,
    relayed: bool = False,
) -> Learner:
    """Run the learner's file ``source`` as a module of its own, apart if ``apart``.

    ``relayed``: only see that the file can be run; the agent is sent
    :attr:`Learner.loading` with the first messages.

    Raises:
        Fault: if it is not text, has a syntax error, imports ``pirate_rules``, raises
            while it runs, ends Python, or runs for longer than ``seconds``.
    """
    if not isinstance(source, str):
        raise Fault(f"{filename} must be text")
    code_name = f"<{filename}>"
    try:
        tree = ast.parse(source, code_name)
        compile(tree, code_name, "exec", dont_inherit=True)
    except (SyntaxError, ValueError) as exc:
        if not isinstance(exc, SyntaxError):
            raise Fault(f"{filename} does not run: {exc}") from None
        trace, _ = _traceback(exc, code_name, source)
        line = exc.lineno or 0
        raise Fault(
            f"{filename} does not run: line {line} has a syntax error",
            "\n".join(trace.splitlines()[-4:]),
            (line,) if line else (),
        ) from None
    imports = _engine_imports(tree)
    if imports:
        where = ", ".join(str(line) for line in imports)
        raise Fault(
            f"{filename} imports pirate_rules (line {where}): your engine must stand on its"
            " own, so the checks can compare it with the real one",
            lines=tuple(imports),
        )
    learner = Learner(source, filename, seconds, folder, apart, relayed)
    if relayed:
        return learner
    try:
        learner.ask(learner.loading, filename)
    except Fault:
        learner.close()
        raise
    return learner
