"""The wrong variants behind the misreadings of *Pirate* (rules P1 to P11).

See `catalogue` for what a misreading is. The patches reach the engine through a few
patch points: a moment's steps on `PirateGame` (``apply_moment``, ``legal_actions``,
``can_play``, ``_check_play``, ``_check_claim``, ``_turn``, ``_play``, ``_claim``,
``_complete``, ``_find_outcome``, ``_anything_fits``), a ship's rules on `Ship`
(``__init__``, ``fits``, ``place``, ``is_complete``), and the setup (``check_deck``, ``low_player``,
the cut).

The engine's shortcuts (`pirate_rules.pirate.game.PirateGame._at_once`) write some of
these steps out for speed; every patch of a method also switches the shortcuts off
(``PLAIN``), so that the misreading changes the plain code, which states the rules.
The differential tests (``tests/test_fast_paths.py``) hold the shortcuts to it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from catalogue import Factory, replaced_by

from pirate_rules.cards import SUITS, Card
from pirate_rules.errors import IllegalMoveError
from pirate_rules.pirate import Action, Outcome, Ship, Termination, parse_moment
from pirate_rules.pirate.ships import PLACED

GAME = "pirate_rules.pirate.game"
SHIPS = "pirate_rules.pirate.ships"
DEAL = "pirate_rules.pirate.deal"
Game = Any  # a PirateGame, patched: its private parts are reached on purpose
Patch = dict[str, Factory]
T, P, C, W = Action.TURN, Action.PLAY, Action.CLAIM, Action.WAIT


PLAIN: Patch = {f"{GAME}:_FAST_PATHS": replaced_by(False)}
"""Switch the engine's shortcuts off, so that a moment runs through the patched steps."""


def method(target: str, variant: Callable[..., Any]) -> Patch:
    """Patch ``target`` with ``variant(original, *args)``, on the plain code (``PLAIN``)."""
    return {
        target: lambda original: lambda *args, **kwargs: variant(original, *args, **kwargs),
        **PLAIN,
    }


def game_method(name: str, variant: Callable[..., Any]) -> Patch:
    return method(f"{GAME}:PirateGame.{name}", variant)


def ship_method(name: str, variant: Callable[..., Any]) -> Patch:
    return method(f"{SHIPS}:Ship.{name}", variant)


def ship_property(name: str, variant: Callable[[Callable[[Ship], Any], Ship], Any]) -> Patch:
    """Patch the property ``Ship.name`` with ``variant(original getter, ship)``."""

    def factory(original: property) -> property:
        getter = original.fget
        assert getter is not None
        return property(lambda ship: variant(getter, ship))

    return {f"{SHIPS}:Ship.{name}": factory, **PLAIN}


def cut_rule(variant: Callable[..., int | None]) -> Patch:
    """Patch who is low after a cut, wherever the engine reads it."""
    places = (DEAL, GAME, "pirate_rules.pirate")
    return {f"{place}:low_player": lambda original: variant for place in places}


def fits(game: Game, player: int, card: Card) -> bool:
    return game.ship(card.suit).fits(player, card)


def in_turn(original: Callable[..., None], game: Game, actions: tuple[Action, Action]) -> None:
    """Play ``actions`` one after the other, player 0's first, as one moment."""
    original(game, actions[0], W)
    if actions[1] is not W:
        game.moment -= 1
        game.history.pop()
        original(game, W, actions[1])
        game.history[-1] = actions[0] + actions[1]


def finishing_at(mark: Callable[[Game], int]) -> Patch:
    """Captured ships end the game at ``mark(game)`` instead of five (or four after a sinking)."""

    def find(original: Callable[[Game], Outcome | None], game: Game) -> Outcome | None:
        outcome = original(game)
        ships = game.score
        winner = None if ships[0] == ships[1] else int(ships[1] > ships[0])
        if max(ships) >= mark(game):
            return Outcome(winner, Termination.CAPTURES)
        if outcome is not None and outcome.termination is Termination.CAPTURES:
            return None if game._anything_fits() else Outcome(winner, Termination.BLOCKED)
        return outcome

    return game_method("_find_outcome", find)


def anything_fits(fits_for: Callable[[Game, int, Card], bool], cards: str = "all") -> Patch:
    """P11 asks whether some card fits somewhere: ``fits_for(game, owner, card)``."""

    def variant(original: Callable[[Game], bool], game: Game) -> bool:
        for player in (0, 1):
            if cards == "all":
                held = game.stock(player) + game.waste(player)
            else:
                held = [game.waste_top(player)] if game.waste_top(player) else []
            if any(fits_for(game, player, card) for card in held):
                return True
        return False

    return game_method("_anything_fits", variant)


