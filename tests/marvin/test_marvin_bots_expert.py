"""The expert bot: every move meets the same luck, and many powers are narrowed down first.

The no-peek tests of every registered fair bot, the expert included, are in
``test_marvin_bots_search.py``.
"""

from __future__ import annotations

from typing import Any

from test_marvin_bots_search import long_game_positions

from pirate_rules.marvin import MarvinGame, Move
from pirate_rules.marvin.expert import _FIRST_LOOK, _WIDE, ExpertBot
from pirate_rules.marvin.heuristics import pick


def test_every_move_meets_the_same_orders_and_reshuffles() -> None:
    late = [game for game in long_game_positions() if len(game.draw_pile) < 8]
    assert late
    for game in late:
        move = game.legal_moves[0]
        bot = ExpertBot(seed=4, samples=6, turns=12)
        chances = bot._chances(game, game.to_move, [move, move], 6)
        assert chances[0] == chances[1]


def test_a_playout_that_ends_the_game_counts_as_won_or_lost() -> None:
    for game in long_game_positions():
        bot = ExpertBot(seed=1, samples=4, turns=500)
        chances = bot._chances(game, game.to_move, list(game.legal_moves), 4)
        assert all(chance in (0.0, 0.25, 0.5, 0.75, 1.0) for chance in chances)


def wide_prize_phases() -> list[MarvinGame]:
    """Prize phases with more powers to choose from than the expert looks at fully."""
    found: list[MarvinGame] = []
    for seed in range(40):
        game = MarvinGame.from_seed(seed)
        while not game.is_game_over() and len(found) < 6:
            if game.phase == "prize" and len(game.legal_moves) > _WIDE:
                found.append(game.copy())
            game.push(pick(game, game.to_move)[0])
    assert len(found) == 6
    return found


def looks(bot: ExpertBot, game: MarvinGame, monkeypatch: Any) -> list[tuple[list[str], int]]:
    """The moves ``bot`` plays out to choose, each time with how many orders, then its
    choice (with no orders)."""
    looked: list[tuple[list[str], int]] = []
    chances = ExpertBot._chances

    def recording(
        self: ExpertBot, sim: MarvinGame, player: int, moves: list[Move], samples: int
    ) -> list[float]:
        looked.append(([str(move) for move in moves], samples))
        return chances(self, sim, player, moves, samples)

    monkeypatch.setattr(ExpertBot, "_chances", recording)
    looked.append(([str(bot.choose(game, game.to_move))], 0))
    monkeypatch.undo()
    return looked


def test_among_many_powers_only_the_best_few_are_played_out_fully(monkeypatch: Any) -> None:
    for game in wide_prize_phases()[:3]:
        bot = ExpertBot(seed=2, samples=8, turns=2)
        (rough, half), (fully, samples), (chosen, _) = looks(bot, game, monkeypatch)
        assert sorted(rough) == sorted(map(str, game.legal_moves)) and half == 4
        assert len(fully) == _WIDE and samples == 8 and set(fully) <= set(rough)
        assert chosen[0] in fully


def test_the_first_look_at_many_powers_shares_a_fixed_number_of_playouts(
    monkeypatch: Any,
) -> None:
    for game in wide_prize_phases():
        count = len(game.legal_moves)
        (_, first), (_, full), _ = looks(ExpertBot(seed=5, turns=1), game, monkeypatch)
        assert first == min(64, _FIRST_LOOK // count) and full == 128
        assert first * count <= _FIRST_LOOK


def test_a_few_moves_are_all_played_out_fully_once(monkeypatch: Any) -> None:
    game = next(game for game in long_game_positions() if 1 < len(game.legal_moves) <= _WIDE)
    looked = looks(ExpertBot(seed=2, samples=8, turns=2), game, monkeypatch)
    assert looked[0] == ([str(move) for move in game.legal_moves], 8) and len(looked) == 2


def test_a_wide_prize_phase_gets_a_legal_move_and_a_reason() -> None:
    for game in wide_prize_phases():
        bot = ExpertBot(seed=3, samples=8, turns=3)
        move = bot.choose(game, game.to_move)
        assert move in game.legal_moves
        # The moves kept after the first look (4 orders) are played out over 8 more.
        assert bot.reason.startswith("I ") and "3 turns ahead over 12 imagined orders" in bot.reason
