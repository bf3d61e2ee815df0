"""The Pirate play page's entry points: start a game, advance it a moment, view it."""

from __future__ import annotations

from typing import Any, Final

from pirate_rules.bots import Bot, bot_seed, make_bot
from pirate_rules.cards import SUIT_NAMES, SUITS
from pirate_rules.errors import PirateRulesError
from pirate_rules.pirate.actions import Action, parse_action
from pirate_rules.pirate.game import PirateGame
from pirate_rules.pirate.speed import speed_levels
from pirate_rules.pirate.table import describe_event, describe_outcome
from pirate_rules.web.sessions import (
    JSON,
    Session,
    card_json,
    find_session,
    read_names,
    read_seed,
    store,
)

__all__ = ["DEFAULT_LEVEL", "PIRATE_LEVELS", "pirate_new", "pirate_tick", "pirate_view"]

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
    seed = read_seed(options.get("seed"))
    mode = options.get("mode", "computer")
    if mode not in ("computer", "watch"):
        raise PirateRulesError(f"unknown mode {mode!r} (choose from: computer, watch)")
    level = options.get("level", DEFAULT_LEVEL)
    default = ("Blue crew", "Computer") if mode == "computer" else ("Computer 1", "Computer 2")
    players = read_names(options.get("players"), default)
    game = PirateGame.from_seed(seed, players=players)
    bots: list[Bot[Any, Any] | None] = [
        None if mode == "computer" else _pirate_bot(level, bot_seed(seed, 0)),
        _pirate_bot(level, bot_seed(seed, 1)),
    ]
    session = store("pirate", seed, game, bots, {"mode": mode, "level": level})
    _pirate_new_events(session)
    return pirate_view(session.id)


def pirate_tick(game_id: str, action: str = "W") -> JSON:
    """Play one moment: the human's ``action`` letter (ignored when computers play both
    seats) beside the computer's choice, then return the new view.

    An action the rules refuse this moment (a play that does not fit, a claim too late)
    becomes a wait, and the view's ``refused`` says why, with the rule id.
    """
    session = find_session(game_id, "pirate")
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


def _pirate_new_events(session: Session) -> list[JSON]:
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
    session = find_session(game_id, "pirate")
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
