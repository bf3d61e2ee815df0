"""Speed levels: registration, reaction times in milliseconds, whole games, determinism,
strength against each other and against scripted players, and claims (P7, P9, P10)."""

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
from pirate_rules.pirate.speed import (
    MOMENT_MS,
    SPEEDS,
    SpeedBot,
    claim_chances,
    scripted,
    speed_levels,
)

LEVELS = list(SPEEDS)
ALL_BOTS = ["toddler", "child", "casual", "quick", "expert", "random", "slow", "fast"]
HEARTS_LOW = "AH 2H 3H 4H 5H 6H"
HEARTS_HIGH = "KH QH JH TH 9H 8H 7H"


def small(ann: str, ben: str) -> PirateGame:
    return PirateGame(stocks=(ann, ben), players=("Ann", "Ben"), complete=False)


def test_levels_are_registered_weakest_first() -> None:
    assert bot_names("pirate") == ALL_BOTS
    assert [name for name, _, _ in speed_levels()] == LEVELS
    assert [name for name in ALL_BOTS if name in SPEEDS] == LEVELS
    reactions = [reaction for _, _, reaction in speed_levels()]
    assert reactions == sorted(reactions, reverse=True)
    assert speed_levels()[1] == ("child", "Small child", 1200)
    # Every level is a human reaction time, from a practised adult's to a toddler's.
    assert 200 < reactions[-1] < 400 and reactions[0] >= 1500
    for name in LEVELS:
        bot = make_bot("pirate", name, seed=1)
        assert bot.speed is SPEEDS[name] and bot.name == name and bot.description


def test_options_override_the_level_and_are_checked() -> None:
    bot = make_bot("pirate", "child", seed=1, reaction=100, overlook=0.0, thinks=True)
    assert (bot.reaction, bot.overlook, bot.thinks) == (100, 0.0, True)
    with pytest.raises(ValueError, match="reaction"):
        SpeedBot(reaction=-1)
    with pytest.raises(ValueError, match="whole milliseconds"):
        SpeedBot(reaction=0.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="spread"):
        SpeedBot(spread=1.5)
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
    # Two of a kind, so that each one also gets to be an observer (P9). The slow levels
    # spend most moments looking, so the game is compared before and after each choice
    # in the first moments, whenever someone observes, and then every tenth moment.
    observed = False
    for seed in range(8, 12):
        game = PirateGame.from_seed(seed)
        bots = [make_bot("pirate", name, seed=1), make_bot("pirate", name, seed=2)]
        while not game.is_terminal():
            watching = game.is_observer(0) or game.is_observer(1)
            observed = observed or watching
            check = watching or game.moment < 300 or game.moment % 10 == 0
            before = pickle.dumps(game) if check else b""
            pair = [bots[p].choose(game, p) for p in (0, 1)]
            assert not check or pickle.dumps(game) == before
            for player, action in enumerate(pair):
                assert action in game.legal_actions(player)
                assert bots[player].reason.endswith(".")
            game.apply_moment(*pair)
        if observed:
            break
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
    """Each level against the next one up: 60 deals, each played from both seats."""
    for slower, faster in itertools.pairwise(LEVELS):
        wins = {slower: 0, faster: 0}
        for seed in range(60):
            for pair in ((slower, faster), (faster, slower)):
                winner = play_game(pair, seed).outcome().winner  # type: ignore[union-attr]
                if winner is not None:
                    wins[pair[winner]] += 1
        assert wins[faster] >= 72 and wins[faster] >= 4 * wins[slower], wins


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
    # 1.2 s on average, from half to one and a half times that: 0.6 s to 1.8 s.
    assert 6 <= waited <= 18


def test_an_overlooked_card_gets_another_chance_when_turned_again() -> None:
    # Ann's only card fits, but she overlooks it, turns her waste over and turns it again.
    game = small("AH", "KS")
    bot = SpeedBot(seed=5, reaction=0, overlook=0.9)
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
    expert, fast = ExpertBot(seed=1, reaction=0), FastBot()
    assert expert.choose(game, 0) is Action.WAIT
    assert expert.reason == "If I play 6H now, my opponent completes the ship, so I wait."
    game.apply_moment(Action.WAIT, fast.choose(game, 1))
    assert expert.choose(game, 0) is Action.PLAY
    game.apply_moment(Action.PLAY, Action.WAIT)
    assert game.score == (1, 0)


