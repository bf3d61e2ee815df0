"""Observers and claims (P9)."""

from __future__ import annotations

import pytest

from pirate_rules.cards import Card, parse_cards
from pirate_rules.errors import IllegalMoveError
from pirate_rules.pirate import Action, Placed

HEARTS_LOW = "AH 2H 3H 4H 5H 6H"
HEARTS_HIGH = "KH QH JH TH 9H 8H 7H"


def test_p9_observer_only_claims_or_waits(small) -> None:
    game = small("AH", "2H 9C")
    game.apply_moment("TT")
    assert not game.is_observer(0)
    game.apply_moment("PW")
    assert game.is_observer(0)
    assert game.legal_actions(0) == [Action.CLAIM, Action.WAIT]
    game.apply_moment("WT")  # 9C covers 2H: nothing to claim
    assert game.legal_actions(0) == [Action.WAIT]


def test_p9_claim_puts_the_card_on_the_observers_half(small) -> None:
    game = small("AH", "2H 9C")
    game.apply_moments("TT PW CW")
    assert game.half(0, "H")[-1] == Placed(Card.parse("2H"), 1)
    assert game.waste(1) == [] and not game.is_fresh(1)
    assert game.log == ["moment 3: Ann claimed Ben's 2H"]


def test_p9_claim_succeeds_while_the_owner_turns(small) -> None:
    game = small("AH", "2H 9C")
    game.apply_moments("TT PW CT")
    assert [p.card for p in game.half(0, "H")] == parse_cards("AH 2H")
    assert game.waste(1) == parse_cards("9C") and game.is_fresh(1)


def test_p9_claim_succeeds_while_the_owner_turns_the_waste_over(small) -> None:
    # Ben's stock is empty: his turn takes the waste back, minus the claimed card.
    game = small("AH", "9C 2H")
    game.apply_moments("TT PT")
    assert game.stock(1) == [] and game.waste(1) == parse_cards("2H 9C")
    game.apply_moment("CT")
    assert [p.card for p in game.half(0, "H")] == parse_cards("AH 2H")
    assert game.stock(1) == parse_cards("9C") and game.waste(1) == []


def test_p9_claim_of_the_owners_last_card_makes_the_owner_an_observer(small) -> None:
    game = small("AH", "2H")
    game.apply_moments("TT PW")
    game.apply_moment("CT")
    assert game.is_observer(0) and game.is_observer(1)
    assert game.is_terminal()


def test_p9_covered_or_uncovered_cards_cannot_be_claimed(small, snapshot) -> None:
    # Ben turns 2H, then 9C on top of it: 2H is covered, and 9C fits nothing of Ann's.
    game = small("AH", "2H 9C KS")
    game.apply_moments("TT PT")
    before = snapshot(game)
    with pytest.raises(IllegalMoveError, match=r"Ann cannot claim 9C: .* \(P9\)"):
        game.apply_moment("CW")
    assert snapshot(game) == before
    # Ben plays KS: the 9C beneath is uncovered, not newly turned.
    game.apply_moments("WT WP")
    assert game.waste_top(1) == Card.parse("9C") and not game.is_fresh(1)
    with pytest.raises(IllegalMoveError, match=r"it is not the card Ben turned last \(P9\)"):
        game.apply_moment("CW")


def test_p9_fresh_card_stays_claimable_while_the_owner_waits(small) -> None:
    game = small("AH", "2H 9C")
    game.apply_moments("TT PW WW WW")
    assert game.can_claim(0)


def test_p9_claim_needs_a_fitting_card(small, snapshot) -> None:
    game = small("AH", "3H 2H")
    game.apply_moments("TT PW")
    before = snapshot(game)
    with pytest.raises(
        IllegalMoveError, match=r"Ann cannot claim 3H: Ann's hearts half needs 2H next \(P9\)"
    ):
        game.apply_moment("CW")
    assert snapshot(game) == before


def test_p9_claim_from_an_empty_waste_is_refused(small) -> None:
    game = small("AH", "KH 2H")
    game.apply_moments("TT PP")
    with pytest.raises(IllegalMoveError, match=r"Ann cannot claim: Ben's waste is empty \(P9\)"):
        game.apply_moment("CT")


def test_p9_only_observers_claim(small, snapshot) -> None:
    game = small("AH AS", "2H 9C")
    game.apply_moments("TT PW")
    before = snapshot(game)
    with pytest.raises(
        IllegalMoveError, match=r"only a player with no stock and no waste left claims \(P9\)"
    ):
        game.apply_moment("CW")
    assert snapshot(game) == before


def test_p9_observer_cannot_turn(small) -> None:
    game = small("AH", "2H 9C")
    game.apply_moments("TT PW")
    with pytest.raises(IllegalMoveError, match=r"Ann cannot turn: .* \(P9\)"):
        game.apply_moment("TW")


def test_p9_owner_play_of_the_claimed_card_stands_and_sinks(small) -> None:
    game = small(HEARTS_LOW, HEARTS_HIGH)
    game.apply_moments("TT PP " * 6 + "WT")
    assert game.can_claim(0) and game.can_play(1)
    game.apply_moment("CP")
    assert game.score == (0, 0) and len(game.sunk) == 1
    sunk = game.sunk[0]
    assert sunk.halves[1][-1] == Placed(Card.parse("7H"), 1)  # the owner's play stood
    assert all(p.owner == 0 for p in sunk.halves[0])
    assert game.log == [
        "moment 14: Ann claimed 7H as Ben played it: Ben's play stands",
        "moment 14: the hearts ship (ship 1) sank: both players put a card on it",
    ]


def test_p9_claim_that_completes_a_ship_captures_it(small) -> None:
    game = small(HEARTS_LOW, HEARTS_HIGH)
    game.apply_moments("TT PP " * 6 + "WT CW")
    assert game.score == (1, 0)
    assert Placed(Card.parse("7H"), 1) in game.captured[0][0].halves[0]


def test_p9_observer_claim_may_follow_a_turn_from_an_earlier_moment(small) -> None:
    # Ben turned 2H before Ann became an observer: it is still his newest card.
    game = small("AH", "2H 9C")
    game.apply_moment("TT")
    assert not game.can_claim(0)
    game.apply_moment("PW")
    assert game.can_claim(0)
