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

import functools
import itertools
import json
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import IO, Any, Final, TextIO

from pirate_rules.bots import bot_seed, make_bot
from pirate_rules.errors import BotError
from pirate_rules.referee import BotName, bot_label, load_bots, play_refereed
from pirate_rules.summary import ENDINGS, RECORD_GAMES, GameResult, Summary, Tally, result_of

__all__ = [
    "DEFAULT_BOTS",
    "ENDINGS",
    "GAME_NAMES",
    "RECORD_GAMES",
    "GameResult",
    "Progress",
    "RecordWriter",
    "Summary",
    "Tally",
    "bot_seed",
    "iter_games",
    "play_match",
    "player_names",
    "result_of",
    "run_games",
    "summarise",
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


Task = tuple[str, tuple[BotName, BotName], tuple[str, str], str, int | None]
"""What a worker needs to play games: game, bots, players, records ("", "dict" or
"json"), and the seed of the game refereed thoroughly (or None)."""


def _play(task: Task, seed: int) -> GameResult:
    game, bots, players, records, thorough = task
    state = play_refereed(game, seed, bots, players=players, thorough=seed == thorough)
    result = result_of(game, state, seed, with_record=bool(records))
    if records == "json":
        return replace(result, record=None, record_text=encode_record(result.record))
    return result


def _play_batch(task: Task, seeds: Sequence[int]) -> tuple[list[GameResult] | BotError, float]:
    """Play a batch in a worker process, timed; a bot's fault comes back as data."""
    started = time.perf_counter()
    try:
        done: list[GameResult] | BotError = [_play(task, seed) for seed in seeds]
    except BotError as exc:
        done = exc
    return done, time.perf_counter() - started


def iter_games(
    game: str,
    seeds: Iterable[int],
    bots: Sequence[BotName] | None = None,
    *,
    jobs: int = 1,
    records: str = "",
    check_first: bool = True,
) -> Iterator[GameResult]:
    """Play one game per seed and yield each result as it is ready, in seed order.

    Args:
        game: ``"marvin"`` or ``"pirate"``.
        seeds: The deals, any iterable (a ``range`` of ten million is fine).
        bots: The two bots (see :func:`~pirate_rules.bots.bot_class`), or their classes.
        jobs: Processes to use; with more than one, a few batches of games are in
            flight at a time, never the whole run.
        records: ``"dict"`` to attach each game's record, ``"json"`` to attach it as
            compact JSON text (written by the worker that played it).
        check_first: Referee the first game thoroughly (see :mod:`pirate_rules.referee`).

    Raises:
        BotError: at the first fault of a bot, after the games before it were yielded.
        UnknownBotError: if a bot name is no bot.
    """
    names = tuple(bots or DEFAULT_BOTS[game])
    load_bots(game, names)  # a bot that cannot be loaded is reported before any game
    seeds = iter(seeds)
    first = next(seeds, None)
    if first is None:
        return
    task: Task = (game, (names[0], names[1]), player_names(names), records,
                  first if check_first else None)  # fmt: skip
    seeds = itertools.chain([first], seeds)
    if jobs <= 1:
        for seed in seeds:
            yield _play(task, seed)
        return
    yield from _in_parallel(task, seeds, jobs)


BATCH_SECONDS: Final = 0.2
"""How long a batch of games sent to a worker should take: short enough for a lively
progress bar and little work in flight, long enough that sending it costs little."""


def _in_parallel(task: Task, seeds: Iterator[int], jobs: int) -> Iterator[GameResult]:
    """Batches of games on ``jobs`` processes, a few in flight at a time, in seed order."""
    import multiprocessing

    size = 1  # grows once the time a game takes is known
    with multiprocessing.Pool(jobs, initializer=_ignore_interrupts) as pool:
        pending: deque[Any] = deque()

        def send() -> None:
            batch = list(itertools.islice(seeds, size))
            if batch:
                pending.append(pool.apply_async(_play_batch, (task, batch)))

        for _ in range(3 * jobs):
            send()
        while pending:
            done, seconds = pending.popleft().get()
            if isinstance(done, BotError):
                # Let the few batches in flight end before the pool is stopped: stopping
                # workers in the middle of a batch can leave the pool's threads waiting.
                for batch in pending:
                    batch.wait()
                pool.close()
                pool.join()
                raise done
            if done:
                size = max(1, min(500, int(BATCH_SECONDS * len(done) / max(seconds, 1e-6))))
            send()
            yield from done


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the main process, which stops them cleanly."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_games(
    game: str,
    seeds: Iterable[int],
    bots: Sequence[BotName] | None = None,
    *,
    jobs: int = 1,
    with_records: bool = False,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play one game per seed and return all the results in seed order (see :func:`iter_games`).

    ``on_result`` is called as each game finishes (for progress bars). For long runs,
    iterate :func:`iter_games` instead, which keeps no list.
    """
    results = []
    for result in iter_games(game, seeds, bots, jobs=jobs, records="dict" if with_records else ""):
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
) -> Summary:
    """Play ``games`` games between ``bots`` from ``seed`` on, and summarise them.

    ``on_result`` sees each result as it comes (for a progress bar, or the totals so
    far: ``Tally.add``). Memory does not grow with ``games``.

    Raises:
        BotError: at the first fault of a bot.
    """
    tally = Tally(game)
    for result in iter_games(game, range(seed, seed + games), bots, jobs=jobs):
        tally.add(result)
        if on_result:
            on_result(result)
    return tally.summary()


class Progress:
    """A one-line progress bar with the rate and the time left, redrawn at most ten times a second.

    It draws nothing when the stream is not a terminal, unless ``force`` is set.

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
        self.enabled = force or self.stream.isatty()
        self.done = 0
        self.started = time.monotonic()
        self._drawn = 0.0

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

    def draw(self, now: float) -> None:
        """Draw the bar as it is at time ``now``."""
        width = 30
        filled = width * self.done // max(1, self.total)
        bar = "#" * filled + "-" * (width - filled)
        elapsed = max(now - self.started, 1e-9)
        rate = self.done / elapsed
        if self.done >= self.total:
            when = f"done in {_duration(elapsed)}"
        elif rate > 0:
            when = f"{_duration((self.total - self.done) / rate)} left"
        else:
            when = "time left unknown"
        self.stream.write(
            f"\r{self.label} [{bar}] {self.done:,}/{self.total:,} games, {rate:,.0f} games/s,"
            f" {when}  "
        )
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


class RecordWriter:
    """Writes each game's record as it finishes: one JSON Lines file, or one file per game.

    A target ending in ``.jsonl`` is one file with one compact record per line (see
    RECORDS.md); any other target is a folder of ``<game>-<seed>.json`` files.

    Raises:
        FileExistsError: if records are already there and ``force`` is not set.
        OSError: if the target cannot be created.
    """

    def __init__(self, target: str | Path, game: str, *, force: bool = False) -> None:
        self.target = Path(target)
        self.game = game
        self.lines = str(target).endswith(".jsonl")
        self._file: IO[str] | None = None
        if self.lines:
            if self.target.is_dir():
                raise IsADirectoryError(f"{self.target} is a folder")
            self._file = open(  # noqa: SIM115 (closed by close())
                self.target, "w" if force else "x", encoding="utf-8", newline="\n"
            )
        else:
            self.target.mkdir(parents=True, exist_ok=True)
            if not force and next(self.target.glob(f"{game}-*.json"), None) is not None:
                raise FileExistsError(f"{self.target} already holds {game} records")

    def write(self, result: GameResult) -> None:
        """Write one game's record (the result must carry it)."""
        text = result.record_text
        if text is None:
            text = encode_record(result.record)
        if self._file is not None:
            self._file.write(text + "\n")
        else:
            path = self.target / f"{result.game}-{result.seed}.json"
            path.write_text(text + "\n", encoding="utf-8")

    def close(self) -> None:
        """Flush and close the file (nothing to do for a folder)."""
        if self._file is not None:
            self._file.close()
            self._file = None

    def where(self) -> str:
        """The target, for the message that says where the records are."""
        return str(self.target) if self.lines else f"{self.target}/"
