"""The end: enough captures (P10), nothing left that fits (P11)."""

from __future__ import annotations

import pytest

from pirate_rules.cards import SUITS
from pirate_rules.errors import IllegalMoveError
from pirate_rules.pirate import Outcome, PirateGame, Termination
from pirate_rules.pirate.bots import play_game


def _suit_up(suit: str) -> str:
    return " ".join(f"{rank}{suit}" for rank in "A23456789TJQK")


def test_p10_five_captures_win(small) -> None:
    # Ann (low) builds all four suits up alone, one ship each.
    ann = " ".join(_suit_up(suit) for suit in SUITS)
    game = small(ann, _suit_up("S"))
    game.apply_moments("TW PW " * 52)
    assert game.score == (4, 0) and not game.is_terminal()
    # Second spades ship: Ben (high) now builds up from the Ace; Ann, an observer,
    # claims his King, which is her keel in this ship, and completes it.
    game.apply_moments("WT WP " * 12 + "WT")
    assert repr(game.ship("S")) == "<Ship S2: - | A-Q>"
    game.apply_moment("CW")
    assert game.score == (5, 0)
    assert game.outcome() == Outcome(0, Termination.CAPTURES)


def test_p10_four_captures_win_once_a_ship_has_sunk(small) -> None:
    # Hearts sinks first; then Ann captures spades, diamonds, clubs and Ben nothing.
    ann = "AH 2H 3H 4H 5H 6H 7H " + " ".join(_suit_up(suit) for suit in "SDC")
    ben = "KH QH JH TH 9H 8H 7H"
    game = small(ann, ben)
    game.apply_moments("TT PP " * 7)
    assert len(game.sunk) == 1
    while not game.is_terminal():
        game.apply_moments("TW PW")
    assert game.score == (3, 0)
    assert game.outcome() == Outcome(0, Termination.BLOCKED)


def test_p10_from_bot_games() -> None:
    seen = set()
    for seed in range(40):
        game = play_game(("fast", "fast"), seed=seed)
        outcome = game.outcome()
        assert outcome is not None
        if outcome.termination is Termination.CAPTURES:
            needed = 4 if game.sunk else 5
            assert max(game.score) == needed  # the game stops at once
            assert outcome.winner == game.score.index(needed)
            assert min(game.score) < needed
            seen.add(needed)
    assert seen == {4, 5}


def test_p10_no_moment_after_the_end() -> None:
    game = play_game(("fast", "fast"), seed=1)
    assert game.outcome() == Outcome(1, Termination.CAPTURES)
    with pytest.raises(IllegalMoveError, match=r"the game is over: .* \(P10\)") as info:
        game.apply_moment("WW")
    assert info.value.rule == "P10"
    assert game.legal_actions(0) == [] and not game.can_turn(0)


def test_p11_ends_when_nothing_fits(small) -> None:
    game = small("AH 5C", "KH 9D")
    game.apply_moments("TT PP")
    assert game.outcome() == Outcome(None, Termination.BLOCKED)
    with pytest.raises(IllegalMoveError, match=r"\(P11\)"):
        game.apply_moment("TT")


def test_p11_at_the_start_of_a_hopeless_deal(small) -> None:
    assert small("5C", "9D").outcome() == Outcome(None, Termination.BLOCKED)
    assert small("", "").is_terminal()


def test_p11_card_for_a_non_observer_opponent_does_not_count(small) -> None:
    # KS fits only Ben's half, and Ben, holding 4D, can never become an observer.
    assert small("KS", "4D").outcome() == Outcome(None, Termination.BLOCKED)


def test_p11_card_for_an_observer_counts(small) -> None:
    game = small("KS", "")
    assert game.outcome() is None
    game.apply_moments("TW WC")
    assert game.ship("S").describe(1) == "K"
    assert game.outcome() == Outcome(None, Termination.BLOCKED)


def test_p11_more_ships_wins(small) -> None:
    game = small("AH 2H 3H 4H 5H 6H", "KH QH JH TH 9H 8H 7H 3C")
    game.apply_moments("TT PP " * 6 + "WT WP")
    assert game.score == (0, 1)
    assert game.outcome() == Outcome(1, Termination.BLOCKED)


def test_p11_a_sinking_can_leave_a_suit_unfinishable(small) -> None:
    # Both Sevens of hearts sank: the second hearts ship can never be finished.
    ann = "AH 2H 3H 4H 5H 6H 7H KH QH JH TH 9H 8H"
    ben = "KH QH JH TH 9H 8H 7H AH 2H 3H 4H 5H 6H"
    game = small(ann, ben)
    game.apply_moments("TT PP " * 13)
    assert len(game.sunk) == 1 and repr(game.ship("H")) == "<Ship H2: K-8 | A-6>"
    assert game.outcome() == Outcome(None, Termination.BLOCKED)


@pytest.mark.parametrize("seed", range(30))
def test_p11_outcome_matches_a_plain_recount(seed: int) -> None:
    """At the end and along the way, P11 agrees with checking every card by hand."""
    import random

    rng = random.Random(seed)
    game = PirateGame.from_seed(seed)
    while True:
        fits = _anything_fits_by_hand(game)
        ended = game.outcome()
        if ended is None:
            assert fits
        elif ended.termination is Termination.BLOCKED:
            assert not fits
        if ended is not None:
            break
        game.apply_moment(*(rng.choice(game.legal_actions(p)[:-1] or ["W"]) for p in (0, 1)))


def _anything_fits_by_hand(game: PirateGame) -> bool:
    for player in (0, 1):
        other = 1 - player
        for card in game.stock(player) + game.waste(player):
            ship = game.ship(card.suit)
            if ship.fits(player, card) or (game.is_observer(other) and ship.fits(other, card)):
                return True
    return False
