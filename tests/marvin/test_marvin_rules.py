"""One or more tests per rule of Marvin's Pirates Go! (M1 to M18; see RULINGS.md).

Every game here starts with Marvin (player 0) and a stacked draw pile: the given
cards on top, then the rest of the deck in a fixed order (AS 2S 3S ... KC JK JK).
"""

from __future__ import annotations

from collections import Counter

import pytest
from marvin_helpers import game, refused

from pirate_rules.cards import JOKER, Card, standard_deck
from pirate_rules.errors import IllegalMoveError, InvalidCardError, PirateRulesError
from pirate_rules.marvin import (
    DRAW,
    MarvinGame,
    Move,
    Outcome,
    Pirate,
    RandomBot,
    Termination,
    card_effect,
)
from pirate_rules.marvin.table import captain_behind, guard_in_front

# M1: the deck


def test_m1_default_deck_is_52_cards_and_two_jokers() -> None:
    deck = MarvinGame.from_seed(1).deck
    assert len(deck) == 54
    assert Counter(deck) == Counter([*standard_deck(), JOKER, JOKER])


@pytest.mark.parametrize("jokers", [0, 1, 2])
def test_m1_jokers_option(jokers: int) -> None:
    game_ = MarvinGame.from_seed(3, jokers=jokers)
    assert game_.jokers == jokers
    assert len(game_.deck) == 52 + jokers
    assert game_.deck.count(JOKER) == jokers


@pytest.mark.parametrize("jokers", [-1, 3, True, "2"])
def test_m1_jokers_out_of_range_is_refused(jokers: object) -> None:
    with pytest.raises(PirateRulesError, match=r"jokers must be 0, 1 or 2.*\(M1\)"):
        MarvinGame.from_seed(1, jokers=jokers)  # type: ignore[arg-type]
    with pytest.raises(PirateRulesError, match=r"\(M1\)"):
        MarvinGame(standard_deck(), jokers=jokers)  # type: ignore[arg-type]


def test_m1_explicit_deck_names_missing_and_extra_cards() -> None:
    deck = [*standard_deck(), JOKER, JOKER]
    deck[5] = Card.parse("AS")  # 6S replaced by a second AS
    with pytest.raises(PirateRulesError) as caught:
        MarvinGame(deck)
    assert str(caught.value) == ("not a deck of 52 cards and 2 jokers: missing 6S, extra AS (M1)")
    with pytest.raises(PirateRulesError, match="missing JK JK"):
        MarvinGame(standard_deck())
    with pytest.raises(PirateRulesError, match="extra JK JK"):
        MarvinGame([*standard_deck(), JOKER, JOKER], jokers=0)


def test_m1_explicit_deck_in_any_notation() -> None:
    cards = [*standard_deck(), JOKER]
    text = " ".join(str(card) for card in cards)
    a = MarvinGame(text, jokers=1)
    b = MarvinGame([str(card).lower() for card in cards], jokers=1)
    c = MarvinGame(cards, jokers=1)
    assert a.deck == b.deck == c.deck == tuple(cards)
    with pytest.raises(InvalidCardError):
        MarvinGame(text.replace("AS", "1S"), jokers=1)


def test_m1_ace_counts_as_one() -> None:
    assert card_effect(Card.parse("AH")) == card_effect(Card.parse("3H")) == "hit"
    game_ = game("AH")
    game_.play("GL")
    assert game_.sides[1].hit_points("GL") == 3


def test_m1_every_card_has_its_effect() -> None:
    by_rank = {card.rank: card_effect(card) for card in standard_deck()}
    assert [by_rank[rank] for rank in range(1, 14)] == [
        "hit", "shield", "hit", "shield", "hit", "shield", "hit",
        "kill", "slash", "shield", "take", "take", "take",
    ]  # fmt: skip
    assert card_effect(JOKER) == "lost"


# M2: pirates and positions


def test_m2_four_pirates_with_four_hit_points() -> None:
    game_ = game()
    for side in game_.sides:
        assert [side[p] for p in ("GL", "GR", "CL", "CR")] == [
            Pirate(p, 4, False, False) for p in ("GL", "GR", "CL", "CR")
        ]
        assert side.pirates_left == 4
        assert side.hidden is None


