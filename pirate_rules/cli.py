"""The ``pirate-rules`` command line (also ``python -m pirate_rules``).

Commands:

* ``simulate marvin|pirate``: bot-against-bot games, summarised as they finish;
* ``replay FILE``: check a game record move by move, or every record of a collection;
* ``play marvin|pirate``: play against a bot in the terminal;
* ``bots marvin|pirate``: the bots there are.

Every error is one line on standard error, never a traceback: exit status 2 for a bad
command line, 1 for a bad record, an illegal move, a faulty bot (``--traceback``
shows a bot's full traceback), a file that cannot be read or written, or standard input
or output closed; 130 when interrupted. When the output is closed early (``| head``),
the command stops quietly with status 141, as if killed by the pipe.

Your own bots are user code, and are kept within bounds: each choice has a time limit
(``--move-time``), whatever they print goes to standard error (so that ``simulate
--json`` stays JSON), and their ``os._exit`` is reported, not obeyed. After any fault the
summary of the games played before it is printed, and the records written are exactly
theirs, in seed order, for any ``--jobs``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NoReturn

from pirate_rules import __version__
from pirate_rules.errors import BotError, PirateRulesError, UnknownBotError, one_line
from pirate_rules.learn import add_learn
from pirate_rules.records import describe_summary, replay_summary
from pirate_rules.simulate import DEFAULT_BOTS, GAME_NAMES
from pirate_rules.summary import TITLES

__all__ = [
    "DEFAULT_MOVE_TIME",
    "Interrupted",
    "Parser",
    "UsageError",
    "at_least",
    "describe_summary",
    "main",
    "quietly",
    "replay_summary",
    "whole_number",
]

PROG = "pirate-rules"
BROKEN_PIPE = 141
"""Exit status when the output is closed early: 128 + SIGPIPE, as the shell shows it."""
MAX_GAMES = 10**15
"""The most games one run may ask for (more than a machine could play in years)."""
DEFAULT_MOVE_TIME = 10.0
"""Seconds your own bot may think about one move (``--move-time``): generous, since
every engine bot answers in well under a second."""


class Interrupted(KeyboardInterrupt):
    """Ctrl-C, as the command line's own handler raises it: told from a
    ``KeyboardInterrupt`` that a bot raises itself (see ``pirate_rules.bots.is_interrupt``)."""


class UsageError(Exception):
    """A command line that cannot be run; exit status 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and do not exit by themselves.

    A bad command line raises :class:`UsageError`, which :func:`quietly` prints in one
    line with exit status 2; the examples' scripts use it too. Its epilog can be written
    only when help is asked for (``epilog_of``), so that the bot lists are not loaded
    for every command.
    """

    def __init__(self, *args: Any, epilog_of: Callable[[], str] | None = None, **kw: Any):
        kw.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        if kw.get("description"):
            kw["description"] = textwrap.fill(kw["description"], 79)
        super().__init__(*args, **kw)
        self.epilog_of = epilog_of

    def format_help(self) -> str:
        if self.epilog_of is not None:
            self.epilog = self.epilog_of()
        return super().format_help()

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")

    def _print_message(self, message: str, file: Any = None) -> None:
        # argparse's own hides a failed write (help to a full disk would exit 0)
        if message:
            (file or sys.stderr).write(message)


def at_least(minimum: int) -> Callable[[str], int]:
    """An argument type: a whole number of at least ``minimum``, refused in one line.

    Example:
        >>> at_least(1)("0")
        Traceback (most recent call last):
        ...
        argparse.ArgumentTypeError: must be at least 1, not 0
    """

    def read(text: str) -> int:
        value = whole_number(text)
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, not {value}")
        return value

    return read


def seconds(text: str) -> float:
    """An argument type: a number of seconds, 0 or more, refused in one line.

    Example:
        >>> seconds("2.5"), seconds("0")
        (2.5, 0.0)
    """
    try:
        value = float(text)
    except ValueError:
        shown = one_line(text, 40)
        raise argparse.ArgumentTypeError(f"not a number of seconds: {shown!r}") from None
    if not value >= 0 or value == float("inf"):  # NaN too
        raise argparse.ArgumentTypeError(f"must be 0 or more seconds, not {one_line(text, 40)}")
    return value


def whole_number(text: str) -> int:
    """An argument type: any whole number, refused in one line."""
    if len(text) > 100:
        raise argparse.ArgumentTypeError(f"not a whole number: {one_line(text, 40)!r}")
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {one_line(text, 40)!r}") from None


def _bot_lines(game: str, indent: str = "  ") -> str:
    """One line per bot of ``game``: its name and what it does."""
    from pirate_rules.bots import bot_class, bot_names

    names = bot_names(game)
    width = max(len(name) for name in names) + 2
    return "\n".join(
        f"{indent}{name:<{width}}{getattr(bot_class(game, name), 'description', '')}"
        for name in names
    )


def _epilog(examples: Sequence[str], *, bots: bool = True) -> Callable[[], str]:
    def write() -> str:
        parts = []
        if bots:
            for game in GAME_NAMES:
                parts.append(f"{TITLES[game]} bots (weakest first):\n{_bot_lines(game)}")
            parts.append(
                "Your own bot: module:Class (from the current folder) or path/to/file.py:Class."
            )
        parts.append("Examples:\n" + "\n".join(f"  {PROG} {example}" for example in examples))
        return "\n\n".join(parts)

    return write


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every command."""
    parser = Parser(
        prog=PROG,
        description="Rules engines for two pirate card games: simulate, replay, play.",
        epilog_of=_epilog(["simulate marvin --games 1000", "play pirate --bot slow"], bots=False),
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    commands.required = True

    sim = commands.add_parser(
        "simulate",
        help="play bot-against-bot games and summarise them",
        description="Play bot-against-bot games and summarise them as they finish; memory"
        " does not grow with --games. Game i is dealt from seed S+i; the same seed, bots"
        " and --bot-key always give the same games. " + FAIR_PLAY,
        epilog_of=_epilog([
            "simulate marvin --games 10000 --jobs 0 --records games.jsonl",
            "simulate pirate --bots slow,my_bots.py:Mine --seed 7",
        ]),
    )  # fmt: skip
    sim.add_argument("game", choices=GAME_NAMES, help="which game: marvin or pirate")
    sim.add_argument("--games", type=at_least(1), default=100, help="how many games (100)")
    sim.add_argument("--seed", type=whole_number, default=0, help="seed of the first game (0)")
    sim.add_argument(
        "--bots",
        metavar="BOT,BOT",
        help="the bots in seat 0 and seat 1 (marvin: random,random; pirate: fast,fast)",
    )
    sim.add_argument(
        "--jobs",
        type=at_least(0),
        help="processes to use (1; 0 = one per processor; never more than processors or games)",
    )
    sim.add_argument(
        "--cluster",
        metavar="ADDRESS",
        type=_address,
        help="play on Dask workers: local (a LocalCluster of --jobs processes, one per CPU"
        " by default) or a scheduler's address such as tcp://host:8786; the results are"
        " the same (needs pirate-rules[cluster])",
    )
    sim.add_argument(
        "--records",
        metavar="FILE.jsonl|DIR|-",
        help="write every game's record: one per line in FILE.jsonl (or - for standard"
        " output), or one file each in DIR",
    )
    sim.add_argument(
        "--force", action="store_true", help="replace records already there (a folder's: all)"
    )
    sim.add_argument(
        "--move-time",
        type=seconds,
        default=DEFAULT_MOVE_TIME,
        metavar="SECONDS",
        help=f"time your own bot may take per move ({DEFAULT_MOVE_TIME:g}; 0 = no limit)",
    )
    add_fair_play(sim)
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    sim.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="draw a progress bar on standard error (default: on a terminal)",
    )
    sim.add_argument("--traceback", action="store_true", help="show a faulty bot's traceback")

    rep = commands.add_parser(
        "replay",
        help="replay a game record, checking every move",
        description="Replay a game record, checking every move against the rules, or every"
        " record of a collection (JSON Lines: one record per line). Exit status 1 at the"
        " first illegal move, naming the turn or moment and the rule.",
        epilog_of=_epilog(["replay game.json --json", "replay games.jsonl"], bots=False),
    )
    rep.add_argument(
        "file",
        help="a record file (.json), a collection (.jsonl), a folder of records, or - (stdin)",
    )
    rep.add_argument("--json", action="store_true", help="print the summary as JSON")

    play = commands.add_parser(
        "play",
        help="play against a bot in the terminal",
        description="Play against a bot in the terminal. Type ? for help during the game."
        " With --record the game is saved when it ends, when you stop, and on Ctrl-C.",
        epilog_of=_epilog(
            ["play marvin --bot sensible --record game.json", "play pirate --bot slow --auto"]
        ),
    )
    play.add_argument("game", choices=GAME_NAMES, help="which game: marvin or pirate")
    play.add_argument("--bot", help="the opponent (marvin: sensible; pirate: slow)")
    play.add_argument("--seed", type=whole_number, default=None, help="seed of the deal (random)")
    play.add_argument("--name", default="Player", help="your name (Player)")
    play.add_argument("--record", metavar="FILE", help="save the game record in FILE")
    play.add_argument("--force", action="store_true", help="replace FILE if it exists")
    play.add_argument(
        "--move-time",
        type=seconds,
        default=DEFAULT_MOVE_TIME,
        metavar="SECONDS",
        help=f"time your own bot may take per move ({DEFAULT_MOVE_TIME:g}; 0 = no limit)",
    )
    play.add_argument(
        "--auto", action="store_true", help="Pirate: turn for you when nothing of yours fits"
    )
    play.add_argument(
        "--in-process",
        action="store_true",
        help="play your own bot in this process, if you trust it: it can then read hidden"
        " cards and switch off the referee's checks (by default it plays in a process of"
        " its own, on the game as its player knows it)",
    )
    play.add_argument("--traceback", action="store_true", help="show a faulty bot's traceback")

    bots = commands.add_parser(
        "bots",
        help="list the bots of a game",
        description="List the bots of a game, weakest first, with what each does.",
        epilog_of=_epilog(["bots marvin", "bots pirate"], bots=False),
    )
    bots.add_argument("game", nargs="?", choices=GAME_NAMES, help="which game (both when omitted)")
    tour = commands.add_parser(
        "tournament",
        help="play every pair of bots on the same deals from both seats, and rate them",
        description="Play every pair of bots on the same deals, each deal once from each"
        " seat, then print the league table: each pairing's score with its 95% interval,"
        " and each bot's Bradley-Terry rating (Elo scale) with a 95% interval from a"
        " bootstrap over the deals. A bot that faults shows with its fault, and the rest"
        " goes on. " + FAIR_PLAY,
        epilog_of=_epilog([
            "tournament marvin random sensible expert my_bot.py:Mine --games 200",
            "tournament pirate fast slow --format markdown --records league/",
        ]),
    )  # fmt: skip
    tour.add_argument("game", choices=GAME_NAMES, help="which game: marvin or pirate")
    tour.add_argument("bots", nargs="+", metavar="BOT", help="two bots or more")
    tour.add_argument("--games", type=at_least(1), default=100,
                      help="deals per pairing, each played from both seats (100)")  # fmt: skip
    tour.add_argument("--seed", type=whole_number, default=0, help="seed of the first deal (0)")
    tour.add_argument("--records", metavar="DIR",
                      help="write every game's record, in a folder per pairing")  # fmt: skip
    tour.add_argument("--format", choices=("table", "markdown", "csv", "json"), default="table",
                      help="how to print the table (table)")  # fmt: skip
    tour.add_argument(
        "--allow-unfair",
        action="store_true",
        help="let in bots that read hidden cards (fair = False), flagged",
    )
    tour.add_argument(
        "--jobs", type=at_least(0), help="processes to use (1; 0 = one per processor)"
    )
    tour.add_argument("--cluster", metavar="ADDRESS", type=_address,
                      help="play on Dask workers, as simulate does")  # fmt: skip
    tour.add_argument(
        "--move-time",
        type=seconds,
        default=DEFAULT_MOVE_TIME,
        metavar="SECONDS",
        help=f"time your own bot may take per move ({DEFAULT_MOVE_TIME:g}; 0 = no limit)",
    )
    add_fair_play(tour)
    tour.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="draw a progress bar on standard error (default: on a terminal)",
    )
    add_learn(commands)
    return parser


