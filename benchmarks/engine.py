"""How fast the engines play: games per second on one core (CPython), median and range.

Usage:
    python benchmarks/engine.py [--games N] [--runs R] [--gc on|off] [--pairings]

Prints one line per bot pairing: games per second of CPU time (``time.process_time``)
and of wall time (``time.perf_counter``), each as the median of the runs with the
slowest and fastest run, and the mean length of a game in turns or moments. CPU time
is the engine's own figure; wall time also counts whatever else the machine is doing.
The baseline pairings are timed twice: with the engine's own game loop, then refereed
as ``pirate-rules simulate`` plays them (every bot call checked, see
``pirate_rules.referee``), which shows what the checks cost.

How the figures are kept honest:

* nothing outlives its game while timing: each finished game is reduced to its length
  (one integer) and dropped, so the heap does not grow during a run;
* the garbage collector is run before every run, then left on as in normal use
  (``--gc on``, the default), or switched off during the runs (``--gc off``) to see
  its share; the inputs of the decisions benchmark are moved out of its sight
  (``gc.freeze``) so that it does not walk them again and again;
* one warm-up game per pairing is played before the timed runs.

With ``--pairings`` every pairing of every registered bot is measured (slow: ``make
bench-pairings``), then each Marvin bot's decisions per second over the same positions.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pirate_rules.bots import bot_names, bot_seed, make_bot
from pirate_rules.referee import play_refereed
from pirate_rules.simulate import DEFAULT_BOTS, play_match


class Timing(NamedTuple):
    """One timed run: CPU and wall seconds, and how much work was done in them."""

    cpu: float
    wall: float
    items: int


def timed(work: Callable[[], int]) -> Timing:
    """Run ``work`` (which returns how many items it did) after a collection, timing it."""
    gc.collect()
    wall = time.perf_counter()
    cpu = time.process_time()
    count = work()
    cpu = time.process_time() - cpu
    wall = time.perf_counter() - wall
    return Timing(cpu, wall, count)


def play_games(
    game: str, bots: tuple[str, str], seeds: Iterable[int], refereed: bool = False
) -> int:
    """Play one game per seed, keeping only the sum of their lengths."""
    play: Callable[..., Any] = play_refereed if refereed else play_match
    total = 0
    if game == "marvin":
        for seed in seeds:
            total += play(game, seed, bots).turn
    else:
        for seed in seeds:
            total += play(game, seed, bots).moment
    return total


def measure(
    game: str, bots: tuple[str, str], games: int, runs: int, refereed: bool = False
) -> tuple[list[Timing], float]:
    """Each run's timing (its items are the games played), and the mean game length."""
    play_games(game, bots, [runs * games], refereed)  # warm-up, a seed no run uses
    timings = []
    lengths = 0
    for run in range(runs):
        seeds = range(run * games, (run + 1) * games)
        length = 0

        def work(seeds: range = seeds) -> int:
            nonlocal length
            length = play_games(game, bots, seeds, refereed)
            return len(seeds)

        timings.append(timed(work))
        lengths += length
    return timings, lengths / (games * runs)


def rates(timings: list[Timing], clock: str) -> str:
    """``median (slowest-fastest)`` items per second by one clock, for a report line."""
    per_second = [t.items / max(getattr(t, clock), 1e-9) for t in timings]
    return f"{statistics.median(per_second):>8,.0f} ({min(per_second):,.0f}-{max(per_second):,.0f})"


def report(game: str, bots: tuple[str, str], games: int, runs: int, refereed: bool = False) -> None:
    """Print one pairing's line."""
    timings, mean_length = measure(game, bots, games, runs, refereed)
    unit = "turns" if game == "marvin" else "moments"
    label = bots[0] + " vs " + bots[1] + (", refereed" if refereed else "")
    print(
        f"{game:<7} {label:<26}"
        f" CPU {rates(timings, 'cpu'):<24} wall {rates(timings, 'wall'):<24}"
        f" mean game {mean_length:.1f} {unit}",
        flush=True,
    )


def positions(count: int) -> list[Any]:
    """Copies of ``count`` Marvin decision points, taken from random games."""
    from pirate_rules.marvin import MarvinGame

    found: list[Any] = []
    seed = 0
    while len(found) < count:
        game = MarvinGame.from_seed(seed)
        bots = [make_bot("marvin", "random", seed=bot_seed(seed, seat)) for seat in (0, 1)]
        while not game.is_game_over() and len(found) < count:
            found.append(game.copy())
            game.push(bots[game.to_move].choose(game, game.to_move))
        seed += 1
    return found


def decisions(name: str, states: list[Any], runs: int) -> list[Timing]:
    """Each run's timing of bot ``name`` choosing a move in every one of ``states``."""

    def work() -> int:
        bot = make_bot("marvin", name, seed=0)
        for state in states:
            bot.choose(state, state.to_move)
        return len(states)

    return [timed(work) for _ in range(runs)]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per run (2000)")
    parser.add_argument("--runs", type=int, default=7, help="runs per pairing (7)")
    parser.add_argument(
        "--gc",
        choices=("on", "off"),
        default="on",
        help="garbage collector during the runs (on, as in normal use)",
    )
    parser.add_argument("--pairings", action="store_true", help="every pairing of bots")
    args = parser.parse_args()
    print(
        f"Python {sys.version.split()[0]}, one core, {args.runs} runs of {args.games} games,"
        f" gc {args.gc}; games/s: median (slowest-fastest run)"
    )
    if args.gc == "off":
        gc.disable()
    for game in ("marvin", "pirate"):
        if args.pairings:
            names = bot_names(game)
            pairs = [(a, b) for a in names for b in names]
        else:
            pairs = [DEFAULT_BOTS[game]]
        for bots in pairs:
            report(game, bots, args.games, args.runs)
        if not args.pairings:
            report(game, DEFAULT_BOTS[game], args.games, args.runs, refereed=True)
    if args.pairings:
        states = positions(2000)
        gc.freeze()
        for name in bot_names("marvin"):
            timings = decisions(name, states, args.runs)
            print(
                f"marvin  {name:<26} CPU {rates(timings, 'cpu'):<24}"
                f" wall {rates(timings, 'wall'):<24} decisions/s over {len(states)} positions",
                flush=True,
            )
        gc.unfreeze()


if __name__ == "__main__":
    main()