def test_m2_captains_stand_behind_guards() -> None:
    assert guard_in_front("CL") == "GL" and guard_in_front("CR") == "GR"
    assert captain_behind("GL") == "CL" and captain_behind("GR") == "CR"


def test_m2_guard_row_faces_the_opponent() -> None:
    game_ = game("7H")
    assert list(game_.legal_moves) == [Move.target("GL"), Move.target("GR")]
    lines = str(game_).splitlines()
    # player 1 on top, captains first; player 0 below, guards first, facing them
    assert lines[1].split()[0] == "CR" and lines[2].split()[0] == "GR"
    assert lines[4].split()[0] == "GL" and lines[5].split()[0] == "CL"


# M3: prizes start in the bank


def test_m3_three_prizes_in_the_bank() -> None:
    game_ = game()
    assert game_.bank == ("cave", "ship", "fort")
    assert game_.prizes(0) == game_.prizes(1) == ()
    assert [game_.holder(p) for p in ("cave", "ship", "fort")] == [None, None, None]


# M4: who starts


def test_m4_first_player_is_given() -> None:
    assert game(first=1).to_move == 1
    assert game(first=0).to_move == 0
    assert MarvinGame.from_seed(1, first=1).to_move == 1


def test_m4_first_player_drawn_from_the_seed() -> None:
    firsts = {MarvinGame.from_seed(seed).first for seed in range(20)}
    assert firsts == {0, 1}
    assert all(MarvinGame.from_seed(s).first == MarvinGame.from_seed(s).first for s in range(9))


@pytest.mark.parametrize("first", [2, -1, True, None])
def test_m4_first_must_be_a_player(first: object) -> None:
    with pytest.raises(PirateRulesError, match=r"\(M4\)"):
        game(first=first)


# M5: one optional prize power at the start of the turn


def test_m5_no_prize_means_no_prize_phase() -> None:
    game_ = game("7H")
    assert game_.phase == "card" and game_.drawn == Card.parse("7H")


def test_m5_prize_phase_offers_powers_and_draw() -> None:
    game_ = game("KS 7H")  # Marvin takes the Cave; Mum hits
    game_.play("take cave", "GL")
    assert game_.phase == "prize" and game_.drawn is None
    assert list(game_.legal_moves) == [Move.cave("CL"), Move.cave("CR"), DRAW]
    game_.play("draw")
    assert game_.phase == "card" and game_.sides[0].hidden is None


def test_m5_only_one_power_per_turn() -> None:
    game_ = game("KS 7H 2H")
    game_.play("take fort", "GL", "fort GR")
    assert game_.phase == "card"
    reason = refused(game_, "fort GL", "M5")
    assert "before the draw" in reason and "only one per turn" in reason


def test_m5_a_prize_taken_now_is_usable_from_the_next_turn() -> None:
    game_ = game("KS 7H")
    game_.play("take ship")
    assert game_.to_move == 1 and game_.phase == "card"  # Mum's turn: no power for her
    game_.play("GL")
    assert game_.to_move == 0 and game_.phase == "prize"
    assert Move.parse("ship GL CL") in game_.legal_moves


def test_m5_power_of_a_prize_not_held_is_refused() -> None:
    game_ = game("KS 7H QS")
    game_.play("take ship", "GL")
    assert refused(game_, "fort GL", "M5") == "Marvin does not hold the Fort: it is in the bank"
    game_.play("draw", "take fort")  # Marvin's QS takes the Fort
    assert game_.prizes(0) == ("ship", "fort")


def test_m5_power_held_by_the_opponent_is_refused() -> None:
    game_ = game("KS JS")
    game_.play("take ship", "take ship")
    assert game_.prizes(1) == ("ship",)
    assert refused(game_, "ship GL CL", "M5") == "Marvin does not hold the Ship: Mum does"


def test_m5_draw_and_targets_in_the_wrong_phase_are_refused() -> None:
    game_ = game("KS 7H")
    game_.play("take ship", "GL")
    assert "has not drawn a card yet" in refused(game_, "GL", "M5")
    assert "has not drawn a card yet" in refused(game_, "take fort", "M5")
    game_.play("draw")
    assert "already drawn" in refused(game_, "draw", "M5")


