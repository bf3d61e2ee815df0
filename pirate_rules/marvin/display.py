"""Text for people: the table drawn in plain ASCII, and the log's sentences.

The table shows player 1 at the top and player 0 at the bottom, guard rows facing
each other across a dashed line, as the players sit. Each side is drawn as its owner
sees it, so the top player's left and right appear swapped; every cell names its
position, so nothing is ambiguous. A cell reads ``GL 4 hp``, with ``shield`` when the
pirate carries one and ``hidden`` when it is in the Cave; a position with no pirate
reads ``GL empty``. Below come the bank, the two piles, and whose turn it is:

    >>> from pirate_rules.marvin import MarvinGame
    >>> game = MarvinGame.stacked("4H 9C", players=("Marvin", "Mum"))
    >>> game.play("GR")
    >>> print(game)
    Mum         prizes: none
      CR 4 hp                 CL 4 hp
      GR 4 hp                 GL 4 hp
      ----------------------------------
      GL 4 hp                 GR 4 hp shield
      CL 4 hp                 CR 4 hp
    Marvin      prizes: none
    bank: cave ship fort | draw pile: 52 | discard pile: 1
    turn 2: Mum drew 9C: choose a target to slash (2 hits)

This module only reads the game; it never changes it.
"""

from __future__ import annotations

from typing import Final, Protocol

from pirate_rules.cards import Card
from pirate_rules.marvin.moves import Move
from pirate_rules.marvin.table import (
    E_HIT,
    E_KILL,
    E_SHIELD,
    E_SLASH,
    E_TAKE,
    EFFECT_OF_RANK,
    POSITIONS,
    PRIZE_NAMES,
    Side,
    card_effect,
)

__all__ = [
    "POSITION_NAMES",
    "GameView",
    "describe_move",
    "draw_table",
    "format_event",
    "status",
]


class _Outcome(Protocol):
    @property
    def winner(self) -> int: ...


class GameView(Protocol):
    """What the text and the refusals read of a game: `pirate_rules.marvin.MarvinGame`
    is one. Knowing games by what they read keeps these modules free of the game
    module, which imports them."""

    players: tuple[str, str]

    @property
    def sides(self) -> tuple[Side, Side]: ...

    @property
    def to_move(self) -> int: ...

    @property
    def turn(self) -> int: ...

    @property
    def phase(self) -> str: ...

    @property
    def drawn(self) -> Card | None: ...

    @property
    def bank(self) -> tuple[str, ...]: ...

    @property
    def draw_pile(self) -> list[Card]: ...

    @property
    def discard_pile(self) -> list[Card]: ...

    def prizes(self, player: int) -> tuple[str, ...]: ...

    def holder(self, prize: str) -> int | None: ...

    def outcome(self) -> _Outcome | None: ...


# The game stores events as small tuples ``(kind, turn, ...)``; they become sentences
# only when the log is read. They are also the game's record of its turns (see
# ``MarvinGame._history``):
#   (EV_POWER, turn, player, move, swapped)
#   (EV_RESHUFFLE, turn, count, new order of the pile, top first)
#   (EV_CARD, turn, player, card, choice or None[, source | shield lost, before, after])
#   (EV_RETURN, turn, player, position)
#   (EV_WIN, turn, player)
EV_POWER, EV_RESHUFFLE, EV_CARD, EV_RETURN, EV_WIN = range(5)

POSITION_NAMES: Final = {
    "GL": "guard left",
    "GR": "guard right",
    "CL": "captain left",
    "CR": "captain right",
}
"""Each position in words."""

_VERBS: Final = {"hit": "Hit", "kill": "Knock out", "slash": "Slash"}

CELL: Final = 24
# What the card phase asks for, by effect (see game.EFFECT_NAMES).
_ASK: Final = (
    "",
    "choose a pirate of yours to shield",
    "choose a prize to take",
    "choose a target to hit",
    "choose a target to knock out (one-hit kill)",
    "choose a target to slash (2 hits)",
)


def _cell(side: Side, i: int) -> str:
    hp = side._hp[i]
    if not hp:
        return f"{POSITIONS[i]} empty"
    text = f"{POSITIONS[i]} {hp} hp"
    if side._shields >> i & 1:
        text += " shield"
    if side._hidden == i:
        text += " hidden"
    return text


def _row(side: Side, left: int, right: int) -> str:
    return f"  {_cell(side, left):<{CELL}}{_cell(side, right)}".rstrip()


def _name_line(game: GameView, player: int) -> str:
    held = " ".join(game.prizes(player)) or "none"
    return f"{game.players[player]:<11} prizes: {held}"


def draw_table(game: GameView) -> str:
    """The whole table as text: see the module's description for the layout."""
    top, bottom = game.sides[1], game.sides[0]
    lines = [
        _name_line(game, 1),
        _row(top, 3, 2),
        _row(top, 1, 0),
        "  " + "-" * (CELL + 10),
        _row(bottom, 0, 1),
        _row(bottom, 2, 3),
        _name_line(game, 0),
        f"bank: {' '.join(game.bank) or 'none'} | draw pile: {len(game.draw_pile)}"
        f" | discard pile: {len(game.discard_pile)}",
        status(game),
    ]
    return "\n".join(lines)


