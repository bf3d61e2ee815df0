"""Setting up: decks and owners (P1), the cut (P2), stock and waste (P3)."""

from __future__ import annotations

import random

import pytest

from pirate_rules.cards import Card, parse_cards, standard_deck
from pirate_rules.errors import InvalidCardError, PirateRulesError
from pirate_rules.pirate import Action, PirateGame, Placed, low_player
from pirate_rules.pirate.deal import deal


def test_p1_from_seed_gives_each_player_one_whole_deck() -> None:
    for seed in range(20):
        game = PirateGame.from_seed(seed)
        for player in (0, 1):
            assert sorted(game.stock(player)) == sorted(standard_deck())
        assert game.stock(0) != game.stock(1)


def test_p1_explicit_stocks_must_be_whole_decks() -> None:
    deck = standard_deck()
    PirateGame(stocks=(deck, deck[::-1]))
    with pytest.raises(
        PirateRulesError, match=r"Player 2's stock is not one 52-card deck: missing AS \(P1\)"
    ):
        PirateGame(stocks=(deck, deck[1:]))
    with pytest.raises(PirateRulesError, match=r"missing AS; twice 2S \(P1\)"):
        PirateGame(stocks=([deck[1], *deck[1:]], deck))
    with pytest.raises(PirateRulesError, match=r"not in a deck JK \(P1\)"):
        PirateGame(stocks=([*deck, Card.parse("JK")], deck))


def test_p1_partial_stocks_still_refuse_repeats() -> None:
    with pytest.raises(PirateRulesError, match=r"Ann's stock is not part of one deck: twice 7H"):
        PirateGame(stocks=("7H 7H", ""), players=("Ann", "Ben"), complete=False)


def test_p1_stocks_are_read_from_text_or_cards() -> None:
    game = PirateGame(stocks=("ah 10s", [Card.parse("KD"), "QD"]), complete=False)
    assert game.stock(0) == parse_cards("AH TS")
    assert game.stock(1) == parse_cards("KD QD")
    with pytest.raises(InvalidCardError):
        PirateGame(stocks=("AH 1H", ""), complete=False)


def test_p1_claimed_card_keeps_its_owner(small) -> None:
    game = small("AH", "2H 9C")
    game.apply_moments("TT PW CW")
    assert game.half(0, "H") == [Placed(Card.parse("AH"), 0), Placed(Card.parse("2H"), 1)]


def test_p1_setup_arguments_are_checked() -> None:
    with pytest.raises(PirateRulesError, match="two players"):
        PirateGame(stocks=("", ""), players=("Ann",), complete=False)
    with pytest.raises(PirateRulesError, match="non-empty"):
        PirateGame(stocks=("", ""), players=("Ann", " "), complete=False)
    with pytest.raises(PirateRulesError, match="low player must be 0 or 1"):
        PirateGame(stocks=("", ""), low=2, complete=False)
    with pytest.raises(PirateRulesError, match="two stocks"):
        PirateGame(stocks=("AH",), complete=False)


def test_p2_lower_rank_is_low_suits_ignored() -> None:
    cards = {text: Card.parse(text) for text in ("AS", "KH", "4H", "JC", "9S", "9D")}
    assert low_player(cards["4H"], cards["JC"]) == 0
    assert low_player(cards["KH"], cards["AS"]) == 1
    assert low_player(cards["9S"], cards["9D"]) is None


def test_p2_equal_cut_cuts_again() -> None:
    seeds = [seed for seed in range(100) if len(PirateGame.from_seed(seed).cuts) > 1]
    assert seeds, "some seed needs a second cut"
    for seed in seeds[:3]:
        game = PirateGame.from_seed(seed)
        *again, last = game.cuts
        assert all(a.rank == b.rank for a, b in again)
        assert low_player(*last) == game.low
        assert len(game.log) == len(game.cuts)
        assert game.log[0].endswith("equal ranks, cut again")


def test_p2_from_seed_uses_only_its_own_generator() -> None:
    random.seed(1)
    first = PirateGame.from_seed(5)
    random.seed(2)
    second = PirateGame.from_seed(5)
    assert first.start == second.start and first.low == second.low
    setup = deal(random.Random(5))
    assert (first.low, first.cuts) == (setup.low, setup.cuts)
    assert first.log[-1].endswith(f"{first.players[first.low]} is low")


def test_p3_only_the_top_waste_card_can_be_played(small) -> None:
    game = small("AH 2H", "AS")
    game.apply_moments("TW TW")
    assert game.waste(0) == parse_cards("2H AH")
    assert game.waste_top(0) == Card.parse("2H")
    assert game.legal_actions(0) == [Action.TURN, Action.WAIT]
    assert not game.can_play(0)


def test_p3_stock_and_waste_are_listed_top_first(small) -> None:
    game = small("5C 6C 7C", "KS")
    assert game.stock(0) == parse_cards("5C 6C 7C")
    game.apply_moment("TW")
    assert game.stock(0) == parse_cards("6C 7C")
    assert game.waste(0) == parse_cards("5C")
