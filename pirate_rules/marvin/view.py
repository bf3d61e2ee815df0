"""A game of *Marvin's Pirates Go!* as one player knows it: what was seen is exact, the
rest is dealt by a generator of the player's own.

Both players see every card as it is drawn (M9), every move, and the discard pile. What
no player has seen is the order of the draw pile: the starting deck beyond the cards
drawn, and each reshuffle's order until its cards are drawn. A :class:`MarvinView` holds
a whole :class:`~pirate_rules.marvin.game.MarvinGame` built from what is known: the
cards not yet seen are dealt in a uniformly random order by its own generator, once at
the start and again at each reshuffle (M9). As play goes on, :meth:`MarvinView.update`
is told the moves played and the cards drawn; each card drawn is taken out of the unseen
cards (they stay in a uniformly random order), and the moves are played on the game.

A bot handed ``view.game`` plays on a guess, never on the hidden truth: two real games
that differ only in cards nobody has seen give the same view.

    >>> from pirate_rules.marvin import MarvinGame
    >>> real = MarvinGame.from_seed(3)
    >>> mark = Draws()
    >>> view = MarvinView(real.first, real.players, real.jokers, mark.since(real), seed=99)
    >>> view.game.drawn == real.drawn, view.game.draw_pile == real.draw_pile
    (True, False)
    >>> move = real.legal_moves[0]
    >>> real.push(move)
    >>> view.update([str(move)], mark.since(real))
    >>> str(view.game.log[-1]) == str(real.log[-1])
    True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from pirate_rules.cards import JOKER, Card, shuffle_bits, standard_deck
from pirate_rules.errors import PirateRulesError
from pirate_rules.marvin.display import EV_CARD
from pirate_rules.marvin.game import MarvinGame
from pirate_rules.marvin.moves import CARD, PRIZE, Move

__all__ = ["Dealer", "Draws", "MarvinView", "imagine", "public_record"]


MOVES: dict[str, Move] = {}
"""Moves by their notation, read once each (see :func:`move_of`)."""


def move_of(text: str) -> Move:
    """The move ``text`` (notation), read once and kept.

    Raises:
        InvalidMoveError: if ``text`` is not a move's notation.
    """
    move = MOVES.get(text)
    if move is None:
        move = MOVES[text] = Move.parse(text)
    return move


CARDS: dict[str, Card] = {str(card): card for card in [*standard_deck(), JOKER]}
"""Cards by their notation (as the records write them)."""


class Dealer(random.Random):
    """A view's own generator: it reshuffles the discard pile (M9) as the game's would,
    in a uniformly random order, then brings the cards already known to be drawn next
    (``coming``) to the top, in order. Moving a card to the top by one swap keeps the
    other cards in a uniformly random order."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.coming: list[Card] = []

    def shuffle(self, x: Any) -> None:  # a reshuffle: the order is top first
        shuffle_bits(x, self.getrandbits)  # as ``random.Random.shuffle`` draws, faster
        _bring_to_front(x, self.coming)
        self.coming = []


def _bring_to_front(cards: list[Card], known: Sequence[Card]) -> None:
    """Swap each of ``known`` into the front places of ``cards``, in order (a card is
    found by identity: cards are shared instances)."""
    places = list(map(id, cards))
    for place, card in enumerate(known[: len(cards)]):
        try:
            where = places.index(id(card), place)
        except ValueError:
            raise PirateRulesError(
                f"{card} was drawn, but it is not among the unseen cards"
            ) from None
        cards[place], cards[where] = cards[where], cards[place]
        places[place], places[where] = places[where], places[place]


class Draws:
    """The cards a real game has drawn since the last call of :meth:`since`, in order
    (what its players have just seen), read from the game's log."""

    __slots__ = ("events", "pending")

    def __init__(self) -> None:
        self.events = 0  # log events already read
        self.pending = False  # the card drawn and awaiting a choice was told already

    def since(self, game: MarvinGame) -> list[Card]:
        """The cards drawn since the last call (all of them, the first time)."""
        events = game._events
        cards = [event[3] for event in events[self.events :] if event[0] == EV_CARD]
        if self.pending and cards:
            del cards[0]  # the card awaiting its choice then, told already
        self.events = len(events)
        self.pending = game._phase == CARD
        if self.pending:
            cards.append(game._drawn)
        return cards  # type: ignore[return-value]