# The variants, rule by rule.


def suits_break_ties(cut0: Card, cut1: Card) -> int | None:
    if cut0.rank != cut1.rank:
        return 0 if cut0.rank < cut1.rank else 1
    if cut0.suit == cut1.suit:
        return None
    return 0 if SUITS.index(cut0.suit) < SUITS.index(cut1.suit) else 1


def ace_high(cut0: Card, cut1: Card) -> int | None:
    rank0, rank1 = (14 if c.rank == 1 else c.rank for c in (cut0, cut1))
    return None if rank0 == rank1 else int(rank0 > rank1)


def higher_is_low(cut0: Card, cut1: Card) -> int | None:
    return None if cut0.rank == cut1.rank else int(cut0.rank < cut1.rank)


def first_is_low_on_a_tie(cut0: Card, cut1: Card) -> int | None:
    return 0 if cut0.rank <= cut1.rank else 1


def lower_part(original: Callable[..., Card], deck: list[Card], rng: random.Random) -> Card:
    return deck[rng.randint(1, len(deck) - 1)]


def captor_owns_the_cards(
    original: Callable[..., None], game: Game, index: int, players: int
) -> None:
    original(game, index, players)
    if players in (1, 2):
        captor = players >> 1
        ship = game.captured[captor][-1]
        ship.halves = [[PLACED[captor][placed.card] for placed in half] for half in ship.halves]


def any_waste_card(original: Callable[..., bool], game: Game, player: int) -> bool:
    return game.outcome() is None and any(fits(game, player, c) for c in game.waste(player))


def stock_top_too(original: Callable[..., bool], game: Game, player: int) -> bool:
    stock = game.stock(player)
    return original(game, player) or (bool(stock) and fits(game, player, stock[0]))


def waste_bottom(original: Callable[..., bool], game: Game, player: int) -> bool:
    waste = game.waste(player)
    return game.outcome() is None and bool(waste) and fits(game, player, waste[-1])


def only_fresh_check(original: Callable[[Game, int], None], game: Game, player: int) -> None:
    original(game, player)
    if not game.is_fresh(player):
        name = game.players[player]
        raise IllegalMoveError(
            f"{name} cannot play {game.waste_top(player)}: it is not the card just turned",
            rule="P3",
        )


def only_fresh_play(original: Callable[[Game, int], bool], game: Game, player: int) -> bool:
    return original(game, player) and game.is_fresh(player)


def taking_turns(original: Callable[..., list[Action]], game: Game, player: int) -> list[Action]:
    actions = original(game, player)
    return [W] if actions and game.moment % 2 != player else actions


def one_after_the_other(
    original: Callable[..., None], game: Game, first: Any, second: Any = None
) -> None:
    in_turn(original, game, parse_moment(first, second))


def played_when_turned(original: Callable[[Game, int], None], game: Game, player: int) -> None:
    original(game, player)
    if game.can_play(player):
        game._play(player, [0, 0, 0, 0])


def must_play(original: Callable[..., list[Action]], game: Game, player: int) -> list[Action]:
    actions = original(game, player)
    return [P] if P in actions else actions


def restock_and_turn(original: Callable[[Game, int], None], game: Game, player: int) -> None:
    restock = not game.stock(player)
    original(game, player)
    if restock and game.stock(player):
        original(game, player)


def restock_reversed(original: Callable[[Game, int], None], game: Game, player: int) -> None:
    restock = not game.stock(player)
    original(game, player)
    if restock:
        game._stocks[player].reverse()


def restock_shuffled(original: Callable[[Game, int], None], game: Game, player: int) -> None:
    restock = not game.stock(player)
    original(game, player)
    if restock:
        random.Random(1).shuffle(game._stocks[player])


def three_at_a_time(original: Callable[[Game, int], None], game: Game, player: int) -> None:
    if not game.stock(player):
        original(game, player)
        return
    for _ in range(3):
        if game.stock(player):
            original(game, player)


def either_keel(original: Callable[..., bool], ship: Ship, player: int, card: Card) -> bool:
    if not ship.halves[player]:
        return card.suit == ship.suit and card.rank in (1, 13)
    return original(ship, player, card)


def skipping_ranks(original: Callable[..., bool], ship: Ship, player: int, card: Card) -> bool:
    if not ship.halves[player] or card.suit != ship.suit:
        return original(ship, player, card)
    return (card.rank - ship.needs[player]) * ship.steps[player] >= 0


