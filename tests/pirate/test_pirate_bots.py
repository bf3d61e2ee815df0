"""Bots and whole games."""

from __future__ import annotations

import pickle

import pytest

from pirate_rules.bots import bot_names, make_bot
from pirate_rules.pirate import Action, PirateGame
from pirate_rules.pirate.bots import FastBot, SlowBot, play_game


def test_bots_are_registered_weakest_first() -> None:
    old = ["random", "slow", "fast"]
    assert [name for name in bot_names("pirate") if name in old] == old
    assert isinstance(make_bot("pirate", "fast", seed=1), FastBot)
    slow = make_bot("pirate", "slow", seed=1, delay=5)
    assert isinstance(slow, SlowBot) and slow.delay == 5
    with pytest.raises(ValueError, match="delay"):
        SlowBot(delay=-1)


@pytest.mark.parametrize("name", ["random", "slow", "fast"])
def test_bots_choose_legal_actions_without_touching_the_game(name: str) -> None:
    game = PirateGame.from_seed(5)
    bots = [make_bot("pirate", name, seed=1), make_bot("pirate", name, seed=2)]
    for _ in range(300):
        if game.is_terminal():
            break
        before = pickle.dumps(game)
        pair = [bots[p].choose(game, p) for p in (0, 1)]
        assert pickle.dumps(game) == before
        for player, action in enumerate(pair):
            assert action in game.legal_actions(player)
            assert bots[player].reason.endswith(".")
        game.apply_moment(*pair)


def test_fast_bot_plays_claims_then_turns() -> None:
    game = PirateGame(stocks=("AH", "2H 9C"), players=("Ann", "Ben"), complete=False)
    fast = FastBot()
    assert fast.choose(game, 0) is Action.TURN
    game.apply_moment("TT")
    assert fast.choose(game, 0) is Action.PLAY
    assert fast.reason == "AH fits my hearts half, so I play it."
    game.apply_moment("PW")
    assert fast.choose(game, 0) is Action.CLAIM
    game.apply_moment("WT")
    assert fast.choose(game, 0) is Action.WAIT


def test_slow_bot_looks_before_acting() -> None:
    game = PirateGame(stocks=("AH 2H", "KS"), players=("Ann", "Ben"), complete=False)
    slow = SlowBot(seed=3, delay=3)
    assert slow.choose(game, 0) is Action.TURN  # nothing to look at yet
    game.apply_moment("TW")
    waited = 0
    while (action := slow.choose(game, 0)) is Action.WAIT:
        assert slow.reason == "I am still looking at AH."
        game.apply_moment("WW")
        waited += 1
    assert action is Action.PLAY and waited <= 6


def test_slow_bot_without_delay_plays_like_the_fast_one() -> None:
    fast = play_game(("fast", "fast"), seed=9)
    slow = play_game((SlowBot(delay=0), SlowBot(delay=0)), seed=9)
    assert slow.history == fast.history


def test_speed_matters() -> None:
    fast_wins = sum(play_game(("fast", "slow"), seed=s).outcome().winner == 0 for s in range(10))
    fast_wins += sum(play_game(("slow", "fast"), seed=s).outcome().winner == 1 for s in range(10))
    assert fast_wins >= 18


def test_play_game_is_reproducible_and_bounded() -> None:
    first = play_game(("slow", "random"), seed=4)
    assert play_game(("slow", "random"), seed=4).history == first.history
    short = play_game(("fast", "fast"), seed=4, max_moments=10)
    assert short.moment == 10 and not short.is_terminal()
    with pytest.raises(ValueError, match="two bots"):
        play_game(("fast",), seed=1)
