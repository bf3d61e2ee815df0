"""The learner's side of "Build it yourself": their module, run apart, answering plain questions.

Standard library only. On the command line it is the program of a child process of its
own (``python -I -S agent.py process.py clock.py FOLDER``: only the standard library and
the learner's folder are on its path), started by the process runner
(:mod:`pirate_rules.process`); the checks talk to it in framed messages of plain data
and never touch the learner's objects. In the browser it runs in a worker of its own,
with a Python of its own that holds nothing of the engine (:func:`in_browser`); the
page carries the same messages, as JSON text. Before it runs the learner's file it installs an
audit hook that refuses what a rule engine has no need of: files outside the learner's
folder and the standard library, other programs, sockets, ``ctypes`` and the real engine.
That is a check of good faith, not a sandbox.

Each message is a dict with ``do``: ``load`` the file, ``make`` the learner's objects
from plain pictures (a crew from its pirates, a game from its table...), ``call`` one of
their functions with plain values or references to such objects, ``read`` an object back
as plain data, ``get`` a part of one, ``shuffle`` (a shuffle that gives a set order and
keeps what it was given), ``forget`` the objects made so far, ``speed``: whole random
games of the learner's engine for a while. The answer is
``{"ok": ...}`` or ``{"fault": {"message", "trace", "lines"}}``: what went wrong with the
learner's code, in words, with a traceback of their own lines only.

A value crosses as ``{"v": plain}`` (text, numbers, lists, dicts of those) or, for an
object of the learner's, as ``{"r": number}``: a reference that only the agent can follow.

    >>> agent = Agent()
    >>> agent.handle({"do": "load", "source": "def double(n):\\n    return n + n\\n"})
    {'ok': True}
    >>> agent.handle({"do": "call", "name": "double", "args": [{"v": 21}]})["ok"]["v"]
    42
"""

import inspect
import json
import os
import random
import sys
import sysconfig
import time
import traceback
import types
from typing import Any

POSITIONS = ("GL", "GR", "CL", "CR")
PRIZES = ("cave", "ship", "fort")
SUITS = "SHDC"
ENGINE = "pirate_rules"
REFUSED_MODULES = ("ctypes", "_ctypes", ENGINE, "js", "pyodide", "pyodide_js", "_pyodide",
                   "_pyodide_core", "micropip")  # fmt: skip
"""What the learner's file may not import: ``ctypes``, the engine, and the browser's way
out of Python (which the learner's worker takes away besides: no network, no storage)."""
MAX_DEPTH = 6
MAX_TURNS = 2000
"""A game of the learner's engine that lasts this long in ``speed`` does not end."""


class Told(Exception):
    """A fault of the learner's code, in words: what the agent answers instead of a value."""

    def __init__(self, message: str, trace: str = "", lines: tuple[int, ...] = ()) -> None:
        super().__init__(message)
        self.message, self.trace, self.lines = message, trace, lines
        self.fault = {"message": message, "trace": trace, "lines": list(lines)}


class Refused(BaseException):
    """Raised inside the learner's code by a shuffle told to refuse: the call is over."""


class Shuffler:
    """A shuffle handed to the learner's code: it returns ``order`` (or the cards as given)
    and keeps every list of cards it was given; told to refuse, it stops the call."""

    def __init__(self, order: Any = None, refuse: bool = False) -> None:
        self.order, self.refuse = order, refuse
        self.calls: list[list[str]] = []

    def __call__(self, cards: Any) -> list[str]:
        self.calls.append([str(card) for card in cards] if isinstance(cards, list | tuple) else [])
        if self.refuse or (self.order is not None and len(self.calls) > 1):
            raise Refused
        return list(self.order if self.order is not None else cards)


# -- the audit hook --------------------------------------------------------------------

_REFUSED_EVENTS = ("subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn",
                   "os.fork", "os.forkpty", "pty.spawn", "ctypes.")  # fmt: skip


