"""JSON entry points for the play pages.

The browser runs this module in Python (Pyodide) inside a web worker. The page sends a
request naming one entry point of :data:`ENTRY_POINTS` with a JSON list of arguments,
and draws the JSON answer: a *view* holding everything it shows (both tables, the legal
choices with their labels, the log, the outcome). All rules stay in Python; the page
only draws views and sends back the notation of the choice the player clicked.

Games live in a small table of sessions keyed by game id, inside the worker's Python.

    >>> view = pirate_new({"seed": 7, "mode": "watch", "level": "expert"})
    >>> view["id"].startswith("pirate-"), view["moment"], view["seed"]
    (True, 0, 7)
    >>> view = pirate_tick(view["id"], "W")
    >>> view["moment"], [table["waste"] for table in view["tables"]]
    (1, [1, 1])

Every entry point is also reachable as JSON text through :func:`call_json`, which is all
the worker calls:

    >>> import json
    >>> json.loads(call_json("info", "[]"))["result"]["games"]
    ['marvin', 'pirate']
    >>> json.loads(call_json("pirate_tick", '["pirate-404", "T"]'))["error"]["kind"]
    'UnknownGame'
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from pirate_rules import __version__
from pirate_rules.bots import Bot, bot_names, bot_seed, make_bot
from pirate_rules.cards import SUIT_NAMES, SUITS, Card
from pirate_rules.errors import PirateRulesError
from pirate_rules.marvin import MarvinGame, card_effect
from pirate_rules.marvin import to_record as marvin_record
from pirate_rules.marvin.display import POSITION_NAMES, describe_move
from pirate_rules.pirate.actions import Action, parse_action
from pirate_rules.pirate.game import PirateGame
from pirate_rules.pirate.record import to_record as pirate_record
from pirate_rules.pirate.speed import speed_levels
from pirate_rules.pirate.table import describe_event, describe_outcome

__all__ = [
    "ENTRY_POINTS",
    "PIRATE_LEVELS",
    "UnknownGameError",
    "call_json",
    "forget",
    "info",
    "marvin_bot_move",
    "marvin_move",
    "marvin_new",
    "marvin_view",
    "pirate_new",
    "pirate_tick",
    "pirate_view",
    "record",
]

JSON = dict[str, Any]

MAX_SESSIONS: Final = 6
"""Games kept at once; starting another forgets the oldest."""

MAX_SEED: Final = 999_999
"""A seed left blank is drawn from 1 to this, short enough to read out and type."""

PIRATE_LEVELS: Final = tuple(
    {"id": name, "label": label, "reaction": reaction} for name, label, reaction in speed_levels()
)
"""The Pirate computer's speeds, slowest first: each a speed-level bot with its mean
reaction time in moments (see `pirate_rules.pirate.speed`)."""

DEFAULT_LEVEL: Final = "child"
"""The speed offered first: gentle enough for a small child to win."""

_ACTION_LABELS: Final = {
    Action.TURN: ("Turn a card", "T"),
    Action.PLAY: ("Play your card", "P"),
    Action.CLAIM: ("Claim the card", "C"),
}


class UnknownGameError(PirateRulesError):
    """A game id that is not (or no longer) in the session table."""


@dataclass
class _Session:
    """One game in progress: the game object, the bots in their seats, and the log."""

    id: str
    kind: str
    seed: int
    game: Any
    bots: list[Bot[Any, Any] | None]
    options: JSON
    log: list[JSON] = field(default_factory=list)
    seen_events: int = 0


_sessions: dict[str, _Session] = {}
_counter = {"next": 1}


def _store(
    kind: str, seed: int, game: Any, bots: list[Bot[Any, Any] | None], options: JSON
) -> _Session:
    session = _Session(f"{kind}-{_counter['next']}", kind, seed, game, bots, options)
    _counter["next"] += 1
    _sessions[session.id] = session
    while len(_sessions) > MAX_SESSIONS:
        del _sessions[next(iter(_sessions))]
    return session


def _session(game_id: str, kind: str | None = None) -> _Session:
    session = _sessions.get(game_id)
    if session is None or (kind is not None and session.kind != kind):
        raise UnknownGameError(f"no game {game_id!r} here (start a new game)")
    return session


def forget(game_id: str) -> bool:
    """Drop a game from the session table; returns whether it was there."""
    return _sessions.pop(game_id, None) is not None


def _seed(value: Any) -> int:
    if value is None or value == "":
        return random.randint(1, MAX_SEED)
    try:
        seed = int(value)
    except (TypeError, ValueError):
        raise PirateRulesError(f"the seed must be a whole number, not {value!r}") from None
    if seed < 0:
        raise PirateRulesError(f"the seed must be 0 or more, not {seed}")
    return seed


def _names(value: Any, default: tuple[str, str]) -> tuple[str, str]:
    if not isinstance(value, list) or len(value) != 2:
        return default
    names = [str(name).strip()[:24] or default[seat] for seat, name in enumerate(value)]
    if names[0] == names[1]:
        names[1] += " (2)"
    return names[0], names[1]


def card_json(card: Card | None) -> JSON | None:
    """A card as the page draws it: notation, rank letter, suit, colour and name.

    Example:
        >>> card_json(Card.parse("TH"))
        {'card': 'TH', 'rank': '10', 'suit': 'H', 'red': True, 'name': 'Ten of hearts'}
    """
    if card is None:
        return None
    if card.is_joker:
        return {"card": "JK", "rank": "", "suit": "", "red": False, "name": "Joker"}
    rank = "10" if card.rank == 10 else str(card)[0]
    return {
        "card": str(card),
        "rank": rank,
        "suit": card.suit,
        "red": card.suit in "HD",
        "name": card.name,
    }


def info() -> JSON:
    """What the pages offer: the engine's version, the bots of each game, Pirate's speeds.

    Example:
        >>> "fast" in info()["bots"]["pirate"]
        True
    """
    return {
        "version": __version__,
        "games": ["marvin", "pirate"],
        "bots": {game: bot_names(game) for game in ("marvin", "pirate")},
        "pirate_levels": list(PIRATE_LEVELS),
        "pirate_default_level": DEFAULT_LEVEL,
    }


# -- Pirate ------------------------------------------------------------------------------


def _pirate_bot(level_id: Any, seed: int) -> Bot[Any, Any]:
    if level_id not in {level["id"] for level in PIRATE_LEVELS}:
        known = ", ".join(str(level["id"]) for level in PIRATE_LEVELS)
        raise PirateRulesError(f"unknown speed {level_id!r} (choose from: {known})")
    return make_bot("pirate", str(level_id), seed=seed)  # type: ignore[no-any-return]


def pirate_new(options: JSON | None = None) -> JSON:
    """Start a game of Pirate and return its first view.

    Args:
        options: ``seed`` (blank for a random one), ``mode`` (``"computer"``: you in
            seat 0 against the computer; ``"watch"``: two computers), ``level`` (an id
            of :data:`PIRATE_LEVELS`; in ``"watch"`` mode both computers use it) and
            ``players`` (two names).
    """
    options = dict(options or {})
    seed = _seed(options.get("seed"))
    mode = options.get("mode", "computer")
    if mode not in ("computer", "watch"):
        raise PirateRulesError(f"unknown mode {mode!r} (choose from: computer, watch)")
    level = options.get("level", DEFAULT_LEVEL)
    default = ("Blue crew", "Computer") if mode == "computer" else ("Computer 1", "Computer 2")
    players = _names(options.get("players"), default)
    game = PirateGame.from_seed(seed, players=players)
    bots: list[Bot[Any, Any] | None] = [
        None if mode == "computer" else _pirate_bot(level, bot_seed(seed, 0)),
        _pirate_bot(level, bot_seed(seed, 1)),
    ]
    session = _store("pirate", seed, game, bots, {"mode": mode, "level": level})
    _pirate_new_events(session)
    return pirate_view(session.id)


def pirate_tick(game_id: str, action: str = "W") -> JSON:
    """Play one moment: the human's ``action`` letter (ignored when computers play both
    seats) beside the computer's choice, then return the new view.

    An action the rules refuse this moment (a play that does not fit, a claim too late)
    becomes a wait, and the view's ``refused`` says why, with the rule id.
    """
    session = _session(game_id, "pirate")
    game: PirateGame = session.game
    if game.is_terminal():
        return pirate_view(game_id)
    refused = None
    choices: list[Action] = []
    for seat, bot in enumerate(session.bots):
        if bot is not None:
            choices.append(bot.choose(game, seat))
            continue
        wanted = parse_action(action)
        try:
            game.check_action(seat, wanted)
        except PirateRulesError as exc:
            refused = {"message": str(exc), "rule": getattr(exc, "rule", None)}
            wanted = Action.WAIT
        choices.append(wanted)
    before = [game.waste_top(0), game.waste_top(1)]
    game.apply_moment(choices[0], choices[1])
    placed = []
    for seat in (0, 1):
        if choices[seat] is Action.PLAY and before[seat] is not None:
            placed.append({"seat": seat, "card": str(before[seat])})
    fresh = _pirate_new_events(session)
    view = pirate_view(game_id)
    view["last"] = {"actions": [str(a) for a in choices], "placed": placed, "events": fresh}
    view["refused"] = refused
    return view


def _pirate_new_events(session: _Session) -> list[JSON]:
    game: PirateGame = session.game
    fresh = []
    for event in game.events[session.seen_events :]:
        entry = {
            "kind": event.kind,
            "text": describe_event(game, event),
            "suit": event.suit,
            "player": event.player,
        }
        fresh.append(entry)
    session.seen_events = len(game.events)
    outcome = game.outcome()
    if outcome is not None and not any(e["kind"] == "end" for e in session.log):
        fresh.append(
            {
                "kind": "end",
                "text": f"Game over: {describe_outcome(game, outcome)}.",
                "suit": "",
                "player": outcome.winner,
            }
        )
    session.log.extend(fresh)
    return fresh


def _ship_json(game: PirateGame, suit: str) -> JSON:
    ship = game.ship(suit)
    slots: list[JSON | None] = [None] * 13
    for player in (0, 1):
        for placed in ship.halves[player]:
            slots[placed.card.rank - 1] = {
                "card": str(placed.card),
                "half": player,
                "owner": placed.owner,
            }
    return {
        "suit": suit,
        "name": SUIT_NAMES[suit],
        "number": ship.number,
        "slots": slots,
        "halves": [
            {
                "keel": str(ship.keel(player)),
                "direction": "up" if ship.steps[player] == 1 else "down",
                "cards": len(ship.halves[player]),
                "describe": ship.describe(player),
                "needs": _needs(ship, player),
            }
            for player in (0, 1)
        ],
    }


def _needs(ship: Any, player: int) -> str | None:
    rank = ship.needs[player]
    if not 1 <= rank <= 13 or ship.ranks >> rank & 1:
        return None
    return str(ship.next_card(player))


def pirate_view(game_id: str) -> JSON:
    """Everything the Pirate page draws for game ``game_id``."""
    session = _session(game_id, "pirate")
    game: PirateGame = session.game
    human = session.bots.index(None) if None in session.bots else None
    tables = []
    for seat in (0, 1):
        bot = session.bots[seat]
        tables.append(
            {
                "name": game.players[seat],
                "role": "low" if seat == game.low else "high",
                "stock": len(game.stock(seat)),
                "waste": len(game.waste(seat)),
                "top": card_json(game.waste_top(seat)),
                "fresh": game.is_fresh(seat),
                "observer": game.is_observer(seat),
                "captured": [
                    {"suit": ship.suit, "number": ship.number} for ship in game.captured[seat]
                ],
                "computer": bot is not None,
                "reason": bot.reason if bot is not None else "",
            }
        )
    legal = []
    if human is not None:
        for action in game.legal_actions(human):
            if action in _ACTION_LABELS:
                label, key = _ACTION_LABELS[action]
                legal.append({"action": str(action), "label": label, "key": key})
    outcome = game.outcome()
    return {
        "id": session.id,
        "game": "pirate",
        "seed": session.seed,
        "mode": session.options["mode"],
        "level": session.options["level"],
        "moment": game.moment,
        "human": human,
        "low": game.low,
        "players": list(game.players),
        "tables": tables,
        "ships": [_ship_json(game, suit) for suit in SUITS],
        "sunk": [{"suit": ship.suit, "number": ship.number} for ship in game.sunk],
        "score": list(game.score),
        "legal": legal,
        "log": session.log[-40:],
        "outcome": None
        if outcome is None
        else {
            "winner": outcome.winner,
            "rule": outcome.termination.value,
            "text": describe_outcome(game, outcome),
        },
        "text": str(game),
    }


# -- Marvin's Pirates Go! ---------------------------------------------------------------


def marvin_new(options: JSON | None = None) -> JSON:
    """Start a game of Marvin's Pirates Go! and return its first view.

    Args:
        options: ``seed`` (blank for a random one); ``mode``: ``"computer"`` (you in
            seat 0 against the bot ``bot``), ``"two"`` (two players on one device) or
            ``"watch"`` (the bots ``bots[0]`` and ``bots[1]``); ``players`` (two names);
            ``jokers`` (0, 1 or 2).
    """
    options = dict(options or {})
    seed = _seed(options.get("seed"))
    mode = options.get("mode", "computer")
    known = bot_names("marvin")
    default_bot = known[0] if known else "random"
    if mode == "computer":
        names: list[str | None] = [None, str(options.get("bot") or default_bot)]
        default = ("Blue crew", "Computer")
    elif mode == "two":
        names = [None, None]
        default = ("Blue crew", "Red crew")
    elif mode == "watch":
        chosen = options.get("bots") or [default_bot, default_bot]
        if not isinstance(chosen, list) or len(chosen) != 2:
            raise PirateRulesError("watching needs two bot names")
        names = [str(chosen[0]), str(chosen[1])]
        default = ("Computer 1", "Computer 2")
    else:
        raise PirateRulesError(f"unknown mode {mode!r} (choose from: computer, two, watch)")
    jokers = options.get("jokers", 2)
    players = _names(options.get("players"), default)
    bots: list[Bot[Any, Any] | None] = [
        None if name is None else make_bot("marvin", name, seed=bot_seed(seed, seat))
        for seat, name in enumerate(names)
    ]
    game = MarvinGame.from_seed(seed, jokers=jokers, players=players)
    session = _store("marvin", seed, game, bots, {"mode": mode, "bots": names, "jokers": jokers})
    _marvin_new_lines(session)
    return marvin_view(session.id)


def marvin_move(game_id: str, notation: str) -> JSON:
    """Play the move ``notation`` (one of the view's ``legal``) for the human to move.

    Raises:
        IllegalMoveError: if the rules forbid it (the game is unchanged).
        PirateRulesError: if the player to move is the computer.
    """
    session = _session(game_id, "marvin")
    game = session.game
    if game.is_game_over():
        raise PirateRulesError("the game is over")
    if session.bots[game.to_move] is not None:
        raise PirateRulesError("it is the computer's turn")
    game.push(notation)
    view = marvin_view(game_id)
    view["new"] = _marvin_new_lines(session)
    view["log"] = session.log[-60:]
    return view


def marvin_bot_move(game_id: str) -> JSON:
    """Let the computer to move make one choice; its reason joins the log."""
    session = _session(game_id, "marvin")
    game = session.game
    if game.is_game_over():
        raise PirateRulesError("the game is over")
    player = game.to_move
    bot = session.bots[player]
    if bot is None:
        raise PirateRulesError("it is not the computer's turn")
    move = bot.choose(game, player)
    said = [{"kind": "reason", "text": f"{game.players[player]}: {bot.reason}", "player": player}]
    game.push(move)
    new = _marvin_new_lines(session, said if bot.reason else [])
    view = marvin_view(game_id)
    view["new"] = new
    view["log"] = session.log[-60:]
    return view


def _marvin_new_lines(session: _Session, said: list[JSON] | None = None) -> list[JSON]:
    """Move the game's new log sentences (after what a bot ``said``) into the session log."""
    lines = session.game.log
    fresh = list(said or []) + [
        {"kind": "event", "text": text, "player": None} for text in lines[session.seen_events :]
    ]
    session.seen_events = len(lines)
    session.log.extend(fresh)
    return fresh


def _marvin_choice(game: Any, move: Any) -> JSON:
    """One legal move as the page offers it: notation, words, and what it points at."""
    player = game.to_move
    kind = move.kind
    marks: list[str] = []
    element: str | None = None
    if kind == "draw":
        element = "draw-pile"
    elif kind == "ship":
        marks = [f"p{player}-{move.position}", f"p{player}-{move.to}"]
    elif kind in ("cave", "fort"):
        element = f"p{player}-{move.position}"
    elif kind == "target":
        owner = player if card_effect(game.drawn) == "shield" else 1 - player
        element = f"p{owner}-{move.position}"
    else:
        element = f"prize-{move.prize}"
    return {
        "move": str(move),
        "kind": kind,
        "label": describe_move(game, move),
        "element": element,
        "marks": marks or ([element] if element else []),
    }


_ASK: Final = {
    "hit": "hit one of {other}'s pirates (1 hit)",
    "slash": "slash one of {other}'s pirates (2 hits)",
    "kill": "knock out one of {other}'s pirates at once",
    "shield": "give one of your pirates a shield",
    "take": "take a prize",
}


def _marvin_headline(session: _Session) -> str:
    """One friendly sentence: whose turn it is and what to do, or who won."""
    game = session.game
    outcome = game.outcome()
    if outcome is not None:
        return f"{game.players[outcome.winner]} wins the game!"
    player = game.to_move
    name, other = game.players[player], game.players[1 - player]
    if session.bots[player] is not None:
        return f"{name} is playing…"
    if game.drawn is None:
        return f"{name}, your turn: use a prize, or draw a card."
    ask = _ASK[card_effect(game.drawn)].format(other=other)
    return f"{name}, you drew the {game.drawn.name}: {ask}."


def marvin_view(game_id: str) -> JSON:
    """Everything the Marvin page draws for game ``game_id``."""
    session = _session(game_id, "marvin")
    game = session.game
    over = game.is_game_over()
    player = game.to_move
    choices = [_marvin_choice(game, move) for move in game.legal_moves]
    # A pirate or prize is clickable only when exactly one choice points at it.
    pointed: dict[str, int] = {}
    for choice in choices:
        if choice["element"]:
            pointed[choice["element"]] = pointed.get(choice["element"], 0) + 1
    for choice in choices:
        if choice["element"] and pointed[choice["element"]] > 1:
            choice["element"] = None
    targetable = set()
    if game.drawn is not None and card_effect(game.drawn) in ("hit", "kill", "slash"):
        targetable = set(game.sides[1 - player].targetable())
    sides = []
    for seat in (0, 1):
        side = game.sides[seat]
        pirates = []
        for position in ("GL", "GR", "CL", "CR"):
            pirate = side[position]
            pirates.append(
                {
                    "position": position,
                    "name": POSITION_NAMES[position],
                    "hp": pirate.hit_points if pirate else 0,
                    "shield": bool(pirate and pirate.shield),
                    "hidden": bool(pirate and pirate.hidden),
                    "fainted": pirate is None,
                    "targetable": seat != player and position in targetable,
                }
            )
        bot = session.bots[seat]
        sides.append(
            {
                "name": game.players[seat],
                "computer": bot is not None,
                "bot": bot.name if bot is not None else None,
                "prizes": list(game.prizes(seat)),
                "pirates": pirates,
                "left": side.pirates_left,
            }
        )
    drawn = game.drawn
    discard = game.discard_pile
    outcome = game.outcome()
    return {
        "id": session.id,
        "game": "marvin",
        "seed": session.seed,
        "mode": session.options["mode"],
        "turn": game.turn + (0 if over else 1),
        "to_move": None if over else player,
        "computer_to_move": (not over) and session.bots[player] is not None,
        "phase": game.phase,
        "headline": _marvin_headline(session),
        "sides": sides,
        "bank": list(game.bank),
        "draw_pile": len(game.draw_pile),
        "discard_pile": len(discard),
        "discard_top": card_json(discard[-1]) if discard else None,
        "drawn": None
        if drawn is None
        else {**(card_json(drawn) or {}), "effect": card_effect(drawn)},
        "legal": [] if over else choices,
        "log": session.log[-60:],
        "new": [],
        "outcome": None
        if outcome is None
        else {
            "winner": outcome.winner,
            "text": f"all of {game.players[1 - outcome.winner]}'s pirates fainted",
        },
        "text": str(game),
    }


# -- both games --------------------------------------------------------------------------


def record(game_id: str) -> JSON:
    """The game record (format 1) of game ``game_id`` and a file name for it."""
    session = _session(game_id)
    write = marvin_record if session.kind == "marvin" else pirate_record
    data = write(session.game)
    return {"filename": f"{session.kind}-{session.seed}.json", "record": data}


_TABLE: Final[dict[str, Callable[..., Any]]] = {
    "info": info,
    "marvin_new": marvin_new,
    "marvin_view": marvin_view,
    "marvin_move": marvin_move,
    "marvin_bot_move": marvin_bot_move,
    "pirate_new": pirate_new,
    "pirate_tick": pirate_tick,
    "pirate_view": pirate_view,
    "record": record,
    "forget": forget,
}

ENTRY_POINTS: Final = tuple(_TABLE)
"""The names a page may call through :func:`call_json`."""


def call_json(name: str, args_json: str) -> str:
    """Call entry point ``name`` with the JSON list ``args_json``; answer in JSON text.

    The answer is ``{"result": ...}`` or ``{"error": {"kind": ..., "message": ...}}``;
    this function never raises.
    """
    function = _TABLE.get(name)
    if function is None:
        return _error("UnknownCall", f"unknown request {name!r}")
    try:
        args = json.loads(args_json)
    except ValueError as exc:
        return _error("BadRequest", f"arguments are not JSON: {exc}")
    if not isinstance(args, list):
        return _error("BadRequest", "arguments must be a JSON list")
    try:
        return json.dumps({"result": function(*args)}, separators=(",", ":"))
    except UnknownGameError as exc:
        return _error("UnknownGame", str(exc))
    except Exception as exc:  # every failure goes back to the page as data
        return _error(type(exc).__name__, str(exc))


def _error(kind: str, message: str) -> str:
    return json.dumps({"error": {"kind": kind, "message": message}})
