"""The wrong variants behind the misreadings of *Marvin's Pirates Go!* (rules M1 to M18).

See `catalogue` for what a misreading is. The patches reach the engine through a few
patch points: the turn's steps on `MarvinGame` (``_push_plain``, ``_advance``,
``_draw``, ``_use_power``, ``_resolve``, ``_take``, ``_reshuffle``, ``_setup``,
``_power_moves``, ``outcome``, the views ``drawn`` and ``draw_pile``, and the
constructors ``from_seed`` and ``stacked``), a side's changes and views on `Side`
(``_hit``, ``_faint``, ``_hide``, ``_must_return``, ``_ship``, and for the misreading
that names pirates rather than places ``__init__``, ``copy``, ``__getitem__``,
``hit_points``, ``has_shield``), the rule tables (``power_moves``, ``targetable_mask``
and the ``TARGETS`` built from it, ``EFFECT_OF_RANK``), the deck checks, and the
drawing of the table.

The engine knows positions only, as the rules do. The misreadings that follow the
pirates instead (a captain moved to the guard row is still a captain) read where each
pirate started from the Ship's moves in the log (`who_stands`).

`MarvinGame.push` writes the common steps of a turn out for speed (its shortcut, beside
the plain `MarvinGame._push_plain`); every patch of a method also switches the shortcut
off (``PLAIN``), so that the misreading changes the plain code, which states the rules.
The differential tests (``tests/test_fast_paths.py``) hold the shortcut to it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from catalogue import Factory, replaced_by

from pirate_rules.marvin import DRAW, POSITIONS, LegalMoves, Move, Outcome, Side
from pirate_rules.marvin.display import EV_CARD, EV_POWER, EV_RETURN
from pirate_rules.marvin.moves import power_table
from pirate_rules.marvin.table import EFFECTS, PRIZE_INDEX, card_effect

GAME = "pirate_rules.marvin.game"
HEURISTICS = "pirate_rules.marvin.heuristics"
TABLE = "pirate_rules.marvin.table"
MOVES = "pirate_rules.marvin.moves"
Game = Any  # a MarvinGame, patched: its private parts are reached on purpose
Patch = dict[str, Factory]

GUARD_BITS, CAPTAIN_BITS = 0b0011, 0b1100


def _on_board(board: int) -> list[str]:
    return [position for i, position in enumerate(POSITIONS) if board >> i & 1]


def _relisted(moves: list[Move], board: int) -> LegalMoves | None:
    """Prize-phase moves in the engine's order (swaps first), with ``draw`` last."""
    powers = [move for move in moves if move is not DRAW]
    if not powers:
        return None
    standing = set(_on_board(board))
    swaps = [m for m in powers if m.kind == "ship" and m.to in standing]
    rest = [m for m in powers if m not in swaps]
    return LegalMoves([*swaps, *rest, DRAW], swaps=len(swaps))


def powers(change: Callable[..., LegalMoves | None]) -> Patch:
    """Patch the prize-phase rule table: ``change(original, board, hidden, shields, held)``."""
    return {
        f"{GAME}:power_moves": lambda original: lambda *args: change(original, *args),
        f"{GAME}:POWER_TABLE": lambda original: power_table(),
        f"{HEURISTICS}:_CHOICES": replaced_by({}),
        **PLAIN,
    }


def adding_powers(extra: Callable[[int, int, int, int], list[Move]]) -> Patch:
    """Offer the moves ``extra(board, hidden, shields, held)`` besides the legal powers."""

    def change(original: Callable[..., LegalMoves | None], *args: int) -> LegalMoves | None:
        moves = list(original(*args) or ())
        return _relisted([*moves, *(m for m in extra(*args) if m not in moves)], args[0])

    return powers(change)


def targeting(mask: Callable[[int], int], pick: Callable[[list[str]], list[str]] = list) -> Patch:
    """Patch who can be targeted: ``mask(board)`` of the targetable positions."""

    def table(_: object) -> tuple[LegalMoves, ...]:
        return tuple(
            LegalMoves(Move.target(p) for p in pick(_on_board(mask(board)))) for board in range(16)
        )

    return {
        f"{TABLE}:targetable_mask": replaced_by(mask),
        f"{GAME}:TARGETS": table,
        f"{MOVES}:TARGETS": table,
        f"{HEURISTICS}:_CHOICES": replaced_by({}),
        **PLAIN,
    }


