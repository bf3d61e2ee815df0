"""How fast the engines play: games per second on one core (CPython), median of runs.

Usage:
    python benchmarks/engine.py [--games N] [--runs R] [--pairings]

Prints one line per bot pairing: games per second (median of the runs, with the
slowest and fastest run), and the mean length of a game in turns or moments.
With ``--pairings`` every pairing of every registered bot is measured, then each
Marvin bot's decisions per second over the same positions.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pirate_rules.bots import bot_names, make_bot
from pirate_rules.simulate import DEFAULT_BOTS, play_match, result_of


def measure(game: str, bots: tuple[str, str], games: int, runs: int) -> tuple[list[float], float]:
    """Games per second of each run, and the mean game length over all runs."""
    rates = []
    lengths = []
    for run in range(runs):
        seeds = range(run * games, (run + 1) * games)
        started = time.perf_counter()
        finished = [play_match(game, seed, bots) for seed in seeds]
        elapsed = time.perf_counter() - started
        rates.append(games / elapsed)
        lengths += [result_of(game, state, 0).length for state in finished]
    return rates, statistics.fmean(lengths)


def report(game: str, bots: tuple[str, str], games: int, runs: int) -> None:
    rates, mean_length = measure(game, bots, games, runs)
    unit = "turns" if game == "marvin" else "moments"
    print(
        f"{game:<7} {bots[0] + ' vs ' + bots[1]:<26} {statistics.median(rates):>9,.0f} games/s"
        f"  (runs {min(rates):,.0f}-{max(rates):,.0f})  mean game {mean_length:.1f} {unit}",
        flush=True,
    )


def positions(count: int) -> list[Any]:
    """Copies of ``count`` Marvin decision points, taken from random games."""
    from pirate_rules.marvin import MarvinGame

    found: list[Any] = []
    seed = 0
    while len(found) < count:
        game = MarvinGame.from_seed(seed)
        bots = [make_bot("marvin", "random", seed=seed * 2 + seat) for seat in (0, 1)]
        while not game.is_game_over() and len(found) < count:
            found.append(game.copy())
            game.push(bots[game.to_move].choose(game, game.to_move))
        seed += 1
    return found


def decisions(name: str, states: list[Any]) -> float:
    """How many choices per second bot ``name`` makes over ``states``."""
    bot = make_bot("marvin", name, seed=0)
    started = time.perf_counter()
    for state in states:
        bot.choose(state, state.to_move)
    return len(states) / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per run (2000)")
    parser.add_argument("--runs", type=int, default=5, help="runs per pairing (5)")
    parser.add_argument("--pairings", action="store_true", help="every pairing of bots")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}, one core, {args.runs} runs of {args.games} games")
    for game in ("marvin", "pirate"):
        if args.pairings:
            names = bot_names(game)
            pairs = [(a, b) for a in names for b in names]
        else:
            pairs = [DEFAULT_BOTS[game]]
        for bots in pairs:
            report(game, bots, args.games, args.runs)
    if args.pairings:
        states = positions(2000)
        for name in bot_names("marvin"):
            rate = decisions(name, states)
            print(f"marvin  {name:<26} {rate:>9,.0f} decisions/s over {len(states)} positions")


if __name__ == "__main__":
    main()
