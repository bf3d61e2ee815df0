"""Running the games behind the analysis pages: sizes, seeds, progress and digests.

Every study plays a fixed range of seeds, so the pages come out the same on any machine,
with any number of processes, and on a Dask cluster (`pirate_rules.cluster`). Games are
played in batches by `pirate_rules.simulate.run_games` (on a cluster, by
`pirate_rules.cluster.Cluster.games`), and each finished game is boiled down at once to
the few numbers a study needs (its *digest*), so memory stays small however many games
run.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TypeVar

from pirate_rules.bots import make_bot
from pirate_rules.pirate.bots import play_game as play_pirate
from pirate_rules.simulate import GameResult, Progress, bot_seed, result_of, run_games

if TYPE_CHECKING:
    from pirate_rules.cluster import Cluster

__all__ = [
    "BATCH",
    "DEFAULT_CAPS",
    "STUDY_OFFSETS",
    "Runner",
    "Sizes",
    "by_bots",
    "delay_result",
    "kept_match",
]

T = TypeVar("T")
J = TypeVar("J")

BATCH: Final = 2000
"""Games per call of `run_games`: results (with records) are digested batch by batch."""

STUDY_OFFSETS: Final = {"mirror": 0, "ladder": 1_000_000, "speed": 2_000_000, "luck": 3_000_000}
"""Where each study's seeds start, after the base seed: no two studies share a deal."""


DEFAULT_CAPS: Final = {"marvin:expert": 2000, "marvin:search": 500}
"""Games (or, on the luck page, deals) per match for the bots that think longest:
``search`` and ``expert`` look ahead at every move."""


@dataclass(frozen=True)
class Sizes:
    """How many games each study plays, and from which seeds.

    Attributes:
        games: Games per Marvin *mirror* match (a bot against itself), the big samples.
        ladder_games: Marvin games per seat order of each pairing of different bots.
        pirate_games: Games per Pirate mirror match.
        pirate_ladder_games: Pirate games per seat order of each pairing of different bots.
        speed_games: Pirate games per ordered pair of reaction delays.
        delays: The Pirate reaction delays compared, in moments.
        luck_deals: Marvin deals per pairing of fair bots on the luck page (each deal is
            played twice, with the seats swapped).
        oracle_deals: Marvin deals per pairing with the cheating oracle or the ``search``
            bot, the two that think longest per move.
        pirate_luck_deals: Pirate deals per pairing on the luck page.
        seed: The base seed; study ``s`` plays seeds ``seed + STUDY_OFFSETS[s] + i``.
        bot_games: Caps on games per match for bots that think slowly, by ``"game:bot"``
            (such as ``"marvin:search"``).
    """

    games: int = 20_000
    ladder_games: int = 1_000
    pirate_games: int = 1_000
    pirate_ladder_games: int = 100
    speed_games: int = 400
    delays: tuple[int, ...] = (0, 1, 2, 3, 4)
    luck_deals: int = 1_000
    oracle_deals: int = 100
    pirate_luck_deals: int = 500
    seed: int = 1
    bot_games: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_CAPS))

    def seeds(self, study: str, count: int) -> range:
        """The seeds of ``count`` games of ``study`` (a key of `STUDY_OFFSETS`)."""
        start = self.seed + STUDY_OFFSETS[study]
        return range(start, start + count)

    def capped(self, count: int, game: str, bots: Sequence[str]) -> int:
        """``count``, lowered to the smallest cap of any of ``bots`` (keys ``"game:bot"``)."""
        return min([count, *(self.bot_games.get(f"{game}:{bot}", count) for bot in bots)])

    def as_json(self) -> dict[str, Any]:
        """The sizes as a JSON-ready dictionary."""
        data = asdict(self)
        data["delays"] = list(self.delays)
        data["bot_games"] = dict(sorted(self.bot_games.items()))
        return data