def both_build_up(original: Callable[..., None], ship: Ship, *args: Any) -> None:
    original(ship, *args)
    ship.steps, ship.needs = [1, 1], [1, 1]


def other_half_check(original: Callable[[Game, int], None], game: Game, player: int) -> None:
    card = game.waste_top(player)
    if card is None or not fits(game, 1 - player, card):
        original(game, player)


def other_half_play(
    original: Callable[..., None], game: Game, player: int, touched: list[int]
) -> None:
    card = game.waste_top(player)
    if fits(game, player, card) or not fits(game, 1 - player, card):
        original(game, player, touched)
        return
    game._wastes[player].pop()
    game._fresh[player] = False
    game.ship(card.suit).place(1 - player, card, owner=player)
    touched[SUITS.index(card.suit)] |= 1 << player


def observer_half_check(original: Callable[[Game, int], None], game: Game, player: int) -> None:
    if game.is_observer(1 - player):
        other_half_check(original, game, player)
    else:
        original(game, player)


def observer_half_play(
    original: Callable[..., None], game: Game, player: int, touched: list[int]
) -> None:
    if game.is_observer(1 - player):
        other_half_play(original, game, player, touched)
    else:
        original(game, player, touched)


def more_cards_capture(original: Callable[..., None], game: Game, index: int, players: int) -> None:
    sizes = [len(half) for half in game.ships[index].halves]
    if players != 3 and sizes[0] != sizes[1]:
        players = 1 << int(sizes[1] > sizes[0])
    original(game, index, players)


def sunk_when_both_built(
    original: Callable[..., None], game: Game, index: int, players: int
) -> None:
    original(game, index, 3 if all(game.ships[index].halves) else players)


def first_seat_wins_ties(
    original: Callable[..., None], game: Game, index: int, players: int
) -> None:
    original(game, index, 1 if players == 3 else players)


def both_halves_needed(original: Callable[[Ship], bool], ship: Ship) -> bool:
    return original(ship) and all(ship.halves)


def same_keels(original: Callable[..., None], ship: Ship, suit: str, number: int, low: int) -> None:
    original(ship, suit, 1, low)
    ship.number = number


def swap_once(original: Callable[..., None], ship: Ship, suit: str, number: int, low: int) -> None:
    original(ship, suit, min(number, 2), low)
    ship.number = number


def sinking_keeps_keels(
    original: Callable[..., None], game: Game, index: int, players: int
) -> None:
    original(game, index, players)
    if players == 3:
        new = game.ships[index]
        game._ships[index] = Ship(new.suit, new.number, 1 - game.low)


def keels_by_all_ships(original: Callable[..., None], game: Game, index: int, players: int) -> None:
    original(game, index, players)
    new = game.ships[index]
    gone = len(game.sunk) + len(game.captured[0]) + len(game.captured[1])
    game._ships[index] = Ship(new.suit, gone + 1, game.low)
    game._ships[index].number = new.number


def claim_with_cards(original: Callable[[Game, int], None], game: Game, player: int) -> None:
    held = game._stocks[player], game._wastes[player]
    game._stocks[player], game._wastes[player] = [], []
    try:
        original(game, player)
    finally:
        game._stocks[player], game._wastes[player] = held


def _dig(game: Game, player: int) -> None:
    """Bring the highest card of the owner's waste that fits the claimer to the top."""
    waste = game._wastes[1 - player]
    for index in range(len(waste) - 1, -1, -1):
        if fits(game, player, waste[index]):
            waste.append(waste.pop(index))
            game._fresh[1 - player] = True
            return


def covered_check(original: Callable[[Game, int], None], game: Game, player: int) -> None:
    saved = list(game._wastes[1 - player]), game._fresh[1 - player]
    _dig(game, player)
    try:
        original(game, player)
    finally:
        game._wastes[1 - player][:], game._fresh[1 - player] = saved


def covered_claim(original: Callable[..., None], game: Game, player: int, *rest: Any) -> None:
    _dig(game, player)
    original(game, player, *rest)


def uncovered_is_new(
    original: Callable[..., None], game: Game, player: int, touched: list[int]
) -> None:
    original(game, player, touched)
    game._fresh[player] = bool(game.waste(player))


def claim_uncovers_a_new_card(
    original: Callable[..., None], game: Game, player: int, owner_action: Any, touched: list[int]
) -> None:
    original(game, player, owner_action, touched)
    owner = 1 - player
    game._fresh[owner] = bool(game.waste(owner))