FAIR_PLAY = (
    "Your own bots (a file or a module of yours) play in a process of their own, on the"
    " game as their player knows it: cards no player has seen are dealt by that process's"
    " own generator, and the referee alone holds the true game. In Marvin, where both"
    " players see the same cards, one bot file in both seats plays both in one process, on"
    " one game: each seat still has its own instance of the bot, its own seed, and only its"
    " own turns, but the two can see what the other keeps outside itself. A bot runs as"
    " your user: it can still read your files and see other processes. For a contest, run"
    " it under another user or in a container."
)


def add_fair_play(parser: argparse.ArgumentParser) -> None:
    """The options of every command that plays your own bots against each other."""
    parser.add_argument(
        "--bot-key",
        type=_bot_key,
        metavar="HEX",
        help="the key of your bots' seeds (32 hex digits), printed with the summary, to"
        " repeat a run (a fresh one each run by default)",
    )
    parser.add_argument(
        "--in-process",
        action="store_true",
        help="play your own bots in this process, for their speed, if you trust them: they"
        " can then read hidden cards and switch off the referee's checks (a record is"
        " still written only after a clean check)",
    )


def _bot_key(text: str) -> str:
    key = text.strip().lower()
    if len(key) != 32 or any(char not in "0123456789abcdef" for char in key):
        raise argparse.ArgumentTypeError(
            f"a key is 32 hex digits, as a summary prints it, not {one_line(text, 60)!r}"
        )
    return key


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    return quietly(lambda: _run(argv))


