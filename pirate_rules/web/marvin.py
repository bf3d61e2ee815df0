"""The Marvin's Pirates Go! play page's entry points: start, move, let a bot move, view."""

from __future__ import annotations

from typing import Any, Final

from pirate_rules.bots import Bot, bot_names, bot_seed, make_bot
from pirate_rules.errors import PirateRulesError
from pirate_rules.marvin import MarvinGame, card_effect
from pirate_rules.marvin.display import POSITION_NAMES, describe_move
from pirate_rules.web.sessions import (
    JSON,
    Session,
    card_json,
    find_session,
    read_names,
    read_seed,
    store,
)

__all__ = ["marvin_bot_move", "marvin_move", "marvin_new", "marvin_view"]


def marvin_new(options: JSON | None = None) -> JSON:
    """Start a game of Marvin's Pirates Go! and return its first view.

    Args:
        options: ``seed`` (blank for a random one); ``mode``: ``"computer"`` (you in
            seat 0 against the bot ``bot``), ``"two"`` (two players on one device) or
            ``"watch"`` (the bots ``bots[0]`` and ``bots[1]``); ``players`` (two names);
            ``jokers`` (0, 1 or 2).
    """
    options = dict(options or {})
    seed = read_seed(options.get("seed"))
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
    players = read_names(options.get("players"), default)
    bots: list[Bot[Any, Any] | None] = [
        None if name is None else make_bot("marvin", name, seed=bot_seed(seed, seat))
        for seat, name in enumerate(names)
    ]
    game = MarvinGame.from_seed(seed, jokers=jokers, players=players)
    session = store("marvin", seed, game, bots, {"mode": mode, "bots": names, "jokers": jokers})
    _marvin_new_lines(session)
    return marvin_view(session.id)


def marvin_move(game_id: str, notation: str) -> JSON:
    """Play the move ``notation`` (one of the view's ``legal``) for the human to move.

    Raises:
        IllegalMoveError: if the rules forbid it (the game is unchanged).
        PirateRulesError: if the player to move is the computer.
    """
    session = find_session(game_id, "marvin")
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
    session = find_session(game_id, "marvin")
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


def _marvin_new_lines(session: Session, said: list[JSON] | None = None) -> list[JSON]:
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


def _marvin_headline(session: Session) -> str:
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
    session = find_session(game_id, "marvin")
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