def turn_before_claim(
    original: Callable[..., None], game: Game, first: Any, second: Any = None
) -> None:
    actions = parse_moment(first, second)
    if set(actions) == {T, C}:
        turner = actions.index(T)
        solo = [W, W]
        solo[turner] = T
        original(game, *solo)
        game.moment -= 1
        game.history.pop()
        solo = [W, W]
        solo[1 - turner] = C
        original(game, *solo)
        game.history[-1] = actions[0] + actions[1]
    else:
        original(game, *actions)


def claim_beats_play(
    original: Callable[..., None], game: Game, first: Any, second: Any = None
) -> None:
    actions = list(parse_moment(first, second))
    if set(actions) == {C, P}:
        actions[actions.index(P)] = W
    original(game, *actions)


def owner_keeps_the_clash(
    original: Callable[..., None], game: Game, player: int, owner_action: Action, touched: list[int]
) -> None:
    before = list(touched)
    original(game, player, owner_action, touched)
    if owner_action is P:
        touched[:] = before


def owner_scores_a_claim(
    original: Callable[..., None], game: Game, index: int, players: int
) -> None:
    if players in (1, 2):
        top = game.ships[index].halves[players >> 1][-1]
        players = 1 << top.owner
    original(game, index, players)


def claim_fits_either_half(original: Callable[[Game, int], None], game: Game, player: int) -> None:
    card, owner = game.waste_top(1 - player), 1 - player
    if (
        card is None
        or not game.is_observer(player)
        or not game.is_fresh(owner)
        or not fits(game, owner, card)
    ):
        original(game, player)


def blocked_is_a_draw(original: Callable[[Game], Outcome | None], game: Game) -> Outcome | None:
    outcome = original(game)
    if outcome is not None and outcome.termination is Termination.BLOCKED:
        return Outcome(None, Termination.BLOCKED)
    return outcome


def mark_at_captures_only(original: Callable[[Game], Outcome | None], game: Game) -> Outcome | None:
    outcome = original(game)
    if outcome is None or outcome.termination is not Termination.CAPTURES:
        return outcome
    if any(event.kind == "capture" and event.moment == game.moment for event in game.events):
        return outcome
    return None if game._anything_fits() else Outcome(outcome.winner, Termination.BLOCKED)


def only_when_both_watch(original: Callable[[Game], bool], game: Game) -> bool:
    return original(game) or not (game.is_observer(0) and game.is_observer(1))


def going_on_while_watched(original: Callable[[Game], bool], game: Game) -> bool:
    watching = game.is_observer(0) != game.is_observer(1)
    return original(game) or watching


def own_or_other(game: Game, player: int, card: Card) -> bool:
    return fits(game, player, card) or fits(game, 1 - player, card)


def own_only(game: Game, player: int, card: Card) -> bool:
    return fits(game, player, card)


def as_the_rule_says(game: Game, player: int, card: Card) -> bool:
    return fits(game, player, card) or (
        game.is_observer(1 - player) and fits(game, 1 - player, card)
    )


def in_the_gap(game: Game, player: int, card: Card) -> bool:
    ship = game.ship(card.suit)
    missing = not ship.ranks >> card.rank & 1
    return as_the_rule_says(game, player, card) or (all(ship.halves) and missing)


# Misreadings at the boundary of running out of cards, where a card comes round again
# after the waste is turned over, and where both players place cards in one moment.


def turning_needs_a_stock(original: Callable[[Game, int], bool], game: Game, player: int) -> bool:
    return original(game, player) and bool(game._stocks[player])


def turned_over_once(original: Callable[[Game, int], bool], game: Game, player: int) -> bool:
    turned_over = any(e.kind == "restock" and e.player == player for e in game.events)
    return original(game, player) and (bool(game._stocks[player]) or not turned_over)


def sunk_when_both_placed(
    original: Callable[[Game, list[int]], None], game: Game, touched: list[int]
) -> None:
    anyone = 0
    for players in touched:
        anyone |= players
    original(game, [3 if players and anyone == 3 else players for players in touched])


def captor_gets_the_ace(
    original: Callable[..., None], game: Game, index: int, players: int
) -> None:
    original(game, index, players)
    if players in (1, 2):
        captor, new = players >> 1, game.ships[index]
        low = next(low for low in (0, 1) if Ship(new.suit, 1, low).steps[captor] == 1)
        game._ships[index] = Ship(new.suit, 1, low)
        game._ships[index].number = new.number


