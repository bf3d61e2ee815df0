"""Speed levels: registration, whole games, determinism, strength, and claims (P7, P9, P10)."""

from __future__ import annotations

import itertools
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pirate_rules.bots import bot_names, make_bot
from pirate_rules.pirate import Action, PirateGame
from pirate_rules.pirate.bots import ExpertBot, FastBot, play_game
from pirate_rules.pirate.speed import SPEEDS, SpeedBot, claim_chances, speed_levels

LEVELS = list(SPEEDS)
ALL_BOTS = ["toddler", "child", "random", "casual", "slow", "quick", "fast", "expert"]
HEARTS_LOW = "AH 2H 3H 4H 5H 6H"
HEARTS_HIGH = "KH QH JH TH 9H 8H 7H"


def small(ann: str, ben: str) -> PirateGame:
    return PirateGame(stocks=(ann, ben), players=("Ann", "Ben"), complete=False)


def test_levels_are_registered_weakest_first() -> None:
    assert bot_names("pirate") == ALL_BOTS
    assert [name for name, _, _ in speed_levels()] == LEVELS
    assert [name for name in ALL_BOTS if name in SPEEDS] == LEVELS
    reactions = [moments for _, _, moments in speed_levels()]
    assert reactions == sorted(reactions, reverse=True) and reactions[-1] == 0
    assert speed_levels()[1] == ("child", "Small child", 4)
    for name in LEVELS:
        bot = make_bot("pirate", name, seed=1)
        assert bot.speed is SPEEDS[name] and bot.name == name and bot.description


def test_options_override_the_level_and_are_checked() -> None:
    bot = make_bot("pirate", "child", seed=1, reaction=1, overlook=0.0, thinks=True)
    assert (bot.reaction, bot.overlook, bot.thinks) == (1, 0.0, True)
    with pytest.raises(ValueError, match="reaction"):
        SpeedBot(reaction=-1)
    with pytest.raises(ValueError, match="overlook"):
        SpeedBot(overlook=1.0)


@pytest.mark.parametrize("name", LEVELS)
def test_each_level_plays_whole_games_against_fast(name: str) -> None:
    for seed in range(3):
        for pair in ((name, "fast"), ("fast", name)):
            game = play_game(pair, seed)
            assert game.is_terminal(), (pair, seed)


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 2**32), pair=st.tuples(st.sampled_from(ALL_BOTS), st.sampled_from(ALL_BOTS))
)
def test_every_pair_of_bots_finishes_its_game(seed: int, pair: tuple[str, str]) -> None:
    assert play_game(pair, seed, max_moments=20_000).is_terminal()


@pytest.mark.parametrize("name", ALL_BOTS)
def test_bots_choose_legal_actions_without_touching_the_game(name: str) -> None:
    # Two of a kind, so that each one also gets to be an observer (P9).
    game = PirateGame.from_seed(8)
    bots = [make_bot("pirate", name, seed=1), make_bot("pirate", name, seed=2)]
    observed = False
    while not game.is_terminal():
        observed = observed or game.is_observer(0) or game.is_observer(1)
        before = pickle.dumps(game)
        pair = [bots[p].choose(game, p) for p in (0, 1)]
        assert pickle.dumps(game) == before
        for player, action in enumerate(pair):
            assert action in game.legal_actions(player)
            assert bots[player].reason.endswith(".")
        game.apply_moment(*pair)
    assert observed