class Runner:
    """Plays the studies' games on ``jobs`` processes, or on a Dask cluster, reporting
    progress on standard error.

    Args:
        jobs: Worker processes.
        quiet: Print nothing at all.
        keep: A folder where `map` keeps each finished deal as it comes, so that a long
            run that was stopped takes up where it left off (``None``: keep nothing).
            A deal is known by its function and its job, whose seed fixes the cards and
            the bots' seeds, so a kept deal is the one a new run would play.
        cluster: Play on this cluster's workers instead of ``jobs`` processes. The
            studies' own functions (this package) are sent to the workers with the
            jobs, so only the engine has to be installed there.
    """

    def __init__(
        self,
        jobs: int = 1,
        *,
        quiet: bool = False,
        keep: Path | None = None,
        cluster: Cluster | None = None,
    ) -> None:
        self.jobs = jobs
        self.quiet = quiet
        self.keep = keep
        self.cluster = cluster
        self.started = time.monotonic()
        if cluster is not None:
            import cloudpickle

            import analysis

            cloudpickle.register_pickle_by_value(analysis)

    def say(self, line: str) -> None:
        """One line of news on standard error, with the time since the start."""
        if not self.quiet:
            elapsed = time.monotonic() - self.started
            print(f"[{elapsed:6.1f} s] {line}", file=sys.stderr, flush=True)

    def play(
        self,
        game: str,
        bots: Sequence[str],
        seeds: range,
        digest: Callable[[GameResult], T],
        *,
        records: bool = False,
    ) -> list[T]:
        """Play one game per seed between ``bots`` and return each game's digest, in seed order."""
        label = f"{game}: {' v '.join(bots)}"
        bar = Progress(len(seeds), label) if not self.quiet else None
        digests: list[T] = []
        if self.cluster is not None:
            played = self.cluster.games(
                game, seeds, bots, records="dict" if records else "", on_done=_advance(bar)
            )
            digests.extend(digest(result) for result in played)
        else:
            for start in range(0, len(seeds), BATCH):
                results = run_games(
                    game,
                    seeds[start : start + BATCH],
                    bots,
                    jobs=self.jobs,
                    with_records=records,
                    on_result=bar.advance if bar else None,
                )
                digests.extend(digest(result) for result in results)
        if bar:
            bar.close()
        self.say(f"{label}: {len(seeds)} games")
        return digests

    def play_delays(self, delays: tuple[int, int], seeds: range) -> list[GameResult]:
        """Pirate games between two ``"slow"`` bots with the given mean reaction delays."""
        label = f"pirate: slow (delay {delays[0]}) v slow (delay {delays[1]})"
        return self.map(delay_result, [(seed, delays[0], delays[1]) for seed in seeds], label)

    def map(
        self, function: Callable[[J], T], jobs: Sequence[J], label: str, *, keep: bool = False
    ) -> list[T]:
        """``function`` of each job, in order, on the runner's processes, with a progress bar.

        ``function`` must be a module-level function, so that worker processes find it.
        With ``keep`` and the runner's ``keep`` folder, each result is kept there as it
        comes; ``function``'s jobs and results must then be JSON values (a tuple comes
        back as a list).
        """
        bar = Progress(len(jobs), label) if not self.quiet else None
        kept: dict[str, T] = {}
        store = None
        if keep and self.keep is not None:
            self.keep.mkdir(parents=True, exist_ok=True)
            path = self.keep / f"{function.__module__}.{function.__name__}.jsonl"
            if path.is_file():
                for line in path.read_text().splitlines():
                    job, result = json.loads(line)
                    kept[json.dumps(job)] = result
            store = path.open("a")
        todo = [job for job in jobs if json.dumps(job) not in kept] if kept else list(jobs)

        def collect(job: J, result: T, *, advance: bool = True) -> None:
            if store is not None:
                store.write(json.dumps([job, result]) + "\n")
                store.flush()
            kept[json.dumps(job)] = result
            if bar and advance:
                bar.advance()

        if self.cluster is not None:
            for job, result in zip(
                todo, self.cluster.map(function, todo, on_done=_advance(bar)), strict=True
            ):
                collect(job, result, advance=False)
        elif self.jobs <= 1 or len(todo) < 2:
            for job in todo:
                collect(job, function(job))
        else:
            chunk = max(1, min(100, len(todo) // (self.jobs * 8)))
            with ProcessPoolExecutor(max_workers=self.jobs) as pool:
                for job, result in zip(
                    todo, pool.map(function, todo, chunksize=chunk), strict=True
                ):
                    collect(job, result)
        if store is not None:
            store.close()
        results: list[T] = [kept[json.dumps(job)] for job in jobs]
        if bar:
            bar.close()
        self.say(f"{label}: {len(jobs)} {'games' if 'luck' not in label else 'deals'}")
        return results


def _advance(bar: Progress | None) -> Callable[[int], None] | None:
    """A cluster's ``on_done``: the bar moves as each batch finishes, on any worker."""
    if bar is None:
        return None

    def advance(count: int) -> None:
        for _ in range(count):
            bar.advance()

    return advance


def by_bots(matches: Iterable[Mapping[str, Any]]) -> dict[tuple[str, ...], Mapping[str, Any]]:
    """Matches of a page's data (each with its ``bots``), by their bots, for `kept_match`."""
    return {tuple(match["bots"]): match for match in matches}


def kept_match(
    earlier: Mapping[tuple[str, ...], Mapping[str, Any]] | None,
    redo: Sequence[str],
    bots: tuple[str, ...],
    size: str,
    count: int,
) -> Mapping[str, Any] | None:
    """The match of ``bots`` from an earlier run, to take as it is, or ``None`` to play it.

    ``earlier`` holds the earlier run's matches by their bots (``None``: there is no
    earlier run, so every match is played); a match with a bot of ``redo`` is played
    again. The earlier match must have played ``count`` games or deals (its ``size``
    entry), as the present sizes would, or `ValueError` is raised.

        >>> earlier = {("a", "b"): {"games": 2, "wins": [1, 1]}}
        >>> kept_match(earlier, ["c"], ("a", "b"), "games", 2)
        {'games': 2, 'wins': [1, 1]}
        >>> kept_match(earlier, ["b"], ("a", "b"), "games", 2) is None
        True
        >>> kept_match(earlier, ["c"], ("a", "b"), "games", 3)
        Traceback (most recent call last):
        ...
        ValueError: the earlier a v b has other sizes
    """
    if earlier is None or set(bots) & set(redo):
        return None
    name = " v ".join(bots)
    match = earlier.get(bots)
    if match is None:
        raise ValueError(f"the earlier data have no {name}")
    if match[size] != count:
        raise ValueError(f"the earlier {name} has other sizes")
    return match


def delay_result(job: tuple[int, int, int]) -> GameResult:
    """Play one Pirate game, ``(seed, delay of seat 0, delay of seat 1)``, between slow bots.

    The bots are seeded as in every other simulation (`pirate_rules.simulate.bot_seed`).
    """
    seed, *delays = job
    bots = [
        make_bot("pirate", "slow", seed=bot_seed(seed, seat), delay=delay)
        for seat, delay in enumerate(delays)
    ]
    return result_of("pirate", play_pirate(bots, seed), seed)