def quietly(run: Callable[[], int | None], prog: str = PROG) -> int:
    """Call ``run`` and return its exit status: 2 after a :class:`UsageError` (said in one
    line), 141 quietly if standard output closes early, and 1 at once, in one line, if
    standard output was closed before the start (``>&-``): nothing could be shown.

    Scripts use it too: ``sys.exit(quietly(main, "my_script.py"))``.
    """
    _hold_standard_descriptors()
    if sys.stdout is None:
        print(f"{prog}: error: standard output is closed, so nothing can be shown", file=sys.stderr)
        return 1
    try:
        status = run()
        sys.stdout.flush()
    except UsageError as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # Nothing more can be written: point standard output at nothing, so that
        # Python's own flush at exit does not complain either.
        _stdout_to_nothing()
        return BROKEN_PIPE
    except OSError as exc:  # standard output full (/dev/full), or a disk error
        if not _is_stdout_error(exc):
            raise
        _stdout_to_nothing()
        why = exc.strerror or str(exc)
        print(f"{prog}: error: cannot write to standard output: {why}", file=sys.stderr)
        return 1
    return status or 0


def _stdout_to_nothing() -> None:
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def _is_stdout_error(exc: OSError) -> bool:
    """Whether ``exc`` is standard output failing (what was written is then lost)."""
    import errno

    if exc.errno in (errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG):
        return True
    try:
        sys.stdout.flush()
    except OSError:
        return True
    return False


