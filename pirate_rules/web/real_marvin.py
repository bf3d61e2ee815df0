"""Marvin's Pirates Go! with real cards: the page keeps score and referees a game that a
family plays at a real table, with a real deck.

The family tells the page what happens, one **entry** at a time, and the engine plays
the same game: a prize power used at the start of a turn (``ship GL CR``, ``cave CL``,
``fort GR``: M5 to M8), the card drawn (``draw 9C``, or only its kind: ``draw slash``),
then what the card does (``GL``, ``take cave``). A kind is named by what its cards do,
as `pirate_rules.marvin.card_effect` names it: ``hit`` (A 3 5 7), ``shield``
(2 4 6 10), ``kill`` (8), ``slash`` (9), ``take`` (J Q K) and ``lost`` (the joker).

    >>> view = real_marvin_new({"players": ["Ann", "Ben"], "first": 0})
    >>> view["phase"], view["headline"]
    ('draw', 'Ann, your turn: draw a card and tap what it is.')
    >>> view = real_marvin_play(view["id"], "draw 9C")
    >>> view["phase"], [choice["move"] for choice in view["legal"]]
    ('card', ['GL', 'GR'])
    >>> view = real_marvin_play(view["id"], "CL")
    >>> view["refusal"]["words"], view["refusal"]["rule"]
    ("Ben's captain left can't be slashed: the guard in front of it is still standing.", 'M16')
    >>> view = real_marvin_play(view["id"], "GL")
    >>> view["table"]["sides"][1]["pirates"][0]["hp"], view["steps"][0]["family"]
    (2, "Ann slashed Ben's guard: two hits!")

The engine needs a whole deck in a known order, but a table knows only the cards that
came up. The page's rulings (`RULINGS`, stated on the page):

* **The deck.** Between two shuffles each card comes up once (M1), so the page keeps
  the cards that came up since the last shuffle out of the deck. The draw pile holds
  the cards in the order they came up, then those that never came up, in the standard
  order (spades, hearts, diamonds, clubs, each Ace to King, then the jokers).
* **A kind.** A card entered by its kind stands for the first card of that kind, in
  the standard order, that has not come up since the last shuffle and that nobody
  entered exactly since then. The record holds that stand-in; the game is the same,
  since every card of a kind does the same (M10 to M15). Entering later the very card
  a kind stands for moves the stand-in on to the next such card.
* **The reshuffle.** When the draw pile runs out, the family shuffles the played cards
  at the table (M9). The page does not shuffle: the new pile is the order in which its
  cards are then drawn, and the record writes the cards not drawn after them, in the
  standard order.

So a game entered with exact cards keeps the real cards, a game entered by kinds keeps
stand-ins, and either record replays with ``pirate-rules replay``:

    >>> from pirate_rules.marvin import replay
    >>> view = real_marvin_play(view["id"], "draw slash")
    >>> view["table"]["drawn"]["card"], view["table"]["drawn"]["name"]
    ('9S', 'a 9')
    >>> data = real_marvin_record(view["id"])["record"]
    >>> data["deck"][:3], data["turns"][1]["card"]
    (['9C', '9S', 'AS'], '9S')
    >>> data["turns"][1]["note"]
    'entered by its kind at the table: a 9 (9S stands in)'
    >>> replay(data).drawn
    Card.parse('9S')

Every rule is the engine's: who may be targeted, shields, fainting, the prizes and their
powers, the Cave's captain coming back, the end; a refused entry leaves the game as it
was and says why in family words, naming the rule.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final, NamedTuple

from pirate_rules.cards import JOKER, RANKS, Card, standard_deck
from pirate_rules.errors import IllegalMoveError, InvalidCardError, PirateRulesError
from pirate_rules.marvin import MarvinGame, card_effect, to_record
from pirate_rules.marvin.display import POSITION_NAMES
from pirate_rules.marvin.moves import CARD, DRAW, PRIZE, Move
from pirate_rules.marvin.refusals import refusal
from pirate_rules.marvin.table import (
    EFFECT_RULES,
    EFFECTS,
    POSITIONS,
    PRIZE_NAMES,
    PRIZES,
    check_jokers,
)
from pirate_rules.web import family
from pirate_rules.web.family import Audience
from pirate_rules.web.marvin import _choices
from pirate_rules.web.marvin_table import event_line, steps_since, table_json
from pirate_rules.web.sessions import (
    JSON,
    card_json,
    find_session,
    read_names,
    rule_link,
    store,
)

__all__ = [
    "KINDS",
    "MAX_ENTRIES",
    "RULINGS",
    "Entry",
    "deal",
    "read_entry",
    "real_marvin_new",
    "real_marvin_play",
    "real_marvin_record",
    "real_marvin_undo",
    "real_marvin_view",
]

GAME: Final = "real_marvin"
"""The page's name for its games (their sessions' kind, and its share links' ``play``)."""