def status(game: GameView) -> str:
    """One line: whose turn it is and what they must choose, or who won."""
    outcome = game.outcome()
    if outcome is not None:
        loser = game.players[1 - outcome.winner]
        return (
            f"game over after turn {game.turn}: {game.players[outcome.winner]} wins,"
            f" all of {loser}'s pirates fainted"
        )
    name = game.players[game.to_move]
    turn = game.turn + 1
    if game.drawn is None:
        return f"turn {turn}: {name} may use a prize power, or draw"
    return f"turn {turn}: {name} drew {game.drawn}: {_ASK[EFFECT_OF_RANK[game.drawn.rank]]}"


def _hit_detail(position: str, shield_lost: bool, before: int, after: int) -> str:
    parts = []
    if shield_lost:
        parts.append("the shield breaks" if after != before else "the shield takes the hit")
    if after != before:
        parts.append(f"{position} {before} -> {after} HP")
    if not after:
        parts.append(f"{position} faints")
    return ", ".join(parts)


def format_event(game: GameView, event: tuple[object, ...]) -> str:
    """One log sentence for one stored event (see ``game.EV_*``)."""
    kind, turn = event[0], event[1]
    head = f"Turn {turn}: "
    if kind == EV_RESHUFFLE:
        return (
            head + f"the draw pile is empty: the {event[2]} discarded cards are shuffled"
            " into a new draw pile"
        )
    player = event[2]
    assert isinstance(player, int)
    name, other = game.players[player], game.players[1 - player]
    if kind == EV_RETURN:
        position = event[3]
        assert isinstance(position, int)
        return head + f"{name}'s {POSITIONS[position]} comes back from the Cave"
    if kind == EV_WIN:
        return head + f"all of {other}'s pirates have fainted: {name} wins"
    move = event[3]
    if kind == EV_POWER:
        assert isinstance(move, Move)
        if move.kind == "ship":
            if event[4]:
                return head + f"{name} uses the Ship: {move.position} and {move.to} swap places"
            return head + f"{name} uses the Ship: {move.position} moves to the empty {move.to}"
        if move.kind == "cave":
            return head + f"{name} uses the Cave: {move.position} hides"
        return head + f"{name} uses the Fort: {move.position} gets a shield"
    card, move = event[3], event[4]
    assert isinstance(card, Card)
    effect = EFFECT_OF_RANK[card.rank]
    head += f"{name} draws {card}"
    if move is None:
        if effect == E_SHIELD:
            return head + f", but every pirate of {name}'s on the board already has a shield"
        if effect == E_TAKE:
            return head + ", but already holds all three prizes"
        return head + " and loses the rest of the turn"
    assert isinstance(move, Move)
    if effect == E_SHIELD:
        return head + f" and shields {move.position}"
    if effect == E_TAKE:
        source = event[5]
        assert isinstance(source, int) and move.prize is not None
        where = "the bank" if source < 0 else game.players[source]
        return head + f" and takes {PRIZE_NAMES[move.prize]} from {where}"
    position = move.position
    assert position is not None
    shield_lost, before, after = event[5], event[6], event[7]
    assert isinstance(before, int) and isinstance(after, int)
    if effect == E_KILL:
        return head + f", a one-hit kill: {other}'s {position} faints"
    verb = "hits" if effect == E_HIT else "slashes"
    extra = " (2 hits)" if effect == E_SLASH else ""
    detail = _hit_detail(position, bool(shield_lost), before, after)
    return head + f" and {verb} {other}'s {position}{extra}: {detail}"


def _pirate(game: GameView, owner: int, position: str, own: str = "your") -> str:
    whose = own if owner == game.to_move else f"{game.players[owner]}'s"
    return f"{whose} {POSITION_NAMES[position]} ({position})"


def describe_move(game: GameView, move: Move, *, own: str = "your") -> str:
    """A legal move of the player to move, in words for a menu or a button.

    ``own`` is the word for the mover's own pirates: ``"your"`` on the mover's menu,
    ``"its"`` or ``"their"`` to tell what another player (a bot) chose.

    Examples:
        >>> from pirate_rules.marvin import MarvinGame
        >>> game = MarvinGame.stacked("9C", players=("Marvin", "Mum"))
        >>> [describe_move(game, move) for move in game.legal_moves]
        ["Slash Mum's guard left (GL)", "Slash Mum's guard right (GR)"]
        >>> game = MarvinGame.stacked("2C", players=("Marvin", "Mum"))
        >>> describe_move(game, game.legal_moves[0], own="its")
        'Shield its guard left (GL)'
    """
    player = game.to_move
    if move.kind == "draw":
        return "Draw a card (use no prize)" if game.prizes(player) else "Draw a card"
    if move.kind == "ship":
        a, b = move.position, move.to
        assert a is not None and b is not None
        if game.sides[player][b] is None:
            return f"Ship: move {_pirate(game, player, a, own)} to the empty {POSITION_NAMES[b]}"
        return f"Ship: swap {own} {POSITION_NAMES[a]} and {POSITION_NAMES[b]} ({a}, {b})"
    if move.kind in ("cave", "fort"):
        assert move.position is not None
        verb = "hide" if move.kind == "cave" else "shield"
        return f"{move.kind.title()}: {verb} {_pirate(game, player, move.position, own)}"
    if move.kind == "target":
        assert move.position is not None and game.drawn is not None
        effect = card_effect(game.drawn)
        if effect == "shield":
            return f"Shield {_pirate(game, player, move.position, own)}"
        return f"{_VERBS[effect]} {_pirate(game, 1 - player, move.position)}"
    assert move.prize is not None
    holder = game.holder(move.prize)
    where = "the bank" if holder is None else game.players[holder]
    return f"Take {PRIZE_NAMES[move.prize]} from {where}"