class MarvinView:
    """What one player knows of a game, kept as a whole game (see the module's text).

    Args:
        first: The player who starts (seen by both).
        players: The players' names.
        jokers: The jokers in the deck.
        drawn: The cards drawn before the first choice, in order.
        seed: The seed of the view's own generator (:class:`Dealer`).
    """

    def __init__(
        self, first: int, players: Sequence[str], jokers: int, drawn: Sequence[Card], seed: int
    ) -> None:
        dealer = Dealer(seed)
        rest = [*standard_deck(), *[JOKER] * jokers]
        for card in drawn:
            rest.remove(card)
        dealer.shuffle(rest)
        game = MarvinGame.__new__(MarvinGame)  # the deck is whole by construction
        game._setup([*drawn, *rest], first, players, jokers, dealer, None)
        self.game = game
        self.dealer = dealer
        self._places: dict[int, int] = {}  # where each card lies in the draw pile, by id
        self._pass = -1  # the reshuffles when the places were found (-1: not yet)

    def update(self, moves: Iterable[str], drawn: Sequence[Card]) -> None:
        """Play ``moves`` (in notation), which drew the cards ``drawn``, in order."""
        self.reveal(drawn)
        push = self.game.push
        for move in moves:
            push(move_of(move))
        if self.dealer.coming:
            raise PirateRulesError("the moves drew fewer cards than were told")

    def follow(self, moves: Iterable[Move | str], cards: str) -> None:
        """:meth:`update`, told as a host is: the moves as moves or notation, and the
        cards they drew as one text of their notations, in order (``"7HKS"``).

        Example:
            >>> from pirate_rules.marvin import MarvinGame
            >>> real = MarvinGame.from_seed(3)
            >>> view = MarvinView(real.first, real.players, real.jokers, Draws().since(real), 9)
            >>> mark = Draws()
            >>> _ = mark.since(real)
            >>> move = real.legal_moves[0]
            >>> real.push(move)
            >>> view.follow([move], "".join(map(str, mark.since(real))))
            >>> view.game.log == real.log
            True
        """
        if cards:
            self.reveal(
                [CARDS[cards]]
                if len(cards) == 2
                else [CARDS[cards[at : at + 2]] for at in range(0, len(cards), 2)]
            )
        push = self.game.push
        for move in moves:
            push(move if move.__class__ is Move else move_of(move))  # type: ignore[arg-type]
        if self.dealer.coming:
            raise PirateRulesError("the moves drew fewer cards than were told")

    def reveal(self, drawn: Sequence[Card]) -> None:
        """Make ``drawn`` the next cards to be drawn: from the draw pile, and past a
        reshuffle from the reshuffled pile (see :class:`Dealer`). The starting deck
        (``game.deck``) follows the draw pile until the first reshuffle."""
        if not drawn:
            return
        game = self.game
        pile = game._pile  # top card last
        now = len(pile)
        places = self._places  # found again after a reshuffle: draws keep the others'
        if self._pass != game._reshuffles:
            places.clear()
            places.update(zip(map(id, pile), range(now), strict=True))
            self._pass = game._reshuffles
        place = now
        moved = False
        for card in drawn:
            if not place:
                break
            place -= 1
            if pile[place] is card:
                continue
            where = places.get(id(card), now)
            if where > place or pile[where] is not card:  # a joker (there are two), or a
                try:  # pile changed by hand: searched for
                    where = list(map(id, pile)).index(id(card), 0, place + 1)
                except ValueError:
                    raise PirateRulesError(
                        f"{card} was drawn, but it is not among the unseen cards"
                    ) from None
            other = pile[place]
            pile[place] = card
            pile[where] = other
            places[id(card)] = place
            places[id(other)] = where
            moved = True
        if len(drawn) > now or self.dealer.coming:
            self.dealer.coming = list(drawn[now:])
        if moved and game._reshuffles == 0:
            deck = game._deck
            game._deck = deck[: len(deck) - now] + tuple(reversed(pile))


def imagine(public: dict[str, Any], seed: int) -> MarvinGame:
    """The game that a record with its hidden parts left out describes, as a player
    knows it: the unseen cards dealt by a generator seeded with ``seed``.

    ``public`` holds the record's ``players``, ``options``, ``first`` and ``turns``
    without any ``reshuffle`` (see :func:`public_record`); ``deck`` is not read.

    Example:
        >>> from pirate_rules.marvin import MarvinGame
        >>> from pirate_rules.marvin.record import to_record
        >>> real = MarvinGame.from_seed(4)
        >>> for _ in range(30):
        ...     real.push(real.legal_moves[0])
        >>> guess = imagine(public_record(to_record(real)), seed=1)
        >>> guess.log == real.log, guess.deck == real.deck
        (True, False)
        >>> guess.deck[:20] == real.deck[:20]
        True
    """
    turns = public["turns"]
    cards = [Card.parse(turn["card"]) for turn in turns]
    jokers = int(public.get("options", {}).get("jokers", 2))
    size = 52 + jokers
    view = MarvinView(int(public["first"]), public["players"], jokers, cards[:size], seed)
    game = view.game
    drawn = Draws()
    told = len(drawn.since(game))

    def push(move: str) -> None:
        nonlocal told
        if not view.dealer.coming:  # the first pass, or just reshuffled: the next pass
            view.dealer.coming = cards[told + len(game._pile) :]
        game.push(move)
        told += len(drawn.since(game))

    for number, turn in enumerate(turns):
        if game.turn != number:
            continue  # a turn whose card could do nothing: it was played at once
        if game.phase == PRIZE:
            prize = turn.get("prize")
            push(_power_notation(prize) if prize else "draw")
        choice = turn["target"] if "target" in turn else turn.get("take")
        if choice is not None and game.phase == CARD:
            push(choice if "target" in turn else f"take {choice}")
    view.dealer.coming = []
    return game


def _power_notation(prize: dict[str, str]) -> str:
    from pirate_rules.marvin.record import _read_power

    return str(_read_power(prize, "a turn"))


def public_record(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` without what no player has seen: its ``deck`` and its reshuffles."""
    turns = [
        {key: value for key, value in turn.items() if key != "reshuffle"}
        for turn in record["turns"]
    ]
    return {key: value for key, value in record.items() if key not in ("deck", "turns", "seed")} | {
        "turns": turns
    }
