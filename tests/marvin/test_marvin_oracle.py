"""The cheating oracle: it predicts every card exactly, and is never offered to play."""

from __future__ import annotations

import pytest
from marvin_helpers import snapshot

from pirate_rules.bots import make_bot
from pirate_rules.cards import Card
from pirate_rules.marvin import MarvinGame, RandomBot
from pirate_rules.marvin.oracle import CheatingOracleBot, future_cards
from pirate_rules.simulate import bot_seed
from pirate_rules.web import info


def drawn_after(game: MarvinGame) -> list[Card]:
    """Play ``game`` (a copy) to the end with random bots; the cards drawn after now."""
    played = game.copy()
    done = played.turn + (played.drawn is not None)
    bot = RandomBot(seed=played.turn)
    while not played.is_game_over():
        played.push(bot.choose(played, played.to_move))
    return [card for _, _, card, _ in played._history][done:] + (
        [played.drawn] if played.drawn is not None else []
    )


def skip_ahead(game: MarvinGame, keep: int) -> None:
    """Set up a later draw pile: all but its bottom ``keep`` cards go to the discard pile in
    the order they would have been drawn, as if those turns had gone by (M9)."""
    top_first = game._pile[::-1]
    game._discard += top_first[:-keep]
    game._pile[:] = top_first[-keep:][::-1]


def check_predictions(game: MarvinGame, bot: RandomBot) -> tuple[int, int]:
    """Play ``game`` to the end, checking the predicted cards at every decision point;
    how many checks, and how many of them looked past the draw pile."""
    checked = crossing = skipped = 0
    while not game.is_game_over():
        if game.reshuffles > skipped and len(game.draw_pile) > 4:
            skipped = game.reshuffles  # make the next refill come soon, three times
            if skipped < 3:
                skip_ahead(game, 4)
        real = drawn_after(game)
        assert future_cards(game, len(real)) == real
        checked += 1
        crossing += len(real) > len(game.draw_pile)
        game.push(bot.choose(game, game.to_move))
    return checked, crossing


@pytest.mark.parametrize("jokers", [0, 1, 2])
def test_the_predicted_cards_are_the_cards_drawn_reshuffles_included(jokers: int) -> None:
    checked = crossing = 0
    for seed in range(3):
        game = MarvinGame.from_seed(seed, jokers=jokers)
        skip_ahead(game, 6)
        counts = check_predictions(game, RandomBot(seed=seed))
        checked, crossing = checked + counts[0], crossing + counts[1]
        assert game.reshuffles >= 3
    assert checked > 30 and crossing > 10


def test_predicting_leaves_the_game_and_its_generator_alone() -> None:
    game = MarvinGame.from_seed(12)
    before = snapshot(game)
    future_cards(game, 300)
    assert snapshot(game) == before


@pytest.mark.parametrize("seed", range(3))
def test_the_oracle_plays_legal_moves_and_leaves_the_game_alone(seed: int) -> None:
    bots = [CheatingOracleBot(depth=1), make_bot("marvin", "sensible", seed=bot_seed(seed, 1))]
    game = MarvinGame.from_seed(seed, players=("Marvin", "Mum"))
    while not game.is_game_over():
        player = game.to_move
        before = snapshot(game)
        move = bots[player].choose(game, player)
        assert snapshot(game) == before
        assert move in game.legal_moves
        assert bots[player].reason.startswith("I ") and bots[player].reason.endswith(".")
        game.push(move)


def test_the_oracle_says_it_cheats_and_is_never_offered() -> None:
    assert CheatingOracleBot.fair is False
    assert "cheat" in CheatingOracleBot.name and "cheat" in CheatingOracleBot.description
    assert "cheat" in (CheatingOracleBot.__doc__ or "").lower()
    offered = info()
    assert "cheating-oracle" not in offered["bots"]["marvin"]
    assert "cheating-oracle" not in offered["bot_descriptions"]["marvin"]
    assert "expert" in offered["bots"]["marvin"]


def test_the_oracle_beats_the_rules_of_thumb() -> None:
    # About 61% over thousands of games; these fixed deals give more than 55%.
    won = 0
    for seed in range(30):
        for seat in (0, 1):
            bots = [make_bot("marvin", "sensible", seed=bot_seed(seed, 1 - seat))] * 2
            bots[seat] = CheatingOracleBot()
            game = MarvinGame.from_seed(seed)
            while not game.is_game_over():
                game.push(bots[game.to_move].choose(game, game.to_move))
            won += game.winner == seat
    assert won / 60 > 0.55


def test_depth_is_checked() -> None:
    with pytest.raises(ValueError, match="depth must be at least 0"):
        CheatingOracleBot(depth=-1)
