"""The record viewer's entry points: open a game record, then step through it.

`viewer_open` reads a record of either game with the engine's own reader and replays
it with the engine's own replay, so a record that breaks a rule gets exactly the line
``pirate-rules replay`` prints (without its ``pirate-rules: error:`` prefix). The
viewer can then show every step up to the move that failed: a step is a turn of
*Marvin's Pirates Go!* or a moment of *Pirate*, and step 0 is the game as dealt.

    >>> from pirate_rules.marvin import MarvinGame, to_record
    >>> import json
    >>> game = MarvinGame.stacked("9C 8H", players=("Marvin", "Mum"))
    >>> game.play("GL", "GR")
    >>> record = to_record(game)
    >>> record["turns"][1]["target"] = "CL"
    >>> opened = viewer_open(json.dumps(record))
    >>> opened["error"]["message"]
    'turn 2: target CL is not targetable: the guard in front of it is still standing (M16)'
    >>> opened["error"]["rule"], opened["error"]["href"]
    ('M16', 'rules/marvin/#M16')
    >>> opened["steps"], opened["error"]["step"]
    (1, 2)
    >>> step = viewer_step(opened["id"], 1)
    >>> [(line["rule"], line["text"]) for line in step["words"]]
    [('M13', "Turn 1: Marvin draws 9C and slashes Mum's GL (2 hits): GL 4 -> 2 HP")]
    >>> step["view"]["table"]["sides"][1]["pirates"][0]["hp"]
    2
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pirate_rules.errors import PirateRulesError, ReplayError
from pirate_rules.marvin.game import MarvinGame
from pirate_rules.marvin.record import _DrawChecker, _read_turn, _replay_turn
from pirate_rules.pirate.game import PirateGame
from pirate_rules.pirate.table import describe_event, describe_outcome
from pirate_rules.records import MARVIN, load_record, replay
from pirate_rules.web.marvin import marvin_view
from pirate_rules.web.marvin_table import event_line
from pirate_rules.web.pirate import pirate_view
from pirate_rules.web.sessions import JSON, find_session, rule_link, store

__all__ = ["viewer_open", "viewer_step"]

_KIND = {MARVIN: "marvin", "pirate": "pirate"}


@dataclass
class _Replay:
    """One open record: its data, how many steps replay, and the game at one step."""

    data: dict[str, Any]
    kind: str
    steps: int
    at: int
    game: Any
    checker: Any = None


_open: dict[str, _Replay] = {}


def viewer_open(text: str) -> JSON:
    """Read and replay the record ``text`` (JSON); answer with step 0 of it.

    The answer holds ``id`` (for `viewer_step`), ``game`` (``"marvin"`` or
    ``"pirate"``), ``steps`` (how many steps replay), ``total`` (how many the record
    holds) and ``error``: ``None``, or the replay's message and the ``step`` it names
    (``None`` when the record cannot be read at all; then ``id`` is ``None`` too).

    Example:
        >>> viewer_open('{"game": "chess"}')["error"]["message"]
        "unknown game 'chess' (expected 'marvins-pirates-go' or 'pirate')"
    """
    try:
        data = load_record(text)
    except PirateRulesError as exc:
        return {"id": None, "game": None, "steps": 0, "total": 0, "error": _error(exc, None)}
    kind = _KIND[data["game"]]
    moves = data.get("turns" if kind == "marvin" else "moments")
    total = len(moves) if isinstance(moves, list) else 0
    error = None
    try:
        replay(data)
    except PirateRulesError as exc:
        error = exc
    try:
        opened = _start(data, kind)
    except PirateRulesError:
        return {"id": None, "game": kind, "steps": 0, "total": total, "error": _error(error, None)}
    while opened.at < total and _forward(opened):
        pass
    opened.steps = opened.at
    failed = None
    if error is not None:
        failed = opened.steps + 1 if opened.steps < total else None
    settings = {
        "mode": "watch",
        "level": "",
        "bots": [None, None],
        "players": list(opened.game.players),
        "jokers": getattr(opened.game, "jokers", 0),
    }
    session = store(kind, 0, opened.game, [None, None], settings)
    _open[session.id] = opened
    for stale in [key for key in _open if key != session.id and not _exists(key)]:
        del _open[stale]
    answer = viewer_step(session.id, 0)
    answer.update(total=total, error=_error(error, failed))
    return answer


def _exists(session_id: str) -> bool:
    try:
        find_session(session_id)
    except PirateRulesError:
        return False
    return True


def _error(error: Exception | None, step: int | None) -> JSON | None:
    """The replay's error for the page: ``message`` is the command line's line; ``words``
    is the same without the rule id at its end, which the page shows as a link.

    Example:
        >>> from pirate_rules.errors import IllegalMoveError
        >>> _error(IllegalMoveError("the guard is still standing", rule="M16"), 2)["words"]
        'the guard is still standing'
    """
    if error is None:
        return None
    rule = getattr(error, "rule", None)
    message = str(error)
    words = message.removesuffix(f" ({rule})") if rule else message
    return {"message": message, "words": words, "step": step, **(rule_link(rule) if rule else {})}


def viewer_step(viewer_id: str, step: int) -> JSON:
    """The table at ``step`` (0 to ``steps``) of an opened record, and what that step did.

    Example:
        >>> import json
        >>> from pirate_rules.pirate.record import to_record
        >>> from pirate_rules.pirate.bots import play_game
        >>> opened = viewer_open(json.dumps(to_record(play_game(("fast", "slow"), seed=3))))
        >>> step = viewer_step(opened["id"], 4)
        >>> step["unit"], step["view"]["moment"]
        ('moment', 4)
        >>> for line in step["words"]:
        ...     print(line["rule"], line["text"])
        P5 moment 4: Player 1 turns ... over
        P6 moment 4: Player 2 plays ...
    """
    opened = _open.get(viewer_id)
    if opened is None:
        find_session(viewer_id)  # raises UnknownGameError with the usual words
        raise PirateRulesError(f"{viewer_id!r} is not an open record")
    if not isinstance(step, int) or not 0 <= step <= opened.steps:
        raise PirateRulesError(f"step must be from 0 to {opened.steps}, not {step!r}")
    if step < opened.at:
        fresh = _start(opened.data, opened.kind)
        opened.game, opened.checker, opened.at = fresh.game, fresh.checker, 0
    words: list[JSON] = []
    while opened.at < step:
        words = _forward(opened) or []
    if step == 0:
        words = _start_words(opened)
    from pirate_rules.cli import replay_summary  # the words of `pirate-rules replay --json`

    session = find_session(viewer_id)
    session.game = opened.game
    view = marvin_view(viewer_id) if opened.kind == "marvin" else pirate_view(viewer_id)
    return {
        "id": viewer_id,
        "game": opened.kind,
        "players": list(opened.game.players),
        "step": step,
        "steps": opened.steps,
        "unit": "turn" if opened.kind == "marvin" else "moment",
        "words": words,
        "summary": replay_summary(opened.data["game"], opened.game),
        "view": view,
    }


def _start(data: dict[str, Any], kind: str) -> _Replay:
    """The game as dealt, read by the engine's own reader (the record with no moves)."""
    if kind == "pirate":
        empty = {key: value for key, value in data.items() if key != "result"}
        return _Replay(data, kind, 0, 0, replay({**empty, "moments": []}))
    empty = {key: value for key, value in data.items() if key != "result"}
    dealt: MarvinGame = replay({**empty, "turns": []})
    checker = _DrawChecker()
    game = MarvinGame._replaying(
        list(dealt.deck), dealt.first, dealt.players, dealt.jokers, checker
    )
    return _Replay(data, kind, 0, 0, game, checker)