KINDS: Final = ("hit", "shield", "kill", "slash", "take", "lost")
"""The kinds of card a player may enter, in the order the page offers them."""

MAX_ENTRIES: Final = 5000
"""The longest list of entries `real_marvin_new` accepts (a real game has a few hundred)."""

_TITLES: Final = {
    "hit": "Hit",
    "shield": "Shield",
    "kill": "Knock out",
    "slash": "Slash",
    "take": "Prize",
    "lost": "Miss a turn",
}
_ONE: Final = {
    "hit": "a hit card",
    "shield": "a shield card",
    "kill": "an 8",
    "slash": "a 9",
    "take": "a face card",
    "lost": "a Joker",
}
_MANY: Final = {
    "hit": "hit cards (A 3 5 7)",
    "shield": "shield cards (2 4 6 10)",
    "kill": "eights",
    "slash": "nines",
    "take": "face cards (J Q K)",
    "lost": "jokers",
}
_VERBS: Final = {"hit": "hit", "kill": "knocked out", "slash": "slashed"}

RULINGS: Final = {
    "deck": (
        "Between two shuffles each card comes up once, so the page keeps the cards that"
        " came up since the last shuffle out of its deck. Its draw pile holds the cards in"
        " the order they came up, then the cards that never came up, in the standard order:"
        " spades, hearts, diamonds, clubs, each from the Ace to the King, then the jokers."
    ),
    "kind": (
        "A card entered by its kind stands for the first card of that kind, in the standard"
        " order, that has not come up since the last shuffle and that nobody entered"
        " exactly since then. The game record holds that stand-in. The game is the same,"
        " since all the cards of a kind do the same thing. If the very card a kind stands"
        " for is entered exactly later, the stand-in moves on to the next card of the kind."
    ),
    "reshuffle": (
        "When the draw pile runs out, shuffle the played cards at the table and go on. The"
        " page does not shuffle: its new draw pile is the order in which you then draw the"
        " cards, and the record writes the cards not drawn after them, in the standard order."
    ),
}
"""The page's rulings where a real table and the engine meet, in the words the page shows."""


def _ranks_of(kind: str) -> str:
    """The ranks of a kind, as printed on the cards: ``"A 3 5 7"``.

    Example:
        >>> _ranks_of("shield"), _ranks_of("lost")
        ('2 4 6 10', 'Joker')
    """
    if kind == "lost":
        return "Joker"
    ranks = [RANKS[rank - 1] for rank in range(1, 14) if card_effect(Card(rank, "S")) == kind]
    return " ".join("10" if rank == "T" else rank for rank in ranks)


def _full_deck(jokers: int) -> list[Card]:
    """The deck in the standard order (M1)."""
    return standard_deck() + [JOKER] * jokers


# -- entries ------------------------------------------------------------------------------


