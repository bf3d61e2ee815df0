"""How fast the engines play: games per second on one core (CPython), median and range.

Usage:
    python benchmarks/engine.py [--games N] [--runs R] [--gc on|off] [--pairings]
    python benchmarks/engine.py --baseline DIR [--games N] [--runs R]

Prints one line per bot pairing: games per second of CPU time (``time.process_time``)
and of wall time (``time.perf_counter``), each as the median of the runs with the
slowest and fastest run, and the mean length of a game in turns or moments. CPU time
is the engine's own figure; wall time also counts whatever else the machine is doing.

The baseline pairings are timed four ways, paired: each run times every way back to
back on the same seeds, and each way's cost is the ratio to the one before it in that
same run (median and range over the runs), so that the machine's swings cancel out:

1. with the engine's own game loop;
2. refereed as ``pirate-rules simulate`` plays them (``pirate_rules.referee``): the
   engine's own bots, checked for what any move changes and for what they raise;
3. the same bots as your own bots (a subclass that changes nothing), refereed with
   the whole state compared before and after each choice switched off, which leaves
   the time limit per move and the checks of what a choice returns;
4. your own bots, refereed as ``simulate`` referees them: the state is compared at
   every choice, the time limit is on (``--move-time 10``).

Way 4 over way 3 is what the state check costs your own bots; way 2 over way 1 what
refereeing costs the engine's own. Your own bots are timed on a tenth of the games.

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

With ``--baseline DIR`` (``make bench BASELINE=DIR``) this engine is timed against the
engine of another source tree, such as an older commit unpacked with ``git archive``,
in the same run: each engine plays in a process of its own, both are started first and
kept waiting, and each run times both engines back to back on the same seeds, the one
and then the other first in turn, so that the machine's swings fall on both alike. It
prints, for both games, bare and refereed, each engine's games per second (CPU and
wall, median and range over the runs) and this engine's speed as a share of the
baseline's, run by run (median and range).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gc
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple

# The engine timed: this tree's, or, in a process started by ``--baseline``, the tree
# given after ``--worker``.
sys.path.insert(
    0,
    sys.argv[sys.argv.index("--worker") + 1]
    if "--worker" in sys.argv[:-1]
    else str(Path(__file__).resolve().parent.parent),
)

import pirate_rules
from pirate_rules import referee
from pirate_rules.bots import bot_class, bot_names, bot_seed, make_bot
from pirate_rules.referee import play_refereed
from pirate_rules.simulate import DEFAULT_BOTS, play_match

TREE = Path(pirate_rules.__file__).resolve().parent.parent
"""The source tree whose engine this process imported."""


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
    game: str, bots: tuple[Any, Any], seeds: Iterable[int], refereed: bool = False
) -> int:
    """Play one game per seed, keeping only the sum of their lengths."""
    play: Callable[..., Any] = (
        functools.partial(play_refereed, **play_refereed_options) if refereed else play_match
    )
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
    timings, length = measure_ways(game, {"": (bots, refereed, None)}, games, runs)
    return timings[""], length


Way = tuple[tuple[Any, Any], bool, Callable[[], Any] | None]
"""How to play a pairing: the bots, refereed or not, and a setting to hold while timing."""


def measure_ways(
    game: str, ways: dict[str, Way], games: int, runs: int
) -> tuple[dict[str, list[Timing]], float]:
    """Each way's timing in each run, the ways timed back to back on the same seeds."""
    for bots, refereed, setting in ways.values():  # warm-up, a seed no run uses
        with setting() if setting else contextlib.nullcontext():
            play_games(game, bots, [runs * games], refereed)
    timings: dict[str, list[Timing]] = {name: [] for name in ways}
    lengths = 0
    for run in range(runs):
        seeds = range(run * games, (run + 1) * games)
        for name, (bots, refereed, setting) in ways.items():
            length = 0

            def work(seeds: range = seeds, bots: Any = bots, refereed: bool = refereed) -> int:
                nonlocal length
                length = play_games(game, bots, seeds, refereed)
                return len(seeds)

            with setting() if setting else contextlib.nullcontext():
                timings[name].append(timed(work))
        lengths += length
    return timings, lengths / (games * runs)