def test_m5_prize_phase_skipped_when_no_power_is_usable() -> None:
    game_ = game("KS 8H 7H")
    game_.play("take fort", "GL")  # Mum's 8 knocks out Marvin's GL: the Fort needs both guards
    assert game_.to_move == 0 and game_.phase == "card" and game_.drawn == Card.parse("7H")


# M6: the Ship


def test_m6_ship_swaps_two_pirates_with_their_hit_points_and_shields() -> None:
    game_ = game("KS 9C 2S")
    game_.play("take ship", "GL")  # Marvin's GL 4 -> 2
    game_.play("ship GL CR", "CL")  # swap, then 2S shields CL
    side = game_.sides[0]
    assert side["GL"] == Pirate("GL", 4, False, False)
    assert side["CR"] == Pirate("CR", 2, False, False)
    assert game_.log[2] == "Turn 3: Marvin uses the Ship: GL and CR swap places"


def test_m6_ship_moves_a_pirate_into_an_empty_position() -> None:
    game_ = game("KS 8H 2S")
    game_.play("take ship", "GL")  # Marvin's GL faints
    assert Move.parse("ship CL GL") in game_.legal_moves
    game_.play("ship CL GL")
    side = game_.sides[0]
    assert side.hit_points("GL") == 4 and side["CL"] is None
    assert game_.log[2] == "Turn 3: Marvin uses the Ship: CL moves to the empty GL"


def test_m6_swaps_are_listed_once_and_accepted_in_either_order() -> None:
    game_ = game("KS 7H")
    game_.play("take ship", "GL")
    ships = [str(m) for m in game_.legal_moves if m.kind == "ship"]
    assert ships == ["ship GL GR", "ship GL CL", "ship GL CR", "ship GR CL", "ship GR CR",
                     "ship CL CR"]  # fmt: skip
    assert "ship CR GL" in game_.legal_moves
    game_.play("ship CR GL")
    assert game_.sides[0].hit_points("CR") == 3 and game_.sides[0].hit_points("GL") == 4


def test_m6_ship_needs_a_pirate_to_move() -> None:
    game_ = game("KS 8H")
    game_.play("take ship", "GL")
    assert refused(game_, "ship GL CL", "M6") == "Marvin has no pirate at GL to move"


def test_m6_kept_position_of_a_hidden_pirate_is_not_empty() -> None:
    game_ = game("KS 7H JS 8H")
    game_.play("take cave", "GL", "cave CL", "take ship", "GL")  # Marvin's GL faints
    assert game_.sides[0].hidden == "CL"
    reason = refused(game_, "ship GR CL", "M6")
    assert reason == "CL is kept for the pirate hidden in the Cave, so it is not empty"
    assert Move.parse("ship GR GL") in game_.legal_moves


def test_m6_ship_cannot_move_the_hidden_pirate() -> None:
    game_ = game("KS 7H JS 8H")
    game_.play("take cave", "GL", "cave CL", "take ship", "GL")
    assert refused(game_, "ship CL GL", "M7") == "CL is hidden in the Cave and cannot be moved"


# M7: the Cave


def test_m7_hide_keeps_hit_points_shield_and_position() -> None:
    game_ = game("KS 9H 2S 7H")
    game_.play("take cave", "GL")  # Mum slashes GL: 4 -> 2
    game_.play("draw", "CL")  # 2S shields CL
    game_.play("GR")  # Mum's 7H hits GR
    assert game_.phase == "prize"
    game_.play("cave CL")
    side = game_.sides[0]
    assert side.hidden == "CL"
    assert side["CL"] == Pirate("CL", 4, True, True)
    assert not side.on_board("CL")
    assert side.pirates_left == 4
    assert "CL 4 hp shield hidden" in str(game_)


def test_m7_hidden_pirate_cannot_be_targeted() -> None:
    game_ = game("KS 8H 7H 7S")
    game_.play("take cave", "GL")  # Mum knocks out Marvin's GL
    game_.play("cave CL", "GL")  # Marvin hides CL, then hits Mum's GL
    assert list(game_.legal_moves) == [Move.target("GR")]
    assert refused(game_, "CL", "M7") == "target CL is not targetable: it is hidden in the Cave"
    assert refused(game_, "GL", "M17") == "target GL is empty: Marvin has no pirate there"