class Entry(NamedTuple):
    """One thing a player tells the page: a power used, a card drawn, or its choice.

    ``what`` is ``"power"``, ``"draw"`` or ``"choice"``; a draw has its ``kind`` and, when
    entered exactly, its ``card``; a power or a choice has its ``move``. ``str()`` gives
    the notation the page keeps.

    Example:
        >>> str(read_entry(" Draw 10h ")), read_entry("draw hit").card
        ('draw TH', None)
        >>> str(read_entry("ship gl cr")), read_entry("take cave").what
        ('ship GL CR', 'choice')
    """

    what: str
    move: Move | None = None
    card: Card | None = None
    kind: str | None = None

    def __str__(self) -> str:
        if self.what == "draw":
            return f"draw {self.card if self.card is not None else self.kind}"
        return str(self.move)


def read_entry(text: object) -> Entry:
    """Read an entry from its notation.

    Raises:
        PirateRulesError: for text that is neither a power, a draw nor a choice.

    Example:
        >>> read_entry("draw 1H")
        Traceback (most recent call last):
        ...
        pirate_rules.errors.PirateRulesError: not an entry: 'draw 1H' (a card such as 'draw 9C', \
or a kind: 'draw hit', 'draw shield', 'draw kill', 'draw slash', 'draw take', 'draw lost')
    """
    if not isinstance(text, str):
        raise PirateRulesError(f"an entry is text, not {text!r}")
    words = text.split()
    if len(words) == 2 and words[0].lower() == "draw":
        kind = words[1].lower()
        if kind in KINDS:
            return Entry("draw", kind=kind)
        try:
            card = Card.parse(words[1])
        except InvalidCardError:
            kinds = ", ".join(f"'draw {kind}'" for kind in KINDS)
            raise PirateRulesError(
                f"not an entry: {text!r} (a card such as 'draw 9C', or a kind: {kinds})"
            ) from None
        return Entry("draw", card=card, kind=card_effect(card))
    move = Move.parse(text)
    if move.kind == "draw":
        raise PirateRulesError("say which card was drawn: 'draw 9C', or its kind: 'draw slash'")
    return Entry("power" if move.is_power else "choice", move=move)


# -- the deck (the page's rulings) ----------------------------------------------------------


class _DeckRefusal(IllegalMoveError):
    """A card that cannot come up now: it (or every card of its kind) came up since the
    last shuffle (M1). ``draw`` is the index of the draw among the game's draws."""

    def __init__(self, reason: str, draw: int) -> None:
        super().__init__(reason, rule="M1")
        self.draw = draw
        self.entry = draw


def deal(draws: Sequence[Entry], jokers: int = 2) -> tuple[list[Card], list[list[Card]]]:
    """The card each draw stands for, and the draw pile's order at the start of the game
    and after each reshuffle, top card first (the page's rulings, `RULINGS`).

    Each pass through the deck holds every card once (M1): the draws of a pass, exact
    cards as entered and kinds as stand-ins, then the cards not drawn in the standard
    order.

    Raises:
        IllegalMoveError: naming M1, for a card that already came up since the last
            shuffle, or a kind whose cards all did.

    Example:
        >>> cards, orders = deal([read_entry("draw hit"), read_entry("draw AS")], jokers=0)
        >>> cards, orders[0][:4], len(orders)
        ([Card.parse('3S'), Card.parse('AS')], [Card.parse('3S'), Card.parse('AS'), \
Card.parse('2S'), Card.parse('4S')], 1)
        >>> try:
        ...     deal([read_entry("draw kill")] * 5, jokers=0)
        ... except IllegalMoveError as refused:
        ...     print(refused)
        all 4 eights already came up since the last shuffle (M1)
    """
    check_jokers(jokers)
    full = _full_deck(jokers)
    copies = Counter(full)
    of_kind = Counter(card_effect(card) for card in full)
    cards: list[Card] = []
    orders: list[list[Card]] = []
    for start in range(0, max(len(draws), 1), len(full)):
        batch = draws[start : start + len(full)]
        exact: Counter[Card] = Counter()
        kinds: Counter[str] = Counter()
        for index, draw in enumerate(batch, start):
            assert draw.kind is not None
            kinds[draw.kind] += 1
            if draw.card is not None:
                exact[draw.card] += 1
                if copies[draw.card] and exact[draw.card] > copies[draw.card]:
                    reason = f"the {draw.card.name} already came up since the last shuffle"
                    raise _DeckRefusal(reason, index)
            if kinds[draw.kind] > of_kind[draw.kind]:
                count = of_kind[draw.kind]
                what = "the deck has no joker" if not count else _all_came_up(draw.kind, count)
                raise _DeckRefusal(what, index)
        left = copies - exact
        free: list[Card] = []
        for card in full:
            if left[card]:
                left[card] -= 1
                free.append(card)
        chosen = []
        for draw in batch:
            if draw.card is None:
                stand_in = next(card for card in free if card_effect(card) == draw.kind)
                free.remove(stand_in)
                chosen.append(stand_in)
            else:
                chosen.append(draw.card)
        cards += chosen
        orders.append(chosen + free)
    return cards, orders


