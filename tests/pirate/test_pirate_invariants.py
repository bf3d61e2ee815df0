"""Random legal play keeps the table sound, and every game ends."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from pirate_rules.cards import standard_deck
from pirate_rules.pirate import PirateGame, Ship
from pirate_rules.pirate.bots import play_game

ALL_CARDS = Counter((card, owner) for owner in (0, 1) for card in standard_deck())
LIMIT = 20_000


def check_table(game: PirateGame) -> None:
    """The invariants: every card once, halves in sequence, foreign cards only by claim."""
    seen: Counter[tuple[object, int]] = Counter()
    for player in (0, 1):
        seen.update((card, player) for card in game.stock(player) + game.waste(player))
    ships: list[Ship] = [*game.ships, *game.captured[0], *game.captured[1], *game.sunk]
    for ship in ships:
        seen.update((placed.card, placed.owner) for placed in ship.cards())
    assert seen == ALL_CARDS
    claimed = {(card, 1 - e.player) for e in game.events if e.kind == "claim" for card in e.cards}
    for ship in ships:
        for player in (0, 1):
            half = ship.halves[player]
            if half:
                assert half[0].card == ship.keel(player)
            ranks = [placed.card.rank for placed in half]
            assert ranks == [half[0].card.rank + ship.steps[player] * i for i in range(len(half))]
            assert all(placed.card.suit == ship.suit for placed in half)
            for placed in half:
                if placed.owner != player:
                    assert (placed.card, placed.owner) in claimed
    for ship in [*game.captured[0], *game.captured[1], *game.sunk]:
        assert ship.is_complete
    for ship in game.ships:
        assert not ship.is_complete


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), choice_seed=st.integers(0, 2**32), waits=st.floats(0, 0.6))
def test_random_legal_play_keeps_every_card_accounted_for(seed, choice_seed, waits) -> None:
    choices = random.Random(choice_seed)
    game = PirateGame.from_seed(seed)
    check_table(game)
    while not game.is_terminal():
        assert game.moment < LIMIT, "the game did not end"
        pair = []
        for player in (0, 1):
            actions = game.legal_actions(player)
            acting = actions[:-1]
            pair.append(
                choices.choice(acting) if acting and choices.random() >= waits else actions[-1]
            )
        game.apply_moment(*pair)
        check_table(game)
    outcome = game.outcome()
    assert outcome is not None
    ships = game.score
    if outcome.winner is None:
        assert ships[0] == ships[1]
    else:
        assert ships[outcome.winner] > ships[1 - outcome.winner]


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    bots=st.tuples(
        st.sampled_from(["random", "slow", "fast"]), st.sampled_from(["random", "slow", "fast"])
    ),
)
def test_every_bot_game_ends(seed, bots) -> None:
    game = play_game(bots, seed=seed, max_moments=LIMIT)
    assert game.is_terminal()
    check_table(game)


def test_claims_happen_in_random_play() -> None:
    """The invariant on foreign cards is exercised: some random games do claim."""
    kinds: Counter[str] = Counter()
    for seed in range(10):
        game = play_game(("fast", "fast"), seed=seed)
        kinds.update(event.kind for event in game.events)
        check_table(game)
    assert kinds["claim"] > 0 and kinds["sink"] > 0 and kinds["capture"] > 0


def test_random_bot_game_is_reproducible() -> None:
    rng_state = random.getstate()
    first = play_game(("random", "slow"), seed=11)
    random.seed(99)
    second = play_game(("random", "slow"), seed=11)
    random.setstate(rng_state)
    assert first.history == second.history