def rates(timings: list[Timing], clock: str) -> str:
    """``median (slowest-fastest)`` items per second by one clock, for a report line."""
    per_second = [t.items / max(getattr(t, clock), 1e-9) for t in timings]
    return f"{statistics.median(per_second):>8,.0f} ({min(per_second):,.0f}-{max(per_second):,.0f})"


def ratios(timings: list[Timing], base: list[Timing], clock: str) -> str:
    """How many games per second one way keeps of another's, run by run: median (range)."""
    kept = [
        (t.items / max(getattr(t, clock), 1e-9)) / (b.items / max(getattr(b, clock), 1e-9))
        for t, b in zip(timings, base, strict=True)
    ]
    return f"{statistics.median(kept):.1%} ({min(kept):.1%}-{max(kept):.1%})"


def report(game: str, bots: tuple[str, str], games: int, runs: int, refereed: bool = False) -> None:
    """Print one pairing's line."""
    timings, mean_length = measure(game, bots, games, runs, refereed)
    print(line(game, bots[0] + " vs " + bots[1] + (", refereed" if refereed else ""), timings,
               mean_length))  # fmt: skip


def line(game: str, label: str, timings: list[Timing], mean_length: float, tail: str = "") -> str:
    unit = "turns" if game == "marvin" else "moments"
    return (
        f"{game:<7} {label:<34}"
        f" CPU {rates(timings, 'cpu'):<24} wall {rates(timings, 'wall'):<24}"
        f" mean game {mean_length:.1f} {unit}{tail}"
    )


def yours(game: str, name: str) -> type:
    """The engine's bot ``name`` as your own bot: a subclass that changes nothing."""
    cls = bot_class(game, name)
    return type(f"Your{cls.__name__}", (cls,), {})


@contextlib.contextmanager
def unwatched_state() -> Any:
    """Your own bots' choices without the comparison of the whole state."""
    referee._COMPARE_STATE = False
    try:
        yield
    finally:
        referee._COMPARE_STATE = True