def effects(**changes: str) -> Patch:
    """Patch what cards do: ``effects(r1="take")`` makes an Ace take a prize (``r0`` is a joker)."""

    def table(original: tuple[int, ...]) -> tuple[int, ...]:
        changed = list(original)
        for rank, effect in changes.items():
            changed[int(rank.removeprefix("r"))] = EFFECTS.index(effect)
        return tuple(changed)

    modules = (TABLE, GAME, "pirate_rules.marvin.refusals", "pirate_rules.marvin.display")
    return {**{f"{module}:EFFECT_OF_RANK": table for module in modules}, **PLAIN}


PLAIN: Patch = {f"{GAME}:_FAST_PATHS": replaced_by(False)}
"""Switch the engine's shortcut off, so that a turn runs through the patched steps."""


def method(target: str, variant: Callable[..., Any]) -> Patch:
    """Patch ``target`` with ``variant(original, *args)``, on the plain code (``PLAIN``)."""
    return {
        target: lambda original: lambda *args, **kwargs: variant(original, *args, **kwargs),
        **PLAIN,
    }


def after_draw(effect: str | None, change: Callable[[Game], None]) -> Patch:
    """When a drawn card of ``effect`` (or any card) waits for a choice, ``change`` the game."""

    def draw(original: Callable[[Game], bool], game: Game) -> bool:
        waits = original(game)
        if waits and effect in (None, card_effect(game.drawn)):
            change(game)
        return waits

    return method(f"{GAME}:MarvinGame._draw", draw)


def after_a_hit_card(change: Callable[[Game], None]) -> Patch:
    """When a drawn A 3 5 7, 8 or 9 waits for its target, ``change`` the game."""

    def draw(original: Callable[[Game], bool], game: Game) -> bool:
        waits = original(game)
        if waits and card_effect(game.drawn) in ("hit", "kill", "slash"):
            change(game)
        return waits

    return method(f"{GAME}:MarvinGame._draw", draw)


def again_after(effect: str, *, at_once: bool) -> Patch:
    """A card of ``effect`` that does nothing lets its player go again."""

    def draw(original: Callable[[Game], bool], game: Game) -> bool:
        player = game.to_move
        waits = original(game)
        if waits or game.phase == "over" or card_effect(game.discard_pile[-1]) != effect:
            return waits
        game._to_move = player
        return draw(original, game) if at_once else False

    return method(f"{GAME}:MarvinGame._draw", draw)


def side_method(name: str, variant: Callable[..., Any]) -> Patch:
    return method(f"{TABLE}:Side.{name}", variant)


def classmethod_default(target: str, **defaults: object) -> Patch:
    """Give the classmethod ``target`` other default keyword arguments."""

    def factory(original: classmethod[Any, Any, Any]) -> classmethod[Any, Any, Any]:
        def variant(cls: type, *args: object, **kwargs: object) -> object:
            for key, value in defaults.items():
                if kwargs.get(key) is None:
                    kwargs[key] = value
            return original.__func__(cls, *args, **kwargs)

        return classmethod(variant)

    return {target: factory}


def classmethod_variant(target: str, change: Callable[[dict[str, Any]], None]) -> Patch:
    """Call the classmethod ``target`` with its keyword arguments changed by ``change``."""

    def factory(original: classmethod[Any, Any, Any]) -> classmethod[Any, Any, Any]:
        def variant(cls: type, /, *args: object, **kwargs: Any) -> object:
            change(kwargs)
            return original.__func__(cls, *args, **kwargs)

        return classmethod(variant)

    return {target: factory}


def prize_moves(change: Callable[[Game, int, list[Move]], list[Move]]) -> Patch:
    """Patch the prize phase's moves of ``player``: ``change(game, player, usable powers)``."""

    def variant(
        original: Callable[[Game, int], LegalMoves | None], game: Game, player: int
    ) -> LegalMoves | None:
        usable = [move for move in original(game, player) or () if move is not DRAW]
        return _relisted(change(game, player, usable), game.sides[player]._board)

    return {
        **method(f"{GAME}:MarvinGame._power_moves", variant),
        f"{HEURISTICS}:_CHOICES": replaced_by({}),
    }


