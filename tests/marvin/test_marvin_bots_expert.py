"""The expert bot's options: the opponent it expects, and its shortcut among many powers.

The no-peek tests of every registered fair bot, the expert included, are in
``test_marvin_bots_search.py``; here the same checks run with the worst-case opponent.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_marvin_bots_search import Tripwire, hide_the_order, long_game_positions

from pirate_rules.marvin import MarvinGame
from pirate_rules.marvin.expert import _WIDE, ExpertBot
from pirate_rules.marvin.heuristics import pick


def test_the_worst_case_expert_does_not_peek_either() -> None:
    for game in long_game_positions()[::3]:
        other = hide_the_order(game, 4)
        other._pile = Tripwire(other._pile)
        a = ExpertBot(seed=5, draws=1, opponent="worst")
        b = ExpertBot(seed=5, draws=1, opponent="worst")
        assert a.choose(game, game.to_move) is b.choose(other, other.to_move)
        assert a.reason == b.reason


def counted_choice(bot: ExpertBot, game: MarvinGame, monkeypatch: Any) -> int:
    """How many lines ``bot`` looks at (calls of its ``_after``) to choose a move."""
    calls = 0
    after = ExpertBot._after

    def counting(self: ExpertBot, *args: Any) -> float:
        nonlocal calls
        calls += 1
        return after(self, *args)

    monkeypatch.setattr(ExpertBot, "_after", counting)
    bot.choose(game, game.to_move)
    monkeypatch.undo()
    return calls


def test_expecting_the_rules_of_thumb_keeps_one_branch_at_the_opponent(
    monkeypatch: Any,
) -> None:
    game = long_game_positions()[2]
    rules = counted_choice(ExpertBot(seed=1, draws=2), game, monkeypatch)
    worst = counted_choice(ExpertBot(seed=1, draws=2, opponent="worst"), game, monkeypatch)
    assert 0 < rules < worst


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


def root_looks(bot: ExpertBot, game: MarvinGame, monkeypatch: Any) -> list[tuple[str, int]]:
    """The moves ``bot`` looks at from ``game`` itself to choose, each with how many draws."""
    looked: list[tuple[str, int]] = []
    after = ExpertBot._after

    def recording(self: ExpertBot, sim: MarvinGame, move: Any, *rest: Any) -> float:
        if sim is game:
            looked.append((str(move), rest[-1]))
        return after(self, sim, move, *rest)

    monkeypatch.setattr(ExpertBot, "_after", recording)
    bot.choose(game, game.to_move)
    monkeypatch.undo()
    return looked


def test_among_many_powers_only_the_best_few_are_looked_at_fully(monkeypatch: Any) -> None:
    for game in wide_prize_phases()[:3]:
        bot = ExpertBot(seed=2, draws=2)
        looked = root_looks(bot, game, monkeypatch)
        shorter = sorted(move for move, draws in looked if draws == 1)
        fully = [move for move, draws in looked if draws == 2]
        assert shorter == sorted(map(str, game.legal_moves))
        assert len(fully) == _WIDE and str(bot.choose(game, game.to_move)) in fully


@pytest.mark.parametrize("opponent", ["rules", "worst"])
def test_a_wide_prize_phase_gets_a_legal_move_and_a_reason(opponent: str) -> None:
    for game in wide_prize_phases():
        bot = ExpertBot(seed=3, draws=2, opponent=opponent)
        move = bot.choose(game, game.to_move)
        assert move in game.legal_moves
        assert bot.reason.startswith("I ") and "next 2 draws" in bot.reason
