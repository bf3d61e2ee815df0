"""``python -m analysis``: play the simulations and write the analysis pages.

Usage::

    python -m analysis [--games N] [--ladder-games N] [--pirate-games N]
                       [--pirate-ladder-games N] [--speed-games N] [--delays 0,1,2]
                       [--luck-deals N] [--oracle-deals N] [--pirate-luck-deals N]
                       [--seed S] [--bot-games GAME:BOT=N ...] [--only GAME]
                       [--jobs J] [--cluster ADDRESS] [--keep DIR] [--redo BOT ...]
                       [--out DIR] [--render-only] [--quiet]

The defaults are the sizes of the published pages (``make analysis``). For each page
(``marvin``, ``pirate``, ``luck``) it writes ``DIR/data/<page>.json`` (the counts),
``DIR/<page>-*.svg`` (the charts) and ``DIR/<page>.md`` (the page, filled from
``analysis/templates/<page>.md``). Progress goes
to standard error. ``--render-only`` skips the games and rebuilds the pages and charts
from the JSON already in ``DIR``, after a change to a template. ``--only marvin --redo
BOT`` (or ``--only luck``) plays again only that page's Marvin matches with ``BOT``
(after a change to that bot): on the Marvin page its mirror match and its ladder
matches, on the luck page its pairings. It takes the other matches from the JSON already
in ``DIR``, which must come from a run of the same sizes: the page is then the one the
full command would write, and it shows that command.

``--cluster ADDRESS`` plays the games on a Dask cluster instead (``local`` starts one of
``--jobs`` worker processes here; ``tcp://host:8786`` joins a running scheduler): the data
come out byte for byte the same, and ``--keep`` and ``--redo`` work as on one machine.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from analysis.build import (
    GAMES,
    REDO_GAMES,
    data_path,
    read_data,
    render,
    simulate,
    write_data,
    write_files,
)
from analysis.sim import DEFAULT_CAPS, Runner, Sizes
from pirate_rules.bots import bot_class, bot_names
from pirate_rules.cli import at_least
from pirate_rules.cluster import scheduler_address

DEFAULT_OUT = Path("docs/analysis")


_count = at_least(1)


def _delays(text: str) -> tuple[int, ...]:
    try:
        delays = tuple(sorted({int(part) for part in text.split(",")}))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of whole numbers: {text!r}") from None
    if len(delays) < 2 or delays[0] < 0:
        raise argparse.ArgumentTypeError(f"give two or more delays of 0 or more: {text!r}")
    return delays


def _cap(text: str) -> tuple[str, int]:
    key, _, count = text.partition("=")
    game, _, bot = key.partition(":")
    if game not in GAMES or not bot or not count:
        raise argparse.ArgumentTypeError(
            f"expected GAME:BOT=N, such as marvin:search=200: {text!r}"
        )
    return key, _count(count)


def page_bots(page: str) -> list[str]:
    """The bots a page plays: a game's page the fair ones (no cheating oracle), the luck
    page every Marvin bot."""
    if page == "luck":
        return bot_names("marvin")
    return [name for name in bot_names(page) if getattr(bot_class(page, name), "fair", True)]


def build_parser() -> argparse.ArgumentParser:
    """The command line's options."""
    defaults = Sizes()
    parser = argparse.ArgumentParser(
        prog="python -m analysis",
        description="Play bot-against-bot games and write the analysis pages and charts.",
    )
    add = parser.add_argument
    add(
        "--games",
        type=_count,
        default=defaults.games,
        help=f"Marvin games per mirror match ({defaults.games})",
    )
    add(
        "--ladder-games",
        type=_count,
        default=defaults.ladder_games,
        help=f"Marvin games per seat order of each ladder pairing ({defaults.ladder_games})",
    )
    add(
        "--pirate-games",
        type=_count,
        default=defaults.pirate_games,
        help=f"Pirate games per mirror match ({defaults.pirate_games})",
    )
    add(
        "--pirate-ladder-games",
        type=_count,
        default=defaults.pirate_ladder_games,
        help=f"Pirate games per seat order of each pairing ({defaults.pirate_ladder_games})",
    )
    add(
        "--speed-games",
        type=_count,
        default=defaults.speed_games,
        help=f"Pirate games per ordered pair of reaction delays ({defaults.speed_games})",
    )
    add(
        "--delays",
        type=_delays,
        default=defaults.delays,
        help="Pirate mean reaction delays to compare, in moments "
        f"({','.join(map(str, defaults.delays))})",
    )
    add(
        "--luck-deals",
        type=_count,
        default=defaults.luck_deals,
        help=f"Marvin deals per pairing of fair bots on the luck page ({defaults.luck_deals})",
    )
    add(
        "--oracle-deals",
        type=_count,
        default=defaults.oracle_deals,
        help=f"Marvin deals per pairing with the cheating oracle ({defaults.oracle_deals})",
    )
    add(
        "--pirate-luck-deals",
        type=_count,
        default=defaults.pirate_luck_deals,
        help=f"Pirate deals per pairing on the luck page ({defaults.pirate_luck_deals})",
    )
    add("--seed", type=int, default=defaults.seed, help=f"base seed ({defaults.seed})")
    add(
        "--bot-games",
        type=_cap,
        action="append",
        metavar="GAME:BOT=N",
        help="play at most N games per match involving BOT (repeatable; default: "
        + " ".join(f"{key}={value}" for key, value in DEFAULT_CAPS.items())
        + ")",
    )
    add("--only", choices=GAMES, help="one page only")
    add(
        "--jobs",
        type=_count,
        default=os.cpu_count() or 1,
        help="worker processes (default: one per CPU); results do not depend on it",
    )
    add(
        "--cluster",
        metavar="ADDRESS",
        type=scheduler_address,
        help="play on a Dask cluster: local (a LocalCluster of --jobs processes) or a"
        " scheduler's address such as tcp://host:8786; results do not depend on it"
        " (needs pirate-rules[cluster])",
    )
    add(
        "--keep",
        type=Path,
        help="keep each finished deal of the luck page in this folder, so that a run that"
        " was stopped takes up where it left off (the same command plays the same deals)",
    )
    add(
        "--redo",
        action="append",
        choices=bot_names("marvin"),
        metavar="BOT",
        help="with --only marvin or --only luck: play again only that page's Marvin matches"
        " with BOT (repeatable), taking the others from the data in the output folder"
        " (a run of the same sizes)",
    )
    add("--out", type=Path, default=DEFAULT_OUT, help=f"output folder ({DEFAULT_OUT})")
    add(
        "--render-only",
        action="store_true",
        help="rebuild pages and charts from the JSON in the output folder, playing nothing",
    )
    add("--quiet", action="store_true", help="print nothing on standard error")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    out: Path = args.out
    games = [args.only] if args.only else list(GAMES)
    if args.redo and (args.only not in REDO_GAMES or args.render_only):
        pages = " or ".join(f"--only {page}" for page in REDO_GAMES)
        parser.error(f"--redo needs {pages} (and games to play)")
    if args.redo and not data_path(out, args.only).is_file():
        parser.error(f"no earlier data to take the other matches from: {data_path(out, args.only)}")
    from pirate_rules.cluster import ClusterError

    try:
        with contextlib.ExitStack() as stack:
            cluster = None
            if args.cluster and not args.render_only:
                from pirate_rules.cluster import Cluster

                cluster = stack.enter_context(Cluster(args.cluster, workers=args.jobs))
            runner = Runner(args.jobs, quiet=args.quiet, keep=args.keep, cluster=cluster)
            _play_pages(parser, args, runner, games, out)
    except ClusterError as error:
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        return 1
    return 0


