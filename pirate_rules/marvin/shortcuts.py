"""Shortcuts of the *Marvin's Pirates Go!* engine: the common steps of a turn written out.

The rules are stated plainly in `pirate_rules.marvin.game`: `MarvinGame._push_plain`
calls one small method per step of a turn, each naming its rules. Bots play millions
of turns, so the steps they play most are also written out here, in one function,
`play_on`, that reads and changes the game's fields directly. This module does not
know the game module: it knows a game as a `pirate_rules.marvin.state.TurnState`, the
fields and the few plain steps listed there. `pirate_rules.marvin.playout`, above
both, puts them together:

* `MarvinGame.push` applies one move with `play_on` (given to the game by
  `pirate_rules.marvin.playout`), then stops at the next decision point;
* `play_out` is the loop of `pirate_rules.marvin.playout.play_out` with the shortcuts
  on: at each decision point the bot of the player to move chooses, and the ``random``
  bot's choice is written out too.

`play_on` changes the game exactly as the plain code does, event for event:
``tests/test_fast_paths.py`` plays thousands of seeds both ways, with ``_FAST_PATHS``
in `pirate_rules.marvin.game` on and off, and compares every state. Switched off, the
engine plays the plain code alone.
"""

from __future__ import annotations

from collections.abc import Callable
from math import floor
from typing import Final, TypeVar

from pirate_rules.marvin.display import EV_CARD, EV_POWER, EV_RETURN, EV_WIN
from pirate_rules.marvin.moves import (
    CARD,
    DRAW,
    K_SHIP,
    NO_MOVES,
    NOT_WORKED_OUT,
    OVER,
    POWER_TABLE,
    PRIZE,
    SHIELDABLE,
    TAKES,
    TARGETS,
    LegalMoves,
    Move,
)
from pirate_rules.marvin.state import NEVER, TurnState
from pirate_rules.marvin.table import E_HIT, E_KILL, E_SHIELD, E_TAKE, EFFECT_OF_RANK, PRIZE_INDEX

__all__ = ["NEVER", "Chooser", "RandomPick", "play_on", "play_out"]

G = TypeVar("G", bound=TurnState)

Chooser = Callable[[G, int], Move]
"""A bot's ``choose`` method: the move of a player (0 or 1) in a game of type ``G``
(``Chooser[MarvinGame]``, which `pirate_rules.marvin.playout` names ``Chooser``)."""
RandomPick = Callable[[], float] | None
"""A ``random`` bot's generator method ``random()``, for a seat whose choices are written
out (see `play_out`); None for a seat whose bot chooses itself."""

_CAVE: Final = PRIZE_INDEX["cave"]


