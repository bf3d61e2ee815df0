"""Survivors of ``make mutation`` claimed *equivalent*: changes that no game can show.

Each entry names a mutant (as ``mutmut results`` names it) and says in one line why no
game can tell it from the engine. The mutation report (``mutation.py``) counts these
apart from the survivors that stand for a misreading, and ``equivalent.py --claimed``
holds every claim to 1,000 seeded games of its own game, played both ways (with the
engine's shortcuts and with its plain code): a claim whose games differ is wrong.

Some claims concern code that the bots' games never reach (a given deck, a stacked
game); for those the games only show that nothing else changed, and the reason given is
the argument. A mutant that changes only how a game record is replayed is never claimed:
a record replayed differently is a difference a user sees, and played games cannot show
it. Those stay among the survivors.
"""

from __future__ import annotations

_MARVIN = "pirate_rules.marvin."
_PIRATE = "pirate_rules.pirate."

_HIDDEN = "a hidden captain stands at CL or CR (index 2 or 3) and none at -1, so 0 is never seen"
_SHORTCUT = "both ways play the same moves (the shortcuts and the plain code agree)"
_FALSE = "None and False are both false, and the flag is only tested for truth"
_FRESH = (
    "the waste is empty then, and the next card comes onto it by a turn, which sets the flag "
    "anew; the rules read the flag only with a card on the waste"
)
_BIT_0 = (
    "bit 0 stands for no rank (Ace is 1) and a ship in play never needs rank 0, so the bit "
    "is never read, and a suit it makes non-zero fits nothing more"
)

