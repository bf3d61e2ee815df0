"""Moments (P4), turning (P5), and refused moments leaving the game unchanged."""

from __future__ import annotations

import itertools
import pickle

import pytest

from pirate_rules.cards import parse_cards
from pirate_rules.errors import IllegalMoveError, InvalidMoveError
from pirate_rules.pirate import Action, PirateGame, parse_action, parse_moment

ACTIONS = list(Action)


def test_p4_a_moment_is_written_as_two_letters_or_two_actions(small) -> None:
    game = small("AS 2S", "KS QS")
    game.apply_moment("TT")
    game.apply_moment(Action.PLAY, "w")
    game.apply_moment("t", Action.PLAY)
    assert game.history == ["TT", "PW", "TP"]
    assert game.moment == 3


@pytest.mark.parametrize("text", ["", "T", "TTT", "TX", "XT", "T ", "1P"])
def test_p4_unreadable_moments_raise_invalid_move(small, snapshot, text: str) -> None:
    game = small("AS", "KS")
    before = snapshot(game)
    with pytest.raises(InvalidMoveError):
        game.apply_moment(text)
    assert snapshot(game) == before


def test_p4_action_letters_parse() -> None:
    assert [parse_action(letter) for letter in "TPCW"] == ACTIONS
    assert parse_moment("wc") == (Action.WAIT, Action.CLAIM)
    assert Action.TURN == "T" and repr(Action.CLAIM) == "Action.CLAIM"
    with pytest.raises(InvalidMoveError, match="not an action: 'Q'"):
        parse_action("Q")
    with pytest.raises(InvalidMoveError, match="not a moment"):
        parse_moment(["T", "P"])  # type: ignore[arg-type]


def test_p4_wait_is_always_legal_until_the_end(small) -> None:
    game = small("AH", "KH 3C")
    for _ in range(3):
        assert Action.WAIT in game.legal_actions(0)
        assert Action.WAIT in game.legal_actions(1)
        game.apply_moment("WW")
    game.apply_moments("TT PP")
    assert game.is_terminal()
    assert game.legal_actions(0) == [] and game.legal_actions(1) == []


def test_p4_both_actions_are_judged_from_the_start_of_the_moment(small) -> None:
    # Both players close the same ship with different cards in one moment.
    game = small("AH 2H 3H 4H 5H 6H", "KH QH JH TH 9H 8H 7H AS")
    game.apply_moments("TT PP " * 5 + "TT WP WT")
    assert repr(game.ship("H")) == "<Ship H1: A-5 | K-8>"
    assert game.legal_actions(0) == game.legal_actions(1) == [Action.TURN, Action.PLAY, Action.WAIT]
    game.apply_moment("PP")  # Ann's 6H and Ben's 7H land together
    assert len(game.sunk) == 1 and game.score == (0, 0)


@pytest.mark.parametrize("seed", range(8))
def test_p4_legal_actions_are_exactly_the_accepted_ones(seed: int) -> None:
    """Every joint action: accepted iff both halves are listed; refusals change nothing."""
    import random

    rng = random.Random(seed)
    game = PirateGame.from_seed(seed)
    for _ in range(400):
        if game.is_terminal():
            break
        legal = [game.legal_actions(0), game.legal_actions(1)]
        if rng.random() < 0.1:
            before = pickle.dumps(game)
            for pair in itertools.product(ACTIONS, ACTIONS):
                trial = pickle.loads(before)
                if pair[0] in legal[0] and pair[1] in legal[1]:
                    trial.apply_moment(*pair)
                else:
                    with pytest.raises(IllegalMoveError):
                        trial.apply_moment(*pair)
                    assert pickle.dumps(trial) == before
        choice = [rng.choice(actions[:-1] or actions) for actions in legal]
        game.apply_moment(*choice)


def test_p5_turn_moves_the_top_stock_card_onto_the_waste(small) -> None:
    game = small("5C 6C", "KS")
    game.apply_moment("TW")
    assert game.stock(0) == parse_cards("6C") and game.waste(0) == parse_cards("5C")
    assert game.is_fresh(0)


def test_p5_empty_stock_turns_the_waste_over_first_turned_on_top(small) -> None:
    game = small("5C 6C 7C", "KS")
    game.apply_moments("TW TW TW")
    game.apply_moment("TW")
    assert game.stock(0) == parse_cards("5C 6C 7C")
    assert game.waste(0) == [] and not game.is_fresh(0)
    assert game.log == ["moment 4: Ann turned the waste over as a new stock of 3 cards"]
    game.apply_moment("TW")
    assert game.waste(0) == parse_cards("5C")


def test_p5_a_waste_of_one_card_is_told_as_one_card(small) -> None:
    game = small("5C", "KS")
    game.apply_moments("TW TW")
    assert game.log == ["moment 2: Ann turned the waste over as a new stock of 1 card"]


def test_p5_a_player_with_nothing_cannot_turn(small, snapshot) -> None:
    game = small("", "KS 2C")
    before = snapshot(game)
    with pytest.raises(IllegalMoveError, match=r"Ann cannot turn: .* \(P9\)") as info:
        game.apply_moment("TT")
    assert info.value.rule == "P9"
    assert snapshot(game) == before


@pytest.mark.parametrize(
    ("moments", "refused", "rule"),
    [
        ("", "PW", "P6"),  # empty waste
        ("TT", "PW", "P6"),  # 9C fits nothing
        ("TT", "WC", "P9"),  # Ben is no observer
        ("TT", "CT", "P9"),  # Ann is no observer
    ],
)
def test_refused_moments_change_nothing(small, snapshot, moments, refused, rule) -> None:
    game = small("9C AH", "KH QS")
    game.apply_moments(moments)
    before = snapshot(game)
    with pytest.raises(IllegalMoveError) as info:
        game.apply_moment(refused)
    assert info.value.rule == rule
    assert f"({rule})" in str(info.value)
    assert snapshot(game) == before


def test_copy_is_independent_and_equal() -> None:
    game = PirateGame.from_seed(6)
    game.apply_moments("TT " * 30)
    trial = game.copy()
    assert pickle.dumps(trial) == pickle.dumps(game)
    while not trial.is_terminal():
        pair = [
            trial.legal_actions(p)[-2] if len(trial.legal_actions(p)) > 1 else "W" for p in (0, 1)
        ]
        trial.apply_moment(*pair)
    assert game.moment == 30 and str(game) != str(trial)
    assert game.is_game_over() is game.is_terminal() is False