def test_m7_hidden_pirate_cannot_be_shielded() -> None:
    game_ = game("KS 7H 2S")
    game_.play("take cave", "GL", "cave CR")
    assert Move.target("CR") not in game_.legal_moves
    assert refused(game_, "CR", "M7") == "CR is hidden in the Cave and cannot be shielded"


def test_m7_only_captains_hide() -> None:
    game_ = game("KS 7H")
    game_.play("take cave", "GL")
    reason = refused(game_, "cave GL", "M7")
    assert reason == "only a captain can hide in the Cave, and GL is a guard"


def test_m7_cave_refused_while_a_pirate_hides() -> None:
    game_ = game("KS 7H 2S 7S")
    game_.play("take cave", "GL", "cave CL", "GL", "GR")
    assert game_.to_move == 0 and game_.phase == "card"  # the Cave is not usable again
    reason = refused(game_, "cave CR", "M7")
    assert reason == "CL is already hidden in the Cave: one pirate at a time"


def test_m7_cave_refused_without_both_captains() -> None:
    game_ = game("KS 8H 2S 8C 4S")
    game_.play("take cave", "GL", "draw", "GR", "CL")  # Mum: 8H kills GL, 8C kills CL
    assert game_.sides[0]["CL"] is None
    assert game_.phase == "card"  # no usable power: straight to the draw
    assert refused(game_, "cave CR", "M7") == "the Cave needs pirates standing at both CL and CR"


def test_m7_hidden_pirate_returns_when_the_other_captain_faints() -> None:
    game_ = game("QH 8S 2S 8H")
    game_.play("take cave", "GR", "cave CL", "GL", "CR")
    side = game_.sides[0]
    assert side.hidden is None and side.on_board("CL")
    assert game_.log[-1] == "Turn 4: Marvin's CL comes back from the Cave"
    assert side.targetable() == ("GL",)


def test_m7_hidden_pirate_returns_when_the_other_captain_moves_to_the_guard_row() -> None:
    game_ = game("KS 8H JS 7H")
    game_.play("take cave", "GL", "cave CL", "take ship", "GR")  # Marvin's GL is empty
    game_.play("ship CR GL")
    side = game_.sides[0]
    assert side.hidden is None and side.on_board("CL") and side["CR"] is None
    assert game_.log[-2:][0].endswith("CR moves to the empty GL")
    assert "Marvin's CL comes back from the Cave" in game_.log[-1]


def test_m7_hidden_pirate_stays_while_a_swap_keeps_the_captain_row_filled() -> None:
    game_ = game("KS 7H JS 7D")
    game_.play("take cave", "GL", "cave CL", "take ship", "GR", "ship CR GR")
    assert game_.sides[0].hidden == "CL"
    assert game_.sides[0].hit_points("CR") == 3


def test_m7_hidden_pirate_returns_when_the_cave_is_taken() -> None:
    game_ = game("KS 7H 2S QH")
    game_.play("take cave", "GL", "cave CL", "GL", "take cave")
    assert game_.sides[0].hidden is None and game_.prizes(1) == ("cave",)
    assert game_.log[-2:] == [
        "Turn 4: Mum draws QH and takes the Cave from Marvin",
        "Turn 4: Marvin's CL comes back from the Cave",
    ]


# M8: the Fort


def test_m8_fort_shields_a_guard() -> None:
    game_ = game("KS 7H")
    game_.play("take fort", "GL")
    assert [str(m) for m in game_.legal_moves] == ["fort GL", "fort GR", "draw"]
    game_.play("fort GR")
    assert game_.sides[0].has_shield("GR")


def test_m8_fort_refusals() -> None:
    game_ = game("KS 7H 2S 7S")
    game_.play("take fort", "GL")
    assert refused(game_, "fort CL", "M8") == "the Fort shields a guard, and CL is a captain"
    game_.play("fort GL", "GR", "GL")  # 2S shields GR; Mum's 7S breaks GL's shield
    assert [str(m) for m in game_.legal_moves] == ["fort GL", "draw"]
    assert refused(game_, "fort GR", "M8") == "GR already has a shield, and shields do not stack"