def _all_came_up(kind: str, count: int) -> str:
    return f"all {count} {_MANY[kind]} already came up since the last shuffle"


class _TableShuffles:
    """M9 at a real table: when the draw pile runs out, the new pile is the one dealt for
    the next pass (`deal`). The game's draws come in the order entered by construction."""

    def __init__(self, orders: list[list[Card]]) -> None:
        self.orders = orders

    def before_draw(self, game: MarvinGame) -> None:
        if not game.draw_pile:
            game._reshuffle(list(self.orders[game.reshuffles + 1]))

    def idle_card(self, game: MarvinGame, card: Card) -> None:
        """A card that does nothing needs no check here."""


def _apply(game: MarvinGame, power: Move | None, entry: Entry) -> Move | None:
    """Apply one entry to ``game`` (with ``power`` chosen and not yet played) and return
    the power still waiting for the card; raise why the rules refuse it, game unchanged.

    A power waits for the card (M5: one power, at the start of the turn, before the
    draw); the card plays the power, then the draw; a choice is the drawn card's.
    """
    if game.is_game_over():
        raise refusal(game, DRAW)
    if entry.what == "power":
        assert entry.move is not None
        if game.phase != PRIZE or power is not None:
            raise IllegalMoveError(
                "a prize power is used at the start of the turn, before the draw, and only"
                " one per turn",
                rule="M5",
            )
        listed = game.legal_moves.find(entry.move)
        if listed is None:
            raise refusal(game, entry.move)
        return listed
    if entry.what == "draw":
        if game.phase != PRIZE:
            raise refusal(game, DRAW)
        game.push(power or DRAW)
        return None
    assert entry.move is not None
    if game.phase != CARD:
        raise refusal(game, entry.move)
    game.push(entry.move)
    return None


# -- a game at the table ----------------------------------------------------------------


@dataclass
class _Table:
    """A game at the table: its start, its entries, the game so far, the power chosen
    and waiting for its card, and the card of each draw (exact, or a stand-in)."""

    players: tuple[str, str]
    first: int
    jokers: int
    entries: list[Entry] = field(default_factory=list)
    game: Any = None
    power: Move | None = None
    cards: list[Card] = field(default_factory=list)
    preview: MarvinGame | None = None

    @property
    def size(self) -> int:
        """How many cards one pass through the deck holds (M1)."""
        return 52 + self.jokers

    @property
    def draws(self) -> list[Entry]:
        return [entry for entry in self.entries if entry.what == "draw"]

    def rebuild(self, entries: list[Entry]) -> None:
        """Deal and play ``entries`` afresh; raise why one is refused (the table unchanged):
        an `IllegalMoveError` whose ``entry`` is the refused entry's index."""
        draws = [index for index, entry in enumerate(entries) if entry.what == "draw"]
        try:
            cards, orders = deal([entries[index] for index in draws], self.jokers)
        except _DeckRefusal as exc:
            exc.entry = draws[exc.draw]
            raise
        game = MarvinGame._replaying(
            orders[0], self.first, self.players, self.jokers, _TableShuffles(orders)
        )
        power = None
        for index, entry in enumerate(entries):
            try:
                power = _apply(game, power, entry)
            except IllegalMoveError as exc:
                exc.entry = index  # type: ignore[attr-defined]
                raise
        self.entries, self.game, self.power, self.cards = entries, game, power, cards
        self.preview = None

    def play(self, entry: Entry) -> None:
        """Add one entry; raise why it is refused (the table unchanged)."""
        if entry.what == "draw":
            self.rebuild([*self.entries, entry])
            return
        self.power = _apply(self.game, self.power, entry)
        self.entries.append(entry)
        self.preview = None

    @property
    def shown(self) -> MarvinGame:
        """The game as the table shows it: with the power chosen already used."""
        if self.power is None:
            game: MarvinGame = self.game
            return game
        if self.preview is None:
            self.preview = self.game.copy()
            self.preview._use_power(self.power)
        return self.preview

    def stand_ins(self, draws: int) -> dict[str, str]:
        """The stand-ins of the pass that the ``draws``-th draw belongs to: card to kind."""
        first = (max(draws, 1) - 1) // self.size * self.size
        return {
            str(card): str(entry.kind)
            for entry, card in zip(self.draws[first:draws], self.cards[first:draws], strict=True)
            if entry.card is None
        }


