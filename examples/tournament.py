"""A round robin of every registered Marvin's Pirates Go! bot, with win rates.

Every pair of bots plays the same deals twice, once from each seat, so that neither the
cards nor the seat favour one of them. The script prints each match, then a table of
every bot's wins over all its games, each with its 95% interval.

In this game the cards decide most deals: the same seat wins both games, whichever bot
sits in it, so each bot wins one of the two and the deal says nothing about which bot
plays better. (Over a handful of deals that can be every deal, for every pair: ten
matches at exactly 50.0%.) So each match also says how many deals the cards decided,
and how the bots shared the others, the deals that tell them apart. The default, 20
deals a pair, tells the ``random`` bot from the others: its share in the standings ends
well below one half (38.1%, 31.0-45.8, from seed 0). The bots that play well lie a few
points apart, which takes thousands of deals to tell, more than an example should take
(the site's "Luck and skill" page plays them).

    .venv/bin/python examples/tournament.py              # 20 deals per pair, 40 games
    .venv/bin/python examples/tournament.py --games 200  # narrower intervals, slower
"""

from __future__ import annotations

import itertools
import sys
from dataclasses import dataclass

from pirate_rules.bots import bot_names
from pirate_rules.cli import Parser, at_least, quietly, whole_number
from pirate_rules.simulate import run_games
from pirate_rules.stats import format_share


@dataclass
class Match:
    """Two bots over the same deals, each deal played from both seats."""

    deals: int = 0
    wins: tuple[int, int] = (0, 0)  # games won by the first and the second bot
    decided: int = 0  # deals the cards decided: the same seat won both games
    told: tuple[int, int] = (0, 0)  # the other deals, won in both games by each bot

    @property
    def games(self) -> int:
        return 2 * self.deals


def match(first: str, second: str, games: int, seed: int) -> Match:
    """Play every deal twice with the seats swapped, deal by deal."""
    seeds = range(seed, seed + games)
    one = run_games("marvin", seeds, (first, second))
    other = run_games("marvin", seeds, (second, first))
    result = Match(deals=games)
    wins = [0, 0]
    told = [0, 0]
    for a, b in zip(one, other, strict=True):
        # The first bot sat in seat 0 of game ``a`` and in seat 1 of game ``b``.
        first_won = (a.winner == 0) + (b.winner == 1)
        wins[0] += first_won
        wins[1] += 2 - first_won
        if a.winner == b.winner:
            result.decided += 1
        else:
            told[0 if first_won == 2 else 1] += 1
    result.wins = (wins[0], wins[1])
    result.told = (told[0], told[1])
    return result


def describe(first: str, second: str, played: Match) -> str:
    """One match in words: the wins, and what the deals the cards did not decide show."""
    line = f"  {first} vs {second}: {first} wins {format_share(played.wins[0], played.games)}"
    other = played.deals - played.decided
    if not other:
        return line + f"; the cards decided all {played.deals} deals: they cannot tell them apart"
    share = format_share(played.told[0], other)
    return (
        line + f"; the cards decided {played.decided} of {played.deals} deals,"
        f" and {first} won {share} of the other {other}"
    )


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
        result = match(first, second, args.games, args.seed)
        print(describe(first, second, result))
        wins[first] += result.wins[0]
        wins[second] += result.wins[1]
        played[first] += result.games
        played[second] += result.games

    print(
        "(A deal the cards decide gives each bot one game, so it tells nothing of who plays"
        " better; the other deals do.)"
    )
    print("Standings (all games, 95% intervals)")
    width = max(len(name) for name in names) + 2
    for name in sorted(names, key=lambda name: -wins[name] / max(1, played[name])):
        print(f"  {name:<{width}}{format_share(wins[name], played[name])}")


if __name__ == "__main__":
    sys.exit(quietly(main, "tournament.py"))