def who_stands(game: Game, player: int) -> list[int]:
    """Where each of ``player``'s pirates started, by the position it stands at now.

    ``who_stands(game, 0)[0] == 2``: the pirate at Marvin's GL started at CL. The
    engine keeps no such thing (the rules go by positions only); it is read from the
    Ship's moves in the log, for the misreadings that follow the pirates instead.
    """
    who = [0, 1, 2, 3]
    for event in game._events:
        if event[0] == EV_POWER and event[2] == player and event[3].kind == "ship":
            a, b = event[3]._a, event[3]._b
            who[a], who[b] = who[b], who[a]
    return who


def ending_when(lost: Callable[[Side], bool]) -> Patch:
    """A crew also loses at once when ``lost(its side)``."""

    def outcome(game: Game) -> Outcome | None:
        return next((Outcome(1 - p) for p, side in enumerate(game.sides) if lost(side)), None)

    return ending_with(outcome)


def ending_with(outcome_of: Callable[[Game], Outcome | None]) -> Patch:
    """The game also ends at once when ``outcome_of(game)`` gives an outcome."""

    def outcome(original: Callable[[Game], Outcome | None], game: Game) -> Outcome | None:
        return outcome_of(game) or original(game)

    def resolve(original: Callable[[Game, Move], None], game: Game, move: Move) -> None:
        original(game, move)
        if game.phase != "over" and game.outcome() is not None:
            game._phase, game._legal = "over", LegalMoves()

    return {
        **method(f"{GAME}:MarvinGame.outcome", outcome),
        **method(f"{GAME}:MarvinGame._resolve", resolve),
    }


# The variants, rule by rule.


def only_counting(original: Callable[..., None], cards: list[object], jokers: int) -> None:
    if len(cards) != 52 + jokers:
        original(cards, jokers)


def any_jokers(original: Callable[[object], None], jokers: object) -> None:
    if not isinstance(jokers, int) or jokers < 0:
        original(jokers)


def mirrored_top(original: Callable[[Game], str], game: Game) -> str:
    lines = original(game).split("\n")
    for row in (1, 2):
        left, right = lines[row][2:26].rstrip(), lines[row][26:]
        lines[row] = f"  {right:<24}{left}".rstrip()
    return "\n".join(lines)


_STARTED_AT: dict[int, list[int]] = {}
"""For the misreading that names the pirates rather than the places: for each side (by
its ``id``), the position each place's pirate started at."""


def _started_at(side: Side) -> list[int]:
    return _STARTED_AT.setdefault(id(side), [0, 1, 2, 3])


def names_given(original: Callable[[Side], None], side: Side) -> None:
    original(side)
    _STARTED_AT[id(side)] = [0, 1, 2, 3]


def names_copied(original: Callable[[Side], Side], side: Side) -> Side:
    other = original(side)
    _STARTED_AT[id(other)] = list(_started_at(side))
    return other


def names_move_along(original: Callable[..., bool], side: Side, a: int, b: int) -> bool:
    swap = original(side, a, b)
    started = _started_at(side)
    started[a], started[b] = started[b], started[a]
    return swap


def by_name(original: Callable[..., Any], side: Side, position: str) -> Any:
    started = _started_at(side)
    return original(side, POSITIONS[started.index(POSITIONS.index(position.upper()))])


def prize_goes_back(original: Callable[[Game, Move], None], game: Game, move: Move) -> None:
    player = game.to_move
    original(game, move)
    index = PRIZE_INDEX[move.kind]
    game._holder[index] = -1
    game._held[player] &= ~(1 << index)


def _used_since_taken(game: Game, player: int) -> set[str]:
    """The prizes whose power ``player`` has used since they last took them."""
    used: set[str] = set()
    for event in game._events:
        if event[0] == EV_POWER and event[2] == player:
            used.add(event[3].kind)
        elif len(event) > 4 and event[2] == player and getattr(event[4], "kind", "") == "take":
            used.discard(event[4].prize)
    return used


