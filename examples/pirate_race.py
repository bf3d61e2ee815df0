"""A race at Pirate between a fast bot and a slow one, told ship by ship.

One game is dealt from the seed and played to the end: every ship captured or sunk is
printed as it happens, then the table at the end. With ``--games``, more deals follow
and the script prints how often each bot won, with 95% intervals.

    .venv/bin/python examples/pirate_race.py                       # fast against slow
    .venv/bin/python examples/pirate_race.py --bots expert,toddler --seed 4
    .venv/bin/python examples/pirate_race.py --games 50            # and 50 more deals

The bots are any two of ``pirate-rules``' registered Pirate bots; ``--list`` shows them.
"""

from __future__ import annotations

import argparse
import sys

from pirate_rules.bots import bot_names, make_bot
from pirate_rules.cli import Parser, at_least, quietly, whole_number
from pirate_rules.pirate import play_game
from pirate_rules.simulate import summarise


def two_bots(text: str) -> tuple[str, str]:
    """Two registered Pirate bot names, separated by a comma, for ``--bots``."""
    names = [name.strip() for name in text.split(",")]
    known = bot_names("pirate")
    if len(names) != 2:
        raise argparse.ArgumentTypeError(f"expected two bot names such as fast,slow, not {text!r}")
    for name in names:
        if name not in known:
            raise argparse.ArgumentTypeError(
                f"no Pirate bot {name!r} (choose from: {', '.join(known)})"
            )
    return names[0], names[1]


def main() -> None:
    parser = Parser(prog="pirate_race.py", description=__doc__.splitlines()[0])
    parser.add_argument("--bots", type=two_bots, default=("fast", "slow"), help="(fast,slow)")
    parser.add_argument("--seed", type=whole_number, default=0, help="seed of the deal (0)")
    parser.add_argument("--games", type=at_least(0), default=0, help="more deals to summarise (0)")
    parser.add_argument("--list", action="store_true", help="list the Pirate bots and stop")
    args = parser.parse_args()
    if args.list:
        for name in bot_names("pirate"):
            print(f"{name:<10} {make_bot('pirate', name).description}")
        return

    bots = args.bots
    print(f"Ann is the {bots[0]} bot, Ben the {bots[1]} bot; deal {args.seed}.")
    game = play_game(bots, args.seed, players=("Ann", "Ben"))
    for line in game.log:
        if "captured" in line or "sank" in line:
            print(line)
    print()
    print(game)

    if args.games:
        summary = summarise("pirate", bots, args.games, args.seed + 1)
        print()
        for line in summary.lines(bots):
            print(line)


if __name__ == "__main__":
    sys.exit(quietly(main, "pirate_race.py"))
