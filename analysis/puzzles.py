"""The *Puzzles* page's positions: found in simulated games, measured, explained and checked.

Usage::

    python -m analysis.puzzles [--games N] [--count N] [--orders N] [--seed S] [--jobs J]
                               [--out FILE] [--keep FILE] [--views-only] [--check] [--quiet]

``make puzzles`` runs it with the defaults and writes ``docs/learn/data/puzzles.json``,
which the *Puzzles* page shows. Progress goes to standard error, and the last line says
how long it took. How a position is found and judged (the measures are those of
`pirate_rules.marvin.puzzles`):

1. **Candidates.** Games between two ``expert`` bots are played from the seeds
   ``seed + 1`` to ``seed + games``. Every position where the crew at the bottom of the
   table (seat 0, the Blue crew) has two moves or more is a candidate.
2. **First looks.** Every legal move is played to the end of the game over a few imagined
   orders of the unseen cards (`FIRST_LOOKS`: 64, then 256); a candidate whose best move
   does not lead the next by 4 points, then 8, is dropped.
3. **Measured.** The candidates left are measured again, from scratch, over ``orders``
   (2,048) fresh imagined orders, shared by all their moves.
4. **Kept** is a position whose best move beats *every* other move by more than
   `THRESHOLD` (10 points of win chance) with 95% confidence: the lower end of the 95%
   interval of the paired difference lies above 10 points.
5. **Shown.** ``count`` of the kept positions are chosen for the page (`choose`): at most
   two from a game, each *idea* (the kind of the best move: a hit, an 8, a shield, a
   prize, ...) taking turns, the clearest first, so that the page shows many ideas.

Each puzzle keeps the game it came from (its seed and the moves before it), so the page
draws the play page's own view of it (`pirate_rules.web.marvin_new`, two players on one
device). ``--views-only`` writes the views and sentences again from the positions already
in the file, measuring nothing (after a change to the play page's views or to
`pirate_rules.marvin.puzzles.explain`); ``--check`` re-checks every answer with fresh,
smaller samples (`recheck`), as the tests do.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import sys
import time
from collections import defaultdict
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from pathlib import Path
from typing import Any, Final

from pirate_rules.bots import bot_seed, make_bot
from pirate_rules.marvin import MarvinGame, card_effect
from pirate_rules.marvin.moves import Move
from pirate_rules.marvin.puzzles import Measure, difference, explain, measure, playouts
from pirate_rules.simulate import Progress
from pirate_rules.web import forget, marvin_new
from pirate_rules.web.marvin_table import steps_since, table_json

__all__ = [
    "BOTS",
    "FIRST_LOOKS",
    "IDEAS",
    "ORDERS",
    "PLAYERS",
    "THRESHOLD",
    "choose",
    "effects_of",
    "idea_of",
    "look_at_game",
    "order_seed",
    "position",
    "recheck",
    "recheck_orders",
    "view_of",
]

PLAYERS: Final = ("Blue crew", "Red crew")
"""The crews' names on the page: the player solves each puzzle for the Blue crew."""
BOTS: Final = ("expert", "expert")
"""The bots of the simulated games the positions come from."""
ORDERS: Final = 2048
"""Imagined orders each move of a candidate is measured on."""
FIRST_LOOKS: Final = ((64, 0.04), (256, 0.08))
"""The first looks at a candidate, in turn, as ``(orders, lead)``: a candidate goes on
only if its best move leads the next one by ``lead`` or more."""
THRESHOLD: Final = 0.10
"""A kept position's best move beats each other move by more than this (10 points),
with 95% confidence."""
COUNT: Final = 36
"""How many puzzles the page shows."""
PER_GAME: Final = 2
"""At most this many puzzles come from one simulated game."""
GAMES: Final = 300
"""Simulated games looked at."""
IDEAS: Final = ("hit", "slash", "kill", "shield", "take", "fort", "cave", "ship", "draw")
"""The ideas of the puzzles, by the kind of their best move, in the order the page
takes them in."""
DEFAULT_OUT: Final = Path("docs/learn/data/puzzles.json")
FORMAT: Final = 1

