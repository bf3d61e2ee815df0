"""Rules of thumb for *Marvin's Pirates Go!*, and the ``sensible`` bot that plays by them.

The rules look only at the table, as a player sees it, never at the draw pile:

* **hit** (A 3 5 7, M10): make a pirate faint if one hit is enough (1 hit point, no
  shield); otherwise keep hitting the weakest pirate in reach, so that it faints soon
  and, if it is a guard, the captain behind it comes into reach (M16);
* **slash** (9, M13): make a pirate faint with the two hits if possible, else as a hit;
* **one-hit kill** (8, M12): the strongest pirate in reach, counting its shield;
* **shield** (2 4 6 10, M11): the pirate most at risk: the weakest one in reach;
* **J Q K** (M14): the prize that helps most; taken from the opponent, it also hurts them;
* **prize powers** (M5 to M8): the Cave to hide a healthy captain in reach, the Fort
  whenever a guard lacks a shield, the Cave again for a healthy captain behind a weak
  guard, the Ship to put a fresh captain in front of a weak guard, or to fill an empty
  guard position so that the Fort works again.

`pick` applies the rules and `why` puts the reason into words, only when asked:

    >>> from pirate_rules.marvin import MarvinGame
    >>> game = MarvinGame.stacked("9C", players=("Marvin", "Mum"))
    >>> bot = SensibleBot()
    >>> bot.choose(game, 0)
    Move.parse('GL')
    >>> print(bot.reason)
    I slash Mum's GL: 2 hits on the weakest pirate I can reach (4 hit points),
    so that it faints soon.
"""

from __future__ import annotations

from typing import Final

from pirate_rules.bots import Bot
from pirate_rules.marvin.game import MarvinGame
from pirate_rules.marvin.moves import K_CAVE, K_DRAW, K_FORT, K_SHIP, K_TAKE, Move
from pirate_rules.marvin.playout import NEVER, play_out
from pirate_rules.marvin.table import (
    E_HIT,
    E_KILL,
    E_SHIELD,
    E_SLASH,
    EFFECT_OF_RANK,
    POSITIONS,
    PRIZE_NAMES,
    PRIZES,
    Side,
    targetable_mask,
)

__all__ = [
    "SensibleBot",
    "describe",
    "only_choice",
    "pick",
    "play_by_thumb",
    "prize_value",
    "why",
]

CAVE, SHIP, FORT = range(3)

Why = tuple[int, ...]
"""Why `pick` chose a move: a reason code and a few numbers, put into words by `why`."""

# Reason codes.
R_ONLY, R_FAINT, R_FOCUS, R_BREAK, R_SLASH, R_SLASH_FAINT, R_KILL, R_SHIELD = range(8)
R_TAKE, R_FORT, R_CAVE, R_SWAP, R_REFILL, R_DRAW = range(8, 14)


def _tough(side: Side, i: int) -> int:
    """Hit points plus shield: how many hits the pirate at ``i`` still takes to faint."""
    return side._hp[i] + (side._shields >> i & 1)


def _opens(side: Side, i: int) -> bool:
    """Whether the pirate at ``i`` is a guard with a captain on the board behind it."""
    return i < 2 and bool(side._board >> (i + 2) & 1)


def pick(game: MarvinGame, player: int) -> tuple[Move, Why]:
    """The sensible move of ``player``, who is to move, and why (see `why`).

    The same table always gives the same move: the rules use no chance.

    Examples:
        >>> game = MarvinGame.stacked("AC")
        >>> pick(game, 0)
        (Move.parse('GL'), (2, 4))
    """
    # The searching bots' playouts ask this about a million times a minute, so it reads
    # the game's fields (`MarvinGame.legal_moves`, `MarvinGame.drawn`) directly.
    moves = game._legal
    card = game._drawn
    if card is None:
        return _power(game, player, moves)
    if len(moves) == 1:
        return moves[0], (R_ONLY,)
    effect = EFFECT_OF_RANK[card.rank]
    if effect >= E_HIT:
        return _attack(game._sides[1 - player], moves, effect)
    if effect == E_SHIELD:
        return _shield(game._sides[player], moves)
    return _take(game, player, moves)


