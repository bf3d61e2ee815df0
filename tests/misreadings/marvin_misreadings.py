"""Misreadings of *Marvin's Pirates Go!* (rules M1 to M18): the catalogue, one entry per misreading.

Each entry names the rule, the misreading as its rule's "Not to be confused with" box
says it, the patches (from `marvin_patches`) that make the engine follow it, and the words
of the rule's section that it reads another way.
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
    fort_gone_once_a_guard_fainted,
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
    hiding_only_once,
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
        reads="the engine uses two unless told otherwise",
    ),
    misreading(
        "M1",
        "a deck of the right size may hold a card twice",
        method(f"{TABLE}:check_deck", only_counting),
        method(f"{GAME}:check_deck", only_counting),
        reads="the 52 cards of one pack",
    ),
    misreading(
        "M1",
        "any number of jokers",
        method(f"{TABLE}:check_jokers", any_jokers),
        method(f"{GAME}:check_jokers", any_jokers),
        reads="plus zero, one or two jokers",
    ),
    misreading(
        "M1", "an Ace is high, like a face card", effects(r1="take"), reads="An Ace counts as 1"
    ),
    # M2: four pirates in a square
    misreading(
        "M2",
        "the captains stand in front",
        targeting(lambda b: (b & CAPTAIN_BITS) | (b & GUARD_BITS & ~(b >> 2))),
        reads="The row facing your opponent holds your two guards",
    ),
    misreading(
        "M2",
        "a captain stands behind the other guard",
        targeting(lambda b: (b & GUARD_BITS) | (b & 0b0100 & ~(b << 1)) | (b & 0b1000 & ~(b << 3))),
        reads="captain left CL stands behind GL, and captain right CR behind GR",
    ),
    misreading(
        "M2",
        "the other crew's left is your left",
        method("pirate_rules.marvin.display:draw_table", mirrored_top),
        reads="Left and right are always counted from the owner's seat",
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
        reads="The four names belong to the places, not to the pirates who stand in them",
    ),
    # M3: the prizes start in the bank
    misreading(
        "M3",
        "a prize goes back to the bank once used",
        method(f"{GAME}:MarvinGame._use_power", prize_goes_back),
        reads="A prize stays with the player who holds it, used or not",
    ),
    misreading(
        "M3",
        "a prize's power can be used only once",
        prize_moves(used_up),
        reads="Using a prize does not use it up",
    ),
    misreading(
        "M3",
        "a player holds one prize at a time",
        method(f"{GAME}:MarvinGame._take", one_prize_at_a_time),
        reads="a player may hold several prizes at once",
    ),
    misreading(
        "M3",
        "a prize whose power is not used goes back to the bank",
        method(f"{GAME}:MarvinGame._push_plain", use_it_or_lose_it),
        reads="used or not",
    ),
    misreading(
        "M3",
        "a prize taken from the other player goes back to the bank",
        method(f"{GAME}:MarvinGame._take", taken_back_to_the_bank),
        reads="until a face card takes it away",
    ),
    # M4: who goes first
    misreading(
        "M4",
        "the first player named always starts",
        method(
            f"{GAME}:MarvinGame._setup",
            lambda original, game, cards, first, *rest: original(game, cards, 0, *rest),
        ),
        reads="agree on a player, or let the cards decide",
    ),
    misreading(
        "M4",
        "the shuffle never lets the second player start",
        classmethod_default(f"{GAME}:MarvinGame.from_seed", first=0),
        reads="the higher card starts",
    ),
    misreading(
        "M4",
        "the seed decides who starts, even when the first player is given",
        classmethod_variant(
            f"{GAME}:MarvinGame.from_seed", lambda kwargs: kwargs.update(first=None)
        ),
        reads="A seed draws the first player only when none is given",
    ),
    misreading(
        "M4",
        "the second player named starts unless told otherwise",
        classmethod_variant(
            f"{GAME}:MarvinGame.stacked", lambda kwargs: kwargs.setdefault("first", 1)
        ),
        reads="Without a choice, the first player named starts",
    ),
    # M5: one prize power, at the start of the turn
    misreading(
        "M5",
        "one power for each prize you hold",
        method(f"{GAME}:MarvinGame._use_power", powers_again),
        method(DRAW_STEP, draw_after_powers),
        reads="Only one power per turn, even if you hold more prizes",
    ),
    misreading(
        "M5",
        "a power can wait until after the draw",
        after_draw(None, powers_after_draw),
        reads="and never after the draw",
    ),
    misreading(
        "M5",
        "a prize power is offered even when it cannot be used",
        method(f"{GAME}:MarvinGame._power_moves", always_a_power_step),
        reads="provided the power can be used at that moment",
    ),
    misreading(
        "M5",
        "the powers of prizes in the bank are yours too",
        powers(
            lambda original, board, hidden, shields, held: original(board, hidden, shields, 0b111)
        ),
        reads="the power of one prize you hold",
    ),
    # M6: the Ship
    misreading(
        "M6",
        "the Ship only swaps",
        powers(only_swaps),
        reads="or move one of them to an empty position of your square",
    ),
    misreading(
        "M6",
        "the Ship only swaps a guard with a captain",
        powers(only_across_rows),
        reads="Swap the places of two of your pirates on the board",
    ),
    misreading(
        "M6",
        "shields stay behind when pirates swap",
        side_method("_ship", shields_left_behind),
        reads="Each pirate keeps its hit points and its shield",
    ),
    misreading(
        "M6",
        "hit points stay with the place",
        side_method("_ship", hit_points_left_behind),
        reads="Each pirate keeps its hit points",
    ),
    misreading(
        "M6",
        "the place of a hidden captain is empty",
        powers(lambda original, board, hidden, *rest: original(board, -1, *rest)),
        reads="A position kept for a pirate hiding in the Cave",
    ),
    misreading(
        "M6",
        "a pirate moved to an empty place leaves its shield behind",
        side_method("_ship", moving_drops_the_shield),
        reads="they travel with it",
    ),
    misreading(
        "M6",
        "a pirate moves into an empty place only along its column",
        powers(only_in_its_column),
        reads="move one of them to an empty position of your square",
    ),
    # M7: the Cave
    misreading(
        "M7",
        "a hidden pirate can still be hit",
        side_method("_hide", hidden_still_standing),
        reads="nobody can target it",
    ),
    misreading(
        "M7",
        "a guard can hide",
        adding_powers(guards_hide),
        reads="Take one of your captains off the board",
    ),
    misreading(
        "M7",
        "the Cave works with one captain standing",
        adding_powers(one_captain_hides),
        reads="only when both captain positions hold pirates",
    ),
    misreading(
        "M7",
        "hiding heals",
        side_method("_hide", healed_in_hiding),
        reads="the pirate keeps its hit points and shield",
    ),
    misreading(
        "M7",
        "the shield stays outside the Cave",
        side_method("_hide", shield_left_outside),
        reads="keeps its hit points and shield",
    ),
    misreading(
        "M7",
        "a hidden pirate can be shielded",
        method(DRAW_STEP, shield_the_hidden),
        reads="it can be neither moved nor shielded",
    ),
    misreading(
        "M7",
        "the Ship can move the hidden pirate",
        powers(hidden_moves),
        reads="neither moved nor shielded",
    ),
    misreading(
        "M7",
        "the hidden captain never has to come back",
        side_method("_must_return", lambda original, side: False),
        reads="It must come back to its position at once",
    ),
    misreading(
        "M7",
        "the hidden captain comes back only when the other captain faints",
        method(f"{GAME}:MarvinGame._use_power", ship_leaves_it_hidden),
        reads="or was moved to the guard row",
    ),
    misreading(
        "M7",
        "only a pirate that started as a captain can hide",
        prize_moves(hiding_by_who),
        reads="whoever stands in the captain row is a captain",
    ),
    misreading(
        "M7",
        "the hidden captain comes back when the other captain swaps places with a guard",
        method(f"{GAME}:MarvinGame._use_power", back_when_the_captain_moves),
        reads="as soon as no other pirate of yours stands in the captain row",
    ),
    misreading(
        "M7",
        "once a captain has hidden, the Cave can hide nobody again",
        prize_moves(hiding_only_once),
        reads="none of yours is hiding already",
    ),
    # M8: the Fort
    misreading(
        "M8",
        "the Fort shields a captain too",
        adding_powers(fort_anywhere),
        reads="Put a shield on one of your guards",
    ),
    misreading(
        "M8",
        "the Fort works with one guard standing",
        adding_powers(fort_one_guard),
        reads="only while both guard positions hold pirates",
    ),
    misreading(
        "M8", "the Fort adds a second shield", adding_powers(fort_twice), reads="that has none"
    ),
    misreading(
        "M8",
        "the Fort shields the pirates that started as guards",
        prize_moves(fort_by_who),
        reads="The Fort goes by position too",
    ),
    misreading(
        "M8",
        "the Fort shields each guard only once",
        prize_moves(fort_once_per_guard),
        reads="one of your guards that has none",
    ),
    misreading(
        "M8",
        "the Fort is lost for good once a guard has fainted",
        remembering_emptied_places(fainted_only=True),
        prize_moves(fort_gone_once_a_guard_fainted),
        reads="the Fort works again",
    ),
    # M9: drawing
    misreading(
        "M9",
        "the game ends when the draw pile runs out",
        method(DRAW_STEP, game_ends_with_the_pile),
        reads="If the pile is empty, shuffle the discard pile",
    ),
    misreading(
        "M9",
        "the discard pile is turned over, not shuffled",
        method(f"{GAME}:MarvinGame._reshuffle", turned_over),
        reads="shuffle the discard pile and turn it over as the new draw pile",
    ),
    misreading(
        "M9",
        "cards are drawn from the bottom",
        method(DRAW_STEP, from_the_bottom),
        reads="take the top card of the draw pile",
    ),
    misreading(
        "M9",
        "the card is drawn before the prize power",
        {
            f"{GAME}:MarvinGame.drawn": drawn_at_once,
            f"{GAME}:MarvinGame.draw_pile": pile_without_the_drawn,
        },
        reads="The card is drawn after the prize power, never before",
    ),
    misreading(
        "M9",
        "the discard pile is shuffled as soon as the draw pile is empty",
        method(f"{GAME}:MarvinGame._end_turn", reshuffled_when_emptied),
        reads="as the new draw pile first",
    ),
    # M10: A, 3, 5, 7
    misreading(
        "M10", "a hit may be skipped", after_draw("hit", skippable_hit), reads="You cannot pass"
    ),
    misreading(
        "M10",
        "a shield breaks but the hit still lands",
        side_method("_hit", through_the_shield),
        reads="A shield takes the hit instead of a hit point",
    ),
    misreading("M10", "an Ace does nothing", effects(r1="lost"), reads="Ace, 3, 5, 7: one hit"),
    misreading(
        "M10",
        "every odd card is one hit",
        effects(r9="hit", r11="hit", r13="hit"),
        reads="Only these four cards deal one hit",
    ),
    # M11: 2, 4, 6, 10
    misreading(
        "M11",
        "shields stack",
        method(DRAW_STEP, stacking_shields),
        reads="A pirate never carries two shields",
    ),
    misreading(
        "M11",
        "a 10 is a face card",
        effects(r10="take"),
        reads="2, 4, 6, 10: a shield for one of your pirates",
    ),
    misreading(
        "M11",
        "an unusable shield card is swapped for another card",
        again_after("shield", at_once=True),
        reads="the card does nothing, and the turn passes",
    ),
    misreading(
        "M11",
        "every even card is a shield",
        effects(r8="shield", r12="shield"),
        reads="Only these four cards give a shield",
    ),
    # M12: 8
    misreading(
        "M12",
        "a shield stops the 8",
        side_method("_faint", shield_stops_the_8),
        reads="shield or not",
    ),
    misreading("M12", "an 8 is just one hit", effects(r8="hit"), reads="it faints at once"),
    misreading(
        "M12",
        "an 8 reaches a captain behind its guard",
        after_draw("kill", kill_anyone),
        reads="the 8 reaches only the pirates that can be targeted",
    ),
    misreading(
        "M12",
        "an 8 is four hits",
        side_method("_faint", four_hits),
        reads="whatever its hit points",
    ),
    # M13: 9
    misreading(
        "M13",
        "a shield stops the whole slash",
        side_method("_hit", shield_stops_the_slash),
        reads="A shield takes the first hit only",
    ),
    misreading(
        "M13",
        "a slash goes through a shield",
        side_method("_hit", slash_ignores_shields),
        reads="takes the first hit only",
    ),
    misreading(
        "M13",
        "a 9 is just one hit",
        effects(r9="hit"),
        reads="give it two hits, one after the other",
    ),
    misreading(
        "M13",
        "a slash's second hit carries on to the captain behind",
        side_method("_hit", slash_carries_on),
        reads="Both hits are for the chosen pirate",
    ),
    # M14: J, Q, K
    misreading(
        "M14",
        "face cards take only from the bank",
        after_draw("take", bank_only),
        reads="from the bank or from the other player",
    ),
    misreading(
        "M14",
        "a face card may take a prize you hold",
        after_draw("take", take_your_own),
        reads="You cannot take a prize you hold already",
    ),
    misreading(
        "M14",
        "each face card takes its own prize",
        after_draw("take", one_prize_per_face),
        reads="Take one prize",
    ),
    misreading(
        "M14",
        "a captain stays hidden when the Cave is taken",
        method(f"{GAME}:MarvinGame._take", cave_taken_captain_stays),
        reads="brings that captain straight back",
    ),
    misreading(
        "M14",
        "a prize taken from you still works for you",
        method(f"{GAME}:MarvinGame._take", taken_prize_still_works),
        reads="Losing a prize takes away its power",
    ),
    misreading(
        "M14",
        "the shields the Fort gave go with it when it is taken",
        method(f"{GAME}:MarvinGame._take", fort_taken_shields_go),
        reads="takes away its power, and nothing else",
    ),
    # M15: joker
    misreading(
        "M15",
        "a joker gives you another card",
        again_after("lost", at_once=True),
        reads="A joker ends your turn",
    ),
    misreading(
        "M15",
        "a joker makes the other player miss a turn",
        again_after("lost", at_once=False),
        reads="and the other player goes on",
    ),
    misreading(
        "M15", "a joker is wild: a one-hit kill", effects(r0="kill"), reads="nothing else happens"
    ),
    misreading(
        "M15",
        "a joker takes back the prize power used before it",
        method(f"{GAME}:MarvinGame._use_power", remember_the_side),
        method(DRAW_STEP, joker_undoes_the_power),
        reads="A prize power used before the draw still counts",
    ),
    # M16: who can be targeted
    misreading(
        "M16",
        "any enemy pirate can be hit",
        targeting(lambda b: b),
        reads="A hit card may aim at any enemy guard",
    ),
    misreading(
        "M16",
        "captains are safe until both guards have fainted",
        targeting(lambda b: (b & GUARD_BITS) or (b & CAPTAIN_BITS)),
        reads="at an enemy captain only when the guard position in front of it is empty",
    ),
    misreading(
        "M16",
        "the target is chosen for you",
        targeting(lambda b: (b & GUARD_BITS) | (b & CAPTAIN_BITS & ~(b << 2)), first_target_only),
        reads="The player chooses among the targets",
    ),
    misreading(
        "M16",
        "a captain can be hit only once the guard that started in front of it has fainted",
        after_a_hit_card(targets_by_who),
        reads="What counts is the position, not who stood there",
    ),
    misreading(
        "M16",
        "a captain stays open once the place in front of it has been empty",
        remembering_emptied_places(fainted_only=False),
        after_a_hit_card(open_once_emptied_targets),
        side_method("targetable", open_once_emptied_view),
        reads="only when the guard position in front of it is empty",
    ),
    # M17: hits, shields and fainting
    misreading(
        "M17",
        "a shield is never used up",
        side_method("_hit", shield_lasts),
        reads="Each hit takes away the target's shield if it has one",
    ),
    misreading(
        "M17",
        "a pirate at 0 hit points stays on the board",
        side_method("_hit", standing_at_zero),
        reads="it leaves the board",
    ),
    misreading(
        "M17",
        "the captain steps forward when its guard faints",
        side_method("_hit", captain_steps_up),
        side_method("_faint", captain_steps_up),
        reads="Nobody steps into it unless the Ship moves them",
    ),
    misreading(
        "M17",
        "a shield lasts only until its owner's next turn",
        method(f"{GAME}:MarvinGame._advance", shields_wear_off),
        reads="A shield stays until a hit takes it",
    ),
    misreading(
        "M17",
        "a fainted pirate's place stays empty for good, even for the Ship",
        remembering_emptied_places(fainted_only=True),
        prize_moves(no_ship_into_a_fainted_place),
        reads="its position is empty from then on",
    ),
    # M18: the last crew standing
    misreading(
        "M18",
        "the turn is played out after the last pirate faints",
        method(f"{GAME}:MarvinGame._resolve", play_goes_on),
        reads="even in the middle of a turn, and nothing more can be played",
    ),
    misreading(
        "M18",
        "a crew has lost when both its guards have fainted",
        ending_when(no_guards),
        reads="When the last of a player's four pirates faints",
    ),
    misreading(
        "M18",
        "a crew with one pirate left has lost",
        ending_when(one_left),
        reads="however few pirates are left",
    ),
    misreading(
        "M18",
        "a crew has lost when its last pirate on the board faints, though one hides in the Cave",
        side_method("_must_return", no_return_for_the_last),
        ending_when(nobody_standing),
        reads="A pirate hiding in the Cave has not fainted",
    ),
    misreading(
        "M18",
        "a player who holds all three prizes wins",
        ending_with(all_three_prizes),
        reads="Until then the game goes on",
    ),
)