def used_up(game: Game, player: int, usable: list[Move]) -> list[Move]:
    used = _used_since_taken(game, player)
    return [move for move in usable if move.kind not in used]


def _to_the_bank(game: Game, player: int, prize: int) -> None:
    game._holder[prize] = -1
    game._held[player] &= ~(1 << prize)
    side = game.sides[player]
    if prize == PRIZE_INDEX["cave"] and side._hidden >= 0:
        game._events.append((EV_RETURN, game.turn + 1, player, side._bring_back()))


def one_prize_at_a_time(
    original: Callable[..., None], game: Game, prize: int, player: int, *rest: object
) -> None:
    original(game, prize, player, *rest)
    for other in range(3):
        if other != prize and game._holder[other] == player:
            _to_the_bank(game, player, other)


def use_it_or_lose_it(original: Callable[[Game, Move], None], game: Game, move: Move) -> None:
    if game.phase == "prize":
        offered = {m.kind for m in game.legal_moves if m.is_power}
        for kind in offered - {move.kind}:
            _to_the_bank(game, game.to_move, PRIZE_INDEX[kind])
    original(game, move)


def powers_again(original: Callable[[Game, Move], None], game: Game, move: Move) -> None:
    original(game, move)
    _POWER_USED.add(id(game))


_POWER_USED: set[int] = set()


def draw_after_powers(original: Callable[[Game], bool], game: Game) -> bool:
    if id(game) in _POWER_USED:
        _POWER_USED.discard(id(game))
        more = game._power_moves(game.to_move)
        if more:
            game._phase, game._legal = "prize", more
            return True
    return original(game)


def powers_after_draw(game: Game) -> None:
    usable = game._power_moves(game.to_move) or ()
    game._legal = LegalMoves([*game.legal_moves, *(m for m in usable if m.is_power)])


def always_a_power_step(
    original: Callable[[Game, int], LegalMoves | None], game: Game, player: int
) -> LegalMoves:
    return original(game, player) or LegalMoves([DRAW])


def shields_left_behind(original: Callable[..., bool], side: Side, a: int, b: int) -> bool:
    shields = side._shields
    swap = original(side, a, b)
    side._shields = shields
    return swap


def hit_points_left_behind(original: Callable[..., bool], side: Side, a: int, b: int) -> bool:
    hit_points = side._hp[:]
    swap = original(side, a, b)
    side._hp[:] = hit_points
    return swap


def moving_drops_the_shield(original: Callable[..., bool], side: Side, a: int, b: int) -> bool:
    swap = original(side, a, b)
    if not swap:
        side._shields &= ~(1 << b)
    return swap


def only_swaps(
    original: Callable[..., LegalMoves | None], board: int, *rest: int
) -> LegalMoves | None:
    standing = set(_on_board(board))
    moves = [m for m in original(board, *rest) or () if m.kind != "ship" or m.to in standing]
    return _relisted(moves, board)


def only_across_rows(
    original: Callable[..., LegalMoves | None], board: int, *rest: int
) -> LegalMoves | None:
    def crosses(move: Move) -> bool:
        return move.kind != "ship" or (move.position or "")[0] != (move.to or "")[0]

    return _relisted([m for m in original(board, *rest) or () if crosses(m)], board)


def hidden_still_standing(original: Callable[[Side, int], None], side: Side, i: int) -> None:
    original(side, i)
    side._board |= 1 << i


def healed_in_hiding(original: Callable[[Side, int], None], side: Side, i: int) -> None:
    original(side, i)
    side._hp[i] = 4


def shield_left_outside(original: Callable[[Side, int], None], side: Side, i: int) -> None:
    original(side, i)
    side._shields &= ~(1 << i)


def ship_leaves_it_hidden(original: Callable[[Game, Move], None], game: Game, move: Move) -> None:
    side = game.sides[game.to_move]
    hidden = side._hidden
    if move.kind == "ship":
        side._hidden = -1
    try:
        original(game, move)
    finally:
        side._hidden = hidden


def held(game: Game, player: int, prize: str) -> bool:
    return bool(game.holder(prize) == player)


