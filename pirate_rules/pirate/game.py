"""The game of *Pirate* for two players and two decks, played in moments (P1 to P11).

A :class:`PirateGame` holds the whole table: each player's stock and waste, the current
ship of each suit, the captured and sunk ships, and the moment number. Real time is cut
into moments (P4): in each moment both players pick an action from the same position,
and :meth:`PirateGame.apply_moment` applies the pair at once, as OpenSpiel applies the
joint action of a simultaneous-move game.

    >>> game = PirateGame(stocks=("AH 5C", "KH 9D"), players=("Ann", "Ben"), complete=False)
    >>> game.apply_moment("TT")
    >>> game.legal_actions(0), game.legal_actions(1)
    ([Action.TURN, Action.PLAY, Action.WAIT], [Action.TURN, Action.PLAY, Action.WAIT])
    >>> game.apply_moment("PW")
    >>> print(game.ship("H").describe(0), game.waste(1))
    A [Card.parse('KH')]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar, NamedTuple

from pirate_rules.cards import SUIT_NAMES, SUITS, Card, seeded_generator
from pirate_rules.errors import IllegalMoveError, PirateRulesError
from pirate_rules.logs import Log
from pirate_rules.pirate.actions import Action, parse_action, parse_moment
from pirate_rules.pirate.deal import check_deck, check_players, deal, low_player, read_stock
from pirate_rules.pirate.ships import ALL_RANKS, SUIT_INDEX, Placed, Ship, captor
from pirate_rules.pirate.table import describe_event, describe_outcome, draw

__all__ = ["Event", "Outcome", "PirateGame", "Termination", "outcome_by_ships", "use_shortcut"]

DEFAULT_PLAYERS = ("Player 1", "Player 2")

_TURN = Action.TURN
_FAST_PATHS = True
"""Whether `PirateGame.apply_moment` and the bots' game loop (`pirate_rules.pirate.playout`)
take their shortcuts (see `pirate_rules.pirate.shortcuts`); the tests switch them off to
check that the plain code gives the same games, and the misreading catalogue switches
them off to change the plain code alone."""


class Termination(Enum):
    """Why a game ended; the value is the rule id."""

    CAPTURES = "P10"
    """A player captured five ships, or four once any ship was sunk."""
    BLOCKED = "P11"
    """No card left in any stock or waste can ever be placed."""

    def __repr__(self) -> str:
        return f"Termination.{self.name}"


@dataclass(frozen=True)
class Outcome:
    """The end of a game: the winner (0 or 1, or None for a draw) and why it ended."""

    winner: int | None
    termination: Termination


def outcome_by_ships(score: tuple[int, int], sunk: int, blocked: bool = False) -> Outcome | None:
    """How a game ends, from the ships each player captured and how many sank.

    P10: a player with five ships wins, or with four once any ship has sunk. P11: when
    ``blocked`` (nothing can ever be placed again), more ships win, and equal is a draw.
    Otherwise the game goes on (``None``). The winner is None for a draw.

    Examples:
        >>> outcome_by_ships((4, 2), sunk=0) is None, outcome_by_ships((4, 2), sunk=1)
        (True, Outcome(winner=0, termination=Termination.CAPTURES))
        >>> outcome_by_ships((3, 3), sunk=2, blocked=True)
        Outcome(winner=None, termination=Termination.BLOCKED)
    """
    ships0, ships1 = score
    winner = None if ships0 == ships1 else int(ships1 > ships0)
    if max(ships0, ships1) >= (4 if sunk else 5):
        return Outcome(winner, Termination.CAPTURES)
    if blocked:
        return Outcome(winner, Termination.BLOCKED)
    return None


class Event(NamedTuple):
    """Something worth a line in the log; :attr:`PirateGame.log` writes it in words.

    ``kind`` is ``"cut"``, ``"restock"``, ``"claim"``, ``"clash"``, ``"capture"`` or
    ``"sink"``. ``player`` is who did it (None for a cut or a sinking), ``cards`` the
    cards shown, claimed or clashed over, ``suit`` and ``number`` name a ship (for a
    restock, ``number`` is the size of the new stock).
    """

    moment: int
    kind: str
    player: int | None
    cards: tuple[Card, ...] = ()
    suit: str = ""
    number: int = 0


class PirateGame:
    """A game of *Pirate*: the table, the moments played so far, and the rules.

    Args:
        stocks: Each player's starting stock, top card first: a list of cards or card
            notations, or one string of notations separated by spaces.
        low: Which player (0 or 1) is the low player (P2).
        players: The two players' names.
        complete: If true (the default) each stock must be one whole 52-card deck (P1).
            If false, each stock may be any part of one deck, the rest of it being out
            of play: handy to set up a small exact situation.

    Raises:
        PirateRulesError: if a stock is not (part of) one deck, naming the bad cards.
        InvalidCardError: if a card cannot be read.

    Attributes:
        players: The two names.
        low: The low player (0 or 1).
        cuts: The cards shown by each cut, in order (empty when given explicitly).
        moment: How many moments have been played.
        history: Every moment played, as two letters such as ``"TP"``.
        captured: The ships each player captured.
        sunk: The ships sunk.
        events: The log as data; :attr:`log` writes it in words.

    Example:
        >>> game = PirateGame.from_seed(7, players=("Ann", "Ben"))
        >>> game.log[-1]
        'Ann cut 2C, Ben cut 5D: Ann is low'
    """

    def __init__(
        self,
        stocks: Sequence[Sequence[Card] | Sequence[str] | str],
        *,
        low: int = 0,
        players: Sequence[str] = DEFAULT_PLAYERS,
        complete: bool = True,
    ) -> None:
        self.players = check_players(players)
        if low not in (0, 1) or isinstance(low, bool):
            raise PirateRulesError(f"the low player must be 0 or 1, not {low!r}")
        if isinstance(stocks, str) or len(stocks) != 2:
            raise PirateRulesError("give two stocks, one per player")
        decks = (read_stock(stocks[0]), read_stock(stocks[1]))
        for player, deck in enumerate(decks):
            check_deck(deck, f"{self.players[player]}'s stock", complete=complete)
        self._begin(decks, low, complete)

    def _begin(self, decks: tuple[list[Card], list[Card]], low: int, complete: bool) -> None:
        """Lay out the table for two checked stocks, top card first (P1, P3)."""
        self.low = low
        self.complete = complete
        self.start = (tuple(decks[0]), tuple(decks[1]))
        self.cuts: tuple[tuple[Card, Card], ...] = ()
        self.moment = 0
        self.history: Log[str] = Log()
        self.captured: tuple[list[Ship], list[Ship]] = ([], [])
        self.sunk: list[Ship] = []
        self.events: Log[Event] = Log()
        # Stocks and wastes keep their top card last, where popping is cheap.
        self._stocks = [decks[0][::-1], decks[1][::-1]]
        self._wastes: list[list[Card]] = [[], []]
        # P9: whether a player's top waste card is the one they turned last.
        self._fresh = [False, False]
        # P11: bit masks of the ranks of each suit still in each player's stock and waste.
        if complete:
            self._held = [[ALL_RANKS] * 4, [ALL_RANKS] * 4]
        else:
            self._held = [[0, 0, 0, 0], [0, 0, 0, 0]]
            for player, deck in enumerate(decks):
                for card in deck:
                    self._held[player][SUIT_INDEX[card.suit]] |= 1 << card.rank
        self._ships = [Ship(suit, 1, low) for suit in SUITS]
        self._outcome = self._find_outcome()

    @classmethod
    def from_seed(cls, seed: int, *, players: Sequence[str] = DEFAULT_PLAYERS) -> PirateGame:
        """Set up a game as at the table, using ``random.Random(seed)`` only (P1, P2, P3).

        Each deck is shuffled, each player cuts their own deck (the lower rank shown is
        the low player; equal ranks cut again), then each player shuffles their deck to
        form their stock.

        Example:
            >>> game = PirateGame.from_seed(7)
            >>> game.cuts, game.low
            (((Card.parse('2C'), Card.parse('5D')),), 0)
        """
        setup = deal(seeded_generator(seed))  # random.Random(seed), made directly
        game = cls.__new__(cls)
        game.players = check_players(players)
        game._begin(setup.stocks, setup.low, complete=True)  # two whole decks, from the deal
        game.cuts = setup.cuts
        game.events = Log(Event(0, "cut", low_player(*cut), cut) for cut in setup.cuts)
        return game

    # -- looking at the table ------------------------------------------------------------

    @property
    def high(self) -> int:
        """The high player (0 or 1)."""
        return 1 - self.low

    def stock(self, player: int) -> list[Card]:
        """``player``'s stock, top card first (P3)."""
        return self._stocks[player][::-1]

    def waste(self, player: int) -> list[Card]:
        """``player``'s waste, top card first; only the top card can be played (P3)."""
        return self._wastes[player][::-1]

    def waste_top(self, player: int) -> Card | None:
        """``player``'s top waste card, the only one they can play, or None (P3)."""
        waste = self._wastes[player]
        return waste[-1] if waste else None

    def is_observer(self, player: int) -> bool:
        """Whether ``player`` has no stock and no waste left, and so only claims or waits (P9)."""
        return not self._stocks[player] and not self._wastes[player]

    def is_fresh(self, player: int) -> bool:
        """Whether ``player``'s top waste card is the one they turned last, still uncovered (P9)."""
        return self._fresh[player]

    def ship(self, suit: str) -> Ship:
        """The current ship of ``suit`` (``"S" "H" "D" "C"``); read it, do not change it."""
        return self._ships[SUIT_INDEX[suit]]

    @property
    def ships(self) -> list[Ship]:
        """The current ship of each suit, spades, hearts, diamonds, clubs."""
        return list(self._ships)

    def half(self, player: int, suit: str) -> list[Placed]:
        """``player``'s half of the current ``suit`` ship, keel first, each card with its owner."""
        return list(self.ship(suit).halves[player])

    @property
    def score(self) -> tuple[int, int]:
        """How many ships each player has captured."""
        return len(self.captured[0]), len(self.captured[1])

    # -- legal actions -------------------------------------------------------------------

    def can_turn(self, player: int) -> bool:
        """Whether ``player`` may turn: they have a stock or a waste to turn over (P5)."""
        return self._outcome is None and bool(self._stocks[player] or self._wastes[player])

    def can_play(self, player: int) -> bool:
        """Whether ``player``'s top waste card fits their own half of its suit's ship (P6)."""
        waste = self._wastes[player]
        if not waste or self._outcome is not None:
            return False
        card = waste[-1]
        return card.rank == self._ships[SUIT_INDEX[card.suit]].needs[player]

    def can_claim(self, player: int) -> bool:
        """Whether ``player``, an observer, may claim the opponent's newly turned card (P9)."""
        other = 1 - player
        waste = self._wastes[other]
        if not waste or not self._fresh[other] or self._outcome is not None:
            return False
        if self._stocks[player] or self._wastes[player]:
            return False
        card = waste[-1]
        return card.rank == self._ships[SUIT_INDEX[card.suit]].needs[player]

    def legal_actions(self, player: int) -> list[Action]:
        """``player``'s legal actions this moment, in the order T, P, C, W (P4, P9).

        Waiting is always legal until the game ends; then there are no actions.

        Example:
            >>> PirateGame.from_seed(1).legal_actions(0)
            [Action.TURN, Action.WAIT]
        """
        if self._outcome is not None:
            return []
        actions = []
        if self.can_turn(player):
            actions.append(Action.TURN)
            if self.can_play(player):
                actions.append(Action.PLAY)
        elif self.can_claim(player):
            actions.append(Action.CLAIM)
        actions.append(Action.WAIT)
        return actions

    def check_action(self, player: int, action: Action | str) -> None:
        """Raise an error saying why, if ``player`` may not take ``action`` this moment.

        Raises:
            InvalidMoveError: if ``action`` is not one of the letters ``T P C W``.
            IllegalMoveError: naming the rule: P9 for a turn by an observer, P6 for a
                play that does not fit, P9 for a claim that is not allowed, P10 or P11
                once the game is over.

        Example:
            >>> game = PirateGame(stocks=("7S", "KS"), players=("Ann", "Ben"), complete=False)
            >>> game.check_action(0, "P")
            Traceback (most recent call last):
            ...
            pirate_rules.errors.IllegalMoveError: Ann cannot play: Ann's waste is empty (P6)
        """
        self._check(player, parse_action(action))

    def _check(self, player: int, action: Action) -> None:
        if self._outcome is not None:
            raise IllegalMoveError(
                f"the game is over: {describe_outcome(self, self._outcome)}",
                rule=self._outcome.termination.value,
            )
        if action is Action.TURN:
            self._check_turn(player)
        elif action is Action.PLAY:
            self._check_play(player)
        elif action is Action.CLAIM:
            self._check_claim(player)

    def _check_turn(self, player: int) -> None:
        """P9: a player without stock or waste is an observer and cannot turn (P5)."""
        if not self.can_turn(player):
            name = self.players[player]
            raise IllegalMoveError(
                f"{name} cannot turn: {name} has no stock or waste left and can only claim or wait",
                rule="P9",
            )

    def _check_play(self, player: int) -> None:
        """P6: only the top waste card, onto the player's own half, as keel or next rank."""
        name = self.players[player]
        waste = self._wastes[player]
        if not waste:
            raise IllegalMoveError(f"{name} cannot play: {name}'s waste is empty", rule="P6")
        card = waste[-1]
        ship = self._ships[SUIT_INDEX[card.suit]]
        if not ship.fits(player, card):
            raise IllegalMoveError(
                f"{name} cannot play {card}: {_needs(ship, name, player)}", rule="P6"
            )

    def _check_claim(self, player: int) -> None:
        """P9: only an observer claims, only the opponent's newly turned card, if it fits."""
        name, other = self.players[player], self.players[1 - player]
        if not self.is_observer(player):
            raise IllegalMoveError(
                f"{name} cannot claim: only a player with no stock and no waste left claims",
                rule="P9",
            )
        waste = self._wastes[1 - player]
        if not waste:
            raise IllegalMoveError(f"{name} cannot claim: {other}'s waste is empty", rule="P9")
        card = waste[-1]
        if not self._fresh[1 - player]:
            raise IllegalMoveError(
                f"{name} cannot claim {card}: it is not the card {other} turned last",
                rule="P9",
            )
        ship = self._ships[SUIT_INDEX[card.suit]]
        if not ship.fits(player, card):
            raise IllegalMoveError(
                f"{name} cannot claim {card}: {_needs(ship, name, player)}", rule="P9"
            )

    # -- playing -------------------------------------------------------------------------

    def apply_moment(self, first: str | Action, second: str | Action | None = None) -> None:
        """Play one moment: both players' actions, chosen from the same table, at once (P4).

        Give both letters in one string (``"TP"``) or one action per player. Both actions
        are checked before anything moves, so a refused moment leaves the game unchanged.
        Then claims take their card first (P9), turns and plays follow (P5, P6), and
        completed ships are captured or sunk (P7, P8).

        The code after the two shortcuts states this plainly. Bots play millions of
        moments, so a moment where both turn a stock card, and any other moment
        (`_at_once`, given by `pirate_rules.pirate.playout`: see `use_shortcut`), are
        first tried written out; they change the game exactly as the plain code does
        (``tests/test_fast_paths.py`` plays thousands of games both ways and compares
        every state), and leave anything refused to it.

        Raises:
            InvalidMoveError: if the text is not two actions.
            IllegalMoveError: if a rule forbids either action; it names the rule.
        """
        if first is _TURN and second is _TURN and _FAST_PATHS and self._outcome is None:
            stock0, stock1 = self._stocks
            if stock0 and stock1:
                # The shortcut for the most common moment of all: both players turn a
                # stock card (P5). No card reaches a ship, so the outcome cannot
                # change (P7, P10, P11).
                self.moment += 1
                self.history.tail.append("TT")
                wastes = self._wastes
                wastes[0].append(stock0.pop())
                wastes[1].append(stock1.pop())
                fresh = self._fresh
                fresh[0] = fresh[1] = True
                return
        if first.__class__ is Action and second.__class__ is Action:
            first_action, second_action = first, second  # already read (what bots give)
        else:
            first_action, second_action = parse_moment(first, second)
        if _FAST_PATHS and self._outcome is None and self._at_once(first_action, second_action):
            # The shortcut for the other moments (see `_at_once`). Anything refused
            # takes the plain way below, whose errors name the rule.
            return
        actions = first_action, second_action
        self._check(0, first_action)
        self._check(1, second_action)
        self.moment += 1
        self.history.tail.append(first_action + second_action)
        # Which players put a card on each suit's ship this moment, as bits 1 and 2.
        touched = [0, 0, 0, 0]
        placed = False
        for player in (0, 1):
            if actions[player] is Action.CLAIM:
                self._claim(player, actions[1 - player], touched)
                placed = True
        for player in (0, 1):
            action = actions[player]
            if action is Action.TURN:
                self._turn(player)
            elif action is Action.PLAY:
                self._play(player, touched)
                placed = True
        if placed:
            self._complete_touched(touched)
            self._look_for_end()

    def _complete_touched(self, touched: list[int]) -> None:
        """P7: capture or sink each completed ship, suit by suit; ``touched`` says, for
        each suit, which players put a card on its ship this moment (bits 1 and 2)."""
        for index, players in enumerate(touched):
            if players and self._ships[index].is_complete:
                self._complete(index, players)

    _at_once: ClassVar[Callable[[PirateGame, Action, Action], bool]]
    """The shortcut for a moment of plays, turns and waits, or one claim: it plays the
    moment and returns True, or changes nothing and returns False, leaving the moment to
    the plain code. It is `pirate_rules.pirate.shortcuts.at_once`, taking the game as
    ``self``, once `pirate_rules.pirate.playout` gives it (see `use_shortcut`); until
    then it leaves every moment to the plain code."""

    def _play_out(
        self,
        choosers: tuple[Callable[[PirateGame, int], Action], Callable[[PirateGame, int], Action]],
        max_moments: int,
        quick: tuple[bool, bool] = (False, False),
    ) -> tuple[None, None]:
        """Play moments chosen by two bots until the end, or until ``max_moments`` have
        been played, plainly: each bot chooses and `apply_moment` plays the moment.

        ``choosers`` are the two bots' ``choose`` methods. This is the loop of
        `pirate_rules.pirate.playout.play_out` with the shortcuts off; with them on, that
        loop is written out (`pirate_rules.pirate.shortcuts.play_out`), and only it reads
        ``quick`` (here every seat's bot chooses itself, so none has a choice to tell).
        """
        choose0, choose1 = choosers
        while self._outcome is None and self.moment < max_moments:
            self.apply_moment(choose0(self, 0), choose1(self, 1))
        return None, None

    def apply_moments(self, moments: Iterable[str] | str) -> None:
        """Play several moments in order, given as two-letter strings (``"TT PT TP"``).

        Stops at the first refused moment, with the moments before it played.
        """
        for moment in moments.split() if isinstance(moments, str) else moments:
            self.apply_moment(moment)

    def _turn(self, player: int) -> None:
        """P5: turn the top stock card onto the waste; with no stock, the waste becomes it."""
        stock = self._stocks[player]
        if stock:
            self._wastes[player].append(stock.pop())
            self._fresh[player] = True
        else:
            # The waste turned face down: its first-turned (bottom) card comes on top.
            # (The lists stay the same lists, so the shortcuts may hold on to them.)
            waste = self._wastes[player]
            size = len(waste)
            stock.extend(reversed(waste))
            waste.clear()
            self._fresh[player] = False
            if size:
                self.events.append(Event(self.moment, "restock", player, number=size))

    def _play(self, player: int, touched: list[int]) -> None:
        """P6: move the top waste card (checked to fit) onto the player's own half."""
        card = self._wastes[player].pop()
        self._fresh[player] = False
        index = SUIT_INDEX[card.suit]
        self._held[player][index] &= ~(1 << card.rank)
        self._ships[index].place(player, card, owner=player)
        touched[index] |= 1 << player

    def _claim(self, player: int, owner_action: Action, touched: list[int]) -> None:
        """P9: the observer takes the owner's newly turned card onto the observer's half.

        A claim made in the moment the owner turns still gets the card that was on top
        when the moment began. If the owner plays that very card in the same moment, the
        owner's play stands, and the observer counts as having put a card on the ship too:
        should the card complete it, both did and it sinks (P7).
        """
        owner = 1 - player
        card = self._wastes[owner][-1]
        index = SUIT_INDEX[card.suit]
        touched[index] |= 1 << player
        if owner_action is Action.PLAY:
            self.events.append(Event(self.moment, "clash", player, (card,)))
            return
        self._wastes[owner].pop()
        self._fresh[owner] = False
        self._held[owner][index] &= ~(1 << card.rank)
        self._ships[index].place(player, card, owner=owner)
        self.events.append(Event(self.moment, "claim", player, (card,)))

    def _complete(self, index: int, players: int) -> None:
        """P7: one placer captures the complete ship; two sink it. P8: the next one begins."""
        ship = self._ships[index]
        player = captor(players)
        if player is None:
            self.sunk.append(ship)
            self.events.append(Event(self.moment, "sink", None, (), ship.suit, ship.number))
        else:
            self.captured[player].append(ship)
            self.events.append(Event(self.moment, "capture", player, (), ship.suit, ship.number))
        self._ships[index] = Ship(ship.suit, ship.number + 1, self.low)

    # -- the end -------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on (P10, P11).

        Example:
            >>> PirateGame.from_seed(1).outcome() is None
            True
        """
        return self._outcome

    def is_terminal(self) -> bool:
        """Whether the game is over: ``outcome() is not None``."""
        return self._outcome is not None

    is_game_over = is_terminal

    def copy(self) -> PirateGame:
        """An independent copy of the game, to try moments on without touching this one.

        Example:
            >>> game = PirateGame.from_seed(1)
            >>> trial = game.copy()
            >>> trial.apply_moment("TT")
            >>> game.moment, trial.moment
            (0, 1)
        """
        other = object.__new__(PirateGame)
        other.__dict__.update(self.__dict__)
        other.history = self.history.copy()
        other.captured = (list(self.captured[0]), list(self.captured[1]))
        other.sunk = list(self.sunk)
        other.events = self.events.copy()
        other._stocks = [list(stock) for stock in self._stocks]
        other._wastes = [list(waste) for waste in self._wastes]
        other._fresh = list(self._fresh)
        other._held = [list(held) for held in self._held]
        other._ships = [ship.copy() for ship in self._ships]
        return other

    def _fingerprint(self) -> tuple[object, ...]:
        """Everything a bot could change, read in one go: for `pirate_rules.referee`,
        which compares it before and after a bot's choice.

        Every field (and how many there are), the contents of every list: the stocks,
        the wastes, what each player still holds (P11), each current ship's halves,
        keels and directions, which ships were captured or sunk, the events and the
        moments played. A reordered stock, a card slipped onto a ship or a rewritten
        moment all show. Ships are compared as themselves, so a ship swapped for another
        shows (a finished ship's cards are not read: no rule looks at them again);
        lengths keep the lists apart, so a card moved from one to the next shows too.
        The events and the moments, which grow all game, are read by their seals
        (:meth:`~pirate_rules.logs.Log.seal`), at a cost that does not grow with them.
        """
        s0, s1 = self._stocks
        w0, w1 = self._wastes
        h0, h1 = self._held
        k0, k1, k2, k3 = self._ships
        c0, c1 = self.captured
        sunk, events, history = self.sunk, self.events, self.history
        # A log put in the place of one (a list, say) is read whole.
        events_seal = events.seal() if type(events) is Log else (type(events), *events)
        history_seal = history.seal() if type(history) is Log else (type(history), *history)
        return (
            len(self.__dict__), self.players, self.low, self.complete, self.start, self.cuts,
            self.moment, self._outcome, len(s0), *s0, len(s1), *s1, len(w0), *w0, len(w1),
            *w1, *self._fresh, *h0, *h1, len(self._ships), k0, k1, k2, k3,
            k0.suit, k0.number, k0.ranks, *k0.steps, *k0.needs, len(k0.halves[0]), *k0.halves[0],
            len(k0.halves[1]), *k0.halves[1],
            k1.suit, k1.number, k1.ranks, *k1.steps, *k1.needs, len(k1.halves[0]), *k1.halves[0],
            len(k1.halves[1]), *k1.halves[1],
            k2.suit, k2.number, k2.ranks, *k2.steps, *k2.needs, len(k2.halves[0]), *k2.halves[0],
            len(k2.halves[1]), *k2.halves[1],
            k3.suit, k3.number, k3.ranks, *k3.steps, *k3.needs, len(k3.halves[0]), *k3.halves[0],
            len(k3.halves[1]), *k3.halves[1],
            len(c0), *c0, len(c1), *c1, len(sunk), *sunk, len(events), *events_seal,
            *history_seal,
        )  # fmt: skip

    def _look_for_end(self) -> None:
        """P10, P11: end the game if it is over (`_find_outcome`), after a moment in
        which a card was placed."""
        self._outcome = self._find_outcome()

    def _find_outcome(self) -> Outcome | None:
        """P10 first (enough captures), then P11 (nothing can ever be placed again).

        Only a placement changes what either rule looks at, so this runs after moments
        in which a card was placed, and at the start.
        """
        outcome = outcome_by_ships(self.score, len(self.sunk))
        if outcome is None and not self._anything_fits():
            outcome = outcome_by_ships(self.score, len(self.sunk), blocked=True)
        return outcome

    def _anything_fits(self) -> bool:
        """P11: whether some stock or waste card fits a half where it could be placed.

        A card fits for its owner's own half, or for the opponent's half when the
        opponent is an observer and could claim it. A player who is not an observer can
        only become one by placing cards, so when nothing fits now, nothing ever will.
        """
        return any(self._suit_fits(index) for index in range(4))

    def _suit_fits(self, index: int) -> bool:
        """P11, for one suit: whether a stock or waste card of the suit ``index`` (0 to 3,
        spades first) fits its owner's half, or an observer's half by a claim."""
        ship = self._ships[index]
        needs = ship.needs
        stocks, wastes = self._stocks, self._wastes
        for player in (0, 1):
            held = self._held[player][index]
            if held:
                if held >> needs[player] & 1:
                    return True
                other = 1 - player
                if not stocks[other] and not wastes[other] and held >> needs[other] & 1:
                    return True
        return False

    # -- text ----------------------------------------------------------------------------

    @property
    def log(self) -> list[str]:
        """The log in words, one line per event (cuts, restocks, claims, captures, sinkings).

        The lines are written when asked for; :attr:`events` holds the same as data.
        """
        return [describe_event(self, event) for event in self.events]

    def __str__(self) -> str:
        return draw(self)

    def __repr__(self) -> str:
        names = " vs ".join(self.players)
        return f"<PirateGame {names}, moment {self.moment}>"


def _no_shortcut(game: PirateGame, first: Action, second: Action) -> bool:
    """No moment written out: every moment is left to the plain code."""
    return False


PirateGame._at_once = _no_shortcut


def use_shortcut(moment: Callable[[PirateGame, Action, Action], bool]) -> None:
    """Have `PirateGame.apply_moment` try each moment first through ``moment`` while the
    shortcuts are on (``_FAST_PATHS``): the game's `PirateGame._at_once`.

    ``moment`` plays a moment exactly as the plain code of `PirateGame.apply_moment`
    does and returns True, or changes nothing and returns False. `pirate_rules.pirate.playout`
    gives `pirate_rules.pirate.shortcuts.at_once` when the package is imported, so
    that this module, which states the rules, needs nothing from the shortcuts;
    ``tests/test_fast_paths.py`` holds the two to the same games.
    """
    PirateGame._at_once = moment


def _needs(ship: Ship, name: str, player: int) -> str:
    half = f"{name}'s {SUIT_NAMES[ship.suit]} half"
    if ship.halves[player]:
        return f"{half} needs {ship.next_card(player)} next"
    return f"{half} is not begun, and only its keel {ship.keel(player)} begins it"