def _hold_standard_descriptors() -> None:
    """Open nothing (``/dev/null``) on a closed standard input, output or error, so that
    no file opened later takes its place: a record file that became descriptor 1 would
    get whatever is printed."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            with contextlib.suppress(OSError):
                held = os.open(os.devnull, os.O_RDWR)
                if held != fd:  # a lower one was free after all: leave things as they were
                    os.close(held)


def _run(argv: Sequence[str] | None) -> int:
    traceback = False
    args: argparse.Namespace | None = None
    if hasattr(signal, "SIGXFSZ"):  # over a file size limit, writing fails, and is told
        with contextlib.suppress(ValueError, OSError):
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    try:
        args = build_parser().parse_args(argv)
        traceback = getattr(args, "traceback", False)
        if args.command == "simulate":
            return _simulate(args)
        if args.command == "replay":
            return _replay(args)
        if args.command == "bots":
            return _list_bots(args.game)
        if args.command == "tournament":
            return _tournament(args)
        if args.command == "learn":
            return int(args.run(args))
        return _play(args)
    except UsageError as exc:
        return _error(str(exc), 2)
    except BotError as exc:
        return _error(_bot_message(exc, traceback), 1)
    except PirateRulesError as exc:
        return _error(str(exc), 1)
    except KeyboardInterrupt:
        return _error("interrupted", 130)
    except SystemExit as exc:  # --help and --version: written out now, or told
        sys.stdout.flush()
        return exc.code if isinstance(exc.code, int) else 0
    except Exception as exc:
        own = _own_bots_in_process(args)
        if not own or (isinstance(exc, OSError) and _is_stdout_error(exc)):
            raise
        return _error(_broken_referee(exc, own, traceback), 1)


def _own_bots_in_process(args: argparse.Namespace | None) -> list[str]:
    """Your own bots that this run loaded into the referee's process (``--in-process``)."""
    from pirate_rules.simulate import is_hosted

    if args is None or not getattr(args, "in_process", False):
        return []
    names = getattr(args, "bots", None) or [getattr(args, "bot", None)]
    if isinstance(names, str):
        names = names.split(",")
    return [name.strip() for name in names if isinstance(name, str) and is_hosted(name.strip())]