def play_by_thumb(game: MarvinGame, last_turn: int = NEVER) -> None:
    """Play ``game`` on with both players following the rules of thumb (`pick`), to the
    end, or until ``last_turn`` turns have been played: the searching bots' playouts.

    It is the game's loop (`pirate_rules.marvin.playout.play_out`), the one
    `pirate_rules.marvin.bots.play_game` uses.

    Examples:
        >>> game = MarvinGame.from_seed(3)
        >>> play_by_thumb(game, last_turn=10)
        >>> game.turn >= 10 or game.is_game_over()
        True
    """
    play_out(game, _BY_THUMB, (None, None), last_turn)


def _picked(game: MarvinGame, player: int) -> Move:
    return pick(game, player)[0]


_BY_THUMB: Final = (_picked, _picked)


def _attack(foe: Side, moves: tuple[Move, ...], effect: int) -> tuple[Move, Why]:
    """M10, M12, M13: the target of a hit, a one-hit kill or a slash (see `_choose_target`).

    The targets follow from the opposing side (`pirate_rules.marvin.moves.TARGETS`), so
    the choice is remembered by side and effect, as `_power`'s is.
    """
    key = _side_key(foe) | effect << 23
    known = _CHOICES.get(key)
    if known is None:
        return _remember(key, moves, _choose_target(foe, moves, effect))
    return moves[known[0]], known[1]


def _choose_target(foe: Side, moves: tuple[Move, ...], effect: int) -> tuple[Move, Why]:
    """M10, M12, M13: the target of a hit, a one-hit kill or a slash at ``foe``."""
    best = moves[0]
    best_key: tuple[int, ...] = ()
    for move in moves:
        i = move._a
        tough = _tough(foe, i)
        unshielded = 1 - (foe._shields >> i & 1)
        opens = _opens(foe, i)
        key: tuple[int, ...]
        if effect == E_KILL:
            key = (tough, opens, i < 2)
        elif effect == E_SLASH:
            faints = tough <= 2
            key = (faints, tough == 2, faints and opens, -tough, unshielded)
        else:
            key = (tough == 1, tough == 1 and opens, -tough, unshielded, i < 2)
        if key > best_key:
            best, best_key = move, key
    i = best._a
    tough, hp = _tough(foe, i), foe._hp[i]
    if effect == E_KILL:
        return best, (R_KILL, hp, tough - hp, _opens(foe, i))
    if effect == E_SLASH:
        if tough <= 2:
            return best, (R_SLASH_FAINT, _opens(foe, i))
        return best, (R_SLASH, hp)
    if tough == 1:
        return best, (R_FAINT, _opens(foe, i))
    return best, (R_BREAK if tough > hp else R_FOCUS, hp)


def _shield(side: Side, moves: tuple[Move, ...]) -> tuple[Move, Why]:
    """M11: shield the pirate most at risk: in reach of the opponent, fewest hit points."""
    reach = targetable_mask(side._board)
    best = min(moves, key=lambda m: (not reach >> m._a & 1, side._hp[m._a], -m._a))
    return best, (R_SHIELD, side._hp[best._a], reach >> best._a & 1)


def prize_value(game: MarvinGame, player: int, prize: int) -> float:
    """How much holding ``prize`` (0 Cave, 1 Ship, 2 Fort) is worth to ``player`` now.

    The Fort counts most while both guards stand (M8), the Cave while both captains
    stand or one is hidden (M7); the Ship is always of some use (M6).

    Examples:
        >>> game = MarvinGame.stacked("KS")
        >>> [prize_value(game, 0, prize) for prize in range(3)]
        [2.0, 1.0, 3.0]
    """
    side = game._sides[player]
    if prize == FORT:
        return 3.0 if side._board & 3 == 3 else 1.0
    if prize == CAVE:
        return 2.0 if side._board & 12 == 12 or side._hidden >= 0 else 0.5
    return 1.0


