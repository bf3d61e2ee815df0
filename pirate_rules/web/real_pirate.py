"""Pirate with real cards: a tie judge and a scorer for two players at a real table.

The phone lies between the players, each with a pad of the four suits. A player who
completes a ship taps its suit. The page gathers the taps into **moments** with the
Pirate play page's tie window (``TIE_WINDOW_MS`` in ``pirate-clock.mjs``), each tap
counted at its pointer event's own time stamp, and sends each moment here: the suit each
player tapped (or none) and when the moment began. The engine's rules settle it:

* P7 (`pirate_rules.pirate.ships.captor`): a ship one player completed is theirs; two
  taps on the same suit in one moment mean both completed it at once, and it sinks.
  Taps on two suits are two captures.
* P8: the suit's next ship begins, its keels swapped.
* P10 (`pirate_rules.pirate.game.outcome_by_ships`): five ships win, or four once a ship
  has sunk. When nothing more fits (P11), the players end the game, and more ships win.

    >>> view = real_pirate_new({"players": ["Ann", "Ben"], "low": 0})
    >>> view = real_pirate_moment(view["id"], ["H", "H"], 1000)
    >>> view["said"][0]["family"], view["sunk"]
    ('Both at once: the hearts ship sank, and nobody gets it!', [{'suit': 'H', 'number': 1}])
    >>> view = real_pirate_moment(view["id"], ["S", "D"], 9000)
    >>> [line["family"] for line in view["said"]], view["score"]
    (['Ann captured the spades ship!', 'Ben captured the diamonds ship!'], [1, 1])

A tap on a suit whose ship was settled a moment before (`LATE_MS`) is too late: the
ship is gone, and nobody builds the next one that fast (P6: it needs every rank again).

    >>> view = real_pirate_moment(view["id"], [None, "S"], 9300)
    >>> view["said"][0]["family"], view["score"]
    ('Too late, Ben: Ann captured the spades ship 0.3 s before.', [1, 1])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from pirate_rules.cards import SUIT_NAMES, SUITS
from pirate_rules.errors import PirateRulesError
from pirate_rules.pirate.game import Outcome, outcome_by_ships
from pirate_rules.pirate.ships import SUIT_INDEX, Ship, captor
from pirate_rules.web.family import Audience, pirate_end_words
from pirate_rules.web.sessions import JSON, find_session, read_names, rule_link, store

__all__ = [
    "LATE_MS",
    "real_pirate_end",
    "real_pirate_moment",
    "real_pirate_new",
    "real_pirate_undo",
    "real_pirate_view",
]

GAME: Final = "real_pirate"
"""The page's name for its games (their sessions' kind)."""

LATE_MS: Final = 2000
"""How long after a ship is settled a tap on its suit is too late, in milliseconds: the
suit's next ship needs all thirteen ranks again (P6, P8), far more than this."""

MAX_MOMENTS: Final = 500
"""The most moments `real_pirate_new` accepts (a real game has a few dozen)."""

_SYMBOLS: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_END: Final = "end"


def _read_moment(text: object) -> tuple[tuple[str | None, str | None], float] | None:
    """A kept moment: two characters (a suit letter each, or ``.``) and its time, such
    as ``"H. 1712345678901"``; None for ``end`` (the players ended the game, P11).

    Example:
        >>> _read_moment("hS 12.5"), _read_moment("end")
        ((('H', 'S'), 12.5), None)
    """
    if text == _END:
        return None
    parts = text.split() if isinstance(text, str) else []
    if len(parts) != 2 or len(parts[0]) != 2:
        raise PirateRulesError(f"not a moment: {text!r} (such as 'H. 1712345678901', or 'end')")
    taps = tuple(None if letter == "." else letter.upper() for letter in parts[0])
    if any(tap is not None and tap not in SUITS for tap in taps) or taps == (None, None):
        raise PirateRulesError(f"not a moment: {text!r} (a suit S H D C or '.' for each player)")
    try:
        at = float(parts[1])
    except ValueError:
        raise PirateRulesError(f"not a moment: {text!r} (its time must be a number)") from None
    return (taps[0], taps[1]), at


def _notation(taps: tuple[str | None, str | None], at: float) -> str:
    """A moment as kept: ``"H. 1712345678901"`` (its time in whole milliseconds)."""
    return "".join(tap or "." for tap in taps) + f" {round(at)}"


