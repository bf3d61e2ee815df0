"""Play many bot-against-bot games and summarise them, for both games.

Game ``i`` of a run started with seed ``S`` uses seed ``S + i`` for its cards, and the
bot in seat ``k`` is seeded with ``2 * (S + i) + k``: the same seed and bots always give
the same games, on the command line and in the browser alike.

    >>> results = [result_of("marvin", play_match("marvin", seed), seed) for seed in range(3)]
    >>> [r.seed for r in results]
    [0, 1, 2]
    >>> summary = Summary.of(results)
    >>> summary.games, sum(summary.wins) + summary.draws
    (3, 3)
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, TextIO

from pirate_rules.bots import bot_seed, make_bot
from pirate_rules.stats import format_share

__all__ = [
    "GAME_NAMES",
    "GameResult",
    "Progress",
    "Summary",
    "bot_seed",
    "play_match",
    "result_of",
    "run_games",
]

GAME_NAMES: Final = ("marvin", "pirate")
RECORD_GAMES: Final = {"marvin": "marvins-pirates-go", "pirate": "pirate"}
DEFAULT_BOTS: Final = {"marvin": ("random", "random"), "pirate": ("fast", "fast")}


def play_match(game: str, seed: int, bots: Sequence[str] | None = None) -> Any:
    """Deal a game of ``game`` (``"marvin"`` or ``"pirate"``) from ``seed`` and let bots play it.

    Args:
        game: ``"marvin"`` or ``"pirate"``.
        seed: Seed of the deal; the bots' seeds follow from it (:func:`bot_seed`).
        bots: Registered bot names for seat 0 and seat 1 (default: the game's baseline).

    Returns:
        The finished game object.
    """
    names = tuple(bots or DEFAULT_BOTS[game])
    players = [make_bot(game, name, seed=bot_seed(seed, seat)) for seat, name in enumerate(names)]
    if game == "marvin":
        from pirate_rules.marvin.bots import play_game as play_marvin

        return play_marvin(players, seed)
    from pirate_rules.pirate.bots import play_game as play_pirate

    return play_pirate(players, seed)


@dataclass(frozen=True, slots=True)
class GameResult:
    """What a summary needs to know of one finished game.

    Attributes:
        game: ``"marvin"`` or ``"pirate"``.
        seed: The seed the game was dealt from.
        winner: The winning seat, or ``None`` for a draw.
        length: Turns (Marvin) or moments (Pirate) played.
        reshuffles: How often the draw pile was refilled (Marvin).
        ships: Ships captured by each seat (Pirate).
        sunk: Ships sunk (Pirate).
        ended_by: How the game ended, such as ``"all pirates fainted"`` or ``"P11"``.
        record: The game record, when asked for.
    """

    game: str
    seed: int
    winner: int | None
    length: int
    reshuffles: int = 0
    ships: tuple[int, int] = (0, 0)
    sunk: int = 0
    ended_by: str = ""
    record: dict[str, Any] | None = field(default=None, compare=False)


def result_of(game: str, state: Any, seed: int, *, with_record: bool = False) -> GameResult:
    """Summarise one game object as a :class:`GameResult`.

    A game that stopped at a bot runner's safety limit without ending counts as a draw
    that ended ``"unfinished"``, so that a summary never hides it.
    """
    outcome = state.outcome()
    winner = outcome.winner if outcome else None
    ended_by = outcome.termination.value if outcome else "unfinished"
    if game == "marvin":
        from pirate_rules.marvin.record import to_record as marvin_record

        return GameResult(
            game=game,
            seed=seed,
            winner=winner,
            length=state.turn,
            reshuffles=state.reshuffles,
            ended_by=ended_by,
            record=marvin_record(state) if with_record else None,
        )
    from pirate_rules.pirate.record import to_record as pirate_record

    ships = state.score
    return GameResult(
        game=game,
        seed=seed,
        winner=winner,
        length=state.moment,
        ships=(ships[0], ships[1]),
        sunk=len(state.sunk),
        ended_by=ended_by,
        record=pirate_record(state) if with_record else None,
    )


def _play_one(job: tuple[str, int, tuple[str, str], bool]) -> GameResult:
    game, seed, bots, with_record = job
    return result_of(game, play_match(game, seed, bots), seed, with_record=with_record)


def run_games(
    game: str,
    seeds: Iterable[int],
    bots: Sequence[str] | None = None,
    *,
    jobs: int = 1,
    with_records: bool = False,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play one game per seed, on ``jobs`` processes, and return the results in seed order.

    ``on_result`` is called as each game finishes (for progress bars and writing records).
    """
    names = tuple(bots or DEFAULT_BOTS[game])
    work = [(game, seed, (names[0], names[1]), with_records) for seed in seeds]
    results: list[GameResult] = []
    if jobs <= 1 or len(work) < 2:
        for job in work:
            results.append(_play_one(job))
            if on_result:
                on_result(results[-1])
        return results
    chunk = max(1, min(200, len(work) // (jobs * 8)))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for result in pool.map(_play_one, work, chunksize=chunk):
            results.append(result)
            if on_result:
                on_result(result)
    return results


@dataclass(frozen=True)
class Summary:
    """Totals over many games: wins per seat with 95% intervals, lengths, and game events.

    Attributes:
        game: ``"marvin"`` or ``"pirate"``.
        games: How many games.
        wins: Games won by seat 0 and seat 1.
        draws: Drawn games.
        mean_length: Mean turns (Marvin) or moments (Pirate) per game.
        longest: The longest game's length.
        reshuffled: Marvin games in which the draw pile ran out at least once.
        sunk: Pirate ships sunk, over all games.
        ended_by: How many games ended each way.
    """

    game: str
    games: int
    wins: tuple[int, int]
    draws: int
    mean_length: float
    longest: int
    reshuffled: int
    sunk: int
    ended_by: dict[str, int]

    @classmethod
    def of(cls, results: Sequence[GameResult]) -> Summary:
        """Total up ``results`` (all of one game)."""
        if not results:
            raise ValueError("no games to summarise")
        ended: dict[str, int] = {}
        for r in results:
            ended[r.ended_by] = ended.get(r.ended_by, 0) + 1
        return cls(
            game=results[0].game,
            games=len(results),
            wins=(
                sum(r.winner == 0 for r in results),
                sum(r.winner == 1 for r in results),
            ),
            draws=sum(r.winner is None for r in results),
            mean_length=sum(r.length for r in results) / len(results),
            longest=max(r.length for r in results),
            reshuffled=sum(r.reshuffles > 0 for r in results),
            sunk=sum(r.sunk for r in results),
            ended_by=dict(sorted(ended.items())),
        )

    def lines(self, bots: Sequence[str] = ("", "")) -> Iterator[str]:
        """The summary as aligned text lines, for the terminal."""
        unit = "turns" if self.game == "marvin" else "moments"
        rows: list[tuple[str, str]] = []
        for seat in (0, 1):
            who = f"seat {seat}" + (f" ({bots[seat]})" if bots[seat] else "")
            rows.append((f"{who} wins", format_share(self.wins[seat], self.games)))
        if self.game == "pirate" or self.draws:
            rows.append(("draws", format_share(self.draws, self.games)))
        rows.append(("mean game", f"{self.mean_length:.1f} {unit}"))
        rows.append(("longest game", f"{self.longest} {unit}"))
        if self.game == "marvin":
            rows.append(("needed a reshuffle", format_share(self.reshuffled, self.games)))
        else:
            rows.append(("ships sunk", f"{self.sunk} ({self.sunk / self.games:.2f} a game)"))
        for how, count in self.ended_by.items():
            rows.append((f"ended: {ENDINGS.get(how, how)}", format_share(count, self.games)))
        width = max(len(label) for label, _ in rows) + 2
        yield f"{self.games} games of {_TITLES[self.game]}"
        for label, value in rows:
            yield f"  {label:<{width}}{value}"

    def as_json(self) -> dict[str, Any]:
        """The summary as a JSON-ready dictionary."""
        return {
            "game": RECORD_GAMES[self.game],
            "games": self.games,
            "wins": list(self.wins),
            "draws": self.draws,
            "mean_length": round(self.mean_length, 3),
            "longest": self.longest,
            "reshuffled": self.reshuffled,
            "sunk": self.sunk,
            "ended_by": self.ended_by,
        }


_TITLES: Final = {"marvin": "Marvin's Pirates Go!", "pirate": "Pirate"}
ENDINGS: Final = {
    "all_fainted": "all pirates fainted (M18)",
    "P10": "ships captured (P10)",
    "P11": "no card could be placed (P11)",
    "unfinished": "stopped unfinished at the move limit",
}
"""How each way a game ends reads in a summary."""


class Progress:
    """A one-line progress bar on a terminal stream, redrawn at most ten times a second.

    It draws nothing when the stream is not a terminal, unless ``force`` is set.
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
        now = time.monotonic()
        if self.enabled and (now - self._drawn >= 0.1 or self.done == self.total):
            self._drawn = now
            width = 30
            filled = width * self.done // max(1, self.total)
            bar = "#" * filled + "-" * (width - filled)
            elapsed = now - self.started
            self.stream.write(
                f"\r{self.label} [{bar}] {self.done}/{self.total} games, {elapsed:.1f} s"
            )
            self.stream.flush()

    def close(self) -> None:
        """End the bar's line."""
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()


def write_record(directory: Path, result: GameResult) -> Path:
    """Write ``result``'s record as ``<game>-<seed>.json`` in ``directory``."""
    path = directory / f"{result.game}-{result.seed}.json"
    path.write_text(json.dumps(result.record, indent=1) + "\n", encoding="utf-8")
    return path
