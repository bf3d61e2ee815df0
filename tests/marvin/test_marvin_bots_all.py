"""Every registered Marvin bot: whole legal games, seeds, an untouched game, reasons, strength."""

from __future__ import annotations

import re
from typing import Any

import pytest
from marvin_helpers import snapshot

from pirate_rules.bots import bot_names, make_bot
from pirate_rules.marvin import MarvinGame, play_game
from pirate_rules.simulate import bot_seed

NAMES = ["random", "sensible", "search", "expert"]
SMALL = {"search": {"samples": 6, "depth": 1}, "expert": {"samples": 6, "turns": 2}}
"""Options that make a bot quicker for these tests."""

SENTENCE = re.compile(r"I [^\n]*[^\s.]\.")


def bot(name: str, seed: int) -> Any:
    return make_bot("marvin", name, seed=seed, **SMALL.get(name, {}))


def test_bots_are_registered_weakest_first_with_a_description() -> None:
    assert bot_names("marvin")[: len(NAMES)] == NAMES
    for name in NAMES:
        made = make_bot("marvin", name, seed=1)
        assert made.name == name and made.description and "\n" not in made.description


def play_checked(names: tuple[str, str], seed: int, *, check_copy: bool) -> MarvinGame:
    """Play a whole game, checking each choice: legal, with a reason, the game untouched."""
    bots = [bot(name, bot_seed(seed, seat)) for seat, name in enumerate(names)]
    game = MarvinGame.from_seed(seed, players=("Marvin", "Mum"))
    while not game.is_game_over():
        assert game.turn < 2000
        player = game.to_move
        before = snapshot(game) if check_copy else None
        move = bots[player].choose(game, player)
        if check_copy:
            assert snapshot(game) == before
        assert move in game.legal_moves
        reason = bots[player].reason
        assert SENTENCE.fullmatch(reason), reason
        assert ". " not in reason and "None" not in reason, reason
        game.push(move)
    assert game.winner in (0, 1)
    return game


@pytest.mark.parametrize("name", NAMES)
def test_whole_games_with_legal_moves_and_the_game_untouched(name: str) -> None:
    for seed, other in ((1, name), (2, "random"), (3, "sensible")):
        play_checked((name, other), seed, check_copy=seed == 1)
        play_checked((other, name), seed, check_copy=False)


@pytest.mark.parametrize("name", NAMES)
def test_same_seeds_same_game(name: str) -> None:
    a = play_checked((name, name), 7, check_copy=False)
    b = play_checked((name, name), 7, check_copy=False)
    assert a.log == b.log and a._state() == b._state()


@pytest.mark.parametrize("name", NAMES)
def test_choose_refuses_the_wrong_player_and_a_finished_game(name: str) -> None:
    game = MarvinGame.stacked("9C")
    with pytest.raises(ValueError, match="player 1 has no move"):
        bot(name, 0).choose(game, 1)
    game = play_checked(("random", "random"), 4, check_copy=False)
    with pytest.raises(ValueError, match="no move"):
        bot(name, 0).choose(game, game.to_move)


def share(first: str, second: str, seeds: range) -> float:
    """The share of games ``first`` wins against ``second``, each deal played from both seats."""
    won = 0
    for seed in seeds:
        for seat in (0, 1):
            names = (first, second) if seat == 0 else (second, first)
            bots = [bot(name, bot_seed(seed, k)) for k, name in enumerate(names)]
            won += play_game(bots, seed).winner == seat
    return won / (2 * len(seeds))


def test_sensible_beats_random() -> None:
    # About 65% over thousands of games; these fixed deals give 63.5%.
    assert share("sensible", "random", range(200)) >= 0.58


def test_search_beats_random() -> None:
    # A quick search (6 samples, 1 turn ahead); these fixed deals give 62.0%.
    assert share("search", "random", range(100)) >= 0.58
