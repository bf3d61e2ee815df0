"""The game of *Marvin's Pirates Go!*: one object that holds the table and plays turns.

A turn (M5) is: an optional prize power, the draw (M9), what the drawn card does
(M10 to M15), then the card goes on the discard pile. The game stops at each
**decision point**, where `MarvinGame.legal_moves` lists the exact choices:

* the **prize phase** (``game.phase == "prize"``): the usable prize powers and ``draw``;
  it is skipped when the player has no usable power;
* the **card phase** (``game.phase == "card"``): what the drawn card can do: targets
  for A 3 5 7 8 9, own pirates for 2 4 6 10, prizes for J Q K. A card with nothing to
  do (a joker, a shield card with no pirate to shield, a face card when you hold all
  three prizes) resolves at once; a single option still waits for a move.

The draw is the only chance step and happens by itself, so one move may play on
through the next turns until someone has a choice.

    >>> game = MarvinGame.stacked("9C 2H", players=("Marvin", "Mum"))
    >>> game.phase, game.drawn, game.legal_moves
    ('card', Card.parse('9C'), <LegalMoves: GL, GR>)
    >>> game.play("GL")
    >>> game.log
    ["Turn 1: Marvin draws 9C and slashes Mum's GL (2 hits): GL 4 -> 2 HP"]
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from pirate_rules.cards import (
    JOKER,
    Card,
    parse_cards,
    seeded_generator,
    shuffled,
    standard_deck,
)
from pirate_rules.errors import InvalidMoveError, PirateRulesError
from pirate_rules.marvin import display
from pirate_rules.marvin.display import EV_CARD, EV_POWER, EV_RESHUFFLE, EV_RETURN, EV_WIN
from pirate_rules.marvin.moves import (
    CARD,
    DRAW,
    K_CAVE,
    K_SHIP,
    NO_MOVES,
    NOT_WORKED_OUT,
    ONLY_DRAW,
    OVER,
    PHASES,
    POWER_TABLE,
    PRIZE,
    SHIELDABLE,
    TAKES,
    TARGETS,
    LegalMoves,
    Move,
    power_moves,
)
from pirate_rules.marvin.refusals import refusal
from pirate_rules.marvin.state import NEVER
from pirate_rules.marvin.table import (
    E_HIT,
    E_KILL,
    E_SHIELD,
    E_TAKE,
    EFFECT_OF_RANK,
    PRIZE_INDEX,
    PRIZES,
    Side,
    check_deck,
    check_jokers,
)

__all__ = ["PHASES", "MarvinGame", "Outcome", "Termination", "use_shortcut"]


_tuple_contains = tuple.__contains__
_new_game = object.__new__
_FAST_PATHS = True
"""Whether `MarvinGame.push` and the bots' game loop (`pirate_rules.marvin.playout`) take
their shortcuts (see `pirate_rules.marvin.shortcuts`); the tests switch them off to check
that the plain code gives the same games, and the misreading catalogue switches them off
to change the plain code alone."""


class Termination(enum.Enum):
    """How a game ended."""

    ALL_FAINTED = "all_fainted"
    """All four pirates of the loser have fainted (M18)."""


@dataclass(frozen=True)
class Outcome:
    """The end of a game, as data.

    Attributes:
        winner: The winning player, 0 or 1.
        termination: How the game ended.
    """

    winner: int
    termination: Termination = Termination.ALL_FAINTED


class Script(Protocol):
    """Checks the draws of a replayed game against its record (see ``record.py``)."""

    def before_draw(self, game: MarvinGame) -> None:
        """Check the draw pile (and reshuffle it from the record) before a draw (M9)."""

    def idle_card(self, game: MarvinGame, card: Card) -> None:
        """Check a drawn card that can do nothing against the record."""


Turn = tuple[Move | None, tuple[Card, ...] | None, Card, Move | None]
"""One turn as the game records it: the prize power, the reshuffled order, the card, the choice."""


class MarvinGame:
    """A game of *Marvin's Pirates Go!* between two players, from setup to the end.

    Args:
        deck: The draw pile at the start, top card first: the 52 cards and ``jokers``
            jokers, each once (M1). Cards or notations, or one string of notations.
        first: The player who starts, 0 or 1 (M4).
        players: The two players' names.
        jokers: How many jokers the deck holds: 0, 1 or 2 (M1).
        seed: Seed of the game's own generator, used only to reshuffle the discard
            pile when the draw pile runs out (M9).

    Raises:
        PirateRulesError: if the deck is not a full deck (the message names the missing
            and extra cards) or an option is out of range.

    Attributes:
        players: The two names; player 0 is drawn at the bottom of the table.
        first: The player who took the first turn.
        jokers: How many jokers the deck holds.

    Examples:
        >>> game = MarvinGame.from_seed(7, players=("Marvin", "Mum"))
        >>> game.turn, game.players[game.to_move] in game.players
        (0, True)
        >>> MarvinGame("7H KS")
        Traceback (most recent call last):
        ...
        pirate_rules.errors.PirateRulesError: not a deck of 52 cards and 2 jokers: missing ... (M1)
    """

    __slots__ = (
        "_deck",
        "_discard",
        "_drawn",
        "_events",
        "_held",
        "_holder",
        "_legal",
        "_phase",
        "_pile",
        "_reshuffles",
        "_rng",
        "_script",
        "_sides",
        "_to_move",
        "_turn",
        "first",
        "jokers",
        "players",
    )

    players: tuple[str, str]
    first: int
    jokers: int
    _rng: random.Random | int
    """The generator that reshuffles (M9), or the seed of a search copy's (`_fork`)."""

    def __init__(
        self,
        deck: Iterable[Card | str] | str,
        *,
        first: int = 0,
        players: Sequence[str] = ("Player 1", "Player 2"),
        jokers: int = 2,
        seed: int | None = 0,
    ) -> None:
        if isinstance(deck, str):
            cards = parse_cards(deck)
        else:
            cards = [card if isinstance(card, Card) else Card.parse(card) for card in deck]
        check_deck(cards, jokers)
        self._setup(cards, first, players, jokers, random.Random(seed), None)

    @classmethod
    def from_seed(
        cls,
        seed: int | None,
        *,
        jokers: int = 2,
        players: Sequence[str] = ("Player 1", "Player 2"),
        first: int | None = None,
    ) -> MarvinGame:
        """A new game whose deck is shuffled by ``random.Random(seed)`` (M1, M4).

        When ``first`` is not given, the same generator draws who starts; it also
        reshuffles the discard pile later (M9). The same seed always gives the same game.

        Examples:
            >>> a, b = MarvinGame.from_seed(5), MarvinGame.from_seed(5)
            >>> a.deck == b.deck and a.first == b.first
            True
        """
        check_jokers(jokers)
        rng = seeded_generator(seed)
        cards = shuffled(_DECKS[jokers], rng)
        if first is None:
            first = rng.randrange(2)
        game = cls.__new__(cls)
        game._setup(cards, first, players, jokers, rng, None)
        return game

    @classmethod
    def stacked(
        cls,
        top: Iterable[Card | str] | str,
        *,
        first: int = 0,
        players: Sequence[str] = ("Player 1", "Player 2"),
        jokers: int = 2,
        seed: int | None = 0,
    ) -> MarvinGame:
        """A game whose draw pile starts with the cards ``top``, to set up a situation.

        The other cards follow in a fixed order: spades, hearts, diamonds, clubs, each
        Ace to King, then the jokers.

        Examples:
            >>> game = MarvinGame.stacked("8S JK")
            >>> game.drawn, game.draw_pile[:3]
            (Card.parse('8S'), [Card.parse('JK'), Card.parse('AS'), Card.parse('2S')])
        """
        cards = parse_cards(top) if isinstance(top, str) else [Card.parse(str(c)) for c in top]
        wanted = Counter(cards)
        rest = []
        for card in standard_deck() + [JOKER] * (jokers if jokers in (0, 1, 2) else 0):
            if wanted[card]:
                wanted[card] -= 1
            else:
                rest.append(card)
        return cls(cards + rest, first=first, players=players, jokers=jokers, seed=seed)

    def _setup(
        self,
        cards: list[Card],
        first: int,
        players: Sequence[str],
        jokers: int,
        rng: random.Random,
        script: Script | None,
    ) -> None:
        if isinstance(first, bool) or first not in (0, 1):
            raise PirateRulesError(f"first must be player 0 or 1, not {first!r} (M4)")
        names = tuple(players)
        if not (
            len(names) == 2
            and isinstance(names[0], str)
            and isinstance(names[1], str)
            and names[0]
            and names[1]
        ):
            raise PirateRulesError(f"players must be two non-empty names, not {players!r}")
        self.players = (names[0], names[1])
        self.first = first
        self.jokers = jokers
        self._deck = tuple(cards)
        self._pile = cards[::-1]
        self._discard: list[Card] = []
        self._drawn: Card | None = None
        self._sides = (Side(), Side())
        self._holder = [-1, -1, -1]
        self._held = [0, 0]
        self._to_move = first
        self._turn = 0
        self._phase = PRIZE
        self._legal = NO_MOVES
        self._events: list[tuple[object, ...]] = []
        self._reshuffles = 0
        self._rng = rng
        self._script = script
        self._advance()

    @classmethod
    def _replaying(
        cls, cards: list[Card], first: int, players: Sequence[str], jokers: int, script: Script
    ) -> MarvinGame:
        """A game for replaying a record: every turn stops at the prize phase, even with
        no usable power, and ``script`` checks each draw against the record."""
        game = cls.__new__(cls)
        game._setup(cards, first, players, jokers, random.Random(0), script)
        return game

    def _resume(self) -> None:
        """End a replay: back to normal play, drawing at once if no power is usable."""
        self._script = None
        if self._phase == PRIZE and self._power_moves(self._to_move) is None and not self._draw():
            self._advance()

    # Reading the game.

    @property
    def to_move(self) -> int:
        """The player whose turn it is, 0 or 1 (after the end: the winner)."""
        return self._to_move

    @property
    def turn(self) -> int:
        """How many turns have been played to the end."""
        return self._turn

    @property
    def phase(self) -> str:
        """``"prize"``, ``"card"`` or ``"over"`` (see the module's description)."""
        return self._phase

    @property
    def drawn(self) -> Card | None:
        """The card drawn this turn, waiting for its choice, or ``None``."""
        return self._drawn

    @property
    def legal_moves(self) -> LegalMoves:
        """The exact legal moves of the player to move; empty when the game is over."""
        return self._legal

    @property
    def sides(self) -> tuple[Side, Side]:
        """Each player's pirates: ``game.sides[1]["GL"]`` is player 1's guard left."""
        return self._sides

    def prizes(self, player: int) -> tuple[str, ...]:
        """The prizes ``player`` holds, in the order cave, ship, fort."""
        return tuple(name for i, name in enumerate(PRIZES) if self._holder[i] == player)

    @property
    def bank(self) -> tuple[str, ...]:
        """The prizes still in the bank (M3)."""
        return tuple(name for i, name in enumerate(PRIZES) if self._holder[i] < 0)

    def holder(self, prize: str) -> int | None:
        """The player holding ``prize``, or ``None`` while it is in the bank."""
        player = self._holder[PRIZE_INDEX[prize]]
        return player if player >= 0 else None

    @property
    def deck(self) -> tuple[Card, ...]:
        """The draw pile at the start of the game, top card first."""
        return self._deck

    @property
    def draw_pile(self) -> list[Card]:
        """The cards left to draw, top card first (a copy)."""
        return self._pile[::-1]

    @property
    def discard_pile(self) -> list[Card]:
        """The discarded cards, the most recent last (a copy)."""
        return self._discard[:]

    @property
    def reshuffles(self) -> int:
        """How many times the discard pile became the new draw pile (M9)."""
        return self._reshuffles

    @property
    def log(self) -> list[str]:
        """What happened, one plain sentence per event, each starting ``Turn N:``."""
        return [display.format_event(self, event) for event in self._events]

    # The turns, read from the log. The log (``_events``) is the game's one record: each
    # turn adds one card event (``EV_CARD``: the card and the choice), after the events
    # of its prize power (``EV_POWER``) and of a reshuffle (``EV_RESHUFFLE``, with the
    # new order) if any. A record (``record.py``) reads the turns from it.

    @property
    def _history(self) -> list[Turn]:
        """Each finished turn: (prize power or None, reshuffled order or None, card, choice)."""
        turns: list[Turn] = []
        power = reshuffled = None
        for event in self._events:
            kind = event[0]
            if kind == EV_CARD:
                turns.append((power, reshuffled, event[3], event[4]))  # type: ignore[arg-type]
                power = reshuffled = None
            elif kind == EV_POWER:
                power = event[3]
            elif kind == EV_RESHUFFLE:
                reshuffled = event[3]
        return turns

    def _this_turn(self, kind: int) -> object:
        """The item of this turn's event of ``kind`` (a power or a reshuffle), or None."""
        turn = self._turn + 1
        for event in reversed(self._events):
            if event[1] != turn:
                break
            if event[0] == kind:
                return event[3]
        return None

    @property
    def _power(self) -> Move | None:
        """The prize power used in the turn under way, or None."""
        return self._this_turn(EV_POWER)  # type: ignore[return-value]

    @property
    def _reshuffled(self) -> tuple[Card, ...] | None:
        """The new order of the draw pile if it was reshuffled in the turn under way, top first."""
        return self._this_turn(EV_RESHUFFLE)  # type: ignore[return-value]

    def outcome(self) -> Outcome | None:
        """The outcome once a player's four pirates have all fainted (M18), else ``None``."""
        for player, side in enumerate(self._sides):
            if not side._board and side._hidden < 0:
                return Outcome(1 - player)
        return None

    def is_game_over(self) -> bool:
        """Whether the game has ended (M18)."""
        return self._phase == OVER

    is_terminal = is_game_over

    @property
    def winner(self) -> int | None:
        """The winning player, or ``None`` while the game goes on."""
        outcome = self.outcome()
        return outcome.winner if outcome else None

    def __str__(self) -> str:
        """The table in plain text: both crews, the prizes, the piles and what comes next.

        The layout is described in `pirate_rules.marvin.display`.
        """
        return display.draw_table(self)

    def __repr__(self) -> str:
        return f"<MarvinGame: {display.status(self)}>"

    # Playing.

    def play(self, *moves: Move | str) -> None:
        """Apply moves in order, each a `Move` or its notation (see `push`).

        If a move is refused, the moves before it stay applied.
        """
        for move in moves:
            self.push(move)

    def push(self, move: Move | str) -> None:
        """Apply one move of the player to move, then play on to the next decision point.

        The turn's steps are stated plainly in `_push_plain` and the methods it calls,
        each naming its rules. Bots play millions of turns, so `push` runs those steps
        written out in one function, `pirate_rules.marvin.shortcuts.play_on` (a hit, a
        faint, a shield, a prize taken, the end of the turn, a card that does nothing,
        the next turn's prize phase: M5, M7, M9-M18), calling the plain methods for a
        power used and a reshuffle (M6-M8, M9). This module does not import it: it is
        given to the game by `pirate_rules.marvin.playout` (see `use_shortcut`). It
        changes the game exactly as `_push_plain` does, event for event:
        ``tests/test_fast_paths.py`` plays thousands of games both ways and compares
        every state.

        Raises:
            InvalidMoveError: if ``move`` is notation that cannot be read.
            IllegalMoveError: if the rules forbid the move here; the message says why and
                names the rule. The game is then left exactly as it was.
        """
        move = self._listed(move)
        if not _FAST_PATHS or self._script is not None:
            self._push_plain(move)
            return
        # The shortcut: `_push_plain` written out (see `use_shortcut`).
        _written_out(self, move)

    def _play_out(
        self,
        choosers: tuple[Callable[[MarvinGame, int], Move], Callable[[MarvinGame, int], Move]],
        randoms: tuple[object, object] = (None, None),
        last_turn: int = NEVER,
        counts: list[int] | None = None,
    ) -> None:
        """Let two bots play until the end, or until ``last_turn`` turns are played,
        plainly: each bot chooses and `push` plays the move.

        ``choosers`` are the two bots' ``choose`` methods. This is the loop of
        `pirate_rules.marvin.playout.play_out` with the shortcuts off; with them on, that
        loop is written out (`pirate_rules.marvin.shortcuts.play_out`), and only it reads
        ``randoms`` and ``counts`` (here every seat's bot chooses itself).
        """
        while self._phase != OVER and self._turn < last_turn:
            player = self._to_move
            self.push(choosers[player](self, player))

    def _push_plain(self, move: Move) -> None:
        """`push` for a listed ``move``, step by step: the engine's plain statement of a turn.

        `push` runs the same steps written out in one function (see `push`); a replayed
        record, whose draws are checked against it, always comes here. The steps: a
        prize power (`_use_power`, M5-M8), the draw (`_draw`, M9, and a card that does
        nothing, M11, M14, M15), what the drawn card does (`_resolve`: M10-M14,
        M16-M18, with `Side._hit` and `Side._faint`), the end of the turn
        (`_end_turn`), and the next turn's start (`_advance`, `_power_moves`: M5).
        """
        if self._phase == PRIZE:
            if move is not DRAW:
                self._use_power(move)
            if not self._draw():
                self._advance()
        else:
            self._resolve(move)

    def copy(self) -> MarvinGame:
        """An independent copy, with its own generator in the same state (a search copy
        given a seed, `_fork`, keeps the seed)."""
        other = MarvinGame.__new__(MarvinGame)
        for name in MarvinGame.__slots__:
            setattr(other, name, getattr(self, name))
        other._pile = self._pile[:]
        other._discard = self._discard[:]
        other._sides = (self._sides[0].copy(), self._sides[1].copy())
        other._holder = self._holder[:]
        other._held = self._held[:]
        other._events = self._events[:]
        if isinstance(self._rng, random.Random):  # else a search copy's seed (`_fork`)
            other._rng = random.Random()
            other._rng.setstate(self._rng.getstate())
        return other

    def _fork(self, pile: list[Card], rng: random.Random | int) -> MarvinGame:
        """A copy to search with: it draws from ``pile`` (top card last) and reshuffles
        with ``rng``, a generator or the seed of one. A seed is made into its generator
        (`pirate_rules.cards.seeded_generator`) only if the copy reshuffles
        (`_shuffled_discard`): most searches look a few turns ahead, where the pile
        seldom runs out, and making a generator costs more than the rest of the copy.

        The copy keeps no log, no history and no trace of the real card order (the
        starting deck, this turn's reshuffle): it is only played, never shown. It is
        much cheaper than `copy`, which also copies the game's generator.
        """
        sim = _new_game(MarvinGame)
        sim.players = self.players
        sim.first = self.first
        sim.jokers = self.jokers
        sim._deck = ()
        sim._pile = pile
        sim._discard = self._discard[:]
        sim._drawn = self._drawn
        sides = self._sides
        sim._sides = (sides[0].copy(), sides[1].copy())
        sim._holder = self._holder[:]
        sim._held = self._held[:]
        sim._to_move = self._to_move
        sim._turn = self._turn
        sim._phase = self._phase
        sim._legal = self._legal
        sim._events = []
        sim._reshuffles = self._reshuffles
        sim._rng = rng
        sim._script = None
        return sim

    def _state(self) -> tuple[object, ...]:
        """Everything that makes the game, except its generator: for comparisons."""
        return (
            self.players, self.first, self.jokers, self._deck, tuple(self._pile),
            tuple(self._discard), self._drawn, self._sides[0]._state(),
            self._sides[1]._state(), tuple(self._holder), tuple(self._held), self._to_move,
            self._turn, self._phase, self._legal, self._power, self._reshuffled,
            tuple(self._history), tuple(self._events), self._reshuffles,
        )  # fmt: skip

    def _fingerprint(self) -> tuple[object, ...]:
        """Everything a bot could change, read in one go: for `pirate_rules.referee`,
        which compares it before and after a bot's choice.

        Every field, the contents of every list (the piles and both sides, the prizes,
        the log) and each side's bit masks: a reordered draw pile, a hit point, a
        shield, a prize, a hidden pirate or an event changed all show. Objects are
        compared as themselves (a side or the generator swapped for another shows);
        the generator's state, which costs more to read than all the rest, is not
        read here (the referee checks it apart). Lengths keep the lists apart, so a
        card moved from one pile to the next shows too.
        """
        s0, s1 = self._sides
        pile, discard, hp0, hp1 = self._pile, self._discard, s0._hp, s1._hp
        holder, held = self._holder, self._held
        return (
            self.players, self.first, self.jokers, self._deck, self._drawn, self._legal,
            self._phase, self._reshuffles, self._rng, self._script, self._sides,
            self._to_move, self._turn, len(pile), *pile, len(discard), *discard,
            len(hp0), *hp0, s0._shields, s0._board, s0._hidden,
            len(hp1), *hp1, s1._shields, s1._board, s1._hidden,
            len(holder), *holder, len(held), *held, *self._events,
        )  # fmt: skip

    # The turn, step by step.

    def _advance(self) -> None:
        """Start the turn of the player to move and play it to its first decision point.

        M5: the prize phase is offered only when the player holds a prize whose power
        can be used now; otherwise the turn goes straight to the draw.
        """
        while True:
            player = self._to_move
            if self._held[player] or self._script is not None:
                legal = self._power_moves(player)
                if legal is not None or self._script is not None:
                    self._phase = PRIZE
                    self._legal = legal or ONLY_DRAW
                    return
            if self._draw():
                return

    def _power_moves(self, player: int) -> LegalMoves | None:
        """The prize phase's moves (usable powers, then ``draw``), or None if no power is usable."""
        side = self._sides[player]
        # `power_moves` of this side, worked out once (see `POWER_TABLE`).
        row = POWER_TABLE[self._held[player]][side._board][side._hidden + 1]
        moves = row[side._shields]
        if moves is NOT_WORKED_OUT:
            moves = row[side._shields] = power_moves(
                side._board, side._hidden, side._shields, self._held[player]
            )
        return moves

    def _use_power(self, move: Move) -> None:
        """Use one prize power at the start of the turn (M5-M8)."""
        player = self._to_move
        side = self._sides[player]
        code = move._code
        if code == K_SHIP:
            swap = side._ship(move._a, move._b)
            self._events.append((EV_POWER, self._turn + 1, player, move, swap))
            if side._must_return():
                self._events.append((EV_RETURN, self._turn + 1, player, side._bring_back()))
        else:
            if code == K_CAVE:
                side._hide(move._a)
            else:
                side._shield(move._a)
            self._events.append((EV_POWER, self._turn + 1, player, move, False))

    def _draw(self) -> bool:
        """Draw the top card (M9); return True if it waits for a choice.

        M9: when the draw pile is empty, the discard pile is shuffled, with the game's
        own generator, to form the new draw pile. A card that can do nothing resolves at
        once (M11, M14, M15) and the turn ends.
        """
        pile = self._pile
        script = self._script
        if script is not None:
            script.before_draw(self)
        elif not pile:
            self._reshuffle(self._shuffled_discard())
        card = pile.pop()
        self._drawn = card
        player = self._to_move
        effect = EFFECT_OF_RANK[card.rank]
        if effect >= E_HIT:
            options = TARGETS[self._sides[1 - player]._board]
        elif effect == E_SHIELD:
            side = self._sides[player]
            options = SHIELDABLE[side._board & ~side._shields]
        elif effect == E_TAKE:
            options = TAKES[self._held[player]]
        else:
            options = NO_MOVES
        if options:
            self._phase = CARD
            self._legal = options
            return True
        if script is not None:
            script.idle_card(self, card)
        self._events.append((EV_CARD, self._turn + 1, player, card, None))
        self._end_turn(card)
        self._to_move = 1 - player
        return False

    def _shuffled_discard(self) -> list[Card]:
        """The discard pile shuffled with the game's own generator, the new draw pile's
        order (M9). A search copy given a seed (`_fork`) makes its generator now."""
        rng = self._rng
        if isinstance(rng, int):
            rng = self._rng = seeded_generator(rng)
        return shuffled(self._discard, rng)

    def _reshuffle(self, order: list[Card]) -> None:
        """The discard pile becomes the draw pile in ``order``, top first (M9)."""
        self._events.append((EV_RESHUFFLE, self._turn + 1, len(order), tuple(order)))
        self._pile[:] = order[::-1]
        self._discard.clear()
        self._reshuffles += 1

    def _resolve(self, move: Move) -> None:
        """Do what the drawn card does with the chosen ``move``, then end the turn.

        M10 one hit, M11 one shield, M12 the target faints, M13 two hits, M14 take a
        prize (taking the Cave brings the opponent's hidden pirate back, M7); M18 the
        game ends at once when the opponent's last pirate faints.
        """
        card = self._drawn
        assert card is not None
        player = self._to_move
        turn = self._turn + 1
        effect = EFFECT_OF_RANK[card.rank]
        events = self._events
        over = False
        if effect >= E_HIT:
            opponent = self._sides[1 - player]
            i = move._a
            if effect == E_KILL:
                before = opponent._hp[i]
                opponent._faint(i)
                events.append((EV_CARD, turn, player, card, move, False, before, 0))
            else:
                shield_lost, before, after = opponent._hit(i, 1 if effect == E_HIT else 2)
                events.append((EV_CARD, turn, player, card, move, shield_lost, before, after))
            if not opponent._hp[i]:
                if opponent._must_return():
                    events.append((EV_RETURN, turn, 1 - player, opponent._bring_back()))
                if not opponent._board:
                    events.append((EV_WIN, turn, player))
                    over = True
        elif effect == E_SHIELD:
            self._sides[player]._shield(move._a)
            events.append((EV_CARD, turn, player, card, move))
        else:
            self._take(move._a, player, card, move)
        self._end_turn(card)
        if over:
            self._phase = OVER
            self._legal = NO_MOVES
            return
        self._to_move = 1 - player
        self._advance()

    def _take(self, prize: int, player: int, card: Card, move: Move) -> None:
        """M14: take one prize from the bank or the opponent.

        M7: a player who loses the Cave gets their hidden pirate back at once.
        """
        source = self._holder[prize]
        self._holder[prize] = player
        self._held[player] |= 1 << prize
        self._events.append((EV_CARD, self._turn + 1, player, card, move, source))
        if source >= 0:
            self._held[source] &= ~(1 << prize)
            side = self._sides[source]
            if prize == PRIZE_INDEX["cave"] and side._hidden >= 0:
                self._events.append((EV_RETURN, self._turn + 1, source, side._bring_back()))

    def _end_turn(self, card: Card) -> None:
        """Discard the card and end the turn (the card's event, already logged, records it)."""
        self._discard.append(card)
        self._drawn = None
        self._turn += 1

    # Refusals: why a move is not legal.

    def _listed(self, move: object) -> Move:
        """The listed form of ``move`` (a `Move` or its notation), or raise why it is refused."""
        if move.__class__ is not Move:
            move = self._read(move)
        if not _tuple_contains(self._legal, move):
            move = self._check(move)
        return move

    def _read(self, move: object) -> Move:
        if isinstance(move, str):
            return Move.parse(move)
        raise InvalidMoveError(f"not a move: {move!r} (expected a Move or its notation)")

    def _check(self, move: Move) -> Move:
        """Return the listed form of ``move`` (a Ship swap in either order), or raise why not."""
        listed = self._legal.find(move)
        if listed is None:
            raise refusal(self, move)
        return listed


_DECKS: Final = tuple(tuple(standard_deck() + [JOKER] * jokers) for jokers in range(3))
"""The unshuffled deck for 0, 1 and 2 jokers (M1)."""

_written_out: Callable[[MarvinGame, Move], None] = MarvinGame._push_plain
"""What `MarvinGame.push` runs with the shortcuts on: the plain steps until
`use_shortcut` gives the game its written-out turn."""


def use_shortcut(turn: Callable[[MarvinGame, Move], None]) -> None:
    """Have `MarvinGame.push` play a listed move through ``turn`` while the shortcuts are
    on (``_FAST_PATHS``, and not while a record is replayed).

    ``turn`` must change the game exactly as `MarvinGame._push_plain` does, event for
    event. `pirate_rules.marvin.playout` gives `pirate_rules.marvin.shortcuts.play_on`
    when the package is imported, so that this module, which states the rules, needs
    nothing from the shortcuts; ``tests/test_fast_paths.py`` holds the two to the same
    games.
    """
    global _written_out
    _written_out = turn