def test_m8_fort_needs_both_guards() -> None:
    game_ = game("KS 8H 7H")
    game_.play("take fort", "GL")
    assert game_.phase == "card"  # the Fort is not usable: no prize phase
    assert refused(game_, "fort GR", "M8") == "the Fort needs pirates standing at both GL and GR"


# M9: the draw


def test_m9_draw_takes_the_top_card() -> None:
    game_ = game("9C 7H")
    assert game_.drawn == Card.parse("9C")
    assert game_.draw_pile[0] == Card.parse("7H") and len(game_.draw_pile) == 53
    game_.play("GL")
    assert game_.drawn == Card.parse("7H") and game_.discard_pile == [Card.parse("9C")]


def _until_reshuffle(seed: int) -> MarvinGame:
    game_ = MarvinGame.from_seed(seed)
    bot = RandomBot(seed=seed)
    while game_.reshuffles == 0 and not game_.is_game_over():
        game_.push(bot.choose(game_, game_.to_move))
    return game_


def test_m9_empty_draw_pile_reshuffles_the_discard_pile() -> None:
    game_ = _until_reshuffle(1)
    assert game_.reshuffles == 1
    line = next(line for line in game_.log if "draw pile is empty" in line)
    assert line.endswith("the 54 discarded cards are shuffled into a new draw pile")
    cards = game_.draw_pile + game_.discard_pile + ([game_.drawn] if game_.drawn else [])
    assert Counter(cards) == Counter(game_.deck)


def test_m9_reshuffle_uses_the_games_own_generator() -> None:
    a, b = _until_reshuffle(1), _until_reshuffle(1)
    assert a.draw_pile == b.draw_pile and a._history[-1][1] == b._history[-1][1]
    c = MarvinGame(a.deck, first=a.first, seed=5)
    d = MarvinGame(a.deck, first=a.first, seed=6)
    for number, (power, _, _, choice) in enumerate([*a._history, (a._power, None, None, None)]):
        for step in (power or DRAW, choice):
            if c.reshuffles or c.turn != number or step is None:
                continue
            if step is DRAW and c.phase != "prize":
                continue
            c.push(step)
            d.push(step)
    assert c.reshuffles == d.reshuffles == 1
    assert c.draw_pile != d.draw_pile


# M10 to M15: the cards


@pytest.mark.parametrize("card", ["AH", "3H", "5H", "7H"])
def test_m10_low_odd_cards_deal_one_hit(card: str) -> None:
    game_ = game(card)
    game_.play("GR")
    assert game_.sides[1].hit_points("GR") == 3
    assert game_.log[0] == f"Turn 1: Marvin draws {card} and hits Mum's GR: GR 4 -> 3 HP"


@pytest.mark.parametrize("card", ["2H", "4H", "6H", "TH"])
def test_m11_even_cards_and_ten_shield_your_own_pirate(card: str) -> None:
    game_ = game(card)
    assert [str(m) for m in game_.legal_moves] == ["GL", "GR", "CL", "CR"]
    game_.play("CR")
    assert game_.sides[0].has_shield("CR") and not game_.sides[1].has_shield("CR")
    assert game_.log[0] == f"Turn 1: Marvin draws {card} and shields CR"


def test_m11_only_unshielded_pirates_on_the_board() -> None:
    game_ = game("2H 7H 4H")
    game_.play("GL", "GL")  # Marvin shields GL; Mum's 7H breaks it
    assert [str(m) for m in game_.legal_moves] == ["GL", "GR", "CL", "CR"]
    game_ = game("2H 8H 4H")
    game_.play("GR", "GL")  # Marvin shields GR; Mum knocks out GL
    assert [str(m) for m in game_.legal_moves] == ["CL", "CR"]
    assert refused(game_, "GR", "M11") == "GR already has a shield, and shields do not stack"
    assert refused(game_, "GL", "M11") == "Marvin has no pirate at GL to shield"