def hiding_only_once(game: Game, player: int, usable: list[Move]) -> list[Move]:
    hidden_before = any(
        event[0] == EV_POWER and event[2] == player and event[3].kind == "cave"
        for event in game._events
    )
    return [move for move in usable if move.kind != "cave" or not hidden_before]


def hiding_by_who(game: Game, player: int, usable: list[Move]) -> list[Move]:
    side, who = game.sides[player], who_stands(game, player)
    moves = [move for move in usable if move.kind != "cave"]
    captains = [i for i in range(4) if who[i] >= 2 and side._board >> i & 1]
    if held(game, player, "cave") and side._hidden < 0 and len(captains) == 2:
        moves += [Move.cave(POSITIONS[i]) for i in captains]
    return moves


def back_when_the_captain_moves(
    original: Callable[[Game, Move], None], game: Game, move: Move
) -> None:
    player = game.to_move
    side = game.sides[player]
    original(game, move)
    if move.kind == "ship" and side._hidden >= 0 and side._hidden ^ 1 in (move._a, move._b):
        game._events.append((EV_RETURN, game.turn + 1, player, side._bring_back()))


def guards_hide(board: int, hidden: int, shields: int, held: int) -> list[Move]:
    if not held >> PRIZE_INDEX["cave"] & 1 or hidden >= 0 or board & CAPTAIN_BITS != CAPTAIN_BITS:
        return []
    return [Move.cave(p) for p in _on_board(board & GUARD_BITS)]


def one_captain_hides(board: int, hidden: int, shields: int, held: int) -> list[Move]:
    if not held >> PRIZE_INDEX["cave"] & 1 or hidden >= 0:
        return []
    return [Move.cave(p) for p in _on_board(board & CAPTAIN_BITS)]


def hidden_moves(
    original: Callable[..., LegalMoves | None], board: int, hidden: int, *rest: int
) -> LegalMoves | None:
    if hidden < 0:
        return original(board, hidden, *rest)
    return original(board | 1 << hidden, hidden, *rest)


def shield_the_hidden(original: Callable[[Game], bool], game: Game) -> bool:
    side = game.sides[game.to_move]
    hidden = side._hidden
    if hidden >= 0:
        side._board |= 1 << hidden
    try:
        return original(game)
    finally:
        if hidden >= 0 and side._hidden == hidden:
            side._board &= ~(1 << hidden)


def stacking_shields(original: Callable[[Game], bool], game: Game) -> bool:
    side = game.sides[game.to_move]
    shields = side._shields
    side._shields = 0
    try:
        return original(game)
    finally:
        side._shields = shields


def fort_anywhere(board: int, hidden: int, shields: int, held: int) -> list[Move]:
    if not held >> PRIZE_INDEX["fort"] & 1 or board & GUARD_BITS != GUARD_BITS:
        return []
    return [Move.fort(p) for p in _on_board(board & CAPTAIN_BITS & ~shields)]


def fort_one_guard(board: int, hidden: int, shields: int, held: int) -> list[Move]:
    if not held >> PRIZE_INDEX["fort"] & 1:
        return []
    return [Move.fort(p) for p in _on_board(board & GUARD_BITS & ~shields)]


def fort_twice(board: int, hidden: int, shields: int, held: int) -> list[Move]:
    if not held >> PRIZE_INDEX["fort"] & 1 or board & GUARD_BITS != GUARD_BITS:
        return []
    return [Move.fort(p) for p in _on_board(board & GUARD_BITS)]


def fort_by_who(game: Game, player: int, usable: list[Move]) -> list[Move]:
    side, who = game.sides[player], who_stands(game, player)
    moves = [move for move in usable if move.kind != "fort"]
    guards = [i for i in range(4) if who[i] < 2 and side._board >> i & 1]
    if held(game, player, "fort") and len(guards) == 2:
        moves += [Move.fort(POSITIONS[i]) for i in guards if not side._shields >> i & 1]
    return moves


def game_ends_with_the_pile(original: Callable[[Game], bool], game: Game) -> bool:
    if not game.draw_pile:
        game._phase, game._legal = "over", LegalMoves()
        return True
    return original(game)


