"""Misreadings of *Pirate* (rules P1 to P11), each as a patch of the engine.

See `catalogue` for what a misreading is. The patches reach the engine through a few
patch points: a moment's steps on `PirateGame` (``apply_moment``, ``legal_actions``,
``can_play``, ``_check_play``, ``_check_claim``, ``_turn``, ``_play``, ``_claim``,
``_complete``, ``_find_outcome``, ``_anything_fits``), a ship's rules on `Ship`
(``__init__``, ``fits``, ``place``), and the setup (``check_deck``, ``low_player``,
the cut).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from catalogue import Factory, Misreading, misreading

from pirate_rules.cards import SUITS, Card
from pirate_rules.pirate import Action, Outcome, Ship, Termination, parse_moment

GAME = "pirate_rules.pirate.game"
SHIPS = "pirate_rules.pirate.ships"
DEAL = "pirate_rules.pirate.deal"
Game = Any  # a PirateGame, patched: its private parts are reached on purpose
Patch = dict[str, Factory]
T, P, C, W = Action.TURN, Action.PLAY, Action.CLAIM, Action.WAIT


def method(target: str, variant: Callable[..., Any]) -> Patch:
    """Patch ``target`` with ``variant(original, *args)``."""
    return {target: lambda original: lambda *args, **kwargs: variant(original, *args, **kwargs)}


def game_method(name: str, variant: Callable[..., Any]) -> Patch:
    return method(f"{GAME}:PirateGame.{name}", variant)


def ship_method(name: str, variant: Callable[..., Any]) -> Patch:
    return method(f"{SHIPS}:Ship.{name}", variant)


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


def _suits_break_ties(cut0: Card, cut1: Card) -> int | None:
    if cut0.rank != cut1.rank:
        return 0 if cut0.rank < cut1.rank else 1
    if cut0.suit == cut1.suit:
        return None
    return 0 if SUITS.index(cut0.suit) < SUITS.index(cut1.suit) else 1


def _ace_high(cut0: Card, cut1: Card) -> int | None:
    rank0, rank1 = (14 if c.rank == 1 else c.rank for c in (cut0, cut1))
    return None if rank0 == rank1 else int(rank0 > rank1)


def _higher_is_low(cut0: Card, cut1: Card) -> int | None:
    return None if cut0.rank == cut1.rank else int(cut0.rank < cut1.rank)


def _first_is_low_on_a_tie(cut0: Card, cut1: Card) -> int | None:
    return 0 if cut0.rank <= cut1.rank else 1


def _lower_part(original: Callable[..., Card], deck: list[Card], rng: random.Random) -> Card:
    return deck[rng.randint(1, len(deck) - 1)]


def _any_waste_card(original: Callable[..., bool], game: Game, player: int) -> bool:
    return game.outcome() is None and any(fits(game, player, c) for c in game.waste(player))


def _stock_top_too(original: Callable[..., bool], game: Game, player: int) -> bool:
    stock = game.stock(player)
    return original(game, player) or (bool(stock) and fits(game, player, stock[0]))


def _waste_bottom(original: Callable[..., bool], game: Game, player: int) -> bool:
    waste = game.waste(player)
    return game.outcome() is None and bool(waste) and fits(game, player, waste[-1])


def _taking_turns(original: Callable[..., list[Action]], game: Game, player: int) -> list[Action]:
    actions = original(game, player)
    return [W] if actions and game.moment % 2 != player else actions


def _one_after_the_other(
    original: Callable[..., None], game: Game, first: Any, second: Any = None
) -> None:
    in_turn(original, game, parse_moment(first, second))


def _played_when_turned(original: Callable[[Game, int], None], game: Game, player: int) -> None:
    original(game, player)
    if game.can_play(player):
        game._play(player, [0, 0, 0, 0])


def _must_play(original: Callable[..., list[Action]], game: Game, player: int) -> list[Action]:
    actions = original(game, player)
    return [P] if P in actions else actions


def _restock_and_turn(original: Callable[[Game, int], None], game: Game, player: int) -> None:
    restock = not game.stock(player)
    original(game, player)
    if restock and game.stock(player):
        original(game, player)


def _restock_reversed(original: Callable[[Game, int], None], game: Game, player: int) -> None:
    restock = not game.stock(player)
    original(game, player)
    if restock:
        game._stocks[player].reverse()


def _restock_shuffled(original: Callable[[Game, int], None], game: Game, player: int) -> None:
    restock = not game.stock(player)
    original(game, player)
    if restock:
        random.Random(1).shuffle(game._stocks[player])


def _three_at_a_time(original: Callable[[Game, int], None], game: Game, player: int) -> None:
    if not game.stock(player):
        original(game, player)
        return
    for _ in range(3):
        if game.stock(player):
            original(game, player)


def _either_keel(original: Callable[..., bool], ship: Ship, player: int, card: Card) -> bool:
    if not ship.halves[player]:
        return card.suit == ship.suit and card.rank in (1, 13)
    return original(ship, player, card)


def _skipping_ranks(original: Callable[..., bool], ship: Ship, player: int, card: Card) -> bool:
    if not ship.halves[player] or card.suit != ship.suit:
        return original(ship, player, card)
    return (card.rank - ship.needs[player]) * ship.steps[player] >= 0


def _both_build_up(original: Callable[..., None], ship: Ship, *args: Any) -> None:
    original(ship, *args)
    ship.steps, ship.needs = [1, 1], [1, 1]


def _other_half_check(original: Callable[[Game, int], None], game: Game, player: int) -> None:
    card = game.waste_top(player)
    if card is None or not fits(game, 1 - player, card):
        original(game, player)


def _other_half_play(original: Callable[..., None], game: Game, player: int, touched: list[int]) -> None:
    card = game.waste_top(player)
    if fits(game, player, card) or not fits(game, 1 - player, card):
        original(game, player, touched)
        return
    game._wastes[player].pop()
    game._fresh[player] = False
    game.ship(card.suit).place(1 - player, card, owner=player)
    touched[SUITS.index(card.suit)] |= 1 << player


def _more_cards_capture(original: Callable[..., None], game: Game, index: int, players: int) -> None:
    sizes = [len(half) for half in game.ships[index].halves]
    if players != 3 and sizes[0] != sizes[1]:
        players = 1 << int(sizes[1] > sizes[0])
    original(game, index, players)


def _sunk_when_both_built(original: Callable[..., None], game: Game, index: int, players: int) -> None:
    original(game, index, 3 if all(game.ships[index].halves) else players)


def _first_seat_wins_ties(original: Callable[..., None], game: Game, index: int, players: int) -> None:
    original(game, index, 1 if players == 3 else players)


def _same_keels(original: Callable[..., None], ship: Ship, suit: str, number: int, low: int) -> None:
    original(ship, suit, 1, low)
    ship.number = number


def _swap_once(original: Callable[..., None], ship: Ship, suit: str, number: int, low: int) -> None:
    original(ship, suit, min(number, 2), low)
    ship.number = number


def _sinking_keeps_keels(original: Callable[..., None], game: Game, index: int, players: int) -> None:
    original(game, index, players)
    if players == 3:
        new = game.ships[index]
        game._ships[index] = Ship(new.suit, new.number, 1 - game.low)


def _claim_with_cards(original: Callable[[Game, int], None], game: Game, player: int) -> None:
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


def _covered_check(original: Callable[[Game, int], None], game: Game, player: int) -> None:
    saved = list(game._wastes[1 - player]), game._fresh[1 - player]
    _dig(game, player)
    try:
        original(game, player)
    finally:
        game._wastes[1 - player][:], game._fresh[1 - player] = saved


def _covered_claim(original: Callable[..., None], game: Game, player: int, *rest: Any) -> None:
    _dig(game, player)
    original(game, player, *rest)


def _uncovered_is_new(original: Callable[..., None], game: Game, player: int, touched: list[int]) -> None:
    original(game, player, touched)
    game._fresh[player] = bool(game.waste(player))


def _turn_before_claim(
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


def _claim_beats_play(original: Callable[..., None], game: Game, first: Any, second: Any = None) -> None:
    actions = list(parse_moment(first, second))
    if set(actions) == {C, P}:
        actions[actions.index(P)] = W
    original(game, *actions)


def _owner_keeps_the_clash(
    original: Callable[..., None], game: Game, player: int, owner_action: Action, touched: list[int]
) -> None:
    before = list(touched)
    original(game, player, owner_action, touched)
    if owner_action is P:
        touched[:] = before


def _owner_scores_a_claim(original: Callable[..., None], game: Game, index: int, players: int) -> None:
    if players in (1, 2):
        top = game.ships[index].halves[players >> 1][-1]
        players = 1 << top.owner
    original(game, index, players)


def _blocked_is_a_draw(original: Callable[[Game], Outcome | None], game: Game) -> Outcome | None:
    outcome = original(game)
    if outcome is not None and outcome.termination is Termination.BLOCKED:
        return Outcome(None, Termination.BLOCKED)
    return outcome


def _only_when_both_watch(original: Callable[[Game], bool], game: Game) -> bool:
    return original(game) or not (game.is_observer(0) and game.is_observer(1))


def _own_or_other(game: Game, player: int, card: Card) -> bool:
    return fits(game, player, card) or fits(game, 1 - player, card)


def _own_only(game: Game, player: int, card: Card) -> bool:
    return fits(game, player, card)


def _as_the_rule_says(game: Game, player: int, card: Card) -> bool:
    return fits(game, player, card) or (game.is_observer(1 - player) and fits(game, 1 - player, card))


PIRATE_MISREADINGS: tuple[Misreading, ...] = (
    # P1: two decks, two owners
    misreading("P1", "a claimed card joins the claimer's deck",
               ship_method("place", lambda original, ship, player, card, owner:
                           original(ship, player, card, player))),
    misreading("P1", "a deck may hold a card twice",
               method(f"{GAME}:check_deck", lambda original, cards, whose, complete=True:
                      original(list(dict.fromkeys(cards)), whose, complete=complete))),
    misreading("P1", "part of a deck will do",
               method(f"{GAME}:check_deck", lambda original, cards, whose, complete=True:
                      original(cards, whose, complete=False))),
    # P2: the cut
    misreading("P2", "suits break a tie", cut_rule(_suits_break_ties)),
    misreading("P2", "the Ace is high in the cut", cut_rule(_ace_high)),
    misreading("P2", "the higher card makes the low player", cut_rule(_higher_is_low)),
    misreading("P2", "on a tie the first player is low", cut_rule(_first_is_low_on_a_tie)),
    misreading("P2", "the cut shows the top card of the part left behind",
               method(f"{DEAL}:_cut", _lower_part)),
    # P3: stock and waste
    misreading("P3", "any card of the waste can be played", game_method("can_play", _any_waste_card)),
    misreading("P3", "the top card of the stock can be played", game_method("can_play", _stock_top_too)),
    misreading("P3", "the waste is played from the bottom", game_method("can_play", _waste_bottom)),
    # P4: everyone acts at once
    misreading("P4", "players take turns", game_method("legal_actions", _taking_turns)),
    misreading("P4", "the first player's action happens first",
               game_method("apply_moment", _one_after_the_other)),
    misreading("P4", "a card that fits is played as it is turned",
               game_method("_turn", _played_when_turned)),
    misreading("P4", "a card that fits must be played", game_method("legal_actions", _must_play)),
    # P5: turning a card
    misreading("P5", "the waste is turned over and a card turned at once",
               game_method("_turn", _restock_and_turn)),
    misreading("P5", "the last card turned comes back first", game_method("_turn", _restock_reversed)),
    misreading("P5", "the waste is shuffled before it becomes the stock",
               game_method("_turn", _restock_shuffled)),
    misreading("P5", "three cards are turned at a time", game_method("_turn", _three_at_a_time)),
    # P6: building a ship
    misreading("P6", "a half may start with either keel", ship_method("fits", _either_keel)),
    misreading("P6", "a card may go on the other player's half",
               game_method("_check_play", _other_half_check), game_method("_play", _other_half_play)),
    misreading("P6", "a half may skip ranks", ship_method("fits", _skipping_ranks)),
    misreading("P6", "both halves build up from the Ace", ship_method("__init__", _both_build_up)),
    # P7: capturing or sinking
    misreading("P7", "the player with more cards on the ship captures it",
               game_method("_complete", _more_cards_capture)),
    misreading("P7", "a ship sinks when both players have built on it",
               game_method("_complete", _sunk_when_both_built)),
    misreading("P7", "when both close it at once, one of them still captures it",
               game_method("_complete", _first_seat_wins_ties)),
    # P8: the next ship of a suit
    misreading("P8", "every ship keeps the first ship's keels", ship_method("__init__", _same_keels)),
    misreading("P8", "the keels swap only once", ship_method("__init__", _swap_once)),
    misreading("P8", "a sunk ship does not swap the keels", game_method("_complete", _sinking_keeps_keels)),
    # P9: observers and claims
    misreading("P9", "a player with cards left may claim", game_method("_check_claim", _claim_with_cards)),
    misreading("P9", "a covered card can still be claimed",
               game_method("_check_claim", _covered_check), game_method("_claim", _covered_claim)),
    misreading("P9", "a card uncovered by a play can be claimed", game_method("_play", _uncovered_is_new)),
    misreading("P9", "a claim is too late when the owner turns in the same moment",
               game_method("apply_moment", _turn_before_claim)),
    misreading("P9", "a claim beats the owner's play", game_method("apply_moment", _claim_beats_play)),
    misreading("P9", "when a claim and a play clash, the owner captures",
               game_method("_claim", _owner_keeps_the_clash)),
    misreading("P9", "a claimed card scores for its owner", game_method("_complete", _owner_scores_a_claim)),
    # P10: five ships win
    misreading("P10", "four ships always win", finishing_at(lambda game: 4)),
    misreading("P10", "five ships are needed even after a sinking", finishing_at(lambda game: 5)),
    misreading("P10", "each sinking lowers the mark by one", finishing_at(lambda game: 5 - len(game.sunk))),
    # P11: when nothing fits any more
    misreading("P11", "a card that fits the other half always keeps the game going",
               anything_fits(_own_or_other)),
    misreading("P11", "cards an observer could claim do not count", anything_fits(_own_only)),
    misreading("P11", "only the cards in sight count", anything_fits(_as_the_rule_says, cards="top")),
    misreading("P11", "a blocked game is a draw", game_method("_find_outcome", _blocked_is_a_draw)),
    misreading("P11", "the game is blocked only when both players are observers",
               game_method("_anything_fits", _only_when_both_watch)),
)  # fmt: skip