def _broken_referee(exc: Exception, own: Sequence[str], traceback: bool) -> str:
    """The one line for a run that broke inside the referee while your own bots ran in it:
    such a bot can change the referee's code, so the fault is told as a possible effect of
    it rather than as a bug of the referee.

    Example:
        >>> line = _broken_referee(KeyError("x"), ["my_bot.py:Mine"], traceback=False)
        >>> line[:78]
        "the run broke inside the referee (KeyError: 'x'), with your bot my_bot.py:Mine"
        >>> line[-57:]
        'in a process of its own; --traceback shows where it broke'
    """
    if traceback:
        import traceback as tracebacks

        tracebacks.print_exception(exc, file=sys.stderr)
    bots = ", ".join(own)
    where = "" if traceback else "; --traceback shows where it broke"
    return (
        f"the run broke inside the referee ({type(exc).__name__}: {one_line(str(exc), 200)}),"
        f" with your bot{'s' if len(own) > 1 else ''} {bots} in its process (--in-process),"
        f" where a bot can change the referee's own code: run it without --in-process, in a"
        f" process of its own{where}"
    )


def _bot_message(exc: BotError, traceback: bool) -> str:
    """A bot's fault in one line; with ``--traceback``, its traceback is printed first."""
    if traceback and exc.details:
        print(exc.details.rstrip(), file=sys.stderr)
    hint = "" if traceback or not exc.details else "; --traceback shows the whole traceback"
    return str(exc) + hint


def _error(message: str, status: int) -> int:
    print(f"{PROG}: error: {one_line(message, 2000)}", file=sys.stderr, flush=True)
    return status


def _check_bot(game: str, name: str, option: str) -> str:
    from pirate_rules.bots import bot_class

    try:
        bot_class(game, name)
    except UnknownBotError as exc:
        raise UsageError(f"{option}: {exc}") from None
    return name


def _bots(game: str, text: str | None) -> tuple[str, str]:
    if text is None:
        return DEFAULT_BOTS[game]
    names = [name.strip() for name in text.split(",")]
    if len(names) != 2 or not all(names):
        raise UsageError(
            f"--bots: give two bots separated by a comma, such as random,sensible,"
            f" not {one_line(text, 60)!r}"
        )
    return (names[0], names[1])


def _task(args: argparse.Namespace, bots: Sequence[str], records: str) -> Any:
    """The run's task, each bot loaded (your own in their hosts): a bot whose code fails
    is reported with its seat, an unknown one as a bad command line."""
    from pirate_rules.simulate import task_of

    try:
        return task_of(args.game, bots, records, args.move_time or None,
                       key=args.bot_key, in_process=args.in_process)  # fmt: skip
    except UnknownBotError as exc:
        raise UsageError(f"--bots: {exc}") from None


def _open_records(args: argparse.Namespace, stdout: int) -> Any:
    from pirate_rules.simulate import RecordTargetError, RecordWriter

    if args.records == "-" and args.json:
        raise UsageError("--records - and --json both write to standard output: choose one")
    try:
        return RecordWriter(args.records, args.game, force=args.force, stdout=stdout)
    except RecordTargetError as exc:
        raise UsageError(f"--records: {exc}") from None
    except OSError as exc:
        raise UsageError(
            f"--records: cannot write {one_line(args.records, 200)!r}: {exc.strerror or exc}"
        ) from None


