"""Misreadings of *Marvin's Pirates Go!* (rules M1 to M18): the catalogue, one entry per misreading.

Each entry names the rule, the misreading as its rule's "Not to be confused with" box
says it, and the patches (from `marvin_patches`) that make the engine follow it.
"""

from __future__ import annotations

from catalogue import Misreading, misreading
from marvin_patches import (
    CAPTAIN_BITS,
    GAME,
    GUARD_BITS,
    TABLE,
    adding_powers,
    after_a_hit_card,
    after_draw,
    again_after,
    all_three_prizes,
    always_a_power_step,
    any_jokers,
    back_when_the_captain_moves,
    bank_only,
    by_name,
    captain_steps_up,
    cave_taken_captain_stays,
    classmethod_default,
    classmethod_variant,
    draw_after_powers,
    drawn_at_once,
    effects,
    ending_when,
    ending_with,
    first_target_only,
    fort_anywhere,
    fort_by_who,
    fort_once_per_guard,
    fort_one_guard,
    fort_taken_shields_go,
    fort_twice,
    four_hits,
    from_the_bottom,
    game_ends_with_the_pile,
    guards_hide,
    healed_in_hiding,
    hidden_moves,
    hidden_still_standing,
    hiding_by_who,
    hit_points_left_behind,
    joker_undoes_the_power,
    kill_anyone,
    method,
    mirrored_top,
    moving_drops_the_shield,
    names_copied,
    names_given,
    names_move_along,
    no_guards,
    no_return_for_the_last,
    no_ship_into_a_fainted_place,
    nobody_standing,
    one_captain_hides,
    one_left,
    one_prize_at_a_time,
    one_prize_per_face,
    only_across_rows,
    only_counting,
    only_in_its_column,
    only_swaps,
    open_once_emptied_targets,
    open_once_emptied_view,
    pile_without_the_drawn,
    play_goes_on,
    powers,
    powers_after_draw,
    powers_again,
    prize_goes_back,
    prize_moves,
    remember_the_side,
    remembering_emptied_places,
    reshuffled_when_emptied,
    shield_lasts,
    shield_left_outside,
    shield_stops_the_8,
    shield_stops_the_slash,
    shield_the_hidden,
    shields_left_behind,
    shields_wear_off,
    ship_leaves_it_hidden,
    side_method,
    skippable_hit,
    slash_carries_on,
    slash_ignores_shields,
    stacking_shields,
    standing_at_zero,
    take_your_own,
    taken_back_to_the_bank,
    taken_prize_still_works,
    targeting,
    targets_by_who,
    through_the_shield,
    turned_over,
    use_it_or_lose_it,
    used_up,
)

DRAW_STEP = f"{GAME}:MarvinGame._draw"