def play_on(
    game: G,
    move: Move,
    choosers: tuple[Chooser[G], Chooser[G]] | None = None,
    randoms: tuple[RandomPick, RandomPick] = (None, None),
    last_turn: int = NEVER,
    counts: list[int] | None = None,
) -> None:
    """Apply the listed ``move``, then play on: `MarvinGame._push_plain` written out.

    Without ``choosers``, it stops at the next decision point: this is `MarvinGame.push`
    once the move is checked. With them, it goes on: at each decision point the player
    to move chooses, until the game is over or ``last_turn`` turns have been played.
    A seat with a generator in ``randoms`` (a ``random`` bot) picks one of the legal
    moves here, as `pirate_rules.marvin.bots.RandomBot` would, drawing the same number
    from it; any other seat's bot is asked, and its move checked as `MarvinGame.push`
    checks it.

    The steps of a turn written out: a hit, two hits or a faint (M10, M12, M13, with
    the shield that takes one hit, M17), the hidden pirate coming back (M7) and the
    end of the game (M18); a shield (M11); a prize taken (M14, with the Cave's hidden
    pirate coming back, M7); the end of the turn; the next turn's prize phase if a
    power is usable (M5); the draw (M9) and a card that does nothing (M11, M14, M15);
    the Ship (M6, with `Side._ship`, and M7). The Cave and the Fort
    (`TurnState._use_power`, M7, M8) and a reshuffle (`TurnState._reshuffle`, M9) call
    the plain steps (see `pirate_rules.marvin.state`). Each rule's id stands as a
    comment at the line that applies it. The player to move, the turn and the drawn
    card are kept in local names while play goes on, and written back before a plain
    step or a bot reads the game, and where play stops; the phase is not kept, since
    no card is drawn in the prize phase and one is in the card phase.

    ``counts`` (needed with ``randoms``) notes, for each seat with a generator, how many
    moves it chose among at its last choice written out here, so that its bot can say why.
    """
    player = game._to_move
    turn = game._turn
    card = game._drawn  # None in the prize phase (M5), else the card whose choice is made
    effect = 0 if card is None else EFFECT_OF_RANK[card.rank]
    sides = game._sides
    side, opponent = sides[player], sides[1 - player]  # swapped when the turn passes
    events = game._events
    discard = game._discard
    pile = game._pile
    held_by = game._held
    legal: LegalMoves  # set where play stops, at the next decision point
    # Local names for what every turn reads (a local name is the quickest to read).
    log, discard_card, draw_card = events.append, discard.append, pile.pop
    effect_of, targets, shieldable, takes = EFFECT_OF_RANK, TARGETS, SHIELDABLE, TAKES
    power_table, not_worked_out, no_moves = POWER_TABLE, NOT_WORKED_OUT, NO_MOVES
    listed = tuple.__contains__
    while True:
        # The rule ids below stand at the lines that apply them, as on the rules page.
        if card is None:  # the prize phase (M5): a power, or the draw
            if move._code == K_SHIP:
                # M6: the Ship swaps two of the player's pirates, or moves one.
                log((EV_POWER, turn + 1, player, move, side._ship(move._a, move._b)))
                # M7: the hidden pirate comes back when no captain stands beside it.
                hidden = side._hidden
                if hidden >= 0 and not side._board >> (hidden ^ 1) & 1:
                    log((EV_RETURN, turn + 1, player, side._bring_back()))
            elif move is not DRAW:
                # M7 the Cave, M8 the Fort: the plain step, which reads these two fields.
                game._to_move = player
                game._turn = turn
                game._use_power(move)
        else:  # the drawn card's ``effect`` was read when it was drawn
            turn += 1
            # The hits come last: CPython runs a comparison more quickly when the branch
            # it jumps over is short, and a hit's is long.
            if effect == E_SHIELD:
                # M11: one shield on one of the player's own pirates.
                side._shields |= 1 << move._a
                log((EV_CARD, turn, player, card, move))
            elif effect == E_TAKE:
                # M14: take one prize, from the bank or from the opponent.
                prize = move._a
                holder = game._holder
                source = holder[prize]
                holder[prize] = player
                held_by[player] |= 1 << prize
                log((EV_CARD, turn, player, card, move, source))
                if source >= 0:
                    held_by[source] &= ~(1 << prize)
                    loser = sides[source]
                    # M7, M14: losing the Cave brings the hidden pirate back at once.
                    if prize == _CAVE and loser._hidden >= 0:
                        log((EV_RETURN, turn, source, loser._bring_back()))
            else:  # a hit, two hits or a faint, on a target of M16 (the legal moves)
                i = move._a
                bit = 1 << i
                hp = opponent._hp
                before = hp[i]
                if effect == E_KILL:
                    # M12: the target faints at once, shield or not (M17: it leaves the board).
                    hp[i] = after = 0
                    opponent._shields &= ~bit
                    opponent._board &= ~bit
                    log((EV_CARD, turn, player, card, move, False, before, 0))
                else:
                    # M10 one hit, M13 two hits.
                    hits = 1 if effect == E_HIT else 2
                    shields = opponent._shields
                    shield_lost = False
                    # M17: a shield takes one hit and is gone.
                    if shields & bit:
                        opponent._shields = shields ^ bit
                        hits -= 1
                        shield_lost = True
                    # M17: the other hits take hit points; at 0 the pirate faints.
                    after = before - hits if hits < before else 0
                    if after != before:
                        hp[i] = after
                        if not after:
                            opponent._board &= ~bit
                    log((EV_CARD, turn, player, card, move, shield_lost, before, after))
                if not after:
                    # M7: a fainted captain may leave the hidden pirate alone: it comes back.
                    hidden = opponent._hidden
                    if hidden >= 0 and not opponent._board >> (hidden ^ 1) & 1:
                        opponent._board |= 1 << hidden
                        opponent._hidden = -1
                        log((EV_RETURN, turn, 1 - player, hidden))
                    # M18: the opponent's last pirate fainted: the game ends at once.
                    if not opponent._board:
                        log((EV_WIN, turn, player))
                        discard_card(card)
                        game._to_move = player
                        game._drawn = None
                        game._turn = turn
                        game._phase = OVER
                        game._legal = NO_MOVES
                        return
            # The end of the turn: the card is discarded, and the other player moves.
            discard_card(card)
            player = 1 - player
            side, opponent = opponent, side
        while True:
            if card is not None:
                # M5: a new turn has its prize phase only if a power is usable.
                held = held_by[player]
                if held:
                    powers = power_table[held][side._board][side._hidden + 1][side._shields]
                    if powers is not_worked_out:
                        powers = game._power_moves(player)
                    if powers is not None:
                        card = None
                        legal = powers
                        break
            # M9: the draw; an empty draw pile is first made again from the discard pile.
            if not pile:
                game._turn = turn
                game._reshuffle(game._shuffled_discard())
            card = draw_card()
            effect = effect_of[card.rank]
            # The choices the drawn card offers: M16 targets (M10, M12, M13), M11 own
            # pirates without a shield, M14 prizes not held.
            options: LegalMoves
            if effect >= E_HIT:
                options = targets[opponent._board]
            elif effect == E_SHIELD:
                options = shieldable[side._board & ~side._shields]
            elif effect == E_TAKE:
                options = takes[held_by[player]]
            else:
                options = no_moves
            if options:
                legal = options
                break
            # M11, M14, M15: a card that does nothing ends the turn.
            turn += 1
            log((EV_CARD, turn, player, card, None))
            discard_card(card)
            player = 1 - player
            side, opponent = opponent, side
        # The decision point: the next move, written out for a ``random`` seat.
        rand = randoms[player]
        if rand is not None and turn < last_turn:
            count = len(legal)
            move = legal[floor(rand() * count)]  # `RandomBot.choose`
            counts[player] = count  # type: ignore[index]
            continue
        game._to_move = player
        game._turn = turn
        game._drawn = card
        game._phase = PRIZE if card is None else CARD
        game._legal = legal
        if choosers is None or turn >= last_turn:
            return
        move = choosers[player](game, player)
        if game._turn != turn or game._drawn is not card:
            # A faulty bot played on the game it was shown: go on from where it left the
            # game, as `MarvinGame.push` does (which usually refuses the move then).
            play_on(game, game._listed(move), choosers, randoms, last_turn, counts)
            return
        # `TurnState._listed`'s check, with the call saved for a listed move.
        if move.__class__ is not Move or not listed(legal, move):
            move = game._listed(move)


def play_out(
    game: G,
    choosers: tuple[Chooser[G], Chooser[G]],
    randoms: tuple[RandomPick, RandomPick],
    last_turn: int,
    counts: list[int],
) -> None:
    """Play the game to its end, or until ``last_turn`` turns are played: the loop of
    `pirate_rules.marvin.playout.play_out` with the shortcuts on.

    The first move is chosen here, the others in `play_on` (see it for ``choosers``,
    ``randoms`` and ``counts``, which it fills as play goes, so that they are known even
    when a bot's fault stops the game).
    """
    if game._phase != OVER and game._turn < last_turn:
        player = game._to_move
        rand = randoms[player]
        if rand is None:
            move = game._listed(choosers[player](game, player))
        else:  # written out, as in `play_on`
            legal = game._legal
            counts[player] = count = len(legal)
            move = legal[floor(rand() * count)]
        play_on(game, move, choosers, randoms, last_turn, counts)
