"""Building ships (P6), capture and sinking (P7), the next ship of a suit (P8)."""

from __future__ import annotations

import pytest

from pirate_rules.cards import Card, parse_cards
from pirate_rules.errors import IllegalMoveError
from pirate_rules.pirate import Action, Ship

HEARTS_LOW = "AH 2H 3H 4H 5H 6H"
HEARTS_HIGH = "KH QH JH TH 9H 8H 7H"


def test_p6_first_ship_keels_low_ace_up_high_king_down() -> None:
    for low in (0, 1):
        ship = Ship("S", 1, low)
        assert ship.keel(low) == Card.parse("AS") and ship.keel(1 - low) == Card.parse("KS")
        assert ship.steps[low] == 1 and ship.steps[1 - low] == -1


def test_p6_halves_grow_by_one_rank_in_their_direction(small) -> None:
    game = small("AC 2C 3C", "KC QC JC")
    game.apply_moments("TT PP " * 3)
    assert [p.card for p in game.half(0, "C")] == parse_cards("AC 2C 3C")
    assert [p.card for p in game.half(1, "C")] == parse_cards("KC QC JC")
    assert game.ship("C").next_card(0) == Card.parse("4C")
    assert game.ship("C").next_card(1) == Card.parse("TC")


def test_p6_high_player_may_be_player_zero(small) -> None:
    game = small("KD", "AD", low=1)
    game.apply_moments("TT PP")
    assert repr(game.ship("D")) == "<Ship D1: K | A>"


def test_p6_a_half_not_begun_takes_only_its_keel(small, snapshot) -> None:
    game = small("2S AS", "KH")
    game.apply_moment("TW")
    assert Action.PLAY not in game.legal_actions(0)
    before = snapshot(game)
    with pytest.raises(
        IllegalMoveError,
        match=r"Ann cannot play 2S: Ann's spades half is not begun, and only its keel AS"
        r" begins it \(P6\)",
    ):
        game.apply_moment("PW")
    assert snapshot(game) == before


def test_p6_a_skipped_rank_is_refused(small, snapshot) -> None:
    game = small("AH 3H 2H", "KS")
    game.apply_moments("TW PW TW")
    before = snapshot(game)
    with pytest.raises(
        IllegalMoveError, match=r"Ann cannot play 3H: Ann's hearts half needs 2H next \(P6\)"
    ):
        game.apply_moment("PT")
    assert snapshot(game) == before


def test_p6_never_onto_the_opponents_half(small, snapshot) -> None:
    # Ben's half needs QH, and Ann holds QH: she still cannot put it there.
    game = small("QH AS", "KH KS")
    game.apply_moments("TT WP")
    assert game.ship("H").next_card(1) == Card.parse("QH")
    before = snapshot(game)
    with pytest.raises(IllegalMoveError, match=r"\(P6\)") as info:
        game.apply_moment("PW")
    assert info.value.rule == "P6"
    assert snapshot(game) == before


def test_p6_play_with_empty_waste_is_refused(small) -> None:
    game = small("AS", "KS")
    with pytest.raises(IllegalMoveError, match=r"Ann cannot play: Ann's waste is empty \(P6\)"):
        game.apply_moment("PT")


def test_p7_a_lone_closer_captures(small) -> None:
    game = small(HEARTS_LOW, HEARTS_HIGH)
    game.apply_moments("TT PP " * 6 + "WT WP")
    assert game.score == (0, 1) and game.sunk == []
    ship = game.captured[1][0]
    assert ship.is_complete and len(ship.cards()) == 13
    assert game.log == ["moment 14: Ben captured the hearts ship (ship 1)"]


def test_p7_capture_by_the_keel_of_a_half_not_begun(small) -> None:
    # Ann builds hearts all the way up to the Queen; Ben's King then completes it.
    game = small("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH", "KH")
    game.apply_moments("TW PW " * 12 + "WT")
    assert repr(game.ship("H")) == "<Ship H1: A-Q | ->"
    game.apply_moment("WP")
    assert game.score == (0, 1)


def test_p7_one_half_alone_can_complete_a_ship(small) -> None:
    game = small("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "KS")
    game.apply_moments("TW PW " * 13)
    assert game.score == (1, 0)


def test_p7_both_placing_the_same_rank_sinks(small) -> None:
    game = small(HEARTS_LOW + " 7H", HEARTS_HIGH)
    game.apply_moments("TT PP " * 7)
    assert game.score == (0, 0) and len(game.sunk) == 1
    assert len(game.sunk[0].cards()) == 14  # both Sevens went down with it
    assert game.log == ["moment 14: the hearts ship (ship 1) sank: both players put a card on it"]


def test_p7_both_placing_different_cards_that_close_it_sinks(small) -> None:
    game = small(HEARTS_LOW, HEARTS_HIGH + " AS")
    game.apply_moments("TT PP " * 5 + "TT WP WT PP")
    assert game.score == (0, 0) and len(game.sunk) == 1


def test_p7_placing_on_another_ship_does_not_count(small) -> None:
    # Ben plays a spade in the moment Ann closes hearts: Ann captures alone.
    game = small("AH 2H 3H 4H 5H 6H 7H", "KH QH JH TH 9H 8H KS")
    game.apply_moments("TT PP " * 6 + "TT PP")
    assert game.score == (1, 0) and game.sunk == []
    assert repr(game.ship("S")) == "<Ship S1: - | K>"


def test_p7_two_ships_captured_in_one_moment(small) -> None:
    # Ann (low) builds hearts up alone while Ben (high) builds spades down alone.
    game = small("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS")
    game.apply_moments("TT PP " * 13)
    assert game.score == (1, 1)
    assert [e.kind for e in game.events] == ["capture", "capture"]


def test_p8_next_ship_swaps_keels(small) -> None:
    game = small(HEARTS_LOW + " KH", HEARTS_HIGH + " AH")
    game.apply_moments("TT PP " * 6 + "TT WP")
    ship = game.ship("H")
    assert ship.number == 2 and ship.halves == [[], []]
    assert ship.keel(0) == Card.parse("KH") and ship.keel(1) == Card.parse("AH")
    game.apply_moments("PT WP")
    assert repr(game.ship("H")) == "<Ship H2: K | A>"


def test_p8_after_a_sinking_too_and_the_third_ship_swaps_back(small) -> None:
    game = small(HEARTS_LOW + " 7H", HEARTS_HIGH)
    game.apply_moments("TT PP " * 7)
    assert game.ship("H").number == 2
    assert Ship("H", 3, 0).keel(0) == Card.parse("AH")
    assert Ship("H", 2, 1).keel(1) == Card.parse("KH")