def _take(game: MarvinGame, player: int, moves: tuple[Move, ...]) -> tuple[Move, Why]:
    """M14: the prize that helps most; taking it from the opponent also hurts them, and
    taking their Cave brings their hidden pirate back into play (M7)."""
    holder = game._holder
    hidden = game._sides[1 - player]._hidden
    best, best_gain = moves[0], -1.0
    for move in moves:
        prize = move._a
        gain = prize_value(game, player, prize)
        if holder[prize] == 1 - player:
            gain += prize_value(game, 1 - player, prize) + (prize == CAVE and hidden >= 0)
        if gain > best_gain:
            best, best_gain = move, gain
    source = holder[best._a]
    return best, (R_TAKE, source, hidden if best._a == CAVE and source == 1 - player else -1)


def _power(game: MarvinGame, player: int, moves: tuple[Move, ...]) -> tuple[Move, Why]:
    """M5 to M8: the prize power worth using this turn, or ``draw`` (see `_choose_power`).

    The choice depends only on the player's side and prizes (the prize-phase moves follow
    from them, `pirate_rules.marvin.moves.power_moves`), so it is worked out once for
    each and remembered (`_CHOICES`).
    """
    side = game._sides[player]
    held = game._held[player]
    key = _side_key(side) | held << 23 | _POWER
    known = _CHOICES.get(key)
    if known is None:
        return _remember(key, moves, _choose_power(side, held, moves))
    return moves[known[0]], known[1]


def _side_key(side: Side) -> int:
    """Everything about a side in one number: board, hidden pirate, shields, hit points."""
    hp = side._hp
    return (
        side._board | (side._hidden + 1) << 4 | side._shields << 7
        | hp[0] << 11 | hp[1] << 14 | hp[2] << 17 | hp[3] << 20
    )  # fmt: skip


def _remember(key: int, moves: tuple[Move, ...], choice: tuple[Move, Why]) -> tuple[Move, Why]:
    """Keep ``choice`` among ``moves`` in `_CHOICES` under ``key``, and return it."""
    if len(_CHOICES) >= _REMEMBERED:
        _CHOICES.clear()
    move, why = choice
    _CHOICES[key] = (moves.index(move), why)
    return choice


_CHOICES: dict[int, tuple[int, Why]] = {}
"""The choices of `_power` and `_attack`, remembered by side (`_side_key`), prizes held
or card effect: the searching bots' playouts ask for them hundreds of thousands of times.
Each is kept as numbers only (the move's place in the legal moves, and why), which the
garbage collector soon stops looking at, so that a large table costs it nothing."""
_REMEMBERED: Final = 100_000
"""At most this many choices are remembered (a few megabytes), then it starts afresh."""
_POWER: Final = 1 << 26
"""Marks the key of a `_power` choice apart from the key of an `_attack` choice."""