@dataclass
class _Score:
    """A game of Pirate at a table: the players, who is low (P2), and the moments."""

    players: tuple[str, str]
    low: int
    moves: list[str] = field(default_factory=list)
    ships: list[Ship] = field(default_factory=list)
    captured: tuple[list[Ship], list[Ship]] = field(default_factory=lambda: ([], []))
    sunk: list[Ship] = field(default_factory=list)
    settled: dict[str, float] = field(default_factory=dict)
    ended: bool = False
    log: list[JSON] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.ships = [Ship(suit, 1, self.low) for suit in SUITS]

    @property
    def audience(self) -> Audience:
        return Audience(self.players, (False, False))

    @property
    def score(self) -> tuple[int, int]:
        return len(self.captured[0]), len(self.captured[1])

    def outcome(self) -> Outcome | None:
        """P10, or P11 once the players said that nothing fits any more."""
        return outcome_by_ships(self.score, len(self.sunk), blocked=self.ended)

    def play(self, move: str) -> list[JSON]:
        """Settle one moment (or the end); return its lines for the log."""
        outcome = self.outcome()
        if outcome is not None:
            raise PirateRulesError(f"the game is over: {self.end_words(outcome)}")
        read = _read_moment(move)
        said = []
        if read is None:
            self.ended = True
        else:
            taps, at = read
            for suit in SUITS:
                placers = sum(1 << seat for seat in (0, 1) if taps[seat] == suit)
                if placers:
                    said.append(self.settle(suit, placers, at))
        outcome = self.outcome()
        if outcome is not None:
            rule = outcome.termination.value
            said.append(self.line(self.end_words(outcome), rule))
        self.moves.append(move)
        self.log += said
        return said

    def settle(self, suit: str, placers: int, at: float) -> JSON:
        """P7: the ship of ``suit`` completed by ``placers`` (a bit per player), at ``at``."""
        index = SUIT_INDEX[suit]
        ship = self.ships[index]
        name = f"the {SUIT_NAMES[suit]} ship"
        last = self.settled.get(suit)
        if last is not None and 0 <= at - last < LATE_MS:
            before = self.ships[index].number - 1
            return self.line(self.late(suit, before, placers, at - last), "P7")
        who = captor(placers)
        if who is None:
            self.sunk.append(ship)
            words = f"Both at once: {name} sank, and nobody gets it!"
        else:
            self.captured[who].append(ship)
            words = f"{self.audience.who(who)} captured {name}!"
        self.ships[index] = Ship(suit, ship.number + 1, self.low)  # P8
        self.settled[suit] = at
        return self.line(words, "P7")

    def late(self, suit: str, number: int, placers: int, ms: float) -> str:
        """A tap on a ship just settled: who was too late, and who got it."""
        ship = next(
            ship
            for ship in [*self.captured[0], *self.captured[1], *self.sunk]
            if ship.suit == suit and ship.number == number
        )
        late = [self.players[seat] for seat in (0, 1) if placers >> seat & 1]
        if ship in self.sunk:
            what = f"the {SUIT_NAMES[suit]} ship sank"
        else:
            owner = 0 if ship in self.captured[0] else 1
            what = f"{self.players[owner]} captured the {SUIT_NAMES[suit]} ship"
        return f"Too late, {' and '.join(late)}: {what} {ms / 1000:.1f} s before."

    def end_words(self, outcome: Outcome) -> str:
        return pirate_end_words(self.audience, outcome.winner, self.score)

    def line(self, family: str, rule: str) -> JSON:
        return {"n": len(self.log) + 1, "family": family, **rule_link(rule)}


def _find(game_id: str) -> _Score:
    score: _Score = find_session(game_id, GAME).options["score"]
    return score


def real_pirate_new(options: JSON | None = None) -> JSON:
    """Start scoring a game of Pirate at a table (or resume one from its moments).

    Args:
        options: ``players`` (two names), ``low`` (who cut lower, P2: 0 or 1), ``moves``
            (the moments so far, as kept).

    Raises:
        PirateRulesError: for an option out of range or a moment that cannot be read.

    Example:
        >>> view = real_pirate_new({"low": 1, "moves": ["S. 10", "end"]})
        >>> view["score"], view["outcome"]["text"], view["outcome"]["rule"]
        ([1, 0], 'Blue crew won the game, with 1 ship!', 'P11')
    """
    options = dict(options or {})
    low = options.get("low", 0)
    if low not in (0, 1) or isinstance(low, bool):
        raise PirateRulesError(f"the low player must be 0 or 1, not {low!r} (P2)")
    moves = options.get("moves") or []
    if not isinstance(moves, list) or len(moves) > MAX_MOMENTS:
        raise PirateRulesError(f"moves must be a list of at most {MAX_MOMENTS} moments")
    players = read_names(options.get("players"), ("Blue crew", "Red crew"))
    session = store(GAME, 0, None, [None, None], {"score": _build(players, low, moves)})
    return real_pirate_view(session.id)