def turned_over(
    original: Callable[[Game, list[object]], None], game: Game, order: list[object]
) -> None:
    original(game, game.discard_pile)


def from_the_bottom(original: Callable[[Game], bool], game: Game) -> bool:
    game._pile.reverse()
    try:
        return original(game)
    finally:
        game._pile.reverse()


def _drawn_before_the_power(game: Game) -> Any:
    return game._pile[-1] if game.phase == "prize" and game._pile else None


def drawn_at_once(original: property) -> property:
    getter = original.fget
    assert getter is not None
    return property(lambda game: _drawn_before_the_power(game) or getter(game))


def pile_without_the_drawn(original: property) -> property:
    getter = original.fget
    assert getter is not None

    def pile(game: Game) -> list[Any]:
        cards: list[Any] = getter(game)
        return cards[1:] if _drawn_before_the_power(game) is not None else cards

    return property(pile)


def skippable_hit(game: Game) -> None:
    game._legal = LegalMoves([*game.legal_moves, DRAW])


def through_the_shield(
    original: Callable[..., tuple[bool, int, int]], side: Side, i: int, hits: int
) -> tuple[bool, int, int]:
    return original(side, i, hits + 1 if side.has_shield(POSITIONS[i]) else hits)


def shield_stops_the_8(original: Callable[[Side, int], None], side: Side, i: int) -> None:
    if side.has_shield(POSITIONS[i]):
        side._shields &= ~(1 << i)
    else:
        original(side, i)


def four_hits(original: Callable[[Side, int], None], side: Side, i: int) -> None:
    side._hit(i, 4)


def kill_anyone(game: Game) -> None:
    opponent = game.sides[1 - game.to_move]
    game._legal = LegalMoves(Move.target(p) for p in POSITIONS if opponent.on_board(p))


def shield_stops_the_slash(
    original: Callable[..., tuple[bool, int, int]], side: Side, i: int, hits: int
) -> tuple[bool, int, int]:
    return original(side, i, 1 if hits == 2 and side.has_shield(POSITIONS[i]) else hits)


def slash_ignores_shields(
    original: Callable[..., tuple[bool, int, int]], side: Side, i: int, hits: int
) -> tuple[bool, int, int]:
    shielded = hits == 2 and side.has_shield(POSITIONS[i])
    if shielded:
        side._shields &= ~(1 << i)
    result = original(side, i, hits)
    if shielded and side._hp[i]:
        side._shields |= 1 << i
    return result


def slash_carries_on(
    original: Callable[..., tuple[bool, int, int]], side: Side, i: int, hits: int
) -> tuple[bool, int, int]:
    spare = hits - side.has_shield(POSITIONS[i]) - side._hp[i]
    result = original(side, i, hits)
    if spare > 0 and i < 2 and side._board >> (i + 2) & 1:
        original(side, i + 2, spare)
    return result


def bank_only(game: Game) -> None:
    game._legal = LegalMoves(m for m in game.legal_moves if m.prize in game.bank)


def take_your_own(game: Game) -> None:
    game._legal = LegalMoves(Move.take(prize) for prize in ("cave", "ship", "fort"))


def no_taking_back(game: Game) -> None:
    taken_from_me = {}  # each prize: whether its last taker took it from the player to move
    for event in game._events:
        if event[0] == EV_CARD and len(event) == 6:  # a face card's take: (..., move, source)
            taken_from_me[event[4].prize] = event[5] == game.to_move
    game._legal = LegalMoves(m for m in game.legal_moves if not taken_from_me.get(m.prize))


def one_prize_per_face(game: Game) -> None:
    prize = {11: "ship", 12: "cave", 13: "fort"}[game.drawn.rank]
    game._legal = LegalMoves(m for m in game.legal_moves if m.prize == prize)


def cave_taken_captain_stays(
    original: Callable[..., None], game: Game, prize: int, *rest: object
) -> None:
    source = game._holder[prize]
    side = game.sides[source] if source >= 0 else None
    hidden = side._hidden if side is not None else -1
    if side is not None and hidden >= 0:
        side._hidden = -1
    original(game, prize, *rest)
    if side is not None and hidden >= 0:
        side._hidden = hidden