RECHECK_Z: Final = 2.576
"""The re-check wants the lower end of the best move's 99% interval, against each other
move, above 0."""
RECHECK_AIM: Final = 6.0
"""The re-check's sample is sized so that the best move's expected lead is this many
standard errors against each other move (from the spread the measure saw), far above
`RECHECK_Z`: a sound answer fails it about once in 3,000 re-checks."""
RECHECK_ORDERS: Final = (64, 1024)
"""The smallest and largest re-check sample, in imagined orders."""


def order_seed(*parts: object) -> int:
    """The seed of a run of imagined orders, from words and numbers: the same parts always
    give the same seed, and other parts another one.

    Example:
        >>> order_seed("measure", 1, 7, 12) == order_seed("measure", 1, 7, 12)
        True
        >>> order_seed("measure", 1, 7, 12) == order_seed("re-check", 1, 7, 12)
        False
    """
    text = " ".join(str(part) for part in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def position(seed: int, moves: Sequence[str]) -> MarvinGame:
    """The game dealt from ``seed`` (as the play page deals it) after ``moves``.

    Example:
        >>> game = position(5, [])
        >>> game.turn, game.players
        (0, ('Blue crew', 'Red crew'))
    """
    game = MarvinGame.from_seed(seed, players=PLAYERS)
    game.play(*moves)
    return game


def candidates(seed: int) -> Iterator[tuple[list[str], MarvinGame]]:
    """The positions of the simulated game ``seed`` where seat 0 has a choice: the moves
    that lead there, and the game there (which the caller must not change).

    Example:
        >>> moves, game = next(candidates(3))
        >>> game.to_move, len(game.legal_moves) > 1
        (0, True)
        >>> position(3, moves).legal_moves == game.legal_moves
        True
    """
    game = position(seed, [])
    bots = [make_bot("marvin", name, seed=bot_seed(seed, seat)) for seat, name in enumerate(BOTS)]
    moves: list[str] = []
    while not game.is_game_over():
        player = game.to_move
        if player == 0 and len(game.legal_moves) > 1:
            yield moves[:], game
        move = bots[player].choose(game, player)
        moves.append(str(move))
        game.push(move)


def idea_of(game: MarvinGame, move: str) -> str:
    """The idea a puzzle teaches, by the kind of its best move (one of `IDEAS`).

    Example:
        >>> idea_of(MarvinGame.stacked("8S"), "GL"), idea_of(MarvinGame.stacked("KS"), "take cave")
        ('kill', 'take')
    """
    kind = Move.parse(move).kind
    if kind == "target":
        assert game.drawn is not None
        return card_effect(game.drawn)
    return kind


def _found(game: MarvinGame, seed: int, moves: list[str], full: Measure) -> dict[str, Any]:
    """A measured candidate, as JSON."""
    return {
        "seed": seed,
        "moves": moves,
        "turn": game.turn + 1,
        "idea": idea_of(game, full.moves[full.best]),
        "best": full.moves[full.best],
        "runner_up": full.moves[full.runner_up],
        "orders": full.orders,
        "chances": [
            {"move": move, "chance": chance}
            for move, chance in zip(full.moves, full.chances, strict=True)
        ],
        "against": {
            move: {
                "mean": versus.mean,
                "low": versus.low,
                "high": versus.high,
                "spread": versus.spread,
            }
            for move, versus in zip(full.moves, full.against, strict=True)
            if versus is not None
        },
        "closest_low": full.closest_low,
    }


def look_at_game(job: tuple[int, int, int]) -> dict[str, Any]:
    """Look at every candidate of one simulated game, ``(base seed, game seed, orders)``:
    how many there were, how many passed the first looks, and those measured in full."""
    base, seed, orders = job
    looked = 0
    measured = []
    for moves, game in candidates(seed):
        looked += 1
        ply = len(moves)
        for look, (size, lead) in enumerate(FIRST_LOOKS):
            first = measure(game, size, order_seed("first look", look, base, seed, ply))
            if first.margin.mean < lead:
                break
        else:
            full = measure(game, orders, order_seed("measure", base, seed, ply))
            measured.append(_found(game, seed, moves, full))
    return {"seed": seed, "looked": looked, "measured": measured}


def choose(kept: Sequence[dict[str, Any]], count: int) -> list[dict[str, Any]]:
    """``count`` of the ``kept`` puzzles for the page: at most `PER_GAME` from a game,
    the ideas taking turns in the order of `IDEAS`, each idea's clearest (largest lead
    over the next move) first.

    Example:
        >>> kept = [
        ...     {"seed": 1, "idea": "kill", "margin": 0.2},
        ...     {"seed": 2, "idea": "kill", "margin": 0.3},
        ...     {"seed": 3, "idea": "hit", "margin": 0.15},
        ...     {"seed": 3, "idea": "kill", "margin": 0.12},
        ... ]
        >>> [(p["idea"], p["seed"]) for p in choose(kept, 3)]
        [('hit', 3), ('kill', 2), ('kill', 1)]
    """
    by_idea: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for puzzle in sorted(kept, key=lambda p: (-p["margin"], p["seed"])):
        by_idea[puzzle["idea"]].append(puzzle)
    chosen: list[dict[str, Any]] = []
    per_game: dict[int, int] = defaultdict(int)
    while len(chosen) < count and any(by_idea.values()):
        for idea in IDEAS:
            queue = by_idea.get(idea, [])
            while queue and per_game[queue[0]["seed"]] >= PER_GAME:
                queue.pop(0)
            if queue and len(chosen) < count:
                puzzle = queue.pop(0)
                per_game[puzzle["seed"]] += 1
                chosen.append(puzzle)
    return chosen


_VIEW_KEYS: Final = ("turn", "to_move", "phase", "headline", "players", "table", "legal")


def view_of(seed: int, moves: Sequence[str]) -> dict[str, Any]:
    """The play page's view of the position, as two players on one device see it.

    Example:
        >>> view = view_of(3, next(candidates(3))[0])
        >>> view["to_move"], view["headline"].startswith("Blue crew, ")
        (0, True)
    """
    full = marvin_new({"seed": seed, "mode": "two", "players": list(PLAYERS), "moves": moves})
    forget(full["id"])
    return {key: full[key] for key in _VIEW_KEYS}


def effects_of(game: MarvinGame) -> dict[str, Any]:
    """What each legal move does at once, as the play page's step (`steps_since`): the
    step of its power or card, with the table just after. ``draw`` has none (its step
    would show the next card of the real pile, which the puzzle does not know).

    Example:
        >>> effects = effects_of(MarvinGame.stacked("8S"))
        >>> effects["GL"]["kind"], effects["GL"]["table"]["sides"][1]["pirates"][0]["fainted"]
        ('kill', True)
    """
    effects: dict[str, Any] = {}
    for move in game.legal_moves:
        if move.kind == "draw":
            effects[str(move)] = None
            continue
        copy = game.copy()
        before, events, drawn = table_json(copy), len(copy._events), copy.drawn
        copy.push(move)
        effects[str(move)] = steps_since(copy, before, events, drawn)[0]
    return effects


def _page_puzzle(number: int, found: dict[str, Any]) -> dict[str, Any]:
    """One puzzle of the page: the measure, the sentence, the view and each move's effect."""
    game = position(found["seed"], found["moves"])
    return {
        "number": number,
        **found,
        "why": explain(game, found["best"], found["runner_up"]),
        "view": view_of(found["seed"], found["moves"]),
        "effects": effects_of(game),
    }


def recheck_orders(puzzle: dict[str, Any]) -> int:
    """How many fresh orders the re-check of ``puzzle`` plays: enough for the best move's
    lead over each other move to be `RECHECK_AIM` standard errors, as the full measure
    saw it, within `RECHECK_ORDERS`, rounded up to a multiple of 32.

    Example:
        >>> recheck_orders({"against": {"GR": {"mean": 0.12, "spread": 0.3}}})
        256
    """
    low, high = RECHECK_ORDERS
    needed: float = max(
        (RECHECK_AIM * versus["spread"] / versus["mean"]) ** 2
        for versus in puzzle["against"].values()
    )
    return min(high, max(low, 32 * math.ceil(needed / 32)))


def recheck(puzzle: dict[str, Any]) -> list[str]:
    """Re-check a puzzle's answer on fresh imagined orders (`recheck_orders` of them): its
    best move must still win most often, and beat each other move with 99% confidence.
    Returns the problems found (none for a sound answer).

    Example:
        >>> recheck({"seed": 3, "moves": [], "best": "GL", "against": {"GR": {}}})
        ['position 3 after 0 moves: the legal moves are GL, GR, CL, CR, not GL, GR']
    """
    game = position(puzzle["seed"], puzzle["moves"])
    where = f"position {puzzle['seed']} after {len(puzzle['moves'])} moves"
    moves = [str(move) for move in game.legal_moves]
    if puzzle["best"] not in moves or set(puzzle["against"]) != set(moves) - {puzzle["best"]}:
        others = ", ".join([puzzle["best"], *puzzle["against"]])
        return [f"{where}: the legal moves are {', '.join(moves)}, not {others}"]
    orders = recheck_orders(puzzle)
    wins = playouts(game, orders, order_seed("re-check", puzzle["seed"], len(puzzle["moves"])))
    best = wins[moves.index(puzzle["best"])]
    problems = []
    for move, row in zip(moves, wins, strict=True):
        if move == puzzle["best"]:
            continue
        versus = difference(best, row, RECHECK_Z)
        if versus.low <= 0:
            problems.append(
                f"{where}: over {orders} fresh orders, {puzzle['best']} beats {move} by"
                f" {100 * versus.mean:.1f} points, 99% interval {100 * versus.low:.1f}"
                f" to {100 * versus.high:.1f}: not surely"
            )
    return problems


def _say(quiet: bool, started: float, line: str) -> None:
    if not quiet:
        print(f"[{time.monotonic() - started:7.1f} s] {line}", file=sys.stderr, flush=True)


def generate(args: argparse.Namespace, started: float) -> dict[str, Any]:
    """Look at the games, keep and choose the puzzles: the file's content."""
    jobs = [(args.seed, args.seed + i, args.orders) for i in range(1, args.games + 1)]
    done = _kept_games(args.keep)
    todo = [job for job in jobs if _job_key(job) not in done]
    if done:
        _say(args.quiet, started, f"{len(jobs) - len(todo)} games taken from {args.keep}")
    bar = None if args.quiet else Progress(len(todo), "puzzles: games")
    store = args.keep.open("a") if args.keep else None
    results = []
    looked = measured = kept = 0
    every = max(1, len(jobs) // 20)
    with ProcessPoolExecutor(max_workers=args.jobs) if args.jobs > 1 else nullcontext() as pool:
        fresh = iter(pool.map(look_at_game, todo) if pool else map(look_at_game, todo))
        for job in jobs:
            key = _job_key(job)
            result = done.get(key)
            if result is None:
                result = next(fresh)
                if store:
                    store.write(json.dumps([key, result]) + "\n")
                    store.flush()
                if bar:
                    bar.advance()
            results.append(result)
            looked += result["looked"]
            measured += len(result["measured"])
            kept += sum(found["closest_low"] > THRESHOLD for found in result["measured"])
            if len(results) % every == 0 or len(results) == len(jobs):
                _say(
                    args.quiet,
                    started,
                    f"{len(results)} of {len(jobs)} games: {looked} positions looked at,"
                    f" {measured} measured in full, {kept} kept",
                )
    if store:
        store.close()
    if bar:
        bar.close()
    pool_of_kept = [
        {**found, "margin": found["against"][found["runner_up"]]["mean"]}
        for result in results
        for found in result["measured"]
        if found["closest_low"] > THRESHOLD
    ]
    chosen = choose(pool_of_kept, args.count)
    if len(chosen) < args.count:
        keep = f" --keep {args.keep}" if args.keep else " (with --keep FILE, the games"
        keep += "" if args.keep else " looked at are kept for the next run)"
        raise SystemExit(
            f"only {len(chosen)} puzzles of the {args.count} asked for: look at more games,"
            f" with --games more than {args.games}{keep}"
        )
    for found in chosen:
        del found["margin"]
    puzzles = [_page_puzzle(number, found) for number, found in enumerate(chosen, 1)]
    return {
        "format": FORMAT,
        "made_by": "make puzzles (python -m analysis.puzzles)",
        "command": command_line(args),
        "players": list(PLAYERS),
        "bots": list(BOTS),
        "games": args.games,
        "seed": args.seed,
        "orders": args.orders,
        "first_looks": [list(look) for look in FIRST_LOOKS],
        "threshold": THRESHOLD,
        "looked_at": looked,
        "measured": measured,
        "kept": len(pool_of_kept),
        "ideas_kept": {
            idea: sum(p["idea"] == idea for p in pool_of_kept)
            for idea in IDEAS
            if any(p["idea"] == idea for p in pool_of_kept)
        },
        "puzzles": puzzles,
    }


def _job_key(job: tuple[int, int, int]) -> str:
    """What makes a game's result: its job and the settings of the looks."""
    return json.dumps([*job, BOTS, FIRST_LOOKS])


def _kept_games(path: Path | None) -> dict[str, Any]:
    """The games' results kept in ``path`` by earlier runs (`--keep`), by `_job_key`."""
    if path is None or not path.is_file():
        return {}
    kept = {}
    for line in path.read_text().splitlines():
        key, result = json.loads(line)
        kept[key] = result
    return kept


def command_line(args: argparse.Namespace) -> str:
    """The command that makes the same file again (jobs and output aside)."""
    flags = []
    for name, default in (("games", GAMES), ("count", COUNT), ("orders", ORDERS), ("seed", 1)):
        value = getattr(args, name)
        if value != default:
            flags.append(f" --{name} {value}")
    return "python -m analysis.puzzles" + "".join(flags)


def refresh_views(data: dict[str, Any]) -> dict[str, Any]:
    """The same puzzles with their views and sentences written again (nothing measured)."""
    puzzles = []
    for puzzle in data["puzzles"]:
        found = {k: v for k, v in puzzle.items() if k not in ("number", "why", "view", "effects")}
        puzzles.append(_page_puzzle(puzzle["number"], found))
    return {**data, "puzzles": puzzles}


def write(path: Path, data: dict[str, Any]) -> None:
    """Write the puzzles file: JSON, one puzzle's keys a line or so, chances rounded."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(_rounded(data), indent=1, ensure_ascii=False) + "\n")


def _rounded(value: Any) -> Any:
    if isinstance(value, float):
        return round(value, 5)
    if isinstance(value, dict):
        return {key: _rounded(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_rounded(item) for item in value]
    return value


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The command line's options."""
    parser = argparse.ArgumentParser(
        prog="python -m analysis.puzzles",
        description="Find the Puzzles page's positions in simulated games of Marvin's"
        " Pirates Go!, measure and explain them, and write them as JSON.",
    )
    add = parser.add_argument
    add("--games", type=_count, default=GAMES, help=f"simulated games to look at ({GAMES})")
    add("--count", type=_count, default=COUNT, help=f"puzzles to show ({COUNT})")
    add("--orders", type=_count, default=ORDERS, help=f"imagined orders per move ({ORDERS})")
    add("--seed", type=int, default=1, help="base seed: games seed+1 to seed+games (1)")
    add("--jobs", type=_count, default=os.cpu_count() or 1, help="processes (one per CPU)")
    add("--out", type=Path, default=DEFAULT_OUT, help=f"the file to write ({DEFAULT_OUT})")
    add(
        "--keep",
        type=Path,
        help="keep each game's result in this file as it comes, so that a run that was"
        " stopped, or one with more games, takes up where the last one left off",
    )
    add(
        "--views-only",
        action="store_true",
        help="write the views and sentences again from the positions in the file",
    )
    add("--check", action="store_true", help="re-check every answer in the file, write nothing")
    add("--quiet", action="store_true", help="print nothing on standard error")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    started = time.monotonic()
    out: Path = args.out
    if args.views_only or args.check:
        if not out.is_file():
            parser.error(f"no puzzles to read: {out} (run without --views-only or --check)")
        data = json.loads(out.read_text())
        if args.check:
            problems = [problem for puzzle in data["puzzles"] for problem in recheck(puzzle)]
            for problem in problems:
                print(problem, file=sys.stderr)
            _say(args.quiet, started, f"{len(data['puzzles'])} answers re-checked")
            return 1 if problems else 0
        data = refresh_views(data)
    else:
        data = generate(args, started)
    write(out, data)
    _say(args.quiet, started, f"wrote {len(data['puzzles'])} puzzles to {out}")
    _say(args.quiet, started, f"done in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