def _play_pages(
    parser: argparse.ArgumentParser,
    args: argparse.Namespace,
    runner: Runner,
    games: Sequence[str],
    out: Path,
) -> None:
    started = time.monotonic()
    for game in games:
        if args.render_only:
            if not data_path(out, game).is_file():
                parser.error(
                    f"no data to render: {data_path(out, game)} (run without --render-only)"
                )
            data = read_data(out, game)
        else:
            sizes = Sizes(
                games=args.games,
                ladder_games=args.ladder_games,
                pirate_games=args.pirate_games,
                pirate_ladder_games=args.pirate_ladder_games,
                speed_games=args.speed_games,
                delays=args.delays,
                luck_deals=args.luck_deals,
                oracle_deals=args.oracle_deals,
                pirate_luck_deals=args.pirate_luck_deals,
                seed=args.seed,
                bot_games=dict(DEFAULT_CAPS if args.bot_games is None else args.bot_games),
            )
            bots = page_bots(game)
            runner.say(f"{game}: bots {', '.join(bots)}")
            previous = read_data(out, game) if args.redo else None
            try:
                data = simulate(game, runner, sizes, bots, previous, args.redo or ())
            except ValueError as error:
                parser.error(f"--redo: {error}")
            write_data(out, data)
        for path in write_files(out, render(data)):
            runner.say(f"wrote {path}")
    runner.say(f"done in {time.monotonic() - started:.1f} s")
    if runner.cluster is not None and runner.cluster.by_worker:
        runner.say(f"played on {runner.cluster.workers_line()}")


if __name__ == "__main__":
    sys.exit(main())