def test_m11_shield_card_with_nobody_to_shield_does_nothing() -> None:
    game_ = game("2H 2S 4H 4S 6H 6S TH TS 8H")
    game_.play("GL", "GL", "GR", "GR", "CL", "CL", "CR", "CR")
    # Marvin's 8H waits for a target: every shield card so far had one
    assert game_.drawn == Card.parse("8H")
    game_ = game("2H 2S 4H 4S 6H 6S TH TS 2D 7H")
    game_.play("GL", "GL", "GR", "GR", "CL", "CL", "CR", "CR")
    # the 2D had nothing to shield: it resolved at once, and Mum's 7H waits
    assert game_.to_move == 1 and game_.drawn == Card.parse("7H")
    assert game_.log[-1] == (
        "Turn 9: Marvin draws 2D, but every pirate of Marvin's on the board already has a shield"
    )


def test_m12_eight_knocks_out_regardless_of_shield_and_hit_points() -> None:
    game_ = game("7H 2S 8H")
    game_.play("GL", "GL", "GL")  # Mum's GL: hit to 3 HP, shielded, then knocked out
    assert game_.sides[1]["GL"] is None
    assert game_.log[-1] == "Turn 3: Marvin draws 8H, a one-hit kill: Mum's GL faints"


def test_m13_nine_deals_two_hits() -> None:
    game_ = game("9H 2S 9D 7S 9C")
    game_.play("GL")  # GL 4 -> 2
    assert game_.sides[1].hit_points("GL") == 2
    game_.play("GR", "GR")  # Mum shields GR; Marvin's 9D: shield, then 4 -> 3
    assert game_.sides[1]["GR"] == Pirate("GR", 3, False, False)
    assert game_.log[-1] == (
        "Turn 3: Marvin draws 9D and slashes Mum's GR (2 hits): the shield breaks, GR 4 -> 3 HP"
    )
    game_.play("GL", "GL")  # Mum hits Marvin; Marvin's 9C slashes GL: 2 -> 0
    assert game_.sides[1]["GL"] is None
    assert game_.log[-1].endswith("GL 2 -> 0 HP, GL faints")


def test_m14_face_cards_take_a_prize_from_the_bank() -> None:
    for card in ("JH", "QH", "KH"):
        game_ = game(card)
        assert [str(m) for m in game_.legal_moves] == ["take cave", "take ship", "take fort"]
        game_.play("take ship")
        assert game_.prizes(0) == ("ship",) and game_.bank == ("cave", "fort")


def test_m14_face_card_takes_a_prize_from_the_opponent() -> None:
    game_ = game("KH QH")
    game_.play("take fort", "take fort")
    assert game_.prizes(0) == () and game_.prizes(1) == ("fort",)
    assert game_.log[-1] == "Turn 2: Mum draws QH and takes the Fort from Marvin"


def test_m14_nothing_happens_when_holding_all_three() -> None:
    game_ = game("KH 2S QH 2D JH 2C KS 7H")
    game_.play("take cave", "GL", "draw", "take ship", "GR", "draw", "take fort", "CL")
    assert game_.prizes(0) == ("cave", "ship", "fort")
    game_.play("draw")  # Marvin draws KS: nothing to take; Mum's 7H waits
    assert game_.log[-1] == "Turn 7: Marvin draws KS, but already holds all three prizes"
    assert game_.to_move == 1 and game_.drawn == Card.parse("7H")


def test_m14_refusals() -> None:
    game_ = game("KH QH")
    game_.play("take cave")
    assert game_.legal_moves == (Move.take("cave"), Move.take("ship"), Move.take("fort"))
    game_ = game("KH KD")
    game_.play("take cave", "take ship", "draw")
    assert game_.drawn == Card.parse("AS")
    reason = refused(game_, "take fort", "M10")
    assert reason == "the AS hits an opposing pirate: only a J, Q or K takes a prize"
    game_ = game("KH 7H QS")
    game_.play("take cave", "GL")
    game_.play("draw")
    assert refused(game_, "take cave", "M14") == "Marvin already holds the Cave"
    assert refused(game_, "GL", "M14").startswith("the QS takes a prize")


# M15: the joker


def test_m15_joker_loses_the_rest_of_the_turn() -> None:
    game_ = game("JK 7H")
    assert game_.to_move == 1 and game_.turn == 1 and game_.drawn == Card.parse("7H")
    assert game_.log == ["Turn 1: Marvin draws JK and loses the rest of the turn"]
    assert all(side.pirates_left == 4 and side["GL"] == Pirate("GL", 4, False, False)
               for side in game_.sides)  # fmt: skip


