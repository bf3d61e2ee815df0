"""The random bot and whole games between bots."""

from __future__ import annotations

import pytest

from pirate_rules.bots import Bot, bot_names, make_bot
from pirate_rules.marvin import MarvinGame, RandomBot, play_game


def test_random_bot_is_registered() -> None:
    assert "random" in bot_names("marvin")
    bot = make_bot("marvin", "random", seed=4)
    assert isinstance(bot, RandomBot) and isinstance(bot, Bot)
    assert bot.name == "random" and bot.description


def test_choose_returns_a_legal_move_and_leaves_the_game_alone() -> None:
    game = MarvinGame.from_seed(2)
    bot = RandomBot(seed=1)
    for _ in range(200):
        if game.is_game_over():
            break
        before = game._state()
        move = bot.choose(game, game.to_move)
        assert game._state() == before
        assert move in game.legal_moves
        assert bot.reason.startswith("I ") and bot.reason.endswith(".")
        game.push(move)


def test_reason_counts_the_choices() -> None:
    bot = RandomBot(seed=0)
    game = MarvinGame.stacked("9C")
    bot.choose(game, 0)
    assert bot.reason == "I picked one of my 2 legal moves at random."
    game = MarvinGame.stacked("KS 7H QS 7D JS")
    game.play("take cave", "GL", "draw", "take ship", "GL", "draw")
    assert [str(move) for move in game.legal_moves] == ["take fort"]
    bot.choose(game, game.to_move)
    assert bot.reason == "I played my only legal move."


def test_choose_refuses_the_wrong_player() -> None:
    game = MarvinGame.stacked("9C")
    with pytest.raises(ValueError, match="player 1 has no move"):
        RandomBot(seed=0).choose(game, 1)


def test_same_seeds_same_game() -> None:
    a = play_game([RandomBot(seed=1), RandomBot(seed=2)], seed=9)
    b = play_game([RandomBot(seed=1), RandomBot(seed=2)], seed=9)
    c = play_game([RandomBot(seed=1), RandomBot(seed=3)], seed=9)
    assert a.log == b.log and a._state() == b._state()
    assert a.log != c.log


def test_play_game_options() -> None:
    game = play_game(["random", "random"], seed=4, players=("Ann", "Ben"), jokers=0, first=1)
    assert game.is_game_over() and game.players == ("Ann", "Ben")
    assert game.first == 1 and game.jokers == 0
    short = play_game(["random", "random"], seed=4, max_turns=5)
    assert 5 <= short.turn <= 7 and not short.is_game_over()
    with pytest.raises(ValueError, match="two bots"):
        play_game(["random"], seed=1)
    with pytest.raises(ValueError, match="unknown marvin bot"):
        play_game(["random", "genius"], seed=1)