_TURNED: dict[int, tuple[set[Card], set[Card]]] = {}
"""For the misreading that a card coming round again cannot be claimed: for each game (by
its ``id``), the cards each player has turned so far."""
_AGAIN: dict[int, list[Card | None]] = {}
"""For each game: the card each player turned last, if they had turned it before."""


def _new_game(original: Callable[..., None], game: Game, *args: Any, **kwargs: Any) -> None:
    original(game, *args, **kwargs)
    _TURNED[id(game)], _AGAIN[id(game)] = (set(), set()), [None, None]


def _turn_noted(original: Callable[[Game, int], None], game: Game, player: int) -> None:
    stock = game._stocks[player]
    card = stock[-1] if stock else None
    original(game, player)
    if card is not None:
        turned = _TURNED.setdefault(id(game), (set(), set()))[player]
        _AGAIN.setdefault(id(game), [None, None])[player] = card if card in turned else None
        turned.add(card)


def _came_round_again(game: Game, owner: int) -> bool:
    again = _AGAIN.get(id(game), [None, None])[owner]
    return game.is_fresh(owner) and again is not None and again == game.waste_top(owner)


def no_claim_the_second_time(
    original: Callable[[Game, int], bool], game: Game, player: int
) -> bool:
    return original(game, player) and not _came_round_again(game, 1 - player)


def no_claim_the_second_time_check(
    original: Callable[[Game, int], None], game: Game, player: int
) -> None:
    original(game, player)
    if _came_round_again(game, 1 - player):
        raise IllegalMoveError(
            f"{game.players[player]} cannot claim {game.waste_top(1 - player)}: it has come round"
            " before",
            rule="P9",
        )


def comes_round_once() -> Patch:
    """Claims refuse a card its owner turns for the second time (or more)."""
    return {
        **game_method("_begin", _new_game),
        **game_method("_turn", _turn_noted),
        **game_method("can_claim", no_claim_the_second_time),
        **game_method("_check_claim", no_claim_the_second_time_check),
    }


def _came_round_again_on_top(game: Game, player: int) -> bool:
    again = _AGAIN.get(id(game), [None, None])[player]
    return again is not None and again == game.waste_top(player)


def no_play_the_second_time(original: Callable[[Game, int], bool], game: Game, player: int) -> bool:
    return original(game, player) and not _came_round_again_on_top(game, player)


def no_play_the_second_time_check(
    original: Callable[[Game, int], None], game: Game, player: int
) -> None:
    original(game, player)
    if _came_round_again_on_top(game, player):
        raise IllegalMoveError(
            f"{game.players[player]} cannot play {game.waste_top(player)}: it has come round"
            " before",
            rule="P3",
        )


def played_on_the_first_time_round() -> Patch:
    """A card its owner let go by once cannot be played when it comes round again."""
    return {
        **game_method("_begin", _new_game),
        **game_method("_turn", _turn_noted),
        **game_method("can_play", no_play_the_second_time),
        **game_method("_check_play", no_play_the_second_time_check),
    }


_PASSED: dict[int, tuple[int, set[int]]] = {}
"""For the misreading that a pass through the stock without a placement ends the game:
for each game (by its ``id``), the cards both players still held after the last
placement, and the players who have turned their waste over since."""


def _held_cards(game: Game) -> int:
    return sum(len(game.stock(player)) + len(game.waste(player)) for player in (0, 1))


def ended_by_a_pass(original: Callable[..., None], game: Game, *args: Any) -> None:
    original(game, *args)
    held, passed = _PASSED.get(id(game), (-1, set()))
    if _held_cards(game) != held:  # a card was placed: a new pass begins
        held, passed = _held_cards(game), set()
    passed |= {e.player for e in game.events if e.kind == "restock" and e.moment == game.moment}
    _PASSED[id(game)] = held, passed
    with_cards = {p for p in (0, 1) if game.stock(p) or game.waste(p)}
    if game.outcome() is None and with_cards and passed >= with_cards:
        score = game.score
        winner = None if score[0] == score[1] else int(score[1] > score[0])
        game._outcome = Outcome(winner, Termination.BLOCKED)


def _no_pass_yet(original: Callable[..., None], game: Game, *args: Any, **kwargs: Any) -> None:
    original(game, *args, **kwargs)
    _PASSED.pop(id(game), None)


def a_pass_without_a_placement_ends_the_game() -> Patch:
    """The game ends once every player with cards has turned their waste over since the
    last card was placed, whether or not a card would still fit."""
    return {
        **game_method("_begin", _no_pass_yet),
        **game_method("apply_moment", ended_by_a_pass),
    }