EQUIVALENT: dict[str, str] = {
    # Marvin: the game (marvin/game.py)
    _MARVIN + "game.xǁMarvinGameǁpush__mutmut_4": "swaps which way runs; " + _SHORTCUT,
    _MARVIN + "game.xǁMarvinGameǁ_draw__mutmut_22": "None and the empty list of moves are both "
    "false, and the options are only tested for truth there",
    _MARVIN + "game.xǁMarvinGameǁ_setup__mutmut_42": "the setup ends in `_advance`, which sets "
    "the phase before anything reads it",
    _MARVIN + "game.xǁMarvinGameǁ_setup__mutmut_43": "the setup ends in `_advance`, which sets "
    "the legal moves before anything reads them",
    _MARVIN + "game.xǁMarvinGameǁ_resolve__mutmut_9": _FALSE,
    _MARVIN + "game.xǁMarvinGameǁ_listed__mutmut_6": "the quick membership test only skips "
    "`_check`, whose search of the legal moves gives the same move or the same refusal",
    _MARVIN + "game.xǁMarvinGameǁ_take__mutmut_19": _HIDDEN,
    _MARVIN + "game.xǁMarvinGameǁ_take__mutmut_20": _HIDDEN,
    _MARVIN + "game.xǁMarvinGameǁoutcome__mutmut_4": _HIDDEN,
    _MARVIN + "game.xǁMarvinGameǁoutcome__mutmut_5": _HIDDEN,
    _MARVIN + "game.xǁMarvinGameǁstacked__mutmut_18": "with 0 jokers both branches give 0 jokers",
    _MARVIN + "game.xǁMarvinGameǁstacked__mutmut_21": "a number of jokers other than 0, 1 or 2 "
    "is refused by `check_jokers` before the deck is looked at",
    _MARVIN + "game.xǁMarvinGameǁstacked__mutmut_35": "the game's own default seed is 0 too",
    # Marvin: moves and the table (marvin/moves.py, marvin/table.py)
    _MARVIN + "moves.x_power_moves__mutmut_52": _HIDDEN,
    _MARVIN + "moves.x_power_moves__mutmut_25": "the list of moves is still empty there, so "
    "`=` and `+=` give the same list",
    _MARVIN + "table.x_captain_behind__mutmut_1": "for a guard (index 0 or 1), index - 2 counts "
    "from the end of the four positions and names the same captain",
    _MARVIN + "moves.x_power_table__mutmut_2": "a longer row of the power table: the slot added "
    "is never looked up (4 shield bits make 16 slots)",
    _MARVIN + "moves.x_power_table__mutmut_4": "one more hidden slot in the power table, never "
    "looked up (no captain hidden, or CL or CR: 3 slots used of 5)",
    _MARVIN + "moves.x_power_table__mutmut_6": "one more board slot in the power table, never "
    "looked up (4 board bits make 16)",
    _MARVIN + "moves.x_power_table__mutmut_8": "one more held-prizes slot in the power table, "
    "never looked up (3 prize bits make 8)",
    _MARVIN + "table.x_bits__mutmut_3": "the masks have 4 bits, so bit 4 is never set",
    _MARVIN + "table.xǁSideǁ_must_return__mutmut_2": _HIDDEN,
    _MARVIN + "table.xǁSideǁ_must_return__mutmut_3": _HIDDEN,
    _MARVIN + "table.xǁSideǁ_hit__mutmut_19": "when the hits equal the hit points, both "
    "branches leave 0",
    # Pirate: the game (pirate/game.py)
    _PIRATE + "game.xǁPirateGameǁapply_moment__mutmut_37": "the shortcut refuses a moment it "
    "cannot read, changing nothing, and the plain code below plays it",
    _PIRATE + "game.xǁPirateGameǁapply_moment__mutmut_38": "the shortcut refuses a moment it "
    "cannot read, changing nothing, and the plain code below plays it",
    _PIRATE + "game.xǁPirateGameǁapply_moment__mutmut_62": _FALSE,
    _PIRATE + "game.xǁPirateGameǁapply_moment__mutmut_63": "after a moment with no card "
    "placed, nothing was touched and the end is found as before: only a placement changes "
    "what P10 and P11 look at",
    _PIRATE + "game.xǁPirateGameǁ_begin__mutmut_32": _BIT_0,
    _PIRATE + "game.xǁPirateGameǁ_begin__mutmut_33": _BIT_0,
    _PIRATE + "game.xǁPirateGameǁ_begin__mutmut_34": _BIT_0,
    _PIRATE + "game.xǁPirateGameǁ_begin__mutmut_35": _BIT_0,
    _PIRATE + "game.xǁPirateGameǁ_begin__mutmut_36": _BIT_0,
    _PIRATE + "game.xǁPirateGameǁ_begin__mutmut_37": _BIT_0,
    _PIRATE + "game.xǁPirateGameǁ_begin__mutmut_38": _BIT_0,
    _PIRATE + "game.xǁPirateGameǁ_begin__mutmut_39": _BIT_0,
    _PIRATE + "game.xǁPirateGameǁ_begin__mutmut_24": "at the start: " + _FRESH,
    _PIRATE + "game.xǁPirateGameǁ_begin__mutmut_25": "at the start: " + _FRESH,
    _PIRATE + "game.xǁPirateGameǁ_claim__mutmut_13": _FALSE,
    _PIRATE + "game.xǁPirateGameǁ_claim__mutmut_8": "claims come before plays, and only one "
    "player can claim, so no bit is set on that ship yet",
    _PIRATE + "game.xǁPirateGameǁ_find_outcome__mutmut_11": "reached only when the real count "
    "found no winner by captures, so the mark of 5 is not reached either: BLOCKED all the same",
    _PIRATE + "game.x__no_shortcut__mutmut_1": "importing any part of pirate_rules.pirate "
    "imports playout, which replaces it before any moment",
    _PIRATE + "game.x_outcome_by_ships__mutmut_8": "equal scores are handled first (no winner)",
    # Pirate: the deal (pirate/deal.py)
    _PIRATE + "deal.x_low_player__mutmut_5": "equal ranks return None first",
    _PIRATE + "deal.x_check_deck__mutmut_1": "the engine always says whether the deck is complete",
}
"""Each mutant claimed equivalent, with why no game can show it."""