def install_audit_hook(folder: str) -> None:
    """Refuse, from now on: opening files outside ``folder`` and the standard library,
    starting programs, forks, sockets, and importing ``ctypes`` or the real engine."""
    allowed = [os.path.realpath(folder)] if folder else []
    allowed += [os.path.realpath(sysconfig.get_paths()[key]) for key in ("stdlib", "platstdlib")]
    allowed += [
        os.path.realpath(path)
        for path in sys.path
        if "lib-dynload" in path or path.endswith(".zip")  # the standard library, zipped
    ]

    def hook(event: str, args: tuple[Any, ...]) -> None:
        if event == "open":
            path = args[0]
            if isinstance(path, int) or path is None:
                return
            real = os.path.realpath(os.fsdecode(path))
            if not any(real == place or real.startswith(place + os.sep) for place in allowed):
                raise PermissionError(f"opening {os.fsdecode(path)!r} is refused here")
        elif event.startswith(_REFUSED_EVENTS) or event.startswith("socket."):
            raise PermissionError(f"{event} is refused here: a rule engine has no need of it")
        elif event == "import":
            name = str(args[0])
            if name.split(".")[0] in REFUSED_MODULES:
                raise ImportError(f"importing {name} is refused here")

    sys.addaudithook(hook)


# -- plain values and the learner's objects --------------------------------------------


def plain(value: Any, depth: int = 0) -> Any:
    """``value`` as plain data if it is made of built-in plain types only, else raise KeyError."""
    kind = type(value)
    if kind in (str, int, float, bool) or value is None:
        return value
    if depth < MAX_DEPTH and kind in (list, tuple, set, frozenset):
        items = [plain(item, depth + 1) for item in value]
        return sorted(items, key=repr) if kind in (set, frozenset) else items
    if depth < MAX_DEPTH and kind is dict and all(type(key) is str for key in value):
        return {key: plain(item, depth + 1) for key, item in value.items()}
    raise KeyError(kind.__name__)


def _frozen(value: Any, depth: int = 0) -> Any:
    """A comparable copy of the learner's data, to see whether a question changed it."""
    if depth > MAX_DEPTH:
        return id(value)
    if isinstance(value, str | int | float | bool | type(None)):
        return value
    if isinstance(value, list | tuple):
        return (type(value).__name__, tuple(_frozen(item, depth + 1) for item in value))
    if isinstance(value, dict):
        return tuple((key, _frozen(item, depth + 1)) for key, item in value.items())
    if isinstance(value, set | frozenset):
        return frozenset(value)
    fields = getattr(value, "__dict__", None)
    if isinstance(fields, dict):
        return tuple((key, _frozen(item, depth + 1)) for key, item in fields.items())
    return id(value)


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else f"a {type(value).__name__}"


def _cards(value: Any, what: str) -> list[str]:
    if not isinstance(value, list | tuple):
        raise Told(f"{what} should be a list of cards such as '7H', not {_shown(value)}")
    for card in value:
        if not isinstance(card, str):
            raise Told(f"{what} should hold cards written as text, such as '7H', not {card!r}")
    return list(value)


def _pair(value: Any, what: str) -> Any:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise Told(f"{what} should hold one entry for each player, as the skeleton's Table does")
    return value