def _audience(table: _Table) -> Audience:
    return Audience(table.players, (False, False))


def _find(game_id: str) -> _Table:
    table: _Table = find_session(game_id, GAME).options["table"]
    return table


def real_marvin_new(options: JSON | None = None) -> JSON:
    """Start a game at the table (or resume one from its entries) and return its view.

    Args:
        options: ``players`` (two names), ``first`` (who starts: 0 or 1, M4),
            ``jokers`` (0, 1 or 2, M1), ``moves`` (the entries so far, as kept).

    Raises:
        PirateRulesError: for an option out of range, or an entry that cannot be played
            (the message names it and the rule).

    Example:
        >>> view = real_marvin_new({"players": ["Ann", "Ben"], "first": 1, "jokers": 0,
        ...                         "moves": ["draw 2H", "GL", "draw KD", "take fort"]})
        >>> view["turn"], view["table"]["sides"][0]["prizes"], view["pile"]
        (3, ['fort'], {'left': 50, 'shuffle': False, 'size': 52})
    """
    options = dict(options or {})
    first = options.get("first", 0)
    if first not in (0, 1) or isinstance(first, bool):
        raise PirateRulesError(f"first must be player 0 or 1, not {first!r} (M4)")
    jokers = options.get("jokers", 2)
    check_jokers(jokers)
    players = read_names(options.get("players"), ("Blue crew", "Red crew"))
    moves = options.get("moves") or []
    if not isinstance(moves, list):
        raise PirateRulesError("moves must be a list of entries, such as ['draw 9C', 'GL']")
    if len(moves) > MAX_ENTRIES:
        raise PirateRulesError(f"too many entries: {len(moves)} (at most {MAX_ENTRIES})")
    entries = []
    for number, text in enumerate(moves, 1):
        try:
            entries.append(read_entry(text))
        except PirateRulesError as exc:
            raise PirateRulesError(f"entry {number} of {len(moves)}: {exc}") from None
    table = _Table(players, first, jokers)
    try:
        table.rebuild(entries)
    except IllegalMoveError as exc:
        index = getattr(exc, "entry", 0)
        raise PirateRulesError(
            f"entry {index + 1} of {len(entries)}, {str(entries[index])!r}, cannot be played: {exc}"
        ) from None
    session = store(GAME, 0, table.game, [None, None], {"table": table})
    return real_marvin_view(session.id)