def test_same_seeds_same_game_whatever_the_global_generator(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse(*args: object) -> None:
        raise AssertionError("a bot used the global random generator")

    first = {name: play_game((name, "toddler"), seed=5).history for name in LEVELS}
    for function in ("random", "randint", "randrange", "choice", "shuffle", "uniform"):
        monkeypatch.setattr(random, function, refuse)
    again = {name: play_game((name, "toddler"), seed=5).history for name in LEVELS}
    assert again == first
    other = play_game(
        (make_bot("pirate", "child", seed=99), make_bot("pirate", "toddler", seed=11)), seed=5
    )
    assert other.history != first["child"]


def test_faster_levels_beat_slower_ones() -> None:
    """Each level against the next one up: 100 deals, each played from both seats."""
    for slower, faster in itertools.pairwise(LEVELS):
        wins = {slower: 0, faster: 0}
        for seed in range(100):
            for pair in ((slower, faster), (faster, slower)):
                winner = play_game(pair, seed).outcome().winner  # type: ignore[union-attr]
                if winner is not None:
                    wins[pair[winner]] += 1
        assert wins[faster] >= 120 and wins[faster] >= 4 * wins[slower], wins


def test_a_slow_level_looks_before_acting() -> None:
    game = small("9C AH", "KS")
    child = make_bot("pirate", "child", seed=3, overlook=0.0)
    assert child.choose(game, 0) is Action.TURN
    game.apply_moment("TW")
    waited = 0
    while (action := child.choose(game, 0)) is Action.WAIT:
        assert child.reason == "Still looking at my 9C..."
        game.apply_moment("WW")
        waited += 1
    assert action is Action.TURN and child.reason == "9C does not fit, so I turn."
    assert 0 < waited <= 8


def test_an_overlooked_card_gets_another_chance_when_turned_again() -> None:
    # Ann's only card fits, but she overlooks it, turns her waste over and turns it again.
    game = small("AH", "KS")
    bot = SpeedBot(seed=5, overlook=0.9)
    reasons = []
    while not game.half(0, "H"):
        assert game.moment < 500
        game.apply_moment(bot.choose(game, 0), Action.WAIT)
        reasons.append(bot.reason)
    assert reasons[:2] == [
        "My waste is empty, so I turn a card.",
        "I did not spot that AH fits, so I turn.",
    ]
    assert reasons[-1] == "I saw AH fits my hearts half, so I play it." and len(reasons) == 8


def test_the_expert_does_not_hand_a_ship_over() -> None:
    # Ann's 6H would leave the hearts ship needing only 7H, on top of Ben's waste.
    game = small(HEARTS_LOW, HEARTS_HIGH)
    game.apply_moments("TT PP " * 5 + "TT WP WT")
    expert, fast = ExpertBot(seed=1), FastBot()
    assert expert.choose(game, 0) is Action.WAIT
    assert expert.reason == "If I play 6H now, my opponent completes the ship, so I wait."
    game.apply_moment(Action.WAIT, fast.choose(game, 1))
    assert expert.choose(game, 0) is Action.PLAY
    game.apply_moment(Action.PLAY, Action.WAIT)
    assert game.score == (1, 0)


def test_a_bot_that_does_not_think_plays_and_sinks_the_ship() -> None:
    game = small(HEARTS_LOW, HEARTS_HIGH)
    game.apply_moments("TT PP " * 5 + "TT WP WT")
    game.apply_moment(SpeedBot(thinks=False).choose(game, 0), FastBot().choose(game, 1))
    assert game.score == (0, 0) and len(game.sunk) == 1


def test_two_experts_do_not_wait_for_each_other_for_ever() -> None:
    game = small(HEARTS_LOW, HEARTS_HIGH)
    game.apply_moments("TT PP " * 5 + "TT WP WT")
    bots = (ExpertBot(seed=1), ExpertBot(seed=2))
    for _ in range(ExpertBot.patience + 1):
        game.apply_moment(bots[0].choose(game, 0), bots[1].choose(game, 1))
    assert game.is_terminal() and len(game.sunk) == 1


def test_the_expert_sinks_a_ship_when_that_wins_the_game() -> None:
    suits = "SHDC"
    ann = [f"{rank}{suit}" for suit in suits for rank in "A234567"] + [
        "KS",
        "QS",
        "JS",
        "TS",
        "9S",
        "8S",
    ]
    ben = [f"{rank}{suit}" for suit in suits for rank in "KQJT98"] + [
        "AS",
        "2S",
        "3S",
        "4S",
        "5S",
        "6S",
        "7S",
    ]
    game = PirateGame(stocks=(ann, ben), players=("Ann", "Ben"), complete=False)
    game.apply_moments(("WT WP " * 6 + "TW PW " * 7) * 4)
    assert game.score == (4, 0) and not game.sunk
    game.apply_moments("WT WP " * 6 + "TW PW " * 5 + "TT")
    expert = ExpertBot(seed=1)
    assert expert.choose(game, 0) is Action.PLAY
    assert expert.reason == "Sinking the spades ship wins me the game, so I play 8S."
    game.apply_moment("PP")
    assert game.outcome().winner == 0 and game.score == (4, 0)  # type: ignore[union-attr]


@pytest.mark.parametrize("name", LEVELS)
def test_the_observer_claims_the_card_just_turned(name: str) -> None:
    game = small("AH", "2H 9C")
    game.apply_moments("TT PW")
    assert game.is_observer(0) and game.can_claim(0)
    bot = make_bot("pirate", name, seed=4, overlook=0.0)
    waited = 0
    while (action := bot.choose(game, 0)) is Action.WAIT:
        assert bot.reason == "Still looking at the 2H just turned..."
        game.apply_moment("WW")
        waited += 1
    assert action is Action.CLAIM
    assert bot.reason == "2H was just turned and fits my hearts half, so I claim it."
    assert waited <= 2 * SPEEDS[name].reaction
    game.apply_moment("CT")  # the claim takes 2H even as Ben turns 9C onto it
    assert [placed.card for placed in game.half(0, "H")][-1].rank == 2


def test_the_observer_claims_a_card_the_owner_can_play_and_sinks_the_ship() -> None:
    game = small(HEARTS_LOW, HEARTS_HIGH)
    game.apply_moments("TT PP " * 6 + "WT")
    assert game.can_claim(0) and game.can_play(1)
    game.apply_moment(ExpertBot(seed=1).choose(game, 0), FastBot().choose(game, 1))
    assert game.score == (0, 0) and len(game.sunk) == 1


def test_the_expert_observer_never_misses_a_chance_against_fast() -> None:
    chances = 0
    for seed in range(20):
        for seat in (0, 1):
            pair = ["fast", "fast"]
            pair[seat] = "expert"
            tally = claim_chances(play_game(pair, seed), seat)
            assert tally.missed == 0
            chances += tally.chances
    assert chances > 10


def test_claim_chances_counts_claims_and_clashes() -> None:
    game = small("AH", "2H 9C")
    game.apply_moments("TT PW WW CT")
    assert claim_chances(game, 0) == (1, 1, 0)
    game = small(HEARTS_LOW, HEARTS_HIGH)
    game.apply_moments("TT PP " * 6 + "WT CP")
    tally = claim_chances(game, 0)
    assert (tally.chances, tally.clashed, tally.missed) == (1, 1, 0)


def test_an_observer_that_does_not_spoil_lets_the_owner_complete_the_ship() -> None:
    game = PirateGame(
        stocks=("AH 2H 3H 4H 5H 6H 7H", "KH QH JH TH 9H 8H"),
        players=("Ann", "Ben"),
        complete=False,
    )
    game.apply_moments("TT PP " * 6 + "TW")
    assert game.is_observer(1) and game.can_claim(1) and game.can_play(0)
    spoiler, sport = SpeedBot(seed=1), SpeedBot(seed=1, spoils=False)
    assert spoiler.choose(game, 1) == Action.CLAIM
    assert sport.choose(game, 1) == Action.WAIT
    assert sport.reason == "The owner of 7H can complete that ship with it, so I let it go."
