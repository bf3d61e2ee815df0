"""Random legal play never breaks the game's invariants, and every game ends."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from pirate_rules.marvin import MarvinGame, RandomBot, play_game

MAX_TURNS = 3000  # random games last about 55 turns; this bound is generous


def check_invariants(game: MarvinGame) -> None:
    """Assert everything that must hold at every decision point."""
    # Cards: every card of the deck is in the draw pile, the discard pile or in hand (M1, M9).
    in_hand = [game.drawn] if game.drawn is not None else []
    assert Counter(game.draw_pile + game.discard_pile + in_hand) == Counter(game.deck)
    assert len(game.deck) == 52 + game.jokers

    for side in game.sides:
        hp, shields, board, hidden = side._hp, side._shields, side._board, side._hidden
        assert all(0 <= points <= 4 for points in hp)  # M2, M17
        for i in range(4):
            if not hp[i]:  # fainted or moved away: off the board, no shield (M17)
                assert not board >> i & 1 and not shields >> i & 1 and hidden != i
            else:
                assert bool(board >> i & 1) == (hidden != i)
        assert 0 <= shields < 16 and 0 <= board < 16  # at most one shield each
        if hidden >= 0:  # M7: a captain, and another pirate stands in the captain row
            assert hidden in (2, 3) and hp[hidden] > 0
            assert board >> (hidden ^ 1) & 1
            assert game.holder("cave") == game.sides.index(side)
        assert side.pirates_left == sum(1 for points in hp if points)

    # Prizes: exactly three, each in the bank or with one player (M3, M14).
    held = game.prizes(0) + game.prizes(1)
    assert sorted(held + game.bank) == sorted(["cave", "ship", "fort"])
    assert len(set(held)) == len(held)

    # Phases and the end (M5, M18).
    outcome = game.outcome()
    assert game.is_game_over() == (outcome is not None) == (game.phase == "over")
    if outcome is None:
        assert game.legal_moves and len(set(game.legal_moves)) == len(game.legal_moves)
        assert (game.phase == "card") == (game.drawn is not None)
        assert all(side.pirates_left for side in game.sides)
    else:
        assert not game.legal_moves and game.drawn is None
        assert game.sides[1 - outcome.winner].pirates_left == 0
        assert game.sides[outcome.winner].pirates_left > 0
        assert game.winner == outcome.winner == game.to_move
    assert len(game._history) == game.turn


@settings(max_examples=100, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    bot_seed=st.integers(0, 2**32 - 1),
    jokers=st.sampled_from([0, 1, 2]),
    first=st.sampled_from([None, 0, 1]),
)
def test_random_play_keeps_the_invariants(
    seed: int, bot_seed: int, jokers: int, first: int | None
) -> None:
    game = MarvinGame.from_seed(seed, jokers=jokers, first=first)
    bot = RandomBot(seed=bot_seed)
    check_invariants(game)
    while not game.is_game_over():
        assert game.turn < MAX_TURNS
        move = bot.choose(game, game.to_move)
        assert move in game.legal_moves
        game.push(move)
        check_invariants(game)
    assert game.log[-1].endswith(f"{game.players[game.winner or 0]} wins")


def test_many_games_all_end() -> None:
    turns = [play_game(["random", "random"], seed=seed).turn for seed in range(300)]
    assert max(turns) < MAX_TURNS
    assert 20 < sum(turns) / len(turns) < 200