def _build(players: tuple[str, str], low: int, moves: list[Any]) -> _Score:
    """The game at the table after ``moves``; raise naming the moment that cannot be read."""
    score = _Score(players, low)
    start = f"New game! {players[low]} cut lower: their first ships start from the Ace."
    score.log.append({"n": 0, "family": start, **rule_link("P2")})
    for number, move in enumerate(moves, 1):
        try:
            score.play(move)
        except PirateRulesError as exc:
            raise PirateRulesError(f"moment {number} of {len(moves)}: {exc}") from None
    return score


def real_pirate_moment(game_id: str, taps: list[Any], at: float) -> JSON:
    """Settle one moment: ``taps`` is the suit each player tapped (or None), ``at`` when
    the moment began (milliseconds, on the clock of ``Date.now()``). The view's ``said``
    holds its lines; after the end, a moment is refused (``refusal``).
    """
    score = _find(game_id)
    if not isinstance(taps, list) or len(taps) != 2:
        raise PirateRulesError("a moment has one tap (or None) for each player")
    pair = (taps[0] if taps[0] else None, taps[1] if taps[1] else None)
    if not isinstance(at, int | float):
        raise PirateRulesError(f"the moment's time must be a number, not {at!r}")
    try:
        said = score.play(_notation(pair, at))
    except PirateRulesError as exc:
        view = real_pirate_view(game_id)
        view["refusal"] = {"words": str(exc)[:1].upper() + str(exc)[1:] + "."}
        return view
    view = real_pirate_view(game_id)
    view["said"] = said
    return view


def real_pirate_end(game_id: str) -> JSON:
    """The players say that no card can be placed any more (P11): more ships win."""
    score = _find(game_id)
    said = score.play(_END)
    view = real_pirate_view(game_id)
    view["said"] = said
    return view


def real_pirate_undo(game_id: str) -> JSON:
    """Take back the last moment (a mistaken tap); ``undone`` says what it was.

    Example:
        >>> view = real_pirate_new({"moves": ["HC 5", "S. 6000"]})
        >>> back = real_pirate_undo(view["id"])
        >>> back["undone"], back["score"]
        ('Blue crew captured the spades ship!', [1, 1])
    """
    session = find_session(game_id, GAME)
    score: _Score = session.options["score"]
    if not score.moves:
        raise PirateRulesError("there is nothing to take back yet")
    before = _build(score.players, score.low, score.moves[:-1])
    undone = [line["family"] for line in score.log[len(before.log) :]]
    session.options["score"] = before
    view = real_pirate_view(game_id)
    view["undone"] = " ".join(undone)
    return view


def real_pirate_view(game_id: str) -> JSON:
    """Everything the page shows: each suit's ship and keels, the ships captured and
    sunk, the score, how many ships win (P10), the outcome, the log and the ``keep``."""
    score = _find(game_id)
    outcome = score.outcome()
    return {
        "id": game_id,
        "game": GAME,
        "players": list(score.players),
        "low": score.low,
        "suits": [
            {
                "suit": ship.suit,
                "symbol": _SYMBOLS[ship.suit],
                "name": SUIT_NAMES[ship.suit],
                "number": ship.number,
                "keels": [ship.keel(seat).rank for seat in (0, 1)],
            }
            for ship in score.ships
        ],
        "captured": [[_ship(ship) for ship in ships] for ships in score.captured],
        "sunk": [_ship(ship) for ship in score.sunk],
        "score": list(score.score),
        "to_win": 4 if score.sunk else 5,
        "outcome": None
        if outcome is None
        else {
            "winner": outcome.winner,
            "text": score.end_words(outcome),
            **rule_link(outcome.termination.value),
        },
        "said": [],
        "refusal": None,
        "log": score.log,
        "moments": len(score.moves),
        "can_undo": bool(score.moves),
        "keep": {"players": list(score.players), "low": score.low, "moves": list(score.moves)},
    }


def _ship(ship: Ship) -> JSON:
    return {"suit": ship.suit, "number": ship.number}