def test_m15_joker_after_a_power() -> None:
    game_ = game("KH 7H JK")
    game_.play("take ship", "GL", "ship GL CL")
    assert game_.turn == 3 and game_.to_move == 1
    assert game_.sides[0].hit_points("CL") == 3


# M16: targetable pirates


def test_m16_guards_are_targetable_captains_are_not() -> None:
    game_ = game("7H")
    assert [str(m) for m in game_.legal_moves] == ["GL", "GR"]
    assert (
        refused(game_, "CL", "M16")
        == "target CL is not targetable: the guard in front of it is still standing"
    )


def test_m16_captain_targetable_once_its_guard_position_is_empty() -> None:
    game_ = game("8H 2S 7H")
    game_.play("GR", "GL")
    assert [str(m) for m in game_.legal_moves] == ["GL", "CR"]
    assert refused(game_, "GR", "M17") == "target GR is empty: Mum has no pirate there"
    game_.play("CR")
    assert game_.sides[1].hit_points("CR") == 3


def test_m16_targets_follow_the_position_not_the_pirate() -> None:
    game_ = game("JH 8H KH 7H")
    game_.play("take ship", "GL", "ship CL GL")  # Marvin fills GL from CL; CL is now empty
    assert game_.sides[0].targetable() == ("GL", "GR")
    assert game_.sides[0]["CL"] is None


# M17: hits and shields


def test_m17_shield_takes_one_hit_then_is_gone() -> None:
    game_ = game("7H 2S 7D")
    game_.play("GL", "GL", "GL")
    assert game_.sides[1]["GL"] == Pirate("GL", 3, False, False)
    assert game_.log[-1] == "Turn 3: Marvin draws 7D and hits Mum's GL: the shield takes the hit"


def test_m17_fainted_pirate_leaves_the_board_and_its_position_is_empty() -> None:
    game_ = game("9H 2S 9D")
    game_.play("GL", "CL", "GL")
    side = game_.sides[1]
    assert side["GL"] is None and side.hit_points("GL") == 0 and side.pirates_left == 3
    assert game_.log[-1].endswith("GL 2 -> 0 HP, GL faints")
    assert "GL empty" in str(game_)
    assert side.targetable() == ("GR", "CL")


def test_m17_shields_do_not_stack() -> None:
    game_ = game("2H 2S 4H")
    game_.play("GL", "GL")
    assert Move.target("GL") not in game_.legal_moves
    assert refused(game_, "GL", "M11") == "GL already has a shield, and shields do not stack"


# M18: the end


def _won() -> MarvinGame:
    game_ = game("8S 2H 8H 2D 8D 2C 8C")
    game_.play("GL", "GR", "CL", "CR", "GR")  # Mum's 2C has nothing to shield
    game_.play("CR")
    return game_


def test_m18_the_last_fainted_pirate_ends_the_game_at_once() -> None:
    game_ = _won()
    assert game_.is_game_over() and game_.is_terminal()
    assert game_.outcome() == Outcome(0, Termination.ALL_FAINTED)
    assert game_.winner == 0 and game_.turn == 7 and game_.phase == "over"
    assert game_.legal_moves == () and game_.drawn is None
    assert game_.log[-1] == "Turn 7: all of Mum's pirates have fainted: Marvin wins"
    assert str(game_).splitlines()[-1] == (
        "game over after turn 7: Marvin wins, all of Mum's pirates fainted"
    )


def test_m18_no_move_after_the_end() -> None:
    game_ = _won()
    for move in ("draw", "GL", "take cave", "ship GL CR"):
        assert refused(game_, move, "M18") == "the game is over: Marvin won on turn 7"


def test_m18_game_not_over_while_a_pirate_remains() -> None:
    game_ = game("8S 2H 8H 2D 8D 2C")
    game_.play("GL", "GR", "CL", "CR", "GR")
    assert game_.outcome() is None and game_.winner is None
    assert game_.sides[1].pirates_left == 1


def test_illegal_move_type_is_invalid() -> None:
    game_ = game("7H")
    with pytest.raises(PirateRulesError):
        game_.push(3)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        game_.push(Move.cave("CL"))
