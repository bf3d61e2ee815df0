"""Misreadings of *Pirate* (rules P1 to P11): the catalogue, one entry per misreading.

Each entry names the rule, the misreading as its rule's "Not to be confused with" box
says it, the patches (from `pirate_patches`) that make the engine follow it, and the words
of the rule's section that it reads another way.
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
    played_on_the_first_time_round,
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
        reads="even when it ends up on the other player's half of a ship",
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
        reads="one full deck of 52 cards",
    ),
    misreading(
        "P1",
        "part of a deck will do",
        method(
            f"{GAME}:check_deck",
            lambda original, cards, whose, complete=True: original(cards, whose, complete=False),
        ),
        reads="Each player brings one full deck",
    ),
    misreading(
        "P1",
        "a captured ship's cards join the captor's deck",
        game_method("_complete", captor_owns_the_cards),
        reads="or in the other player's captured ships",
    ),
    # P2: the cut
    misreading("P2", "suits break a tie", cut_rule(suits_break_ties), reads="suits do not matter"),
    misreading(
        "P2", "the Ace is high in the cut", cut_rule(ace_high), reads="Ace is lowest, King highest"
    ),
    misreading(
        "P2",
        "the higher card makes the low player",
        cut_rule(higher_is_low),
        reads="The lower rank makes its player the low player",
    ),
    misreading(
        "P2",
        "on a tie the first player is low",
        cut_rule(first_is_low_on_a_tie),
        reads="When both show the same rank, they cut again",
    ),
    misreading(
        "P2",
        "the cut shows the top card of the part left behind",
        method(f"{DEAL}:_cut", lower_part),
        reads="shows the card at the bottom of the part lifted off",
    ),
    # P3: stock and waste
    misreading(
        "P3",
        "any card of the waste can be played",
        game_method("can_play", any_waste_card),
        reads="Only the top card of the waste can be played",
    ),
    misreading(
        "P3",
        "the top card of the stock can be played",
        game_method("can_play", stock_top_too),
        reads="A card still in the stock must be turned first",
    ),
    misreading(
        "P3",
        "the waste is played from the bottom",
        game_method("can_play", waste_bottom),
        reads="the cards beneath it wait",
    ),
    misreading(
        "P3",
        "only the card just turned can be played",
        game_method("_check_play", only_fresh_check),
        game_method("can_play", only_fresh_play),
        reads="wait until they are uncovered again",
    ),
    misreading(
        "P3",
        "a card let go by once is lost when it comes round again",
        played_on_the_first_time_round(),
        reads="a card let go by is not lost",
    ),
    # P4: everyone acts at once
    misreading(
        "P4",
        "players take turns",
        game_method("legal_actions", taking_turns),
        reads="There are no turns",
    ),
    misreading(
        "P4",
        "the first player's action happens first",
        game_method("apply_moment", one_after_the_other),
        reads="both actions take effect together",
    ),
    misreading(
        "P4",
        "a card that fits is played as it is turned",
        game_method("_turn", played_when_turned),
        reads="Turning a card and playing it are two actions",
    ),
    misreading(
        "P4",
        "a card that fits must be played",
        game_method("legal_actions", must_play),
        reads="nobody ever has to play a card that fits",
    ),
    misreading(
        "P4",
        "a player can turn only while their stock holds cards",
        game_method("can_turn", turning_needs_a_stock),
        reads="the player has a stock or a waste",
    ),
    # P5: turning a card
    misreading(
        "P5",
        "the waste is turned over and a card turned at once",
        game_method("_turn", restock_and_turn),
        reads="No card is turned in that moment",
    ),
    misreading(
        "P5",
        "the last card turned comes back first",
        game_method("_turn", restock_reversed),
        reads="the card that was turned first is on top again",
    ),
    misreading(
        "P5",
        "the waste is shuffled before it becomes the stock",
        game_method("_turn", restock_shuffled),
        reads="turns the whole waste over instead, and it becomes the new stock",
    ),
    misreading(
        "P5",
        "three cards are turned at a time",
        game_method("_turn", three_at_a_time),
        reads="Turning moves the top card of the stock face up onto the waste",
    ),
    misreading(
        "P5",
        "the waste is turned over only once",
        game_method("can_turn", turned_over_once),
        reads="A player whose stock is used up turns the whole waste over",
    ),
    # P6: building a ship
    misreading(
        "P6",
        "a half may start with either keel",
        ship_method("fits", either_keel),
        reads="A half that is not begun takes only its keel",
    ),
    misreading(
        "P6",
        "a card may go on the other player's half",
        game_method("_check_play", other_half_check),
        game_method("_play", other_half_play),
        reads="Nobody ever plays onto the other player's half",
    ),
    misreading(
        "P6",
        "a half may skip ranks",
        ship_method("fits", skipping_ranks),
        reads="it takes only the next rank in its direction",
    ),
    misreading(
        "P6",
        "both halves build up from the Ace",
        ship_method("__init__", both_build_up),
        reads="the high player's keel is the King and they build downward",
    ),
    misreading(
        "P6",
        "a card may go on an observer's half",
        game_method("_check_play", observer_half_check),
        game_method("_play", observer_half_play),
        reads="on the player's own half of the ship of its suit",
    ),
    # P7: capturing or sinking
    misreading(
        "P7",
        "the player with more cards on the ship captures it",
        game_method("_complete", more_cards_capture),
        reads="however few of its cards they laid",
    ),
    misreading(
        "P7",
        "a ship sinks when both players have built on it",
        game_method("_complete", sunk_when_both_built),
        reads="If only one player put a card on it during that moment",
    ),
    misreading(
        "P7",
        "when both close it at once, one of them still captures it",
        game_method("_complete", first_seat_wins_ties),
        reads="If both players did, the ship sinks",
    ),
    misreading(
        "P7",
        "a ship needs cards on both halves",
        ship_property("is_complete", both_halves_needed),
        reads="a ship whose two halves between them hold all thirteen ranks",
    ),
    misreading(
        "P7",
        "a ship sinks when both players placed a card in that moment, on any ship",
        game_method("_complete_touched", sunk_when_both_placed),
        reads="put a card on it during that moment",
    ),
    # P8: the next ship of a suit
    misreading(
        "P8",
        "every ship keeps the first ship's keels",
        ship_method("__init__", same_keels),
        reads="the suit starts over with the keels swapped",
    ),
    misreading(
        "P8",
        "the keels swap only once",
        ship_method("__init__", swap_once),
        reads="Each further ship swaps them again",
    ),
    misreading(
        "P8",
        "a sunk ship does not swap the keels",
        game_method("_complete", sinking_keeps_keels),
        reads="captured or sunk",
    ),
    misreading(
        "P8",
        "the keels swap for every suit whenever a ship leaves the table",
        game_method("_complete", keels_by_all_ships),
        reads="When a suit's ship leaves the table",
    ),
    misreading(
        "P8",
        "the player who captured a suit's ship builds the next one up from the Ace",
        game_method("_complete", captor_gets_the_ace),
        reads="now the high player begins with the Ace and builds up",
    ),
    # P9: observers and claims
    misreading(
        "P9",
        "a player with cards left may claim",
        game_method("_check_claim", claim_with_cards),
        reads="whose stock and waste are both used up stops turning cards",
    ),
    misreading(
        "P9",
        "a covered card can still be claimed",
        game_method("_check_claim", covered_check),
        game_method("_claim", covered_claim),
        reads="it has not been played or covered since",
    ),
    misreading(
        "P9",
        "a card uncovered by a play can be claimed",
        game_method("_play", uncovered_is_new),
        reads="the card the opponent turned most recently",
    ),
    misreading(
        "P9",
        "a claim is too late when the owner turns in the same moment",
        game_method("apply_moment", turn_before_claim),
        reads="The claim looks at the table as the moment begins",
    ),
    misreading(
        "P9",
        "a claim beats the owner's play",
        game_method("apply_moment", claim_beats_play),
        reads="the owner's play stands",
    ),
    misreading(
        "P9",
        "when a claim and a play clash, the owner captures",
        game_method("_claim", owner_keeps_the_clash),
        reads="both players have reached for it at once, and the ship sinks",
    ),
    misreading(
        "P9",
        "a claimed card scores for its owner",
        game_method("_complete", owner_scores_a_claim),
        reads="A claim that completes a ship captures it for the observer",
    ),
    misreading(
        "P9",
        "a claim may take a card that fits the owner's half",
        game_method("_check_claim", claim_fits_either_half),
        reads="it fits one of the observer's own halves",
    ),
    misreading(
        "P9",
        "a card that comes round again cannot be claimed",
        comes_round_once(),
        reads="provided it is the card the opponent turned most recently",
    ),
    # P10: five ships win
    misreading(
        "P10",
        "four ships always win",
        finishing_at(lambda game: 4),
        reads="The first player to capture five ships wins at once",
    ),
    misreading(
        "P10",
        "five ships are needed even after a sinking",
        finishing_at(lambda game: 5),
        reads="After any ship has sunk, four are enough",
    ),
    misreading(
        "P10",
        "each sinking lowers the mark by one",
        finishing_at(lambda game: 5 - len(game.sunk)),
        reads="however many have sunk",
    ),
    misreading(
        "P10",
        "the mark is looked at only when a ship is captured",
        game_method("_find_outcome", mark_at_captures_only),
        reads="The mark can also be reached without a capture",
    ),
    # P11: when nothing fits any more
    misreading(
        "P11",
        "a card that fits the other half always keeps the game going",
        anything_fits(own_or_other),
        reads="on the opponent's half if the opponent is an observer and could claim it",
    ),
    misreading(
        "P11",
        "cards an observer could claim do not count",
        anything_fits(own_only),
        reads="or on the opponent's half if the opponent is an observer",
    ),
    misreading(
        "P11",
        "only the cards in sight count",
        anything_fits(as_the_rule_says, cards="top"),
        reads="no card left in either player's stock or waste",
    ),
    misreading(
        "P11",
        "a blocked game is a draw",
        game_method("_find_outcome", blocked_is_a_draw),
        reads="The player with more captured ships wins; equal numbers are a draw",
    ),
    misreading(
        "P11",
        "the game is blocked only when both players are observers",
        game_method("_anything_fits", only_when_both_watch),
        reads="so from then on nothing could ever move",
    ),
    misreading(
        "P11",
        "the game goes on while a player is watching",
        game_method("_anything_fits", going_on_while_watched),
        reads="A card that fits nowhere ends the game even while the other player watches",
    ),
    misreading(
        "P11",
        "a card that could fill the gap between the halves keeps the game going",
        anything_fits(in_the_gap),
        reads="A card must fit now, as keel or next rank",
    ),
)