def _simulate(args: argparse.Namespace) -> int:
    from pirate_rules.cluster import ClusterError
    from pirate_rules.referee import bot_output_to_stderr, guard_exits
    from pirate_rules.simulate import (
        Progress,
        RecordsNotWritten,
        Tally,
        iter_games,
        usable_cpus,
    )

    guard_exits()
    if args.cluster and args.cluster != "local" and args.jobs is not None:
        raise UsageError("--jobs goes with --cluster local only: a scheduler's workers are its own")
    if args.games > MAX_GAMES:
        raise UsageError(f"--games: at most {MAX_GAMES:,} games in one run")
    jobs = min(1 if args.jobs is None else args.jobs or usable_cpus(), usable_cpus(), args.games)
    tally = Tally(args.game)
    writer = None
    fault: str | None = None
    status = 0
    guard = _WholeGames()
    from pirate_rules import process
    from pirate_rules.host import RefereeSignals

    process.become_subreaper()  # what a bot starts and leaves is this process's to end
    task = None
    signals = RefereeSignals()  # SIGINT from a bot is its fault, not Ctrl-C
    with signals, bot_output_to_stderr() as stdout, guard:  # bots print from their import on
        bots = _bots(args.game, args.bots)
        task = _task(args, bots, "json" if args.records else "")
        if args.records:
            writer = _open_records(args, stdout)
        progress = Progress(args.games, f"{args.game} {bots[0]} vs {bots[1]}",
                            force=bool(args.progress))  # fmt: skip
        if args.progress is False:
            progress.enabled = False
        seeds = range(args.seed, args.seed + args.games)
        try:
            progress.show()  # at once: the first game of a slow bot may take a while
            with contextlib.ExitStack() as stack:
                records = "json" if writer else ""
                move_time = args.move_time or None
                stack.callback(process.end_all)  # no process outlives the run
                if args.cluster and writer is None:  # added up by the workers, batch by batch
                    cluster = _join(stack, args, progress)
                    parts = cluster.tallies(args.game, seeds, bots, move_time=move_time,
                                            on_done=progress.advance_by, task=task)  # fmt: skip
                    for part in parts:
                        with guard.counting():
                            tally.merge(part)
                else:
                    if args.cluster:
                        games = _join(stack, args, progress).games(
                            args.game, seeds, bots, records=records, move_time=move_time,
                            on_done=progress.advance_by, task=task,
                        )  # fmt: skip
                    else:
                        # Your own bots play in a worker process even with one job: one
                        # that ends its process is told, as with more (iter_games).
                        games = iter_games(args.game, seeds, bots, jobs=jobs, records=records,
                                           move_time=move_time, apart=True, task=task)  # fmt: skip
                    stack.callback(games.close)  # stops the worker processes at once
                    for result in games:
                        with guard.counting():
                            if writer is not None:
                                writer.write(result)  # then counted: the two always agree
                            tally.add(result)
                            if not args.cluster:  # a cluster's bar moves batch by batch
                                progress.advance()
        except KeyboardInterrupt:
            status = 130
            where = f"; their records are in {writer.where()}" if writer and tally.games else ""
            fault = f"interrupted after {_count(tally.games, 'game')}{where}"
        except BotError as exc:
            status, fault = 1, _bot_message(exc, args.traceback) + "; " + _kept(args, tally, writer)
        except RecordsNotWritten as exc:
            status, fault = 1, f"{exc}" + (", summed up above" if tally.games else "")
        except ClusterError as exc:  # a cluster that could not be joined, or was lost
            status, fault = 1, str(exc) + (f"; {_kept(args, tally, writer)}" if tally.games else "")
        finally:
            progress.close()
            if writer is not None:
                writer.close()
    if tally.games:
        _print_summary(args, tally.summary(), bots, writer, task)
    if fault is not None:
        return _error(fault, status)
    return 0


