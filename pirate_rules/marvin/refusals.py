"""Refusals: why a move is not legal, in plain words, naming the rule.

The game checks a move against its list of legal moves; only when the move is not
there does it ask this module why, so explaining costs nothing in normal play. Each
message says what is wrong and ends with the rule id:

    >>> from pirate_rules.marvin import MarvinGame
    >>> game = MarvinGame.stacked("9C", players=("Marvin", "Mum"))
    >>> game.play("CL")
    Traceback (most recent call last):
    ...
    pirate_rules.errors.IllegalMoveError: target CL is not targetable: the guard ... (M16)
"""

from __future__ import annotations

from typing import Final

from pirate_rules.cards import Card
from pirate_rules.errors import IllegalMoveError
from pirate_rules.marvin.display import GameView
from pirate_rules.marvin.moves import K_CAVE, K_DRAW, K_FORT, K_SHIP, K_TAKE, Move
from pirate_rules.marvin.table import (
    E_SHIELD,
    E_TAKE,
    EFFECT_OF_RANK,
    EFFECT_RULES,
    POSITIONS,
    PRIZE_NAMES,
    PRIZES,
)

__all__ = ["refusal", "why_idle"]


def refusal(game: GameView, move: Move) -> IllegalMoveError:
    """The error that says why ``move`` is not legal now, naming the rule."""
    if game.phase == "over":
        outcome = game.outcome()
        winner = game.players[outcome.winner] if outcome else "nobody"
        return IllegalMoveError(f"the game is over: {winner} won on turn {game.turn}", rule="M18")
    name = game.players[game.to_move]
    code = move._code
    if code == K_DRAW:
        return IllegalMoveError(
            f"{name} has already drawn {game.drawn} this turn and must choose what it does",
            rule="M5",
        )
    if move.is_power:
        return _power_refusal(game, move)
    if game.phase == "prize":
        return IllegalMoveError(
            f"{name} has not drawn a card yet: use a prize power or 'draw' first", rule="M5"
        )
    return _card_refusal(game, move)


def _power_refusal(game: GameView, move: Move) -> IllegalMoveError:
    """Why a prize power cannot be used: M5 (held, once, before the draw), M6-M8."""
    player = game.to_move
    name = game.players[player]
    side = game.sides[player]
    code = move._code
    prize = {K_SHIP: "ship", K_CAVE: "cave", K_FORT: "fort"}[code]
    holder = game.holder(prize)
    if holder != player:
        where = "it is in the bank" if holder is None else f"{game.players[holder]} does"
        return IllegalMoveError(f"{name} does not hold {PRIZE_NAMES[prize]}: {where}", rule="M5")
    a = POSITIONS[move._a]
    if code == K_SHIP:
        b = POSITIONS[move._b]
        if side._hidden == move._a:
            return IllegalMoveError(f"{a} is hidden in the Cave and cannot be moved", rule="M7")
        if not side._hp[move._a]:
            return IllegalMoveError(f"{name} has no pirate at {a} to move", rule="M6")
        if side._hidden == move._b:
            return IllegalMoveError(
                f"{b} is kept for the pirate hidden in the Cave, so it is not empty",
                rule="M6",
            )
    elif code == K_CAVE:
        if move._a < 2:
            return IllegalMoveError(
                f"only a captain can hide in the Cave, and {a} is a guard", rule="M7"
            )
        if side._hidden >= 0:
            return IllegalMoveError(
                f"{side.hidden} is already hidden in the Cave: one pirate at a time",
                rule="M7",
            )
        if side._board & 0b1100 != 0b1100:
            return IllegalMoveError("the Cave needs pirates standing at both CL and CR", rule="M7")
    else:
        if move._a >= 2:
            return IllegalMoveError(f"the Fort shields a guard, and {a} is a captain", rule="M8")
        if side._board & 0b11 != 0b11:
            return IllegalMoveError("the Fort needs pirates standing at both GL and GR", rule="M8")
        if side._shields >> move._a & 1:
            return IllegalMoveError(
                f"{a} already has a shield, and shields do not stack", rule="M8"
            )
    return IllegalMoveError(
        "prize powers are used at the start of the turn, before the draw, and only one per turn",
        rule="M5",
    )


def _card_refusal(game: GameView, move: Move) -> IllegalMoveError:
    """Why the drawn card cannot do ``move``: M10-M14, M16, M17 (and M7)."""
    card = game.drawn
    assert card is not None
    player = game.to_move
    name = game.players[player]
    effect = EFFECT_OF_RANK[card.rank]
    rule = EFFECT_RULES[effect]
    a = POSITIONS[move._a] if move._code != K_TAKE else ""
    if move._code == K_TAKE:
        prize = PRIZES[move._a]
        if effect != E_TAKE:
            return IllegalMoveError(
                f"the {card} {_DOES[effect]}: only a J, Q or K takes a prize", rule=rule
            )
        return IllegalMoveError(f"{name} already holds {PRIZE_NAMES[prize]}", rule="M14")
    if effect == E_TAKE:
        return IllegalMoveError(
            f"the {card} takes a prize: choose 'take cave', 'take ship' or 'take fort'",
            rule="M14",
        )
    i = move._a
    if effect == E_SHIELD:
        side = game.sides[player]
        if side._hidden == i:
            return IllegalMoveError(f"{a} is hidden in the Cave and cannot be shielded", rule="M7")
        if not side._hp[i]:
            return IllegalMoveError(f"{name} has no pirate at {a} to shield", rule="M11")
        return IllegalMoveError(f"{a} already has a shield, and shields do not stack", rule="M11")
    opponent = game.sides[1 - player]
    other = game.players[1 - player]
    if opponent._hidden == i:
        return IllegalMoveError(
            f"target {a} is not targetable: it is hidden in the Cave", rule="M7"
        )
    if not opponent._hp[i]:
        return IllegalMoveError(f"target {a} is empty: {other} has no pirate there", rule="M17")
    return IllegalMoveError(
        f"target {a} is not targetable: the guard in front of it is still standing",
        rule="M16",
    )


def why_idle(game: GameView, card: Card) -> tuple[str, str]:
    """Why a drawn card can do nothing, and the rule that says so (M11, M14, M15)."""
    effect = EFFECT_OF_RANK[card.rank]
    name = game.players[game.to_move]
    if effect == E_SHIELD:
        return f"every pirate of {name}'s on the board already has a shield", "M11"
    if effect == E_TAKE:
        return f"{name} already holds all three prizes", "M14"
    return "a joker loses the rest of the turn", "M15"


_DOES: Final = (
    "loses the rest of the turn",
    "shields one of your pirates",
    "takes a prize",
    "hits an opposing pirate",
    "knocks out an opposing pirate",
    "slashes an opposing pirate",
)
