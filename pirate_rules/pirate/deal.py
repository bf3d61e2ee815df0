"""Before the first moment: the two decks, the cut and the stocks (rules P1, P2, P3).

Each player owns one deck of 52 cards (P1). The cut decides who is the low player:
the lower exposed rank is low, Aces low and Kings high, suits ignored; equal ranks cut
again (P2). Then each player shuffles their own deck, which becomes their stock (P3).

    >>> low_player(Card.parse("4H"), Card.parse("JC"))
    0
    >>> low_player(Card.parse("KS"), Card.parse("AD"))
    1
    >>> low_player(Card.parse("9S"), Card.parse("9D")) is None
    True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from pirate_rules.cards import Card, format_cards, parse_cards, shuffle, standard_deck
from pirate_rules.errors import PirateRulesError

__all__ = ["Deal", "check_deck", "check_players", "deal", "low_player", "read_stock"]

_DECK = frozenset(standard_deck())


class Deal(NamedTuple):
    """The result of the setup: both stocks (top first), the low player, and the cuts."""

    stocks: tuple[list[Card], list[Card]]
    low: int
    cuts: tuple[tuple[Card, Card], ...]


def low_player(cut0: Card, cut1: Card) -> int | None:
    """Which player is low after a cut showing ``cut0`` and ``cut1``; None on equal ranks (P2)."""
    if cut0.rank == cut1.rank:
        return None
    return 0 if cut0.rank < cut1.rank else 1


def deal(rng: random.Random) -> Deal:
    """Set up a game with ``rng`` only, as the players would at the table (P1, P2, P3).

    Each deck is shuffled (by the other player), then each player cuts their own deck
    and shows the bottom card of the top part; equal ranks cut again. Then each player
    shuffles their own deck, which becomes their stock. (`pirate_rules.cards.shuffle`
    shuffles exactly as ``rng.shuffle`` does, only faster.)

    Example:
        >>> setup = deal(random.Random(1))
        >>> len(setup.stocks[0]), len(setup.stocks[1]), setup.low in (0, 1)
        (52, 52, True)
    """
    decks = (standard_deck(), standard_deck())
    for deck in decks:
        shuffle(deck, rng)
    cuts: list[tuple[Card, Card]] = []
    low = None
    while low is None:
        shown = (_cut(decks[0], rng), _cut(decks[1], rng))
        cuts.append(shown)
        low = low_player(*shown)
    for deck in decks:
        shuffle(deck, rng)
    return Deal(decks, low, tuple(cuts))


def _cut(deck: list[Card], rng: random.Random) -> Card:
    # The bottom card of the top part, which holds between 1 and 51 cards.
    return deck[rng.randint(1, len(deck) - 1) - 1]


def read_stock(cards: Sequence[Card] | Sequence[str] | str) -> list[Card]:
    """Read a stock given as cards, notations, or one string of notations (top first)."""
    if isinstance(cards, str):
        return parse_cards(cards)
    return [card if isinstance(card, Card) else Card.parse(card) for card in cards]


def check_deck(cards: Sequence[Card], whose: str, *, complete: bool = True) -> None:
    """Check that ``cards`` are one deck: each card once, no joker, all 52 if ``complete`` (P1).

    Raises:
        PirateRulesError: naming the missing, repeated or foreign cards.

    Example:
        >>> check_deck(parse_cards("AS 2S 2S JK"), "Ann's stock", complete=False)
        Traceback (most recent call last):
        ...
        pirate_rules.errors.PirateRulesError: Ann's stock is not part of one deck: twice 2S;
        not in a deck JK (P1)
        >>> check_deck(standard_deck()[1:], "Ben's stock")
        Traceback (most recent call last):
        ...
        pirate_rules.errors.PirateRulesError: Ben's stock is not one 52-card deck: missing AS (P1)
    """
    counts = Counter(cards)
    problems = []
    if complete and len(counts) < len(_DECK):
        problems.append("missing " + format_cards(sorted(_DECK - counts.keys())))
    twice = sorted(card for card, count in counts.items() if count > 1)
    if twice:
        problems.append("twice " + format_cards(twice))
    foreign = sorted(card for card in counts if card not in _DECK)
    if foreign:
        problems.append("not in a deck " + format_cards(foreign))
    if problems:
        kind = "one 52-card deck" if complete else "part of one deck"
        raise PirateRulesError(f"{whose} is not {kind}: {'; '.join(problems)} (P1)")


def check_players(players: Sequence[str]) -> tuple[str, str]:
    """Check that ``players`` is two non-empty names.

    Raises:
        PirateRulesError: if it is not.
    """
    if isinstance(players, str) or len(players) != 2:
        raise PirateRulesError(f"Pirate is played by two players, not {players!r}")
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise PirateRulesError(f"a player's name must be non-empty text, not {name!r}")
    return (players[0], players[1])