def _choose_power(side: Side, held: int, moves: tuple[Move, ...]) -> tuple[Move, Why]:
    """M5 to M8: the prize power worth using this turn for ``side``, which holds the
    prizes ``held`` (a bit mask), or ``draw``."""
    hp = side._hp
    reach = targetable_mask(side._board)
    caves = [m for m in moves if m._code == K_CAVE and hp[m._a] >= 3]
    # M7: hide a healthy captain in reach.
    exposed = [m for m in caves if reach >> m._a & 1]
    if exposed:
        move = max(exposed, key=lambda m: hp[m._a])
        return move, (R_CAVE, hp[move._a], 1)
    # M8: a free shield for the weaker guard.
    forts = [m for m in moves if m._code == K_FORT]
    if forts:
        move = min(forts, key=lambda m: (_tough(side, m._a), m._a))
        return move, (R_FORT, hp[move._a])
    # M7: hide a healthy captain behind a weak guard.
    covered = [m for m in caves if _tough(side, m._a - 2) <= 2]
    if covered:
        move = max(covered, key=lambda m: hp[m._a])
        return move, (R_CAVE, hp[move._a], 0)
    # M6: swap a weak guard with a captain that takes at least 2 more hits.
    best, best_gain = None, 1
    for move in moves:
        a, b = move._a, move._b
        if move._code != K_SHIP or (a < 2) == (b < 2) or not hp[b]:
            continue
        guard, captain = (a, b) if a < 2 else (b, a)
        gain = _tough(side, captain) - _tough(side, guard)
        if gain > best_gain:
            best, best_gain = move, gain
    if best is not None:
        guard, captain = (best._a, best._b) if best._a < 2 else (best._b, best._a)
        return best, (R_SWAP, guard, captain, hp[guard], hp[captain])
    # M6, M8: a captain fills an empty guard position, so that the Fort works again.
    if held >> FORT & 1 and side._board & 3:
        for move in moves:
            if move._code == K_SHIP and move._a >= 2 and move._b < 2 and not hp[move._b]:
                return move, (R_REFILL,)
    draw = moves[-1]
    assert draw._code == K_DRAW
    return draw, (R_DRAW,)


def _points(n: int) -> str:
    return "1 hit point" if n == 1 else f"{n} hit points"


def why(game: MarvinGame, player: int, move: Move, reason: Why) -> str:
    """The sentence, in the first person, for ``move`` chosen by `pick` for ``reason``.

    Examples:
        >>> game = MarvinGame.stacked("8S", players=("Marvin", "Mum"))
        >>> move, reason = pick(game, 0)
        >>> print(why(game, 0, move, reason))
        I knock out Mum's GL with the 8: at 4 hit points it is the strongest pirate
        I can reach, and that opens the way to its captain CL.
    """
    code = reason[0]
    foe = game.players[1 - player]
    pos = POSITIONS[move._a] if move._code != K_TAKE and move._a >= 0 else ""
    opens = f", which opens the way to its captain C{pos[1:]}." if pos[:1] == "G" else "."
    if code == R_ONLY:
        return f"I {describe(game, player, move)}: it is my only choice."
    if code == R_FAINT:
        return f"I hit {foe}'s {pos} because it has 1 hit point left and no shield" + (
            opens if reason[1] else "."
        )
    if code == R_FOCUS:
        return (
            f"I hit {foe}'s {pos}: it is the weakest pirate I can reach"
            f" ({_points(reason[1])}), so it should faint soon."
        )
    if code == R_BREAK:
        return f"I hit {foe}'s {pos} to break its shield: it is the weakest pirate I can reach."
    if code == R_SLASH:
        return (
            f"I slash {foe}'s {pos}: 2 hits on the weakest pirate I can reach"
            f" ({_points(reason[1])}), so that it faints soon."
        )
    if code == R_SLASH_FAINT:
        return f"I slash {foe}'s {pos}: the 2 hits make it faint" + (opens if reason[1] else ".")
    if code == R_KILL:
        shield = " and a shield" if reason[2] else ""
        text = (
            f"I knock out {foe}'s {pos} with the 8: at {_points(reason[1])}{shield}"
            " it is the strongest pirate I can reach"
        )
        return text + (opens.replace(", which", ", and that") if reason[3] else ".")
    if code == R_SHIELD:
        where = f"{foe} can reach it" if reason[2] else f"the pirates {foe} can reach have shields"
        return f"I shield my {pos}: it has {_points(reason[1])} and {where}."
    if code == R_TAKE:
        prize = PRIZE_NAMES[PRIZES[move._a]]
        if reason[2] >= 0:
            return (
                f"I take {prize} from {foe}, which brings their hidden"
                f" {POSITIONS[reason[2]]} back into reach."
            )
        if reason[1] == 1 - player:
            return f"I take {prize} from {foe}: it helps me and hurts them."
        return f"I take {prize} from the bank: of the prizes I can take, it helps me most."
    if code == R_FORT:
        return f"I use the Fort to shield my guard {pos}, which has {_points(reason[1])}."
    if code == R_CAVE:
        because = f"{foe} can reach it" if reason[2] else "the guard in front of it is weak"
        return f"I hide my captain {pos} in the Cave: it has {_points(reason[1])} and {because}."
    if code == R_SWAP:
        guard, captain = POSITIONS[reason[1]], POSITIONS[reason[2]]
        return (
            f"I use the Ship to swap my guard {guard} ({_points(reason[3])}) with my captain"
            f" {captain} ({_points(reason[4])}), so that the stronger pirate stands in front."
        )
    if code == R_REFILL:
        return (
            f"I use the Ship to move my captain {pos} to the empty {POSITIONS[move._b]},"
            " so that the Fort can shield my guards again."
        )
    return "I draw at once: no prize power helps me this turn."