def report_checks(game: str, games: int, runs: int) -> None:
    """The four ways of the module's description, paired, with what each costs."""
    names = DEFAULT_BOTS[game]
    mine = (yours(game, names[0]), yours(game, names[1]))
    ways: dict[str, Way] = {
        "engine": (names, False, None),
        "refereed": (names, True, None),
    }
    timings, length = measure_ways(game, ways, games, runs)
    pair = f"{names[0]} vs {names[1]}"
    print(line(game, pair, timings["engine"], length), flush=True)
    kept = f"; {ratios(timings['refereed'], timings['engine'], 'cpu')} of the engine's (CPU)"
    print(line(game, pair + ", refereed", timings["refereed"], length, kept), flush=True)
    ways = {
        "unwatched": (mine, True, unwatched_state),
        "watched": (mine, True, None),
    }
    few = max(1, games // 10)
    with moves_timed():
        timings, length = measure_ways(game, ways, few, runs)
    print(line(game, "yours vs yours, refereed, no state check", timings["unwatched"], length),
          flush=True)  # fmt: skip
    kept = f"; {ratios(timings['watched'], timings['unwatched'], 'cpu')} of the line above (CPU)"
    print(line(game, "yours vs yours, refereed (simulate)", timings["watched"], length, kept),
          flush=True)  # fmt: skip


@contextlib.contextmanager
def moves_timed() -> Any:
    """Your own bots refereed as ``simulate`` referees them: 10 seconds a move."""
    global play_refereed_options
    play_refereed_options = {"move_time": 10.0}
    try:
        yield
    finally:
        play_refereed_options = {}


play_refereed_options: dict[str, Any] = {}


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


def serve() -> None:
    """A ``--worker`` process: time what each line of standard input asks, as JSON
    (the game, refereed or not, the first and last seed), and answer with one line of
    JSON (CPU and wall seconds, games played, total length). The first line it writes
    names the engine it imports, so that the driver can check it is the tree it asked
    for."""
    import json

    print(json.dumps({"engine": str(TREE)}), flush=True)
    warm: set[tuple[str, bool]] = set()
    for line in sys.stdin:
        ask = json.loads(line)
        game, refereed = ask["game"], ask["refereed"]
        bots = DEFAULT_BOTS[game]
        if (game, refereed) not in warm:  # one warm-up game, on a seed no run uses
            play_games(game, bots, [ask["warm_up"]], refereed)
            warm.add((game, refereed))
        seeds = range(ask["first"], ask["last"])
        length = 0

        def work(
            seeds: range = seeds, game: str = game, bots: Any = bots, refereed: bool = refereed
        ) -> int:
            nonlocal length
            length = play_games(game, bots, seeds, refereed)
            return len(seeds)

        timing = timed(work)
        print(json.dumps({**timing._asdict(), "length": length}), flush=True)


class Engine:
    """A ``--worker`` process timing the engine of the source tree ``tree``."""

    def __init__(self, name: str, tree: Path) -> None:
        import json
        import subprocess

        self.name = name
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--worker", str(tree)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        engine = Path(json.loads(self.process.stdout.readline())["engine"])
        if engine != tree.resolve():
            self.close()
            raise SystemExit(f"the {name} engine came from {engine}, not from {tree}")

    def time(self, game: str, refereed: bool, seeds: range, warm_up: int) -> tuple[Timing, int]:
        """One run's timing of this engine, and the total length of its games."""
        import json

        assert self.process.stdin is not None and self.process.stdout is not None
        ask = {"game": game, "refereed": refereed, "first": seeds.start, "last": seeds.stop}
        self.process.stdin.write(json.dumps({**ask, "warm_up": warm_up}) + "\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        return Timing(answer["cpu"], answer["wall"], answer["items"]), answer["length"]

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


def compare(baseline: Path, games: int, runs: int) -> None:
    """This engine against the baseline tree's, paired run by run (see the description)."""
    engines = [Engine("this", TREE), Engine("baseline", baseline)]
    try:
        for game in ("marvin", "pirate"):
            names = DEFAULT_BOTS[game]
            for refereed in (False, True):
                timings: dict[str, list[Timing]] = {engine.name: [] for engine in engines}
                lengths: dict[str, int] = {engine.name: 0 for engine in engines}
                for run in range(runs):
                    seeds = range(run * games, (run + 1) * games)
                    order = engines if run % 2 == 0 else engines[::-1]
                    for engine in order:
                        timing, length = engine.time(game, refereed, seeds, runs * games)
                        timings[engine.name].append(timing)
                        lengths[engine.name] += length
                if lengths["this"] != lengths["baseline"]:  # the same games, or no comparison
                    raise SystemExit(f"{game}: the two engines played different games")
                pair = f"{names[0]} vs {names[1]}" + (", refereed" if refereed else "")
                mean = lengths["this"] / (games * runs)
                for engine in engines:
                    print(line(game, f"{pair} ({engine.name})", timings[engine.name], mean))
                print(
                    f"{game:<7} {pair + ' (this / baseline)':<34}"
                    f" CPU {ratios(timings['this'], timings['baseline'], 'cpu'):<24}"
                    f" wall {ratios(timings['this'], timings['baseline'], 'wall')}",
                    flush=True,
                )
    finally:
        for engine in engines:
            engine.close()


def main() -> None:
    if "--worker" in sys.argv:
        serve()
        return
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
    parser.add_argument(
        "--baseline", type=Path, help="a source tree whose engine to time against this one"
    )
    args = parser.parse_args()
    print(
        f"Python {sys.version.split()[0]}, one core, {args.runs} runs of {args.games} games,"
        f" gc {args.gc}; games/s: median (slowest-fastest run)"
    )
    if args.baseline is not None:
        if not (args.baseline / "pirate_rules" / "__init__.py").is_file():
            parser.error(f"--baseline: no pirate_rules package in {args.baseline}")
        if args.gc == "off" or args.pairings:
            parser.error("--baseline times the baseline pairings with the collector on")
        print(f"This engine: {TREE}; baseline: {args.baseline.resolve()}")
        compare(args.baseline.resolve(), args.games, args.runs)
        return
    if args.gc == "off":
        gc.disable()
    for game in ("marvin", "pirate"):
        if not args.pairings:
            report_checks(game, args.games, args.runs)
            continue
        names = bot_names(game)
        for bots in [(a, b) for a in names for b in names]:
            report(game, bots, args.games, args.runs)
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