def fort_taken_shields_go(
    original: Callable[..., None], game: Game, prize: int, *rest: object
) -> None:
    source = game._holder[prize]
    original(game, prize, *rest)
    if source >= 0 and prize == PRIZE_INDEX["fort"]:
        game.sides[source]._shields &= ~GUARD_BITS


def taken_prize_still_works(
    original: Callable[..., None], game: Game, prize: int, *rest: object
) -> None:
    source = game._holder[prize]
    original(game, prize, *rest)
    if source >= 0:
        game._held[source] |= 1 << prize


def takes_from_whoever_holds(game: Game) -> None:
    """Face cards offer every prize that the player to move does not hold now, though a
    prize taken from them still works for them."""
    me = game.to_move
    prizes = ("cave", "ship", "fort")
    game._legal = LegalMoves(Move.take(p) for p in prizes if game.holder(p) != me)


_BEFORE_THE_POWER: dict[int, tuple[int, tuple[Any, ...]]] = {}


def remember_the_side(original: Callable[[Game, Move], None], game: Game, move: Move) -> None:
    player = game.to_move
    _BEFORE_THE_POWER[id(game)] = (player, game.sides[player]._state())
    original(game, move)


def joker_undoes_the_power(original: Callable[[Game], bool], game: Game) -> bool:
    before = _BEFORE_THE_POWER.pop(id(game), None)
    waits = original(game)
    if not waits and before is not None and game.discard_pile[-1].rank == 0:
        player, (hp, shields, board, hidden) = before
        side = game.sides[player]
        side._hp[:], side._shields, side._board, side._hidden = list(hp), shields, board, hidden
    return waits


def first_target_only(targets: list[str]) -> list[str]:
    return targets[:1]


def targets_by_who(game: Game) -> None:
    side, who = game.sides[1 - game.to_move], who_stands(game, 1 - game.to_move)
    fainted = {who[i] for i in range(4) if not side._hp[i]}
    game._legal = LegalMoves(
        Move.target(POSITIONS[i])
        for i in range(4)
        if side._board >> i & 1 and (who[i] < 2 or who[i] - 2 in fainted)
    )


def shield_lasts(
    original: Callable[..., tuple[bool, int, int]], side: Side, i: int, hits: int
) -> tuple[bool, int, int]:
    if side.has_shield(POSITIONS[i]):
        return True, side._hp[i], side._hp[i]
    return original(side, i, hits)


def standing_at_zero(
    original: Callable[..., tuple[bool, int, int]], side: Side, i: int, hits: int
) -> tuple[bool, int, int]:
    result = original(side, i, hits)
    if not side._hp[i]:
        side._board |= 1 << i
    return result


def shields_wear_off(original: Callable[[Game], None], game: Game) -> None:
    if game.phase != "over":
        game.sides[game.to_move]._shields = 0
    original(game)


def captain_steps_up(original: Callable[..., Any], side: Side, i: int, *rest: int) -> Any:
    result = original(side, i, *rest)
    if i < 2 and not side._hp[i] and side.on_board(POSITIONS[i + 2]):
        side._ship(i + 2, i)
    return result


def play_goes_on(original: Callable[[Game, Move], None], game: Game, move: Move) -> None:
    original(game, move)
    if game.phase == "over":
        game._phase = "prize"
        game._to_move = 1 - game.to_move
        game._advance()


def no_guards(side: Side) -> bool:
    return not side.on_board("GL") and not side.on_board("GR") and side.pirates_left < 4


def one_left(side: Side) -> bool:
    return side.pirates_left == 1


def nobody_standing(side: Side) -> bool:
    return not side._board


def no_return_for_the_last(original: Callable[[Side], bool], side: Side) -> bool:
    return original(side) and side._board != 0


# Misreadings where a place is emptied and filled again, a prize is lost, or the draw
# pile runs out at the boundary.


def taken_back_to_the_bank(
    original: Callable[..., None], game: Game, prize: int, player: int, *rest: object
) -> None:
    source = game._holder[prize]
    original(game, prize, player, *rest)
    if source >= 0:
        game._holder[prize] = -1
        game._held[player] &= ~(1 << prize)


