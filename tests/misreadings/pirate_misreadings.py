"""Misreadings of *Pirate* (rules P1 to P11): the catalogue, one entry per misreading.

Each entry names the rule, the misreading as its rule's "Not to be confused with" box
says it, and the patches (from `pirate_patches`) that make the engine follow it.
"""

from __future__ import annotations

from catalogue import Misreading, misreading
from pirate_patches import (
    DEAL,
    GAME,
    ace_high,
    any_waste_card,
    anything_fits,
    as_the_rule_says,
    blocked_is_a_draw,
    both_build_up,
    both_halves_needed,
    captor_gets_the_ace,
    captor_owns_the_cards,
    claim_beats_play,
    claim_fits_either_half,
    claim_with_cards,
    comes_round_once,
    covered_check,
    covered_claim,
    cut_rule,
    either_keel,
    finishing_at,
    first_is_low_on_a_tie,
    first_seat_wins_ties,
    game_method,
    going_on_while_watched,
    higher_is_low,
    in_the_gap,
    keels_by_all_ships,
    lower_part,
    mark_at_captures_only,
    method,
    more_cards_capture,
    must_play,
    observer_half_check,
    observer_half_play,
    one_after_the_other,
    only_fresh_check,
    only_fresh_play,
    only_when_both_watch,
    other_half_check,
    other_half_play,
    own_only,
    own_or_other,
    owner_keeps_the_clash,
    owner_scores_a_claim,
    played_when_turned,
    restock_and_turn,
    restock_reversed,
    restock_shuffled,
    same_keels,
    ship_method,
    ship_property,
    sinking_keeps_keels,
    skipping_ranks,
    stock_top_too,
    suits_break_ties,
    sunk_when_both_built,
    sunk_when_both_placed,
    swap_once,
    taking_turns,
    three_at_a_time,
    turn_before_claim,
    turned_over_once,
    turning_needs_a_stock,
    uncovered_is_new,
    waste_bottom,
)