def only_choice(bot: Bot[MarvinGame, Move], game: MarvinGame, player: int) -> Move | None:
    """The move ``player`` must play when it is the only one (the bot's ``reason`` says
    so), or None when there is a choice to think about: the searching bots' first step.

    Raises:
        ValueError: if ``player`` has no move to choose now.

    Example:
        >>> only_choice(SensibleBot(), MarvinGame.stacked("9C"), 0) is None  # GL or GR?
        True
    """
    moves = game.legal_moves
    if player != game.to_move or not moves:
        raise ValueError(f"player {player} has no move to choose now")
    if len(moves) == 1:
        bot.reason = f"I {describe(game, player, moves[0])}: it is my only choice."
        return moves[0]
    return None


def describe(game: MarvinGame, player: int, move: Move) -> str:
    """What ``move`` of ``player`` does, as the words after "I" in a sentence.

    Examples:
        >>> game = MarvinGame.stacked("9C", players=("Marvin", "Mum"))
        >>> describe(game, 0, Move.parse("GR"))
        "slash Mum's GR"
        >>> describe(game, 0, Move.parse("ship GL CR"))
        'use the Ship to swap GL and CR'
    """
    code = move._code
    if code == K_DRAW:
        return "draw without using a prize"
    if code == K_TAKE:
        source = game._holder[move._a]
        where = "the bank" if source < 0 else game.players[source]
        return f"take {PRIZE_NAMES[PRIZES[move._a]]} from {where}"
    pos = POSITIONS[move._a]
    if code == K_SHIP:
        if game._sides[player]._hp[move._b]:
            return f"use the Ship to swap {pos} and {POSITIONS[move._b]}"
        return f"use the Ship to move {pos} to the empty {POSITIONS[move._b]}"
    if code == K_CAVE:
        return f"hide my captain {pos} in the Cave"
    if code == K_FORT:
        return f"use the Fort to shield my guard {pos}"
    effect = EFFECT_OF_RANK[game._drawn.rank] if game._drawn is not None else E_SHIELD
    if effect == E_SHIELD:
        return f"shield my {pos}"
    return f"{_VERBS[effect]} {game.players[1 - player]}'s {pos}"


_VERBS: Final = {E_HIT: "hit", E_KILL: "knock out", E_SLASH: "slash"}


class SensibleBot(Bot[MarvinGame, Move]):
    """Plays by the rules of thumb of `pick`, which never look at the draw pile.

    Examples:
        >>> game = MarvinGame.stacked("KS 7H", players=("Marvin", "Mum"))
        >>> bot = SensibleBot()
        >>> bot.choose(game, 0)
        Move.parse('take fort')
        >>> bot.reason
        'I take the Fort from the bank: of the prizes I can take, it helps me most.'
    """

    description = "plays by rules of thumb: finishes weak pirates, shields the one at risk"

    def choose(self, game: MarvinGame, player: int) -> Move:
        if player != game.to_move or not game.legal_moves:
            raise ValueError(f"player {player} has no move to choose now")
        move, reason = pick(game, player)
        self.reason = why(game, player, move, reason)
        return move