def real_marvin_play(game_id: str, text: str) -> JSON:
    """Add one entry (a power, a card drawn, or its choice) and return the new view.

    The view's ``steps`` tell what happened, in order, each with its table (as on the
    play page); a refused entry leaves the game as it was, and the view says why in
    ``refusal`` (family words, the engine's words, the rule and its page).

    Raises:
        PirateRulesError: for text that is not an entry (a refusal is not an error).
    """
    session = find_session(game_id, GAME)
    table: _Table = session.options["table"]
    entry = read_entry(text)
    before = table.shown
    seen, drawn, lines = len(before._events), before.drawn, len(before._events) + 1
    shown_before = table_json(before)
    draws_before = len(table.cards)
    try:
        table.play(entry)
    except IllegalMoveError as exc:
        view = real_marvin_view(game_id, log_from=lines)
        view["refusal"] = _refusal(table, before, entry, exc)
        return view
    session.game = table.game
    after = table.shown
    steps = steps_since(after, shown_before, seen, drawn, _audience(table))
    _tell_stand_ins(table, steps, draws_before)
    view = real_marvin_view(game_id, log_from=lines)
    view["steps"] = steps
    said = [step["family"] for step in steps if step["kind"] != "draw"]
    view["say"] = family.join(*said, view["headline"])
    return view


def real_marvin_undo(game_id: str) -> JSON:
    """Take back the last entry; the view's ``undone`` says what it was.

    Example:
        >>> view = real_marvin_new({"moves": ["draw 5H", "GL"]})
        >>> back = real_marvin_undo(view["id"])
        >>> back["undone"], back["phase"], back["keep"]["moves"]
        ("Blue crew's hit on Red crew's guard left", 'card', ['draw 5H'])

    Raises:
        PirateRulesError: when nothing has been entered yet.
    """
    session = find_session(game_id, GAME)
    table: _Table = session.options["table"]
    if not table.entries:
        raise PirateRulesError("there is nothing to take back yet")
    undone = table.entries[-1]
    table.rebuild(table.entries[:-1])
    session.game = table.game
    view = real_marvin_view(game_id)
    view["undone"] = _entry_words(table, undone)
    return view


def _entry_words(table: _Table, entry: Entry) -> str:
    """An entry in words, as the page names it when it is taken back, from the table as
    it was before the entry: "Ann using the Ship", "a 9", "Ann's slash on Ben's guard left"."""
    game = table.shown
    name = table.players[game.to_move]
    if entry.what == "draw":
        return f"the {entry.card.name}" if entry.card is not None else _ONE[str(entry.kind)]
    move = entry.move
    assert move is not None
    if entry.what == "power":
        return f"{name} using {PRIZE_NAMES[move.kind]}"
    if move.prize is not None:
        return f"{name} taking {PRIZE_NAMES[move.prize]}"
    assert game.drawn is not None and move.position is not None
    effect = card_effect(game.drawn)
    owner = game.to_move if effect == "shield" else 1 - game.to_move
    return f"{name}'s {effect} on {table.players[owner]}'s {POSITION_NAMES[move.position]}"