PIRATE_MISREADINGS: tuple[Misreading, ...] = (
    # P1: two decks, two owners
    misreading(
        "P1",
        "a claimed card joins the claimer's deck",
        ship_method(
            "place",
            lambda original, ship, player, card, owner: original(ship, player, card, player),
        ),
    ),
    misreading(
        "P1",
        "a deck may hold a card twice",
        method(
            f"{GAME}:check_deck",
            lambda original, cards, whose, complete=True: original(
                list(dict.fromkeys(cards)), whose, complete=complete
            ),
        ),
    ),
    misreading(
        "P1",
        "part of a deck will do",
        method(
            f"{GAME}:check_deck",
            lambda original, cards, whose, complete=True: original(cards, whose, complete=False),
        ),
    ),
    misreading(
        "P1",
        "a captured ship's cards join the captor's deck",
        game_method("_complete", captor_owns_the_cards),
    ),
    # P2: the cut
    misreading("P2", "suits break a tie", cut_rule(suits_break_ties)),
    misreading("P2", "the Ace is high in the cut", cut_rule(ace_high)),
    misreading("P2", "the higher card makes the low player", cut_rule(higher_is_low)),
    misreading("P2", "on a tie the first player is low", cut_rule(first_is_low_on_a_tie)),
    misreading(
        "P2",
        "the cut shows the top card of the part left behind",
        method(f"{DEAL}:_cut", lower_part),
    ),
    # P3: stock and waste
    misreading(
        "P3", "any card of the waste can be played", game_method("can_play", any_waste_card)
    ),
    misreading(
        "P3", "the top card of the stock can be played", game_method("can_play", stock_top_too)
    ),
    misreading("P3", "the waste is played from the bottom", game_method("can_play", waste_bottom)),
    misreading(
        "P3",
        "only the card just turned can be played",
        game_method("_check_play", only_fresh_check),
        game_method("can_play", only_fresh_play),
    ),
    # P4: everyone acts at once
    misreading("P4", "players take turns", game_method("legal_actions", taking_turns)),
    misreading(
        "P4",
        "the first player's action happens first",
        game_method("apply_moment", one_after_the_other),
    ),
    misreading(
        "P4",
        "a card that fits is played as it is turned",
        game_method("_turn", played_when_turned),
    ),
    misreading("P4", "a card that fits must be played", game_method("legal_actions", must_play)),
    misreading(
        "P4",
        "a player can turn only while their stock holds cards",
        game_method("can_turn", turning_needs_a_stock),
    ),
    # P5: turning a card
    misreading(
        "P5",
        "the waste is turned over and a card turned at once",
        game_method("_turn", restock_and_turn),
    ),
    misreading(
        "P5", "the last card turned comes back first", game_method("_turn", restock_reversed)
    ),
    misreading(
        "P5",
        "the waste is shuffled before it becomes the stock",
        game_method("_turn", restock_shuffled),
    ),
    misreading("P5", "three cards are turned at a time", game_method("_turn", three_at_a_time)),
    misreading(
        "P5", "the waste is turned over only once", game_method("can_turn", turned_over_once)
    ),
    # P6: building a ship
    misreading("P6", "a half may start with either keel", ship_method("fits", either_keel)),
    misreading(
        "P6",
        "a card may go on the other player's half",
        game_method("_check_play", other_half_check),
        game_method("_play", other_half_play),
    ),
    misreading("P6", "a half may skip ranks", ship_method("fits", skipping_ranks)),
    misreading("P6", "both halves build up from the Ace", ship_method("__init__", both_build_up)),
    misreading(
        "P6",
        "a card may go on an observer's half",
        game_method("_check_play", observer_half_check),
        game_method("_play", observer_half_play),
    ),
    # P7: capturing or sinking
    misreading(
        "P7",
        "the player with more cards on the ship captures it",
        game_method("_complete", more_cards_capture),
    ),
    misreading(
        "P7",
        "a ship sinks when both players have built on it",
        game_method("_complete", sunk_when_both_built),
    ),
    misreading(
        "P7",
        "when both close it at once, one of them still captures it",
        game_method("_complete", first_seat_wins_ties),
    ),
    misreading(
        "P7", "a ship needs cards on both halves", ship_property("is_complete", both_halves_needed)
    ),
    misreading(
        "P7",
        "a ship sinks when both players placed a card in that moment, on any ship",
        game_method("_complete_touched", sunk_when_both_placed),
    ),
    # P8: the next ship of a suit
    misreading(
        "P8", "every ship keeps the first ship's keels", ship_method("__init__", same_keels)
    ),
    misreading("P8", "the keels swap only once", ship_method("__init__", swap_once)),
    misreading(
        "P8", "a sunk ship does not swap the keels", game_method("_complete", sinking_keeps_keels)
    ),
    misreading(
        "P8",
        "the keels swap for every suit whenever a ship leaves the table",
        game_method("_complete", keels_by_all_ships),
    ),
    misreading(
        "P8",
        "the player who captured a suit's ship builds the next one up from the Ace",
        game_method("_complete", captor_gets_the_ace),
    ),
    # P9: observers and claims
    misreading(
        "P9", "a player with cards left may claim", game_method("_check_claim", claim_with_cards)
    ),
    misreading(
        "P9",
        "a covered card can still be claimed",
        game_method("_check_claim", covered_check),
        game_method("_claim", covered_claim),
    ),
    misreading(
        "P9", "a card uncovered by a play can be claimed", game_method("_play", uncovered_is_new)
    ),
    misreading(
        "P9",
        "a claim is too late when the owner turns in the same moment",
        game_method("apply_moment", turn_before_claim),
    ),
    misreading(
        "P9", "a claim beats the owner's play", game_method("apply_moment", claim_beats_play)
    ),
    misreading(
        "P9",
        "when a claim and a play clash, the owner captures",
        game_method("_claim", owner_keeps_the_clash),
    ),
    misreading(
        "P9", "a claimed card scores for its owner", game_method("_complete", owner_scores_a_claim)
    ),
    misreading(
        "P9",
        "a claim may take a card that fits the owner's half",
        game_method("_check_claim", claim_fits_either_half),
    ),
    misreading("P9", "a card that comes round again cannot be claimed", comes_round_once()),
    # P10: five ships win
    misreading("P10", "four ships always win", finishing_at(lambda game: 4)),
    misreading("P10", "five ships are needed even after a sinking", finishing_at(lambda game: 5)),
    misreading(
        "P10", "each sinking lowers the mark by one", finishing_at(lambda game: 5 - len(game.sunk))
    ),
    misreading(
        "P10",
        "the mark is looked at only when a ship is captured",
        game_method("_find_outcome", mark_at_captures_only),
    ),
    # P11: when nothing fits any more
    misreading(
        "P11",
        "a card that fits the other half always keeps the game going",
        anything_fits(own_or_other),
    ),
    misreading("P11", "cards an observer could claim do not count", anything_fits(own_only)),
    misreading(
        "P11", "only the cards in sight count", anything_fits(as_the_rule_says, cards="top")
    ),
    misreading("P11", "a blocked game is a draw", game_method("_find_outcome", blocked_is_a_draw)),
    misreading(
        "P11",
        "the game is blocked only when both players are observers",
        game_method("_anything_fits", only_when_both_watch),
    ),
    misreading(
        "P11",
        "the game goes on while a player is watching",
        game_method("_anything_fits", going_on_while_watched),
    ),
    misreading(
        "P11",
        "a card that could fill the gap between the halves keeps the game going",
        anything_fits(in_the_gap),
    ),
)
