"""Shortcuts of the *Pirate* engine: common moments written out for speed (P4 to P11).

The rules are stated plainly in `pirate_rules.pirate.game`: `PirateGame.apply_moment`
checks both actions, then calls one small method per step, each named after its rule.
Bots play millions of moments, so the moments they play most are also written out
here, each in one function that reads and changes the game's fields directly. This
module does not know the game module: it knows a game as a
`pirate_rules.pirate.state.MomentState`, the fields and the plain steps listed there.
`pirate_rules.pirate.playout`, above both, puts them together:

* `at_once` (`PirateGame._at_once`, given to the game by `pirate_rules.pirate.playout`):
  a moment of plays, turns and waits, or, through `with_claim`, one with a claim;
* `play_out`: the loop of `pirate_rules.pirate.playout.play_out` with the shortcuts on,
  with the moment where both turn a stock card, and the ``fast`` bot's choices,
  written out.

Each shortcut changes the game exactly as the plain code does: ``tests/test_fast_paths.py``
plays thousands of seeds both ways, with ``_FAST_PATHS`` in `pirate_rules.pirate.game`
on and off, and compares every state. Switched off, the engine plays the plain code
alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from pirate_rules.cards import Card
from pirate_rules.pirate.actions import Action
from pirate_rules.pirate.ships import ALL_RANKS, PLACED, SUIT_INDEX
from pirate_rules.pirate.state import MomentState

__all__ = ["Chooser", "Said", "at_once", "play_out", "with_claim"]

G = TypeVar("G", bound=MomentState)

Chooser = Callable[[G, int], Action]
"""A bot's ``choose`` method: the action of a player (0 or 1) in a game of type ``G``
(``Chooser[PirateGame]``, which `pirate_rules.pirate.playout` names ``Chooser``)."""
Said = tuple[Action, Card | None] | None
"""A choice written out for a bot: its action and the card it looked at (see `play_out`)."""

_TURN, _PLAY, _CLAIM, _WAIT = Action.TURN, Action.PLAY, Action.CLAIM, Action.WAIT


def at_once(game: MomentState, first: Action, second: Action) -> bool:
    """The shortcut for a moment of plays, turns and waits (P4-P8, P10, P11).

    It is `PirateGame._at_once`, and does what the plain code of
    `PirateGame.apply_moment` does, written out in one function: each action is
    checked first, as `PirateGame.can_turn` and `PirateGame.can_play` check it (P5,
    P6); if either is refused, or is not an action at all, it returns False and
    changes nothing, so that the plain code reads the moment and raises the error. A
    moment with a claim (P9) is handed to `with_claim`. Then player 0's action and
    player 1's take effect (`PirateGame._turn`, `PirateGame._play` and `Ship.place`,
    written out), completed ships are captured or sunk by `PirateGame._complete` (P7,
    P8), and the end is looked for.

    The end is looked for cheaply. P11 ends the game when no card left fits anywhere;
    a placement changes only its own suit's ship and which of its cards are held, so
    while a suit played to still has a card that fits (`PirateGame._suit_fits`; after
    a completed ship, the suit's new ship), the game goes on. P10 ends it once a
    player has five ships, or four after a sinking, so it is looked at only when a
    ship was completed and a player has four. Only then, or when no suit played to
    has a card that fits, does `PirateGame._find_outcome` look at the whole table
    (`MomentState._look_for_end`). Each rule's id stands as a comment at the line that
    applies it.
    """
    wastes = game._wastes
    # The rule ids below stand at the lines that apply them, as on the rules page.
    # P4: both actions are checked against the table as the moment began; a claim, or
    # anything that is not an action, is left to the plain code.
    if first is _PLAY:
        # P6: only the top waste card, and only if it fits the player's own half.
        waste0 = wastes[0]
        if not waste0:
            return False
        card0 = waste0[-1]
        index0 = SUIT_INDEX[card0.suit]
        ship0 = game._ships[index0]
        rank0 = card0.rank
        if rank0 != ship0.needs[0]:
            return False
    elif first is _TURN:
        # P5, P9: a turn needs a stock or a waste (an observer cannot turn).
        card0 = None
        if not (game._stocks[0] or wastes[0]):
            return False
    elif first is _WAIT:
        card0 = None
    elif first is _CLAIM:
        return with_claim(game, first, second)  # P9
    else:
        return False  # not an action: the plain code reads it and says so
    if second is _PLAY:
        # P6, for player 1.
        waste1 = wastes[1]
        if not waste1:
            return False
        card1 = waste1[-1]
        index1 = SUIT_INDEX[card1.suit]
        ship1 = game._ships[index1]
        rank1 = card1.rank
        if rank1 != ship1.needs[1]:
            return False
    elif second is _TURN:
        # P5, P9, for player 1.
        card1 = None
        if not (game._stocks[1] or wastes[1]):
            return False
    elif second is _WAIT:
        card1 = None
    elif second is _CLAIM:
        return with_claim(game, first, second)  # P9
    else:
        return False
    # P4: the moment is played; both actions take effect together.
    game.moment += 1
    game.history.tail.append(first + second)
    fresh = game._fresh
    # Player 0's action, then player 1's: `_play` and `Ship.place`, or `_turn`,
    # written out. Whether a suit played to still has a card that fits its
    # player's half is noted on the way (P11).
    going_on = 0
    if card0 is not None:
        # P6: the card leaves the waste for the half; it is no longer held (P11), and
        # the half needs the next rank in its direction.
        waste0.pop()
        fresh[0] = False  # P9: a played card cannot be claimed
        held = game._held[0]
        bit = 1 << rank0
        mine = held[index0] = held[index0] ^ bit  # the card was held: its bit was set
        ship0.halves[0].append(PLACED[0][card0])
        ship0.ranks |= bit
        need = ship0.needs[0] = rank0 + ship0.steps[0]
        going_on = mine >> need & 1  # P11: the player's next card of the suit is held
    elif first is _TURN:
        # P5: the top stock card goes face up on the waste (P9: freshly turned); with
        # no stock, the plain step turns the waste over.
        stock = game._stocks[0]
        if stock:
            wastes[0].append(stock.pop())
            fresh[0] = True
        else:
            game._turn(0)
    if card1 is not None:
        # P6, for player 1.
        waste1.pop()
        fresh[1] = False
        held = game._held[1]
        bit = 1 << rank1
        mine = held[index1] = held[index1] ^ bit
        ship1.halves[1].append(PLACED[1][card1])
        ship1.ranks |= bit
        need = ship1.needs[1] = rank1 + ship1.steps[1]
        going_on = going_on or mine >> need & 1
    elif second is _TURN:
        # P5, for player 1.
        stock = game._stocks[1]
        if stock:
            wastes[1].append(stock.pop())
            fresh[1] = True
        else:
            game._turn(1)
    if card0 is None:
        if card1 is None:
            return True  # no card reached a ship: the outcome cannot change (P7, P10, P11)
        complete = ship1.ranks == ALL_RANKS
    else:
        complete = ship0.ranks == ALL_RANKS or (card1 is not None and ship1.ranks == ALL_RANKS)
    if complete:
        # P7: a complete ship is captured by the one player who put a card on it this
        # moment, sunk if both did; P8: the suit's next ship begins.
        touched = [0, 0, 0, 0]
        if card0 is not None:
            touched[index0] = 1
        if card1 is not None:
            touched[index1] |= 2
        game._complete_touched(touched)
        captured = game.captured
        # P10: five ships, or four once one was sunk, end the game.
        if len(captured[0]) >= 4 or len(captured[1]) >= 4:
            game._look_for_end()
            return True
        going_on = 0  # the suits played to have new ships: look at them again
    # P11: the game goes on while a suit played to has a card that fits; else the whole
    # table is looked at.
    if not (
        going_on
        or (card0 is not None and game._suit_fits(index0))
        or (card1 is not None and game._suit_fits(index1))
    ):
        game._look_for_end()
    return True


def with_claim(game: MomentState, first: Action, second: Action) -> bool:
    """The shortcut for a moment where one player claims (P9), for `at_once`.

    It checks both actions as `PirateGame.apply_moment` does: the claimer must be an
    observer, and the card the opponent (the owner) turned last must still be on top
    of the owner's waste and fit the claimer's half (`PirateGame.can_claim`); the
    owner may turn, play that very card if it fits their own half, or wait. If either
    is refused, or both claim, it returns False and changes nothing. Then it takes the
    same steps as the plain code, in the same order: the claim (`PirateGame._claim`),
    the owner's turn or play, and the completed ships (`PirateGame._complete_touched`).
    Only the claimed card's suit changed, so the end is looked for as in `at_once`.
    """
    claimer = 0 if first is _CLAIM else 1
    owner = 1 - claimer
    owner_action = second if claimer == 0 else first
    stocks, wastes = game._stocks, game._wastes
    waste = wastes[owner]
    # P9: only an observer claims, only the owner's card turned last, still on top...
    if stocks[claimer] or wastes[claimer] or not waste or not game._fresh[owner]:
        return False
    card = waste[-1]
    index = SUIT_INDEX[card.suit]
    ship = game._ships[index]
    # ... and only if it fits the observer's half (P6's fit).
    if card.rank != ship.needs[claimer]:
        return False
    if owner_action is _PLAY:
        # P6: the owner may play that very card, if it fits the owner's half.
        if card.rank != ship.needs[owner]:
            return False
    elif owner_action is not _TURN and owner_action is not _WAIT:
        return False
    # P4: the moment is played, in the plain code's order.
    game.moment += 1
    game.history.tail.append(first + second)
    touched = [0, 0, 0, 0]
    game._claim(claimer, owner_action, touched)  # P9: the claim comes first
    if owner_action is _TURN:
        game._turn(owner)  # P5
    elif owner_action is _PLAY:
        game._play(owner, touched)  # P6
    game._complete_touched(touched)  # P7, P8
    captured = game.captured
    if len(captured[0]) >= 4 or len(captured[1]) >= 4 or not game._suit_fits(index):
        game._look_for_end()  # P10, P11
    return True


def play_out(
    game: G,
    choosers: tuple[Chooser[G], Chooser[G]],
    max_moments: int,
    quick: tuple[bool, bool] = (False, False),
) -> tuple[Said, Said]:
    """Play moments chosen by two bots until the end, or until ``max_moments`` have been
    played: the loop of `pirate_rules.pirate.playout.play_out` with the shortcuts on.

    ``choosers`` are the two bots' ``choose`` methods. A seat marked ``quick`` plays the
    quickest action, the ``fast`` bot's rule (`pirate_rules.pirate.bots.quickest`):
    while the player has a waste or a stock, its choice is written out here (play the
    top waste card if it fits its half, P6, else turn, P5), as the bot would choose
    with a call; an observer's choice (claim or wait, P9) is left to its bot.

    The most common moment, both players turning a stock card (P5), is written out here
    as in `PirateGame.apply_moment`: no card reaches a ship, so the outcome cannot
    change (P7, P10, P11). Other moments go to `at_once`, and what it leaves (claims,
    and anything refused) to `PirateGame.apply_moment`. So every moment is checked and
    played as the plain code plays it.

    Returns:
        For each seat, its last choice if it was written out here: the action and the
        top waste card looked at (None for an empty waste), so that its bot can say
        why; None if the bot made its last choice itself, or made none.
    """
    choose0, choose1 = choosers
    apply = game.apply_moment
    quick0, quick1 = quick
    # Each player keeps the same stock and waste lists all game long (`PirateGame._turn`).
    history, fresh, ships = game.history.tail, game._fresh, game._ships
    stock0, stock1 = game._stocks
    waste0, waste1 = game._wastes
    turn, play = _TURN, _PLAY
    first = second = _WAIT
    card0 = card1 = None
    asked0 = asked1 = True  # whether the last choice of the seat was its bot's own
    while game._outcome is None and game.moment < max_moments:
        # Each seat's choice: `quickest` written out for a quick seat (P6, P5), as long
        # as the player is not an observer; otherwise the bot's own ``choose``.
        if not quick0:
            first = choose0(game, 0)
        elif waste0:
            asked0 = False
            card0 = waste0[-1]
            first = play if card0.rank == ships[SUIT_INDEX[card0.suit]].needs[0] else turn
        elif stock0:
            asked0, card0, first = False, None, turn
        else:
            asked0, first = True, choose0(game, 0)
        if not quick1:
            second = choose1(game, 1)
        elif waste1:
            asked1 = False
            card1 = waste1[-1]
            second = play if card1.rank == ships[SUIT_INDEX[card1.suit]].needs[1] else turn
        elif stock1:
            asked1, card1, second = False, None, turn
        else:
            asked1, second = True, choose1(game, 1)
        if first is turn and second is turn and stock0 and stock1:
            # Both turn a stock card (P5), as `PirateGame._turn` does.
            game.moment += 1
            history.append("TT")
            waste0.append(stock0.pop())
            waste1.append(stock1.pop())
            fresh[0] = fresh[1] = True
            continue
        if not at_once(game, first, second):  # a claim, or anything refused
            apply(first, second)
    return (
        None if asked0 else (first, card0),
        None if asked1 else (second, card1),
    )
