r"""The learner's module: loaded from its text, called with care, and its faults told in words.

A learner's file is run as a module of its own (:func:`load`), never imported from the
engine: it may not import ``pirate_rules`` (the checks compare it with the real engine,
they do not lend it). Every call into it goes through :meth:`Learner.call`, which

* finds the function, and says so when it is missing or takes other arguments than the
  skeleton's (:class:`Contract`);
* stops it when it runs for too long (an endless loop, :class:`TookTooLong`), at the
  line where it was;
* turns any exception into a :class:`Fault`: a short message about the learner's code,
  with a traceback of their own lines only, and the line numbers to mark.

    >>> learner = load("def double(n):\n    return n + n\n")
    >>> learner.call("double", 21)
    42
    >>> load("def double(n)\n    return n + n\n")
    Traceback (most recent call last):
    ...
    pirate_rules.course.learner.Fault: my_engine.py does not run: line 1 has a syntax error
    >>> try:
    ...     load("import random\nfrom pirate_rules.marvin import MarvinGame\n")
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
from types import CodeType, ModuleType
from typing import Any, Final

from pirate_rules.course.clock import TookTooLong, Watch

__all__ = [
    "CALL_SECONDS",
    "CheckerError",
    "Contract",
    "Fault",
    "Learner",
    "TookTooLong",
    "load",
]

CALL_SECONDS: Final = 2.0
"""How long one call into the learner's code may run: the model solution's calls take
microseconds, so a call that runs for seconds is a loop that does not end."""

ENGINE: Final = "pirate_rules"


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


@dataclass(frozen=True)
class Contract:
    """What the skeleton asks of one function: its name and parameters, as text.

    Example:
        >>> Contract.of(load).text
        'load(source, filename, seconds)'
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