class Agent:
    """The learner's module and the objects made with it, answering one message at a time.

    Args:
        watch: Makes the clock that stops a call running too long (``clock.Watch``), or
            None: calls are then stopped only from outside.
        folder: The learner's folder, put first on the module path when the file loads.
        builtins: The built-ins of the learner's module, if not Python's own.
    """

    def __init__(self, watch: Any = None, folder: str = "", builtins: Any = None) -> None:
        self.make_watch, self.folder, self.builtins = watch, folder, builtins
        self.module: types.ModuleType | None = None
        self.filename, self.code_name, self.source = "my_engine.py", "<my_engine.py>", ""
        self.seconds = 2.0
        self.watch: Any = None
        self.objects: dict[int | str, Any] = {}
        self.checked: dict[tuple[str, Any], Any] = {}

    def handle(self, message: dict[str, Any]) -> dict[str, Any]:
        """Answer one message (see the module's description)."""
        try:
            return {"ok": getattr(self, "do_" + str(message["do"]))(message)}
        except Told as told:
            return {"fault": told.fault}

    # -- the learner's file ----------------------------------------------------------

    def do_load(self, message: dict[str, Any]) -> bool:
        self.module = None  # a file loaded before is gone, with its objects
        self.objects.clear()
        self.checked.clear()
        self.source = message["source"]
        self.filename = message.get("file", "my_engine.py")
        self.code_name = f"<{self.filename}>"
        self.seconds = float(message.get("seconds", 2.0))
        code = compile(self.source, self.code_name, "exec", dont_inherit=True)
        self.watch = self.make_watch(code) if self.make_watch else None
        name = self.filename.removesuffix(".py")
        module = types.ModuleType(name)
        module.__file__ = os.path.join(self.folder, self.filename) if self.folder else self.filename
        if self.builtins is not None:
            module.__dict__["__builtins__"] = self.builtins
        sys.modules[name] = module  # dataclasses look their module up while they are made
        if self.folder and self.folder not in sys.path:
            sys.path.insert(0, self.folder)
        raised = self._run(lambda: exec(code, vars(module)))
        if raised is not None:
            if type(raised).__name__ == "TookTooLong":
                raise self._stopped(self.filename, raised)
            trace, lines = self.traceback(raised)
            where = f" at line {lines[-1]}" if lines else ""
            kind = "sys.exit" if isinstance(raised, SystemExit) else type(raised).__name__
            raise Told(f"{self.filename} does not run: it stops{where} with {kind}: {raised}",
                       trace, lines)  # fmt: skip
        self.module = module
        return True

    def _run(self, function: Any) -> BaseException | None:
        """Run ``function`` on the clock; what it raised, if anything (the result is kept)."""
        clock = self.watch.start(self.seconds) if self.watch else None
        try:
            self.result = function()
        except Refused as refused:
            return refused
        except BaseException as exc:  # the learner's own: sys.exit, KeyboardInterrupt too
            return exc
        finally:
            if self.watch:
                self.watch.stop(clock)
        return None

    def traceback(self, exc: BaseException) -> tuple[str, tuple[int, ...]]:
        """A short traceback of the learner's own lines, and those lines."""
        lines, marks = [], []
        source = self.source.splitlines()
        frames = [
            f for f in traceback.extract_tb(exc.__traceback__) if f.filename == self.code_name
        ]
        if frames:
            lines.append("Traceback (most recent call last):")
        for frame in frames:
            number = frame.lineno or 0
            marks.append(number)
            name = "" if frame.name == "<module>" else f", in {frame.name}"
            lines.append(f"  line {number}{name}")
            if 0 < number <= len(source) and source[number - 1].strip():
                lines.append(f"    {source[number - 1].strip()}")
        if type(exc).__name__ == "TookTooLong":
            return "\n".join(lines), tuple(dict.fromkeys(marks))
        lines.extend(line.rstrip("\n") for line in traceback.format_exception_only(type(exc), exc))
        return "\n".join(lines), tuple(dict.fromkeys(marks))

    def _stopped(self, what: str, exc: BaseException) -> Told:
        trace, lines = self.traceback(exc)
        return Told(
            f"{what} was still running after {self.seconds:g} seconds, so it was stopped: a"
            " loop that never ends? (the marked line is where it was)",
            trace,
            lines,
        )

    # -- values ------------------------------------------------------------------------

    def value(self, encoded: Any) -> Any:
        """A value sent by the checks: ``{"v": plain}``, ``{"r": reference}``, an object to
        make (``{"make": {...}}``, as ``do_make``) or a shuffle (``{"shuffle": [order,
        refuse]}``)."""
        if "r" in encoded:
            return self.objects[encoded["r"]]
        if "make" in encoded:
            return self.made(encoded["make"])
        if "shuffle" in encoded:
            order, refuse, *name = encoded["shuffle"]
            shuffler = Shuffler(order, refuse)
            if name:
                self.objects[name[0]] = shuffler
            return shuffler
        if "part" in encoded:
            reference, *path = encoded["part"]
            value = self.objects[reference]
            for step in path:
                value = getattr(value, step) if isinstance(step, str) else value[step]
            return value
        return encoded["v"]

    def encode(self, value: Any) -> dict[str, Any]:
        """A value for the checks: plain data as it is, an object as a reference."""
        try:
            return {"v": plain(value)}
        except KeyError:
            number = len(self.objects) + 1
            self.objects[number] = value
            return {"r": number, "type": type(value).__name__, "text": _shown(value)}

    def do_forget(self, message: dict[str, Any]) -> bool:
        self.objects.clear()
        return True

    def do_shuffle(self, message: dict[str, Any]) -> dict[str, Any]:
        shuffler = Shuffler(message.get("order"), bool(message.get("refuse")))
        if "name" in message:  # kept under a name the checks chose, for later messages
            self.objects[message["name"]] = shuffler
        return self.encode(shuffler)

    def do_shuffled(self, message: dict[str, Any]) -> list[list[str]]:
        """What a shuffle was given so far; ``order`` and ``refuse`` set it anew."""
        shuffler = self.objects[message["r"]]
        calls: list[list[str]] = shuffler.calls
        if "refuse" in message:
            shuffler.order, shuffler.refuse = message.get("order"), bool(message["refuse"])
            shuffler.calls = []
        return calls

    # -- calling the learner's functions -----------------------------------------------

    def function(self, name: str, parameters: list[str] | None) -> Any:
        key = (name, tuple(parameters) if parameters is not None else None)
        known = self.checked.get(key)
        if known is not None:
            return known
        function = self._function(name, parameters)
        self.checked[key] = function
        return function

    def _function(self, name: str, parameters: list[str] | None) -> Any:
        module = self.module
        function = vars(module).get(name) if module is not None else None
        wanted = f"{name}({', '.join(parameters)})" if parameters is not None else f"{name}()"
        if function is None:
            raise Told(f"{self.filename} has no function {wanted}: this chapter asks for it")
        if not callable(function):
            raise Told(f"{name} should be a function {wanted}, not {_shown(function)}")
        if parameters is not None:
            try:
                theirs = list(inspect.signature(function).parameters)
            except (TypeError, ValueError):
                theirs = parameters
            if theirs != parameters:
                code = getattr(function, "__code__", None)
                lines = (
                    (code.co_firstlineno,) if code and code.co_filename == self.code_name else ()
                )
                raise Told(
                    f"your {name}({', '.join(theirs)}) should be {wanted}, as in the skeleton:"
                    " the checks call it that way",
                    lines=lines,
                )
        return function

    def call(self, label: str, function: Any, *args: Any, **kwargs: Any) -> Any:
        """Call the learner's ``function``; its fault in words if it raises or loops."""
        raised = self._run(lambda: function(*args, **kwargs))
        if raised is None:
            return self.result
        if isinstance(raised, Refused | Told):
            raise raised
        raise self.told(label, raised)

    def told(self, label: str, exc: BaseException) -> Told:
        if type(exc).__name__ == "TookTooLong":
            return self._stopped(f"your {label}()", exc)
        trace, lines = self.traceback(exc)
        if isinstance(exc, NotImplementedError):
            source = self.source.splitlines()
            last = lines[-1] if lines else 0
            if 0 < last <= len(source) and "raise NotImplementedError(" in source[last - 1]:
                return Told(f"{label}() is not written yet", "", lines)
            return Told(f"your {label}() raised NotImplementedError", trace, lines)
        if isinstance(exc, RecursionError):
            return Told(f"your {label}() calls itself without end (RecursionError)", "", lines[-1:])
        if isinstance(exc, SystemExit):
            return Told(
                f"your {label}() ended Python with sys.exit({exc.code!r}): a function of the"
                " engine gives its answer back with return instead",
                trace,
                lines,
            )
        if isinstance(exc, KeyboardInterrupt):
            return Told(f"your {label}() raised KeyboardInterrupt, as if Ctrl-C", trace, lines)
        return Told(f"your {label}() raised {type(exc).__name__}: {exc}", trace, lines)

    def do_call(self, message: dict[str, Any]) -> dict[str, Any]:
        """Call the learner's function ``name`` with ``args``.

        ``parameters``: the skeleton's, which theirs must match; ``question``: it must
        leave its arguments as they were (``changed`` lists those it changed); ``error``:
        it is expected to raise (``raised`` names what, or None); ``read``: read these
        arguments back after the call, as ``read`` would (``as`` by argument index).
        """
        name = message["name"]
        function = self.function(name, message.get("parameters"))
        args = [self.value(arg) for arg in message.get("args", [])]
        answer: dict[str, Any] = {}
        armed = [self.objects[number] for number, _, _ in message.get("arm", [])]
        for shuffler, (_, order, refuse) in zip(armed, message.get("arm", []), strict=True):
            shuffler.order, shuffler.refuse, shuffler.calls = order, refuse, []
        before = [_frozen(arg) for arg in args] if message.get("question") else None
        if message.get("error"):
            raised = self._run(lambda: function(*args))
            if raised is None:
                answer["raised"] = None
            elif isinstance(raised, NotImplementedError | Refused) or not isinstance(
                raised, Exception
            ):
                raise self.told(name, raised) if not isinstance(raised, Refused) else raised
            else:
                answer["raised"] = type(raised).__name__
                answer["value_error"] = isinstance(raised, ValueError)
        else:
            try:
                result = self.call(name, function, *args)
                answer.update(self.encode(result))
                if message.get("keep"):
                    self.objects[message["keep"]] = result
            except Refused:
                answer["refused"] = True
        if before is not None:
            answer["changed"] = [i for i, arg in enumerate(args) if _frozen(arg) != before[i]]
        answer["shuffled"] = [a.calls for a in args if isinstance(a, Shuffler)]
        answer["armed"] = [shuffler.calls for shuffler in armed]
        reads = message.get("read") or {}
        if reads:
            answer["read"] = {
                index: self.read(args[int(index)], kind) for index, kind in reads.items()
            }
        return answer

    def do_batch(self, message: dict[str, Any]) -> list[Any]:
        """Answer several messages in order, up to the first fault, which ends the list."""
        answers = []
        for each in message["messages"]:
            answer = self.handle(each)
            answers.append(answer)
            if "fault" in answer:
                break
        return answers

    def do_get(self, message: dict[str, Any]) -> dict[str, Any]:
        """A part of an object: ``path`` is a list of attribute names and indexes."""
        value = self.objects[message["r"]]
        for step in message["path"]:
            try:
                value = getattr(value, step) if isinstance(step, str) else value[step]
            except Exception:
                raise Told(f"the {message.get('what', 'object')} has no {step!r}") from None
        return self.encode(value)

    def do_method(self, message: dict[str, Any]) -> dict[str, Any]:
        target = self.objects[message["r"]]
        function = getattr(target, message["name"], None)
        if not callable(function):
            raise Told(f"the {type(target).__name__} has no method {message['name']}()")
        args = [self.value(arg) for arg in message.get("args", [])]
        return self.encode(self.call(message["name"], function, *args))

    def do_speed(self, message: dict[str, Any]) -> dict[str, Any]:
        """Whole random games of the learner's engine (``new_deck``, ``new_game``,
        ``legal_moves``, ``play``) for about ``seconds``, from ``seed``, at full speed (no
        clock on their loops: a game past :data:`MAX_TURNS` ends the measure, told)."""
        module = vars(self.module) if self.module is not None else {}
        for name in ("new_deck", "new_game", "legal_moves", "play"):
            if not callable(module.get(name)):
                raise Told(f"{self.filename} has no function {name}(): chapter 5 asks for it")
        seconds, seed = float(message.get("seconds", 1.0)), int(message.get("seed", 0))
        games = turns = 0
        if self.watch:
            self.watch.watch_jumps(False)
        started, cpu = time.perf_counter(), time.process_time()
        try:
            while True:
                turns += self.call("game", _random_game, module, seed + games)
                games += 1
                if time.perf_counter() - started >= seconds:
                    break
        finally:
            if self.watch:
                self.watch.watch_jumps(True)
        wall, cpu = time.perf_counter() - started, time.process_time() - cpu
        return {"games": games, "turns": turns, "wall": wall, "cpu": cpu}

    # -- making and reading the learner's objects --------------------------------------

    def make(self, name: str, *args: Any, **fields: Any) -> Any:
        cls = vars(self.module).get(name) if self.module is not None else None
        if cls is None:
            raise Told(f"{self.filename} has no {name}: the skeleton defines it")
        shown = ", ".join(f"{key}=..." for key in fields) or ", ".join(repr(a) for a in args)
        raised = self._run(lambda: cls(*args, **fields))
        if raised is None:
            return self.result
        told = self.told(name, raised)
        raise Told(
            f"{name}({shown}) cannot be made as the skeleton makes it: {told.message}."
            f" Keep the skeleton's {name} as it is",
            told.trace,
            told.lines,
        )

    def make_crew(self, pirates: list[Any], hidden: str | None) -> Any:
        made = {p: self.make("Pirate", hit_points=hp, shield=shield) for p, hp, shield in pirates}
        return self.make("Crew", pirates=made, hidden=hidden)

    def do_make(self, message: dict[str, Any]) -> dict[str, Any]:
        """Make the learner's object for a plain picture: ``kind`` and its fields."""
        return self.encode(self.made(message))

    def made(self, message: dict[str, Any]) -> Any:
        made = self._made(message)
        if "name" in message:  # kept under a name the checks chose, for later messages
            self.objects[message["name"]] = made
        return made

    def _made(self, message: dict[str, Any]) -> Any:
        kind = message["kind"]
        if kind == "piles":
            made = self.make("Piles", draw=list(message["draw"]), discard=list(message["discard"]))
        elif kind == "crew":
            made = self.make_crew(message["pirates"], message.get("hidden"))
        elif kind == "game":
            made = self.make(
                "Game",
                piles=self.make(
                    "Piles", draw=list(message["draw"]), discard=list(message["discard"])
                ),
                crews=[self.make_crew(*crew) for crew in message["crews"]],
                holders=dict(zip(PRIZES, message["holders"], strict=True)),
                to_move=message["to_move"],
                drawn=message["drawn"],
                turn=message["turn"],
                winner=message["winner"],
                shuffle=self.value(message["shuffle"]),
            )
        else:
            made = self.make_table(message)
        return made

    def make_table(self, view: dict[str, Any]) -> Any:
        """The learner's Pirate ``Table`` for a picture, with their own functions."""
        low = view["low"]
        ships = {}
        for suit, number, half0, half1 in view["ships"]:
            ship = self.call("new_ship", self.function("new_ship", None), suit, number, low)
            ship.halves[0].extend(half0)
            ship.halves[1].extend(half1)
            ships[suit] = ship
        stocks = [list(view["stocks"][0]), list(view["stocks"][1])]
        table = self.call("new_table", self.function("new_table", None), stocks, low)
        for player in (0, 1):
            table.wastes[player].extend(view["wastes"][player])
            for suit, number in view["captured"][player]:
                made = self.call("new_ship", self.function("new_ship", None), suit, number, low)
                table.captured[player].append(made)
        table.fresh[:] = list(view["fresh"])
        table.ships = ships
        table.moment = view["moment"]
        return table

    def do_read(self, message: dict[str, Any]) -> Any:
        return self.read(self.objects[message["r"]], message["as"])

    def read(self, value: Any, kind: str) -> Any:
        """An object of the learner's as plain data: ``piles``, ``crew``, ``game``, ``table``."""
        try:
            return getattr(self, "read_" + kind)(value)
        except Told:
            raise
        except Exception as exc:  # a property of theirs that raises, say
            raise Told(f"the {kind} could not be read: {type(exc).__name__}: {exc}") from None

    def read_piles(self, piles: Any) -> list[list[str]]:
        for name in ("draw", "discard"):
            if not hasattr(piles, name):
                raise Told(f"the piles should have '{name}', as the skeleton's Piles has")
        return [_cards(piles.draw, "the draw pile"), _cards(piles.discard, "the discard pile")]

    def read_crew(self, crew: Any, whose: str = "the crew") -> list[Any]:
        pirates = getattr(crew, "pirates", None)
        if not isinstance(pirates, dict):
            raise Told(
                f"{whose} should keep its pirates in a dict 'pirates' from positions to"
                f" Pirates, not {_shown(pirates)}"
            )
        found = []
        for position, pirate in pirates.items():
            if position not in POSITIONS:
                raise Told(f"{whose} has a pirate at {position!r}, which is no position")
            hit_points, shield = (
                getattr(pirate, "hit_points", None),
                getattr(pirate, "shield", None),
            )
            if isinstance(hit_points, bool) or not isinstance(hit_points, int):
                raise Told(
                    f"the pirate at {position} should have whole 'hit_points', not"
                    f" {_shown(hit_points)}"
                )
            if not isinstance(shield, bool):
                raise Told(f"the pirate at {position} should have 'shield' True or False")
            found.append([position, hit_points, shield])
        hidden = getattr(crew, "hidden", None)
        if hidden is not None and hidden not in POSITIONS:
            raise Told(f"{whose}'s hidden captain should be a position or None, not {hidden!r}")
        found.sort(key=lambda pirate: POSITIONS.index(pirate[0]))
        return [found, hidden]

    def read_game(self, game: Any) -> list[Any]:
        if game is None:
            raise Told("new_game() returned None: did you forget to return the game?")
        for name in ("piles", "crews", "holders", "to_move", "drawn", "turn", "winner"):
            if not hasattr(game, name):
                raise Told(f"the game should have '{name}', as the skeleton's Game has")
        draw, discard = self.read_piles(game.piles)
        crews = game.crews
        if not isinstance(crews, list | tuple) or len(crews) != 2:
            raise Told(f"the game's crews should be a list of two crews, not {_shown(crews)}")
        holders = game.holders
        if not isinstance(holders, dict) or set(holders) != set(PRIZES):
            raise Told(
                "the holders should be a dict with the keys 'cave', 'ship' and 'fort', not"
                f" {_shown(holders)}"
            )
        for value in holders.values():
            if value not in (0, 1, None) or isinstance(value, bool):
                raise Told(f"a prize is held by player 0, player 1 or None, not {value!r}")
        drawn = game.drawn
        if drawn is not None and not isinstance(drawn, str):
            raise Told(f"the drawn card should be a card such as '7H' or None, not {drawn!r}")
        for name in ("to_move", "turn"):
            value = getattr(game, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise Told(f"the game's {name} should be a whole number, not {value!r}")
        winner = game.winner
        if winner not in (None, 0, 1) or isinstance(winner, bool):
            raise Told(f"the winner should be 0, 1 or None, not {winner!r}")
        return [
            draw,
            discard,
            [self.read_crew(crews[0], "Marvin's crew"), self.read_crew(crews[1], "Mum's crew")],
            [holders[prize] for prize in PRIZES],
            game.to_move,
            drawn,
            game.turn,
            winner,
        ]

    def read_table(self, table: Any) -> list[Any]:
        for name in ("stocks", "wastes", "fresh", "ships", "captured", "sunk", "moment"):
            if not hasattr(table, name):
                raise Told(f"the table should have '{name}', as the skeleton's Table has")
        stocks, wastes = _pair(table.stocks, "the stocks"), _pair(table.wastes, "the wastes")
        fresh = _pair(table.fresh, "fresh")
        ships = []
        for suit in SUITS:
            ship = table.ships.get(suit) if isinstance(table.ships, dict) else None
            if ship is None:
                raise Told(
                    f"the table's ships should be a dict with a ship for each suit, {suit} too"
                )
            halves = _pair(getattr(ship, "halves", None), f"the {suit} ship's halves")
            ships.append(
                [suit, ship.number, _cards(halves[0], "a half"), _cards(halves[1], "a half")]
            )
        captured = _pair(table.captured, "captured")
        return [
            [_cards(stocks[0], "a stock"), _cards(stocks[1], "a stock")],
            [_cards(wastes[0], "a waste"), _cards(wastes[1], "a waste")],
            [bool(fresh[0]), bool(fresh[1])],
            ships,
            [[[s.suit, s.number] for s in captured[0]], [[s.suit, s.number] for s in captured[1]]],
            [[s.suit, s.number] for s in table.sunk],
            table.moment,
        ]


def _random_game(module: dict[str, Any], seed: int) -> int:
    """One whole game of the learner's engine, random moves on both sides; its turns."""
    rng = random.Random(seed)

    def shuffle(cards: list[str]) -> list[str]:
        return rng.sample(cards, len(cards))

    game = module["new_game"](shuffle(list(module["new_deck"](2))), rng.randrange(2), shuffle)
    legal_moves, play, choice = module["legal_moves"], module["play"], rng.choice
    while game.winner is None:
        play(game, choice(legal_moves(game)))
        if game.turn > MAX_TURNS:
            raise Told(f"your game of seed {seed} went on for {MAX_TURNS} turns")
    return int(game.turn)


def answer_json(agent: Agent, text: str) -> str:
    """``Agent.handle`` for a message and an answer written as JSON text (the browser's).

    A message the agent cannot follow (an object of a Python that was started again) and an
    answer that is not plain data are answered as faults, in words."""
    try:
        answer = agent.handle(json.loads(text))
    except Exception as exc:
        said = f"your code could not be asked this: {type(exc).__name__}: {exc}"
        answer = {"fault": {"message": said, "trace": "", "lines": []}}
    try:
        return json.dumps(answer, allow_nan=False)
    except ValueError as exc:
        said = f"your code gave back a number that is not a plain one ({exc})"
        return json.dumps({"fault": {"message": said, "trace": "", "lines": []}})


def in_browser(clock_path: str) -> Any:
    """The learner's worker in the browser: the audit hook, then the agent; returns the
    function that answers one JSON message (:func:`answer_json`)."""
    clock = _load_by_path("watch", clock_path)
    install_audit_hook("")
    agent = Agent(clock.Watch)
    return lambda text: answer_json(agent, text)


def _load_by_path(name: str, path: str) -> Any:
    """A module of the standard library's kind, loaded from its file (not put in sys.modules)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv: list[str]) -> None:
    """The child's program: ``agent.py PROCESS_PY CLOCK_PY FOLDER``."""
    process = _load_by_path("runner", argv[1])
    clock = _load_by_path("watch", argv[2])
    folder = argv[3] if len(argv) > 3 else ""
    channel = process.connect()
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    install_audit_hook(folder)
    agent = Agent(clock.Watch, folder)
    process.serve(agent.handle, channel)


if __name__ == "__main__":
    main(sys.argv)