def real_marvin_record(game_id: str) -> JSON:
    """The game's record (format 1) and a file name for it.

    A card entered by its kind is written as its stand-in, with a ``note`` that says so;
    a turn that reshuffled notes that the shuffle was made at the table.
    """
    table = _find(game_id)
    data = to_record(table.game)
    draws = table.draws
    for number, turn in enumerate(data["turns"]):
        notes = []
        if "reshuffle" in turn:
            notes.append(
                "shuffled at the table: the pile is written in the order its cards were"
                " drawn, then the cards not drawn in the standard order"
            )
        if draws[number].card is None:
            kind = str(draws[number].kind)
            notes.append(
                f"entered by its kind at the table: {_ONE[kind]} ({turn['card']} stands in)"
            )
        if notes:
            turn["note"] = "; ".join(notes)
    names = "-".join(re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") for name in table.players)
    return {"filename": f"marvin-{names or 'table'}.json", "record": data}


# -- the view -----------------------------------------------------------------------------


def real_marvin_view(game_id: str, log_from: int = 0) -> JSON:
    """Everything the page draws: the table, what the player to move may do, the card
    kinds still in the deck, the log from line ``log_from`` on, and the game's ``keep``.

    ``phase`` is ``"power"`` (a prize power may be used, or a card drawn), ``"draw"``
    (a card is to be drawn), ``"card"`` (the card drawn waits for its choice) or
    ``"over"``. ``legal`` lists the choices as the play page's (`pirate_rules.web.marvin`):
    the powers, or the card's choices; ``taps`` names the move of every place a player
    may tap for the card, allowed or not (a tap that is not allowed gets its refusal).
    """
    table = _find(game_id)
    game: MarvinGame = table.game
    shown = table.shown
    audience = _audience(table)
    over = game.is_game_over()
    seat = game.to_move
    if over:
        phase = "over"
    elif game.phase == CARD:
        phase = "card"
    elif table.power is None and len(game.legal_moves) > 1:
        phase = "power"
    else:
        phase = "draw"
    legal: list[JSON] = []
    if phase == "power":
        legal = [choice for choice in _choices(game) if choice["kind"] != "draw"]
    elif phase == "card":
        legal = _choices(game)
    draws = len(table.cards)
    marks = table.stand_ins(draws)
    shown_table = table_json(shown)
    _mark(shown_table, marks)
    outcome = game.outcome()
    lines = _log(table, shown)
    last = table.entries[-1] if table.entries else None
    view: JSON = {
        "id": game_id,
        "game": GAME,
        "players": [
            {"name": name, "computer": False, "bot": None, "level": None} for name in table.players
        ],
        "first": table.first,
        "jokers": table.jokers,
        "turn": game.turn + (0 if over else 1),
        "to_move": None if over else seat,
        "phase": phase,
        "power": None if table.power is None else str(table.power),
        "headline": _headline(table, phase, marks),
        "pick": family.pick_prompt(),
        "table": shown_table,
        "legal": legal,
        "taps": _taps(game) if phase == "card" else [],
        "kinds": _kinds(table) if phase in ("power", "draw") else [],
        "pile": {
            "left": len(shown.draw_pile),
            "shuffle": not shown.draw_pile and not over,
            "size": table.size,
        },
        "entries": len(table.entries),
        "can_undo": bool(table.entries),
        "last": None if last is None else str(last),
        "log": lines[log_from:],
        "steps": [],
        "refusal": None,
        "outcome": None
        if outcome is None
        else {"winner": outcome.winner, "text": family.prompt(game, audience)},
        "keep": {
            "players": list(table.players),
            "first": table.first,
            "jokers": table.jokers,
            "moves": [str(entry) for entry in table.entries],
        },
    }
    view["say"] = view["headline"]
    return view


def _headline(table: _Table, phase: str, marks: dict[str, str]) -> str:
    """What the page asks the player to move, in family words; or who won."""
    game: MarvinGame = table.game
    audience = _audience(table)
    if phase in ("over", "card"):
        words = family.prompt(game, audience)
        if game.drawn is not None and str(game.drawn) in marks:
            words = words.replace(f"the {game.drawn.name}", _ONE[marks[str(game.drawn)]], 1)
        return words
    seat = game.to_move
    shuffle = "" if table.shown.draw_pile else "The draw pile is empty: shuffle the played cards. "
    if phase == "power":
        return f"{shuffle}{audience.to(seat)}: use a prize, or draw a card and tap what it is."
    if table.power is not None:
        return f"{shuffle}{table.players[seat]}, now draw a card and tap what it is."
    return f"{shuffle}{audience.to(seat)}: draw a card and tap what it is."


def _taps(game: MarvinGame) -> list[JSON]:
    """The places a player may tap for the drawn card, each with the move it names:
    every prize for a J, Q or K, else every position of the side the card acts on."""
    assert game.drawn is not None
    effect = card_effect(game.drawn)
    if effect == "take":
        return [{"id": f"prize-{prize}", "move": f"take {prize}"} for prize in PRIZES]
    owner = game.to_move if effect == "shield" else 1 - game.to_move
    return [{"id": f"p{owner}-{position}", "move": position} for position in POSITIONS]


def _kinds(table: _Table) -> list[JSON]:
    """The kinds of card the next draw may be, with the cards of each not yet entered
    exactly since the last shuffle (for the picture grid) and how many are left."""
    draws = len(table.cards)
    first = draws - draws % table.size  # the next draw's pass begins here
    entered = table.draws[first:]
    exact = Counter(entry.card for entry in entered if entry.card is not None)
    kinds = Counter(entry.kind for entry in entered)
    full = _full_deck(table.jokers)
    answer = []
    for kind in KINDS:
        cards = [card for card in full if card_effect(card) == kind]
        left = len(cards) - kinds[kind]
        seen: set[Card] = set()
        grid = []
        for card in cards:
            if card in seen or exact[card] >= cards.count(card):
                continue
            seen.add(card)
            grid.append(card_json(card))
        answer.append(
            {
                "kind": kind,
                "title": _TITLES[kind],
                "ranks": _ranks_of(kind),
                "one": _ONE[kind],
                **rule_link(EFFECT_RULES[EFFECTS.index(kind)]),
                "size": len(cards),
                "left": left,
                "cards": grid if left else [],
            }
        )
    return answer


def _mark(table: JSON, stand_ins: dict[str, str]) -> None:
    """Mark the stand-ins on a table (the card drawn, the top discard): the page shows
    the kind that was entered, not the card that stands in for it."""
    for key in ("drawn", "discard_top"):
        _mark_card(table.get(key), stand_ins)


def _mark_card(card: JSON | None, stand_ins: dict[str, str]) -> None:
    if card is not None and card["card"] in stand_ins:
        kind = stand_ins[card["card"]]
        card.update(standin=True, kind=kind, ranks=_ranks_of(kind), name=_ONE[kind])


def _tell_stand_ins(table: _Table, steps: list[JSON], draws_before: int) -> None:
    """Mark the stand-ins on the steps' tables and cards, and tell a draw by its kind
    when only its kind was entered."""
    draws = draws_before
    for step in steps:
        if step["kind"] == "draw":
            draws += 1
        marks = table.stand_ins(draws)
        _mark(step["table"], marks)
        _mark_card(step.get("card"), marks)
        card = step.get("card")
        if step["kind"] == "draw" and card is not None and card.get("standin"):
            who = _audience(table).who(step["seat"])
            step["family"] = f"{who} drew {card['name']}."
            step["text"] = re.sub(
                r"draws the .*$", f"draws {card['name']} ({card['card']} stands in).", step["text"]
            )


def _log(table: _Table, game: MarvinGame) -> list[JSON]:
    """The game's log: the start, then each event in the engine's and in family words."""
    audience = _audience(table)
    first = table.players[table.first]
    start = {
        "n": 0,
        "kind": "start",
        "text": f"New game: {first} plays first.",
        "family": f"New game! {first} plays first.",
        **rule_link("M4"),
    }
    return [start] + [
        {"n": number, **event_line(game, event, audience)}
        for number, event in enumerate(game._events, 1)
    ]


def _refusal(table: _Table, game: MarvinGame, entry: Entry, error: IllegalMoveError) -> JSON:
    """A refused entry in family words, with the engine's words and the rule.

    A tap on a pirate names the pirate as the family does: the engine's ``target CL is
    not targetable`` becomes ``Ben's captain left can't be hit``.
    """
    words = error.reason
    if entry.what == "choice" and game.drawn is not None:
        verb = _VERBS.get(card_effect(game.drawn))
        owner = table.players[1 - game.to_move if verb else game.to_move]
        words = re.sub(
            r"^(?:target )?(GL|GR|CL|CR)\b", lambda found: f"{owner}'s {found[1]}", words
        )
        words = re.sub(r"\b(GL|GR|CL|CR)\b", lambda found: POSITION_NAMES[found[1]], words)
        if verb:
            words = words.replace("is not targetable", f"can't be {verb}")
    words = words[:1].upper() + words[1:] + "."
    return {"words": words, "text": str(error), "move": str(entry), **rule_link(error.rule)}