def only_in_its_column(
    original: Callable[..., LegalMoves | None], board: int, *rest: int
) -> LegalMoves | None:
    standing = set(_on_board(board))

    def allowed(move: Move) -> bool:
        if move.kind != "ship" or move.to in standing:
            return True
        return POSITIONS.index(move.position or "") % 2 == POSITIONS.index(move.to or "") % 2

    return _relisted([m for m in original(board, *rest) or () if allowed(m)], board)


def fort_once_per_guard(game: Game, player: int, usable: list[Move]) -> list[Move]:
    shielded_before = {
        event[3].position
        for event in game._events
        if event[0] == EV_POWER and event[2] == player and event[3].kind == "fort"
    }
    return [m for m in usable if m.kind != "fort" or m.position not in shielded_before]


def reshuffled_when_emptied(original: Callable[[Game, Any], None], game: Game, card: Any) -> None:
    original(game, card)
    if not game._pile and game._script is None:
        game._reshuffle(game._shuffled_discard())


_EMPTIED: dict[int, set[int]] = {}
"""For the misreadings that remember where a side's places have been empty: for each
side (by its ``id``), the positions that have been empty at some time, or where a
pirate fainted."""


def _emptied(side: Side) -> set[int]:
    return _EMPTIED.setdefault(id(side), set())


def _note_empty_places(original: Callable[..., Any], side: Side, *args: Any) -> Any:
    hit_points = side._hp[:]
    result = original(side, *args)
    _emptied(side).update(i for i in range(4) if hit_points[i] and not side._hp[i])
    return result


def remembering_emptied_places(*, fainted_only: bool) -> Patch:
    """Note, for each side, the places that have been emptied (by fainting, or by the
    Ship moving their pirate away too unless ``fainted_only``)."""

    def fresh(original: Callable[[Side], None], side: Side) -> None:
        original(side)
        _EMPTIED[id(side)] = set()

    patches: Patch = {}
    for name in ("_hit", "_faint") + (() if fainted_only else ("_ship",)):
        patches.update(side_method(name, _note_empty_places))
    patches.update(side_method("__init__", fresh))
    return patches


def _open_once_emptied(side: Side) -> list[int]:
    """The positions a hit card may aim at if a captain stayed open once the place in
    front of it had been empty."""
    mask = side._board & GUARD_BITS
    for captain in (2, 3):
        if side._board >> captain & 1 and (
            not side._board >> (captain - 2) & 1 or captain - 2 in _emptied(side)
        ):
            mask |= 1 << captain
    return [i for i in range(4) if mask >> i & 1]


def open_once_emptied_targets(game: Game) -> None:
    side = game.sides[1 - game.to_move]
    game._legal = LegalMoves(Move.target(POSITIONS[i]) for i in _open_once_emptied(side))


def open_once_emptied_view(original: Callable[[Side], tuple[str, ...]], side: Side) -> Any:
    return tuple(POSITIONS[i] for i in _open_once_emptied(side))


def no_ship_into_a_fainted_place(game: Game, player: int, usable: list[Move]) -> list[Move]:
    side = game.sides[player]
    closed = {POSITIONS[i] for i in _emptied(side) if not side._hp[i]}
    return [m for m in usable if m.kind != "ship" or m.to not in closed]


def fort_gone_once_a_guard_fainted(game: Game, player: int, usable: list[Move]) -> list[Move]:
    if not _emptied(game.sides[player]) & {0, 1}:  # GL and GR
        return usable
    return [move for move in usable if move.kind != "fort"]


def ship_only_into_fainted_places(game: Game, player: int, usable: list[Move]) -> list[Move]:
    side = game.sides[player]
    moved_away = {
        POSITIONS[i] for i in range(4) if not side._hp[i] and i not in _emptied(side)
    }  # empty, and no pirate fainted there: the Ship took its pirate away
    return [m for m in usable if m.kind != "ship" or not {m.position, m.to} & moved_away]


def all_three_prizes(game: Game) -> Outcome | None:
    for player in (0, 1):
        if len(game.prizes(player)) == 3:
            return Outcome(player)
    return None