def _tournament(args: argparse.Namespace) -> int:
    from pirate_rules import process
    from pirate_rules.host import RefereeSignals
    from pirate_rules.referee import guard_exits
    from pirate_rules.simulate import Progress, iter_games, usable_cpus
    from pirate_rules.tournament import run_tournament

    guard_exits()
    process.become_subreaper()
    bots = [name.strip() for name in args.bots]
    if len(bots) < 2 or len(set(bots)) != len(bots) or not all(bots):
        raise UsageError("give two bots or more, each once, such as: random sensible")
    pairs = len(bots) * (len(bots) - 1) // 2
    jobs = min(1 if args.jobs is None else args.jobs or usable_cpus(), usable_cpus())
    progress = Progress(2 * pairs * args.games, f"{args.game} tournament of {len(bots)} bots",
                        force=bool(args.progress))  # fmt: skip
    if args.progress is False:
        progress.enabled = False
    with (
        RefereeSignals(),
        bot_output_to_stderr_keeping() as stdout,
        contextlib.ExitStack() as stack,
    ):
        stack.callback(process.end_all)
        play = None
        if args.cluster:
            from pirate_rules.cluster import Cluster

            cluster = stack.enter_context(Cluster(args.cluster, workers=args.jobs or None))

            def play(task: Any, seeds: range, _: Any) -> Any:
                return cluster.games(task.game, seeds, task.bots, records=task.records,
                                     move_time=task.move_time, task=task)  # fmt: skip
        elif jobs > 1:

            def play(task: Any, seeds: range, _: Any) -> Any:
                return iter_games(task.game, seeds, task.bots, jobs=jobs, task=task)

        progress.show()
        try:
            table = run_tournament(
                args.game, bots, games=args.games, seed=args.seed, records=args.records,
                move_time=args.move_time or None, key=args.bot_key, in_process=args.in_process,
                allow_unfair=args.allow_unfair, play=play, on_game=progress.advance,
            )  # fmt: skip
        except UnknownBotError as exc:
            raise UsageError(str(exc)) from None
        finally:
            progress.close()
        os.write(stdout, (table.render(args.format) + "\n").encode())
    return 0


@contextlib.contextmanager
def bot_output_to_stderr_keeping() -> Iterator[int]:
    """:func:`~pirate_rules.referee.bot_output_to_stderr`, imported when needed."""
    from pirate_rules.referee import bot_output_to_stderr

    with bot_output_to_stderr() as stdout:
        yield stdout


def _say_workers(cluster: Any) -> None:
    if cluster.by_worker:
        print(f"{PROG}: played on {cluster.workers_line()}", file=sys.stderr, flush=True)


def _address(text: str) -> str:
    from pirate_rules.cluster import scheduler_address

    return scheduler_address(text)


def _join(stack: contextlib.ExitStack[Any], args: argparse.Namespace, progress: Any) -> Any:
    """The cluster of ``--cluster`` (``local``: a new one of ``--jobs`` processes, one per
    processor by default), left when ``stack`` closes, which first says which worker
    played how many games."""
    from pirate_rules.cluster import Cluster

    cluster = stack.enter_context(Cluster(args.cluster, workers=args.jobs or None))
    stack.callback(_say_workers, cluster)
    progress.started = time.monotonic()  # the rate of the games, not of joining
    return cluster


def _kept(args: argparse.Namespace, tally: Any, writer: Any) -> str:
    """What was kept of a run stopped by a fault, in words."""
    if not tally.games:
        return "no game was played before it"
    last = args.seed + tally.games - 1
    seeds = f"seed {args.seed}" if tally.games == 1 else f"seeds {args.seed} to {last}"
    kept = f"the {_count(tally.games, 'game')} before it ({seeds}) are summed up above"
    if writer is not None:
        kept += f", with their records in {writer.where()}"
    return kept


def _count(number: int, noun: str) -> str:
    """``number`` and ``noun``, plural when it should be: ``1 game``, ``2 games``."""
    return f"{number:,} {noun}{'' if number == 1 else 's'}"


class _WholeGames:
    """Ctrl+C between finished games only: while a finished game is counted and its record
    written, an interrupt waits until both are done, so that the summary printed and the
    records kept always hold the same games. (Only where Ctrl+C raises
    ``KeyboardInterrupt``, as it does by default, and on the main thread, where signals
    arrive; ``tests/test_streams.py`` shows it.) The interrupt is raised as
    :class:`Interrupted`, so that a ``KeyboardInterrupt`` a bot raises itself is told
    as the bot's fault.
    """

    def __init__(self) -> None:
        self._busy = False
        self._pending = False
        self._previous: Any = None

    def __enter__(self) -> _WholeGames:
        if (
            threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is signal.default_int_handler
        ):
            self._previous = signal.signal(signal.SIGINT, self._interrupt)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)
            self._previous = None

    def _interrupt(self, signum: int, frame: object) -> None:
        if self._busy:
            self._pending = True
        else:
            raise Interrupted

    @contextlib.contextmanager
    def counting(self) -> Iterator[None]:
        """The time a finished game is counted and written, which Ctrl+C does not cut."""
        self._busy = True
        try:
            yield
        finally:
            self._busy = False
        if self._pending:
            self._pending = False
            raise Interrupted