MARVIN_MISREADINGS: tuple[Misreading, ...] = (
    # M1: the deck
    misreading(
        "M1",
        "no jokers unless you ask for them",
        classmethod_default(f"{GAME}:MarvinGame.from_seed", jokers=0),
    ),
    misreading(
        "M1",
        "a deck of the right size may hold a card twice",
        method(f"{TABLE}:check_deck", only_counting),
        method(f"{GAME}:check_deck", only_counting),
    ),
    misreading(
        "M1",
        "any number of jokers",
        method(f"{TABLE}:check_jokers", any_jokers),
        method(f"{GAME}:check_jokers", any_jokers),
    ),
    misreading("M1", "an Ace is high, like a face card", effects(r1="take")),
    # M2: four pirates in a square
    misreading(
        "M2",
        "the captains stand in front",
        targeting(lambda b: (b & CAPTAIN_BITS) | (b & GUARD_BITS & ~(b >> 2))),
    ),
    misreading(
        "M2",
        "a captain stands behind the other guard",
        targeting(lambda b: (b & GUARD_BITS) | (b & 0b0100 & ~(b << 1)) | (b & 0b1000 & ~(b << 3))),
    ),
    misreading(
        "M2",
        "the other crew's left is your left",
        method("pirate_rules.marvin.display:draw_table", mirrored_top),
    ),
    misreading(
        "M2",
        "GL, GR, CL and CR name the pirates, not the places",
        side_method("__init__", names_given),
        side_method("copy", names_copied),
        side_method("_ship", names_move_along),
        side_method("__getitem__", by_name),
        side_method("hit_points", by_name),
        side_method("has_shield", by_name),
    ),
    # M3: the prizes start in the bank
    misreading(
        "M3",
        "a prize goes back to the bank once used",
        method(f"{GAME}:MarvinGame._use_power", prize_goes_back),
    ),
    misreading("M3", "a prize's power can be used only once", prize_moves(used_up)),
    misreading(
        "M3",
        "a player holds one prize at a time",
        method(f"{GAME}:MarvinGame._take", one_prize_at_a_time),
    ),
    misreading(
        "M3",
        "a prize whose power is not used goes back to the bank",
        method(f"{GAME}:MarvinGame._push_plain", use_it_or_lose_it),
    ),
    misreading(
        "M3",
        "a prize taken from the other player goes back to the bank",
        method(f"{GAME}:MarvinGame._take", taken_back_to_the_bank),
    ),
    # M4: who goes first
    misreading(
        "M4",
        "the first player named always starts",
        method(
            f"{GAME}:MarvinGame._setup",
            lambda original, game, cards, first, *rest: original(game, cards, 0, *rest),
        ),
    ),
    misreading(
        "M4",
        "the shuffle never lets the second player start",
        classmethod_default(f"{GAME}:MarvinGame.from_seed", first=0),
    ),
    misreading(
        "M4",
        "the seed decides who starts, even when the first player is given",
        classmethod_variant(
            f"{GAME}:MarvinGame.from_seed", lambda kwargs: kwargs.update(first=None)
        ),
    ),
    misreading(
        "M4",
        "the second player named starts unless told otherwise",
        classmethod_variant(
            f"{GAME}:MarvinGame.stacked", lambda kwargs: kwargs.setdefault("first", 1)
        ),
    ),
    # M5: one prize power, at the start of the turn
    misreading(
        "M5",
        "one power for each prize you hold",
        method(f"{GAME}:MarvinGame._use_power", powers_again),
        method(DRAW_STEP, draw_after_powers),
    ),
    misreading("M5", "a power can wait until after the draw", after_draw(None, powers_after_draw)),
    misreading(
        "M5",
        "a prize power is offered even when it cannot be used",
        method(f"{GAME}:MarvinGame._power_moves", always_a_power_step),
    ),
    misreading(
        "M5",
        "the powers of prizes in the bank are yours too",
        powers(
            lambda original, board, hidden, shields, held: original(board, hidden, shields, 0b111)
        ),
    ),
    # M6: the Ship
    misreading("M6", "the Ship only swaps", powers(only_swaps)),
    misreading("M6", "the Ship only swaps a guard with a captain", powers(only_across_rows)),
    misreading(
        "M6", "shields stay behind when pirates swap", side_method("_ship", shields_left_behind)
    ),
    misreading(
        "M6", "hit points stay with the place", side_method("_ship", hit_points_left_behind)
    ),
    misreading(
        "M6",
        "the place of a hidden captain is empty",
        powers(lambda original, board, hidden, *rest: original(board, -1, *rest)),
    ),
    misreading(
        "M6",
        "a pirate moved to an empty place leaves its shield behind",
        side_method("_ship", moving_drops_the_shield),
    ),
    misreading(
        "M6",
        "a pirate moves into an empty place only along its column",
        powers(only_in_its_column),
    ),
    # M7: the Cave
    misreading(
        "M7", "a hidden pirate can still be hit", side_method("_hide", hidden_still_standing)
    ),
    misreading("M7", "a guard can hide", adding_powers(guards_hide)),
    misreading("M7", "the Cave works with one captain standing", adding_powers(one_captain_hides)),
    misreading("M7", "hiding heals", side_method("_hide", healed_in_hiding)),
    misreading(
        "M7", "the shield stays outside the Cave", side_method("_hide", shield_left_outside)
    ),
    misreading("M7", "a hidden pirate can be shielded", method(DRAW_STEP, shield_the_hidden)),
    misreading("M7", "the Ship can move the hidden pirate", powers(hidden_moves)),
    misreading(
        "M7",
        "the hidden captain never has to come back",
        side_method("_must_return", lambda original, side: False),
    ),
    misreading(
        "M7",
        "the hidden captain comes back only when the other captain faints",
        method(f"{GAME}:MarvinGame._use_power", ship_leaves_it_hidden),
    ),
    misreading(
        "M7", "only a pirate that started as a captain can hide", prize_moves(hiding_by_who)
    ),
    misreading(
        "M7",
        "the hidden captain comes back when the other captain swaps places with a guard",
        method(f"{GAME}:MarvinGame._use_power", back_when_the_captain_moves),
    ),
    # M8: the Fort
    misreading("M8", "the Fort shields a captain too", adding_powers(fort_anywhere)),
    misreading("M8", "the Fort works with one guard standing", adding_powers(fort_one_guard)),
    misreading("M8", "the Fort adds a second shield", adding_powers(fort_twice)),
    misreading(
        "M8", "the Fort shields the pirates that started as guards", prize_moves(fort_by_who)
    ),
    misreading("M8", "the Fort shields each guard only once", prize_moves(fort_once_per_guard)),
    # M9: drawing
    misreading(
        "M9",
        "the game ends when the draw pile runs out",
        method(DRAW_STEP, game_ends_with_the_pile),
    ),
    misreading(
        "M9",
        "the discard pile is turned over, not shuffled",
        method(f"{GAME}:MarvinGame._reshuffle", turned_over),
    ),
    misreading("M9", "cards are drawn from the bottom", method(DRAW_STEP, from_the_bottom)),
    misreading(
        "M9",
        "the card is drawn before the prize power",
        {
            f"{GAME}:MarvinGame.drawn": drawn_at_once,
            f"{GAME}:MarvinGame.draw_pile": pile_without_the_drawn,
        },
    ),
    misreading(
        "M9",
        "the discard pile is shuffled as soon as the draw pile is empty",
        method(f"{GAME}:MarvinGame._end_turn", reshuffled_when_emptied),
    ),
    # M10: A, 3, 5, 7
    misreading("M10", "a hit may be skipped", after_draw("hit", skippable_hit)),
    misreading(
        "M10", "a shield breaks but the hit still lands", side_method("_hit", through_the_shield)
    ),
    misreading("M10", "an Ace does nothing", effects(r1="lost")),
    misreading("M10", "every odd card is one hit", effects(r9="hit", r11="hit", r13="hit")),
    # M11: 2, 4, 6, 10
    misreading("M11", "shields stack", method(DRAW_STEP, stacking_shields)),
    misreading("M11", "a 10 is a face card", effects(r10="take")),
    misreading(
        "M11",
        "an unusable shield card is swapped for another card",
        again_after("shield", at_once=True),
    ),
    misreading("M11", "every even card is a shield", effects(r8="shield", r12="shield")),
    # M12: 8
    misreading("M12", "a shield stops the 8", side_method("_faint", shield_stops_the_8)),
    misreading("M12", "an 8 is just one hit", effects(r8="hit")),
    misreading("M12", "an 8 reaches a captain behind its guard", after_draw("kill", kill_anyone)),
    misreading("M12", "an 8 is four hits", side_method("_faint", four_hits)),
    # M13: 9
    misreading(
        "M13", "a shield stops the whole slash", side_method("_hit", shield_stops_the_slash)
    ),
    misreading("M13", "a slash goes through a shield", side_method("_hit", slash_ignores_shields)),
    misreading("M13", "a 9 is just one hit", effects(r9="hit")),
    misreading(
        "M13",
        "a slash's second hit carries on to the captain behind",
        side_method("_hit", slash_carries_on),
    ),
    # M14: J, Q, K
    misreading("M14", "face cards take only from the bank", after_draw("take", bank_only)),
    misreading("M14", "a face card may take a prize you hold", after_draw("take", take_your_own)),
    misreading("M14", "each face card takes its own prize", after_draw("take", one_prize_per_face)),
    misreading(
        "M14",
        "a captain stays hidden when the Cave is taken",
        method(f"{GAME}:MarvinGame._take", cave_taken_captain_stays),
    ),
    misreading(
        "M14",
        "a prize taken from you still works for you",
        method(f"{GAME}:MarvinGame._take", taken_prize_still_works),
    ),
    misreading(
        "M14",
        "the shields the Fort gave go with it when it is taken",
        method(f"{GAME}:MarvinGame._take", fort_taken_shields_go),
    ),
    # M15: joker
    misreading("M15", "a joker gives you another card", again_after("lost", at_once=True)),
    misreading(
        "M15", "a joker makes the other player miss a turn", again_after("lost", at_once=False)
    ),
    misreading("M15", "a joker is wild: a one-hit kill", effects(r0="kill")),
    misreading(
        "M15",
        "a joker takes back the prize power used before it",
        method(f"{GAME}:MarvinGame._use_power", remember_the_side),
        method(DRAW_STEP, joker_undoes_the_power),
    ),
    # M16: who can be targeted
    misreading("M16", "any enemy pirate can be hit", targeting(lambda b: b)),
    misreading(
        "M16",
        "captains are safe until both guards have fainted",
        targeting(lambda b: (b & GUARD_BITS) or (b & CAPTAIN_BITS)),
    ),
    misreading(
        "M16",
        "the target is chosen for you",
        targeting(lambda b: (b & GUARD_BITS) | (b & CAPTAIN_BITS & ~(b << 2)), first_target_only),
    ),
    misreading(
        "M16",
        "a captain can be hit only once the guard that started in front of it has fainted",
        after_a_hit_card(targets_by_who),
    ),
    misreading(
        "M16",
        "a captain stays open once the place in front of it has been empty",
        remembering_emptied_places(fainted_only=False),
        after_a_hit_card(open_once_emptied_targets),
        side_method("targetable", open_once_emptied_view),
    ),
    # M17: hits, shields and fainting
    misreading("M17", "a shield is never used up", side_method("_hit", shield_lasts)),
    misreading(
        "M17", "a pirate at 0 hit points stays on the board", side_method("_hit", standing_at_zero)
    ),
    misreading(
        "M17",
        "the captain steps forward when its guard faints",
        side_method("_hit", captain_steps_up),
        side_method("_faint", captain_steps_up),
    ),
    misreading(
        "M17",
        "a shield lasts only until its owner's next turn",
        method(f"{GAME}:MarvinGame._advance", shields_wear_off),
    ),
    misreading(
        "M17",
        "a fainted pirate's place stays empty for good, even for the Ship",
        remembering_emptied_places(fainted_only=True),
        prize_moves(no_ship_into_a_fainted_place),
    ),
    # M18: the last crew standing
    misreading(
        "M18",
        "the turn is played out after the last pirate faints",
        method(f"{GAME}:MarvinGame._resolve", play_goes_on),
    ),
    misreading("M18", "a crew has lost when both its guards have fainted", ending_when(no_guards)),
    misreading("M18", "a crew with one pirate left has lost", ending_when(one_left)),
    misreading(
        "M18",
        "a crew has lost when its last pirate on the board faints, though one hides in the Cave",
        side_method("_must_return", no_return_for_the_last),
        ending_when(nobody_standing),
    ),
    misreading("M18", "a player who holds all three prizes wins", ending_with(all_three_prizes)),
)
