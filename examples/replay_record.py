"""Replay a game record, checking every move, and tell the game in words.

For Marvin's Pirates Go! every turn is told, from the game's log. For Pirate, the
moments in which the players only turned cards or waited are skipped: each line tells
the cards played or claimed in one moment, and what came of them.

    .venv/bin/python examples/replay_record.py game.json  # a record file of either game
    .venv/bin/python examples/replay_record.py            # simulate one game, then replay it
    .venv/bin/python examples/replay_record.py --game pirate --seed 3

Record files come from the play pages' "Download the game record" button, or from
``pirate-rules simulate marvin --records DIR``. A record that cannot be read, or whose
moves break a rule, is reported in one line, with exit status 1. A record comes from
anyone, so every line is printed safely: a player's name cannot clear the screen or
retitle the window (control characters are shown escaped, as ``\x1b``), and a name
that is not valid text (a lone surrogate) is shown escaped too.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from pirate_rules.cli import Parser, quietly, whole_number
from pirate_rules.errors import PirateRulesError, one_line
from pirate_rules.marvin import MarvinGame
from pirate_rules.marvin import play_game as play_marvin
from pirate_rules.marvin import to_record as marvin_record
from pirate_rules.pirate import PirateGame
from pirate_rules.pirate import play_game as play_pirate
from pirate_rules.pirate import to_record as pirate_record
from pirate_rules.pirate.table import describe_outcome
from pirate_rules.records import read_record_file, replay


def simulate(game: str, seed: int) -> dict[str, Any]:
    """The record of one game between two random bots (Pirate: a fast and a slow one)."""
    if game == "marvin":
        return marvin_record(play_marvin(["random", "random"], seed, players=("Marvin", "Mum")))
    return pirate_record(play_pirate(["fast", "slow"], seed, players=("Ann", "Ben")))


def say(line: str) -> None:
    """Print one line of the story, made safe for a terminal (see the module's description)."""
    print(one_line(line, 10_000))


def tell_marvin(game: MarvinGame) -> None:
    """Every turn, as the log tells it, then the winner."""
    for line in game.log:
        say(line)
    outcome = game.outcome()
    if outcome is None:
        say(f"The record stops after {game.turn} turns, before the end.")
    else:
        say(f"{game.players[outcome.winner]} wins after {game.turn} turns.")


def tell_pirate(game: PirateGame) -> None:
    """Replay the moments one by one on a fresh table, telling each card placed."""
    names = game.players
    table = PirateGame(game.start, low=game.low, players=names)
    told = 0
    for moment in game.history:
        tops = [table.waste_top(0), table.waste_top(1)]
        table.apply_moment(moment)
        # Plays are not in the log; claims, captures and sinkings are.
        said = [f"{names[p]} plays {tops[p]}" for p, action in enumerate(moment) if action == "P"]
        said += [line.split(": ", 1)[1] for line in table.log[told:]]
        told = len(table.log)
        if said:
            say(f"moment {table.moment}: " + "; ".join(said))
    outcome = table.outcome()
    if outcome is None:
        say(f"The record stops after {table.moment} moments, before the end.")
    else:
        say(f"Game over after {table.moment} moments: {describe_outcome(table, outcome)}.")


def main() -> None:
    parser = Parser(prog="replay_record.py", description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", help="a record file (JSON); none: simulate one")
    parser.add_argument(
        "--game",
        choices=("marvin", "pirate"),
        default="marvin",
        help="the game to simulate when no file is given (marvin)",
    )
    parser.add_argument("--seed", type=whole_number, default=1, help="its seed (1)")
    args = parser.parse_args()

    try:
        if args.path is None:
            print(f"No record given: simulating one game of {args.game}, seed {args.seed}.")
            record: str | dict[str, Any] = json.dumps(simulate(args.game, args.seed))
        else:
            record = read_record_file(args.path)
        game = replay(record)
    except PirateRulesError as error:
        sys.exit(f"replay_record.py: error: {one_line(str(error), 2000)}")
    say(f"{' vs '.join(game.players)}: every move is legal.")
    if isinstance(game, MarvinGame):
        tell_marvin(game)
    else:
        tell_pirate(game)


if __name__ == "__main__":
    sys.exit(quietly(main, "replay_record.py"))
