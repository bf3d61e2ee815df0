"""The ``pirate-rules`` command line (also ``python -m pirate_rules``).

Commands:

* ``simulate marvin|pirate``: bot-against-bot games, summarised;
* ``replay FILE``: check a game record move by move;
* ``play marvin|pirate``: play against a bot in the terminal.

Every error caused by the user's input is one line on standard error, with exit
status 1 (bad record, illegal move) or 2 (bad command line); never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from pirate_rules import __version__
from pirate_rules.bots import bot_class
from pirate_rules.errors import PirateRulesError
from pirate_rules.records import MARVIN, read_record_file
from pirate_rules.records import replay as replay_record
from pirate_rules.simulate import (
    DEFAULT_BOTS,
    GAME_NAMES,
    GameResult,
    Progress,
    Summary,
    run_games,
    write_record,
)

__all__ = ["main"]

PROG = "pirate-rules"


class UsageError(Exception):
    """A command line that cannot be run; exit status 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and do not exit by themselves."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def at_least(minimum: int) -> Callable[[str], int]:
    """An argument type: a whole number of at least ``minimum``, refused in one line."""

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, not {value}")
        return value

    return read


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every command."""
    parser = _Parser(prog=PROG, description="Rules engines for two pirate card games.")
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    sim = commands.add_parser("simulate", help="play bot-against-bot games and summarise them")
    sim.add_argument("game", choices=GAME_NAMES, help="which game")
    sim.add_argument("--games", type=at_least(1), default=100, help="how many games (100)")
    sim.add_argument("--seed", type=_seed, default=0, help="seed of the first game (0)")
    sim.add_argument(
        "--bots", help="the two bots, comma separated: registered names or module:Class"
    )
    sim.add_argument("--jobs", type=at_least(0), default=1, help="processes to use (1; 0 = all)")
    sim.add_argument("--records", metavar="DIR", help="write each game's record in DIR")
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    sim.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="draw a progress bar (default: on a terminal)",
    )

    rep = commands.add_parser("replay", help="replay a game record, checking every move")
    rep.add_argument("file", help="a record file (JSON)")
    rep.add_argument("--json", action="store_true", help="print the summary as JSON")

    play = commands.add_parser("play", help="play against a bot in the terminal")
    play.add_argument("game", choices=GAME_NAMES, help="which game")
    play.add_argument("--bot", help="the opponent bot")
    play.add_argument("--seed", type=_seed, default=None, help="seed of the deal")
    play.add_argument("--name", default="Player", help="your name (Player)")
    play.add_argument("--record", metavar="FILE", help="save the game record in FILE")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    try:
        args = build_parser().parse_args(argv)
        if args.command == "simulate":
            return _simulate(args)
        if args.command == "replay":
            return _replay(args)
        from pirate_rules.terminal import play

        return play(args.game, bot=args.bot, seed=args.seed, name=args.name, record=args.record)
    except UsageError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    except PirateRulesError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130


def _bots(game: str, text: str | None) -> tuple[str, str]:
    if text is None:
        return DEFAULT_BOTS[game]
    names = [name.strip() for name in text.split(",")]
    if len(names) != 2 or not all(names):
        raise UsageError(f"--bots needs two bot names separated by a comma, not {text!r}")
    for name in names:
        try:
            bot_class(game, name)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    return (names[0], names[1])


def _simulate(args: argparse.Namespace) -> int:
    bots = _bots(args.game, args.bots)
    jobs = args.jobs if args.jobs else (os.cpu_count() or 1)
    directory = None
    if args.records:
        directory = Path(args.records)
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(f"cannot create {args.records!r}: {exc.strerror or exc}") from None
    force = bool(args.progress)
    progress = Progress(args.games, f"{args.game} {bots[0]} vs {bots[1]}", force=force)
    if args.progress is False:
        progress.enabled = False

    def on_result(result: GameResult) -> None:
        if directory is not None:
            try:
                write_record(directory, result)
            except OSError as exc:
                raise UsageError(f"cannot write a record in {args.records!r}: {exc}") from None
        progress.advance()

    seeds = range(args.seed, args.seed + args.games)
    try:
        results = run_games(
            args.game, seeds, bots, jobs=jobs, with_records=directory is not None,
            on_result=on_result,
        )  # fmt: skip
    finally:
        progress.close()
    summary = Summary.of(results)
    if args.json:
        print(json.dumps({**summary.as_json(), "bots": list(bots), "seed": args.seed}))
    else:
        for line in summary.lines(bots):
            print(line)
        if directory is not None:
            print(f"  records written to {directory}/")
    return 0


def _replay(args: argparse.Namespace) -> int:
    data = read_record_file(args.file)
    game = replay_record(data)
    summary = replay_summary(data["game"], game)
    if args.json:
        print(json.dumps(summary))
    else:
        finished = game.outcome() is not None
        print(describe_summary(summary, data.get("players"), finished=finished))
    return 0


def replay_summary(kind: str, game: Any) -> dict[str, Any]:
    """The JSON summary of a replayed game (``{"game", "winner", "turns"}`` for Marvin)."""
    outcome = game.outcome()
    winner = outcome.winner if outcome else None
    if kind == MARVIN:
        return {"game": kind, "winner": winner, "turns": game.turn}
    ships = game.score
    return {
        "game": kind,
        "winner": winner,
        "moments": game.moment,
        "ships": [ships[0], ships[1]],
        "sunk": len(game.sunk),
    }


def describe_summary(summary: dict[str, Any], players: Any, *, finished: bool = True) -> str:
    """One line in words for a replay summary."""
    names = players if isinstance(players, list) and len(players) == 2 else ["seat 0", "seat 1"]
    unit = "turns" if "turns" in summary else "moments"
    length = summary.get("turns", summary.get("moments"))
    title = "Marvin's Pirates Go!" if summary["game"] == MARVIN else "Pirate"
    text = f"{title}: every move is legal; {length} {unit}"
    if "ships" in summary:
        text += f", ships {summary['ships'][0]}-{summary['ships'][1]}, {summary['sunk']} sunk"
    winner = summary["winner"]
    if not finished:
        text += "; the game is unfinished"
    elif winner is None:
        text += "; a draw"
    else:
        text += f"; {names[winner]} won"
    return text + "."


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
