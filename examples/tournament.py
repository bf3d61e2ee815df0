"""A round robin of every registered Marvin's Pirates Go! bot, with win rates.

Every pair of bots plays the same deals twice, once from each seat, so that neither the
cards nor the seat favour one of them. The script prints each match, then a table of
every bot's wins over all its games, each with its 95% interval.

    .venv/bin/python examples/tournament.py              # 20 deals per pair, 40 games
    .venv/bin/python examples/tournament.py --games 200  # narrower intervals, slower
"""

from __future__ import annotations

import itertools
import sys

from pirate_rules.bots import bot_names
from pirate_rules.cli import Parser, at_least, quietly, whole_number
from pirate_rules.simulate import summarise
from pirate_rules.stats import format_share


def match(first: str, second: str, games: int, seed: int) -> tuple[int, int, int]:
    """Play every deal twice with the seats swapped: (first's wins, second's wins, games)."""
    one = summarise("marvin", (first, second), games, seed)
    other = summarise("marvin", (second, first), games, seed)
    return one.wins[0] + other.wins[1], one.wins[1] + other.wins[0], one.games + other.games


def main() -> None:
    parser = Parser(prog="tournament.py", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=at_least(1), default=20, help="deals per pair (20)")
    parser.add_argument("--seed", type=whole_number, default=0, help="seed of the first deal (0)")
    args = parser.parse_args()

    names = bot_names("marvin")
    wins = dict.fromkeys(names, 0)
    played = dict.fromkeys(names, 0)
    print(f"Round robin of {len(names)} bots, {2 * args.games} games per pair")
    for first, second in itertools.combinations(names, 2):
        won_first, won_second, games = match(first, second, args.games, args.seed)
        print(f"  {first} vs {second}: {first} wins {format_share(won_first, games)}")
        wins[first] += won_first
        wins[second] += won_second
        played[first] += games
        played[second] += games

    print("Standings (all games, 95% intervals)")
    for name in sorted(names, key=lambda name: -wins[name] / max(1, played[name])):
        print(f"  {name:<12} {format_share(wins[name], played[name])}")


if __name__ == "__main__":
    sys.exit(quietly(main, "tournament.py"))