def _forward(opened: _Replay) -> list[JSON] | None:
    """Play the next step; its words, or None (and nothing played) if it fails."""
    number = opened.at + 1
    try:
        if opened.kind == "marvin":
            words = _marvin_turn(opened, number)
        else:
            words = _pirate_moment(opened.game, opened.data["moments"][number - 1])
    except PirateRulesError:
        return None
    opened.at = number
    return words


def _marvin_turn(opened: _Replay, number: int) -> list[JSON]:
    game: MarvinGame = opened.game
    entries = opened.data["turns"]
    turn = _read_turn(entries[number - 1], number)
    seen = len(game._events)
    try:
        _replay_turn(game, turn, number, opened.checker, last=number == len(entries))
    except PirateRulesError as exc:
        raise ReplayError(f"turn {number}", exc) from None
    return [event_line(game, event) for event in game._events[seen:]]


_ACTIONS = {"T": ("turns a card over", "P5"), "W": ("waits", "P4"), "C": ("claims", "P9")}
_EVENT_RULES = {"restock": "P5", "claim": "P9", "clash": "P9", "capture": "P7", "sink": "P7"}


def _pirate_moment(game: PirateGame, moment: Any) -> list[JSON]:
    """Apply one moment and tell what each player did, then what came of it."""
    if not isinstance(moment, str):
        raise PirateRulesError(f"a moment is two letters, not {moment!r}")
    tops = [game.waste_top(0), game.waste_top(1)]
    seen = len(game.events)
    game.apply_moment(moment)
    number = game.moment
    words = []
    for seat, letter in enumerate(moment.upper()):
        name = game.players[seat]
        if letter == "P":
            text, rule = f"{name} plays {tops[seat]}", "P6"
        elif letter == "T" and game.waste_top(seat) is not None and game.is_fresh(seat):
            text, rule = f"{name} turns {game.waste_top(seat)} over", "P5"
        else:
            text, rule = f"{name} {_ACTIONS[letter][0]}", _ACTIONS[letter][1]
        words.append({"text": f"moment {number}: {text}", **rule_link(rule)})
    for event in game.events[seen:]:
        words.append({"text": describe_event(game, event), **rule_link(_EVENT_RULES[event.kind])})
    outcome = game.outcome()
    if outcome is not None:
        text = f"Game over: {describe_outcome(game, outcome)}."
        words.append({"text": text, **rule_link(outcome.termination.value)})
    return words


def _start_words(opened: _Replay) -> list[JSON]:
    game = opened.game
    if opened.kind == "pirate":
        low, high = game.players[game.low], game.players[1 - game.low]
        text = f"The cards are dealt; {low} is the low player and {high} the high player."
        return [{"text": text, **rule_link("P2")}]
    first = game.players[game.first]
    return [{"text": f"The cards are dealt; {first} plays first.", **rule_link("M4")}]