def _guarded_import(
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


class Learner:
    """The learner's loaded module, and the one way the checks call into it.

    Args:
        module: The module, already run.
        source: Its text.
        filename: Its file name, such as ``my_engine.py``.
        seconds: How long one call may run (:data:`CALL_SECONDS`).
    """

    def __init__(
        self, module: ModuleType, code: CodeType, source: str, filename: str, seconds: float
    ) -> None:
        self.module = module
        self.source = source
        self.filename = filename
        self.seconds = seconds
        self.code_name = f"<{filename}>"
        self.watch = Watch(code)
        self._checked: dict[Contract, Callable[..., Any]] = {}

    def has(self, name: str) -> bool:
        """Whether the module defines ``name``."""
        return name in vars(self.module)

    def get(self, name: str) -> Any:
        """The module's ``name``; a :class:`Fault` if it has none."""
        try:
            return vars(self.module)[name]
        except KeyError:
            raise Fault(f"{self.filename} has no {name}: the skeleton defines it") from None

    def function(self, contract: Contract) -> Callable[..., Any]:
        """The learner's function for ``contract``, checked to take the same parameters."""
        known = self._checked.get(contract)
        if known is not None:
            return known
        function = vars(self.module).get(contract.name)
        if function is None:
            raise Fault(
                f"{self.filename} has no function {contract.text}: this chapter asks for it"
            )
        if not callable(function):
            raise Fault(f"{contract.name} should be a function {contract.text}, not {function!r}")
        try:
            theirs = tuple(inspect.signature(function).parameters)
        except (TypeError, ValueError):
            theirs = contract.parameters
        if theirs != contract.parameters:
            mine = f"{contract.name}({', '.join(theirs)})"
            raise Fault(
                f"your {mine} should be {contract.text}, as in the skeleton: the checks"
                " call it that way",
                lines=self._lines_of(function),
            )
        self._checked[contract] = function
        return function  # type: ignore[no-any-return]

    def call(self, name: str | Contract, *args: Any, **kwargs: Any) -> Any:
        """Call the learner's ``name`` with ``args``, stopped if it runs too long.

        Raises:
            Fault: if the function is missing or has other parameters, raises anything
                (``NotImplementedError``: not written yet), or runs too long.
        """
        if isinstance(name, Contract):
            function = self.function(name)
            label = name.name
        else:
            function = self.get(name)
            label = name
        return self.run(label, function, *args, **kwargs)

    def run(self, label: str, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Call ``function`` (the learner's, or one of theirs inside) as :meth:`call` does."""
        clock = self.watch.start(self.seconds)
        try:
            return function(*args, **kwargs)
        except (Fault, CheckerError):
            raise
        except (Exception, SystemExit, TookTooLong) as exc:
            raised: BaseException = exc
        finally:
            self.watch.stop(clock)  # first: the words below are the checks' own, never stopped
        raise self.told(label, raised) from None

    def told(self, label: str, exc: BaseException) -> Fault:
        """The fault of the learner's ``label()`` that raised ``exc``, in words."""
        if isinstance(exc, TookTooLong):
            return self.stopped(f"your {label}()", exc)
        trace, lines = self.traceback(exc)
        if isinstance(exc, NotImplementedError):
            if lines and self._in_skeleton_stub(lines[-1]):
                return Fault(f"{label}() is not written yet", "", lines)
            return Fault(f"your {label}() raised NotImplementedError", trace, lines)
        if isinstance(exc, RecursionError):
            return Fault(
                f"your {label}() calls itself without end (RecursionError)", "", lines[-1:]
            )
        if isinstance(exc, SystemExit):
            return Fault(
                f"your {label}() ended Python with sys.exit({exc.code!r}): a function of the"
                " engine gives its answer back with return instead",
                trace,
                lines,
            )
        return Fault(f"your {label}() raised {type(exc).__name__}: {exc}", trace, lines)

    def stopped(self, what: str, exc: TookTooLong) -> Fault:
        """The fault of code stopped for its time: ``what`` was still running."""
        trace, lines = self.traceback(exc)
        return Fault(
            f"{what} was still running after {self.seconds:g} seconds, so it was stopped: a"
            " loop that never ends? (the marked line is where it was)",
            trace,
            lines,
        )

    def traceback(self, exc: BaseException) -> tuple[str, tuple[int, ...]]:
        """A short traceback of the learner's own lines, and those lines.

        A loop stopped for its time ends the traceback at its line: the stop itself is
        the checks' doing, not the learner's.
        """
        text, marks = _traceback(exc, self.code_name, self.source)
        if isinstance(exc, TookTooLong):
            text = "\n".join(text.splitlines()[:-1])
        return text, tuple(mark["line"] for mark in marks)

    def _in_skeleton_stub(self, line: int) -> bool:
        lines = self.source.splitlines()
        return 0 < line <= len(lines) and "raise NotImplementedError(" in lines[line - 1]

    def _lines_of(self, function: Any) -> tuple[int, ...]:
        code = getattr(function, "__code__", None)
        if code is None or code.co_filename != self.code_name:
            return ()
        return (code.co_firstlineno,)


def load(source: str, filename: str = "my_engine.py", seconds: float = CALL_SECONDS) -> Learner:
    """Run the learner's file ``source`` as a module of its own.

    Raises:
        Fault: if it is not text, has a syntax error, imports ``pirate_rules``, raises
            while it runs, or runs for longer than ``seconds``.
    """
    if not isinstance(source, str):
        raise Fault(f"{filename} must be text")
    code_name = f"<{filename}>"
    try:
        tree = ast.parse(source, code_name)
        code = compile(tree, code_name, "exec", dont_inherit=True)
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
    name = filename.removesuffix(".py")
    module = ModuleType(name)
    module.__file__ = filename
    module.__dict__["__builtins__"] = {**vars(builtins), "__import__": _guarded_import}
    learner = Learner(module, code, source, filename, seconds)
    sys.modules[name] = module  # dataclasses look their module up while they are made
    clock = learner.watch.start(seconds)
    try:
        exec(code, vars(module))
    except (Exception, SystemExit, TookTooLong) as exc:
        raised: BaseException = exc
    else:
        return learner
    finally:
        learner.watch.stop(clock)  # first: the words below are the checks' own, never stopped
    if isinstance(raised, TookTooLong):
        raise learner.stopped(filename, raised)
    trace, lines = learner.traceback(raised)
    where = f" at line {lines[-1]}" if lines else ""
    kind = "sys.exit" if isinstance(raised, SystemExit) else type(raised).__name__
    raise Fault(f"{filename} does not run: it stops{where} with {kind}: {raised}", trace, lines)
