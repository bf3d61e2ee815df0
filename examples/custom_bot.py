"""A Marvin's Pirates Go! bot of your own, in a dozen lines, against the random bot.

The finisher hits the weakest enemy pirate it can reach, so that it faints sooner, and
saves an 8 (the one-hit kill) for the toughest; it leaves every other choice to chance.
It plays the random bot from both seats, and the script prints its win rate with a 95%
interval. The page "Write your own bot" on the site walks through the same bot.

    .venv/bin/python examples/custom_bot.py               # 200 deals, 400 games
    .venv/bin/python examples/custom_bot.py --games 2000  # a narrower interval

(``.venv/bin/python`` is the project's Python once ``make setup`` has run; any Python
with ``pirate_rules`` installed will do.)
"""

from __future__ import annotations

import sys

from pirate_rules.bots import Bot, register_bot
from pirate_rules.cli import Parser, at_least, quietly, whole_number
from pirate_rules.marvin import MarvinGame, Move, card_effect
from pirate_rules.simulate import summarise
from pirate_rules.stats import format_share


@register_bot("marvin", "finisher")
class Finisher(Bot[MarvinGame, Move]):
    """Hits the weakest enemy pirate in reach; an 8 knocks out the toughest."""

    description = "hits the weakest pirate in reach"

    def choose(self, game: MarvinGame, player: int) -> Move:
        moves = game.legal_moves
        effect = card_effect(game.drawn) if game.drawn is not None else None
        if effect not in ("hit", "slash", "kill"):
            self.reason = "Nothing to hit, so it picked at random."
            return self.rng.choice(moves)
        enemy = game.sides[1 - player]
        tough = {m: enemy.hit_points(m.position) + enemy.has_shield(m.position) for m in moves}
        if effect == "kill":
            move = max(moves, key=tough.get)
            self.reason = f"The {game.drawn} knocks out {move}, the toughest pirate in reach."
        else:
            move = min(moves, key=tough.get)
            self.reason = f"The {game.drawn} hits {move}, the weakest pirate in reach."
        return move


def main() -> None:
    parser = Parser(prog="custom_bot.py", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=at_least(1), default=200, help="deals to play (200)")
    parser.add_argument("--seed", type=whole_number, default=0, help="seed of the first deal (0)")
    args = parser.parse_args()

    seat0 = summarise("marvin", ("finisher", "random"), args.games, args.seed)
    seat1 = summarise("marvin", ("random", "finisher"), args.games, args.seed)
    wins, games = seat0.wins[0] + seat1.wins[1], seat0.games + seat1.games
    print(f"finisher vs random, {games} games (each deal from both seats)")
    print(f"  finisher in seat 0   {format_share(seat0.wins[0], seat0.games)}")
    print(f"  finisher in seat 1   {format_share(seat1.wins[1], seat1.games)}")
    print(f"  finisher overall     {format_share(wins, games)}")
    example = Finisher(seed=1)
    game = MarvinGame.stacked("7H 7S 9C", players=("Marvin", "Mum"))
    game.play("GL", "GR")
    print(
        f"Asked what to do with {game.drawn}, it plays {example.choose(game, 0)}: {example.reason}"
    )


if __name__ == "__main__":
    sys.exit(quietly(main, "custom_bot.py"))