def test_a_bot_that_does_not_think_plays_and_sinks_the_ship() -> None:
    game = small(HEARTS_LOW, HEARTS_HIGH)
    game.apply_moments("TT PP " * 5 + "TT WP WT")
    game.apply_moment(SpeedBot(reaction=0, thinks=False).choose(game, 0), FastBot().choose(game, 1))
    assert game.score == (0, 0) and len(game.sunk) == 1


def test_two_experts_do_not_wait_for_each_other_for_ever() -> None:
    game = small(HEARTS_LOW, HEARTS_HIGH)
    game.apply_moments("TT PP " * 5 + "TT WP WT")
    bots = (ExpertBot(seed=1, reaction=0), ExpertBot(seed=2, reaction=0))
    for _ in range(ExpertBot.patience // MOMENT_MS + 1):
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
    expert = ExpertBot(seed=1, reaction=0)
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
    assert waited <= (3 * SPEEDS[name].reaction // 2 + MOMENT_MS // 2) // MOMENT_MS
    game.apply_moment("CT")  # the claim takes 2H even as Ben turns 9C onto it
    assert [placed.card for placed in game.half(0, "H")][-1].rank == 2


def test_the_observer_claims_a_card_the_owner_can_play_and_sinks_the_ship() -> None:
    game = small(HEARTS_LOW, HEARTS_HIGH)
    game.apply_moments("TT PP " * 6 + "WT")
    assert game.can_claim(0) and game.can_play(1)
    game.apply_moment(ExpertBot(seed=1, reaction=0).choose(game, 0), FastBot().choose(game, 1))
    assert game.score == (0, 0) and len(game.sunk) == 1


def test_an_observer_reacting_at_once_never_misses_a_chance_against_fast() -> None:
    chances = 0
    for seed in range(20):
        for seat in (0, 1):
            pair: list[str | SpeedBot] = ["fast", "fast"]
            pair[seat] = ExpertBot(seed=seed, reaction=0)
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
    spoiler, sport = SpeedBot(seed=1, reaction=0), SpeedBot(seed=1, reaction=0, spoils=False)
    assert spoiler.choose(game, 1) == Action.CLAIM
    assert sport.choose(game, 1) == Action.WAIT
    assert sport.reason == "The owner of 7H can complete that ship with it, so I let it go."


def scripted_match(level: str, reaction: int, deals: int) -> tuple[int, int]:
    """The level's wins and losses against a scripted player, each deal from both seats."""
    won = lost = 0
    for seed in range(deals):
        for seat in (0, 1):
            pair: list[str | SpeedBot] = [level, level]
            pair[1 - seat] = scripted(reaction, seed=seed)
            winner = play_game(pair, seed).outcome().winner  # type: ignore[union-attr]
            won += winner == seat
            lost += winner == 1 - seat
    return won, lost


def test_the_expert_beats_a_player_reacting_in_400_ms() -> None:
    won, lost = scripted_match("expert", 400, 40)
    assert won >= 56 and won >= 4 * lost, (won, lost)  # of 80 games


def test_the_toddler_loses_to_a_player_reacting_in_1_5_s() -> None:
    won, lost = scripted_match("toddler", 1500, 30)
    assert lost >= 45 and lost >= 4 * won, (won, lost)  # of 60 games


def test_a_scripted_player_reacts_in_exactly_its_time() -> None:
    game = small("9C 8D 7H", "KS")
    bot = scripted(400)
    actions = []
    while len(actions) < 16:
        actions.append(str(bot.choose(game, 0)))
        game.apply_moment(actions[-1], "W")
    # Each new card is looked at for four moments of 0.1 s, then turned.
    assert "".join(actions) == "TWWWWTWWWWTWWWWT"