def _print_summary(
    args: argparse.Namespace, summary: Any, bots: tuple[str, str], writer: Any, task: Any = None
) -> None:
    # With the records on standard output, the summary goes to standard error.
    out = sys.stderr if writer is not None and writer.name == "-" else sys.stdout
    hosted = task is not None and any(task.hosted)
    if args.json:
        extra = {"bot_key": task.key} if hosted else {}
        print(json.dumps({**summary.as_json(), "bots": list(bots), "seed": args.seed, **extra}),
              file=out)  # fmt: skip
        return
    for line in summary.lines(bots):
        print(line, file=out)
    if writer is not None and writer.kept:
        print(f"  records written to {one_line(writer.where(), 300)}", file=out)
    if hosted:
        print(f"  your bots' seeds came from key {task.key} (--bot-key repeats them)", file=out)


def _replay(args: argparse.Namespace) -> int:
    from pirate_rules.records import check_collection, open_records
    from pirate_rules.records import replay as replay_record

    kind, content = open_records(args.file)
    if kind == "record":
        game = replay_record(content, name=args.file)
        summary = replay_summary(content["game"], game)
        if args.json:
            print(json.dumps(summary))
        else:
            finished = game.outcome() is not None
            print(describe_summary(summary, content.get("players"), finished=finished))
        return 0
    report = check_collection(content)
    if args.json:
        print(json.dumps(report.as_json()))
    elif report.records:
        name = "standard input" if args.file == "-" else one_line(args.file, 200)
        for line in report.lines(name):
            print(line)
    if not report.records:
        return _error(f"{one_line(args.file, 200)} holds no record: there was nothing to check", 1)
    if report.stopped:
        return _error(report.stopped, 1)
    if report.failed:
        verb = "does" if report.failed == 1 else "do"
        counted = _count(report.records, "record")
        return _error(f"{report.failed:,} of {counted} {verb} not replay", 1)
    return 0


def _list_bots(game: str | None) -> int:
    if game:
        print(_bot_lines(game, indent=""))
        return 0
    for index, name in enumerate(GAME_NAMES):
        print(("\n" if index else "") + f"{TITLES[name]} ({name}):")
        print(_bot_lines(name))
    return 0


def _play(args: argparse.Namespace) -> int:
    from pirate_rules import process
    from pirate_rules.host import RefereeSignals
    from pirate_rules.referee import guard_exits
    from pirate_rules.simulate import is_hosted
    from pirate_rules.terminal import check_record_path, default_bot, play

    name = args.name.strip()
    if not name:
        raise UsageError("--name: your name cannot be empty")
    if not name.isprintable():
        raise UsageError("--name: your name must be printable (no control characters)")
    if args.record:
        try:
            check_record_path(args.record, force=args.force)
        except ValueError as exc:
            raise UsageError(f"--record: {exc}") from None
    if sys.stdin is None:
        raise PirateRulesError("standard input is closed: play reads your moves from it")
    guard_exits()
    bot = args.bot or default_bot(args.game)
    if args.in_process or not is_hosted(bot):  # your own is loaded in its host, not here
        _check_bot(args.game, bot, "--bot")
    process.become_subreaper()  # what a bot starts and leaves is this process's to end
    with contextlib.ExitStack() as stack:
        stack.enter_context(RefereeSignals())  # SIGINT from a bot is its fault, not Ctrl-C
        stack.callback(process.end_all)  # no process outlives the game
        try:
            return play(args.game, bot=bot, seed=args.seed, name=name, record=args.record,
                        auto=args.auto, move_time=args.move_time or None,
                        in_process=args.in_process)  # fmt: skip
        except UnknownBotError as exc:
            raise UsageError(f"--bot: {exc}") from None


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
